// The render list when every view is a root (a flat list): its full rebuild, `writeRenderList`
// (which hands a tree's list to the tree walk, `Propagation+Tree.swift`), the rewrite of only its
// value fields when every view animates and nothing else changed, and its patch in place.

extension ViewStore {
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
                guard let first = items.baseAddress, let style = styles.baseAddress else { return }
                for slot in order where hidden[Int(slot)] == 0 {
                    let slot = Int(slot)
                    ViewStore.writeFlatItem(into: first + k, slot: slot, v: values, style: style + slot, entity: entities[slot])
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
    /// ``presentation(block:slot:axis:)``'s clamps and `ProjectionTransform.local`'s
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

    /// Writes the render item of a root view, field by field: the item of its presentation
    /// (``presentation(block:slot:axis:)``), its style and entity, its local matrix
    /// (`ProjectionTransform.local`) as its global transform. Built as a value and stored whole,
    /// the item went through the stack (its transform's fields spilled and reloaded), about a
    /// sixth of the loop's instructions.
    @inline(__always)
    static func writeFlatItem(into item: UnsafeMutablePointer<RenderItem>, slot: Int, v: UnsafeBufferPointer<Float>,
                              style: UnsafePointer<ViewStyle>, entity: Entity) {
        writeOwnFields(into: item, slot: slot, v: v, style: style, entity: entity)
        item.pointee.role = style.pointee.role
        item.pointee.allowsHitTesting = style.pointee.allowsHitTesting
        item.pointee.clip = -1
    }

    /// Writes the fields of a view's item that its entity, style and value block decide alone,
    /// as a root's item has them (its local matrix as its global transform): all but the role,
    /// the hit-testing flag and the clip, which the tree walk composes under the parent
    /// (``composeItem(_:_:under:into:)``) and a root of a flat list takes from its style.
    @inline(__always)
    static func writeOwnFields(into item: UnsafeMutablePointer<RenderItem>, slot: Int, v: UnsafeBufferPointer<Float>,
                               style: UnsafePointer<ViewStyle>, entity: Entity) {
        item.pointee.entity = entity
        item.pointee.content = style.pointee.content
        item.pointee.cornerStyle = style.pointee.cornerStyle
        item.pointee.clipsContent = style.pointee.clipsContent
        item.pointee.reserved0 = 0
        item.pointee.zIndex = style.pointee.zIndex
        item.pointee.reserved1 = 0
        // The 3D rotation's axis and perspective are the style's; its angle is the block's.
        item.pointee.transform.rotation3D = style.pointee.rotationAxis
        writeFlatValues(into: item, slot: slot, v: v)
    }
}

extension Propagation {
    /// Patches the items of the marked views of a flat list (every view a root).
    mutating func patchFlat(_ c: ViewColumns.Pointers, order: [UInt32], items: inout [RenderItem]) {
        if flatIndexStale { indexFlatList(c, order: order) }
        items.withUnsafeMutableBufferPointer { items in
            for i in 0..<dirtyCount {
                let slot = Int(slots.dirtyList[i])
                let index = Int(slots.itemOf[slot])
                guard index >= 0 else { continue }   // hidden (or gone: structural)
                if patchLog.isOn { patchLog.willWrite(index, in: items) }
                ViewStore.writeFlatItem(into: items.baseAddress! + index, slot: slot, v: c.values, style: c.styles.baseAddress! + slot,
                                        entity: c.entities[slot])
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
}
