// The full walk's output lists (the render items and their slots), written through a pointer.
//
// An append to an array checks that its storage is not shared — a runtime call — and every
// value the walk holds in a register is spilled around that call: per drawn view, two appends
// were a fifth of the walk. So the walk overwrites, in place, the list it replaces (the
// double-buffered list of two ticks ago, the same length in a steady state), spills what does
// not fit into a buffer kept between ticks, and the array is given its exact length once, after
// the walk.

/// The elements a walk wrote past the end of the array it overwrote: storage kept between
/// ticks, grown (never shrunk) when a list outgrows the one it replaces. For trivial elements
/// only (render items, slots): nothing is deinitialized.
final class WalkSpill<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `count` elements, keeping the first `kept`.
    func reserve(_ count: Int, keeping kept: Int) {
        guard count > capacity else { return }
        let grown = max(count, 2 * capacity)
        let new = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        new.moveInitialize(from: base, count: kept)
        base.deallocate()
        base = new
        capacity = grown
    }
}

/// The spill buffers of the full walk's four lists.
final class WalkSpills {
    let items = WalkSpill<RenderItem>()
    let clips = WalkSpill<RenderClip>()
    let slots = WalkSpill<UInt32>()
    let roots = WalkSpill<ViewStore.RootRange>()
}

/// A list being written by the walk: first over `head` (an array's storage, `headCount`
/// initialized elements), then into `spill`.
struct WalkList<Element> {
    let head: UnsafeMutablePointer<Element>
    let headCount: Int
    let spill: WalkSpill<Element>
    /// How many elements the list holds.
    private(set) var count = 0

    init(head: UnsafeMutablePointer<Element>, headCount: Int, spill: WalkSpill<Element>) {
        self.head = head
        self.headCount = headCount
        self.spill = spill
    }

    /// Appends an element the caller writes at the place returned (`initialize(to:)`: the item is
    /// built there, not on the stack and copied).
    @inline(__always)
    mutating func appendPlace() -> UnsafeMutablePointer<Element> {
        let place = count < headCount ? head + count : spilledPlace()
        count &+= 1
        return place
    }

    @inline(__always)
    mutating func append(_ element: Element) { appendPlace().initialize(to: element) }

    /// Takes back the last element appended (a culled view's item, written before the test).
    @inline(__always)
    mutating func removeLast() { count &-= 1 }

    /// The rare place past the head: out of line, so the walk's registers live across no call.
    @inline(never)
    private func spilledPlace() -> UnsafeMutablePointer<Element> {
        let k = count - headCount
        spill.reserve(k + 1, keeping: k)
        return spill.base + k
    }

    /// Appends `elements` (a copied root's items), as much of them over the head as fits.
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        let inHead = Swift.max(0, Swift.min(elements.count, headCount - count))
        (head + count).update(from: source, count: inHead)
        count += inHead
        let rest = elements.count - inHead
        guard rest > 0 else { return }
        let k = count - headCount
        spill.reserve(k + rest, keeping: k)
        (spill.base + k).initialize(from: source + inHead, count: rest)
        count += rest
    }

    /// The element at `k` (`0..<count`).
    @inline(__always)
    subscript(k: Int) -> Element {
        get { k < headCount ? head[k] : spill.base[k - headCount] }
        nonmutating set {
            if k < headCount { head[k] = newValue } else { spill.base[k - headCount] = newValue }
        }
    }
}

extension Array {
    /// Rewrites the array with the list `body` appends to a ``WalkList`` over its storage (its
    /// elements overwritten, then `spill` used), and returns `body`'s result. Trivial elements
    /// only. The array is then exactly the list: trimmed, or extended from the spill.
    @inline(__always)
    mutating func rewrite<R>(spilling spill: WalkSpill<Element>, _ body: (inout WalkList<Element>) -> R) -> R {
        var count = 0
        let result = withUnsafeMutableBufferPointer { buffer in
            // (An empty array's buffer may have no address: the list then goes to the spill.)
            let head = buffer.baseAddress ?? spill.base
            var list = WalkList(head: head, headCount: buffer.baseAddress == nil ? 0 : buffer.count, spill: spill)
            let result = body(&list)
            count = list.count
            return result
        }
        if count <= self.count {
            removeLast(self.count - count)
        } else {
            append(contentsOf: UnsafeBufferPointer(start: spill.base, count: count - self.count))
        }
        return result
    }
}
