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
    // Lanes.
    private(set) var value: [Float] = []
    private(set) var velocity: [Float] = []
    private(set) var target: [Float] = []
    private(set) var timing: [UInt32] = []
    /// The coefficient row each lane's step reads (its timing's `row`): the hot loop reads this,
    /// not `timing`, and only for blocks of lanes that read more than one row.
    private(set) var row: [UInt32] = []
    /// Per block of four lane rows (lanes 4b…4b + 3): the row all four read, or
    /// ``mixedBlock``. Exact for every whole block below `laneCount`; a partial last block's tag
    /// is unused (those lanes take the scalar step) and is set when the block fills.
    private(set) var blockRow: [UInt32] = []
    /// The view value each lane drives: view slot × 16 + channel.
    private(set) var output: [UInt32] = []

    // Coefficient rows: one per distinct spring matrix (shared), one per spring timing in its
    // delay, one per curve group.
    private(set) var coefficients: [StepCoefficients] = []
    /// Per row: the spring timings sharing it, or 0 for a row that is not shared (a spring's in
    /// its delay, a curve group's, a free one).
    private(set) var rowUsers: [UInt32] = []
    private var freeRows: [UInt32] = []
    /// The shared spring rows, by the bits of their matrix: every row with users is here.
    private var springRowIndex: [SpringRowKey: UInt32] = [:]
    /// The shared spring rows found lately, direct-mapped by a mix of their matrix's bits
    /// (`springRowSlot`), so that most starts find their row without hashing the key: an entry
    /// is a hint, checked against the row it names (still shared, the same bits).
    private var springRowHints: [UInt32] = []

    // Timings.
    private(set) var records: [TimingRecord] = []
    private var freeTimings: [UInt32] = []
    /// Springs need attention only at a few ticks of their life, so they wait in a min-heap
    /// instead of being scanned every tick. Entries of ended timings are dropped when popped.
    private var springEvents = EventHeap()
    private(set) var springCount = 0
    private(set) var curveCount = 0
    /// Timings with an event this tick, found by the interpolation pass, handled by `finish`.
    private var due: [UInt32] = []
    /// Where the read-aheads (`touchDue`, `touchNextTimings`' callers) leave their sums, so that
    /// the reads are kept.
    var touchSum: UInt32 = 0

    // Curve tables and groups (stable slots; the live groups also in a dense list).
    private var tables: [CurveTable] = []
    private var freeTables: [UInt32] = []
    /// The most entries a table has needed (up to ``CurveTable/keptCapacity``): every table
    /// reserves at least this many, so reused slots stop allocating once it stops growing.
    private var tableCapacity = 0
    private var tableIndex: [CurveTable.Key: UInt32] = [:]
    private var groups: [CurveGroup] = []
    private var freeGroups: [UInt32] = []
    private var liveGroups: [UInt32] = []
    /// The tables curve timings joined lately, direct-mapped by a cheap mix of the key's
    /// progress and span (`recentSlot`): starts of a few animations interleaved (flights of
    /// several durations landing together and sent back in key order) find their table
    /// without hashing the key. An entry is a hint, checked against the table it names.
    private var recentTables: [UInt32] = []
    /// The step matrices of the springs started lately (see `SpringSteps.swift`).
    var springSteps = SpringStepCache()

    /// The lanes are rows `0..<laneCount` of the lane columns. The columns never shrink: a
    /// removed row's place is reused by the next lane, so removing one (hundreds a tick when
    /// flights land) moves the last row into the hole and writes nothing else.
    private(set) var laneCount = 0
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
    @discardableResult
    mutating func start(_ animation: Animation, id: AnimationID, view: Entity, slot: Int,
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
    @inline(__always)
    static func spanTicks(_ seconds: Double, step: Double, atLeast minimum: UInt64,
                          rounding: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> UInt64 {
        let count = rounding == .up ? PortalMath.rounded(seconds / step - 1e-9, .up) : PortalMath.rounded(seconds / step, rounding)
        guard count < Double(maxSpanTicks) else { return maxSpanTicks }
        return count > Double(minimum) ? UInt64(count) : minimum
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

    private mutating func addLane(value now: Float, velocity v: Float, target goal: Float, timing timingSlot: UInt32, row stepRow: UInt32,
                                  slot: Int, channel: ViewChannel, views: inout ViewStore) {
        let out = slot * ViewChannel.stride + channel.rawValue
        if channel.isPlacement { views.noteGeometryWrite(slot: slot) }
        let row = laneCount
        views.setLane(out, Int32(row))
        if row < value.count {
            value[row] = now
            velocity[row] = v
            target[row] = goal
            timing[row] = timingSlot
            self.row[row] = stepRow
            output[row] = UInt32(out)
        } else {
            value.append(now)
            velocity.append(v)
            target.append(goal)
            timing.append(timingSlot)
            self.row.append(stepRow)
            output.append(UInt32(out))
            if row & 3 == 0 { blockRow.append(TrackStore.mixedBlock) }
        }
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
    private mutating func retag(block b: Int) {
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

    /// A coefficient row holding still (`.hold`) until its timing or group starts moving.
    private mutating func allocateRow() -> UInt32 {
        if let row = freeRows.popLast() { return row }
        coefficients.append(.hold)
        rowUsers.append(0)
        return UInt32(coefficients.count - 1)
    }

    /// The number of entries of `springRowHints` (a power of two).
    private static let springRowHintSlots = 64

    /// Where `springRowHints` keeps the row of `phi`: a multiplicative mix of its bits.
    @inline(__always)
    private static func springRowSlot(_ phi: StepCoefficients) -> Int {
        let key = SpringRowKey(phi)
        let mixed = (key.low &* 0x9E37_79B9_7F4A_7C15 ^ key.high) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 58) & (springRowHintSlots - 1)
    }

    /// Whether two matrices are the same bits (so that their lanes' steps are bit-identical).
    @inline(__always)
    static func sameBits(_ a: StepCoefficients, _ b: StepCoefficients) -> Bool {
        a.xx.bitPattern == b.xx.bitPattern && a.xv.bitPattern == b.xv.bitPattern
            && a.vx.bitPattern == b.vx.bitPattern && a.vv.bitPattern == b.vv.bitPattern
    }

    /// The row holding `phi` that every running spring timing with that matrix (and no delay
    /// left) reads, with the starting timing counted as one more user; made if there is none.
    private mutating func sharedSpringRow(_ phi: StepCoefficients) -> UInt32 {
        if springRowHints.isEmpty { springRowHints = Array(repeating: CurveGroup.none, count: TrackStore.springRowHintSlots) }
        let slot = TrackStore.springRowSlot(phi)
        let hint = springRowHints[slot]
        let row: UInt32
        if hint != CurveGroup.none, rowUsers[Int(hint)] > 0, TrackStore.sameBits(coefficients[Int(hint)], phi) {
            row = hint
        } else if let found = springRowIndex[SpringRowKey(phi)] {
            row = found
        } else {
            row = allocateRow()
            coefficients[Int(row)] = phi
            springRowIndex[SpringRowKey(phi)] = row
        }
        springRowHints[slot] = row
        rowUsers[Int(row)] += 1
        return row
    }

    /// Moves a delayed spring timing whose delay has ended from its own row to the shared row
    /// of its matrix: its lanes' rows (and their blocks' tags) change, their steps do not.
    private mutating func joinSharedRow(timing slot: Int, _ phi: StepCoefficients, views: inout ViewStore) {
        let shared = sharedSpringRow(phi)
        freeRow(records[slot].row)
        records[slot].row = shared
        let base = Int(records[slot].viewSlot) * ViewChannel.stride
        var channels = records[slot].channels
        while channels != 0 {
            let lane = Int(views.lanes[base + channels.trailingZeroBitCount])
            channels &= channels - 1
            row[lane] = shared
            retag(block: lane &>> 2)
        }
    }

    /// Gives back an ending spring timing's row: one user fewer of a shared row (freed with its
    /// last), or its own row.
    private mutating func releaseSpringRow(_ row: UInt32) {
        let users = rowUsers[Int(row)]
        if users > 1 {
            rowUsers[Int(row)] = users - 1
            return
        }
        if users == 1 {
            rowUsers[Int(row)] = 0
            springRowIndex[SpringRowKey(coefficients[Int(row)])] = nil
        }
        freeRow(row)
    }

    private mutating func freeRow(_ row: UInt32) {
        coefficients[Int(row)] = .hold
        freeRows.append(row)
    }

    // MARK: - Curve tables and groups

    /// The number of entries of `recentTables` (a power of two).
    private static let recentTableSlots = 64

    /// Where `recentTables` keeps the table of `key`: a multiplicative mix of its progress bits
    /// and span (no `Hasher`: hashing the key on every lookup costs more than the start it serves).
    @inline(__always)
    private static func recentSlot(_ key: CurveTable.Key) -> Int {
        let mixed = (key.progressBits ^ (key.span &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 58) & (recentTableSlots - 1)
    }

    /// The group of timings moving along `curve` from `origin` to `endTick`, with the joining
    /// timing already counted: the table's newest group if it has that origin, else a new group
    /// (and a new table if none has the key). Only the newest group is looked at: starts come in
    /// tick order, so a burst of starts with one animation joins one group; a start that finds
    /// another origin there (a different delay in between) makes a group of its own, which costs
    /// one more row write per tick, never a wrong value. A group a new timing can join has not
    /// moved yet: its origin is at or after the tick before the first tick that will advance the
    /// timing, which no preparation has reached.
    private mutating func joinGroup(_ curve: UnitCurve, progressPerTick: Double, origin: UInt64, endTick: UInt64) -> UInt32 {
        let key = CurveTable.Key(curve: curve, progressBits: progressPerTick.bitPattern, span: endTick &- origin)
        let table: UInt32
        if recentTables.isEmpty { recentTables = Array(repeating: CurveGroup.none, count: TrackStore.recentTableSlots) }
        let recentSlot = TrackStore.recentSlot(key)
        let recent = recentTables[recentSlot]
        // A table with groups is the one `tableIndex` names for its key (see `checkInvariants`).
        if recent != CurveGroup.none, tables[Int(recent)].groups > 0, tables[Int(recent)].key == key {
            table = recent
        } else if let found = tableIndex[key] {
            table = found
        } else {
            if let free = freeTables.popLast() {
                table = free
            } else {
                tables.append(CurveTable(key: key, progressPerTick: progressPerTick))
                table = UInt32(tables.count - 1)
            }
            tableCapacity = max(tableCapacity, min(CurveTable.capacity(for: key), CurveTable.keptCapacity))
            tables[Int(table)].reset(key: key, progressPerTick: progressPerTick, atLeast: tableCapacity)
            tableIndex[key] = table
        }
        recentTables[recentSlot] = table
        let newest = tables[Int(table)].newestGroup
        if newest != CurveGroup.none, groups[Int(newest)].origin == origin {
            groups[Int(newest)].members += 1
            return newest
        }
        var group = CurveGroup(table: table, origin: origin, endTick: endTick, row: allocateRow())
        group.members = 1
        group.listIndex = Int32(liveGroups.count)
        let slot: UInt32
        if let free = freeGroups.popLast() {
            slot = free
            groups[Int(slot)] = group
        } else {
            groups.append(group)
            slot = UInt32(groups.count - 1)
        }
        liveGroups.append(slot)
        tables[Int(table)].groups += 1
        tables[Int(table)].newestGroup = slot
        return slot
    }

    /// Appends a curve timing (already counted by ``joinGroup``) to its group's list.
    private mutating func link(_ timingSlot: UInt32, into group: UInt32) {
        curveCount += 1
        let last = groups[Int(group)].last
        records[Int(timingSlot)].previousMember = last
        records[Int(timingSlot)].nextMember = CurveGroup.none
        if last == CurveGroup.none { groups[Int(group)].first = timingSlot } else { records[Int(last)].nextMember = timingSlot }
        groups[Int(group)].last = timingSlot
    }

    /// Takes an ending curve timing out of its group, releasing the group (its row, and its
    /// table if no other group reads it) when it was the last.
    private mutating func unlink(_ timingSlot: UInt32, from group: UInt32) {
        curveCount -= 1
        let previous = records[Int(timingSlot)].previousMember, next = records[Int(timingSlot)].nextMember
        if previous == CurveGroup.none { groups[Int(group)].first = next } else { records[Int(previous)].nextMember = next }
        if next == CurveGroup.none { groups[Int(group)].last = previous } else { records[Int(next)].previousMember = previous }
        groups[Int(group)].members -= 1
        guard groups[Int(group)].members == 0 else { return }
        let released = groups[Int(group)]
        freeRow(released.row)
        let index = Int(released.listIndex), lastIndex = liveGroups.count - 1
        if index != lastIndex { groups[Int(liveGroups[lastIndex])].listIndex = Int32(index) }
        liveGroups.swapRemove(at: index)
        freeGroups.append(group)
        let table = Int(released.table)
        if tables[table].newestGroup == group { tables[table].newestGroup = CurveGroup.none }
        tables[table].groups -= 1
        if tables[table].groups == 0 {
            tableIndex[tables[table].key] = nil
            tables[table].release()
            freeTables.append(UInt32(table))
        }
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
    private mutating func end(timing slot: Int, interrupted: Bool, events: inout [WorldEvent]) {
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
        freeTimings.append(UInt32(slot))
    }

    // MARK: - The tick

    /// Interpolation, part one: brings every timing's step matrix up to date for `tick` and
    /// collects the timings with an event this tick.
    mutating func prepare(tick: UInt64) {
        while let next = springEvents.popDue(by: tick) {
            let slot = Int(next.owner)
            guard records[slot].version == next.version else { continue }
            // A delayed spring's own row, should its lanes not have moved to the shared row at
            // the end of its delay (`finish`), starts moving now. (The world starts no timing
            // that could miss it; a store driven from tick 0 could.)
            if tick == TrackStore.later(records[slot].origin, by: 1), case let .spring(phi, _, _) = records[slot].drive,
               rowUsers[Int(records[slot].row)] == 0 {
                coefficients[Int(records[slot].row)] = phi
            }
            due.append(next.owner)
        }
        // Every curve group that has started, every tick: one table read (a solve the first
        // time a table reaches a tick) and one row write for all its timings; on its last tick
        // its timings are due.
        for i in liveGroups.indices {
            let slot = Int(liveGroups[i])
            let group = groups[slot]
            guard tick > group.origin else { continue }
            let remaining = tables[Int(group.table)].remaining(atTick: tick &- group.origin)
            coefficients[Int(group.row)] = StepCoefficients(xx: 0, xv: remaining, vx: 0, vv: 1)
            guard tick >= group.endTick else { continue }
            var member = group.first
            while member != CurveGroup.none {
                due.append(member)
                member = records[Int(member)].nextMember
            }
        }
    }

    /// Interpolation, part two — the hot loop: advances every lane by one tick.
    ///
    /// Four lanes at a time in SIMD registers, one coefficient per register, and the same
    /// multiplications and additions as the scalar step on all four, so every lane's result is
    /// bit for bit the scalar one. A block of four lanes that read one row (its `blockRow` tag)
    /// broadcasts that row's four coefficients — kept in their registers while the next uniform
    /// blocks name the same row, so a run of lanes of one spring loads and shuffles nothing per
    /// block; a mixed block gathers its four rows (16 bytes each, one register) and transposes
    /// them. The last `count % 4` lanes take the scalar step.
    ///
    /// The gather is kept to the fewest instructions: the four row indices come in two 8-byte
    /// loads, and the transpose is the 8-shuffle one (see ``transpose(_:_:_:_:)``).
    @_optimize(speed)
    mutating func advanceLanes() {
        let count = laneCount
        value.withUnsafeMutableBufferPointer { value in
            velocity.withUnsafeMutableBufferPointer { velocity in
                target.withUnsafeBufferPointer { target in
                    row.withUnsafeBufferPointer { rows in
                    blockRow.withUnsafeBufferPointer { tags in
                        coefficients.withUnsafeBufferPointer { coefficients in
                            var i = 0
                            if count >= 4, let x = UnsafeMutableRawPointer(value.baseAddress), let v = UnsafeMutableRawPointer(velocity.baseAddress),
                               let goals = UnsafeRawPointer(target.baseAddress), let k = UnsafeRawPointer(coefficients.baseAddress),
                               let rowBytes = UnsafeRawPointer(rows.baseAddress), let tagBase = tags.baseAddress {
                            let shift = MemoryLayout<StepCoefficients>.stride.trailingZeroBitCount
                            /// One block of four lanes with its coefficients, one per register.
                            @inline(__always)
                            func step(_ offset: Int, _ xx: SIMD4<Float>, _ xv: SIMD4<Float>, _ vx: SIMD4<Float>, _ vv: SIMD4<Float>) {
                                let goal = goals.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                                let now = x.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                                let speed = v.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                                let d = now - goal
                                x.storeBytes(of: goal + (xx * d + xv * speed), toByteOffset: offset, as: SIMD4<Float>.self)
                                v.storeBytes(of: vx * d + vv * speed, toByteOffset: offset, as: SIMD4<Float>.self)
                            }
                            // A uniform block broadcasts its row's coefficients and steps, with
                            // them still in registers, every following block tagged with the
                            // same row (one load, compare and branch per block); a mixed block
                            // gathers.
                            while i &+ 4 <= count {
                                let tag = tagBase[i &>> 2]
                                if tag != TrackStore.mixedBlock {
                                    let c = k.loadUnaligned(fromByteOffset: Int(tag) &<< shift, as: SIMD4<Float>.self)
                                    let (xx, xv, vx, vv) = (SIMD4(repeating: c.x), SIMD4(repeating: c.y), SIMD4(repeating: c.z), SIMD4(repeating: c.w))
                                    repeat {
                                        step(i &* MemoryLayout<Float>.stride, xx, xv, vx, vv)
                                        i &+= 4
                                    } while i &+ 4 <= count && tagBase[i &>> 2] == tag
                                } else {
                                    let offset = i &* MemoryLayout<Float>.stride
                                    let (r0, r1) = TrackStore.rowPair(rowBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                                    let (r2, r3) = TrackStore.rowPair(rowBytes.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
                                    let k0 = k.loadUnaligned(fromByteOffset: r0 &<< shift, as: SIMD4<Float>.self)
                                    let k1 = k.loadUnaligned(fromByteOffset: r1 &<< shift, as: SIMD4<Float>.self)
                                    let k2 = k.loadUnaligned(fromByteOffset: r2 &<< shift, as: SIMD4<Float>.self)
                                    let k3 = k.loadUnaligned(fromByteOffset: r3 &<< shift, as: SIMD4<Float>.self)
                                    let (xx, xv, vx, vv) = TrackStore.transpose(k0, k1, k2, k3)
                                    step(offset, xx, xv, vx, vv)
                                    i &+= 4
                                }
                            }
                            }
                            while i < count {
                                let k = coefficients[Int(rows[i])]
                                let goal = target[i]
                                let d = value[i] - goal
                                let v = velocity[i]
                                value[i] = goal + (k.xx * d + k.xv * v)
                                velocity[i] = k.vx * d + k.vv * v
                                i += 1
                            }
                        }
                    }
                    }
                }
            }
        }
    }

    /// The row indices of two consecutive lanes, read as one 8-byte word.
    @inline(__always)
    static func rowPair(_ bits: UInt64) -> (Int, Int) {
        #if _endian(little)
        (Int(truncatingIfNeeded: bits & 0xFFFF_FFFF), Int(truncatingIfNeeded: bits &>> 32))
        #else
        (Int(truncatingIfNeeded: bits &>> 32), Int(truncatingIfNeeded: bits & 0xFFFF_FFFF))
        #endif
    }

    /// The 4×4 transpose of four lanes' (xx, xv, vx, vv) records into one register per
    /// coefficient, in 8 shuffles: the pairs (k0.x, k1.x, k0.y, k1.y) and the like, then their
    /// 8-byte halves combined. The halves are moved as `Double`s so that the compiler keeps the
    /// two steps; written as one shuffle per result it fuses them into 3 shuffles each (12 in
    /// all), and shuffles are what the gathering loop is bound by.
    @inline(__always)
    static func transpose(_ k0: SIMD4<Float>, _ k1: SIMD4<Float>, _ k2: SIMD4<Float>,
                          _ k3: SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        let low01 = unsafeBitCast(SIMD4(k0.x, k1.x, k0.y, k1.y), to: SIMD2<Double>.self)
        let low23 = unsafeBitCast(SIMD4(k2.x, k3.x, k2.y, k3.y), to: SIMD2<Double>.self)
        let high01 = unsafeBitCast(SIMD4(k0.z, k1.z, k0.w, k1.w), to: SIMD2<Double>.self)
        let high23 = unsafeBitCast(SIMD4(k2.z, k3.z, k2.w, k3.w), to: SIMD2<Double>.self)
        return (unsafeBitCast(SIMD2(low01.x, low23.x), to: SIMD4<Float>.self), unsafeBitCast(SIMD2(low01.y, low23.y), to: SIMD4<Float>.self),
                unsafeBitCast(SIMD2(high01.x, high23.x), to: SIMD4<Float>.self), unsafeBitCast(SIMD2(high01.y, high23.y), to: SIMD4<Float>.self))
    }

    /// Snapping and finish: reports logical completions, retires settled animations (their
    /// lanes land exactly on their targets), and schedules the next event of the rest.
    mutating func finish(tick: UInt64, views: inout ViewStore, events: inout [WorldEvent]) {
        for chunk in ReadAhead.chunks(of: due.indices) {
            if due.count > 1 { touchDue(chunk, views: views) }
            for i in chunk { finish(timing: Int(due[i]), tick: tick, views: &views, events: &events) }
        }
        due.removeAll(keepingCapacity: true)
    }

    /// Reads ahead (see `ReadAhead`) what finishing the timings in `range` of `due` touches:
    /// their records, their views' blocks, their lanes' rows, and a curve timing's neighbours in
    /// its group's list (a landing unlinks it). A whole duration class of flights lands on one
    /// tick, and nothing has read these since the flights began.
    private mutating func touchDue(_ range: Range<Int>, views: ViewStore) {
        var sum = touchSum
        records.withUnsafeBufferPointer { records in
            for i in range { sum &+= touchLines(records.baseAddress! + Int(due[i])) }
            for i in range {
                let record = records.baseAddress! + Int(due[i])
                sum &+= views.touchBlocks(slot: Int(record.pointee.viewSlot))
                if case .curve = record.pointee.drive {
                    let (previous, next) = (record.pointee.previousMember, record.pointee.nextMember)
                    if previous != CurveGroup.none { sum &+= touchLines(records.baseAddress! + Int(previous)) }
                    if next != CurveGroup.none { sum &+= touchLines(records.baseAddress! + Int(next)) }
                }
            }
            var landing = 0
            for i in range {
                let record = records.baseAddress! + Int(due[i])
                let base = Int(record.pointee.viewSlot) * ViewChannel.stride
                var channels = record.pointee.channels
                landing += channels.nonzeroBitCount
                while channels != 0 {
                    let lane = Int(views.lanes[base + channels.trailingZeroBitCount])
                    channels &= channels - 1
                    guard lane >= 0, lane < laneCount else { continue }
                    sum &+= value[lane].bitPattern &+ velocity[lane].bitPattern &+ target[lane].bitPattern
                    sum &+= UInt32(timing[lane]) &+ row[lane] &+ output[lane]
                }
            }
            // The lanes that removing as many swaps into the holes (the last ones), whose
            // views' lane maps are rewritten, and the animated views those removals drop.
            for k in 0..<min(landing, laneCount) { sum &+= UInt32(bitPattern: views.lanes[Int(output[laneCount - 1 - k])]) }
            sum &+= views.touchAnimatedTail(range.count)
        }
        touchSum = sum
    }

    /// Finishes timing `slot`, due this tick (see `finish(tick:views:events:)`).
    private mutating func finish(timing slot: Int, tick: UInt64, views: inout ViewStore, events: inout [WorldEvent]) {
        var record = records[slot]
        if !record.logicalReported && tick >= record.logicalTick {
            if record.id != .internal { events.append(.animationCompleted(AnimationCompletion(id: record.id, view: record.view,
                                                                  criterion: .logicallyComplete, tick: tick, wasInterrupted: false))) }
            record.logicalReported = true
            records[slot].logicalReported = true
        }
        if tick >= record.settleTick {
            landLanes(of: record.channels, base: Int(record.viewSlot) * ViewChannel.stride, views: &views)
            records[slot].channels = 0
            end(timing: slot, interrupted: false, events: &events)
        } else if case let .spring(phi, _, _) = record.drive {
            if tick >= record.origin && rowUsers[Int(record.row)] == 0 {
                joinSharedRow(timing: slot, phi, views: &views)
            }
            let next = record.logicalReported ? record.settleTick : min(record.logicalTick, record.settleTick)
            springEvents.push(ScheduledEvent(tick: next, owner: UInt32(slot), version: record.version))
        }
    }

    /// Lands the lanes of `channels` of the view whose block starts at `base` on their targets
    /// and removes them, channel by channel in increasing order: what setting each lane's value
    /// to its target and then ``removeLaneRow(_:views:)`` does, with each lane column made
    /// unique once per settling animation instead of once per lane (a landing flight removes five
    /// lanes, and whole duration classes of flights land on one tick). Its timing's bookkeeping
    /// is the caller's.
    private mutating func landLanes(of channels: UInt16, base: Int, views: inout ViewStore) {
        var channels = channels
        var count = laneCount
        value.withUnsafeMutableBufferPointer { value in
            velocity.withUnsafeMutableBufferPointer { velocity in
                target.withUnsafeMutableBufferPointer { target in
                    timing.withUnsafeMutableBufferPointer { timing in
                        row.withUnsafeMutableBufferPointer { rows in
                            output.withUnsafeMutableBufferPointer { output in
                                blockRow.withUnsafeMutableBufferPointer { tags in
                                    while channels != 0 {
                                        let c = channels.trailingZeroBitCount
                                        channels &= channels - 1
                                        let lane = Int(views.lanes[base + c])
                                        let out = Int(output[lane])
                                        value[lane] = target[lane]
                                        views.values[out] = value[lane]
                                        views.lanes[out] = ViewStore.noLane   // counted by `dropLanes` below
                                        let last = count - 1
                                        count = last
                                        guard lane != last else { continue }
                                        views.lanes[Int(output[last])] = Int32(lane)
                                        value[lane] = value[last]
                                        velocity[lane] = velocity[last]
                                        target[lane] = target[last]
                                        timing[lane] = timing[last]
                                        rows[lane] = rows[last]
                                        output[lane] = output[last]
                                        tags[lane &>> 2] = TrackStore.blockTag(lane &>> 2, rows: UnsafeBufferPointer(rows))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        views.dropLanes(laneCount - count, slot: base / ViewChannel.stride)
        laneCount = count
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
        value[row] = value[last]
        velocity[row] = velocity[last]
        target[row] = target[last]
        timing[row] = timing[last]
        self.row[row] = self.row[last]
        output[row] = output[last]
        retag(block: row &>> 2)
    }

    /// Output, part one: copies every lane's presented value into its view's block.
    ///
    /// `mutating` though it writes nothing here: called on the world's `tracks` with the world's
    /// `views` inout, a non-mutating method had the whole store copied out first (a retain and
    /// a release per array, every tick), a mutating one runs in place.
    mutating func writeBack(into views: inout ViewStore) {
        let count = laneCount
        value.withUnsafeBufferPointer { value in
            output.withUnsafeBufferPointer { output in
                views.writeLanes(value, to: output, count: count)
            }
        }
    }

    /// The target of running lane `lane`.
    func runningTarget(lane: Int) -> Float { target[lane] }

    func checkInvariants(views: ViewStore) {
        let n = laneCount
        precondition(n <= value.count && velocity.count == value.count && target.count == value.count
                     && timing.count == value.count && output.count == value.count, "tracks: lane columns differ in length")
        for row in 0..<n {
            precondition(views.lanes[Int(output[row])] == Int32(row), "tracks: lane \(row) and its view disagree")
            let record = records[Int(timing[row])]
            precondition(record.channels & (1 << UInt16(Int(output[row]) % ViewChannel.stride)) != 0,
                         "tracks: lane \(row) is not among its timing's channels")
            precondition(self.row[row] == record.row, "tracks: lane \(row) reads another row than its timing's")
        }
        // Block tags: every whole block's tag, recomputed from its lanes' rows.
        precondition(blockRow.count == (value.count + 3) / 4, "tracks: block tags and lane columns differ in length")
        for b in 0..<n / 4 {
            let rows = self.row[4 * b ..< 4 * b + 4]
            let expected = rows.allSatisfy { $0 == rows.first } ? rows.first! : TrackStore.mixedBlock
            precondition(blockRow[b] == expected, "tracks: block \(b) is tagged \(blockRow[b]), its lanes read \(Array(rows))")
        }
        springEvents.checkInvariants("tracks")
        precondition(timingCount + freeTimings.count == records.count, "tracks: timing slots leak")
        // Curve groups: each live group's list holds exactly the curve timings that name it, in
        // both directions; rows are owned once; tables are counted by their groups and indexed.
        var members = 0, tableUsers = [Int](repeating: 0, count: tables.count)
        precondition(rowUsers.count == coefficients.count, "tracks: row users and rows differ in length")
        var rowOwners = [Int](repeating: 0, count: coefficients.count)
        var springUsers = [UInt32](repeating: 0, count: coefficients.count)
        for row in freeRows { rowOwners[Int(row)] += 1 }
        for (i, slot) in liveGroups.enumerated() {
            let group = groups[Int(slot)]
            precondition(group.listIndex == Int32(i) && group.members > 0, "tracks: curve group list")
            precondition(group.endTick == TrackStore.later(group.origin, by: tables[Int(group.table)].key.span), "tracks: curve group end")
            tableUsers[Int(group.table)] += 1
            rowOwners[Int(group.row)] += 1
            var member = group.first, previous = CurveGroup.none, count = 0
            while member != CurveGroup.none {
                let record = records[Int(member)]
                guard case let .curve(owner) = record.drive, owner == slot else {
                    preconditionFailure("tracks: a curve group lists a timing that is not its own")
                }
                precondition(record.previousMember == previous && record.row == group.row && record.origin == group.origin,
                             "tracks: curve group links")
                previous = member
                member = record.nextMember
                count += 1
            }
            precondition(previous == group.last && count == group.members, "tracks: curve group \(slot) counts \(group.members), lists \(count)")
            members += count
        }
        precondition(members == curveCount, "tracks: curve timings and groups disagree")
        for (i, table) in tables.enumerated() {
            precondition(table.groups == tableUsers[i], "tracks: curve table \(i) counts \(table.groups) groups, has \(tableUsers[i])")
            let newest = table.newestGroup
            precondition(newest == CurveGroup.none || (table.groups > 0 && groups[Int(newest)].table == UInt32(i)
                                                       && liveGroups.contains(newest)), "tracks: curve table \(i)'s newest group")
            precondition(table.groups == 0 ? tableIndex[table.key] != UInt32(i) : tableIndex[table.key] == UInt32(i), "tracks: curve table index")
        }
        precondition(tableIndex.count + freeTables.count == tables.count, "tracks: curve table slots leak")
        var live = [Bool](repeating: true, count: records.count)
        for slot in freeTimings { live[Int(slot)] = false }
        for (i, record) in records.enumerated() where live[i] {
            if case let .spring(phi, _, _) = record.drive {
                // A shared row is owned once, by all its users together, and holds their matrix.
                if rowUsers[Int(record.row)] == 0 {
                    rowOwners[Int(record.row)] += 1
                } else {
                    if springUsers[Int(record.row)] == 0 { rowOwners[Int(record.row)] += 1 }
                    springUsers[Int(record.row)] += 1
                    precondition(TrackStore.sameBits(coefficients[Int(record.row)], phi), "tracks: timing \(i) shares a row of another matrix")
                }
            }
            if case let .curve(group) = record.drive {
                precondition(groups[Int(group)].members > 0 && groups[Int(group)].row == record.row, "tracks: timing \(i) names a dead group")
            }
        }
        precondition(rowOwners.allSatisfy { $0 == 1 }, "tracks: a coefficient row is owned twice or leaked")
        precondition(springUsers == rowUsers, "tracks: a shared spring row counts other users than it has")
        // Every shared row is indexed by its matrix, and only shared rows are.
        precondition(springRowIndex.count == rowUsers.lazy.filter { $0 > 0 }.count
                     && springRowIndex.allSatisfy { rowUsers[Int($0.value)] > 0 && SpringRowKey(coefficients[Int($0.value)]) == $0.key },
                     "tracks: the shared spring rows' index")
    }
}
