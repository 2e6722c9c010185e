// A host call is data, once. Each public function that changes the world builds one value of a
// `HostCall` type and hands it to `World.submit`, the one choke point every call passes: the
// recorder writes it there, the replayer decodes the same type from its line and submits it
// again, and its `perform` validates it and stages its command. A call type declares, beside
// its validation and staging, its trace spelling: its verb, and the keys it writes and reads.
//
// So a new call is four places: its public function (`try submit(SetFoo(view: view))`), its call
// type, its staged command's case and apply arm (in its feature's folder, often the same file),
// and one line that registers the call type (`CoreCalls.all` or its feature's `register(in:)`),
// which is how the trace decoder finds it by its verb.

/// One host call: its arguments as stored properties, what it does, and how a trace spells it.
protocol HostCall: SendableMetatype {
    /// What the call returns to the host.
    associatedtype Output
    /// The word that names the call in a trace line; unique among the registered calls.
    static var verb: String { get }
    /// Whether an accepted call may carry a NaN (a frame time, a tap point, a configuration a
    /// call may not read); a NaN anywhere else means the trace was edited or is corrupt.
    static var acceptsNaN: Bool { get }
    /// Whether the call makes an entity the trace names by spawn order (`-> eN`); its output
    /// is that entity.
    static var spawns: Bool { get }
    /// Writes the call's keys (the recorder has written `@TICK` and the verb).
    func write(to trace: inout TraceWriter)
    /// Reads the call's keys back, in the order `write` writes them.
    init(reading trace: inout TraceDecoder) throws(TraceError)
    /// Validates the call and stages it (or, for calls that answer at once, makes it): a
    /// refusal leaves the world unchanged.
    func perform(on world: World) throws(PortalError) -> Output
}

/// A call that makes an entity the trace names by spawn order.
protocol SpawningCall: HostCall where Output == Entity {}

extension HostCall {
    static var acceptsNaN: Bool { false }
    static var spawns: Bool { false }
}

extension SpawningCall {
    static var spawns: Bool { true }
}

/// A call with no arguments: its line is its verb alone.
protocol KeylessCall: HostCall {
    init()
}

extension KeylessCall {
    func write(to trace: inout TraceWriter) {}
    init(reading trace: inout TraceDecoder) throws(TraceError) { self.init() }
}

extension World {
    /// Makes a host call: the one path every call takes, so recording sees them all. While a
    /// recorder is idle the call goes through it (it writes the call's line around `perform`);
    /// otherwise — not recording, or a call made by another call or by a system — it is just
    /// performed.
    @inline(__always)
    func submit<C: HostCall>(_ call: C) throws(PortalError) -> C.Output {
        if let recorder, recorder.isIdle { return try recorder.record(call, self) }
        return try call.perform(on: self)
    }

    /// `submit` for an opened call from a trace: returns the entity it made when it spawns.
    func submitSpawning<C: HostCall>(_ call: C) throws(PortalError) -> Entity? {
        let output = try submit(call)
        return C.spawns ? output as? Entity : nil
    }
}

/// The calls of the core (entities, time, views, the tree); each feature registers its own in
/// its `register(in:)`.
enum CoreCalls {
    static let all: [any HostCall.Type] = [
        SpawnCall.self, DespawnCall.self, AdvanceCall.self, TickCall.self, SetReduceMotion.self,
        SpawnViewCall.self, UpdateCall.self, AnimateCall.self, SetZIndex.self, SetAllowsHitTesting.self,
        SetHidden.self, SetCornerStyle.self, SetFramesCall.self,
        SetParentCall.self, SetContentOffset.self, SetClipsToBounds.self,
    ]
}

/// Every call type a trace can name, by verb: the core's and the features'.
enum HostCallTable {
    static let byVerb: [String: any HostCall.Type] = {
        var table: [String: any HostCall.Type] = [:]
        for type in CoreCalls.all + FeatureRegistry.builtIn().calls { table[type.verb] = type }
        return table
    }()
}
