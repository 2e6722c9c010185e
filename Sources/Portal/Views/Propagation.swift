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
//   culling changes (a cell scrolls on or off screen) cannot be patched: the list is rebuilt;
// - the structure changed (a spawn, despawn, reparenting, hide or show, a z index, role or clip
//   flag): the full walk rebuilds the list and the columns.
//
// What changed is known without scanning: writes to a view's value block or style through the
// store's columns note the view (`NotedColumn`), the views with running lanes are kept as a set
// (`animatedSlots`, changed only when a view's first lane starts or its last stops), and every
// structural change sets `structureChanged`. A debug invariant rebuilds the
// list from scratch after every tick and requires it to equal the kept one, bit for bit.

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

    static let noContext = WalkParent(clip: -1, opacity: 0, hittable: false, isLayerContent: false,
                                      hasCull: false, cull: .zero, global: .identity)

    /// One entry of the walk's stack: a view to visit and where its parent's context is.
    /// Kept to 8 bytes: every sibling shares its parent's ``WalkParent``, written once per
    /// parent, instead of each child carrying a copy of the parent's matrix and clip.
    struct WalkEntry {
        var slot: UInt32
        /// The index of the parent's ``WalkParent`` in `walkParents`, or −1 for a root.
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

    /// Marks the root of the view in `slot` to be walked again.
    private mutating func markRoot(of slot: Int) {
        var root = slot
        while parentSlot[root] != 0 { root = Int(parentSlot[root] - 1) }
        if rootMark[root] == 0 {
            rootMark[root] = 1
            markedRoots.append(UInt32(root))
        }
    }

    /// Notes that the local values of the view in `slot` changed: the next propagation
    /// recomposes its subtree.
    @inline(__always)
    mutating func markDirty(_ slot: Int) {
        if dirtyMark[slot] == 0 {
            dirtyMark[slot] = 1
            dirtyList[dirtyCount] = UInt32(slot)
            dirtyCount += 1
        }
    }

    /// The lanes' write-back: copies each of `count` lane values into its view's block. The
    /// views it writes are the animated ones, which propagation marks from `animatedSlots`
    /// (per view, not per lane, and outside this loop).
    mutating func writeLanes(_ value: UnsafeBufferPointer<Float>, to output: UnsafeBufferPointer<UInt32>, count: Int) {
        values.withUnsafeMutableBufferPointerUnnoted { presented in
            for i in 0..<count { presented[Int(output[i])] = value[i] }
        }
    }

    /// Points the channel at `out` (slot × 16 + channel) at lane `row` (or ``noLane``), keeping
    /// the set of animated views: a view joins it with its first lane and leaves with its last.
    mutating func setLane(_ out: Int, _ row: Int32) {
        let old = lanes[out]
        lanes[out] = row
        let slot = out / ViewChannel.stride
        if old == ViewStore.noLane && row != ViewStore.noLane {
            laneCountOf[slot] += 1
            if laneCountOf[slot] == 1 {
                animatedIndex[slot] = Int32(animatedSlots.count)
                animatedSlots.append(UInt32(slot))
            }
        } else if old != ViewStore.noLane && row == ViewStore.noLane {
            laneCountOf[slot] -= 1
            if laneCountOf[slot] == 0 { leaveAnimated(slot: slot) }
        }
    }

    /// Takes the view in `slot`, whose last lane just ended, out of the animated set
    /// (swap-remove, keeping `animatedIndex` right).
    @inline(__always)
    private mutating func leaveAnimated(slot: Int) {
        let i = Int(animatedIndex[slot])
        let last = animatedSlots.removeLast()
        if i < animatedSlots.count {
            animatedSlots[i] = last
            animatedIndex[Int(last)] = Int32(i)
        }
        animatedIndex[slot] = -1
    }

    /// Points the channels of the view in `slot` that `outputs` name (slot × 16 + channel, one
    /// per lane), none of which has a lane, at lanes `first`, `first + 1`, …: what one
    /// ``setLane(_:_:)`` per lane does, with the lane count and the animated set updated once
    /// (a flight starts five lanes on a new layer).
    mutating func setFreshLanes(_ outputs: UnsafeBufferPointer<UInt32>, first: Int, slot: Int) {
        lanes.withUnsafeMutableBufferPointer { lanes in
            for (i, out) in outputs.enumerated() { lanes[Int(out)] = Int32(first + i) }
        }
        let before = laneCountOf[slot]
        laneCountOf[slot] = before + UInt8(outputs.count)
        if before == 0 && !outputs.isEmpty {
            animatedIndex[slot] = Int32(animatedSlots.count)
            animatedSlots.append(UInt32(slot))
        }
    }

    /// Takes `count` lanes off the lane count of the view in `slot`, whose channels the caller
    /// has already cleared in `lanes`: what the bookkeeping of one ``setLane(_:_:)`` per lane
    /// does, done once (a landing flight's five lanes end together).
    mutating func dropLanes(_ count: Int, slot: Int) {
        guard count > 0 else { return }
        laneCountOf[slot] -= UInt8(count)
        if laneCountOf[slot] == 0 { leaveAnimated(slot: slot) }
    }

    /// Moves the writes the columns noted, and the animated views, into the marks.
    private mutating func takeNotedWrites() {
        for slot in animatedSlots { markDirty(Int(slot)) }
        var noted = values
        values = NotedColumn(shift: 4)
        noted.takeNoted { markDirty($0) }
        values = noted
        var notedStyles = styles
        styles = NotedColumn(shift: 0)
        notedStyles.takeNoted { markDirty($0) }
        styles = notedStyles
    }

    private mutating func clearMarks() {
        let n = dirtyCount
        dirtyList.withUnsafeBufferPointer { list in
            dirtyMark.withUnsafeMutableBufferPointer { mark in
                for i in 0..<n { mark[Int(list[i])] = 0 }
            }
        }
        dirtyCount = 0
        for root in markedRoots { rootMark[Int(root)] = 0 }
        markedRoots.removeAll(keepingCapacity: true)
        structuralSlots.removeAll(keepingCapacity: true)
        structureChanged = false
    }

    /// Whether the render list is known to be up to date: nothing was written or restructured
    /// since it was last brought up to date.
    var isRenderListCurrent: Bool {
        !structureChanged && dirtyCount == 0 && values.noted.isEmpty && styles.noted.isEmpty
    }

    // MARK: The stage

    /// Propagation and output: brings `items` and `clips` up to date with the views, doing work
    /// in proportion to what changed (see the file's notes). Returns whether anything changed.
    mutating func updateRenderList(into items: inout [RenderItem], clips: inout [RenderClip]) -> Bool {
        let tree = parentedCount != 0
        let changes = dirtyCount + animatedSlots.count + values.noted.count + styles.noted.count
        guard structureChanged || changes != 0 || tree != lastListWasTree else { return false }
        // When much of the list changed, one sequential pass beats patching item by item (every
        // view animating, say) — and then nothing needs marking.
        let full = tree != lastListWasTree || changes > visibleCount / 4 + 16
        // Only value blocks were written (no style, no structure): a flat list keeps every
        // field its entities and styles decide, and only the values' fields need rewriting.
        let valuesOnly = !structureChanged && styles.noted.isEmpty && tree == lastListWasTree
        if full {
            values.discardNoted()
            styles.discardNoted()
        } else {
            takeNotedWrites()
        }
        if !tree {
            if full && valuesOnly && items.count == visibleCount {
                keepOldListForChanges(items)
                rewriteFlatValues(items: &items)
                flatValueRewrites &+= 1
            } else if full || structureChanged {
                keepOldListForChanges(items)
                writeRenderList(into: &items, clips: &clips)
            } else { _ = patchFlat(items: &items) }
        } else if full {
            changeLog.oldListInSpare = true   // for the change list (RenderChanges.swift)
            writeRenderList(into: &items, clips: &clips)
        } else {
            // The roots whose structure changed are walked again; the changed views under the
            // others are patched in place, unless their drawn set changed (then their roots are
            // walked too); a portal layer's content copies depend on views under other roots,
            // so a list with copies is composed again whenever anything changed.
            for slot in structuralSlots where live[Int(slot)] { markRoot(of: Int(slot)) }
            patchTree(items: &items, clips: &clips)
            for slot in escalated { markRoot(of: Int(slot)) }
            escalated.removeAll(keepingCapacity: true)
            if structureChanged || !markedRoots.isEmpty || !layerContentItems.isEmpty {
                changeLog.oldListInSpare = true   // for the change list (RenderChanges.swift)
                composeTreeList(into: &items, clips: &clips, copying: true)
            }
        }
        clearMarks()
        return true
    }

    /// Patches the items of the marked views of a flat list (every view a root). Always succeeds.
    private mutating func patchFlat(items: inout [RenderItem]) -> Bool {
        if flatIndexStale { indexFlatList() }
        let n = dirtyCount
        var log = patchLog
        patchLog = RenderPatchLog()
        defer { patchLog = log }
        values.withUnsafeBufferPointer { v in
            styles.withUnsafeBufferPointer { styles in
                entities.withUnsafeBufferPointer { entities in
                    itemOf.withUnsafeBufferPointer { itemOf in
                        dirtyList.withUnsafeBufferPointer { list in
                            items.withUnsafeMutableBufferPointer { items in
                                for i in 0..<n {
                                    let slot = Int(list[i])
                                    let index = Int(itemOf[slot])
                                    guard index >= 0 else { continue }   // hidden (or gone: structural)
                                    if log.isOn { log.willWrite(index, in: items) }
                                    items[index] = ViewStore.flatItem(slot: slot, v: v, style: styles[slot], entity: entities[slot])
                                }
                                if log.isOn { log.finishWrites(in: items) }
                            }
                        }
                    }
                }
            }
        }
        return true
    }

    /// Rewrites, in list order, the fields of every item of a flat list that its view's value
    /// block decides (frame, corner radius, opacity, shadow radius, transform, global transform)
    /// and leaves the rest (entity, content, style fields), which nothing changed: the tick in
    /// which every view animates and nothing else happened. Against the full rebuild it reads
    /// neither the styles nor the entities, and writes 96 of the item's 140 bytes.
    private mutating func rewriteFlatValues(items: inout [RenderItem]) {
        let order = self.order
        values.withUnsafeBufferPointer { v in
            hiddenBy.withUnsafeBufferPointer { hidden in
                items.withUnsafeMutableBufferPointer { items in
                    guard var item = items.baseAddress else { return }
                    for slot in order where hidden[Int(slot)] == 0 {
                        ViewStore.writeFlatValues(into: item, slot: Int(slot), v: v)
                        item += 1
                    }
                }
            }
        }
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
            item.pointee.globalTransform = ProjectionTransform.unrotatedLocal(frame: frame, translation: Point(x: tx, y: ty),
                                                                              scaleX: sx, scaleY: sy)
        } else {
            item.pointee.globalTransform = ProjectionTransform.rotatedLocal(frame: frame, transform: item.pointee.transform)
        }
    }

    /// Writes `itemOf` for a flat list (left to the first patch after a rebuild, so a list rebuilt
    /// every tick — every view animating — never pays for it).
    private mutating func indexFlatList() {
        var k: Int32 = 0
        let order = self.order
        hiddenBy.withUnsafeBufferPointer { hidden in
            itemOf.withUnsafeMutableBufferPointer { itemOf in
                for slot in order {
                    let visible = hidden[Int(slot)] == 0
                    itemOf[Int(slot)] = visible ? k : -1
                    k &+= visible ? 1 : 0
                }
            }
        }
        flatIndexStale = false
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

    /// Recomposes the subtrees of the marked views from their parents' kept contexts and patches
    /// their items and clips in place. Skips the views under roots already marked to be walked;
    /// lists in `escalated` the views whose drawn set would change (a view culled or uncovered),
    /// whose roots are then walked again.
    private mutating func patchTree(items: inout [RenderItem], clips: inout [RenderClip]) {
        var walk = self.walk
        self.walk = []
        var parents = self.walkParents
        self.walkParents = []
        var contextOf = self.contextOf
        self.contextOf = []
        var escalated = self.escalated
        self.escalated = []
        defer { self.walk = walk; self.walkParents = parents; self.contextOf = contextOf; self.escalated = escalated }
        var log = patchLog
        patchLog = RenderPatchLog()
        defer { patchLog = log }
        let n = dirtyCount
        let dirtyList = self.dirtyList, live = self.live, rootMark = self.rootMark, clipOf = self.clipOf
        values.withUnsafeBufferPointer { v in
            styles.withUnsafeBufferPointer { styles in
                hiddenBy.withUnsafeBufferPointer { hidden in
                    entities.withUnsafeBufferPointer { entities in
                        childSlots.withUnsafeBufferPointer { children in
                            parentSlot.withUnsafeBufferPointer { parentSlot in
                                itemOf.withUnsafeBufferPointer { itemOf in
                                    dirtyMark.withUnsafeBufferPointer { mark in
                                        items.withUnsafeMutableBufferPointer { items in
                                            views: for d in 0..<n {
                                                let start = Int(dirtyList[d])
                                                // A dead view's parent is marked as structure.
                                                guard live[start] else { continue }
                                                // A marked ancestor recomposes this view with its subtree;
                                                // a marked root walks it again.
                                                var up = parentSlot[start], covered = false, root = start
                                                while up != 0 {
                                                    root = Int(up - 1)
                                                    if mark[root] != 0 { covered = true }
                                                    up = parentSlot[root]
                                                }
                                                if covered || rootMark[root] != 0 || hidden[start] != 0 { continue }
                                                walk.removeAll(keepingCapacity: true)
                                                parents.removeAll(keepingCapacity: true)
                                                let parent = Int(parentSlot[start]) - 1
                                                if parent >= 0 {
                                                    // An undrawn parent (hidden, culled, or under one) keeps the view undrawn.
                                                    guard itemOf[parent] >= 0 else { continue }
                                                    let ctx = contextOf[parent]
                                                    if ViewStore.preCulled(start, v: v, preCull: ViewStore.canPreCull(ctx), g: ctx.global, cull: ctx.cull) {
                                                        if itemOf[start] >= 0 { escalated.append(UInt32(start)) }
                                                        continue
                                                    }
                                                    parents.append(ctx)
                                                    walk.append(WalkEntry(slot: UInt32(start), parent: 0))
                                                } else {
                                                    walk.append(WalkEntry(slot: UInt32(start), parent: -1))
                                                }
                                                while let e = walk.popLast() {
                                                    let slot = Int(e.slot)
                                                    let isRoot = e.parent < 0
                                                    let style = styles[slot]
                                                    let p = ViewStore.presentation(block: v, slot: slot, axis: style.rotationAxis)
                                                    let local = ProjectionTransform.local(frame: p.frame, transform: p.transform)
                                                    var own = WalkParent(own: local, opacity: p.opacity, hittable: style.allowsHitTesting)
                                                    if !isRoot { parents.withUnsafeBufferPointer { own.compose(under: $0.baseAddress! + Int(e.parent)) } }
                                                    let clip = own.clip, opacity = own.opacity, hittable = own.hittable
                                                    let hasCull = own.hasCull, cull = own.cull, global = own.global
                                                    var box: Rect?
                                                    if hasCull || style.clipsToBounds { box = global.boundingBox(of: p.frame.size) }
                                                    let index = Int(itemOf[slot])
                                                    if hasCull, let b = box, ViewStore.disjoint(b, cull) {
                                                        if index >= 0 { escalated.append(UInt32(start)); continue views }
                                                        continue
                                                    }
                                                    guard index >= 0 else { escalated.append(UInt32(start)); continue views }
                                                    // A portal layer whose content has a subtree draws copies of it: walked.
                                                    if isRoot, style.content != entities[slot],
                                                       let c = ViewStore.slot(of: style.content, slotOf: slotOf, entities: entities), !children[c].isEmpty {
                                                        escalated.append(UInt32(start)); continue views
                                                    }
                                                    if log.isOn { log.willWrite(index, in: items) }
                                                    items[index] = RenderItem(
                                                        entity: entities[slot], content: style.content, frame: p.frame,
                                                        cornerRadius: p.cornerRadius, cornerStyle: style.cornerStyle,
                                                        clipsContent: style.clipsContent, opacity: opacity, shadowRadius: p.shadowRadius,
                                                        transform: p.transform, zIndex: style.zIndex, role: style.role,
                                                        allowsHitTesting: hittable, globalTransform: global, clip: clip)
                                                    let kids = children[slot]
                                                    guard !kids.isEmpty else { continue }
                                                    var ctx = own   // (never a layer's content: those are escalated)
                                                    if style.clipsToBounds {
                                                        let c = clipOf[slot]
                                                        guard c >= 0 else { escalated.append(UInt32(start)); continue views }
                                                        clips[Int(c)] = RenderClip(size: p.frame.size, cornerRadius: p.cornerRadius,
                                                                                   cornerStyle: style.cornerStyle, transform: global, parent: clip)
                                                        ctx.clip = c
                                                        if let b = box {
                                                            ctx.cull = hasCull ? ViewStore.intersection(b, cull) : b
                                                            ctx.hasCull = true
                                                        }
                                                    }
                                                    let b = slot * ViewChannel.stride
                                                    let ox = v[b + ViewChannel.contentOffsetX.rawValue], oy = v[b + ViewChannel.contentOffsetY.rawValue]
                                                    if ox != 0 || oy != 0 {
                                                        ctx.global = ProjectionTransform.translation(x: -ox, y: -oy) * global
                                                    }
                                                    contextOf[slot] = ctx
                                                    let preCull = ViewStore.canPreCull(ctx)
                                                    let context = Int32(parents.count)
                                                    parents.append(ctx)
                                                    for k in kids.reversed() where hidden[Int(k)] == 0 {
                                                        if ViewStore.preCulled(Int(k), v: v, preCull: preCull, g: ctx.global, cull: ctx.cull) {
                                                            if itemOf[Int(k)] >= 0 { escalated.append(UInt32(start)); continue views }
                                                            continue
                                                        }
                                                        walk.append(WalkEntry(slot: k, parent: context))
                                                    }
                                                }
                                            }
                                            if log.isOn { log.finishWrites(in: items) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: The full walk

    /// Rebuilds `items` (and `clips`) in place, one render item per drawn view in drawing order,
    /// and the propagation's columns with them. Runs as one method of the store so the loop
    /// touches the world's properties once, not once per view.
    ///
    /// Each drawn view's global transform, effective opacity, hit-testing flag and clip are
    /// composed from its parent's as the walk reaches it, top-down, so a hidden or culled subtree
    /// costs nothing and a view nobody draws is never computed. With no parent anywhere (every
    /// view a root) the flat loop runs, as before the tree, plus each item's own matrix.
    mutating func writeRenderList(into items: inout [RenderItem], clips: inout [RenderClip]) {
        let wasTree = lastListWasTree
        lastListWasTree = parentedCount != 0
        if lastListWasTree {
            // The views drawn last time are not, until this walk draws them again.
            if !wasTree {
                itemOf.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
                lastRoots.removeAll(keepingCapacity: true)
                itemSlots.removeAll(keepingCapacity: true)
            }
            composeTreeList(into: &items, clips: &clips, copying: false)
            return
        }
        clips.removeAll(keepingCapacity: true)
        layerContentItems.removeAll(keepingCapacity: true)
        lastRoots.removeAll(keepingCapacity: true)
        itemSlots.removeAll(keepingCapacity: true)
        flatIndexStale = true
        touchShownViews()
        // Size the list to the visible views first (kept incrementally), so that from one tick
        // to the next it grows or shrinks only by the difference.
        if items.count > visibleCount {
            items.removeLast(items.count - visibleCount)
        } else if items.count < visibleCount {
            items.append(contentsOf: repeatElement(ViewStore.fillerItem, count: visibleCount - items.count))
        }
        // One pass, every column through a buffer pointer: this loop writes every drawn view.
        values.withUnsafeBufferPointer { v in
            styles.withUnsafeBufferPointer { styles in
                hiddenBy.withUnsafeBufferPointer { hidden in
                    entities.withUnsafeBufferPointer { entities in
                        items.withUnsafeMutableBufferPointer { items in
                            var k = 0
                            for slot in order {
                                let slot = Int(slot)
                                guard hidden[slot] == 0 else { continue }
                                items[k] = ViewStore.flatItem(slot: slot, v: v, style: styles[slot], entity: entities[slot])
                                k += 1
                            }
                        }
                    }
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
        var sum = touchSum
        for slot in structuralSlots {
            let slot = Int(slot)
            guard live[slot] && hiddenBy[slot] == 0 else { continue }
            sum &+= touchBlocks(slot: slot) &+ entities[slot].index &+ styles.withUnsafeBufferPointer { touchLines($0.baseAddress! + slot) }
        }
        touchSum = sum
    }

    /// Composes a tree's list: depth first from each root in `order`, with an explicit stack
    /// (kept between ticks, so it allocates nothing in steady state). With `copying`, a root
    /// whose subtree kept its structure (not marked, not a portal layer, drawn last time) is not
    /// walked: its items and clips — patched in place before — are copied from the last list,
    /// their clip indices shifted. The list is double-buffered for that.
    private mutating func composeTreeList(into items: inout [RenderItem], clips: inout [RenderClip], copying: Bool) {
        // The new list is written into `items` and `clips` (the old ones move to the spares, read
        // for copying): writing through the inout parameters, not captured locals, keeps the
        // walk's appends as cheap as before the double buffer.
        swap(&items, &spareItems)
        swap(&clips, &spareClips)
        let oldItems = spareItems, oldClips = spareClips
        items.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        var outSlots = spareItemSlots
        spareItemSlots = []
        outSlots.removeAll(keepingCapacity: true)
        var roots = spareRoots
        spareRoots = []
        roots.removeAll(keepingCapacity: true)
        let oldSlots = itemSlots
        itemSlots = []
        let oldRoots = lastRoots
        lastRoots = []
        // The walk's stack, written through a pointer: one root's walk pushes each view at most
        // twice (in its place, and as a copy under the portal layer that is that root), so 2 × the
        // slots bound it; it grows only with the slots.
        var stack = self.composeStack
        self.composeStack = []
        let bound = 2 * entities.count + 1
        if stack.count < bound {
            stack.append(contentsOf: repeatElement(WalkEntry(slot: 0, parent: -1), count: bound - stack.count))
        }
        var parents = self.walkParents
        self.walkParents = []
        parents.removeAll(keepingCapacity: true)
        var copies = self.layerContentItems
        copies.removeAll(keepingCapacity: true)
        self.layerContentItems = []
        var contextOf = self.contextOf
        self.contextOf = []
        var clipOf = self.clipOf
        self.clipOf = []
        var rootEntry = self.rootEntry
        self.rootEntry = []
        defer {
            for (i, r) in roots.enumerated() { rootEntry[Int(r.slot)] = Int32(i) }
            self.composeStack = stack; self.walkParents = parents; self.layerContentItems = copies
            self.contextOf = contextOf; self.clipOf = clipOf; self.rootEntry = rootEntry
            spareItemSlots = oldSlots; itemSlots = outSlots
            spareRoots = oldRoots; lastRoots = roots
        }
        // Which roots are copied (`plan`, per place in `order`: an entry of the last list, or −1).
        // (It reads local copies of the columns: a nested function that captures `self` makes
        // every access to `self` in this method dynamically checked.)
        let live = self.live, parentSlot = self.parentSlot, hiddenBy = self.hiddenBy, rootMark = self.rootMark
        let styleColumn = self.styles.elements, entityColumn = self.entities
        func copyable(_ slot: Int) -> Int? {
            guard copying, live[slot], parentSlot[slot] == 0, hiddenBy[slot] == 0, rootMark[slot] == 0,
                  styleColumn[slot].content == entityColumn[slot] else { return nil }
            let i = Int(rootEntry[slot])
            guard i >= 0, i < oldRoots.count, oldRoots[i].slot == UInt32(slot), !oldRoots[i].hasLayerCopies else { return nil }
            return i
        }
        var plan = self.rootPlan
        self.rootPlan = []
        plan.removeAll(keepingCapacity: true)
        if copying {
            for root in order { plan.append(Int32(copyable(Int(root)) ?? -1)) }
            // The views drawn under roots walked again are not drawn until the walk draws them.
            for (i, r) in oldRoots.enumerated() where copyable(Int(r.slot)) != i {
                for k in Int(r.itemStart)..<Int(r.itemEnd) where oldSlots[k] != ViewStore.copySlot { itemOf[Int(oldSlots[k])] = -1 }
            }
        } else {
            // The full walk: every root is walked, so no view is drawn until the walk draws it
            // (one pass over the last list's slots, with no per-root test).
            plan.append(contentsOf: repeatElement(-1, count: order.count))
            oldSlots.withUnsafeBufferPointer { old in
                itemOf.withUnsafeMutableBufferPointer { itemOf in
                    for slot in old where slot != ViewStore.copySlot { itemOf[Int(slot)] = -1 }
                }
            }
        }
        defer { self.rootPlan = plan }
        values.withUnsafeBufferPointer { v in
            styles.withUnsafeBufferPointer { styles in
                hiddenBy.withUnsafeBufferPointer { hidden in
                    entities.withUnsafeBufferPointer { entities in
                        itemOf.withUnsafeMutableBufferPointer { itemOf in
                            childSlots.withUnsafeBufferPointer { children in contextOf.withUnsafeMutableBufferPointer { contextOf in clipOf.withUnsafeMutableBufferPointer { clipOf in
                              stack.withUnsafeMutableBufferPointer { stack in
                                for (j, root) in order.enumerated() {
                                    // A hidden root draws nothing and keeps no range (a stack's
                                    // progress view, a popped screen): nothing to copy from it later.
                                    guard hidden[Int(root)] == 0 else { continue }
                                    let itemStart = items.count, clipStart = clips.count, copyCount = copies.count
                                    if plan[j] >= 0 {
                                        // Copy the root's items and clips, shifting clip indices and item places.
                                        let old = oldRoots[Int(plan[j])]
                                        let clipDelta = Int32(clipStart) - old.clipStart
                                        items.append(contentsOf: oldItems[Int(old.itemStart)..<Int(old.itemEnd)])
                                        outSlots.append(contentsOf: oldSlots[Int(old.itemStart)..<Int(old.itemEnd)])
                                        clips.append(contentsOf: oldClips[Int(old.clipStart)..<Int(old.clipEnd)])
                                        if clipDelta != 0 {
                                            for k in itemStart..<items.count where items[k].clip >= 0 { items[k].clip += clipDelta }
                                            for k in clipStart..<clips.count where clips[k].parent >= 0 { clips[k].parent += clipDelta }
                                            for k in itemStart..<items.count where outSlots[k] != ViewStore.copySlot {
                                                let s = Int(outSlots[k])
                                                if clipOf[s] >= 0 { clipOf[s] += clipDelta }
                                                if contextOf[s].clip >= 0 { contextOf[s].clip += clipDelta }
                                            }
                                        }
                                        if itemStart != Int(old.itemStart) {
                                            for k in itemStart..<items.count where outSlots[k] != ViewStore.copySlot {
                                                itemOf[Int(outSlots[k])] = Int32(truncatingIfNeeded: k)
                                            }
                                        }
                                        roots.append(RootRange(slot: root, itemStart: Int32(itemStart), itemEnd: Int32(items.count),
                                                               clipStart: Int32(clipStart), clipEnd: Int32(clips.count)))
                                        continue
                                    }
                                    let rootSlot = Int(root)
                                    if children[rootSlot].isEmpty {
                                        // A root with nothing to draw under it (a portal layer whose
                                        // content has no children, a popup's backdrop): its item is
                                        // the flat list's — no context to compose or pass on — and
                                        // building it so costs a quarter of a walk.
                                        let style = styles[rootSlot]
                                        let contentHasChildren = style.content != entities[rootSlot]
                                            && (ViewStore.slot(of: style.content, slotOf: slotOf, entities: entities).map { !children[$0].isEmpty } ?? false)
                                        if !contentHasChildren {
                                            itemOf[rootSlot] = Int32(truncatingIfNeeded: items.count)
                                            outSlots.append(root)
                                            items.append(ViewStore.flatItem(slot: rootSlot, v: v, style: style, entity: entities[rootSlot]))
                                            roots.append(RootRange(slot: root, itemStart: Int32(itemStart), itemEnd: Int32(items.count),
                                                                   clipStart: Int32(clipStart), clipEnd: Int32(clips.count)))
                                            continue
                                        }
                                    }
                                    stack[0] = WalkEntry(slot: root, parent: -1)
                                    var top = 1
                                    let rootItem = items.count
                                    while top > 0 {
                                        top -= 1
                                        let e = stack[top]
                                        let slot = Int(e.slot)
                                        guard hidden[slot] == 0 else { continue }
                                        let isRoot = e.parent < 0
                                        let style = styles[slot]
                                        let p = ViewStore.presentation(block: v, slot: slot, axis: style.rotationAxis)
                                        let local = ProjectionTransform.local(frame: p.frame, transform: p.transform)
                                        let own = parents.withUnsafeBufferPointer { ps in
                                            WalkParent(own: local, opacity: p.opacity, hittable: style.allowsHitTesting,
                                                       under: isRoot ? nil : ps.baseAddress! + Int(e.parent))
                                        }
                                        let clip = own.clip, opacity = own.opacity, hittable = own.hittable, isLayerContent = own.isLayerContent
                                        let hasCull = own.hasCull, cull = own.cull, global = own.global
                                        var box: Rect?
                                        if hasCull || style.clipsToBounds { box = global.boundingBox(of: p.frame.size) }
                                        if hasCull, let b = box, ViewStore.disjoint(b, cull) { continue }
                                        if !isLayerContent { itemOf[slot] = Int32(truncatingIfNeeded: items.count) }
                                        outSlots.append(isLayerContent ? ViewStore.copySlot : UInt32(truncatingIfNeeded: slot))
                                        items.append(RenderItem(
                                            entity: entities[slot], content: style.content, frame: p.frame,
                                            cornerRadius: p.cornerRadius, cornerStyle: style.cornerStyle,
                                            clipsContent: style.clipsContent, opacity: opacity, shadowRadius: p.shadowRadius,
                                            transform: p.transform, zIndex: style.zIndex, role: isLayerContent ? .overlay : style.role,
                                            allowsHitTesting: hittable, globalTransform: global, clip: clip))
                                        if isRoot, style.content != entities[slot],
                                           let c = ViewStore.slot(of: style.content, slotOf: slotOf, entities: entities), !children[c].isEmpty {
                                            // A portal layer standing in for a view with children: the
                                            // content's descendants follow it, placed by the layer's
                                            // global transform × the scale from the content's size to
                                            // the layer's × their transforms relative to the content.
                                            let cb = c * ViewChannel.stride
                                            let cw = v[cb + ViewChannel.width.rawValue], ch = v[cb + ViewChannel.height.rawValue]
                                            // A sliver of a content (a subnormal side) would scale its
                                            // subtree past any float: the factor is held to ±maxMagnitude,
                                            // as every number a host can set is.
                                            let scale = ProjectionTransform(m11: cw > 0 ? min(p.frame.width / cw, Rect.maxMagnitude) : 1, m12: 0, m13: 0, m21: 0,
                                                                            m22: ch > 0 ? min(p.frame.height / ch, Rect.maxMagnitude) : 1, m23: 0, m31: 0, m32: 0, m33: 1)
                                            var ctx = WalkParent(clip: -1, opacity: opacity, hittable: hittable, isLayerContent: true,
                                                                 hasCull: false, cull: .zero,
                                                                 global: ProjectionTransform.translation(
                                                                     x: -v[cb + ViewChannel.contentOffsetX.rawValue],
                                                                     y: -v[cb + ViewChannel.contentOffsetY.rawValue]) * scale * global)
                                            if styles[c].clipsToBounds {
                                                // The content clipped its subtree: the layer's rounded frame does.
                                                clips.append(RenderClip(size: p.frame.size, cornerRadius: p.cornerRadius,
                                                                        cornerStyle: style.cornerStyle, transform: global, parent: -1))
                                                ctx.clip = Int32(clips.count - 1)
                                            }
                                            let index = Int32(parents.count)
                                            parents.append(ctx)
                                            for k in children[c].reversed() where hidden[Int(k)] == 0 {
                                                stack[top] = WalkEntry(slot: k, parent: index)
                                                top += 1
                                            }
                                            continue
                                        }
                                        let kids = children[slot]
                                        guard !kids.isEmpty else { continue }
                                        // A layer's content subtree stays the layer's to its leaves.
                                        var ctx = own
                                        if style.clipsToBounds {
                                            clips.append(RenderClip(size: p.frame.size, cornerRadius: p.cornerRadius,
                                                                    cornerStyle: style.cornerStyle, transform: global, parent: clip))
                                            ctx.clip = Int32(clips.count - 1)
                                            if !isLayerContent { clipOf[slot] = ctx.clip }
                                            if let b = box {
                                                ctx.cull = hasCull ? ViewStore.intersection(b, cull) : b
                                                ctx.hasCull = true
                                            }
                                        }
                                        let b = slot * ViewChannel.stride
                                        let ox = v[b + ViewChannel.contentOffsetX.rawValue], oy = v[b + ViewChannel.contentOffsetY.rawValue]
                                        if ox != 0 || oy != 0 {
                                            ctx.global = ProjectionTransform.translation(x: -ox, y: -oy) * global
                                        }
                                        if !isLayerContent { contextOf[slot] = ctx }
                                        // A long list of children inside a clip is mostly off-screen:
                                        // a child is tested from its block before it is pushed.
                                        let preCull = ViewStore.canPreCull(ctx)
                                        let index = Int32(parents.count)
                                        parents.append(ctx)
                                        for k in kids.reversed() where hidden[Int(k)] == 0 {
                                            if ViewStore.preCulled(Int(k), v: v, preCull: preCull, g: ctx.global, cull: ctx.cull) { continue }
                                            stack[top] = WalkEntry(slot: k, parent: index)
                                            top += 1
                                        }
                                    }
                                    if items.count > rootItem + 1, styles[Int(root)].content != entities[Int(root)] {
                                        copies.append(Int32(rootItem + 1))
                                        copies.append(Int32(items.count))
                                    }
                                    roots.append(RootRange(slot: root, itemStart: Int32(itemStart), itemEnd: Int32(items.count),
                                                           clipStart: Int32(clipStart), clipEnd: Int32(clips.count),
                                                           hasLayerCopies: copies.count != copyCount))
                                }
                              }
                            } } }
                        }
                    }
                }
            }
        }
    }

    // MARK: Checking

    /// Debug check: the kept render list, clip list and columns equal a fresh full walk's, bit
    /// for bit. Only while the list is current (between a tick and the next change).
    func checkPropagation(items: [RenderItem], clips: [RenderClip]) {
        guard isRenderListCurrent else { return }
        var fresh = self
        var freshItems: [RenderItem] = [], freshClips: [RenderClip] = []
        fresh.writeRenderList(into: &freshItems, clips: &freshClips)
        precondition(freshItems.count == items.count, "propagation: \(items.count) items kept, a fresh walk gives \(freshItems.count): \(items.map(\.entity)) vs \(freshItems.map(\.entity)); slots \(itemSlots) roots \(lastRoots) order \(order) hidden \(hiddenBy) parents \(parentSlot)")
        for k in items.indices {
            precondition(freshItems[k] == items[k], "propagation: item \(k) (\(items[k].entity)) differs from a fresh walk's: \(items[k]) vs \(freshItems[k]); slots \(itemSlots) roots \(lastRoots)")
        }
        precondition(freshClips == clips, "propagation: the clip list differs from a fresh walk's")
        guard lastListWasTree else { return }
        for slot in entities.indices where live[slot] {
            precondition(fresh.itemOf[slot] == itemOf[slot], "propagation: the item index of slot \(slot) is stale")
            if itemOf[slot] >= 0 && !childSlots[slot].isEmpty {
                let a = fresh.contextOf[slot], b = contextOf[slot]
                precondition(a.global == b.global && a.opacity == b.opacity && a.hittable == b.hittable && a.clip == b.clip
                             && a.hasCull == b.hasCull && (!a.hasCull || a.cull == b.cull),
                             "propagation: the children's context of slot \(slot) is stale")
            }
        }
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
    /// parent's context, read in place (it is 64 bytes): the one composition the patch and
    /// the walk share, so both give the same bits.
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
