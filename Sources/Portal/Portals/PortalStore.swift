// Portals: anchors, per-id state, groups and item scopes.
//
// Ids are interned once, at the call that names them; the systems compare integers. Each
// portal id has one record in a dense array indexed by its interned key. No pass walks every
// portal, nor every flight: the matching pass visits the portals queued for it (a request, a new
// phase or anchor) and those whose anchor moved (see `AnchorWatch`), and the landing pass checks
// the flights due to land (`landingChecks`). Portals at rest, and flights on their way, cost
// nothing per tick.
//
// One phase per portal decides who is visible (`PortalPhase.visibility`): exactly one of
// source, layer and destination, except while a `.fade` removal or a reduced-motion cross-fade
// deliberately overlaps two.

/// A view's mark: the portal it belongs to and its role there.
struct PortalAnchor {
    var key: UInt32
    var role: PortalRole
}

/// Where a portal is in its life.
enum PortalPhase: Equatable {
    /// Inactive at rest: the source shows, the destination is hidden.
    case idle
    /// Activation requested, but an anchor has no frame yet: the source shows until it does.
    case waiting
    /// A layer is in flight (or in its start delay); both anchors are hidden.
    case flying(PortalDirection)
    /// Active at rest: the destination shows, the source is hidden.
    case presented
    /// Landed; the layer fades out over the landing view.
    case fading(PortalDirection)
    /// A finger drags the layer (drag to dismiss): both anchors are hidden, the layer is placed
    /// by hand at each step of the pan; its release starts a flight.
    case dragged

    /// Whether the source and the destination are shown.
    var visibility: (source: Bool, destination: Bool) {
        switch self {
        case .idle, .waiting, .fading(.reverse): return (true, false)
        case .presented, .fading(.forward): return (false, true)
        case .flying, .dragged: return (false, false)
        }
    }

    /// The phase at rest after a flight in `direction`.
    static func rest(after direction: PortalDirection) -> PortalPhase {
        direction == .forward ? .presented : .idle
    }
}

/// One portal's state. Every field is a plain value (the id lives in `PortalStore.ids`), so a
/// record copies as bytes, with no reference counting.
struct PortalRecord {
    var source: Entity?
    var destination: Entity?
    /// Last known anchor frames and radii: a layer keeps flying to (or resting at) them if an
    /// anchor is despawned or unmarked.
    var sourceFrame: Rect?
    var sourceRadius: Float = 0
    var destinationFrame: Rect?
    var destinationRadius: Float = 0

    var requested = false
    /// What the hot path needs of the configuration (the rest is in `PortalStore.flightSettings`
    /// and `PortalStore.effects`; the configuration itself is not kept).
    var corners: PortalCorners?
    var completionCriteria = AnimationCompletionCriteria.removed
    var removal = PortalLayerRemoval.none
    var layerContent: Entity?
    var allowsHitTesting = false
    /// The landing anchor's frame and radius when the flight last followed it; `nil` once
    /// another view has become the landing anchor (marked, or a transfer), so that the next
    /// follow retargets the flight to it instead of carrying the layer along.
    var followed: (Rect, Float)?
    /// A group member's stagger: added to the start delay (forward and back).
    var staggerDelay = 0.0
    var group: Int?

    /// The layer at the source side; with reduced motion, the outgoing or incoming layer there.
    var layer: Entity?
    var flight: TimingHandle?
    /// The last tick before the flight's motion starts (after its delay).
    var motionOrigin: UInt64 = 0
    /// Whether the flight began with a delay (its motion starts after its first tick): until
    /// it moves, its layer sits on its starting anchor.
    var startsLate = false
    var minimumTicks: UInt64 = 0
}

/// The part of a portal's state that the per-tick passes read first, in a column of its own
/// (32 bytes per portal rather than the 192-byte record).
struct PortalMotion {
    /// The tick the landing pass next checks the portal: its flight's earliest landing (the
    /// timing itself is read only from then on), then every tick until it lands or its fade
    /// ends (a moving anchor can push a spring's settling later).
    var landingTick: UInt64 = 0
    /// Bumped to cancel the portal's scheduled landing check: only the check scheduled last
    /// (with this version) counts.
    var checkVersion: UInt32 = 0
    var phase = PortalPhase.idle
    var hasPendingRequest = false
    /// Whether the portal has something to do (waiting, flying, fading, or a request to apply).
    /// Only awake portals are visited or checked; one at rest with nothing pending sleeps.
    var isAwake = false
    /// Whether the portal is in `PortalStore.queue`, to be visited by the next matching pass.
    var isQueued = false
    /// With reduced motion only: the layer at the destination side.
    var crossFadeLayer: Entity?
}

/// What the matching pass knows of the anchor a flight heads for, one `UInt32` per portal in
/// `PortalStore.watchedSlot`: the view slot of that anchor, or one of two markers.
///
/// A watch on a view slot is *trusted*: it stands for a plain flight (flying, no request, no
/// cross-fade) that has followed its anchor as it is now, whose anchor has no running lane on
/// its frame or radius and whose ancestors none on their placement, and whose anchor's view
/// and every ancestor's report every other write that could move the anchor on screen
/// (`AnchorWatches.heads`, through the portal's `PortalStore.watchChain`). So the matching pass
/// need not visit the flight until something is reported: until then, following the anchor
/// would change nothing.
enum AnchorWatch {
    /// The watch is not trusted: the flight began, or its anchors, phase or request changed, or
    /// it is not a plain flight, or its anchor is animated. The portal is in the matching
    /// queue, and its next visit reads the anchor again.
    static let untrusted: UInt32 = .max
    /// The flight has no anchor to follow (unmarked or despawned): it keeps flying to the last
    /// known frame, so there is nothing to watch.
    static let gone: UInt32 = .max - 1
}

/// What a flight of a portal runs, copied out of its configuration when that is set, so a
/// flight start reads these few plain values, not the whole configuration (whose animation may
/// be a custom conformer in a heap box, read through a witness table).
struct FlightSettings {
    var animation: Animation
    var delay: Double
    var minimumDuration: Double
    /// Whether the configuration has layer effects (only then does a start read
    /// `PortalStore.effects`).
    var hasEffects: Bool

    init(_ config: PortalTransitionConfig) {
        let timing = config.timing.parts
        self.init(animation: timing.value, delay: timing.delay, minimumDuration: timing.minimumDuration, hasEffects: !config.effects.isEmpty)
    }

    init(animation: Animation, delay: Double, minimumDuration: Double, hasEffects: Bool) {
        self.animation = animation
        self.delay = delay
        self.minimumDuration = minimumDuration
        self.hasEffects = hasEffects
    }
}

/// A flight that takes its progress from a navigation transition (see
/// ``PortalTransitionConfig/following``).
struct PortalTie {
    /// The portal.
    var key: UInt32
    /// The stack, and the screen its transition arrives at (which tells it from the next one).
    var stack: Entity, arriving: Entity
    /// Where the flight lands if the transition completes at its end; the other way if it ends
    /// where it started.
    var direction: PortalDirection
}

/// A group transition: its members (interned keys) and the direction it is heading.
struct PortalGroup {
    let id: String
    var members: [UInt32] = []
    var direction = PortalDirection.forward
    var awaitingCompletion = false
}

struct PortalStore {
    var keys: [PortalID: UInt32] = [:]
    var records: [PortalRecord] = []
    /// What the per-tick passes read of each portal (phase, request flag, landing tick,
    /// cross-fade layer), parallel to `records`.
    var motion: [PortalMotion] = []
    /// The view slot of the anchor each flight follows, parallel to `records`; see ``AnchorWatch``.
    var watchedSlot: [UInt32] = []
    /// Each portal's watch in the view store: the first node of its chain of
    /// `AnchorWatches.nodes` (on the anchor and every ancestor), or `AnchorWatches.none`.
    /// Linked while the watch is trusted; a watch dropped outside the matching pass (a new
    /// phase, request or anchor) keeps its chain until the portal's next visit releases it,
    /// so a write there may queue a portal that is queued already.
    var watchChain: [Int32] = []
    /// The number of visits the matching pass has made (for tests: a flight whose anchor and
    /// ancestors are still is not visited).
    var visitCount = 0
    /// Each portal's id, parallel to `records`.
    var ids: [PortalID] = []
    /// The animation part of each portal's configuration, parallel to `records`.
    var flightSettings: [FlightSettings] = []
    /// Each portal's layer effects, parallel to `records` (usually empty): read when a flight
    /// starts or turns.
    var effects: [[PortalLayerEffect]] = []
    var anchors = ComponentTable<PortalAnchor>()
    /// Layer entity → the key of the portal that owns it.
    var layerOwners = ComponentTable<UInt32>()
    /// The entities some configuration names as its `layerContent` (a superset: an entry stays
    /// after the configuration changes). When one is removed, the removal hook scans the records
    /// for it — rare, so no count is kept per portal.
    var contentEntities = ComponentTable<Bool>()
    /// The landing pass's schedule: when to check each flight (and fade) for landing, so that
    /// the pass looks only at the portals due, not at every flight. One live check per portal
    /// at most (see `PortalMotion.checkVersion`).
    var landingChecks = TickWheel()
    /// The landing pass's list of checks due, kept between ticks.
    private var dueChecks: [ScheduledEvent] = []
    /// The merge buffer of the sort of `dueLandings`, kept between ticks.
    private var dueScratch: [UInt32] = []
    /// The landing pass's list of portals due, kept between ticks.
    var dueLandings: [UInt32] = []
    /// The portals the next matching pass visits (besides the watchers of views written since
    /// the last pass): every awake portal whose watch is not trusted, and any portal whose
    /// phase, request or anchors changed. Unordered; `isQueued` marks its members.
    var queue = HandOffList()
    /// The portal the matching pass is visiting, which decides for itself whether it stays
    /// queued (so changes it makes to itself do not queue it), or -1.
    var visiting = -1
    /// Where the portal passes' read-aheads (`touchRequests`, `touchVisits`, `touchLandings`)
    /// leave their result, so that the reads are kept.
    var touchSum: UInt32 = 0
    /// The merge buffer of `sortVisits` (kept, so sorting the visits allocates nothing).
    var visitScratch: [UInt32] = []
    /// The flights to follow again after the write-back (`runPortalFollow`): the plain flights
    /// this tick's matching pass found with a landing anchor that a lane moves (or in their
    /// delay), then the watchers of views written since the pass. Empty between ticks.
    var lateFollowers: [UInt32] = []
    var groups: [PortalGroup] = []
    var groupIndex: [String: Int] = [:]
    /// Item-driven transitions: per scope, the item presented now and the last one presented.
    var itemScopes: [String: (current: PortalID?, last: PortalID?)] = [:]

    /// Per portal: the navigation stack its configuration's flights follow
    /// (``PortalTransitionConfig/following``), if any.
    var following: [Entity?] = []
    /// Flights started from rest in the last matching pass by a portal that follows a stack:
    /// the follow pass ties each to its stack's running transition, if one runs.
    var tieCandidates: [UInt32] = []
    /// The flights following a navigation transition, in the order they were tied.
    var ties: [PortalTie] = []

    /// Per portal: its configuration's drag to dismiss, if any.
    var dragSettings: [PortalDragDismiss?] = []
    /// Per portal: its drag in progress (meaningful while its phase is `.dragged`).
    var drags: [PortalDrag] = []
    /// How many portals have drag to dismiss configured (the hit test looks for a flying layer
    /// to catch only when some do).
    var dragEnabledCount = 0
    /// The entities some configuration names as its drag's backdrop (a superset, like
    /// `contentEntities`): the removal hook forgets them.
    var dragBackdrops = ComponentTable<Bool>()

    /// Unties portal `key`'s flight, if it follows a transition: it goes on on its own clock.
    mutating func untie(_ key: Int) {
        guard !ties.isEmpty else { return }
        ties.removeAll { $0.key == UInt32(key) }
    }

    /// Whether portal `key`'s flight follows a navigation transition (it lands when that ends).
    func isTied(_ key: Int) -> Bool {
        !ties.isEmpty && ties.contains { $0.key == UInt32(key) }
    }

    mutating func intern(_ id: PortalID) -> UInt32 {
        if let key = keys[id] { return key }
        let key = UInt32(records.count)
        var grow = GrowColumns()
        forEachColumn(&grow)
        ids[Int(key)] = id
        keys[id] = key
        return key
    }

    /// The per-portal columns (parallel to `records`, indexed by a portal's key), each with a
    /// new portal's entry: the one list `intern` grows and the invariants check (see
    /// `SlotColumns.swift`; a portal's key is never reused).
    @inline(__always)
    mutating func forEachColumn(_ v: inout some SlotColumnVisitor) {
        v.visit(&records, vacant: PortalRecord())
        v.visit(&motion, vacant: PortalMotion())
        v.visit(&watchedSlot, vacant: AnchorWatch.untrusted)
        v.visit(&watchChain, vacant: AnchorWatches.none)
        v.visit(&ids, vacant: PortalID(""))   // (`intern` writes the id)
        v.visit(&flightSettings, vacant: FlightSettings(PortalTransitionConfig()))
        v.visit(&following, vacant: nil)
        v.visit(&dragSettings, vacant: nil)
        v.visit(&drags, vacant: PortalDrag())
        v.visit(&effects, vacant: [])
    }

    /// Runs `body` on record `key` in place. The per-tick loops read and write records through
    /// this: reading one field through the array subscript copies the whole record.
    @inline(__always)
    mutating func withRecord<R>(_ key: Int, _ body: (inout PortalRecord) -> R) -> R {
        records.withUnsafeMutableBufferPointer { body(&$0[key]) }
    }

    /// Record `key`'s phase, read in place (mutating only so that callers pass the store by
    /// reference).
    @inline(__always)
    mutating func phase(_ key: Int) -> PortalPhase {
        motion.withUnsafeBufferPointer { $0[key].phase }
    }

    /// Sets portal `key`'s phase. Every phase change goes through here: a watch is trusted only
    /// for the flight it was read for.
    mutating func setPhase(_ phase: PortalPhase, of key: Int) {
        motion[key].phase = phase
        distrustWatch(key)
    }

    /// Flags a request for the next matching pass.
    mutating func markRequestPending(_ key: Int) {
        motion[key].hasPendingRequest = true
        distrustWatch(key)
    }

    /// Sets (or with `nil` clears) one anchor of portal `key`. Every change of an anchor goes
    /// through here, so that the flight's watch is read again.
    mutating func setAnchor(_ view: Entity?, as role: PortalRole, of key: Int) {
        if role == .source { records[key].source = view } else { records[key].destination = view }
        if view != nil { records[key].followed = nil }   // a new anchor: the next follow retargets
        distrustWatch(key)
    }

    /// Drops portal `key`'s watch and queues it for the next matching pass, which reads it again.
    private mutating func distrustWatch(_ key: Int) {
        watchedSlot[key] = AnchorWatch.untrusted
        enqueue(key)
    }

    /// Queues portal `key` for the next matching pass (unless that pass is visiting it now).
    mutating func enqueue(_ key: Int) {
        guard key != visiting, !motion[key].isQueued else { return }
        motion[key].isQueued = true
        queue.append(UInt32(key))
    }

    /// Takes in a request for portal `key` (a staged `portalTransition`): its activation,
    /// configuration, stagger and group; flags it for the next matching pass and wakes it.
    /// The configuration is read in place (passing it by value copied it, retaining its
    /// effects and any custom animation, once per request).
    mutating func takeRequest(_ key: Int, isActive: Bool, config: UnsafePointer<PortalTransitionConfig>, stagger: Double, group: Int?) {
        setConfig(config, for: key)
        withRecord(key) { record in
            record.requested = isActive
            record.staggerDelay = stagger
            record.group = group
        }
        markRequestPending(key)
        wake(key)
    }

    /// Takes in the run of portal requests that starts at `start` in `list` (see
    /// `takeRequest`), and returns the index of the first command after it. The requests are
    /// taken in chunks, each read ahead first (`touchRequests`): a host sends back every flight
    /// that landed on the last tick, and a request writes a few places (the record, the motion,
    /// the settings) that no tick may have touched since its flight began; taken one by one,
    /// each waits for its own cache misses, read together they overlap.
    mutating func takeRequests(_ list: UnsafeBufferPointer<Command>, from start: Int,
                               configs: UnsafeBufferPointer<PortalTransitionConfig>) -> Int {
        var end = start
        while end < list.count, case .portal(.request) = list[end] { end += 1 }
        for chunk in ReadAhead.chunks(of: start..<end) {
            if chunk.count > 1 { touchRequests(list, chunk) }
            for i in chunk {
                guard case let .portal(.request(key, isActive, config, stagger, group)) = list[i] else { continue }
                takeRequest(Int(key), isActive: isActive, config: configs.baseAddress! + config, stagger: stagger, group: group)
            }
        }
        return end
    }

    /// Reads what `takeRequest` will write for each request in `range` of `list`.
    private mutating func touchRequests(_ list: UnsafeBufferPointer<Command>, _ range: Range<Int>) {
        var sum: UInt32 = touchSum
        records.withUnsafeBufferPointer { records in
            motion.withUnsafeBufferPointer { motion in
                flightSettings.withUnsafeBufferPointer { settings in
                    watchedSlot.withUnsafeBufferPointer { watched in
                        for i in range {
                            guard case let .portal(.request(interned, _, _, _, _)) = list[i] else { continue }
                            let key = Int(interned)
                            sum &+= touchLines(records.baseAddress! + key)
                            sum &+= touchLines(motion.baseAddress! + key)
                            sum &+= touchLines(settings.baseAddress! + key)
                            sum &+= watched[key]
                            sum &+= UInt32(truncatingIfNeeded: effects.withUnsafeBufferPointer { $0[key].count })
                        }
                    }
                }
            }
        }
        touchSum = sum
    }

    /// Takes in a configuration: its plain parts go to the record and the flight settings, its
    /// effects to their column. The configuration itself is not kept.
    mutating func setConfig(_ config: UnsafePointer<PortalTransitionConfig>, for key: Int) {
        let timing = config.pointee.timing.parts
        let hasEffects = !config.pointee.effects.isEmpty
        let settings = FlightSettings(animation: timing.value, delay: timing.delay, minimumDuration: timing.minimumDuration,
                                      hasEffects: hasEffects)
        flightSettings.withUnsafeMutableBufferPointer { $0[key] = settings }
        if hasEffects || !effects[key].isEmpty { effects[key] = config.pointee.effects }
        following[key] = config.pointee.following
        setDragSettings(config.pointee.dragToDismiss, for: key)
        let completionCriteria = timing.completionCriteria
        let (allowsHitTesting, corners, removal, layerContent) = (config.pointee.allowsHitTesting, config.pointee.corners,
                                                                  config.pointee.removal, config.pointee.layerContent)
        withRecord(key) { record in
            record.allowsHitTesting = allowsHitTesting
            record.corners = corners
            record.completionCriteria = completionCriteria
            record.removal = removal
            record.layerContent = layerContent
        }
        if let content = layerContent { contentEntities.insert(true, for: content) }
    }

    /// Gives portal `to` the configuration of portal `from` (a transfer).
    mutating func copyConfig(from: Int, to: Int) {
        flightSettings[to] = flightSettings[from]
        following[to] = following[from]
        setDragSettings(dragSettings[from], for: to)
        effects[to] = effects[from]
        let source = records[from]
        withRecord(to) { record in
            record.allowsHitTesting = source.allowsHitTesting
            record.corners = source.corners
            record.completionCriteria = source.completionCriteria
            record.removal = source.removal
            record.layerContent = source.layerContent
        }
    }

    /// Sets portal `key`'s drag to dismiss, keeping the count and the backdrop table.
    mutating func setDragSettings(_ settings: PortalDragDismiss?, for key: Int) {
        guard settings != nil || dragSettings[key] != nil else { return }
        dragEnabledCount += (settings != nil ? 1 : 0) - (dragSettings[key] != nil ? 1 : 0)
        dragSettings[key] = settings
        if let backdrop = settings?.backdrop { dragBackdrops.insert(true, for: backdrop) }
    }

    /// Wakes portal `key` (something to do) and queues it for the next matching pass.
    mutating func wake(_ key: Int) {
        guard !motion[key].isAwake else { return }
        motion[key].isAwake = true
        enqueue(key)
    }

    /// Whether portal `key` is at rest (idle, presented, or dragged: a drag moves only as its
    /// pan's steps are applied) with no request waiting: nothing for the passes to do until a
    /// request or a mark wakes it.
    func isAtRest(_ key: Int) -> Bool {
        let motion = motion[key]
        return (motion.phase == .idle || motion.phase == .presented || motion.phase == .dragged) && !motion.hasPendingRequest
    }

    /// Puts portal `key`, at rest, to sleep: no visits, no landing checks.
    mutating func sleep(_ key: Int) {
        motion[key].isAwake = false
        motion[key].checkVersion &+= 1
    }

    /// Schedules the landing pass to check portal `key` on `tick` (or on the next pass, if
    /// `tick` has gone by), replacing any check scheduled before.
    mutating func scheduleLandingCheck(_ key: Int, at tick: UInt64) {
        motion[key].checkVersion &+= 1
        motion[key].landingTick = landingChecks.schedule(ScheduledEvent(tick: tick, owner: UInt32(key),
                                                                         version: motion[key].checkVersion))
    }

    /// Moves the portals whose landing check is due by `tick` into `due`, in key order (as the
    /// landing events of one tick come out), dropping cancelled checks.
    mutating func takeDueLandingChecks(by tick: UInt64, into due: inout [UInt32]) {
        due.removeAll(keepingCapacity: true)
        dueChecks.removeAll(keepingCapacity: true)
        // Room for every portal at once (a check per portal, cancelled ones aside), so that a
        // tick landing more than any before does not allocate; the sort's scratch follows `due`.
        dueChecks.makeRoom(for: motion.count, bound: motion.count)
        landingChecks.takeDue(by: tick, into: &dueChecks)
        for check in dueChecks where motion[Int(check.owner)].checkVersion == check.version { due.append(check.owner, bound: motion.count) }
        due.stableSort(scratch: &dueScratch, by: <)   // `sort()` would allocate its merge buffer every tick
    }

    mutating func group(named id: String) -> Int {
        if let index = groupIndex[id] { return index }
        groups.append(PortalGroup(id: id))
        groupIndex[id] = groups.count - 1
        return groups.count - 1
    }
}

extension PortalStore {
    /// Whether a portal's layer is in its active state at the end of the last tick: from the
    /// moment its forward motion starts (after delay and stagger) until its reverse motion starts.
    func layerIsActive(_ key: Int, now: UInt64) -> Bool {
        let record = records[key]
        switch motion[key].phase {
        case .flying(.forward): return now > record.motionOrigin
        case .flying(.reverse): return now <= record.motionOrigin
        case .presented, .fading(.forward), .dragged: return true
        case .idle, .waiting, .fading(.reverse): return false
        }
    }
}
