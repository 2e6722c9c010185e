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
    /// The contexts the full walk's entries point at (one per parent reached; kept between ticks).
    var walkParents: [ViewStore.WalkParent] = []
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

    // MARK: The full walk

    /// Rebuilds `items` (and `clips`) in place, one render item per drawn view in drawing order,
    /// and the propagation's columns with them.
    ///
    /// Each drawn view's global transform, effective opacity, hit-testing flag and clip are
    /// composed from its parent's as the walk reaches it, top-down, so a hidden or culled subtree
    /// costs nothing and a view nobody draws is never computed. With no parent anywhere (every
    /// view a root) the flat loop runs, as before the tree, plus each item's own matrix.
    mutating func writeRenderList(into items: inout [RenderItem], clips: inout [RenderClip]) {
        let wasTree = render.lastListWasTree
        render.lastListWasTree = parentedCount != 0
        let order = self.order
        if render.lastListWasTree {
            // The views drawn last time are not, until this walk draws them again.
            if !wasTree {
                render.slots.itemOf.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
                render.lastRoots.removeAll(keepingCapacity: true)
                render.itemSlots.removeAll(keepingCapacity: true)
            }
            let slotOf = self.slotOf
            withColumns { c, render in
                render.composeTreeList(c, order: order, slotOf: slotOf, into: &items, clips: &clips, copying: false)
            }
            return
        }
        clips.removeAll(keepingCapacity: true)
        render.layerContentItems.removeAll(keepingCapacity: true)
        render.lastRoots.removeAll(keepingCapacity: true)
        render.itemSlots.removeAll(keepingCapacity: true)
        render.flatIndexStale = true
        touchShownViews()
        // Size the list to the visible views first (kept incrementally), so that from one tick
        // to the next it grows or shrinks only by the difference.
        if items.count > visibleCount {
            items.removeLast(items.count - visibleCount)
        } else if items.count < visibleCount {
            items.append(contentsOf: repeatElement(ViewStore.fillerItem, count: visibleCount - items.count))
        }
        // One pass, every column through a pointer: this loop writes every drawn view. (The
        // pointers are taken out of the handle first: read through it, each store to an item
        // could alias them, and they were loaded again per view.)
        withColumns { c, _ in
            let values = c.values, styles = c.styles, hidden = c.hiddenBy, entities = c.entities
            items.withUnsafeMutableBufferPointer { items in
                var k = 0
                for slot in order where hidden[Int(slot)] == 0 {
                    let slot = Int(slot)
                    items[k] = ViewStore.flatItem(slot: slot, v: values, style: styles[slot], entity: entities[slot])
                    k += 1
                }
            }
        }
    }

    /// Reads ahead (see `ReadAhead`) what the flat list's pass will read of the views whose
    /// structure changed — spawned, or shown again — all in one loop before the pass: a view
    /// shown again (a portal's anchor as its layer lands) has not been read since it was hidden,
    /// and when a whole duration class of flights lands at once, the pass would otherwise wait
    /// for each one's misses as it reaches it.
    private mutating func touchShownViews() {
        guard structuralSlots.count > 1 else { return }
        var sum = render.touchSum
        for slot in structuralSlots {
            let slot = Int(slot)
            guard live[slot] && hiddenBy[slot] == 0 else { continue }
            sum &+= touchBlocks(slot: slot) &+ entities[slot].index &+ styles.withUnsafeBufferPointer { touchLines($0.baseAddress! + slot) }
        }
        render.touchSum = sum
    }

    /// Writes the fields of a root view's item that its value block decides, with
    /// ``presentation(block:slot:axis:)``'s clamps and ``flatItem(slot:v:style:entity:)``'s
    /// matrix (its 3D rotation's axis, a style field, is the one the item holds). Field by
    /// field, straight from the block: assigning whole `Transform`s went through a stack copy
    /// whose overlapping reloads stalled store forwarding.
    @inline(__always)
    static func writeFlatValues(into item: UnsafeMutablePointer<RenderItem>, slot: Int, v: UnsafeBufferPointer<Float>) {
        let b = slot * ViewChannel.stride
        let frame = Rect(x: v[b], y: v[b + 1], width: atLeastZero(v[b + 2]), height: atLeastZero(v[b + 3]))
        item.pointee.frame = frame
        item.pointee.cornerRadius = atLeastZero(v[b + ViewChannel.cornerRadius.rawValue])
        item.pointee.opacity = unit(v[b + ViewChannel.opacity.rawValue])
        item.pointee.shadowRadius = atLeastZero(v[b + ViewChannel.shadowRadius.rawValue])
        let tx = v[b + ViewChannel.translationX.rawValue], ty = v[b + ViewChannel.translationY.rawValue]
        let sx = v[b + ViewChannel.scaleX.rawValue], sy = v[b + ViewChannel.scaleY.rawValue]
        let rotation = v[b + ViewChannel.rotation.rawValue], angle3D = v[b + ViewChannel.rotation3DAngle.rawValue]
        item.pointee.transform.translation = Point(x: tx, y: ty)
        item.pointee.transform.scaleX = sx
        item.pointee.transform.scaleY = sy
        item.pointee.transform.rotation = Angle(radians: rotation)
        item.pointee.transform.zPosition = v[b + ViewChannel.zPosition.rawValue]
        item.pointee.transform.rotation3D.angle = Angle(radians: angle3D)
        if rotation == 0 && angle3D == 0 {
            // `ProjectionTransform.local`'s common case, from the numbers in registers.
            item.pointee.globalTransform = ProjectionTransform.unrotatedLocal(
                frame: frame, translation: Point(x: tx, y: ty), scaleX: sx, scaleY: sy)
        } else {
            item.pointee.globalTransform = ProjectionTransform.rotatedLocal(frame: frame, transform: item.pointee.transform)
        }
    }

    /// The render item of a root view.
    @inline(__always)
    static func flatItem(slot: Int, v: UnsafeBufferPointer<Float>, style: ViewStyle, entity: Entity) -> RenderItem {
        let p = ViewStore.presentation(block: v, slot: slot, axis: style.rotationAxis)
        return RenderItem(
            entity: entity, content: style.content, frame: p.frame,
            cornerRadius: p.cornerRadius, cornerStyle: style.cornerStyle,
            clipsContent: style.clipsContent, opacity: p.opacity, shadowRadius: p.shadowRadius,
            transform: p.transform, zIndex: style.zIndex, role: style.role,
            allowsHitTesting: style.allowsHitTesting,
            globalTransform: ProjectionTransform.local(frame: p.frame, transform: p.transform))
    }

    /// Whether child `k` of a parent whose children are composed with `g` inside the cull box
    /// `cull` is clearly (by a margin; the exact test decides anything close) outside it, from
    /// its block alone. `preCull` says the test applies: the parent culls and its content space
    /// is axis-aligned. A long list of children inside a clip (a scrolling list's cells) is mostly
    /// off-screen, so this runs before a child is visited.
    @inline(__always)
    static func preCulled(_ k: Int, v: UnsafeBufferPointer<Float>, preCull: Bool, g: ProjectionTransform, cull: Rect) -> Bool {
        let kb = k * ViewChannel.stride
        guard preCull && v[kb + ViewChannel.rotation.rawValue] == 0 && v[kb + ViewChannel.rotation3DAngle.rawValue] == 0 else { return false }
        let w = v[kb + ViewChannel.width.rawValue], h = v[kb + ViewChannel.height.rawValue]
        let sx = v[kb + ViewChannel.scaleX.rawValue], sy = v[kb + ViewChannel.scaleY.rawValue]
        let cx = v[kb] + w / 2 + v[kb + ViewChannel.translationX.rawValue]
        let cy = v[kb + 1] + h / 2 + v[kb + ViewChannel.translationY.rawValue]
        let ex = abs(w * sx * g.m11) / 2, ey = abs(h * sy * g.m22) / 2
        let gx = cx * g.m11 + g.m31, gy = cy * g.m22 + g.m32
        let margin = 0.01 + 1e-5 * (abs(gx) + abs(gy) + ex + ey)
        return gx + ex < cull.minX - margin || gx - ex > cull.maxX + margin
            || gy + ey < cull.minY - margin || gy - ey > cull.maxY + margin
    }

    /// Whether the pre-cull test applies to the children of a parent with context `ctx`.
    @inline(__always)
    static func canPreCull(_ ctx: WalkParent) -> Bool {
        let g = ctx.global
        return ctx.hasCull && g.isAffine && g.m12 == 0 && g.m21 == 0
    }

    /// Whether the view `k`, a child of a parent whose children's context is `ctx`, is clearly
    /// outside the parent's cull box, from its block alone (``preCulled(_:v:preCull:g:cull:)``).
    @inline(__always)
    static func preCulled(_ k: Int, v: UnsafeBufferPointer<Float>, under ctx: WalkParent) -> Bool {
        preCulled(k, v: v, preCull: canPreCull(ctx), g: ctx.global, cull: ctx.cull)
    }

    // MARK: Composing a view

    /// A drawn view as composed under its parent: its presented values and style, its own
    /// global values (transform, opacity, hit testing, clip, the cull box it lies in) and, when
    /// a cull box or its own clip needs it, its bounding box on screen.
    struct Composed {
        /// Its presented frame, radii and transform (``presentation(block:slot:axis:)``'s).
        var frame: Rect
        var cornerRadius: Float
        var shadowRadius: Float
        var transform: Transform
        var style: ViewStyle
        var own: WalkParent
        var box: Rect?
        /// The view lies wholly outside its context's cull box: not drawn.
        var isCulled: Bool
    }

    /// The view in `slot` composed under the context at `parent` (read in place; `nil`: a
    /// root), culled when it lies wholly outside that context's cull box: the one composition of
    /// the render walk's rules, which the patch, the full walk, its childless roots and the
    /// popups' draw test share, so they give the same bits. (Transparent: the loops must not pay
    /// a call and a copy of the result per view, and `@inline(__always)` was not honoured in them.)
    ///
    /// `inPlace` picks the shape of the code, not the result: the view's own values composed
    /// in place under the parent's (the patch's loop compiles best so) or built under it (the
    /// walk's); a constant at each call.
    @_transparent
    static func compose(_ slot: Int, _ c: ViewColumns.Pointers, under parent: UnsafePointer<WalkParent>?,
                        inPlace: Bool = false) -> Composed {
        let style = c.styles[slot]
        let p = presentation(block: c.values, slot: slot, axis: style.rotationAxis)
        let local = ProjectionTransform.local(frame: p.frame, transform: p.transform)
        let own: WalkParent
        if inPlace {
            var mine = WalkParent(own: local, opacity: p.opacity, hittable: style.allowsHitTesting)
            if let parent { mine.compose(under: parent) }
            own = mine
        } else {
            own = WalkParent(own: local, opacity: p.opacity, hittable: style.allowsHitTesting, under: parent)
        }
        var box: Rect?
        if own.hasCull || style.clipsToBounds { box = own.global.boundingBox(of: p.frame.size) }
        let isCulled = own.hasCull && box.map { disjoint($0, own.cull) } ?? false
        return Composed(frame: p.frame, cornerRadius: p.cornerRadius, shadowRadius: p.shadowRadius, transform: p.transform,
                        style: style, own: own, box: box, isCulled: isCulled)
    }

    /// What a composed view hands its children: its own values, inside its clip `clip` and its
    /// box when it clips, then its content offset.
    @_transparent
    static func childContext(of v: Composed, slot: Int, clip: Int32, _ c: ViewColumns.Pointers) -> WalkParent {
        var ctx = v.own
        if v.style.clipsToBounds {
            ctx.clip = clip
            if let b = v.box {
                ctx.cull = v.own.hasCull ? intersection(b, v.own.cull) : b
                ctx.hasCull = true
            }
        }
        let b = slot * ViewChannel.stride
        let ox = c.values[b + ViewChannel.contentOffsetX.rawValue], oy = c.values[b + ViewChannel.contentOffsetY.rawValue]
        if ox != 0 || oy != 0 { ctx.global = ProjectionTransform.translation(x: -ox, y: -oy) * v.own.global }
        return ctx
    }

    /// The render item of a composed view.
    @_transparent
    static func item(_ v: Composed, entity: Entity, role: RenderRole) -> RenderItem {
        RenderItem(
            entity: entity, content: v.style.content, frame: v.frame,
            cornerRadius: v.cornerRadius, cornerStyle: v.style.cornerStyle,
            clipsContent: v.style.clipsContent, opacity: v.own.opacity, shadowRadius: v.shadowRadius,
            transform: v.transform, zIndex: v.style.zIndex, role: role,
            allowsHitTesting: v.own.hittable, globalTransform: v.own.global, clip: v.own.clip)
    }

    /// The clip a composed view that clips adds for its children, inside its own clip.
    @_transparent
    static func clip(of v: Composed) -> RenderClip {
        RenderClip(size: v.frame.size, cornerRadius: v.cornerRadius, cornerStyle: v.style.cornerStyle,
                   transform: v.own.global, parent: v.own.clip)
    }

    // MARK: Checking

    /// Debug check: the kept render list, clip list and columns equal a fresh full walk's, bit
    /// for bit. Only while the list is current (between a tick and the next change).
    func checkPropagation(items: [RenderItem], clips: [RenderClip]) {
        guard isRenderListCurrent else { return }
        var fresh = self
        var freshItems: [RenderItem] = [], freshClips: [RenderClip] = []
        fresh.writeRenderList(into: &freshItems, clips: &freshClips)
        let render = self.render
        precondition(freshItems.count == items.count, "propagation: \(items.count) items kept, a fresh walk gives \(freshItems.count): \(items.map { $0.entity }) vs \(freshItems.map { $0.entity }); slots \(render.itemSlots) roots \(render.lastRoots) order \(order) hidden \(hiddenBy) parents \(parentSlot)")
        for k in items.indices {
            precondition(freshItems[k] == items[k], "propagation: item \(k) (\(items[k].entity)) differs from a fresh walk's: \(items[k]) vs \(freshItems[k]); slots \(render.itemSlots) roots \(render.lastRoots)")
        }
        precondition(freshClips == clips, "propagation: the clip list differs from a fresh walk's")
        guard render.lastListWasTree else { return }
        for slot in entities.indices where live[slot] {
            precondition(fresh.render.itemOf[slot] == render.itemOf[slot], "propagation: the item index of slot \(slot) is stale")
            if render.itemOf[slot] >= 0 && !childSlots[slot].isEmpty {
                let a = fresh.render.contextOf[slot], b = render.contextOf[slot]
                precondition(a.global == b.global && a.opacity == b.opacity && a.hittable == b.hittable && a.clip == b.clip
                             && a.hasCull == b.hasCull && (!a.hasCull || a.cull == b.cull),
                             "propagation: the children's context of slot \(slot) is stale")
            }
        }
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

    // MARK: A flat list

    /// Patches the items of the marked views of a flat list (every view a root).
    mutating func patchFlat(_ c: ViewColumns.Pointers, order: [UInt32], items: inout [RenderItem]) {
        if flatIndexStale { indexFlatList(c, order: order) }
        items.withUnsafeMutableBufferPointer { items in
            for i in 0..<dirtyCount {
                let slot = Int(slots.dirtyList[i])
                let index = Int(slots.itemOf[slot])
                guard index >= 0 else { continue }   // hidden (or gone: structural)
                if patchLog.isOn { patchLog.willWrite(index, in: items) }
                items[index] = ViewStore.flatItem(slot: slot, v: c.values, style: c.styles[slot], entity: c.entities[slot])
            }
            if patchLog.isOn { patchLog.finishWrites(in: items) }
        }
    }

    /// Rewrites, in list order, the fields of every item of a flat list that its view's value
    /// block decides (frame, corner radius, opacity, shadow radius, transform, global transform)
    /// and leaves the rest (entity, content, style fields), which nothing changed: the tick in
    /// which every view animates and nothing else happened. Against the full rebuild it reads
    /// neither the styles nor the entities, and writes 96 of the item's 140 bytes.
    func rewriteFlatValues(_ c: ViewColumns.Pointers, order: [UInt32], items: inout [RenderItem]) {
        let values = c.values, hidden = c.hiddenBy   // (out of the handle: see `writeRenderList`)
        items.withUnsafeMutableBufferPointer { items in
            guard var item = items.baseAddress else { return }
            for slot in order where hidden[Int(slot)] == 0 {
                ViewStore.writeFlatValues(into: item, slot: Int(slot), v: values)
                item += 1
            }
        }
    }

    /// Writes `itemOf` for a flat list (left to the first patch after a rebuild, so a list rebuilt
    /// every tick — every view animating — never pays for it).
    private mutating func indexFlatList(_ c: ViewColumns.Pointers, order: [UInt32]) {
        var k: Int32 = 0
        slots.itemOf.withUnsafeMutableBufferPointer { itemOf in
            for slot in order {
                let visible = c.hiddenBy[Int(slot)] == 0
                itemOf[Int(slot)] = visible ? k : -1
                k &+= visible ? 1 : 0
            }
        }
        flatIndexStale = false
    }

    // MARK: The patch

    /// Recomposes the subtrees of the marked views from their parents' kept contexts and patches
    /// their items and clips in place. Skips the views under roots already marked to be walked;
    /// lists in `escalated` the views whose drawn set would change (a view culled or uncovered),
    /// whose roots are then walked again.
    mutating func patchTree(_ c: ViewColumns.Pointers, slotOf: [UInt32], items: inout [RenderItem], clips: inout [RenderClip]) {
        let n = dirtyCount
        // The loop's lists and log as locals, put back after: reached through `self` (which the
        // closures capture), each append, pop and read reloaded them.
        var walk = self.walk, escalated = self.escalated, log = self.patchLog
        self.walk = []; self.escalated = []; self.patchLog = RenderPatchLog()
        defer { self.walk = walk; self.escalated = escalated; self.patchLog = log }
        slots.withPointers { s in
            items.withUnsafeMutableBufferPointer { items in
                views: for d in 0..<n {
                    let start = Int(s.dirtyList[d])
                    // A dead view's parent is marked as structure.
                    guard c.live[start] else { continue }
                    // A marked ancestor recomposes this view with its subtree; a marked root walks it again.
                    var up = c.parentSlot[start], covered = false, root = start
                    while up != 0 {
                        root = Int(up - 1)
                        if s.dirtyMark[root] != 0 { covered = true }
                        up = c.parentSlot[root]
                    }
                    if covered || s.rootMark[root] != 0 || c.hiddenBy[start] != 0 { continue }
                    walk.removeAll(keepingCapacity: true)
                    // (Every parent the patch reaches has its children's context in `contextOf` —
                    // kept, or written just before its children are pushed — so an entry names its
                    // parent's slot, and the context is read there in place.)
                    if let parent = c.parent(start) {
                        // An undrawn parent (hidden, culled, or under one) keeps the view undrawn.
                        guard s.itemOf[parent] >= 0 else { continue }
                        if ViewStore.preCulled(start, v: c.values, under: s.contextOf[parent]) {
                            if s.itemOf[start] >= 0 { escalated.append(UInt32(start)) }
                            continue
                        }
                        walk.append(ViewStore.WalkEntry(slot: UInt32(start), parent: Int32(truncatingIfNeeded: parent)))
                    } else {
                        walk.append(ViewStore.WalkEntry(slot: UInt32(start), parent: -1))
                    }
                    // The subtree, recomposed; a change of its drawn set escalates its root.
                    while let e = walk.popLast() {
                        let slot = Int(e.slot)
                        let parent = e.parent < 0 ? nil : UnsafePointer(s.contextOf.baseAddress! + Int(e.parent))
                        let v = ViewStore.compose(slot, c, under: parent, inPlace: true)
                        let index = Int(s.itemOf[slot])
                        if v.isCulled {
                            if index >= 0 { escalated.append(UInt32(start)); continue views }
                            continue
                        }
                        guard index >= 0 else { escalated.append(UInt32(start)); continue views }
                        // A portal layer whose content has a subtree draws copies of it: walked.
                        if e.parent < 0, Propagation.layerContentWithChildren(slot, c, slotOf) != nil {
                            escalated.append(UInt32(start)); continue views
                        }
                        if log.isOn { log.willWrite(index, in: items) }
                        items[index] = ViewStore.item(v, entity: c.entities[slot], role: v.style.role)
                        let kids = c.childSlots[slot]
                        guard !kids.isEmpty else { continue }
                        // (Never a layer's content: those are escalated.)
                        var clip = v.own.clip
                        if v.style.clipsToBounds {
                            clip = s.clipOf[slot]
                            guard clip >= 0 else { escalated.append(UInt32(start)); continue views }
                            clips[Int(clip)] = ViewStore.clip(of: v)
                        }
                        let ctx = ViewStore.childContext(of: v, slot: slot, clip: clip, c)
                        s.contextOf[slot] = ctx
                        let preCull = ViewStore.canPreCull(ctx)
                        for k in kids.reversed() where c.hiddenBy[Int(k)] == 0 {
                            if ViewStore.preCulled(Int(k), v: c.values, preCull: preCull, g: ctx.global, cull: ctx.cull) {
                                if s.itemOf[Int(k)] >= 0 { escalated.append(UInt32(start)); continue views }
                                continue
                            }
                            walk.append(ViewStore.WalkEntry(slot: k, parent: Int32(truncatingIfNeeded: slot)))
                        }
                    }
                }
                if log.isOn { log.finishWrites(in: items) }
            }
        }
    }

    // MARK: The tree list

    /// Composes a tree's list: depth first from each root in `order`, with an explicit stack
    /// (kept between ticks, so it allocates nothing in steady state). With `copying`, a root
    /// whose subtree kept its structure (not marked, not a portal layer, drawn last time) is not
    /// walked: its items and clips — patched in place before — are copied from the last list,
    /// their clip indices shifted. The list is double-buffered for that.
    mutating func composeTreeList(_ c: ViewColumns.Pointers, order: [UInt32], slotOf: [UInt32],
                                  into items: inout [RenderItem], clips: inout [RenderClip], copying: Bool) {
        // The new list is written into `items` and `clips`, `itemSlots` and `lastRoots`; the old
        // ones move to the spares, read for copying.
        swap(&items, &spareItems)
        swap(&clips, &spareClips)
        swap(&itemSlots, &spareItemSlots)
        swap(&lastRoots, &spareRoots)
        items.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        itemSlots.removeAll(keepingCapacity: true)
        lastRoots.removeAll(keepingCapacity: true)
        walkParents.removeAll(keepingCapacity: true)
        layerContentItems.removeAll(keepingCapacity: true)
        // One root's walk pushes each view at most twice (in its place, and as a copy under the
        // portal layer that is that root), so 2 × the slots bound the stack.
        let bound = 2 * c.entities.count + 1
        if composeStack.count < bound {
            composeStack.append(contentsOf: repeatElement(ViewStore.WalkEntry(slot: 0, parent: -1), count: bound - composeStack.count))
        }
        planCopies(c, order: order, copying: copying)
        var stack = composeStack
        composeStack = []
        let last = (items: spareItems, slots: spareItemSlots, clips: spareClips)
        slots.withPointers { s in
            stack.withUnsafeMutableBufferPointer { stack in
                for (j, root) in order.enumerated() where c.hiddenBy[Int(root)] == 0 {
                    // (A hidden root draws nothing and keeps no range: nothing to copy from it later.)
                    if rootPlan[j] >= 0 {
                        Propagation.copyRoot(
                            spareRoots[Int(rootPlan[j])], s, from: last, items: &items, clips: &clips,
                            itemSlots: &itemSlots, roots: &lastRoots)
                    } else {
                        Propagation.walkRoot(
                            Int(root), c, s, slotOf: slotOf, stack: stack, items: &items, clips: &clips,
                            itemSlots: &itemSlots, parents: &walkParents, copies: &layerContentItems, roots: &lastRoots)
                    }
                }
            }
        }
        composeStack = stack
        for (i, r) in lastRoots.enumerated() { slots.rootEntry[Int(r.slot)] = Int32(i) }
    }

    /// The slot of the content of the root in `slot` when it is a portal layer standing in for a
    /// view with children (whose descendants it draws as copies), else `nil`.
    @inline(__always)
    private static func layerContentWithChildren(_ slot: Int, _ c: ViewColumns.Pointers, _ slotOf: [UInt32]) -> Int? {
        let content = c.styles[slot].content
        guard content != c.entities[slot], let contentSlot = ViewStore.slot(of: content, slotOf: slotOf, entities: c.entities),
              !c.childSlots[contentSlot].isEmpty else { return nil }
        return contentSlot
    }

    /// Which roots are copied (`rootPlan`, per place in `order`: an entry of the last list, or
    /// −1), and the views drawn under the others undrawn until the walk draws them.
    private mutating func planCopies(_ c: ViewColumns.Pointers, order: [UInt32], copying: Bool) {
        rootPlan.removeAll(keepingCapacity: true)
        guard copying else {
            // The full walk: every root is walked, so no view is drawn until the walk draws it
            // (one pass over the last list's slots, with no per-root test).
            rootPlan.append(contentsOf: repeatElement(-1, count: order.count))
            let old = spareItemSlots
            slots.itemOf.withUnsafeMutableBufferPointer { itemOf in
                for slot in old where slot != ViewStore.copySlot { itemOf[Int(slot)] = -1 }
            }
            return
        }
        for root in order { rootPlan.append(Int32(copyable(Int(root), c) ?? -1)) }
        // The views drawn under roots walked again are not drawn until the walk draws them.
        for (i, r) in spareRoots.enumerated() where copyable(Int(r.slot), c) != i {
            for k in Int(r.itemStart)..<Int(r.itemEnd) where spareItemSlots[k] != ViewStore.copySlot {
                slots.itemOf[Int(spareItemSlots[k])] = -1
            }
        }
    }

    /// The entry of the last list whose items the root in `slot` copies, or `nil` when it is
    /// walked again: marked, a portal layer, or not drawn last time.
    @inline(__always)
    private func copyable(_ slot: Int, _ c: ViewColumns.Pointers) -> Int? {
        guard c.live[slot], c.parentSlot[slot] == 0, c.hiddenBy[slot] == 0, slots.rootMark[slot] == 0,
              c.styles[slot].content == c.entities[slot] else { return nil }
        let i = Int(slots.rootEntry[slot])
        guard i >= 0, i < spareRoots.count, spareRoots[i].slot == UInt32(slot), !spareRoots[i].hasLayerCopies else { return nil }
        return i
    }

    /// Copies a root's items and clips from the last list, shifting clip indices and item places.
    /// (Static, its columns passed in: it runs inside `slots.withPointers`.)
    private static func copyRoot(_ old: ViewStore.RootRange, _ s: PropagationColumns.Pointers,
                                 from last: (items: [RenderItem], slots: [UInt32], clips: [RenderClip]),
                                 items: inout [RenderItem], clips: inout [RenderClip],
                                 itemSlots: inout [UInt32], roots: inout [ViewStore.RootRange]) {
        let itemStart = items.count, clipStart = clips.count
        let clipDelta = Int32(clipStart) - old.clipStart
        items.append(contentsOf: last.items[Int(old.itemStart)..<Int(old.itemEnd)])
        itemSlots.append(contentsOf: last.slots[Int(old.itemStart)..<Int(old.itemEnd)])
        clips.append(contentsOf: last.clips[Int(old.clipStart)..<Int(old.clipEnd)])
        if clipDelta != 0 {
            for k in itemStart..<items.count where items[k].clip >= 0 { items[k].clip += clipDelta }
            for k in clipStart..<clips.count where clips[k].parent >= 0 { clips[k].parent += clipDelta }
            for k in itemStart..<items.count where itemSlots[k] != ViewStore.copySlot {
                let slot = Int(itemSlots[k])
                if s.clipOf[slot] >= 0 { s.clipOf[slot] += clipDelta }
                if s.contextOf[slot].clip >= 0 { s.contextOf[slot].clip += clipDelta }
            }
        }
        if itemStart != Int(old.itemStart) {
            for k in itemStart..<items.count where itemSlots[k] != ViewStore.copySlot {
                s.itemOf[Int(itemSlots[k])] = Int32(truncatingIfNeeded: k)
            }
        }
        roots.append(ViewStore.RootRange(
            slot: old.slot, itemStart: Int32(itemStart), itemEnd: Int32(items.count),
            clipStart: Int32(clipStart), clipEnd: Int32(clips.count)))
    }

    /// Walks the subtree of the root in `root`, depth first, appending its items and clips.
    /// (Static, its lists passed in: it runs inside `slots.withPointers`. Inlined: called once
    /// per root, a call cost its arguments' moves and the root's range kept across it.)
    @inline(__always)
    private static func walkRoot(_ root: Int, _ c: ViewColumns.Pointers, _ s: PropagationColumns.Pointers, slotOf: [UInt32],
                                 stack: UnsafeMutableBufferPointer<ViewStore.WalkEntry>,
                                 items: inout [RenderItem], clips: inout [RenderClip], itemSlots: inout [UInt32],
                                 parents: inout [ViewStore.WalkParent], copies: inout [Int32], roots: inout [ViewStore.RootRange]) {
        let rootItem = items.count, clipStart = clips.count, copyCount = copies.count
        defer {
            roots.append(ViewStore.RootRange(
                slot: UInt32(root), itemStart: Int32(rootItem), itemEnd: Int32(items.count),
                clipStart: Int32(clipStart), clipEnd: Int32(clips.count), hasLayerCopies: copies.count != copyCount))
        }
        if c.childSlots[root].isEmpty, Propagation.layerContentWithChildren(root, c, slotOf) == nil {
            let v = ViewStore.compose(root, c, under: nil)   // (a root is never culled)
            // A root with nothing to draw under it (a portal layer whose content has no children,
            // a popup's backdrop): its item alone, with no stack and no context to pass on.
            s.itemOf[root] = Int32(truncatingIfNeeded: items.count)
            itemSlots.append(UInt32(truncatingIfNeeded: root))
            items.append(ViewStore.item(v, entity: c.entities[root], role: v.style.role))
            return
        }
        stack[0] = ViewStore.WalkEntry(slot: UInt32(root), parent: -1)
        var top = 1
        while top > 0 {
            top -= 1
            let e = stack[top]
            let slot = Int(e.slot)
            guard c.hiddenBy[slot] == 0 else { continue }
            let isRoot = e.parent < 0
            let v = parents.withUnsafeBufferPointer { ps in
                ViewStore.compose(slot, c, under: isRoot ? nil : ps.baseAddress! + Int(e.parent))
            }
            guard !v.isCulled else { continue }
            let isLayerContent = v.own.isLayerContent
            if !isLayerContent { s.itemOf[slot] = Int32(truncatingIfNeeded: items.count) }
            itemSlots.append(isLayerContent ? ViewStore.copySlot : UInt32(truncatingIfNeeded: slot))
            items.append(ViewStore.item(v, entity: c.entities[slot], role: isLayerContent ? .overlay : v.style.role))
            if isRoot, let content = Propagation.layerContentWithChildren(slot, c, slotOf) {
                // A portal layer standing in for a view with children: the content's descendants
                // follow it, drawn as copies under it.
                let ctx = Propagation.layerContentContext(of: v, content: content, c, clips: &clips)
                let index = Int32(parents.count)
                parents.append(ctx)
                for k in c.childSlots[content].reversed() where c.hiddenBy[Int(k)] == 0 {
                    stack[top] = ViewStore.WalkEntry(slot: k, parent: index)
                    top += 1
                }
                continue
            }
            let kids = c.childSlots[slot]
            guard !kids.isEmpty else { continue }
            // A layer's content subtree stays the layer's to its leaves.
            var clip = v.own.clip
            if v.style.clipsToBounds {
                clips.append(ViewStore.clip(of: v))
                clip = Int32(clips.count - 1)
                if !isLayerContent { s.clipOf[slot] = clip }
            }
            let ctx = ViewStore.childContext(of: v, slot: slot, clip: clip, c)
            if !isLayerContent { s.contextOf[slot] = ctx }
            // A long list of children inside a clip is mostly off-screen: a child is tested from
            // its block before it is pushed.
            let preCull = ViewStore.canPreCull(ctx)
            let index = Int32(parents.count)
            parents.append(ctx)
            for k in kids.reversed() where c.hiddenBy[Int(k)] == 0 {
                if ViewStore.preCulled(Int(k), v: c.values, preCull: preCull, g: ctx.global, cull: ctx.cull) { continue }
                stack[top] = ViewStore.WalkEntry(slot: k, parent: index)
                top += 1
            }
        }
        if items.count > rootItem + 1, c.styles[root].content != c.entities[root] {
            copies.append(Int32(rootItem + 1))
            copies.append(Int32(items.count))
        }
    }

    /// What a portal layer (the composed root `v`) hands the copies of its content's children:
    /// the layer's global transform × the scale from the content's size to the layer's × the
    /// content's offset; the layer's rounded frame as their clip when the content clipped them.
    @inline(__always)
    private static func layerContentContext(of v: ViewStore.Composed, content: Int, _ c: ViewColumns.Pointers,
                                     clips: inout [RenderClip]) -> ViewStore.WalkParent {
        let cb = content * ViewChannel.stride
        let cw = c.values[cb + ViewChannel.width.rawValue], ch = c.values[cb + ViewChannel.height.rawValue]
        // A sliver of a content (a subnormal side) would scale its subtree past any float: the
        // factor is held to ±maxMagnitude, as every number a host can set is.
        let frame = v.frame
        let scale = ProjectionTransform(
            m11: cw > 0 ? min(frame.width / cw, Rect.maxMagnitude) : 1, m12: 0, m13: 0, m21: 0,
            m22: ch > 0 ? min(frame.height / ch, Rect.maxMagnitude) : 1, m23: 0, m31: 0, m32: 0, m33: 1)
        let offset = ProjectionTransform.translation(
            x: -c.values[cb + ViewChannel.contentOffsetX.rawValue], y: -c.values[cb + ViewChannel.contentOffsetY.rawValue])
        var ctx = ViewStore.WalkParent(
            clip: -1, opacity: v.own.opacity, hittable: v.own.hittable, isLayerContent: true,
            hasCull: false, cull: .zero, global: offset * scale * v.own.global)
        if c.styles[content].clipsToBounds {
            // The content clipped its subtree: the layer's rounded frame does.
            clips.append(RenderClip(size: frame.size, cornerRadius: v.cornerRadius, cornerStyle: v.style.cornerStyle,
                                    transform: v.own.global, parent: -1))
            ctx.clip = Int32(clips.count - 1)
        }
        return ctx
    }
}

extension ViewStore.WalkParent {
    /// A root's own global values: its local transform, opacity and hit-testing flag.
    @inline(__always)
    init(own local: ProjectionTransform, opacity: Float, hittable: Bool) {
        self.init(clip: -1, opacity: opacity, hittable: hittable, isLayerContent: false,
                  hasCull: false, cull: .zero, global: local)
    }

    /// A view's own global values under its parent's context (`parent` nil for a root). (The
    /// walk's form: it compiles to the walk's best code, as `compose(under:)` does to the patch's.)
    @inline(__always)
    init(own local: ProjectionTransform, opacity: Float, hittable: Bool, under parent: UnsafePointer<Self>?) {
        self.init(own: local, opacity: opacity, hittable: hittable)
        if let parent { compose(under: parent) }
    }

    /// Composes a view's own values (as `init(own:opacity:hittable:)` made them) under its
    /// parent's context: the one composition every path shares, so all give the same bits.
    @inline(__always)
    mutating func compose(under ctx: UnsafePointer<Self>) {
        clip = ctx.pointee.clip
        opacity = ctx.pointee.opacity * opacity
        hittable = ctx.pointee.hittable && hittable
        isLayerContent = ctx.pointee.isLayerContent
        hasCull = ctx.pointee.hasCull
        cull = ctx.pointee.cull
        global = global * ctx.pointee.global
    }
}
