// Read-aheads. A pass that works on many entities whose data no recent tick has touched (a
// host sending back hundreds of landed flights in one tick, a whole duration class of flights
// landing at once) would wait for each entity's cache misses in turn: its work per entity is
// long, so the processor cannot look far enough ahead to overlap them. Such a pass first reads,
// for a chunk of `ReadAhead.chunk` entities, every line its work will touch — loads that do not
// depend on one another, so their misses overlap — and then works on the chunk in cache. The
// reads are summed into a value the store keeps (`touchSum`), so the optimiser keeps them.

/// The read-aheads' chunk.
enum ReadAhead {
    /// How many entities a read-ahead covers before the work on them: enough for their cache
    /// misses to overlap, few enough that what it reads is still in the nearest caches when
    /// the work gets there.
    static let chunk = 16

    /// The consecutive chunks of `range` a pass reads ahead and then works on, in order.
    @inline(__always)
    static func chunks(of range: Range<Int>) -> Chunks { Chunks(start: range.lowerBound, end: range.upperBound) }

    /// The chunks of a range (see ``chunks(of:)``): a sequence with no storage behind it.
    struct Chunks: Sequence, IteratorProtocol {
        var start: Int
        let end: Int

        @inline(__always)
        mutating func next() -> Range<Int>? {
            guard start < end else { return nil }
            let chunk = start..<Swift.min(end, start + ReadAhead.chunk)
            start = chunk.upperBound
            return chunk
        }
    }
}

/// Reads one byte of every cache line that the value at `pointer` spans, and returns their sum:
/// a read-ahead (see `PortalStore.touchRequests`) brings the whole value into the cache, not
/// just the line it starts on (a 192-byte record can span four lines).
@inline(__always)
func touchLines<T>(_ pointer: UnsafePointer<T>) -> UInt32 {
    let raw = UnsafeRawPointer(pointer)
    let size = MemoryLayout<T>.size
    var sum: UInt32 = 0
    var offset = 0
    while offset < size {
        sum &+= UInt32(raw.load(fromByteOffset: offset, as: UInt8.self))
        offset += 64
    }
    return sum &+ UInt32(raw.load(fromByteOffset: size - 1, as: UInt8.self))
}
