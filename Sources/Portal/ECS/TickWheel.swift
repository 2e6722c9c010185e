// A timing wheel: events scheduled for a tick, in one bucket per tick of a ring.

/// Scheduled events in a ring of per-tick buckets (a timing wheel): scheduling appends to the
/// bucket of the event's tick and taking a tick's events reads that one bucket, both O(1) per
/// event and sequential in memory.
///
/// The trade-off against ``EventHeap``: a heap keeps its events in one array and pays O(log n)
/// per pop, most of it in cache misses once the heap outgrows the cache; the wheel touches only
/// the buckets of the ticks it is asked about. An event more than `span` ticks ahead shares its
/// bucket with nearer ones and is passed over (kept) until its own tick comes round.
struct TickWheel {
    /// Ticks in one turn of the ring (4.3 s at 120 Hz): landings further ahead wait a turn or more.
    static let span = 512

    /// The ring, allocated by the first event: an empty wheel costs nothing to create (the
    /// portal systems make a store, wheel included, to swap the world's into).
    private var buckets: [[ScheduledEvent]] = []
    /// The storage of buckets that were emptied, for the next empty bucket that fills: once as
    /// many buckets have held events at once as ever will, scheduling allocates nothing (a
    /// bucket kept its own storage only until the ring came round, 512 ticks later).
    private var spares: [[ScheduledEvent]] = []
    /// The first tick whose events have not been taken yet. Events scheduled before it are due
    /// at once: they go in its bucket.
    private(set) var next: UInt64 = 0
    private(set) var count = 0

    /// Schedules `event`, on its tick or, if that has been taken already, on the next one;
    /// returns the tick it will come due on.
    @discardableResult
    mutating func schedule(_ event: ScheduledEvent) -> UInt64 {
        if buckets.isEmpty { buckets = Array(repeating: [], count: TickWheel.span) }
        var event = event
        event.tick = max(event.tick, next)
        let index = Int(event.tick % UInt64(TickWheel.span))
        if buckets[index].capacity == 0, let spare = spares.popLast() { buckets[index] = spare }
        buckets[index].append(event)
        count += 1
        return event.tick
    }

    /// Appends to `due` the events due by `tick` (in bucket order, not sorted) and removes
    /// them. Later events in the same buckets stay.
    mutating func takeDue(by tick: UInt64, into due: inout [ScheduledEvent]) {
        guard tick >= next else { return }
        guard !buckets.isEmpty else {
            next = tick + 1
            return
        }
        // Each bucket once, however far `tick` has moved on.
        let last = min(tick, next + UInt64(TickWheel.span) - 1)
        for t in next...last {
            var bucket: [ScheduledEvent] = []
            swap(&bucket, &buckets[Int(t % UInt64(TickWheel.span))])
            var kept = 0
            bucket.withUnsafeMutableBufferPointer { events in
                for i in events.indices {
                    if events[i].tick <= tick {
                        due.append(events[i])
                    } else {
                        events[kept] = events[i]
                        kept += 1
                    }
                }
            }
            count -= bucket.count - kept
            bucket.removeLast(bucket.count - kept)
            if kept == 0 && bucket.capacity > 0 {
                spares.append(bucket)
                bucket = []
            }
            swap(&bucket, &buckets[Int(t % UInt64(TickWheel.span))])
        }
        next = tick + 1
    }

    /// Every event not yet taken, in no particular order.
    var events: some Sequence<ScheduledEvent> { buckets.joined() }

    /// Checks the buckets (a walk of the whole ring, so skipped while the wheel counts no events:
    /// worlds at rest tick through it every tick of the test suite).
    func checkInvariants(_ name: String) {
        guard count > 0 else { return }
        var total = 0
        for (index, bucket) in buckets.enumerated() {
            total += bucket.count
            for event in bucket {
                precondition(event.tick >= next && Int(event.tick % UInt64(TickWheel.span)) == index,
                             "\(name): an event for tick \(event.tick) is in bucket \(index) with tick \(next) next")
            }
        }
        precondition(total == count, "\(name): the wheel counts \(count) events but holds \(total)")
    }
}
