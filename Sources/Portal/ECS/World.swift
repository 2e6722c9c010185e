// The world: every table, the clock, the schedule, and the public API.
//
// A world is used from one thread (it is not Sendable). Host calls validate their input at
// once, throw a typed `PortalError` if it is bad — leaving the world untouched — and otherwise
// stage a command. Staged commands are applied at the start of the next tick, in call order,
// so nothing changes mid-tick and the same calls give the same frames, bit for bit.
//
// The feature API lives beside its feature: `World+Views.swift`, `World+Components.swift`.

/// A Portal runtime: the entities, their components and animations, a fixed-step clock, and
/// the render list a host draws each frame.
///
/// ```swift
/// let world = World()
/// let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200))
/// try world.animate(card, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 390, height: 420)),
///                   with: .smooth(duration: 0.4))
/// world.advance(by: 1.0 / 60)                 // runs two 120 Hz ticks
/// for item in world.renderList { /* draw item.frame, item.opacity … */ }
/// ```
public final class World {
    /// How a world runs.
    public struct Configuration: Hashable, Sendable {
        /// Ticks per second (120 by default; see the clock's notes for why).
        public var tickRate: Int
        /// The most ticks one ``World/advance(by:)`` call runs; time beyond it (with its fraction
        /// of a tick) is dropped and reported, so a stalled host does not spiral into ever
        /// longer catch-ups.
        public var maxCatchUpTicks: Int
        /// A spring is settled — snapped onto its target, and reported `.removed` — once it stays
        /// within 0.001 of the size of its motion (SwiftUI's ε, so a 300 pt move settles within
        /// 0.3 pt), and never before it is within this absolute tolerance, in the property's own
        /// unit (points, opacity).
        public var settleTolerance: Float
        /// Entities and animated numbers to reserve room for up front, so that growing to that
        /// size allocates nothing.
        public var reservedCapacity: Int
        /// Replace portal flights with a short cross-fade in place (0.2 s), for people who are
        /// made unwell by motion. Hosts should pass the platform's accessibility setting; it can
        /// also be changed later with ``World/reduceMotion``.
        public var reduceMotion: Bool

        /// Creates a configuration; the defaults are 120 Hz, 8 catch-up ticks (a 15 fps host
        /// still runs in real time), a settle tolerance of 0.001 and no reserved capacity.
        public init(tickRate: Int = 120, maxCatchUpTicks: Int = 8, settleTolerance: Float = 0.001,
                    reservedCapacity: Int = 0, reduceMotion: Bool = false) {
            self.tickRate = tickRate
            self.maxCatchUpTicks = maxCatchUpTicks
            self.settleTolerance = settleTolerance
            self.reservedCapacity = reservedCapacity
            self.reduceMotion = reduceMotion
        }

        func validate() throws(PortalError) {
            guard (1...10_000).contains(tickRate) else {
                throw .invalidConfiguration("tickRate", reason: "must be 1…10,000 ticks per second (it is \(tickRate))")
            }
            guard (1...100_000).contains(maxCatchUpTicks) else {
                throw .invalidConfiguration("maxCatchUpTicks", reason: "must be 1…100,000 (it is \(maxCatchUpTicks))")
            }
            guard settleTolerance.isFinite, settleTolerance > 0 else {
                throw .invalidConfiguration("settleTolerance", reason: "must be a positive, finite number (it is \(settleTolerance))")
            }
            guard (0...100_000_000).contains(reservedCapacity) else {
                throw .invalidConfiguration("reservedCapacity", reason: "must be 0…100,000,000 (it is \(reservedCapacity))")
            }
        }
    }

    /// The configuration the world was created with.
    public let configuration: Configuration

    // The properties every host call reads or stages into (`allocator` and `views` to
    // validate, `staging` to stage, `recorder` to check for recording) are marked
    // `@exclusivity(unchecked)`: a checked access to a class's stored property is a runtime call
    // on each side, which a `setFrame` would pay four times. No two accesses to one of them can
    // overlap: a world is used from one thread (it is not Sendable), and an access is either
    // an instantaneous read or a modify whose body is Portal's own code on the stores (store
    // methods and static functions that are handed the stores, never the world), so no host
    // call, user system, removal hook or probe runs inside it. Re-entrant calls (a call made by
    // a system, or by another call) are staged between accesses, never nested in one; the
    // tick's `applyCommands` moves the staged commands out of `staging` before it applies
    // them. The debug test suite ran with these checks on and never tripped them.
    @exclusivity(unchecked) var allocator = EntityAllocator()
    @exclusivity(unchecked) var views = ViewStore()
    // The feature stores and the event list too (unchecked for the same reasons): a transition's
    // start or end places a screen's channels one `setPresented` at a time, each a modify of
    // `tracks` and of `events`, and a checked pair was a fifth of that call.
    @exclusivity(unchecked) var tracks = TrackStore()
    @exclusivity(unchecked) var portals = PortalStore()
    @exclusivity(unchecked) var navigation = NavigationStore()
    @exclusivity(unchecked) var headers = ComponentTable<FlowingHeaderState>()
    @exclusivity(unchecked) var popups = PopupStore()
    @exclusivity(unchecked) var pointers = PointerStore()
    @exclusivity(unchecked) var scrollViews = ScrollViewStore()
    /// Whether some header read its screen's scroll view at the last tick (`runHeaderScrollFeed`).
    var headersReadScrollViews = false
    /// What each feature registered: its systems, removal hook and answers (see `Features.swift`).
    let features: FeatureRegistry
    /// The removal hooks of the features used so far (see `Removal.swift`).
    var removal = RemovalRegistry()
    /// Layers the portal systems removed during their pass, removed by the world after it.
    var portalRemovals: [Entity] = []
    /// The portal systems' struct, holding empty stores between passes (see `withPortalSystem`).
    var portalPass = PortalSystem(portals: PortalStore(), views: ViewStore(), tracks: TrackStore(), allocator: EntityAllocator(),
                                  events: [], removals: [], step: 0, tolerance: 0, reduceMotion: false)
    /// Whether portal transitions cross-fade in place instead of flying; starts as
    /// ``Configuration/reduceMotion`` and applies to transitions that start after it changes.
    public var reduceMotion: Bool {
        get { motionReduced }
        set { _ = try? submit(SetReduceMotion(on: newValue)) }
    }
    /// ``reduceMotion``'s value (set through its call, which a recording writes).
    var motionReduced: Bool
    var clock: FixedClock
    /// The staged commands and the frames they index, in one stored property, so that a
    /// `setFrame` stages with one access to the world (`ECS/Command.swift`; unchecked: see
    /// `allocator`).
    @exclusivity(unchecked) var staging = Staging()
    /// The staged commands, in call order (``Staging/commands``).
    var commands: [Command] {
        _read { yield staging.commands }
        _modify { yield &staging.commands }
    }
    /// The frames of the staged `setFrames` calls and `setFrame` runs (``Staging/frames``).
    var stagedFrames: [ViewFrame] {
        _read { yield staging.frames }
        _modify { yield &staging.frames }
    }
    /// The configurations of the staged portal requests (their commands index into it), kept
    /// the same way.
    var stagedConfigs: [PortalTransitionConfig] = []
    /// The requests of the staged navigation commands (their commands index into it): a request
    /// holds a transition, so a command that carried it would need a reference-counted copy
    /// every time the list is copied (``NavigationCommand``).
    var stagedNavigations: [NavigationRequest] = []
    @exclusivity(unchecked) var events: [WorldEvent] = []
    var renderItems: [RenderItem] = []
    /// The clips the render items index (``RenderItem/clip``), rebuilt with the render list.
    var renderClips: [RenderClip] = []
    /// Parent changes staged since the last tick (view → new parent or nil), so that calls are
    /// validated against the tree as it will be once the staged calls apply.
    var stagedParents: [Entity: Entity?] = [:]
    /// Bumped each time the render list is rebuilt; the hit grid remembers the one it indexes.
    var renderVersion: UInt64 = 0
    var hitGrid = HitGrid()
    /// The presses staged since the last tick (`World.pointer` with `.began`), and what each
    /// hits, worked out as the next tick begins — before any staged call applies — so that a
    /// press names what ``hitTest(_:)`` answers on the render list of the tick before it,
    /// whatever calls were staged before it and whether or not the host queried in between
    /// (`Input/PointerArbiter.swift`).
    var stagedPresses = 0
    var pressHits: [HitTestResult?] = []
    var pressHitCursor = 0
    /// The user component tables, indexed by ``ComponentKey`` (`World+Components.swift`).
    var components: [AnyComponentStorage] = []
    /// The table of each component type registered by type (not in Embedded Swift builds).
    var componentKeys: [ObjectIdentifier: Int] = [:]
    var systems: [[UserSystem]] = Array(repeating: [], count: TickStage.allCases.count)
    var nextSystemID: UInt64 = 1
    var nextAnimationID: UInt64 = 1
    /// Called as each phase of a tick begins (see `World+Benchmarking.swift`); `nil` normally.
    var phaseProbe: ((TickPhase) -> Void)?
    private(set) var isTicking = false
    /// Writes every host call to a trace while recording (`Trace/World+Trace.swift`); `nil` normally.
    /// (Unchecked: see `allocator`.)
    @exclusivity(unchecked) var recorder: TraceRecorder?

    /// Creates a world with the default configuration: 120 Hz.
    public convenience init() {
        self.init(validated: Configuration())
    }

    /// Creates a world with `configuration`, or throws
    /// ``PortalError/invalidConfiguration(_:reason:)``.
    public convenience init(configuration: Configuration) throws(PortalError) {
        try configuration.validate()
        self.init(validated: configuration)
    }

    /// A world whose features are `features` instead of ``FeatureRegistry/builtIn()`` (tests
    /// add features of their own: a fake pan handler).
    convenience init(features: FeatureRegistry) {
        self.init(validated: Configuration(), features: features)
    }

    private init(validated configuration: Configuration, features: FeatureRegistry = .builtIn()) {
        self.features = features
        self.configuration = configuration
        self.motionReduced = configuration.reduceMotion
        self.clock = FixedClock(tickRate: configuration.tickRate, maxCatchUpTicks: configuration.maxCatchUpTicks)
        let n = configuration.reservedCapacity
        if n > 0 {
            allocator.reserveCapacity(n)
            views.reserveCapacity(n)
            tracks.reserveCapacity(lanes: n * 6, timings: n)
            renderItems.reserveCapacity(n)
            commands.reserveCapacity(n)
            events.reserveCapacity(n)
        }
    }

    // MARK: - Entities

    /// Creates an entity with no components (attach your own with ``insert(_:for:)``).
    ///
    /// - Complexity: O(1) amortised.
    public func spawn() throws(PortalError) -> Entity {
        try submit(SpawnCall())
    }

    /// Despawns an entity: at the next tick its view, animations (reported as interrupted) and
    /// components are removed — from every feature: portal marks, stacks, headers, popups — and
    /// its index becomes reusable. The handle is dead at once.
    ///
    /// - Throws: ``PortalError/portalLayer(_:)`` and ``PortalError/portalOwned(_:)`` for the
    ///   entities Portal creates and removes itself (layers, backdrops).
    public func despawn(_ entity: Entity) throws(PortalError) {
        try submit(DespawnCall(entity: entity))
    }

    /// Whether `entity` is alive in this world (spawned, and not despawned).
    public func isAlive(_ entity: Entity) -> Bool { allocator.isUsable(entity) }

    /// The number of live entities (those despawned this frame still count until the next tick).
    public var entityCount: Int { allocator.liveCount }

    @inline(__always)
    func requireAlive(_ entity: Entity) throws(PortalError) {
        guard allocator.isUsable(entity) else { try World.stale(entity) }
    }

    /// Throws ``PortalError/staleEntity(_:)``: out of line, so that the check's path keeps
    /// nothing for it.
    @inline(never)
    static func stale(_ entity: Entity) throws(PortalError) -> Never { throw .staleEntity(entity) }

    // MARK: - Time

    /// Ticks run since the world was created.
    public var tickCount: UInt64 { clock.tick }

    /// Seconds of world time: ``tickCount`` ticks of 1 / tick rate each.
    public var time: Double { clock.time }

    /// The length of one tick in seconds.
    public var tickDuration: Double { clock.step }

    /// How far the host's clock is past the last tick, as a fraction of a tick (0..<1). A host
    /// that renders between ticks can blend the last two frames by it.
    public var interpolationFraction: Double { clock.interpolationFraction }

    /// Accumulates `seconds` of host frame time and runs every whole tick that fits, up to
    /// ``Configuration/maxCatchUpTicks``.
    ///
    /// NaN, infinite and negative frame times run nothing, change nothing and are reported as
    /// ``WorldEvent/frameTimeRejected(_:)``; time past the catch-up cap is reported as
    /// ``WorldEvent/ticksDropped(_:)``. A call made from inside a system runs nothing.
    @discardableResult
    public func advance(by seconds: Double) -> AdvanceReport {
        (try? submit(AdvanceCall(seconds: seconds))) ?? AdvanceReport(ticksRun: 0, ticksDropped: 0, rejection: nil)
    }

    /// Runs exactly one tick, whatever the accumulated host time. Does nothing when called from
    /// inside a system.
    public func tick() {
        _ = try? submit(TickCall())
    }

    // Speed, not size, in the size-optimised builds too (the Embedded C library is -Osize): the
    // tick's write-back and stage loops are inlined here.
    @_optimize(speed)
    func runTick() {
        isTicking = true
        defer { isTicking = false }
        let now = clock.tick + 1

        tracks.currentTick = now
        // The steps in `TickSchedule.steps` (`Schedule.swift`), the one table of the tick.
        for step in TickSchedule.steps {
            switch step {
            case .applyCommands:
                probe(.applyCommands)
                if stagedPresses > 0 { hitTestStagedPresses() }
                applyCommands(tick: now)
                if !pressHits.isEmpty { pressHits.removeAll(keepingCapacity: true); pressHitCursor = 0 }
            case let .userSystems(stage): runSystems(stage)
            case let .features(point): runFeatures(point, tick: now)
            case .curves:
                probe(.curves)
                tracks.prepare(tick: now)
            case .lanes:
                probe(.lanes)
                tracks.advanceLanes()
            case .trackFinish:
                probe(.trackFinish)
                tracks.finish(tick: now, views: &views, events: &events)
            case .writeBack:
                probe(.writeBack)
                tracks.writeBack(into: &views)
            case .drawOrder:
                probe(.drawOrder)
                views.refreshOrder()
            case .renderList:
                probe(.renderList)
                buildRenderList()
            case .advanceClock: clock.advanceOneTick()
            case .end: probe(.end)
            }
        }
        checkInvariants()
    }

    /// Tells the phase probe, if one is set, that `phase` begins.
    @inline(__always)
    func probe(_ phase: TickPhase) {
        if let phaseProbe { phaseProbe(phase) }
    }

    // MARK: - Systems

    /// Adds a system: `run` is called once per tick in `stage`, after the built-in work of that
    /// stage and after the systems added to it before. Host calls a system makes are staged for
    /// the next tick, like any other.
    @discardableResult
    public func addSystem(_ name: String, stage: TickStage, _ run: @escaping (World) -> Void) -> SystemID {
        let id = SystemID(rawValue: nextSystemID)
        nextSystemID += 1
        systems[stage.rawValue].append(UserSystem(id: id, name: name, run: run))
        return id
    }

    /// Removes a system added with ``addSystem(_:stage:_:)``.
    public func removeSystem(_ id: SystemID) throws(PortalError) {
        for stage in systems.indices {
            if let i = systems[stage].firstIndex(where: { $0.id == id }) {
                systems[stage].remove(at: i)
                return
            }
        }
        throw .unknownSystem(id)
    }

    /// The names of the systems in `stage`, in the order they run.
    public func systemNames(in stage: TickStage) -> [String] { systems[stage.rawValue].map { $0.name } }

    private func runSystems(_ stage: TickStage) {
        let list = systems[stage.rawValue]
        for system in list { system.run(self) }
    }

    // MARK: - Output

    /// What to draw, back to front, as of the last tick.
    ///
    /// The list is rebuilt in place each tick; read it (or copy what you need) before the next
    /// tick — holding on to the array makes the next rebuild copy it.
    public var renderList: [RenderItem] { renderItems }

    /// Calls `body` with the render list without copying it.
    public func withRenderList<R, E: Error>(_ body: ([RenderItem]) throws(E) -> R) throws(E) -> R { try body(renderItems) }

    /// Whether each tick records ``renderChanges``, what it did to the render list (off by
    /// default: a host that redraws the whole list needs none). Turning it on makes the current
    /// list the baseline of the next tick's changes.
    public var tracksRenderChanges: Bool {
        get { views.patchLog.isOn }
        set { views.setTracksRenderChanges(newValue) }
    }

    /// What the last ``tick()`` or ``advance(by:)`` call did to the render list (over all the
    /// ticks it ran) — items removed, inserted and updated (with the fields that changed), and
    /// whether the order changed — while ``tracksRenderChanges`` is on; empty otherwise, and
    /// after a call that changed nothing. Costs what propagation
    /// cost: nothing for an idle tick, the changed items for a patched one, one pass over the
    /// old and new lists for a rebuilt one. Read it before the next tick (holding on to it
    /// makes that tick copy its arrays); ``withRenderChanges(_:)`` reads it without a copy.
    public var renderChanges: RenderChanges { views.changeLog.changes }

    /// Calls `body` with ``renderChanges`` without copying it.
    public func withRenderChanges<R, E: Error>(_ body: (RenderChanges) throws(E) -> R) throws(E) -> R { try body(views.changeLog.changes) }

    /// The ``RenderKey`` of the render list's item at `index` (O(number of portal layers drawing
    /// a content subtree), usually O(1)).
    /// - Throws: ``PortalError/invalidValue(_:_:reason:)`` when `index` is outside the list.
    public func renderKey(at index: Int) throws(PortalError) -> RenderKey {
        guard index >= 0 && index < renderItems.count else {
            throw .invalidValue("index", Double(index), reason: "outside the render list (\(renderItems.count) items)")
        }
        return ViewStore.renderKey(at: index, items: renderItems, copies: views.layerContentItems)
    }

    /// Returns and clears the events reported since the last call.
    public func drainEvents() -> [WorldEvent] {
        let drained = events
        events.removeAll(keepingCapacity: false)
        return drained
    }

    /// Calls `body` with each event reported since the last drain, then clears them, keeping the
    /// storage (no allocation).
    public func drainEvents(_ body: (WorldEvent) -> Void) {
        for event in events { body(event) }
        events.removeAll(keepingCapacity: true)
    }

    /// The topmost view under `point` in the last render list, or `nil` when the point hits
    /// nothing.
    ///
    /// Skipped, as UIKit's `hitTest(_:with:)` skips hidden views, views with user interaction
    /// disabled and views whose alpha is below 0.01:
    /// - views that do not allow hit testing (``setAllowsHitTesting(_:of:)``), with their
    ///   subtrees;
    /// - views whose *own* opacity is below 0.01, with their subtrees (a backdrop excepted: it
    ///   takes taps at any opacity). The product of the opacities down the tree does not
    ///   matter: a view at 0.05 under a parent at 0.05 is drawn at 0.0025 and is hit;
    /// - hidden and culled views, which are not in the render list;
    /// - views (and stacks) despawned since the last tick — still drawn until the next tick,
    ///   but their handles are dead: hit testing returns only live handles.
    ///
    /// Two things answer over the views: a navigation stack in the middle of a transition (as
    /// itself, ``HitTestResult/isBusy``), and the flying layer of a portal with drag to
    /// dismiss, which a press may catch although a layer does not take hits otherwise. Only
    /// the layer's `allowsHitTesting` is overridden: it is answered only where it was drawn in
    /// the last render list, at an opacity of 0.01 or more, within the box its frame covers
    /// through its transform (a hidden, culled or transparent layer lets the point through).
    ///
    /// A query changes nothing: what a press hits is worked out on this same render list as
    /// the tick that applies the press begins, whether or not the host hit-tested meanwhile.
    ///
    /// When some view has a parent, the point is mapped through each item's
    /// ``RenderItem/globalTransform`` — every ancestor's frame, transform and content offset,
    /// 3D rotations and perspective included — and must land in the view's bounds and inside
    /// every clip of its chain, whose rounded corners count. When no view has a parent, it is
    /// mapped through each view's scale, rotation and translation; a 3D rotation is not
    /// considered there. A view's own corner radius does not round its hit area (as in UIKit,
    /// where `cornerRadius` does not change `point(inside:with:)`): a tap in the cut-off corner
    /// hits the view. To round it, clip the view's content with a parent that clips
    /// (``setClipsToBounds(_:of:)``).
    ///
    /// Each item is tested alone, so a child sticking out of a parent that does not clip is hit
    /// where it is drawn, outside the parent: SwiftUI's and Chromium's rule. UIKit differs
    /// there — its `hitTest(_:with:)` does not look into a view whose own bounds miss the point
    /// — see "Differences from the originals". Only clipping bounds a subtree's hit area.
    ///
    /// - Complexity: the first query after a tick builds a grid over the render list, O(views);
    ///   each query then looks only at the views near the point.
    public func hitTest(_ point: Point) -> HitTestResult? {
        if hitGrid.version != renderVersion {
            hitGrid.build(renderItems, clips: renderClips, version: renderVersion, views: views.lastListWasTree ? views : nil)
        }
        let hit = views.lastListWasTree ? treeHitTest(point) : flatHitTest(point)
        for take in features.hitTakers {
            if let taken = take(self, point, hit) { return taken }
        }
        return hit
    }

    /// The hit test of a flat render list (no view has a parent), through the grid.
    private func flatHitTest(_ point: Point) -> HitTestResult? {
        var hit: HitTestResult?
        hitGrid.flatShapes.withUnsafeBufferPointer { shapes in
            hitGrid.candidates(at: point) { index in
                // Only hittable items are binned; the item itself and its liveness are read
                // only for the one the point hits.
                guard shapes[index].contains(point) else { return false }
                let (entity, role) = renderItems.withUnsafeBufferPointer { ($0[index].entity, $0[index].role) }
                guard allocator.isUsable(entity) else { return false }
                hit = HitTestResult(entity: entity, role: role)
                return true
            }
        }
        return hit
    }

    /// Propagation and output: brings the render list up to date with what changed since the
    /// last tick (see `Views/Propagation.swift`); an unchanged list keeps its version, so the
    /// hit grid is kept too.
    private func buildRenderList() {
        if views.updateRenderList(into: &renderItems, clips: &renderClips) { renderVersion &+= 1 }
        views.noteRenderTick()
        views.noteRenderListBuilt()
    }

    // MARK: - Invariants

    /// Checks every table's structural invariants. Compiled in only when the
    /// `PORTAL_CHECK_INVARIANTS` flag is set (debug builds, and so `swift test`).
    func checkInvariants() {
        #if PORTAL_CHECK_INVARIANTS
        let allocator = self.allocator
        allocator.checkInvariants()
        views.checkInvariants(isAlive: { allocator.isAlive($0) }, laneCount: tracks.laneCount)
        tracks.checkInvariants(views: views)
        for storage in components { storage.checkInvariants(isAlive: { allocator.isAlive($0) }) }
        for check in features.invariantChecks { check(self) }
        views.checkPropagation(items: renderItems, clips: renderClips)
        checkTreeOutput()
        #endif
    }

    /// Whether a tick would change nothing, so that a host may stop ticking (pause its display
    /// link) until it makes a call: no call is staged, no view was spawned or changed since the
    /// render list was built, no animation runs (springs, curves, their delays: a header
    /// settling after a scroll and a popup appearing or leaving are animations), no portal
    /// layer flies or fades out, no navigation transition runs or waits, and no pointer is held
    /// within its slop waiting for its long press (the tick clock fires it). Events waiting to
    /// be drained do not count: a tick would not drain them, so a host that has not read them
    /// yet still stops ticking, and reads them when it likes.
    ///
    /// It becomes `false` at any call that stages work and `true` after the tick on which the
    /// last activity ends. A portal waiting for an anchor's frame
    /// is idle: only a call can give it one. Systems added with ``addSystem(_:stage:_:)`` are
    /// not consulted: a host whose systems change things by themselves ticks while they do.
    ///
    /// ```swift
    /// world.advance(by: elapsed)
    /// world.drainEvents { handle($0) }
    /// displayLink.isPaused = world.isIdle          // resume it at the next input
    /// ```
    ///
    /// - Complexity: O(portals + stacks).
    public var isIdle: Bool {
        guard commands.isEmpty, tracks.timingCount == 0, views.isRenderListCurrent else { return false }
        for isIdle in features.idleChecks where !isIdle(self) { return false }
        return true
    }

    /// The number of running animations (for diagnostics and tests).
    public var runningAnimationCount: Int { tracks.timingCount }

    /// The number of animated numbers currently running (for diagnostics and tests).
    public var runningTrackCount: Int { tracks.laneCount }
}
