// Composing one drawn view under its parent's context: the render walk's rules in one place
// (`compose`, `childContext`, the pre-cull test, the item and clip of a composed view), which the
// patch, the full walk, its childless roots and the popups' draw test all call, so they give the
// same bits.

extension ViewStore {
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

    /// The fewest children for which the full walk pre-culls them: below it, each child is left
    /// to the exact test as it is composed.
    static let preCullMinimumChildren = 4

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

    /// What ``composeItem(_:_:under:into:)`` leaves the walk: the view's own global values, its
    /// box (as ``Composed/box``) and whether it is culled.
    struct DrawnView {
        var own: WalkParent
        var box: Rect?
        var isCulled: Bool
    }

    /// ``compose(_:_:under:inPlace:)`` and ``item(_:entity:role:)`` as one, for the full walk:
    /// the view's render item is written at `item` field by field as each is known (its values
    /// straight from the block, its globals once composed), so that the walk holds no whole
    /// composed view in registers across the item's write. The same arithmetic, in the same
    /// order, as `compose` then `item` (role `.overlay` for a layer's content copy): the same
    /// bits, which the debug invariant (a patched list equals a fresh walk) and the goldens hold.
    /// A culled view's item is written too; the caller drops it.
    @_transparent
    static func composeItem(_ slot: Int, _ c: ViewColumns.Pointers, under parent: UnsafePointer<WalkParent>?,
                            into item: UnsafeMutablePointer<RenderItem>) -> DrawnView {
        let style = c.styles[slot]
        // The fields the view decides alone, as the flat list writes them, then those composed
        // under the parent.
        writeOwnFields(into: item, slot: slot, v: c.values, style: c.styles.baseAddress! + slot, entity: c.entities[slot])
        let frame = item.pointee.frame
        let own = WalkParent(own: item.pointee.globalTransform, opacity: item.pointee.opacity, hittable: style.allowsHitTesting,
                             under: parent)
        item.pointee.opacity = own.opacity
        item.pointee.role = own.isLayerContent ? .overlay : style.role
        item.pointee.allowsHitTesting = own.hittable
        item.pointee.globalTransform = own.global
        item.pointee.clip = own.clip
        var box: Rect?
        if own.hasCull || style.clipsToBounds { box = own.global.boundingBox(of: frame.size) }
        let isCulled = own.hasCull && box.map { disjoint($0, own.cull) } ?? false
        return DrawnView(own: own, box: box, isCulled: isCulled)
    }

    /// The composed view whose item ``composeItem(_:_:under:into:)`` wrote at `item`.
    @inline(__always)
    static func composed(_ item: UnsafePointer<RenderItem>, _ drawn: DrawnView, style: ViewStyle) -> Composed {
        Composed(frame: item.pointee.frame, cornerRadius: item.pointee.cornerRadius, shadowRadius: item.pointee.shadowRadius,
                 transform: item.pointee.transform, style: style, own: drawn.own, box: drawn.box, isCulled: drawn.isCulled)
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
