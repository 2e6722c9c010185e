// Features are plugins. Each feature folder (Portals/, Navigation/, Headers/, Popups/, Input/'s
// pointers and scroll views) has one type whose `register(in:)` adds everything the world needs
// from it: its systems, each at a named point of the tick; its removal hook; its host call
// types (as `CallEntry` values, which the trace decoder finds by verb); and its answers to the
// questions the world asks every feature — may this view be despawned or reparented, does the
// feature take this tap, is it idle, are its tables sound. The world runs the points and asks
// the lists; it never names a feature. A feature is known by its name (a token: Embedded Swift
// has no identity for a metatype), and the tick's table (`TickSchedule` in `Schedule.swift`)
// names it where the order of features' work matters: the order of the systems at each point,
// and pan priority. See ARCHITECTURE.md, "Adding a feature", for every place a new feature touches.
//
// Registration happens once, as the world is created (as Bevy's plugins add their systems to
// schedules when the app is built); its order decides nothing, the table does. A feature with
// nothing to do pays only the guard at the top of its systems. Removal hooks are the exception:
// a feature's hook is registered here but joins the removal path only the first time the
// feature is used (`World.activateRemoval(of:)`), so a world with no popups runs no popup hook
// on each removal, and the hooks run in the order the features were first used, as they always
// have.
//
// The features' stores stay stored properties of `World`: the tick's hot loops reach them
// directly, with no lookup or cast. The registry itself is a constant of the world, so reading
// it costs no exclusivity check.

/// A part of Portal that takes part in the tick: a folder with one registration function.
///
/// A feature is known by its ``name`` (a token, not its type: Embedded Swift has no identity
/// for a metatype), unique among the registered features.
protocol Feature {
    /// The feature's name, unique among the registered features: what its systems, hooks and pan
    /// handler are registered under.
    static var name: String { get }
    /// Adds the feature's systems, removal hook and answers to `features`; called once, as the
    /// world is created.
    static func register(in features: inout FeatureRegistry)
}

extension FeatureRegistry {
    /// Portal's features (the order of their work is `TickSchedule`'s, not this list's).
    static func builtIn() -> FeatureRegistry {
        var features = FeatureRegistry()
        features.register(PointerFeature.self)
        features.register(ScrollViewFeature.self)
        features.register(PortalFeature.self)
        features.register(NavigationFeature.self)
        features.register(FlowingHeaderFeature.self)
        features.register(PopupFeature.self)
        return features
    }
}

/// The points of a tick where features run their systems, in the order they come. Each lies
/// inside one ``TickStage``, after that stage's core work and before its user systems.
enum FeaturePoint: Int, CaseIterable {
    /// In ``TickStage/matching``, after the staged calls applied: pairing things up and
    /// starting their animations.
    case matching
    /// In ``TickStage/finish``, after the tracks finished: completions that read them.
    case finish
    /// In ``TickStage/output``, after the write-back and before the draw order: placing views
    /// from this tick's presented values.
    case placement
    /// Right after ``placement``: following what the placements moved.
    case follow
}

/// A feature's system: run once per tick at its point.
struct FeatureSystem {
    /// The feature that registered it (its ``Feature/name``).
    let feature: String
    /// The phase the benchmarks' probe reports as the system begins, if it begins one.
    let phase: TickPhase?
    let run: (World, _ tick: UInt64) -> Void
}

/// Everything the features registered, as the world asks for it.
struct FeatureRegistry {
    /// The feature whose `register(in:)` is running.
    private var registering: String?
    /// The systems of each point (indexed by ``FeaturePoint``), in `TickSchedule.systemOrder`.
    private(set) var systems: [[FeatureSystem]] = Array(repeating: [], count: FeaturePoint.allCases.count)
    /// Each feature's removal hook, waiting for the feature's first use.
    private(set) var removalHooks: [RemovalHook] = []
    /// Refusals of a despawn: `(world, view, root)` throws if `view`, despawned as part of
    /// `root`'s subtree (or as `root` itself), may not go.
    private(set) var despawnChecks: [(World, _ view: Entity, _ root: Entity) throws(PortalError) -> Void] = []
    /// Refusals of a reparent: throws if the feature places the view itself.
    private(set) var reparentChecks: [(World, _ view: Entity) throws(PortalError) -> Void] = []
    /// Hit-test takers: given the point and the view hit, the result the feature gives instead,
    /// or `nil` to leave it.
    private(set) var hitTakers: [(World, Point, HitTestResult?) -> HitTestResult?] = []
    /// The features that take pans (scroll views, stacks), in `TickSchedule.panOrder`; see `Input/Pan.swift`.
    private(set) var panHandlers: [PanHandler] = []
    /// Whether the feature has nothing to do until a call gives it something.
    private(set) var idleChecks: [(World) -> Bool] = []
    /// The feature's structural checks (called only in builds that check invariants).
    private(set) var invariantChecks: [(World) -> Void] = []
    /// The host call types of every feature (`ECS/HostCall.swift`), which the trace decoder
    /// finds by verb.
    private(set) var calls: [CallEntry] = []
    /// The names of the registered features, in registration order.
    private(set) var names: [String] = []

    /// Lets `feature` register everything it has.
    mutating func register<F: Feature>(_ feature: F.Type) {
        precondition(!names.contains(F.name), "two features are named \(F.name)")
        names.append(F.name)
        registering = F.name
        F.register(in: &self)
        registering = nil
    }

    /// The feature registering now; adding anything outside `register(_:)` is a programming error.
    private var feature: String {
        guard let registering else { preconditionFailure("features register only through FeatureRegistry.register(_:)") }
        return registering
    }

    // The `add…` methods are not inlined: they run once per registry (a world's creation, a
    // replayer's), and inlined they were copied into every feature's `register(in:)`.

    /// Runs `run` every tick at `point`, in the feature's place in `TickSchedule.systemOrder`;
    /// the probe reports `phase` as it begins, if given.
    @inline(never)
    mutating func addSystem(_ point: FeaturePoint, phase: TickPhase? = nil, _ run: @escaping (World, _ tick: UInt64) -> Void) {
        let order = TickSchedule.systemOrder[point.rawValue]
        guard let rank = order.firstIndex(of: feature) else {
            preconditionFailure("\(feature) runs a system at point \(point.rawValue), which TickSchedule.systemOrder does not list")
        }
        // In the table's order, whatever the registration order.
        let at = systems[point.rawValue].firstIndex { order.firstIndex(of: $0.feature) ?? 0 > rank } ?? systems[point.rawValue].count
        systems[point.rawValue].insert(FeatureSystem(feature: feature, phase: phase, run: run), at: at)
    }

    /// Registers the feature's removal hook, which joins the removal path at the feature's first
    /// use (``World/activateRemoval(of:)``).
    @inline(never)
    mutating func addRemovalHook(_ run: @escaping (World, Entity) -> Void) {
        removalHooks.append(RemovalHook(owner: .feature(feature), run: run))
    }

    /// Registers a refusal of despawns.
    @inline(never)
    mutating func addDespawnCheck(_ check: @escaping (World, _ view: Entity, _ root: Entity) throws(PortalError) -> Void) {
        despawnChecks.append(check)
    }

    /// Registers a refusal of reparenting.
    @inline(never)
    mutating func addReparentCheck(_ check: @escaping (World, _ view: Entity) throws(PortalError) -> Void) {
        reparentChecks.append(check)
    }

    /// Registers a hit-test taker.
    @inline(never)
    mutating func addHitTaker(_ take: @escaping (World, Point, HitTestResult?) -> HitTestResult?) {
        hitTakers.append(take)
    }

    /// Registers the feature's part in touch ownership: its pan candidates and what they do with
    /// the pans they own (see `Input/Pan.swift`).
    @inline(never)
    mutating func addPanHandler(isCandidate: @escaping (World, _ view: Entity) -> Bool,
                                pressed: @escaping (World, _ view: Entity, _ tick: UInt64) -> Bool,
                                claims: @escaping (World, _ view: Entity, _ offer: PanOffer) -> Bool,
                                update: @escaping (World, _ view: Entity, _ update: PanUpdate, _ tick: UInt64) -> Void,
                                ownHiding: UInt8 = 0) {
        // In `TickSchedule.panOrder`, whatever the registration order; unlisted features last.
        let order = TickSchedule.panOrder
        let rank = order.firstIndex(of: feature) ?? order.count
        let at = panHandlers.firstIndex { (order.firstIndex(of: $0.feature) ?? order.count) > rank } ?? panHandlers.count
        panHandlers.insert(PanHandler(feature: feature, isCandidate: isCandidate, pressed: pressed, claims: claims, update: update,
                                      ownHiding: ownHiding), at: at)
    }

    /// Registers an idleness check.
    @inline(never)
    mutating func addIdleCheck(_ isIdle: @escaping (World) -> Bool) {
        idleChecks.append(isIdle)
    }

    /// Registers the feature's host call types, each as `.of(SomeCall.self)`.
    @inline(never)
    mutating func addCalls(_ entries: CallEntry...) {
        calls.append(contentsOf: entries)
    }

    /// Registers structural checks. Only `World.checkInvariants` runs them, and only with
    /// `PORTAL_CHECK_INVARIANTS`: without it the checks are not kept, and nothing keeps their
    /// code (the portal feature's alone was 8 KB of the WebAssembly module).
    #if PORTAL_CHECK_INVARIANTS
    @inline(never)
    mutating func addInvariantCheck(_ check: @escaping (World) -> Void) {
        invariantChecks.append(check)
    }
    #else
    @inline(__always)
    mutating func addInvariantCheck(_ check: @escaping (World) -> Void) {}
    #endif
}

extension World {
    /// Runs the features' systems at `point`.
    @inline(__always)
    func runFeatures(_ point: FeaturePoint, tick: UInt64) {
        for system in features.systems[point.rawValue] {
            if let phase = system.phase { probe(phase) }
            system.run(self, tick)
        }
    }

    /// Adds `feature`'s removal hook to the removal path, unless it is there already: each
    /// feature calls it when it is first used (a view marked, a stack made, a header or popup
    /// made).
    func activateRemoval<F: Feature>(of feature: F.Type) {
        let owner = RemovalOwner.feature(F.name)
        guard !removal.contains(owner), let hook = features.removalHooks.first(where: { $0.owner == owner }) else { return }
        removal.register(owner, hook.run)
    }
}
