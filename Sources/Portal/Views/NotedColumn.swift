// A column of per-view values that notes which views were written through its subscript.
//
// The propagation stage recomputes only the views whose local values changed since the last
// tick. Rather than ask every feature that writes a view's presented values or style to report
// it (there are a dozen such places, and a forgotten one would leave a stale render item), the
// columns themselves note the writes: an element written through the subscript records its view
// (element index ÷ `stride`, a shift) in `noted`, which the propagation stage drains. Bulk writes
// go through `withUnsafeMutableBufferPointer(noting:)`, which must name the view, or through the
// view store's own loops, which mark what they write. Reads cost what an array read costs.

struct NotedColumn<Element> {
    /// The elements, read freely; written only through the subscript or the noting accessors.
    private(set) var elements: [Element] = []
    /// Views written since the last `takeNoted` (a view may appear more than once).
    private(set) var noted: [UInt32] = []
    /// log2 of the elements per view (4 for the 16-float value blocks, 0 for one style per view).
    let shift: Int

    init(shift: Int) { self.shift = shift }

    @inline(__always)
    subscript(i: Int) -> Element {
        get { elements[i] }
        set {
            elements[i] = newValue
            noted.append(UInt32(truncatingIfNeeded: i >> shift))
        }
        _modify {
            noted.append(UInt32(truncatingIfNeeded: i >> shift))
            yield &elements[i]
        }
    }

    var count: Int { elements.count }

    mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(n) }

    /// Adds the elements of a new view (a structural change, reported apart).
    mutating func append(_ element: Element) {
        elements.append(element)
        reserveNoted()
    }

    mutating func append(contentsOf elements: some Sequence<Element>) {
        self.elements.append(contentsOf: elements)
        reserveNoted()
    }

    /// Keeps room to note every view twice, grown (doubling) as views are added, so a tick that
    /// writes more views than any before it does not allocate (found by `header/scroll`'s heap
    /// check: the parts' writes grew the list once after the warm-up).
    @inline(__always)
    private mutating func reserveNoted() {
        let views = elements.count >> shift
        if noted.capacity < 2 * views { noted.reserveCapacity(4 * views) }
    }

    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try elements.withUnsafeBufferPointer(body)
    }

    /// Writes through a buffer pointer, noting `view` as written.
    mutating func withUnsafeMutableBufferPointer<R, E: Error>(noting view: Int, _ body: (inout UnsafeMutableBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        noted.append(UInt32(truncatingIfNeeded: view))
        return try elements.withUnsafeMutableBufferPointer(body)
    }

    /// Calls `body` for each element of `list` that `slot` finds a view for, with a buffer
    /// pointer to the column, and notes each such view: one uniqueness check of the column and
    /// of the notes for the whole list, not one per element.
    @inline(__always)
    mutating func withUnsafeMutableBufferPointer<T>(notingViewsOf list: UnsafeBufferPointer<T>, slot: (T) -> Int?,
                                                    _ body: (UnsafeMutableBufferPointer<Element>, T, Int) -> Void) {
        let start = noted.count
        noted.append(contentsOf: repeatElement(0, count: list.count))
        var written = start
        noted.withUnsafeMutableBufferPointer { notes in
            elements.withUnsafeMutableBufferPointer { v in
                for element in list {
                    guard let view = slot(element) else { continue }
                    body(v, element, view)
                    notes[written] = UInt32(truncatingIfNeeded: view)
                    written += 1
                }
            }
        }
        noted.removeLast(noted.count - written)
    }

    /// Writes through a buffer pointer without noting anything: for the view store's own loops,
    /// which mark the views they write themselves (or write a new view's first values).
    mutating func withUnsafeMutableBufferPointerUnnoted<R, E: Error>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try elements.withUnsafeMutableBufferPointer(body)
    }

    /// Forgets the noted views, keeping the storage.
    mutating func discardNoted() { noted.removeAll(keepingCapacity: true) }

    /// Calls `body` with every noted view and forgets them, keeping the storage.
    mutating func takeNoted(_ body: (Int) -> Void) {
        guard !noted.isEmpty else { return }
        for view in noted { body(Int(view)) }
        noted.removeAll(keepingCapacity: true)
    }
}
