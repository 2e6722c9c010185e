// Portals: anchors, per-id state, groups and item scopes.
//
// Ids are interned once, at the call that names them; the systems compare integers. Each
// portal id has one record in a dense array indexed by its interned key. Only portals with
// something in motion (waiting, flying, fading, or a request to apply) are on the `active`
// list that the systems walk each tick, so portals at rest cost nothing.
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

    /// Whether the source and the destination are shown.
    var visibility: (source: Bool, destination: Bool) {
        switch self {
        case .idle, .waiting, .fading(.reverse): return (true, false)
        case .presented, .fading(.forward): return (false, true)
        case .flying: return (false, false)
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
    /// What the hot path needs of the configuration (the rest stays in `PortalStore.configs`).
    var corners: PortalCorners?
    var completionCriteria = AnimationCompletionCriteria.removed
    var removal = PortalLayerRemoval.none
    var layerContent: Entity?
    /// The landing anchor's frame and radius when the flight last followed it.
    var followed: (Rect, Float)?
    /// A group member's stagger: added to the configured delay.
    var staggerDelay = 0.0
    var group: Int?

    /// The layer at the source side; with reduced motion, the outgoing or incoming layer there.
    var layer: Entity?
    var flight: TimingHandle?
    /// The last tick before the flight's motion starts (after its delay).
    var motionOrigin: UInt64 = 0
    var minimumTicks: UInt64 = 0
}

/// The part of a portal's state that the landing pass reads for every flight, and the slow paths
/// first, in a column of its own (32 bytes per portal, so that a pass over thousands of flights
/// reads a few cache lines per hundred portals rather than the whole ~230-byte record of each).
struct PortalMotion {
    /// The earliest tick the flight can land: checked before the timing itself, which is read
    /// only from then on (a moving anchor can push a spring's settling later).
    var landingTick: UInt64 = 0
    var phase = PortalPhase.idle
    var hasPendingRequest = false
    var isOnActiveList = false
    /// With reduced motion only: the layer at the destination side.
    var crossFadeLayer: Entity?
}

/// The anchor a flight heads for, as the matching pass last read it: the anchor, the view slot
/// it had, and its frame and corner radius (the same values as the record's last known frame of
/// that side). Lets the matching pass's fast path compare the anchor's view block with what it
/// was, reading 32 bytes per portal in key order instead of the ~230-byte record.
struct AnchorWatch {
    /// `slot` when the watch has not been read since the flight began or its anchors, its
    /// phase or its request changed: take the slow path, which reads it again.
    static let unknown: UInt32 = .max
    /// `slot` when the flight has no anchor to follow (unmarked or despawned): it keeps
    /// flying to the last known frame, so there is nothing to compare.
    static let gone: UInt32 = .max - 1

    var anchor = Entity(index: 0, generation: 0)
    var slot = AnchorWatch.unknown
    var x: Float = 0, y: Float = 0, width: Float = 0, height: Float = 0
    var radius: Float = 0
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
    /// The anchor each flight follows, as last read, parallel to `records`; see ``AnchorWatch``.
    var watch: [AnchorWatch] = []
    /// Each portal's id, parallel to `records`.
    var ids: [PortalID] = []
    /// Each portal's configuration, parallel to `records`: read when a flight starts, turns or
    /// lands, never in the per-tick loops.
    var configs: [PortalTransitionConfig] = []
    var anchors = ComponentTable<PortalAnchor>()
    /// Layer entity → the key of the portal that owns it.
    var layerOwners = ComponentTable<UInt32>()
    /// Keys the systems visit each tick. The front `activeSortedCount` keys are in increasing
    /// order; keys activated since the last pass are appended after them and merged in by
    /// `sortActive()` before the next pass, so that the passes walk the records (and, in
    /// grids spawned in order, the anchors' views) front to back instead of at random.
    var active: [UInt32] = []
    var activeSortedCount = 0
    /// Scratch space for `sortActive()`, kept between ticks.
    private var activeScratch: [UInt32] = []
    var groups: [PortalGroup] = []
    var groupIndex: [String: Int] = [:]
    /// Item-driven transitions: per scope, the item presented now and the last one presented.
    var itemScopes: [String: (current: PortalID?, last: PortalID?)] = [:]

    mutating func intern(_ id: PortalID) -> UInt32 {
        if let key = keys[id] { return key }
        let key = UInt32(records.count)
        records.append(PortalRecord())
        motion.append(PortalMotion())
        watch.append(AnchorWatch())
        ids.append(id)
        configs.append(PortalTransitionConfig())
        keys[id] = key
        return key
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
        watch[key].slot = AnchorWatch.unknown
    }

    /// Flags a request for the next matching pass, which takes the slow path for it.
    mutating func markRequestPending(_ key: Int) {
        motion[key].hasPendingRequest = true
        watch[key].slot = AnchorWatch.unknown
    }

    /// Sets (or with `nil` clears) one anchor of portal `key`. Every change of an anchor goes
    /// through here, so that the flight's watch is read again.
    mutating func setAnchor(_ view: Entity?, as role: PortalRole, of key: Int) {
        if role == .source { records[key].source = view } else { records[key].destination = view }
        watch[key].slot = AnchorWatch.unknown
    }

    mutating func setConfig(_ config: PortalTransitionConfig, for key: Int) {
        configs[key] = config
        records[key].corners = config.corners
        records[key].completionCriteria = config.animation.completionCriteria
        records[key].removal = config.removal
        records[key].layerContent = config.layerContent
    }

    mutating func activate(_ key: UInt32) {
        guard !motion[Int(key)].isOnActiveList else { return }
        motion[Int(key)].isOnActiveList = true
        active.append(key)
    }

    /// Merges the keys activated since the last pass into the sorted front of `active`.
    mutating func sortActive() {
        let sorted = activeSortedCount
        guard sorted < active.count else { return }
        activeScratch.removeAll(keepingCapacity: true)
        activeScratch.append(contentsOf: active[sorted...])
        activeScratch.sort()
        // Merge from the back: the largest remaining key of either run goes last.
        active.withUnsafeMutableBufferPointer { merged in
            activeScratch.withUnsafeBufferPointer { added in
                var i = sorted - 1, j = added.count - 1, write = merged.count - 1
                while j >= 0 {
                    if i >= 0 && merged[i] > added[j] {
                        merged[write] = merged[i]
                        i -= 1
                    } else {
                        merged[write] = added[j]
                        j -= 1
                    }
                    write -= 1
                }
            }
        }
        activeSortedCount = active.count
    }

    mutating func group(named id: String) -> Int {
        if let index = groupIndex[id] { return index }
        groups.append(PortalGroup(id: id))
        groupIndex[id] = groups.count - 1
        return groups.count - 1
    }
}
