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
        var child = events.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard ScheduledEvent.precedes(events[child], events[parent]) else { break }
            events.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest event if it is due by `tick`.
    mutating func popDue(by tick: UInt64) -> ScheduledEvent? {
        guard let first = events.first, first.tick <= tick else { return nil }
        let last = events.removeLast()
        guard !events.isEmpty else { return first }
        events[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var next = parent
            if left < events.count && ScheduledEvent.precedes(events[left], events[next]) { next = left }
            if right < events.count && ScheduledEvent.precedes(events[right], events[next]) { next = right }
            guard next != parent else { return first }
            events.swapAt(parent, next)
            parent = next
        }
    }

    func checkInvariants(_ name: String) {
        for i in events.indices.dropFirst() {
            precondition(!ScheduledEvent.precedes(events[i], events[(i - 1) / 2]), "\(name): the event heap is out of order")
        }
    }
}
