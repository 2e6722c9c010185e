// A min-heap of scheduled events: things that need attention at one known tick, so that the
// systems look at them then instead of scanning everything every tick.

/// One thing to look at on a given tick: a spring's next moment of interest (the end of its
/// delay, logical completion, settling), or a portal flight's landing check.
struct ScheduledEvent {
    var tick: UInt64
    /// What the event is for: a timing slot, a portal key.
    var owner: UInt32
    /// The owner's version when the event was scheduled. Owners bump theirs to cancel what they
    /// scheduled before; an event whose version no longer matches is skipped when it comes due.
    var version: UInt32

    /// Heap order: by tick, then by owner, so that same-tick events come out in one
    /// deterministic order.
    @inline(__always)
    static func precedes(_ a: ScheduledEvent, _ b: ScheduledEvent) -> Bool {
        a.tick != b.tick ? a.tick < b.tick : a.owner < b.owner
    }
}

/// Scheduled events, earliest first (a binary min-heap). Push and pop are O(log n).
struct EventHeap {
    private(set) var events: [ScheduledEvent] = []

    var count: Int { events.count }

    mutating func reserveCapacity(_ n: Int) { events.reserveCapacity(n) }

    mutating func push(_ event: ScheduledEvent) {
        events.append(event)
        // Sift up, moving parents down into the hole rather than swapping (one write per level),
        // through a buffer pointer (no uniqueness check per level).
        events.withUnsafeMutableBufferPointer { heap in
            var hole = heap.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard ScheduledEvent.precedes(event, heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = event
        }
    }

    /// Removes and returns the earliest event if it is due by `tick`.
    mutating func popDue(by tick: UInt64) -> ScheduledEvent? {
        guard let first = events.first, first.tick <= tick else { return nil }
        let last = events.removeLast()
        guard !events.isEmpty else { return first }
        // Sift the last event down from the root, moving the earlier child up into the hole.
        events.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var hole = 0
            while true {
                var child = 2 * hole + 1
                guard child < count else { break }
                if child + 1 < count && ScheduledEvent.precedes(heap[child + 1], heap[child]) { child += 1 }
                guard ScheduledEvent.precedes(heap[child], last) else { break }
                heap[hole] = heap[child]
                hole = child
            }
            heap[hole] = last
        }
        return first
    }

    func checkInvariants(_ name: String) {
        for i in events.indices.dropFirst() {
            precondition(!ScheduledEvent.precedes(events[i], events[(i - 1) / 2]), "\(name): the event heap is out of order")
        }
    }
}
