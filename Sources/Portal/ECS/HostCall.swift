// A host call is data, once. Each public function that changes the world builds one value of a
// `HostCall` type and hands it to `World.submit`, the one choke point every call passes: the
// recorder writes it there, the replayer decodes the same type from its line and submits it
// again, and its `perform` validates it and stages its command. A call type declares, beside
// its validation and staging, its trace spelling: its verb, and the keys it writes and reads.
//
// So a new call is four places: its public function (`try submit(SetFoo(view: view))`), its call
// type, its staged command's case and apply arm (in its feature's folder, often the same file),
// and one line that registers the call type (`CoreCalls.all` or its feature's `register(in:)`,
// as `.of(SetFoo.self)`), which is how the trace decoder finds it by its verb.
//
// The decoder's table holds no call types: each registered type becomes a `CallEntry`, its verb
// and flags and a closure that reads a line into a `DecodedCall` (a closure that submits it).
// So the table is functions, not metatypes, and the same code builds in Embedded Swift, which
// has no existential metatypes (`any HostCall.Type`) and cannot open an `any HostCall`.

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
    /// The entity the call made, for a call that ``spawns`` (its output); `nil` for any other.
    static func spawned(by output: Output) -> Entity?
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
    static func spawned(by output: Output) -> Entity? { nil }
}

extension SpawningCall {
    static var spawns: Bool { true }
    static func spawned(by output: Entity) -> Entity? { output }
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
    @_transparent
    func submit<C: HostCall>(_ call: C) throws(PortalError) -> C.Output {
        if let recorder, recorder.isIdle {
            #if arch(wasm32)
            return try recorder.record(call, self)
            #else
            // Natively the recorder takes a copy made here, in the branch: passed `call` itself,
            // the optimiser stored the call's fields for it before the branch, on every call
            // (in the WebAssembly module the copy would be 6 KB of code, and a store is cheap).
            var recorded = call
            return try recorder.record(&recorded, self)
            #endif
        }
        return try call.perform(on: self)
    }

    /// `submit` for a call read from a trace: returns the entity it made when it spawns.
    func submitSpawning<C: HostCall>(_ call: C) throws(PortalError) -> Entity? {
        C.spawned(by: try submit(call))
    }
}

/// A registered call type as the trace decoder sees it: its verb and flags, and how to read a
/// line of it into a call ready to submit.
struct CallEntry: Sendable {
    /// ``HostCall/verb``.
    let verb: String
    /// ``HostCall/acceptsNaN``.
    let acceptsNaN: Bool
    /// ``HostCall/spawns``.
    let spawns: Bool
    /// Reads the call's keys (``HostCall/init(reading:)``).
    let read: @Sendable (inout TraceDecoder) throws(TraceError) -> DecodedCall

    /// The entry of call type `type`.
    static func of<C: HostCall>(_ type: C.Type) -> CallEntry {
        CallEntry(verb: C.verb, acceptsNaN: C.acceptsNaN, spawns: C.spawns) { decoder throws(TraceError) in
            let call = try C(reading: &decoder)
            return DecodedCall { world throws(PortalError) in try world.submitSpawning(call) }
        }
    }
}

/// A call read from a trace, ready to submit: submitting returns the entity it made, if it spawns.
struct DecodedCall {
    /// Submits the call to `world` (``World/submit(_:)``).
    let submit: (World) throws(PortalError) -> Entity?
}

/// The calls of the core (entities, time, views, the tree); each feature registers its own in
/// its `register(in:)`.
enum CoreCalls {
    static let all: [CallEntry] = [
        .of(SpawnCall.self), .of(DespawnCall.self), .of(AdvanceCall.self), .of(TickCall.self), .of(SetReduceMotion.self),
        .of(SpawnViewCall.self), .of(UpdateCall.self), .of(AnimateCall.self), .of(SetZIndex.self), .of(SetAllowsHitTesting.self),
        .of(SetHidden.self), .of(SetCornerStyle.self), .of(SetFramesCall.self),
        .of(SetParentCall.self), .of(SetContentOffset.self), .of(SetClipsToBounds.self),
    ]
}

/// Every call type a trace can name, by verb: the core's and the features'.
enum HostCallTable {
    /// The core's entries, then the features'.
    static let all: [CallEntry] = CoreCalls.all + FeatureRegistry.builtIn().calls

    /// The entry of `verb` (the last one registered under it, as a table built in order would
    /// keep), or `nil`. A search of the few dozen entries, not a dictionary: a trace line looks
    /// its verb up once, and a `[String: CallEntry]` was 3 KB of the WebAssembly module.
    @inline(never)
    static func entry(_ verb: String) -> CallEntry? { all.last { $0.verb == verb } }
}
