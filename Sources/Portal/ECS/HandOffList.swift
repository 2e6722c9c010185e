// A list of indices that one part of a tick appends to and a later part takes whole.

/// A list of `UInt32`s (slots, keys) filled by one side and taken whole by another, in two
/// buffers that trade places: `take()` hands over the filled one and starts filling the spare,
/// and `giveBack(_:)` returns it empty. Once both have grown, neither allocates.
struct HandOffList {
    private(set) var items: [UInt32] = []
    private var spare: [UInt32] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func append(_ item: UInt32) { items.append(item) }

    /// Hands over what was appended and starts an empty list.
    mutating func take() -> [UInt32] {
        var taken = spare
        spare = []
        swap(&taken, &items)
        return taken
    }

    /// Takes back a buffer from `take()`, to be filled again later. The caller's variable is
    /// emptied in place and traded for an empty one: taken by value, the buffer would still be
    /// referenced by the caller when emptied, and `removeAll(keepingCapacity:)` would allocate
    /// a fresh one every time.
    mutating func giveBack(_ buffer: inout [UInt32]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&spare, &buffer)
    }
}
