// Propagation and output: the render list, kept up to date with work in proportion to change.
//
// A drawn view's global values (transform, opacity, hit testing, clip) are composed top-down
// from its parent's *context* — the parent's content space on screen, its effective opacity and
// hit testing, the clip its children are in and the box that culls them. Two columns keep them
// between ticks: `contextOf` (per parent) and `itemOf` (per view, the index of its render item,
// which holds its own global values). A tick then has three cases:
//
// - nothing changed: no work at all (`tree/idle` costs O(1));
// - only values changed (lanes ran, a feature placed a view, a style changed), with the same
//   structure: each changed view's subtree is recomposed from its parent's kept context and its
//   items and clips are patched in place — the list keeps its length and order. A subtree whose
//   culling changes (a cell scrolls on or off screen) cannot be patched: its root is marked;
// - the structure changed (a spawn, despawn, reparenting, hide or show, a z index, role or clip
//   flag): in a flat list, the list is rebuilt; in a tree, the changed views' roots are marked.
//   Marked roots (and portal layers with content copies) are walked again into a second
//   buffer, and every other root's items and clips are copied across (`RootRange`).
//
// When much of the list changed (more than a quarter of the drawn views), one sequential
// rebuild beats patching item by item, and nothing is marked.
//
// What changed is known without scanning: writes to a view's value block or style through the
// store's columns note the view (`NotedColumn`), the views with running lanes are kept as a set
// (`animatedSlots`, changed only when a view's first lane starts or its last stops), and every
// structural change sets `structureChanged`. A debug invariant rebuilds the
// list from scratch after every tick and requires it to equal the kept one, bit for bit.
//
// Ownership: the table (`ViewColumns`, the order, the structural notes) is the features'; the
// state below (`Propagation`: the render list's own columns, marks, buffers and the change log)
// is this stage's alone. Its loops work through one handle, `ViewStore.withColumns { c, render
// in … }`: the table's columns as pointers in `c`, read as `c.values[i]`, and this state. Every
// drawn view's globals and the context it hands its children come from one pair of functions,
// `compose(_:_:under:)` and `childContext(of:slot:clip:_:)`, which the patch, the full walk,
// its childless roots and the popups' draw test (`nextDrawState`) all call.
//
// This file holds the state, the marks and the stage (`updateRenderList`); the flat list, the
// composition of one view, the tree's patch and walk, and the invariant are in
// `Propagation+FlatList.swift`, `Propagation+Compose.swift`, `Propagation+Tree.swift` and
// `Propagation+Invariants.swift`.

/// Propagation's own state: the render list's per-slot columns (a drawn view's item index, the
/// context it hands its children, its clip), the marks of what changed, the walk's buffers, the
/// double-buffered tree list and the change log. Only propagation writes it.
struct Propagation {
    /// The per-slot columns.
    var slots = PropagationColumns()
    // Read by the store and the checks.
    var itemOf: [Int32] { slots.itemOf }
    var clipOf: [Int32] { slots.clipOf }
    var contextOf: [ViewStore.WalkParent] { slots.contextOf }
    var rootEntry: [Int32] { slots.rootEntry }

    var dirtyCount = 0
    /// The roots marked in `rootMark`.
    var markedRoots: [UInt32] = []
    /// Views whose patch found the drawn set changed (a culling change): their roots are walked.
    var escalated: [UInt32] = []
    /// Whether `itemOf` is out of date for a flat list (it is written on the first patch after
    /// a flat rebuild).
    var flatIndexStale = true
    /// Whether the last render list was built by the tree walk (some view had a parent).
    var lastListWasTree = false
    /// Per render item of a tree's list, the slot of its view, or ``ViewStore/copySlot`` for a
    /// layer's content copy.
    var itemSlots: [UInt32] = []
    /// The roots of the last tree list, in drawing order, with their item and clip ranges.
    var lastRoots: [ViewStore.RootRange] = []
    /// The item ranges of the last render list that are a portal layer's content subtree drawn
    /// under the layer (start, end pairs): copies, not the views' own places.
    var layerContentItems: [Int32] = []
    /// The other buffers of the double-buffered tree list (kept, so composing allocates nothing).
    var spareItems: [RenderItem] = []
    var spareClips: [RenderClip] = []
    var spareItemSlots: [UInt32] = []
    var spareRoots: [ViewStore.RootRange] = []
    /// Per place in `order`, the entry of the last list a root's items are copied from, or −1.
    var rootPlan: [Int32] = []
    /// The patch's stack (kept, so a steady-state patch allocates nothing).
    var walk: [ViewStore.WalkEntry] = []
    /// The full walk's stack, sized to its bound and written in place.
    var composeStack: [ViewStore.WalkEntry] = []
    /// The contexts the full walk's entries point at (one per parent reached), sized to the
    /// stack's bound and written in place.
    var walkParents: [ViewStore.WalkParent] = []
    /// Where the full walk's lists go once the lists they overwrite are full (`WalkOutput.swift`).
    let spills = WalkSpills()
    /// The change list's record of in-place patches, and its state (`Output/RenderChanges.swift`).
    var patchLog = RenderPatchLog()
    var changeLog = RenderChangeLog()
    /// Where the read-aheads (`touchShownViews`) leave their sums, so that the reads are kept.
    var touchSum: UInt32 = 0
    /// How many updates of a flat list rewrote only its items' value fields (`rewriteFlatValues`):
    /// tests check that the every-view-animating path they mean to exercise was taken.
    var flatValueRewrites = 0

    @inline(__always)
    mutating func forEachColumn(_ v: inout some SlotColumnVisitor) { slots.forEachColumn(&v) }
}

/// Propagation's per-slot columns (see `SlotColumns.swift`).
struct PropagationColumns {
    /// Per slot, the index of its render item (−1: not drawn in its own place). With the items
    /// themselves it is the propagation's column of global values: a drawn view's global
    /// transform, opacity, hit-testing flag and clip are its item's.
    var itemOf: [Int32] = []
    /// Per slot, the clip it adds to the clip list for its children (valid while it is drawn,
    /// clips and has children), or −1.
    var clipOf: [Int32] = []
    /// Per slot, the context its children were last composed with: its content space's global
    /// transform, opacity, hit testing, clip and cull box (valid while it is drawn and has
    /// children).
    var contextOf: [ViewStore.WalkParent] = []
    /// Per slot, whether its local values changed since the last propagation (1) or not (0).
    var dirtyMark: [UInt8] = []
    /// The marked slots, `dirtyCount` of them; sized to the slots, so marking never allocates.
    var dirtyList: [UInt32] = []
    /// Per slot, 1 while its root's subtree is to be walked again this propagation.
    var rootMark: [UInt8] = []
    /// Per slot, its index in `lastRoots` (valid when that entry names the slot), or −1.
    var rootEntry: [Int32] = []

    /// The columns, each with a vacant slot's entry. `dirtyList` is a list sized to the slots,
    /// not indexed by them: a reused slot leaves it alone.
    @inline(__always)
    mutating func forEachColumn(_ v: inout some SlotColumnVisitor) {
        v.visit(&itemOf, vacant: -1)
        v.visit(&clipOf, vacant: -1)
        v.visit(&contextOf, vacant: ViewStore.noContext)
        v.visit(&dirtyMark, vacant: 0)
        v.visit(&dirtyList, vacant: 0, onReuse: .keep)
        v.visit(&rootMark, vacant: 0)
        v.visit(&rootEntry, vacant: -1)
    }

    /// The columns the walk and the patch write per view, as pointers.
    struct Pointers {
        let itemOf: UnsafeMutableBufferPointer<Int32>
        let clipOf: UnsafeMutableBufferPointer<Int32>
        let contextOf: UnsafeMutableBufferPointer<ViewStore.WalkParent>
        let dirtyMark: UnsafeMutableBufferPointer<UInt8>
        let dirtyList: UnsafeMutableBufferPointer<UInt32>
        let rootMark: UnsafeMutableBufferPointer<UInt8>
    }

    /// Calls `body` with the pointers (as ``ViewColumns/withPointers(_:)``).
    @inline(__always)
    mutating func withPointers<R, E: Error>(_ body: (Pointers) throws(E) -> R) throws(E) -> R {
        try itemOf.withUnsafeMutableBufferPointer { itemOf throws(E) in
        try clipOf.withUnsafeMutableBufferPointer { clipOf throws(E) in
        try contextOf.withUnsafeMutableBufferPointer { contextOf throws(E) in
        try dirtyMark.withUnsafeMutableBufferPointer { dirtyMark throws(E) in
        try dirtyList.withUnsafeMutableBufferPointer { dirtyList throws(E) in
        try rootMark.withUnsafeMutableBufferPointer { rootMark throws(E) in
            try body(Pointers(itemOf: itemOf, clipOf: clipOf, contextOf: contextOf, dirtyMark: dirtyMark, dirtyList: dirtyList,
                              rootMark: rootMark))
        } } } } } }
    }
}

extension ViewStore {
    /// What the walk carries from a parent to each of its children.
    struct WalkParent {
        var clip: Int32
        var opacity: Float
        var hittable: Bool
        /// The children are a portal layer's content descendants, drawn under the layer (role
        /// overlay, not drawn in their own place).
        var isLayerContent: Bool
        var hasCull: Bool
        /// The intersection of the bounding boxes of every clipping ancestor's clip (valid when
        /// `hasCull`).
        var cull: Rect
        /// The parent's global transform, after its content offset.
        var global: ProjectionTransform
    }

    /// Where a root's subtree lies in the last tree list: its items and its clips.
    struct RootRange {
        var slot: UInt32
        var itemStart: Int32, itemEnd: Int32
        var clipStart: Int32, clipEnd: Int32
        /// The range holds a portal layer's content copies (never copied: they follow views
        /// under other roots, and the layer's content may have changed).
        var hasLayerCopies = false
    }

    /// What `itemSlots` holds for a layer's content copy.
    static let copySlot = UInt32.max

    static let noContext = WalkParent(clip: -1, opacity: 0, hittable: false, isLayerContent: false,
                                      hasCull: false, cull: .zero, global: .identity)

    /// One entry of the walk's stack: a view to visit and where its parent's context is.
    /// Kept to 8 bytes: every sibling shares its parent's ``WalkParent``, written once per
    /// parent, instead of each child carrying a copy of the parent's matrix and clip.
    struct WalkEntry {
        var slot: UInt32
        /// Where the parent's ``WalkParent`` is, or −1 for a root: its index in `walkParents` in
        /// the full walk, the parent's slot (its `contextOf` entry) in the patch.
        var parent: Int32
    }

    static let fillerItem = RenderItem(entity: Entity(index: 0, generation: 0), content: Entity(index: 0, generation: 0),
                                       frame: .zero, cornerRadius: 0, cornerStyle: .circular, clipsContent: true, opacity: 0,
                                       shadowRadius: 0, transform: .identity, zIndex: 0, role: .view, allowsHitTesting: false)

    // MARK: Marking

    /// Notes a change of structure at the view in `slot` (shown or hidden, a child added or
    /// removed, a z index, role or clip flag): its root's subtree is walked again.
    @inline(__always)
    mutating func markStructure(_ slot: Int) {
        structureChanged = true
        structuralSlots.append(UInt32(truncatingIfNeeded: slot))
    }

    /// Moves the writes the columns noted, and the animated views, into the marks.
    private mutating func takeNotedWrites() {
        for slot in animatedSlots { render.markDirty(Int(slot)) }
        columns.values.takeNoted { render.markDirty($0) }
        columns.styles.takeNoted { render.markDirty($0) }
    }

    private mutating func clearMarks() {
        render.clearMarks()
        structuralSlots.removeAll(keepingCapacity: true)
        structureChanged = false
    }

    /// Whether the render list is known to be up to date: nothing was written or restructured
    /// since it was last brought up to date.
    var isRenderListCurrent: Bool {
        !structureChanged && render.dirtyCount == 0 && values.noted.isEmpty && styles.noted.isEmpty
    }

    // MARK: The stage

    /// Propagation and output: brings `items` and `clips` up to date with the views, doing work
    /// in proportion to what changed (see the file's notes). Returns whether anything changed.
    mutating func updateRenderList(into items: inout [RenderItem], clips: inout [RenderClip]) -> Bool {
        let tree = parentedCount != 0
        let changes = render.dirtyCount + animatedSlots.count + values.noted.count + styles.noted.count
        guard structureChanged || changes != 0 || tree != render.lastListWasTree else { return false }
        // When much of the list changed, one sequential pass beats patching item by item (every
        // view animating, say) — and then nothing needs marking.
        let full = tree != render.lastListWasTree || changes > visibleCount / 4 + 16
        // Only value blocks were written (no style, no structure): a flat list keeps every
        // field its entities and styles decide, and only the values' fields need rewriting.
        let valuesOnly = !structureChanged && styles.noted.isEmpty && tree == render.lastListWasTree
        if full {
            columns.values.discardNoted()
            columns.styles.discardNoted()
        } else {
            takeNotedWrites()
        }
        let order = self.order
        if !tree {
            if full && valuesOnly && items.count == visibleCount {
                render.keepOldListForChanges(items)
                withColumns { c, render in render.rewriteFlatValues(c, order: order, items: &items) }
                render.flatValueRewrites &+= 1
            } else if full || structureChanged {
                render.keepOldListForChanges(items)
                writeRenderList(into: &items, clips: &clips)
            } else {
                withColumns { c, render in render.patchFlat(c, order: order, items: &items) }
            }
        } else if full {
            render.changeLog.oldListInSpare = true   // for the change list (RenderChanges.swift)
            writeRenderList(into: &items, clips: &clips)
        } else {
            // The roots whose structure changed are walked again; the changed views under the
            // others are patched in place, unless their drawn set changed (then their roots are
            // walked too); a portal layer's content copies depend on views under other roots,
            // so a list with copies is composed again whenever anything changed.
            let slotOf = self.slotOf
            for slot in structuralSlots where live[Int(slot)] { render.markRoot(of: Int(slot), parentSlot: columns.parentSlot) }
            withColumns { c, render in render.patchTree(c, slotOf: slotOf, items: &items, clips: &clips) }
            for slot in render.escalated { render.markRoot(of: Int(slot), parentSlot: columns.parentSlot) }
            render.escalated.removeAll(keepingCapacity: true)
            if structureChanged || !render.markedRoots.isEmpty || !render.layerContentItems.isEmpty {
                render.changeLog.oldListInSpare = true   // for the change list (RenderChanges.swift)
                withColumns { c, render in
                    render.composeTreeList(c, order: order, slotOf: slotOf, into: &items, clips: &clips, copying: true)
                }
            }
        }
        clearMarks()
        return true
    }
}

extension Propagation {
    // MARK: Marks

    /// Marks the root of the view in `slot` to be walked again.
    mutating func markRoot(of slot: Int, parentSlot: [UInt32]) {
        var root = slot
        while parentSlot[root] != 0 { root = Int(parentSlot[root] - 1) }
        if slots.rootMark[root] == 0 {
            slots.rootMark[root] = 1
            markedRoots.append(UInt32(root))
        }
    }

    /// Notes that the local values of the view in `slot` changed: the next propagation
    /// recomposes its subtree.
    @inline(__always)
    mutating func markDirty(_ slot: Int) {
        if slots.dirtyMark[slot] == 0 {
            slots.dirtyMark[slot] = 1
            slots.dirtyList[dirtyCount] = UInt32(slot)
            dirtyCount += 1
        }
    }

    mutating func clearMarks() {
        for i in 0..<dirtyCount { slots.dirtyMark[Int(slots.dirtyList[i])] = 0 }
        dirtyCount = 0
        for root in markedRoots { slots.rootMark[Int(root)] = 0 }
        markedRoots.removeAll(keepingCapacity: true)
    }
}
