// The pointers that are down: a small table of records, each with its velocity tracker (inline,
// fixed size) and its pan candidates. A record's place is reused by the next pointer that goes
// down, keeping its candidate list's storage, so steady input allocates nothing; the table grows
// only to the most pointers ever down at once.
//
// Each view has an index from pointer id to place (`PointerIndex`, open addressing), so an
// event finds its pointer in constant time however many are down; the indices, like the table,
// grow only to the most pointers ever down at once. A free row is the lowest one, as a scan from
// the first would find it (rows below `firstFree` are all down).
//
// Two views of the pointers, as for every staged call: `projected` is what the calls made so
// far leave down (validation reads it at the call), `records` what the applied events left
// (the arbiter reads and writes it at the tick).

/// What a down pointer is doing, at the tick.
enum PointerMode: UInt8 {
    /// Within the slop of its press: a tap, a long press or a pan may follow.
    case possible
    /// Its owner takes its pan.
    case panning
    /// Past the slop, taken by no one.
    case unclaimed
    /// Held within the slop past the long-press delay.
    case longPress
}

/// A pan candidate found at a press: a registered handler and the view it has a candidate at.
struct PanCandidate {
    /// Index into `FeatureRegistry.panHandlers`.
    var handler: Int
    var view: Entity
}

/// One pointer that is down (or a free place, `isDown == false`).
struct PointerRecord {
    var pointer: Int = 0
    var isDown = false
    var mode = PointerMode.possible
    var tracker = VelocityTracker()
    /// The press: where, when (host seconds) and on which tick it was applied.
    var start = Point.zero
    var startTime = 0.0
    var pressTick: UInt64 = 0
    /// The latest event's location and time.
    var location = Point.zero
    var time = 0.0
    /// What the press hit.
    var hit: HitTestResult?
    /// Whether a candidate's `pressed` reported it stopped something (then it is not a tap).
    var stoppedSomething = false
    /// The locked axis and the location at the lock (translations are measured from it).
    var axis = PanAxis.vertical
    var lockLocation = Point.zero
    /// The owner, while `mode == .panning`.
    var owner = PanCandidate(handler: 0, view: Entity(bits: 0))
    /// The candidates along the pressed view and its ancestors, innermost first; its storage
    /// is kept from pointer to pointer.
    var candidates: [PanCandidate] = []
}

/// A pointer down after the calls made so far, for validating the next call.
struct ProjectedPointer {
    var pointer: Int
    var time: Double
}

/// The pointer table (see the file's notes).
struct PointerStore {
    var records: [PointerRecord] = []
    var projected: [ProjectedPointer] = []
    /// How many records are down: the tick's checks do nothing when none is.
    var downCount = 0
    /// The down records' rows by pointer.
    private(set) var rows = PointerIndex()
    /// The index in `projected` of each pointer there.
    private(set) var projectedIndices = PointerIndex()
    /// Every row below it is down.
    private(set) var firstFree = 0

    /// The row of the down pointer `pointer` at the tick.
    func row(of pointer: Int) -> Int? { rows.find(pointer) }

    /// The index of `pointer` in `projected`.
    func projectedIndex(of pointer: Int) -> Int? { projectedIndices.find(pointer) }

    /// Checks `event` against the projection (``World/validatePointer(_:)``'s part that reads
    /// the table) and returns the pointer's index in `projected` (`nil` for a press). Mutating
    /// though it only reads: the world calls it on its stored table, which a non-mutating call
    /// may copy.
    mutating func projectedIndex(validating event: PointerEvent) throws(PortalError) -> Int? {
        let index = projectedIndex(of: event.pointer)
        if event.phase == .began {
            guard index == nil else { throw .pointerAlreadyDown(event.pointer) }
        } else {
            guard let index else { throw .pointerNotDown(event.pointer) }
            let last = projected[index].time
            guard event.time >= last else {
                throw .invalidValue("event.time", event.time,
                                    reason: "earlier than pointer \(event.pointer)'s previous event at \(last): time may not go backwards")
            }
        }
        return index
    }

    /// Projects a validated `event`: the next call sees its pointer down or up. `index` is the
    /// pointer's in `projected`, as the validation found it.
    mutating func project(_ event: PointerEvent, at index: Int?) {
        switch event.phase {
        case .began:
            project(event.pointer, time: event.time)
        case .moved:
            if let index { projected[index].time = event.time }
        case .ended, .cancelled:
            if let index { unproject(at: index) }
        }
    }

    /// Adds a move's sample to `row`'s record (its tracker, location and time) and returns
    /// the record's mode, with one access to the table.
    mutating func recordMove(_ row: Int, to location: Point, at time: Double) -> PointerMode {
        records[row].tracker.append(location, at: time)
        records[row].location = location
        records[row].time = time
        return records[row].mode
    }

    /// `row`'s velocity at `time` (``VelocityTracker/velocity(at:)``), read in place: a copy of
    /// the record to read its tracker moves over 500 bytes.
    mutating func velocity(row: Int, at time: Double) -> Point {
        records.withUnsafeBufferPointer { $0[row].tracker.velocity(at: time) }
    }

    /// Projects `pointer` down at `time` (it is not projected).
    mutating func project(_ pointer: Int, time: Double) {
        projectedIndices.insert(pointer, projected.count)
        projected.append(ProjectedPointer(pointer: pointer, time: time))
    }

    /// Projects the pointer at `index` up.
    mutating func unproject(at index: Int) {
        projectedIndices.remove(projected[index].pointer)
        let last = projected.count - 1
        if index != last {
            projected.swapAt(index, last)
            projectedIndices.insert(projected[index].pointer, index)
        }
        projected.removeLast()
    }

    /// A free row for a new pointer (a reused one keeps its candidate storage): the lowest.
    mutating func freeRow() -> Int {
        while firstFree < records.count, records[firstFree].isDown { firstFree += 1 }
        if firstFree == records.count { records.append(PointerRecord()) }
        return firstFree
    }

    /// Puts `record` (down) at `row`, a free row.
    mutating func occupy(_ row: Int, with record: PointerRecord) {
        records[row] = record
        rows.insert(record.pointer, row)
        downCount += 1
    }

    /// Frees `row`, keeping its candidate list's storage.
    mutating func release(_ row: Int) {
        rows.remove(records[row].pointer)
        records[row].isDown = false
        records[row].hit = nil
        records[row].candidates.removeAll(keepingCapacity: true)
        downCount -= 1
        firstFree = min(firstFree, row)
    }

    /// Whether some down pointer other than `row` owns a pan at `candidate`.
    func isOwned(_ candidate: PanCandidate, except row: Int) -> Bool {
        records.withUnsafeBufferPointer { rows in
            for i in rows.indices where i != row && rows[i].isDown && rows[i].mode == .panning
                && rows[i].owner.handler == candidate.handler && rows[i].owner.view == candidate.view { return true }
            return false
        }
    }
}

/// A map from pointer ids to places (non-negative `Int`s): open addressing, linear probing,
/// deletion by backward shift (no tombstones, so a steady stream of presses and lifts keeps the
/// probe lengths and allocates nothing). The table doubles when it is half full; with nothing in
/// it, a lookup reads no slot.
struct PointerIndex {
    /// The slots' keys and values; a value of -1 marks an empty slot. Power-of-two count.
    private(set) var keys: [Int] = []
    private(set) var values: [Int] = []
    private(set) var count = 0

    /// The slot `key` hashes to (Fibonacci hashing onto the top bits).
    static func home(_ key: Int, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The place of `key`, if it is in the map.
    func find(_ key: Int) -> Int? {
        guard count > 0 else { return nil }
        return keys.withUnsafeBufferPointer { keys in
            values.withUnsafeBufferPointer { values in
                let mask = keys.count - 1
                var i = PointerIndex.home(key, mask: mask)
                while values[i] >= 0 {
                    if keys[i] == key { return values[i] }
                    i = (i + 1) & mask
                }
                return nil
            }
        }
    }

    /// Maps `key` to `value` (`value >= 0`), replacing its place if it has one.
    mutating func insert(_ key: Int, _ value: Int) {
        if 2 * (count + 1) > keys.count { grow() }
        let mask = keys.count - 1
        var i = PointerIndex.home(key, mask: mask)
        while values[i] >= 0 {
            if keys[i] == key { values[i] = value; return }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = value
        count += 1
    }

    /// Removes `key`, if it is in the map: the slots after it in its run move back to keep
    /// every key reachable from its home.
    mutating func remove(_ key: Int) {
        guard count > 0 else { return }
        let mask = keys.count - 1
        var i = PointerIndex.home(key, mask: mask)
        while values[i] >= 0 {
            if keys[i] == key { break }
            i = (i + 1) & mask
        }
        guard values[i] >= 0 else { return }
        var hole = i
        var j = (i + 1) & mask
        while values[j] >= 0 {
            let home = PointerIndex.home(keys[j], mask: mask)
            // j's key may fill the hole when its home is not in the cyclic range (hole, j].
            if (j - home) & mask >= (j - hole) & mask {
                keys[hole] = keys[j]
                values[hole] = values[j]
                hole = j
            }
            j = (j + 1) & mask
        }
        values[hole] = -1
        count -= 1
    }

    private mutating func grow() {
        let old = (keys, values)
        let capacity = max(8, 2 * keys.count)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: -1, count: capacity)
        count = 0
        for i in old.0.indices where old.1[i] >= 0 { insert(old.0[i], old.1[i]) }
    }
}
