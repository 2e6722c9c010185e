// The view tree: parents and children, content offsets, clipping, and the hit test over them.
//
// Semantics are Core Animation's and UIKit's, which hosts know: a child's frame is in its
// parent's content space; a parent's frame, transform (about its centre) and content offset
// (UIKit's `bounds.origin`) place its whole subtree; opacity multiplies down the tree; a hidden
// view hides its subtree; `setAllowsHitTesting(false)` on a container disables its content
// (SwiftUI's `.allowsHitTesting`); `setClipsToBounds` (CA's `masksToBounds`, off by default)
// clips the descendants to the rounded frame. The global transform is SwiftUI's
// `ProjectionTransform`: global(child) = local(child) · translate(−parent.contentOffset) ·
// global(parent) in its row-vector convention. The tree is additive: with no parent set
// anywhere, the render list and hit testing are exactly what they were before it.
//
// Parent changes are staged like every other call and validated at the call against the tree
// as it will be once the staged calls apply (`stagedParents`), so a cycle made of two staged
// calls is refused as surely as one made of applied ones.

extension World {
    /// Creates a view inside `parent` (or a root view when `parent` is `nil`): `frame` is in the
    /// parent's content space, as a `UIView`'s frame is in its superview's. It appears in the
    /// render list from the next tick, after its parent's earlier children.
    ///
    /// - Throws: the errors of ``spawnView(frame:cornerRadius:opacity:)``;
    ///   ``PortalError/staleEntity(_:)`` or ``PortalError/notAView(_:)`` for a parent that is
    ///   not a live view; ``PortalError/portalLayer(_:)`` or ``PortalError/portalOwned(_:)`` for
    ///   one of Portal's own views.
    public func spawnView(frame: Rect, cornerRadius: Float = 0, opacity: Float = 1, in parent: Entity?) throws(PortalError) -> Entity {
        try submit(SpawnViewCall(frame: frame, cornerRadius: cornerRadius, opacity: opacity, parent: .some(parent)))
    }

    /// Moves `view` under `parent` (among its children by z index, then creation order), or makes
    /// it a root when `parent` is `nil`, at the next tick.
    ///
    /// With `keepingGlobalFrame`, the view's local frame (and translation) is recomputed so it
    /// does not move on screen — exactly when the change between the old and the new parent's
    /// content space is a translation and a positive scale. The change is worked out at the next
    /// tick, when the call applies, from the *presented* values then (a parent mid-animation
    /// counts where it is drawn, not where it is heading). When no frame can express the change
    /// — a rotation or skew between the two spaces, a flip, perspective (a 3D rotation), or a
    /// collapsed space (a zero scale) — the local frame is kept, the view moves with its new
    /// parent, and ``WorldEvent/globalFrameNotKept(view:reason:tick:)`` says so and why.
    ///
    /// - Throws: ``PortalError/parentCycle(_:parent:)`` when `parent` is `view` or a descendant
    ///   of it (counting staged parent changes); ``PortalError/screenAlreadyInStack(_:)`` for a
    ///   screen of a navigation stack, which the stack places; ``PortalError/staleEntity(_:)``,
    ///   ``PortalError/notAView(_:)``, ``PortalError/portalLayer(_:)`` or
    ///   ``PortalError/portalOwned(_:)`` for a `view` or `parent` that is not a live app view.
    ///   The world is unchanged when it throws.
    public func setParent(_ parent: Entity?, of view: Entity, keepingGlobalFrame: Bool = false) throws(PortalError) {
        try submit(SetParentCall(view: view, parent: parent, keepingGlobalFrame: keepingGlobalFrame))
    }

    /// Throws what ``setParent(_:of:keepingGlobalFrame:)`` would throw, staging nothing: a view
    /// of the app, not a screen a stack places, and no cycle in the tree as the staged calls leave
    /// it. Callers that reparent as part of a larger call check every view first with it.
    func validateParent(_ parent: Entity?, of view: Entity) throws(PortalError) {
        try requireAppView(view)
        for check in features.reparentChecks { try check(self, view) }
        if let parent {
            try requireAppView(parent)
            if isProjectedAncestorOrSelf(view, of: parent) { throw .parentCycle(view, parent: parent) }
        }
    }

    /// Whether `ancestor` is `view` itself or one of its ancestors in the tree as the staged calls
    /// leave it: the one walk behind every "would this make a cycle" check (reparenting, pushing a
    /// stack into itself, a header part above its screen, a popup containing its source, a
    /// screen despawned with its stack). O(depth).
    func isProjectedAncestorOrSelf(_ ancestor: Entity, of view: Entity) -> Bool {
        var up: Entity? = view
        while let node = up {
            if node == ancestor { return true }
            up = projectedParent(of: node)
        }
        return false
    }

    /// The parent of `view` as the staged calls leave it (its parent from the next tick), or
    /// `nil` for a root view.
    ///
    /// The tree queries answer for the tree the staged calls make, as ``setParent(_:of:keepingGlobalFrame:)``
    /// validates against it: a host can predict which calls will be refused (a cycle), and
    /// reads its own parent changes, spawns, pushes and despawns back at once. A parent
    /// despawned this frame is never returned (its handle is dead at once, and its subtree with
    /// it, except a view a staged call moves out, whose new parent is returned). A popup's
    /// content is lifted out of its parent into the overlay while presented: from the tick its
    /// presentation starts until it has gone, it is a root.
    /// - Complexity: O(1).
    public func parent(of view: Entity) throws(PortalError) -> Entity? {
        try requireView(view)
        if popups.states.value(of: view) != nil { return nil }
        guard let parent = projectedParent(of: view), allocator.isUsable(parent) else { return nil }
        return parent
    }

    /// The children of `view` as the staged calls leave them (see ``parent(of:)``), in drawing
    /// order: by z index, then creation order. Z indices apply at the next tick, as they do to
    /// the render list; a child that joins with a staged call is placed among the others by the
    /// z index it has now.
    /// - Complexity: O(children · log children), plus the views reparented this frame.
    public func children(of view: Entity) throws(PortalError) -> [Entity] {
        try requireView(view)
        guard let slot = views.slot(of: view) else { return [] }
        // A child despawned this frame stays in the list until the next tick, but its handle is
        // dead to every call, so it is not listed (as queries skip dead handles everywhere).
        var kids = views.childSlots[slot].filter { child in
            let c = views.entities[Int(child)]
            return allocator.isUsable(c) && stagedParents[c] == nil
        }
        let stayed = kids.count
        for (c, parent) in stagedParents where parent == view && allocator.isUsable(c) && popups.states.value(of: c) == nil {
            if let s = views.slot(of: c) { kids.append(UInt32(s)) }
        }
        if kids.count != stayed { views.sortSiblings(&kids) }
        return kids.map { views.entities[Int($0)] }
    }

    /// Sets the content offset of `view` at the next tick (UIKit's `bounds.origin`): its
    /// children draw shifted by −`offset`, so one call scrolls a list of any length. It animates
    /// through ``animate(_:to:with:)`` with ``ViewProperties/contentOffset``.
    ///
    /// - Throws: ``PortalError/invalidGeometry(_:_:reason:)`` for a coordinate that is NaN,
    ///   infinite or beyond ±1e9, and the errors of ``update(_:to:)``.
    public func setContentOffset(_ offset: Point, of view: Entity) throws(PortalError) {
        try submit(SetContentOffset(view: view, offset: offset))
    }

    /// Sets whether `view` clips its descendants to its rounded frame at the next tick (Core
    /// Animation's `masksToBounds`; off by default). A descendant wholly outside the clip is
    /// culled: left out of the render list and of hit testing, with its subtree.
    public func setClipsToBounds(_ clips: Bool, of view: Entity) throws(PortalError) {
        try submit(SetClipsToBounds(view: view, flag: clips))
    }

    /// The clips of the last render list, indexed by ``RenderItem/clip``.
    public var clipList: [RenderClip] { renderClips }

    /// Calls `body` with the clip list without copying it.
    public func withClipList<R, E: Error>(_ body: ([RenderClip]) throws(E) -> R) throws(E) -> R { try body(renderClips) }

    /// The parent `view` will have once the staged calls apply.
    func projectedParent(of view: Entity) -> Entity? {
        if let staged = stagedParents[view] { return staged }
        guard let slot = views.slot(of: view), let parent = views.parent(slot: slot) else { return nil }
        return views.entities[parent]
    }

    /// The live descendants `entity` will have once the staged calls apply, parents before
    /// their children. Portal's own views (a zooming stack's dimming view) are left out: the
    /// feature that made them removes them with its own removal hook.
    func projectedDescendants(of entity: Entity) -> [Entity] {
        guard views.slot(of: entity) != nil else { return [] }
        var result: [Entity] = []
        var stack = [entity]
        while let node = stack.popLast() {
            var kids: [Entity] = []
            if let slot = views.slot(of: node) {
                for child in views.childSlots[slot] {
                    let c = views.entities[Int(child)]
                    if stagedParents[c] == nil, allocator.isUsable(c), !allocator.isOwnedByPortal(c) { kids.append(c) }
                }
            }
            // The dictionary's order varies from run to run; entity order keeps despawns (and
            // so the reuse of entity indices) deterministic.
            let staged = kids.count
            for (c, parent) in stagedParents where parent == node && allocator.isUsable(c) { kids.append(c) }
            kids[staged...].sort { $0.index < $1.index }
            if node != entity { result.append(node) }
            stack.append(contentsOf: kids.reversed())
        }
        return result
    }

    /// Applies a staged parent change (both views were live app views when it was staged).
    func applySetParent(_ parent: Entity?, of view: Entity, keepingGlobalFrame: Bool, tick: UInt64) {
        guard let slot = views.slot(of: view), !redirectPopupParent(parent, of: view) else { return }
        var parentSlot: Int?
        if let parent {
            guard let p = views.slot(of: parent) else { return }
            var up: Int? = p
            while let a = up { if a == slot { return }; up = views.parent(slot: a) }
            parentSlot = p
        }
        guard parentSlot != views.parent(slot: slot) else { return }
        if keepingGlobalFrame {
            switch frameChange(from: contentTransform(of: views.parent(slot: slot)), to: contentTransform(of: parentSlot)) {
            case let .scaleAndTranslation(a):
                let f = views.frame(slot: slot)
                let t = views.presentation(slot: slot).transform
                let kept: [(ViewChannel, Float)] = [
                    (.x, f.minX * a.m11 + a.m31), (.y, f.minY * a.m22 + a.m32),
                    (.width, f.width * a.m11), (.height, f.height * a.m22),
                    (.translationX, t.translation.x * a.m11), (.translationY, t.translation.y * a.m22)]
                // A near-singular new space would need numbers past any a host may set.
                if kept.allSatisfy({ Rect.isSane($0.1) }) {
                    setPresented(kept, slot: slot)
                } else {
                    events.append(.globalFrameNotKept(view: view, reason: .singular, tick: tick))
                }
            case let .impossible(reason):
                events.append(.globalFrameNotKept(view: view, reason: reason, tick: tick))
            }
        }
        views.setParent(parentSlot, of: slot)
    }

    /// The change from content space `old` to content space `new` as a positive scale and a
    /// translation (m11, m22 the scales; m31, m32 the translation), or why there is none.
    ///
    /// Projective matrices are defined up to a factor, and Float rounding makes that factor
    /// visible: inverting an affine matrix gives m33 = det · (1 / det), one ulp off 1 for about
    /// one scale pair in seven. With no perspective (m13 = m23 = 0 exactly, as products of
    /// affine matrices give) the change is normalised by m33. Parents turned alike leave
    /// off-diagonal terms of rounding size; a term within 64 ulps of the larger scale moves a
    /// point by under 1e-5 of its distance from the origin and is read as zero — a real rotation
    /// or skew that small is one no screen shows.
    func frameChange(from old: ProjectionTransform, to new: ProjectionTransform) -> FrameChange {
        guard let inverse = new.inverted() else { return .impossible(.singular) }
        var a = old * inverse
        guard a.m13 == 0, a.m23 == 0, a.m33 > 0, a.m33.isFinite else { return .impossible(.perspective) }
        if a.m33 != 1 {
            let r = 1 / a.m33
            a = ProjectionTransform(m11: a.m11 * r, m12: a.m12 * r, m13: 0, m21: a.m21 * r, m22: a.m22 * r, m23: 0,
                                    m31: a.m31 * r, m32: a.m32 * r, m33: 1)
        }
        let tolerance = 64 * Float.ulpOfOne * max(abs(a.m11), abs(a.m22))
        guard abs(a.m12) <= tolerance, abs(a.m21) <= tolerance else { return .impossible(.rotationOrSkew) }
        guard a.m11 != 0, a.m22 != 0 else { return .impossible(.singular) }
        guard a.m11 > 0, a.m22 > 0 else { return .impossible(.flip) }
        return .scaleAndTranslation(a)
    }

    /// What ``frameChange(from:to:)`` finds.
    enum FrameChange {
        /// The change is `m11`, `m22` (positive scales) and `m31`, `m32` (a translation).
        case scaleAndTranslation(ProjectionTransform)
        /// No frame can express the change.
        case impossible(GlobalFrameLoss)
    }

    /// The transform of the content space of the view in `slot` (its global transform after
    /// its content offset), or the identity for the screen.
    private func contentTransform(of slot: Int?) -> ProjectionTransform {
        guard let slot else { return .identity }
        let offset = views.contentOffset(slot: slot)
        return ProjectionTransform.translation(x: -offset.x, y: -offset.y) * views.presentation(slot: slot).globalTransform
    }

    /// Debug check of the render walk against a second computation: each drawn item's global
    /// transform against the one composed up its ancestors (``presentation(of:)``'s path), its
    /// opacity against the product of its ancestors', and its clip chain against its clipping
    /// ancestors. At most 64 items per tick (spread over the list), so debug builds stay fast.
    func checkTreeOutput() {
        guard views.lastListWasTree, !renderItems.isEmpty else { return }
        let step = max(1, renderItems.count / 64)
        let copies = views.layerContentItems
        for index in stride(from: 0, to: renderItems.count, by: step) {
            let item = renderItems[index]
            // A portal layer's content subtree is drawn under the layer, not in its own place.
            if stride(from: 0, to: copies.count, by: 2).contains(where: { copies[$0] <= index && index < copies[$0 + 1] }) { continue }
            guard let slot = views.slot(of: item.entity) else { continue }
            let fresh = views.presentation(slot: slot)
            precondition(fresh.isDrawn, "tree: \(item.entity) is drawn but not marked drawn")
            for (x, y) in [(Float(0), Float(0)), (item.frame.width, item.frame.height)] {
                let a = item.globalTransform.map(Point(x: x, y: y)), b = fresh.globalTransform.map(Point(x: x, y: y))
                let scale = max(1, abs(b.x), abs(b.y))
                precondition(!(abs(a.x - b.x) > 1e-3 * scale || abs(a.y - b.y) > 1e-3 * scale),
                             "tree: the global transform of \(item.entity) differs from a fresh composition")
            }
            var opacity = fresh.opacity, clips = 0
            var up = slot
            while let parent = views.parent(slot: up) {
                opacity *= views.presentation(slot: parent).opacity
                if views.styles[parent].clipsToBounds { clips += 1 }
                up = parent
            }
            precondition(abs(opacity - item.opacity) <= 1e-5, "tree: the opacity of \(item.entity) is not its ancestors' product")
            var chain = 0, clip = item.clip
            while clip >= 0 { chain += 1; clip = renderClips[Int(clip)].parent }
            precondition(chain == clips, "tree: \(item.entity) has \(chain) clips, \(clips) clipping ancestors")
        }
    }

    /// The hit test of a tree: the render list front to back, each item through its inverse
    /// global transform and its whole clip chain. Hidden and culled views are not in the list;
    /// non-hittable subtrees carry `allowsHitTesting == false`; items with a view of opacity
    /// below 0.01 of its own on their path pass taps through (backdrops excepted), as UIKit's.
    func treeHitTest(_ point: Point) -> HitTestResult? {
        guard point.isFinite else { return nil }
        var hit: HitTestResult?
        let items = renderItems, clips = renderClips
        // The grid (built over the items' global bounding boxes) gives the candidates topmost
        // first; each is then tested exactly.
        hitGrid.candidates(at: point) { index in
            // Only hittable items are binned; their inverse transforms and their clips' were
            // worked out with the grid.
            guard hitGrid.treeItemContains(index, point, clips: clips) else { return false }
            let item = items[index]
            guard self.allocator.isUsable(item.entity) else { return false }
            hit = HitTestResult(entity: item.entity, role: item.role)
            return true
        }
        return hit
    }
}
