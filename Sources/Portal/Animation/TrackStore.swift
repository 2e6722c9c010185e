// Running animations, in two tables.
//
// A *timing* is one running animation (one `animate` call on one view): its spring matrix or
// timing curve, its start, its completion ticks. Timings live in stable slots because lanes
// point at them.
//
// A *lane* (a track row) is one animated number: a frame's x, an opacity. Lanes are a dense
// struct-of-arrays table with swap-remove — a lane row is valid only until the next removal —
// and they are the hot loop: every tick each lane advances by
//
//     d = value − target
//     value' = target + xx·d + xv·v
//     v'     = vx·d + vv·v
//
// with (xx, xv, vx, vv) read from its coefficient row. For a spring that matrix is the exact
// state-transition matrix exp(A·Δt), constant for the life of the animation, in a row shared by
// every spring timing with the same matrix (the same spring, tick and speed: a host animating
// ten thousand views with `.smooth` runs ten thousand timings on one row) — a spring that
// starts after a delay holds still on a row of its own until the delay ends, then its lanes
// move to the shared row; for a
// timing curve the lane keeps its initial displacement d₀ in `velocity` and the row
// holds (0, 1 − y(t), 0, 1), where y is the curve's value, so value' = target + d₀·(1 − y).
// During a delay the matrix is the identity. One loop serves both, with no transcendental
// function in it. A curve's row is shared by every timing started on the same
// tick with the same curve, speed, duration and delay, and y comes from a table solved once per
// (curve, progress per tick) (see CurveTables.swift): a tick costs one table read per group of
// timings, not a solve per timing.
//
// The hot loop also keeps a tag per block of four lanes (`blockRow`): the row all four read,
// or ``TrackStore/mixedBlock`` when they read different rows. A block with one row broadcasts
// its coefficients, as a loop whose matrix is known would (and a run of blocks on one row
// keeps them in registers); only mixed blocks gather four rows. So the loop reads one byte of
// row data per lane instead of a 4-byte row index, and gathers nothing where lanes share a row.
// The tag is a branch per block, predictable as long as mixed blocks are rare or regular (see
// `Documentation/Design/Performance.md`, *The hot loop*). The tags are rewritten wherever a lane's row changes:
// adding and removing (swap-remove) lanes, a delayed spring's lanes joining their shared row;
// not when a row's *contents* change (a curve group's, every tick).
//
// Lanes write presented values only into their own `value` column; the output stage copies them
// into the views' blocks (`writeBack`). Only views with running animations own lanes, so idle
// views cost nothing here.
//
// This file holds the tables, starting, retargeting and stopping; the shared spring rows, the
// curve groups, the tick's kernel and the invariants are in `TrackStore+SpringRows.swift`,
// `TrackStore+CurveGroups.swift`, `TrackStore+Tick.swift` and `TrackStore+Invariants.swift`.

/// One tick of a lane's motion: value' = target + xx·d + xv·v, v' = vx·d + vv·v.
struct StepCoefficients: Hashable {
    var xx: Float, xv: Float, vx: Float, vv: Float
    /// Holds a lane still (a delay).
    static let hold = StepCoefficients(xx: 1, xv: 0, vx: 0, vv: 1)
}

/// The cold facts of one running animation.
struct TimingRecord {
    enum Drive {
        /// The per-tick matrix in world time (speed folded in), the animation's speed and its
        /// spring (to recompute the settle tick when a target moves).
        case spring(StepCoefficients, speed: Double, Spring)
        /// The curve group (a slot of `groups`), which names its table: the curve and the
        /// fraction of the curve per tick.
        case curve(group: UInt32)
    }
    var drive: Drive
    /// The last tick before the motion starts: at the end of tick m the motion has run
    /// (m − origin) ticks.
    var origin: UInt64
    var logicalTick: UInt64
    var settleTick: UInt64
    var logicalReported = false
    var id: AnimationID
    var view: Entity
    var viewSlot: UInt32
    /// The channels (bits of ``ViewChannel``) whose lanes this timing still drives.
    var channels: UInt16
    /// The coefficient row the timing's lanes read: its own for a spring, its group's for a curve.
    var row: UInt32 = 0
    /// A curve timing's neighbours in its group's list of timings (``CurveGroup/none`` at the ends).
    var previousMember = CurveGroup.none
    var nextMember = CurveGroup.none
    /// Bumped whenever the timing ends, so that events still queued for it are ignored.
    var version: UInt32 = 0
}

/// A spring matrix's bits, the key of its shared row: equal keys step bit-identically.
struct SpringRowKey: Hashable {
    var low: UInt64, high: UInt64

    init(_ phi: StepCoefficients) {
        low = UInt64(phi.xx.bitPattern) | UInt64(phi.xv.bitPattern) << 32
        high = UInt64(phi.vx.bitPattern) | UInt64(phi.vv.bitPattern) << 32
    }
}

/// Names one running animation for as long as it runs: a timing slot and the slot's version
/// (slots are reused; the version tells a new occupant from the old).
struct TimingHandle: Hashable {
    let slot: UInt32
    let version: UInt32
}

struct TrackStore {
    #if arch(wasm32)
    /// `start`'s targets gathered into one array type, kept between starts so that gathering
    /// them allocates nothing once it has held the most a start passes (see `start`).
    private var startTargets: [(ViewChannel, Float)] = []
    #endif
    // Lanes (written here and by the tick's landing, `TrackStore+Tick.swift`).
    var value: [Float] = []
    var velocity: [Float] = []
    var target: [Float] = []
    var timing: [UInt32] = []
    /// The coefficient row each lane's step reads (its timing's `row`): the hot loop reads this,
    /// not `timing`, and only for blocks of lanes that read more than one row.
    var row: [UInt32] = []
    /// Per block of four lane rows (lanes 4b…4b + 3): the row all four read, or
    /// ``mixedBlock``. Exact for every whole block below `laneCount`; a partial last block's tag
    /// is unused (those lanes take the scalar step) and is set when the block fills.
    var blockRow: [UInt32] = []
    /// The view value each lane drives: view slot × 16 + channel.
    var output: [UInt32] = []

    // Coefficient rows: one per distinct spring matrix (shared), one per spring timing in its
    // delay, one per curve group (kept by `TrackStore+SpringRows.swift`; a curve group's row
    // written each tick by `prepare`).
    var coefficients: [StepCoefficients] = []
    /// Per row: the spring timings sharing it, or 0 for a row that is not shared (a spring's in
    /// its delay, a curve group's, a free one).
    var rowUsers: [UInt32] = []
    var freeRows: [UInt32] = []
    /// The shared spring rows, by the bits of their matrix: every row with users is here.
    var springRowIndex: [SpringRowKey: UInt32] = [:]
    /// The shared spring rows found lately, direct-mapped by a mix of their matrix's bits
    /// (`springRowSlot`), so that most starts find their row without hashing the key: an entry
    /// is a hint, checked against the row it names (still shared, the same bits).
    var springRowHints: [UInt32] = []

    // Timings.
    var records: [TimingRecord] = []
    private(set) var freeTimings: [UInt32] = []
    /// Springs need attention only at a few ticks of their life, so they wait in a min-heap
    /// instead of being scanned every tick. Entries of ended timings are dropped when popped.
    var springEvents = EventHeap()
    private(set) var springCount = 0
    var curveCount = 0
    /// Timings with an event this tick, found by the interpolation pass, handled by `finish`.
    var due: [UInt32] = []
    /// Where the read-aheads (`touchDue`, `touchNextTimings`' callers) leave their sums, so that
    /// the reads are kept.
    var touchSum: UInt32 = 0

    // Curve tables and groups (stable slots; the live groups also in a dense list), kept by
    // `TrackStore+CurveGroups.swift`.
    var tables: [CurveTable] = []
    var freeTables: [UInt32] = []
    /// The most entries a table has needed (up to ``CurveTable/keptCapacity``): every table
    /// reserves at least this many, so reused slots stop allocating once it stops growing.
    var tableCapacity = 0
    var tableIndex: [CurveTable.Key: UInt32] = [:]
    var groups: [CurveGroup] = []
    var freeGroups: [UInt32] = []
    var liveGroups: [UInt32] = []
    /// The tables curve timings joined lately, direct-mapped by a cheap mix of the key's
    /// progress and span (`recentSlot`): starts of a few animations interleaved (flights of
    /// several durations landing together and sent back in key order) find their table
    /// without hashing the key. An entry is a hint, checked against the table it names.
    var recentTables: [UInt32] = []
    /// The step matrices of the springs started lately (see `SpringSteps.swift`).
    var springSteps = SpringStepCache()

    /// The lanes are rows `0..<laneCount` of the lane columns. The columns never shrink: a
    /// removed row's place is reused by the next lane, so removing one (hundreds a tick when
    /// flights land) moves the last row into the hole and writes nothing else.
    var laneCount = 0
    /// The tick being run, set by the world as each tick begins: the tick every completion
    /// event reports, whether the animation ends in its finish stage or is stopped or taken over
    /// at any point of the tick (an animation started after the interpolation stage begins on
    /// the next tick, but what it interrupts is interrupted on this one).
    var currentTick: UInt64 = 0
    var timingCount: Int { springCount + curveCount }
    /// The curve tables in use (each read by at least one group).
    var curveTableCount: Int { tableIndex.count }
    /// The groups of curve timings running.
    var curveGroupCount: Int { liveGroups.count }

    mutating func reserveCapacity(lanes: Int, timings: Int) {
        value.reserveCapacity(lanes); velocity.reserveCapacity(lanes); target.reserveCapacity(lanes)
        timing.reserveCapacity(lanes); row.reserveCapacity(lanes); output.reserveCapacity(lanes)
        blockRow.reserveCapacity(lanes / 4 + 1); rowUsers.reserveCapacity(timings)
        springRowIndex.reserveCapacity(SpringStepCache.capacity)
        coefficients.reserveCapacity(timings); records.reserveCapacity(timings); freeTimings.reserveCapacity(timings); freeRows.reserveCapacity(timings)
        springEvents.reserveCapacity(timings); due.reserveCapacity(timings)
    }

    // MARK: - Starting and retargeting

    /// Starts `animation` on the channels of the view in `slot`, from their presented values (or
    /// their running lanes, keeping value and velocity) towards `targets`. `tick` is the first
    /// tick that will advance it: the current tick when started before the interpolation stage,
    /// the next one when started after it.
    @discardableResult @inline(__always)
    mutating func start(_ animation: Animation, id: AnimationID, view: Entity, slot: Int,
                        targets: some Sequence<(ViewChannel, Float)>, tick: UInt64, step: Double, tolerance: Float,
                        views: inout ViewStore, events: inout [WorldEvent]) -> TimingHandle {
        #if arch(wasm32)
        // The WebAssembly module keeps one body, for an array of targets: specialised for each
        // of the four target sequences the callers pass, it was 28 KB of the module. The array
        // is the store's own, moved out for the start and back (no allocation a start);
        // natively each sequence keeps its own body.
        var gathered: [(ViewChannel, Float)] = []
        swap(&gathered, &startTargets)
        gathered.removeAll(keepingCapacity: true)
        gathered.append(contentsOf: targets)
        let handle = begin(animation, id: id, view: view, slot: slot, targets: gathered, tick: tick, step: step,
                           tolerance: tolerance, views: &views, events: &events)
        swap(&gathered, &startTargets)
        return handle
        #else
        begin(animation, id: id, view: view, slot: slot, targets: targets, tick: tick, step: step,
              tolerance: tolerance, views: &views, events: &events)
        #endif
    }

    /// `start`'s body.
    private mutating func begin(_ animation: Animation, id: AnimationID, view: Entity, slot: Int,
                                targets: some Sequence<(ViewChannel, Float)>, tick: UInt64, step: Double, tolerance: Float,
                                views: inout ViewStore, events: inout [WorldEvent]) -> TimingHandle {
        let speed = animation.speed
        let origin = TrackStore.later(tick == 0 ? 0 : tick - 1, by: TrackStore.spanTicks(animation.delay, step: step, atLeast: 0))
        let timingSlot = allocateTiming()
        let version = records[Int(timingSlot)].version
        var channels: UInt16 = 0
        let drive: TimingRecord.Drive
        let stepRow: UInt32
        var logicalTick: UInt64, settleTick: UInt64
        switch animation.motion {
        case let .spring(spring, initialVelocity):
            let phi = springSteps.coefficients(spring, step: step, speed: speed)
            drive = .spring(phi, speed: speed, spring)
            // Moving from its first tick (no delay to hold through), the timing can read the
            // row every timing with this matrix reads; a delayed one holds still on its own row
            // until its origin, when `finish` moves its lanes to the shared row.
            stepRow = origin < tick ? sharedSpringRow(phi) : allocateRow()
            logicalTick = TrackStore.later(origin, by: ticks(spring.duration / speed, step: step))
            // The ticks of the slowest lane to settle (at least 1): the ticks of the longest
            // settling time, as tick counts grow with the seconds they count.
            var settleSpan: UInt64 = 1
            let regime = spring.regime
            if TrackStore.noLanes(on: targets, slot: slot, views: &views) {
                channels = addFreshLanes(targets, timing: timingSlot, row: stepRow, slot: slot, views: &views) { now, goal in
                    let carried: Float = 0  // what `takeOver` returns for a channel with no lane (0 + −0 is +0)
                    let v = TrackStore.bounded(carried + Float(initialVelocity) * (goal - now))
                    settleSpan = TrackStore.settleTicks(spring, regime: regime, displacement: Double(now - goal), velocity: Double(v),
                                                        speed: speed, tolerance: tolerance, step: step, atLeast: settleSpan)
                    return v
                }
            } else {
                for (channel, goal) in targets {
                    let (taken, carried) = takeOver(channel, slot: slot, tick: tick, step: step, views: &views, events: &events)
                    let now = TrackStore.bounded(taken)
                    let v = TrackStore.bounded(carried + Float(initialVelocity) * (goal - now))
                    settleSpan = TrackStore.settleTicks(spring, regime: regime, displacement: Double(now - goal), velocity: Double(v),
                                                        speed: speed, tolerance: tolerance, step: step, atLeast: settleSpan)
                    addLane(value: now, velocity: v, target: goal, timing: timingSlot, row: stepRow, slot: slot, channel: channel, views: &views)
                    channels |= 1 << UInt16(channel.rawValue)
                }
            }
            settleTick = TrackStore.later(origin, by: settleSpan)
        case let .curve(curve, duration):
            let progressPerTick = step * speed / duration
            logicalTick = TrackStore.later(origin, by: ticks(duration / speed, step: step))
            settleTick = logicalTick
            // Joining counts the timing in its group at once, so a lane taken over below cannot
            // end the group's last timing and release the group (or its table) under it.
            let group = joinGroup(curve, progressPerTick: progressPerTick, origin: origin, endTick: logicalTick)
            drive = .curve(group: group)
            stepRow = groups[Int(group)].row
            if TrackStore.noLanes(on: targets, slot: slot, views: &views) {
                channels = addFreshLanes(targets, timing: timingSlot, row: stepRow, slot: slot, views: &views) { now, goal in now - goal }
            } else {
                for (channel, goal) in targets {
                    let (taken, _) = takeOver(channel, slot: slot, tick: tick, step: step, views: &views, events: &events)
                    let now = TrackStore.bounded(taken)
                    addLane(value: now, velocity: now - goal, target: goal, timing: timingSlot, row: stepRow, slot: slot, channel: channel, views: &views)
                    channels |= 1 << UInt16(channel.rawValue)
                }
            }
        }
        let record = TimingRecord(drive: drive, origin: origin, logicalTick: logicalTick, settleTick: settleTick,
                                  id: id, view: view, viewSlot: UInt32(slot), channels: channels, row: stepRow, version: version)
        records[Int(timingSlot)] = record
        switch drive {
        case .spring:
            springCount += 1
            // A delayed spring's first event is the end of its delay, when its lanes move to the
            // shared row (`finish`); a moving one's is its first tick.
            springEvents.push(ScheduledEvent(tick: origin < tick ? TrackStore.later(origin, by: 1) : origin, owner: timingSlot, version: version))
        case let .curve(group):
            link(timingSlot, into: group)
        }
        return TimingHandle(slot: timingSlot, version: version)
    }

    /// The logical-completion and settle ticks of a running animation, or `nil` once it has
    /// ended (settled, interrupted or stopped).
    func completionTicks(_ handle: TimingHandle) -> (origin: UInt64, logical: UInt64, settle: UInt64)? {
        let record = records[Int(handle.slot)]
        guard record.version == handle.version, record.channels != 0 else { return nil }
        return (record.origin, record.logicalTick, record.settleTick)
    }

    /// Whole ticks covering `seconds` (at least one).
    func tickCount(covering seconds: Double, step: Double) -> UInt64 { ticks(seconds, step: step) }

    /// Moves the target of a channel's running lane without restarting its motion. A spring
    /// keeps its value and velocity and heads for the new target (its settle tick is pushed
    /// back if the new displacement needs longer); a timing curve bends its path,
    /// from + (to′ − from)·y(t), so it still arrives on time. Returns `false` when the channel
    /// has no running lane.
    @discardableResult
    mutating func moveTarget(_ channel: ViewChannel, slot: Int, to goal: Float, tick: UInt64, step: Double,
                             tolerance: Float, views: ViewStore) -> Bool {
        let lane = Int(views.lanes[slot * ViewChannel.stride + channel.rawValue])
        guard lane != Int(ViewStore.noLane) else { return false }
        moveTarget(lane: lane, to: goal, tick: tick, step: step, tolerance: tolerance)
        return true
    }

    /// ``moveTarget(_:slot:to:tick:step:tolerance:views:)`` for the running lane `lane`.
    mutating func moveTarget(lane: Int, to goal: Float, tick: UInt64, step: Double, tolerance: Float) {
        let old = target[lane]
        guard old != goal else { return }
        let timingSlot = Int(timing[lane])
        target[lane] = goal
        switch records[timingSlot].drive {
        case .curve:
            velocity[lane] += old - goal    // d₀′ = from − to′ = d₀ + (to − to′)
        case let .spring(_, speed, spring):
            pushSettle(timingSlot, lane: lane, spring: spring, speed: speed, tick: tick, step: step, tolerance: tolerance)
        }
    }

    /// Carries running lane `lane` along with its target, moved to `goal`: the lane keeps its
    /// offset from the target (value − target) and its velocity, so its value moves by exactly
    /// what the target moved and its motion goes on as if the target had not moved — the same
    /// offset each tick, the same logical and settle ticks. This is how SwiftUI presents an
    /// animated value whose model value changes in a transaction with no animation: the running
    /// animation keeps its interval and the presented value is the new model value plus the
    /// animation's remaining part (see `Documentation/Design/Portals.md`). A portal layer follows a
    /// moving landing anchor this way. For a curve lane, whose value is recomputed each tick
    /// from its target and its initial offset, only the value presented now changes.
    @inline(__always)
    mutating func carry(lane: Int, to goal: Float) {
        let offset = value[lane] - target[lane]
        target[lane] = goal
        value[lane] = goal + offset
    }

    /// Sets a lane whose motion has not begun (its timing is still in its delay) to start from
    /// `start` and head for `goal`, as if it had been started so: a curve lane's initial offset
    /// becomes `start − goal`; a spring lane keeps its velocity, and its timing's settle tick
    /// is pushed back if the new motion needs longer.
    mutating func reaim(lane: Int, from start: Float, to goal: Float, tick: UInt64, step: Double, tolerance: Float) {
        let timingSlot = Int(timing[lane])
        value[lane] = start
        target[lane] = goal
        switch records[timingSlot].drive {
        case .curve:
            velocity[lane] = start - goal
        case let .spring(_, speed, spring):
            pushSettle(timingSlot, lane: lane, spring: spring, speed: speed, tick: tick, step: step, tolerance: tolerance)
        }
    }

    /// Gives spring lane `lane` the velocity `v` (units per second of world time), as if its
    /// spring had been started with the per-lane `initialVelocity` v ÷ (target − value): a
    /// released drag hands each of its channels its own rate. Its timing's settle tick is pushed
    /// back if the new motion needs longer. A timing-curve lane has no velocity of its own and
    /// is left as it is. Allocates nothing.
    mutating func setVelocity(lane: Int, to v: Float, tick: UInt64, step: Double, tolerance: Float) {
        let timingSlot = Int(timing[lane])
        guard case let .spring(_, speed, spring) = records[timingSlot].drive else { return }
        velocity[lane] = TrackStore.bounded(v)
        pushSettle(timingSlot, lane: lane, spring: spring, speed: speed, tick: tick, step: step, tolerance: tolerance)
    }

    /// Pushes the settle tick of spring timing `timingSlot` back if lane `lane`, from its value
    /// and velocity now, needs longer to settle on its target.
    private mutating func pushSettle(_ timingSlot: Int, lane: Int, spring: Spring, speed: Double, tick: UInt64, step: Double,
                                     tolerance: Float) {
        let from = max(records[timingSlot].origin, tick == 0 ? 0 : tick - 1)
        let settle = records[timingSlot].settleTick
        // Only a settle tick later than the one set matters: ask for no fewer ticks than that.
        let span = TrackStore.settleTicks(spring, displacement: Double(value[lane] - target[lane]), velocity: Double(velocity[lane]),
                                          speed: speed, tolerance: tolerance, step: step, atLeast: settle > from ? settle - from : 0)
        records[timingSlot].settleTick = max(settle, TrackStore.later(from, by: span))
    }

    /// SwiftUI's ε: a spring is settled within this fraction of its motion.
    static let relativeSettleTolerance = 0.001

    /// World seconds until a lane moving from (`displacement`, `velocity`, in world time) stays
    /// settled: within 0.001 of the size of its motion, as SwiftUI's springs, and never tighter
    /// than the absolute `tolerance`. The size of a motion is its displacement, or for a lane
    /// set going from rest by a velocity alone, how far that velocity carries it (|v| / ω₀).
    static func settlingSeconds(_ spring: Spring, displacement: Double, velocity: Double, speed: Double, tolerance: Float) -> Double {
        let animationVelocity = velocity / speed
        let size = max(abs(displacement), abs(animationVelocity) / spring.naturalFrequency)
        let threshold = max(Double(tolerance), relativeSettleTolerance * size)
        return spring.settlingTime(displacement: displacement, velocity: animationVelocity, tolerance: threshold) / speed
    }

    /// Whole ticks covering `seconds` (at least one): a motion that lasts 0.5 s at 120 Hz ends
    /// on its 60th tick.
    private func ticks(_ seconds: Double, step: Double) -> UInt64 {
        TrackStore.spanTicks(seconds, step: step, atLeast: 1, rounding: .up)
    }

    /// The most ticks one span of an animation (a delay, a duration, a settling time) counts:
    /// 2³², 414 days at 120 Hz — a span that would last longer (an undamped spring's settling)
    /// ends there. Validated animations stay far below it except for such never-ending springs.
    static let maxSpanTicks: UInt64 = 1 << 32

    /// `seconds` as whole ticks, clamped into `atLeast`…``maxSpanTicks`` (NaN and ∞ count as the
    /// maximum), so no span, whatever its seconds, speed or tick rate, converts out of range.
    /// Delays round to the nearest tick, durations up (with a billionth of a tick of slack, so
    /// 0.5 s at 120 Hz is 60 ticks, not 61).
    /// (The rounding is the store's own two-case enum, not the standard library's
    /// `FloatingPointRoundingRule`: that enum is resilient, so a rule passed to a function that
    /// is not inlined is built and compared through its value witnesses, about 30 instructions a
    /// start.)
    @inline(__always)
    static func spanTicks(_ seconds: Double, step: Double, atLeast minimum: UInt64, rounding: SpanRounding = .nearest) -> UInt64 {
        let count = rounding == .up ? PortalMath.rounded(seconds / step - 1e-9, .up)
                                    : PortalMath.rounded(seconds / step, .toNearestOrAwayFromZero)
        guard count < Double(maxSpanTicks) else { return maxSpanTicks }
        return count > Double(minimum) ? UInt64(count) : minimum
    }

    /// How ``spanTicks(_:step:atLeast:rounding:)`` rounds: delays to the nearest tick (halves
    /// away from zero), durations and settling times up.
    enum SpanRounding {
        case nearest, up
    }

    /// The largest magnitude of the value and of the velocity (units per second) a lane starts
    /// from: 1e18. Each start adds initialVelocity × (target − value) to the velocity it carries
    /// on, so a slow spring retargeted every tick with the largest accepted initial velocity grew
    /// ×1e4 a tick and overflowed `Float` within ten. From a start within ±1e18 a spring's lane
    /// stays within |x₀| + |v₀|·min(t, 1/ω₀) (its energy only falls) — below 1e26 over the longest
    /// lane life — and a curve's within 891 times its change, so every presented value is finite.
    static let maxStartMagnitude: Float = 1e18

    @inline(__always)
    static func bounded(_ x: Float) -> Float { min(max(x, -maxStartMagnitude), maxStartMagnitude) }

    /// `tick` + `span`, saturating at the largest tick: a span added to any tick — even one
    /// near the counter's end, which a world would take millions of years to reach — cannot
    /// overflow.
    @inline(__always)
    static func later(_ tick: UInt64, by span: UInt64) -> UInt64 {
        let (sum, overflow) = tick.addingReportingOverflow(span)
        return overflow ? .max : sum
    }

    /// Detaches a running lane from its animation, if the channel has one, and returns the
    /// channel's presented value and velocity (in units per second of world time). The lane
    /// row stays in place for the caller to reuse or remove.
    private mutating func takeOver(_ channel: ViewChannel, slot: Int, tick: UInt64, step: Double,
                                   views: inout ViewStore, events: inout [WorldEvent]) -> (Float, Float) {
        let out = slot * ViewChannel.stride + channel.rawValue
        let lane = Int(views.lanes[out])
        guard lane != Int(ViewStore.noLane) else { return (views.values[out], 0) }
        let speed = currentVelocity(lane: lane, tick: tick, step: step)
        let now = value[lane]
        removeLane(lane, views: &views, events: &events)
        return (now, speed)
    }

    /// The velocity of a lane as of the end of the previous tick, in world time.
    private func currentVelocity(lane: Int, tick: UInt64, step: Double) -> Float {
        let record = records[Int(timing[lane])]
        switch record.drive {
        case .spring:
            return velocity[lane]
        case let .curve(group):
            let table = tables[Int(groups[Int(group)].table)]
            let progressPerTick = table.progressPerTick
            let elapsed = Double(tick) - 1 - Double(record.origin)
            let progress = elapsed * progressPerTick
            guard progress > 0, progress < 1 else { return 0 }
            // A vertical tangent (or one nearly so) is taken as the whole curve in one tick, so a
            // spring that takes the lane over starts with a finite velocity, never ∞ or 0·∞.
            let limit = 1 / progressPerTick
            let slope = min(max(table.key.curve.velocity(at: progress), -limit), limit)
            // value = target + d₀·(1 − y(f)), f advancing progressPerTick per tick.
            return Float(-Double(velocity[lane]) * slope * progressPerTick / step)
        }
    }

    /// The lane columns (indexed by a lane's row), each with a vacant row's entry: the one list
    /// a new row grows, a removal moves the last lane through and the invariants check (see
    /// `SlotColumns.swift`). `blockRow`, one tag per four rows, is kept apart.
    @inline(__always)
    mutating func forEachLaneColumn(_ v: inout some SlotColumnVisitor) {
        v.visit(&value, vacant: 0)
        v.visit(&velocity, vacant: 0)
        v.visit(&target, vacant: 0)
        v.visit(&timing, vacant: 0)
        v.visit(&row, vacant: 0)
        v.visit(&output, vacant: 0)
    }

    private mutating func addLane(value now: Float, velocity v: Float, target goal: Float, timing timingSlot: UInt32, row stepRow: UInt32,
                                  slot: Int, channel: ViewChannel, views: inout ViewStore) {
        let out = slot * ViewChannel.stride + channel.rawValue
        if channel.isPlacement { views.noteGeometryWrite(slot: slot) }
        let row = laneCount
        views.setLane(out, Int32(row))
        if row == value.count {
            var grow = GrowColumns()
            forEachLaneColumn(&grow)
            if row & 3 == 0 { blockRow.append(TrackStore.mixedBlock) }
        }
        value[row] = now
        velocity[row] = v
        target[row] = goal
        timing[row] = timingSlot
        self.row[row] = stepRow
        output[row] = UInt32(out)
        laneCount += 1
        retag(block: row &>> 2)
    }

    /// The tag of a block of four lanes whose rows do not all agree (or whose rows are not all
    /// written yet).
    static let mixedBlock = UInt32.max

    /// Recomputes the tag of block `b` from its four lane rows (see `blockRow`). Rows past
    /// `laneCount` may be stale: the tag matters only once the block is whole, and the lane
    /// that makes it whole retags it.
    @inline(__always)
    mutating func retag(block b: Int) {
        blockRow[b] = row.withUnsafeBufferPointer { TrackStore.blockTag(b, rows: $0) }
    }

    /// The tag block `b` should have, from the lane rows `rows` (the whole `row` column).
    @inline(__always)
    static func blockTag(_ b: Int, rows: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let first = b &<< 2
        guard first &+ 4 <= rows.count else { return mixedBlock }
        let r = rows[first]
        return rows[first &+ 1] == r && rows[first &+ 2] == r && rows[first &+ 3] == r ? r : mixedBlock
    }

    /// Whether no channel among `targets` of the view in `slot` has a running lane: then a start
    /// takes nothing over, and its lanes can be added together (``addFreshLanes``).
    private static func noLanes(on targets: some Sequence<(ViewChannel, Float)>, slot: Int, views: inout ViewStore) -> Bool {
        views.lanes.withUnsafeBufferPointer { lanes in
            let base = slot * ViewChannel.stride
            for (channel, _) in targets where lanes[base + channel.rawValue] != ViewStore.noLane { return false }
            return true
        }
    }

    /// Adds a lane for each of `targets` of the view in `slot`, none of which has a running lane
    /// (see ``noLanes(on:slot:views:)``), starting from the channel's presented value (bounded)
    /// with the velocity `velocity(now, goal)` says, and returns the channels' bits. The same
    /// lanes, in the same order, with the same view bookkeeping as one ``addLane`` per target,
    /// but each lane column is made unique once per start rather than once per lane: a flight
    /// starts five lanes, and hundreds of flights start in one tick when their host sends them
    /// back together. (`targets` is iterated twice: every caller passes a value sequence.)
    private mutating func addFreshLanes(_ targets: some Sequence<(ViewChannel, Float)>, timing timingSlot: UInt32, row stepRow: UInt32,
                                        slot: Int, views: inout ViewStore,
                                        velocity laneVelocity: (_ now: Float, _ goal: Float) -> Float) -> UInt16 {
        var count = 0, placement = false
        for (channel, _) in targets {
            count += 1
            placement = placement || channel.isPlacement
        }
        // Noted once: a view's placement writes note it once anyway (see `noteGeometryWrite`).
        if placement { views.noteGeometryWrite(slot: slot) }
        let first = laneCount
        while value.count < first + count {
            if value.count & 3 == 0 { blockRow.append(TrackStore.mixedBlock) }
            value.append(0); velocity.append(0); target.append(0); timing.append(0); row.append(0); output.append(0)
        }
        var channels: UInt16 = 0
        value.withUnsafeMutableBufferPointer { value in
            velocity.withUnsafeMutableBufferPointer { velocity in
                target.withUnsafeMutableBufferPointer { target in
                    timing.withUnsafeMutableBufferPointer { timing in
                        row.withUnsafeMutableBufferPointer { rows in
                            output.withUnsafeMutableBufferPointer { output in
                                var lane = first
                                for (channel, goal) in targets {
                                    let out = slot * ViewChannel.stride + channel.rawValue
                                    let now = TrackStore.bounded(views.values[out])
                                    value[lane] = now
                                    velocity[lane] = laneVelocity(now, goal)
                                    target[lane] = goal
                                    timing[lane] = timingSlot
                                    rows[lane] = stepRow
                                    output[lane] = UInt32(out)
                                    channels |= 1 << UInt16(channel.rawValue)
                                    lane += 1
                                }
                                views.setFreshLanes(UnsafeBufferPointer(rebasing: output[first..<lane]), first: first, slot: slot)
                            }
                        }
                    }
                }
            }
        }
        laneCount = first + count
        if count > 0 {
            for b in (first &>> 2)...((first + count - 1) &>> 2) { retag(block: b) }
        }
        return channels
    }

    /// Reads the records of the next `count` timings to be allocated (from the free list), all
    /// their lines, for a read-ahead: a flight start writes one.
    func touchNextTimings(_ count: Int) -> UInt32 {
        var sum: UInt32 = 0
        freeTimings.withUnsafeBufferPointer { free in
            records.withUnsafeBufferPointer { records in
                for k in 0..<min(count, free.count) { sum &+= touchLines(records.baseAddress! + Int(free[free.count - 1 - k])) }
            }
        }
        return sum
    }

    private mutating func allocateTiming() -> UInt32 {
        if let slot = freeTimings.popLast() { return slot }
        records.append(TimingRecord(drive: .spring(.hold, speed: 1, .smooth), origin: 0, logicalTick: 0, settleTick: 0,
                                    id: AnimationID(rawValue: 0), view: Entity(index: 0, generation: 0),
                                    viewSlot: 0, channels: 0))
        return UInt32(records.count - 1)
    }

    // MARK: - Stopping

    /// Removes lane `row` (swap-remove), clears the view's channel, and detaches it from its
    /// timing; a timing left with no lanes ends as interrupted. The view keeps the lane's
    /// last presented value.
    mutating func removeLane(_ row: Int, views: inout ViewStore, events: inout [WorldEvent]) {
        let timingSlot = Int(timing[row])
        records[timingSlot].channels &= ~(1 << UInt16(Int(output[row]) % ViewChannel.stride))
        removeLaneRow(row, views: &views)
        if records[timingSlot].channels == 0 {
            end(timing: timingSlot, interrupted: true, events: &events)
        }
    }

    /// Stops every lane of the view in `slot`, leaving the presented values where they are.
    mutating func stopAll(slot: Int, views: inout ViewStore, events: inout [WorldEvent]) {
        // A view with no lane (a landed layer: its lanes ended as it settled) has nothing to scan.
        guard views.laneCountOf.withUnsafeBufferPointer({ $0[slot] }) != 0 else { return }
        let base = slot * ViewChannel.stride
        for c in 0..<ViewChannel.stride where views.lanes[base + c] != ViewStore.noLane {
            removeLane(Int(views.lanes[base + c]), views: &views, events: &events)
        }
    }

    /// Stops the lane of one channel, if it has one.
    mutating func stop(_ channel: ViewChannel, slot: Int, views: inout ViewStore, events: inout [WorldEvent]) {
        let lane = views.lanes[slot * ViewChannel.stride + channel.rawValue]
        if lane != ViewStore.noLane { removeLane(Int(lane), views: &views, events: &events) }
    }

    /// Reports the completion criteria not yet reported (on ``currentTick``) and frees the
    /// timing slot. Its lanes must already be gone.
    mutating func end(timing slot: Int, interrupted: Bool, events: inout [WorldEvent]) {
        let record = records[slot]
        let tick = currentTick
        if record.id == .internal {
        } else if !record.logicalReported {
            events.append(.animationCompleted(AnimationCompletion(id: record.id, view: record.view, criterion: .logicallyComplete,
                                                                  tick: tick, wasInterrupted: interrupted)))
        }
        if record.id != .internal {
            events.append(.animationCompleted(AnimationCompletion(id: record.id, view: record.view, criterion: .removed,
                                                                  tick: tick, wasInterrupted: interrupted)))
        }
        switch record.drive {
        case .spring:
            springCount -= 1
            releaseSpringRow(record.row)
        case let .curve(group):
            unlink(UInt32(slot), from: group)
        }
        records[slot].channels = 0
        records[slot].version &+= 1
        freeTimings.append(UInt32(slot), bound: records.count)
    }

    /// Removes lane `row` (swap-remove) and clears its view channel, leaving the lane's value
    /// presented. Its timing's bookkeeping is the caller's.
    private mutating func removeLaneRow(_ row: Int, views: inout ViewStore) {
        let out = Int(output[row])
        views.values[out] = value[row]
        views.setLane(out, ViewStore.noLane)
        let last = laneCount - 1
        laneCount = last
        guard row != last else { return }
        views.lanes[Int(output[last])] = Int32(row)
        var move = MoveColumns(from: last, to: row)
        forEachLaneColumn(&move)
        retag(block: row &>> 2)
    }

    /// The target of running lane `lane`.
    func runningTarget(lane: Int) -> Float { target[lane] }
}
