// The portals' watches on their anchors: which flights must look again when a view moves.
//
// A flight follows its anchor, but visiting every flight every tick to ask would cost a tick
// per flight. Instead a flight whose anchor and every ancestor are still *watches* them: one
// node per view of the chain, linked into that view's list. Every write that moves a view or its
// content on screen, other than a running lane's, reports to these lists
// (`ViewStore.noteGeometryWrite(slot:)`): the host's and the features' placements (frame,
// transform, content offset, corner radius), header placement, a lane starting, a new parent.
// The matching pass then wakes exactly the flights watching a written view. (A despawned view
// needs no report: every despawn unmarks the anchors under it, which queues their portals.)
//
// The state is the portals feature's; the view store holds it because every view write must
// reach it, and its per-slot column (`heads`) grows with the view slots.

/// The watch lists: per view slot, the portals whose flight follows a view at or below it.
struct AnchorWatches {
    /// What `heads` (and a node's links) hold for none.
    static let none: Int32 = -1

    /// Per slot, the first node of the list of watches on that view, or ``none``.
    private(set) var heads: [Int32] = []
    /// The watch nodes. A portal watching an anchor has one node on the anchor's slot and one on
    /// each ancestor's (a *chain*, anchor first, linked by `chainNext`); each node is also in
    /// its slot's list (`prev`/`next`), so a write to an ancestor finds every watcher below it
    /// and a chain is unlinked in O(depth), however many watchers share its slots.
    private(set) var nodes: [Node] = []
    /// The first free node (free nodes are linked by `chainNext`), or ``none``.
    private var freeNode: Int32 = AnchorWatches.none
    /// Watched slots whose geometry was written since the matching pass last took them (a
    /// slot may appear more than once).
    var written = HandOffList()

    /// One portal's watch on one view (see `nodes`).
    struct Node {
        /// The watching portal's key.
        var key: UInt32
        /// The view slot whose list the node is in.
        var slot: UInt32
        var prev: Int32
        var next: Int32
        /// The next node of the same chain (the slot's parent's), or ``AnchorWatches/none``.
        var chainNext: Int32
    }

    /// The per-slot column (see `SlotColumns.swift`). A freed slot keeps its list: the chains
    /// through it are released by their portals' next visits.
    @inline(__always)
    mutating func forEachColumn(_ v: inout some SlotColumnVisitor) {
        v.visit(&heads, vacant: AnchorWatches.none, onReuse: .keep)
    }

    /// Records that the view in `slot` is about to move on screen, or its content with it (or the
    /// view to go), if anybody watches it or a view below it.
    @inline(__always)
    mutating func noteWrite(slot: Int) {
        if heads.withUnsafeBufferPointer({ $0[slot] }) != AnchorWatches.none {
            // One entry per placement, not one per channel of it.
            if written.items.last != UInt32(slot) { written.append(UInt32(slot)) }
        }
    }

    /// Makes `chain` (the first node of a portal's watch, or ``none``) the watch of portal `key`
    /// on the view in `slot` and each of its ancestors (`parentSlot`: the parent's slot + 1, 0
    /// for a root), and returns it: the chain itself when it already watches exactly those views
    /// (a watch read again, the common case), else a new one (the old one released).
    mutating func watch(_ chain: Int32, slot: Int, by key: UInt32, parentSlot: [UInt32]) -> Int32 {
        if watches(chain, slot: slot, parentSlot: parentSlot) { return chain }
        release(chain)
        var first = AnchorWatches.none, last = AnchorWatches.none
        var current = slot
        while true {
            let head = heads[current]
            let node = Node(key: key, slot: UInt32(current), prev: AnchorWatches.none, next: head, chainNext: AnchorWatches.none)
            let index: Int32
            if freeNode != AnchorWatches.none {
                index = freeNode
                freeNode = nodes[Int(index)].chainNext
                nodes[Int(index)] = node
            } else {
                index = Int32(nodes.count)
                nodes.append(node)
            }
            if head != AnchorWatches.none { nodes[Int(head)].prev = index }
            heads[current] = index
            if last == AnchorWatches.none { first = index } else { nodes[Int(last)].chainNext = index }
            last = index
            guard parentSlot[current] != 0 else { return first }
            current = Int(parentSlot[current] - 1)
        }
    }

    /// Whether `chain` watches exactly the view in `slot` and its ancestors, in order.
    @inline(__always)
    func watches(_ chain: Int32, slot: Int, parentSlot: [UInt32]) -> Bool {
        var node = chain, s = slot + 1
        while node != AnchorWatches.none, s != 0 {
            guard nodes[Int(node)].slot == UInt32(s - 1) else { return false }
            node = nodes[Int(node)].chainNext
            s = Int(parentSlot[s - 1])
        }
        return node == AnchorWatches.none && s == 0 && chain != AnchorWatches.none
    }

    /// Unlinks every node of `chain` (a watch's first node, or ``none``) from its view's list and
    /// frees it.
    mutating func release(_ chain: Int32) {
        var index = chain
        while index != AnchorWatches.none {
            let node = nodes[Int(index)]
            if node.prev != AnchorWatches.none { nodes[Int(node.prev)].next = node.next } else { heads[Int(node.slot)] = node.next }
            if node.next != AnchorWatches.none { nodes[Int(node.next)].prev = node.prev }
            nodes[Int(index)].chainNext = freeNode
            freeNode = index
            index = node.chainNext
        }
    }

    /// Calls `body` with the key of each watch on the view in `slot`.
    func forEachWatcher(of slot: Int, _ body: (UInt32) -> Void) {
        nodes.withUnsafeBufferPointer { nodes in
            var index = heads[slot]
            while index != AnchorWatches.none {
                body(nodes[Int(index)].key)
                index = nodes[Int(index)].next
            }
        }
    }

    /// Reads watch node `index` (a portal's chain, which its next watch releases), if any, for a
    /// read-ahead.
    @inline(__always)
    func touchNode(_ index: Int32) -> UInt32 {
        index >= 0 && Int(index) < nodes.count ? nodes[Int(index)].key : 0
    }

    /// Debug check: each node in its slot's list once, the links agreeing both ways, and every
    /// node either listed or free.
    func checkInvariants() {
        var listedNodes = 0
        for slot in heads.indices {
            var index = heads[slot], prev = AnchorWatches.none
            while index != AnchorWatches.none {
                let node = nodes[Int(index)]
                precondition(node.slot == UInt32(slot) && node.prev == prev, "views: watch list of slot \(slot) is broken at node \(index)")
                listedNodes += 1
                precondition(listedNodes <= nodes.count, "views: a watch list has a cycle")
                prev = index
                index = node.next
            }
        }
        var freeNodes = 0, free = freeNode
        while free != AnchorWatches.none {
            freeNodes += 1
            precondition(freeNodes <= nodes.count, "views: the free watch nodes have a cycle")
            free = nodes[Int(free)].chainNext
        }
        precondition(listedNodes + freeNodes == nodes.count, "views: \(nodes.count - listedNodes - freeNodes) watch nodes leak")
    }
}
