// The pointers that are down: a small table of records, each with its velocity tracker (inline,
// fixed size) and its pan candidates. A record's place is reused by the next pointer that goes
// down, keeping its candidate list's storage, so steady input allocates nothing; the table grows
// only to the most pointers ever down at once.
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

    /// The row of the down pointer `pointer` at the tick.
    func row(of pointer: Int) -> Int? {
        records.withUnsafeBufferPointer { rows in
            for i in rows.indices where rows[i].isDown && rows[i].pointer == pointer { return i }
            return nil
        }
    }

    /// The index of `pointer` in `projected`.
    func projectedIndex(of pointer: Int) -> Int? {
        projected.withUnsafeBufferPointer { list in
            for i in list.indices where list[i].pointer == pointer { return i }
            return nil
        }
    }

    /// A free row for a new pointer (a reused one keeps its candidate storage).
    mutating func freeRow() -> Int {
        if let i = records.firstIndex(where: { !$0.isDown }) { return i }
        records.append(PointerRecord())
        return records.count - 1
    }

    /// Frees `row`, keeping its candidate list's storage.
    mutating func release(_ row: Int) {
        records[row].isDown = false
        records[row].hit = nil
        records[row].candidates.removeAll(keepingCapacity: true)
        downCount -= 1
    }

    /// Whether some down pointer other than `row` owns a pan at `candidate`.
    func isOwned(_ candidate: PanCandidate, except row: Int) -> Bool {
        records.withUnsafeBufferPointer { rows in
            for i in rows.indices where i != row && rows[i].isDown && rows[i].mode == .panning
                && rows[i].owner.handler == candidate.handler && rows[i].owner.view == candidate.view { return true }
            return false
        }
    }

    func checkInvariants() {
        precondition(downCount == records.count { $0.isDown }, "pointers: downCount \(downCount) disagrees with the records")
        for record in records where record.isDown {
            precondition(records.count { $0.isDown && $0.pointer == record.pointer } == 1, "pointers: \(record.pointer) is down twice")
            precondition(record.mode != .panning || record.candidates.contains { $0.handler == record.owner.handler && $0.view == record.owner.view },
                         "pointers: \(record.pointer)'s owner is not one of its candidates")
        }
        for record in records where !record.isDown { precondition(record.candidates.isEmpty, "pointers: a free record holds candidates") }
        for p in projected { precondition(projected.count { $0.pointer == p.pointer } == 1, "pointers: \(p.pointer) projected down twice") }
    }
}
