// Timing curves solved once per tick for everything that shares them.
//
// With a fixed tick, a curve timing's coefficient at tick k of its motion is a function of
// (curve, progress per tick, span in ticks, k) alone: Float(1 − y(k · progressPerTick)), or
// Float(1 − y(1)) from its last tick on. So:
//
// - A *table* per distinct (curve, progress per tick, span) holds that number for k = 1, 2, …,
//   solved the first time any timing reaches k (one solve per tick at most, however many
//   timings use it) and read by every later one. Tables are refcounted by their groups and
//   released when none is left; a released table's storage is kept for the next table up to
//   ``CurveTable/keptCapacity`` entries, so animations that come and go do not allocate each
//   time. Past ``CurveTable/storedTicks`` ticks (a curve running for minutes) the value is
//   solved each tick and not stored, so a table never outgrows 64 KiB.
// - A *group* per (table, origin) — the timings started on the same tick with the same curve,
//   speed, duration and delay (a start joins its table's newest group when the origin matches,
//   so starts interleaved with other delays may make more groups than that) — owns one
//   coefficient row that all its timings' lanes read, so a
//   tick costs one table read and one 16-byte write per group, not per timing, and the lane
//   loop reads a row that stays in the L1 cache. Its timings are linked through their records
//   (allocation-free), so its last tick can list them as due.

/// The solved values of one (curve, progress per tick, span).
struct CurveTable {
    struct Key: Hashable {
        var curve: UnitCurve
        /// The bit pattern of the progress per tick: equal keys give bit-identical values.
        var progressBits: UInt64
        var span: UInt64
    }

    var key: Key
    var progressPerTick: Double
    /// Float(1 − y) at tick k of the motion, for k = 1…count (index k − 1).
    var remaining: [Float] = []
    /// Float(1 − y(1)): every tick from the span on.
    var final: Float = 0
    /// The live groups that read the table (0 for a free slot).
    var groups = 0
    /// The group made last for this table, while it runs (``CurveGroup/none`` otherwise):
    /// starts join it when their origin matches.
    var newestGroup = CurveGroup.none

    /// The most ticks a table stores: 16,384, 136 s at 120 Hz (64 KiB of `Float`).
    static let storedTicks: UInt64 = 1 << 14
    /// A released table keeps its storage for the next one up to this many entries (16 KiB).
    static let keptCapacity = 4096

    init(key: Key, progressPerTick: Double) {
        self.key = key
        self.progressPerTick = progressPerTick
    }

    /// The entries a (new or reused) table for `key` reserves.
    static func capacity(for key: Key) -> Int { Int(min(key.span, CurveTable.storedTicks)) }

    /// Readies a (new or reused) slot for `key`: reserves the stored ticks it can need, so
    /// extending it as the motion runs never allocates — and at least `atLeast` entries (the
    /// most a table has needed so far, up to what a released table keeps), so that a slot
    /// reused for a longer motion grows once to that size, not again and again as the slots
    /// of the free list meet longer spans one by one.
    mutating func reset(key: Key, progressPerTick: Double, atLeast: Int) {
        self.key = key
        self.progressPerTick = progressPerTick
        remaining.removeAll(keepingCapacity: true)
        remaining.reserveCapacity(max(CurveTable.capacity(for: key), atLeast))
        final = Float(1 - key.curve.value(at: 1))
        groups = 0
        newestGroup = CurveGroup.none
    }

    /// Releases the entries, keeping a small buffer's storage for the next table.
    mutating func release() {
        if remaining.capacity > CurveTable.keptCapacity { remaining = [] } else { remaining.removeAll(keepingCapacity: true) }
        groups = 0
    }

    /// Float(1 − y) at tick `k` ≥ 1 of the motion: exactly what solving the curve at
    /// `Double(k) · progressPerTick` (or at 1 from the span on) gives.
    @inline(__always)
    mutating func remaining(atTick k: UInt64) -> Float {
        if k >= key.span { return final }
        if k <= UInt64(remaining.count) { return remaining[Int(k &- 1)] }
        return solve(k)
    }

    /// Solves the entries up to tick `k` (stored while within ``storedTicks``).
    private mutating func solve(_ k: UInt64) -> Float {
        let curve = key.curve, perTick = progressPerTick
        guard k <= CurveTable.storedTicks else { return Float(1 - curve.value(at: Double(k) * perTick)) }
        var next = UInt64(remaining.count) + 1
        while next <= k {
            remaining.append(Float(1 - curve.value(at: Double(next) * perTick)))
            next += 1
        }
        return remaining[Int(k &- 1)]
    }
}

/// The timings that share a table and an origin, and the coefficient row they share.
struct CurveGroup {
    var table: UInt32
    /// The last tick before the motion starts.
    var origin: UInt64
    /// The tick on which the motion ends (origin + span, saturating).
    var endTick: UInt64
    /// The coefficient row every lane of the group's timings reads.
    var row: UInt32
    /// The timings in the group, linked through their records in start order.
    var first: UInt32 = CurveGroup.none
    var last: UInt32 = CurveGroup.none
    var members = 0
    /// Where the group sits in the list of live groups.
    var listIndex: Int32 = 0

    static let none = UInt32.max
}
