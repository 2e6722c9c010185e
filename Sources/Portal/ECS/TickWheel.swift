// A timing wheel: events scheduled for a tick, in one bucket per tick of a ring.

/// Scheduled events in a ring of per-tick buckets (a timing wheel): scheduling appends to the
/// bucket of the event's tick and taking a tick's events reads that one bucket, both O(1) per
/// event and sequential in memory.
///
/// The trade-off against ``EventHeap``: a heap keeps its events in one array and pays O(log n)
/// per pop, most of it in cache misses once the heap outgrows the cache; the wheel touches only
/// the buckets of the ticks it is asked about. An event more than `span` ticks ahead shares its
/// bucket with nearer ones and is passed over (kept) until its own tick comes round.
///
/// A bucket is a chain of fixed-size chunks from one pool that every bucket shares, so the
/// wheel allocates only when more chunks are in use at once than ever before: once the number
/// of pending events has peaked, scheduling allocates nothing. (Buckets that each owned an
/// array grew one by one, each the first time its own tick drew more events than it had held,
/// and a steady stream of flights kept finding such a tick for hundreds of ticks.)
struct TickWheel {
    /// Ticks in one turn of the ring (4.3 s at 120 Hz): landings further ahead wait a turn or more.
    static let span = 512
    /// Events in one chunk (256 bytes).
    static let chunkSize = 16

    /// The chunks' events: chunk `c` holds `events[c * chunkSize ..< (c + 1) * chunkSize]`.
    private var pool: [ScheduledEvent] = []
    /// The chunk after chunk `c` in its bucket (or in the free list), or −1.
    private var link: [Int32] = []
    /// The first chunk of the free list, or −1.
    private var free: Int32 = -1
    /// Each bucket's first and last chunk (−1 while it is empty) and its number of events: its
    /// last chunk holds the events past the last whole chunk. Allocated by the first event: an
    /// empty wheel costs nothing to create (the portal systems make a store, wheel included, to
    /// swap the world's into).
    private var head: [Int32] = []
    private var tail: [Int32] = []
    private var sizes: [Int32] = []
    /// The first tick whose events have not been taken yet. Events scheduled before it are due
    /// at once: they go in its bucket.
    private(set) var next: UInt64 = 0
    private(set) var count = 0
    /// The chunks the pool holds, in use or free: as many as were ever in use at once.
    var chunkCount: Int { link.count }

    /// Schedules `event`, on its tick or, if that has been taken already, on the next one;
    /// returns the tick it will come due on.
    @discardableResult
    mutating func schedule(_ event: ScheduledEvent) -> UInt64 {
        if head.isEmpty {
            head = Array(repeating: -1, count: TickWheel.span)
            tail = head
            sizes = Array(repeating: 0, count: TickWheel.span)
        }
        var event = event
        event.tick = max(event.tick, next)
        let bucket = Int(event.tick % UInt64(TickWheel.span))
        let size = Int(sizes[bucket])
        let offset = size % TickWheel.chunkSize
        if offset == 0 {
            // The bucket is empty or its last chunk is full: chain a chunk on.
            let chunk = takeChunk()
            if size == 0 { head[bucket] = chunk } else { link[Int(tail[bucket])] = chunk }
            tail[bucket] = chunk
        }
        pool[Int(tail[bucket]) * TickWheel.chunkSize + offset] = event
        sizes[bucket] = Int32(size + 1)
        count += 1
        return event.tick
    }

    /// Appends to `due` the events due by `tick` (in the order they were scheduled in each
    /// bucket, buckets in tick order: not sorted) and removes them. Later events in the same
    /// buckets stay, in their order.
    mutating func takeDue(by tick: UInt64, into due: inout [ScheduledEvent]) {
        guard tick >= next else { return }
        guard !head.isEmpty else {
            next = tick + 1
            return
        }
        // Each bucket once, however far `tick` has moved on.
        let last = min(tick, next + UInt64(TickWheel.span) - 1)
        for t in next...last {
            let bucket = Int(t % UInt64(TickWheel.span))
            let size = Int(sizes[bucket])
            guard size > 0 else { continue }
            // Read the chain from its start; write the events kept back over it, in order.
            var read = Int(head[bucket]), written = Int(head[bucket]), kept = 0
            for i in 0..<size {
                if i > 0 && i % TickWheel.chunkSize == 0 { read = Int(link[read]) }
                let event = pool[read * TickWheel.chunkSize + i % TickWheel.chunkSize]
                if event.tick <= tick {
                    due.append(event)
                } else {
                    if kept > 0 && kept % TickWheel.chunkSize == 0 { written = Int(link[written]) }
                    pool[written * TickWheel.chunkSize + kept % TickWheel.chunkSize] = event
                    kept += 1
                }
            }
            count -= size - kept
            sizes[bucket] = Int32(kept)
            if kept == 0 {
                release(chain: head[bucket])
                head[bucket] = -1
                tail[bucket] = -1
            } else {
                release(chain: link[written])
                link[written] = -1
                tail[bucket] = Int32(written)
            }
        }
        next = tick + 1
    }

    /// A chunk from the free list, or a new one at the end of the pool.
    private mutating func takeChunk() -> Int32 {
        if free >= 0 {
            let chunk = free
            free = link[Int(chunk)]
            link[Int(chunk)] = -1
            return chunk
        }
        let chunk = Int32(link.count)
        link.append(-1)
        pool.append(contentsOf: repeatElement(ScheduledEvent(tick: 0, owner: 0, version: 0), count: TickWheel.chunkSize))
        return chunk
    }

    /// Puts the chunks of the chain starting at `first` (−1 for none) on the free list.
    private mutating func release(chain first: Int32) {
        var chunk = first
        while chunk >= 0 {
            let after = link[Int(chunk)]
            link[Int(chunk)] = free
            free = chunk
            chunk = after
        }
    }

    /// The events of bucket `bucket`, in order.
    private func events(inBucket bucket: Int) -> [ScheduledEvent] {
        var events: [ScheduledEvent] = []
        var chunk = Int(head[bucket])
        for i in 0..<Int(sizes[bucket]) {
            if i > 0 && i % TickWheel.chunkSize == 0 { chunk = Int(link[chunk]) }
            events.append(pool[chunk * TickWheel.chunkSize + i % TickWheel.chunkSize])
        }
        return events
    }

    /// Every event not yet taken, in no particular order.
    var events: [ScheduledEvent] { head.indices.flatMap { events(inBucket: $0) } }

    /// Checks the buckets and the pool: every chunk is in exactly one chain (a bucket's, of as
    /// many chunks as its events need, or the free list's). A walk of the whole ring, so skipped
    /// while the wheel counts no events: worlds at rest tick through it every tick of the test
    /// suite.
    func checkInvariants(_ name: String) {
        guard count > 0 else { return }
        var total = 0
        var owner = Array(repeating: -2, count: link.count)   // −2: in no chain; −1: free
        /// Marks the chunks of `chain` as `bucket`'s; returns their number and the last one (−1).
        func claim(_ chain: Int32, as bucket: Int) -> (length: Int, last: Int32) {
            var chunk = chain, last: Int32 = -1, length = 0
            while chunk >= 0 {
                precondition(owner[Int(chunk)] == -2, "\(name): chunk \(chunk) is in two chains")
                owner[Int(chunk)] = bucket
                length += 1
                last = chunk
                chunk = link[Int(chunk)]
            }
            return (length, last)
        }
        _ = claim(free, as: -1)
        for bucket in head.indices {
            let size = Int(sizes[bucket])
            total += size
            let chain = claim(head[bucket], as: bucket)
            precondition(chain.length == (size + TickWheel.chunkSize - 1) / TickWheel.chunkSize,
                         "\(name): bucket \(bucket) holds \(size) events in \(chain.length) chunks")
            precondition(tail[bucket] == chain.last, "\(name): bucket \(bucket)'s last chunk is not its tail")
            for event in events(inBucket: bucket) {
                precondition(event.tick >= next && Int(event.tick % UInt64(TickWheel.span)) == bucket,
                             "\(name): an event for tick \(event.tick) is in bucket \(bucket) with tick \(next) next")
            }
        }
        precondition(!owner.contains(-2), "\(name): a chunk is in no chain")
        precondition(pool.count == link.count * TickWheel.chunkSize, "\(name): the pool and its links disagree")
        precondition(total == count, "\(name): the wheel counts \(count) events but holds \(total)")
    }
}
