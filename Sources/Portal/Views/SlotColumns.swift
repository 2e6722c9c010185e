// Per-slot columns, declared once.
//
// A view slot has an entry in some twenty columns, owned by three parts: the table the features
// write (`ViewColumns`), propagation's own state (`Propagation.Columns`) and the portals' anchor
// watches (`AnchorWatches`). Each owner lists its columns in one function, `forEachColumn`, with
// the value a vacant slot holds and what a reused slot does with its entry; the structural
// operations of the store — grow by a slot, reset a reused one, reserve, read ahead, check — are
// visitors handed to those lists (`ViewStore.forEachColumn`), so none of them can miss a column.
// The visitors are generic structs, specialised and inlined: no reflection, no closure per column.
// Two other column sets use the same visitors: the portal store's per-portal columns
// (`PortalStore.forEachColumn`: a new portal grows them) and the track store's lanes
// (`TrackStore.forEachLaneColumn`: a new row grows them, a removal moves the last lane).

/// What a reused slot does with a column's entry.
enum OnReuse {
    /// Written with the vacant value before the new view's own values.
    case reset
    /// Left as it is: its owner writes it or keeps it right (a spawn writes the view's entity
    /// and style; a free slot's child list is empty and keeps its capacity; a freed slot's
    /// watch list is released by the portals that hold it).
    case keep
}

/// A per-slot column: an array, or a `NotedColumn` (written here without noting: a structural
/// operation is reported as structure, not as a value write).
protocol SlotColumn {
    associatedtype Element
    var count: Int { get }
    mutating func reserveCapacity(_ n: Int)
    /// Appends `count` copies of `element`.
    mutating func appendVacant(_ element: Element, count: Int)
    /// Writes `element` over `range` (not noted).
    mutating func fillVacant(_ element: Element, in range: Range<Int>)
    /// Copies the `count` entries at `source` over those at `destination` (not noted).
    mutating func moveEntries(from source: Int, to destination: Int, count: Int)
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R
}

extension Array: SlotColumn {
    @inline(__always)
    mutating func appendVacant(_ element: Element, count: Int) {
        if count == 1 { append(element) } else { append(contentsOf: repeatElement(element, count: count)) }
    }

    @inline(__always)
    mutating func fillVacant(_ element: Element, in range: Range<Int>) {
        if range.count == 1 { self[range.lowerBound] = element; return }
        withUnsafeMutableBufferPointer { column in
            for i in range { column[i] = element }
        }
    }

    @inline(__always)
    mutating func moveEntries(from source: Int, to destination: Int, count: Int) {
        if count == 1 { self[destination] = self[source]; return }
        for i in 0..<count { self[destination + i] = self[source + i] }
    }
}

extension NotedColumn: SlotColumn {
    @inline(__always)
    mutating func appendVacant(_ element: Element, count: Int) { append(contentsOf: repeatElement(element, count: count)) }

    @inline(__always)
    mutating func fillVacant(_ element: Element, in range: Range<Int>) {
        withUnsafeMutableBufferPointerUnnoted { column in
            for i in range { column[i] = element }
        }
    }

    @inline(__always)
    mutating func moveEntries(from source: Int, to destination: Int, count: Int) {
        withUnsafeMutableBufferPointerUnnoted { column in
            for i in 0..<count { column[destination + i] = column[source + i] }
        }
    }
}

/// A structural operation on every per-slot column (see the file's notes).
protocol SlotColumnVisitor {
    /// Visits one column: `stride` entries per slot, `vacant` the entry of a slot no view holds.
    mutating func visit<C: SlotColumn>(_ column: inout C, vacant: C.Element, stride: Int, onReuse: OnReuse)
}

extension SlotColumnVisitor {
    @inline(__always)
    mutating func visit<C: SlotColumn>(_ column: inout C, vacant: C.Element, onReuse: OnReuse = .reset) {
        visit(&column, vacant: vacant, stride: 1, onReuse: onReuse)
    }
}

/// Adds a vacant slot at the end of every column.
struct GrowColumns: SlotColumnVisitor {
    @inline(__always)
    mutating func visit<C: SlotColumn>(_ column: inout C, vacant: C.Element, stride: Int, onReuse: OnReuse) {
        column.appendVacant(vacant, count: stride)
    }
}

/// Makes a reused slot vacant again in every column it resets.
struct ResetColumns: SlotColumnVisitor {
    let slot: Int

    @inline(__always)
    mutating func visit<C: SlotColumn>(_ column: inout C, vacant: C.Element, stride: Int, onReuse: OnReuse) {
        guard onReuse == .reset else { return }
        column.fillVacant(vacant, in: slot * stride..<(slot + 1) * stride)
    }
}

/// Reserves room for `slots` slots in every column.
struct ReserveColumns: SlotColumnVisitor {
    let slots: Int

    mutating func visit<C: SlotColumn>(_ column: inout C, vacant: C.Element, stride: Int, onReuse: OnReuse) {
        column.reserveCapacity(slots * stride)
    }
}

/// Reads every cache line a slot's entries span, for a read-ahead (see `ReadAhead`).
struct TouchColumns: SlotColumnVisitor {
    let slot: Int
    var sum: UInt32 = 0

    @inline(__always)
    mutating func visit<C: SlotColumn>(_ column: inout C, vacant: C.Element, stride: Int, onReuse: OnReuse) {
        let first = slot * stride
        sum &+= column.withUnsafeBufferPointer { column in
            // A block of several entries can straddle two lines: both ends are read.
            stride == 1 ? touchLines(column.baseAddress! + first)
                        : touchLines(column.baseAddress! + first) &+ touchLines(column.baseAddress! + first + stride - 1)
        }
    }
}

/// Copies slot `from`'s entries over slot `to`'s in every column (a removal that moves the last
/// slot into the gap it leaves).
struct MoveColumns: SlotColumnVisitor {
    let from: Int, to: Int

    @inline(__always)
    mutating func visit<C: SlotColumn>(_ column: inout C, vacant: C.Element, stride: Int, onReuse: OnReuse) {
        column.moveEntries(from: from * stride, to: to * stride, count: stride)
    }
}

/// Checks that every column has `slots` slots; counts the columns. `owner` begins the message
/// (`"views: per-slot"`: "views: per-slot column 3 (of …) has …").
struct CheckColumns: SlotColumnVisitor {
    let owner: String
    let slots: Int
    var columns = 0

    mutating func visit<C: SlotColumn>(_ column: inout C, vacant: C.Element, stride: Int, onReuse: OnReuse) {
        precondition(column.count == slots * stride, "\(owner) column \(columns) (of \(C.self)) has \(column.count) entries for \(slots) slots")
        columns += 1
    }
}
