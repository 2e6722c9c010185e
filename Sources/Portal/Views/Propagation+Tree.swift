// The render list of a tree: the patch (the marked views' subtrees recomposed from their
// parents' kept contexts, their items and clips patched in place) and the composition of the
// list, double-buffered, each root walked again or its items and clips copied from the last list.

extension Propagation {
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
        // (`items`, `clips`, `itemSlots` and `lastRoots` are overwritten in place by the walk:
        // `WalkOutput.swift`.)
        layerContentItems.removeAll(keepingCapacity: true)
        // One root's walk pushes each view at most twice (in its place, and as a copy under the
        // portal layer that is that root), so 2 × the slots bound the stack, and the parents'
        // contexts (one per view pushed with children, and per layer standing in for one).
        let bound = 2 * c.entities.count + 1
        if composeStack.count < bound {
            composeStack.append(contentsOf: repeatElement(ViewStore.WalkEntry(slot: 0, parent: -1), count: bound - composeStack.count))
        }
        if walkParents.count < bound {
            walkParents.append(contentsOf: repeatElement(ViewStore.noContext, count: bound - walkParents.count))
        }
        planCopies(c, order: order, copying: copying)
        var stack = composeStack, parents = walkParents
        composeStack = []
        walkParents = []
        let last = (items: spareItems, slots: spareItemSlots, clips: spareClips)
        let spills = self.spills
        slots.withPointers { s in
            stack.withUnsafeMutableBufferPointer { stack in
            parents.withUnsafeMutableBufferPointer { parents in
            items.rewrite(spilling: spills.items) { items in
            clips.rewrite(spilling: spills.clips) { clips in
            itemSlots.rewrite(spilling: spills.slots) { itemSlots in
            lastRoots.rewrite(spilling: spills.roots) { lastRoots in
                var parentCount = 0
                for (j, root) in order.enumerated() where c.hiddenBy[Int(root)] == 0 {
                    // (A hidden root draws nothing and keeps no range: nothing to copy from it later.)
                    if rootPlan[j] >= 0 {
                        Propagation.copyRoot(
                            spareRoots[Int(rootPlan[j])], s, from: last, items: &items, clips: &clips,
                            itemSlots: &itemSlots, roots: &lastRoots)
                    } else {
                        Propagation.walkRoot(
                            Int(root), c, s, slotOf: slotOf, stack: stack, items: &items, clips: &clips,
                            itemSlots: &itemSlots, parents: parents, parentCount: &parentCount,
                            copies: &layerContentItems, roots: &lastRoots)
                    }
                }
            }
            }
            }
            }
            }
            }
        }
        composeStack = stack
        walkParents = parents
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
                                 items: inout WalkList<RenderItem>, clips: inout WalkList<RenderClip>,
                                 itemSlots: inout WalkList<UInt32>, roots: inout WalkList<ViewStore.RootRange>) {
        let itemStart = items.count, clipStart = clips.count
        let clipDelta = Int32(clipStart) - old.clipStart
        last.items[Int(old.itemStart)..<Int(old.itemEnd)].withUnsafeBufferPointer { items.append(contentsOf: $0) }
        last.slots[Int(old.itemStart)..<Int(old.itemEnd)].withUnsafeBufferPointer { itemSlots.append(contentsOf: $0) }
        last.clips[Int(old.clipStart)..<Int(old.clipEnd)].withUnsafeBufferPointer { clips.append(contentsOf: $0) }
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
                                 items: inout WalkList<RenderItem>, clips: inout WalkList<RenderClip>, itemSlots: inout WalkList<UInt32>,
                                 parents: UnsafeMutableBufferPointer<ViewStore.WalkParent>, parentCount: inout Int,
                                 copies: inout [Int32], roots: inout WalkList<ViewStore.RootRange>) {
        let rootItem = items.count, clipStart = clips.count, copyCount = copies.count
        defer {
            roots.append(ViewStore.RootRange(
                slot: UInt32(root), itemStart: Int32(rootItem), itemEnd: Int32(items.count),
                clipStart: Int32(clipStart), clipEnd: Int32(clips.count), hasLayerCopies: copies.count != copyCount))
        }
        if c.childSlots[root].isEmpty, Propagation.layerContentWithChildren(root, c, slotOf) == nil {
            // A root with nothing to draw under it (a portal layer whose content has no children,
            // a popup's backdrop): its item alone, with no stack and no context to pass on. (A
            // root is never culled.)
            s.itemOf[root] = Int32(truncatingIfNeeded: items.count)
            itemSlots.append(UInt32(truncatingIfNeeded: root))
            _ = ViewStore.composeItem(root, c, under: nil, into: items.appendPlace())
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
            let place = items.appendPlace()
            let drawn = ViewStore.composeItem(slot, c, under: isRoot ? nil : UnsafePointer(parents.baseAddress! + Int(e.parent)),
                                              into: place)
            guard !drawn.isCulled else { items.removeLast(); continue }
            let isLayerContent = drawn.own.isLayerContent
            if !isLayerContent { s.itemOf[slot] = Int32(truncatingIfNeeded: items.count - 1) }
            itemSlots.append(isLayerContent ? ViewStore.copySlot : UInt32(truncatingIfNeeded: slot))
            if isRoot, let content = Propagation.layerContentWithChildren(slot, c, slotOf) {
                let v = ViewStore.composed(place, drawn, style: c.styles[slot])
                // A portal layer standing in for a view with children: the content's descendants
                // follow it, drawn as copies under it.
                let ctx = Propagation.layerContentContext(of: v, content: content, c, clips: &clips)
                let index = Int32(truncatingIfNeeded: parentCount)
                parents[parentCount] = ctx
                parentCount += 1
                for k in c.childSlots[content].reversed() where c.hiddenBy[Int(k)] == 0 {
                    stack[top] = ViewStore.WalkEntry(slot: k, parent: index)
                    top += 1
                }
                continue
            }
            guard !c.childSlots[slot].isEmpty else { continue }
            let v = ViewStore.composed(place, drawn, style: c.styles[slot])
            // A layer's content subtree stays the layer's to its leaves.
            var clip = v.own.clip
            if v.style.clipsToBounds {
                clips.appendPlace().initialize(to: ViewStore.clip(of: v))
                clip = Int32(clips.count - 1)
                if !isLayerContent { s.clipOf[slot] = clip }
            }
            let ctx = ViewStore.childContext(of: v, slot: slot, clip: clip, c)
            if !isLayerContent { s.contextOf[slot] = ctx }
            // A long list of children inside a clip is mostly off-screen: a child is tested from
            // its block before it is pushed. A few (a stack's screens) are not: the exact test as
            // each is composed decides the same (the pre-cull only removes what it would), and a
            // pre-cull that passes is only a cost.
            let index = Int32(truncatingIfNeeded: parentCount)
            parents[parentCount] = ctx
            parentCount += 1
            // (The children read in place: a copy of the list was a retain and a release a parent.)
            c.childSlots[slot].withUnsafeBufferPointer { kids in
                if kids.count >= ViewStore.preCullMinimumChildren && ViewStore.canPreCull(ctx) {
                    top = Propagation.pushPreCulling(kids, under: index, g: ctx.global, cull: ctx.cull, values: c.values, hiddenBy: c.hiddenBy,
                                                     stack: stack, top: top)
                } else {
                    for k in kids.reversed() where c.hiddenBy[Int(k)] == 0 {
                        stack[top] = ViewStore.WalkEntry(slot: k, parent: index)
                        top += 1
                    }
                }
            }
        }
        if items.count > rootItem + 1, c.styles[root].content != c.entities[root] {
            copies.append(Int32(rootItem + 1))
            copies.append(Int32(items.count))
        }
    }

    /// Pushes the children `kids` (not hidden) of the parent at `index`, whose children are
    /// composed with `g` inside the cull box `cull`, onto the walk's stack above `top`, leaving
    /// out those the pre-cull test removes; returns the new top. Out of line: a long list's loop,
    /// kept apart from the walk's.
    @inline(never)
    private static func pushPreCulling(_ kids: UnsafeBufferPointer<UInt32>, under index: Int32, g: ProjectionTransform, cull: Rect,
                                       values: UnsafeBufferPointer<Float>, hiddenBy: UnsafeBufferPointer<UInt8>,
                                       stack: UnsafeMutableBufferPointer<ViewStore.WalkEntry>, top: Int) -> Int {
        var top = top
        for k in kids.reversed() where hiddenBy[Int(k)] == 0 {
            if ViewStore.preCulled(Int(k), v: values, preCull: true, g: g, cull: cull) { continue }
            stack[top] = ViewStore.WalkEntry(slot: k, parent: index)
            top += 1
        }
        return top
    }

    /// What a portal layer (the composed root `v`) hands the copies of its content's children:
    /// the layer's global transform × the scale from the content's size to the layer's × the
    /// content's offset; the layer's rounded frame as their clip when the content clipped them.
    @inline(__always)
    private static func layerContentContext(of v: ViewStore.Composed, content: Int, _ c: ViewColumns.Pointers,
                                     clips: inout WalkList<RenderClip>) -> ViewStore.WalkParent {
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
