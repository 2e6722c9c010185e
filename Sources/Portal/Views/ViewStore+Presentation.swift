// Reading the views back: a view's presented values held in range (the one place they leave
// the store), its frame, global transform and global frame composed up its ancestors, and the
// box arithmetic the render walk's culling uses.

extension ViewStore {
    /// The presented frame of the view in `slot`.
    @inline(__always)
    func frame(slot: Int) -> Rect {
        let b = slot * ViewChannel.stride
        return Rect(x: values[b], y: values[b + 1], width: values[b + 2], height: values[b + 3])
    }

    /// One presented value of the view in `slot`.
    @inline(__always)
    func value(_ channel: ViewChannel, slot: Int) -> Float { values[slot * ViewChannel.stride + channel.rawValue] }

    func presentation(slot: Int) -> ViewPresentation {
        var p = values.withUnsafeBufferPointer { ViewStore.presentation(block: $0, slot: slot, axis: styles[slot].rotationAxis) }
        // A flat list marks nothing (its loop is the hot one): there, drawn means not hidden.
        p.isDrawn = render.lastListWasTree ? render.itemOf[slot] >= 0
                                    : hiddenBy[slot] == 0 && sequence[slot] < renderedSequence
        let global = globalTransform(slot: slot)
        p.globalTransform = global
        p.globalFrame = ViewStore.globalFrame(p.frame, under: global)
        p.contentOffset = contentOffset(slot: slot)
        p.clipsToBounds = styles[slot].clipsToBounds
        p.zIndex = styles[slot].zIndex
        p.isHidden = hiddenBy[slot] & HiddenReason.app.rawValue != 0
        return p
    }

    /// Where a frame (its size held at 0 or more) under `global` is drawn: its bounding box, or
    /// the frame itself when part of it is behind the viewer.
    @inline(__always)
    static func globalFrame(_ frame: Rect, under global: ProjectionTransform) -> Rect {
        global.boundingBox(of: frame.size) ?? frame
    }

    /// Where a portal anchor is on screen: the bounding box of its frame (before its own
    /// transform, as for a root anchor) under its parent's content space, composed up the
    /// ancestors (O(depth)); a root's frame itself. `nil` when part of it is behind the viewer.
    /// `cache` remembers the last parent's content transform: within one pass that writes no
    /// app view's geometry, anchors sharing a parent (a list's cells) compose it once.
    @inline(__always)   // called out of line from the matching pass, it copied the whole store (592 bytes) to pass `self`
    func anchorFrame(slot: Int, cache: inout ParentTransformCache) -> Rect? {
        let f = frame(slot: slot)
        guard let parent = parent(slot: slot) else { return f }
        let transform = cache.transform(of: parent) { contentTransform(slot: parent) }
        return (ProjectionTransform.translation(x: f.minX, y: f.minY) * transform).boundingBox(of: f.size)
    }

    /// The global transform of the view in `slot` (``ViewColumns/Pointers/globalTransform(slot:known:)``).
    func globalTransform(slot: Int) -> ProjectionTransform { columns.withPointers { $0.globalTransform(slot: slot) } }

    /// The content transform of the view in `slot` (``ViewColumns/Pointers/contentTransform(slot:known:)``).
    func contentTransform(slot: Int) -> ProjectionTransform { columns.withPointers { $0.contentTransform(slot: slot) } }

    /// The content transforms of the last two parents, remembered by
    /// ``anchorFrame(slot:cache:)``: two, because a pass alternates between a flight's two ends
    /// (a list of cards and a screen of details), and one entry then missed at every anchor.
    struct ParentTransformCache {
        private var slots = (-1, -1)
        private var transforms = (ProjectionTransform.identity, ProjectionTransform.identity)

        /// The content transform of `parent`, from the cache or (replacing the older entry)
        /// from `compute`.
        mutating func transform(of parent: Int, _ compute: () -> ProjectionTransform) -> ProjectionTransform {
            if slots.0 == parent { return transforms.0 }
            if slots.1 == parent { return transforms.1 }
            let transform = compute()
            slots = (parent, slots.0)
            transforms = (transform, transforms.0)
            return transform
        }
    }

    /// The presented content offset of the view in `slot`.
    @inline(__always)
    func contentOffset(slot: Int) -> Point {
        let b = slot * ViewChannel.stride
        return Point(x: values[b + ViewChannel.contentOffsetX.rawValue], y: values[b + ViewChannel.contentOffsetY.rawValue])
    }

    // Scalar clamps (max/min instructions): `SIMD4.clamped` was tried and calls two generic,
    // unspecialised functions per item.
    /// A presented size, radius or shadow radius: `x` held at 0 or more (NaN gives 0).
    @inline(__always) static func atLeastZero(_ x: Float) -> Float { x > 0 ? x : 0 }
    /// A presented opacity: `x` held within 0…1 (NaN gives 0).
    @inline(__always) static func unit(_ x: Float) -> Float { x < 1 ? atLeastZero(x) : 1 }

    /// Reads a view's presentation from its block of presented values, held in range: sizes and
    /// radii at 0 or more, opacity within 0…1 (an overshooting spring leaves them for a few ticks;
    /// the block and the lanes keep the true values). The one place presented values leave the
    /// store — the render list and ``World/presentation(of:)`` both read them here (the
    /// every-view rewrite of a flat list, `writeFlatValues`, with the same clamps).
    @inline(__always)
    static func presentation(block v: UnsafeBufferPointer<Float>, slot: Int, axis: Rotation3D) -> ViewPresentation {
        let b = slot * ViewChannel.stride
        var rotation3D = axis
        rotation3D.angle = Angle(radians: v[b + ViewChannel.rotation3DAngle.rawValue])
        return ViewPresentation(
            frame: Rect(x: v[b], y: v[b + 1], width: atLeastZero(v[b + 2]), height: atLeastZero(v[b + 3])),
            cornerRadius: atLeastZero(v[b + ViewChannel.cornerRadius.rawValue]),
            opacity: unit(v[b + ViewChannel.opacity.rawValue]),
            shadowRadius: atLeastZero(v[b + ViewChannel.shadowRadius.rawValue]),
            transform: Transform(
                translation: Point(x: v[b + ViewChannel.translationX.rawValue], y: v[b + ViewChannel.translationY.rawValue]),
                scaleX: v[b + ViewChannel.scaleX.rawValue], scaleY: v[b + ViewChannel.scaleY.rawValue],
                rotation: Angle(radians: v[b + ViewChannel.rotation.rawValue]),
                zPosition: v[b + ViewChannel.zPosition.rawValue],
                rotation3D: rotation3D))
    }

    /// Whether two boxes certainly do not overlap (touching edges overlap).
    @inline(__always)
    static func disjoint(_ a: Rect, _ b: Rect) -> Bool {
        a.maxX < b.minX || a.minX > b.maxX || a.maxY < b.minY || a.minY > b.maxY
    }

    /// The overlap of two boxes (empty-but-placed when they only touch or miss).
    @inline(__always)
    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = max(x0, min(a.maxX, b.maxX)), y1 = max(y0, min(a.maxY, b.maxY))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension ViewColumns.Pointers {
    /// A view whose content transform a caller already has: composing a transform up the tree
    /// stops there.
    struct KnownContent {
        let slot: Int
        let transform: ProjectionTransform
        static let none = KnownContent(slot: -1, transform: .identity)
    }

    /// The global transform of the view in `slot`, composed up its ancestors on demand (O(depth))
    /// in the render walk's order: its local transform, then its parent's content transform
    /// (`known`'s, where the walk up reaches it). On the columns' pointers, so that a pass
    /// holding the store inout reads it in place.
    func globalTransform(slot: Int, known: KnownContent = .none) -> ProjectionTransform {
        let p = ViewStore.presentation(block: values, slot: slot, axis: styles[slot].rotationAxis)
        let local = ProjectionTransform.local(frame: p.frame, transform: p.transform)
        guard let parent = parent(slot) else { return local }
        return local * (parent == known.slot ? known.transform : contentTransform(slot: parent, known: known))
    }

    /// Where the content space of the view in `slot` (its children's frames) lands on screen:
    /// its content offset, then its global transform — what the render walk hands its children.
    func contentTransform(slot: Int, known: KnownContent = .none) -> ProjectionTransform {
        contentTransform(slot: slot, global: globalTransform(slot: slot, known: known))
    }

    /// ``contentTransform(slot:known:)`` from the view's global transform.
    @inline(__always)
    func contentTransform(slot: Int, global: ProjectionTransform) -> ProjectionTransform {
        let b = slot * ViewChannel.stride
        let x = values[b + ViewChannel.contentOffsetX.rawValue], y = values[b + ViewChannel.contentOffsetY.rawValue]
        guard x != 0 || y != 0 else { return global }
        return ProjectionTransform.translation(x: -x, y: -y) * global
    }

    /// The global frame of the view in `slot`, as ``ViewStore/presentation(slot:)`` gives it.
    func globalFrame(slot: Int, known: KnownContent = .none) -> Rect {
        ViewStore.globalFrame(ViewStore.presentation(block: values, slot: slot, axis: styles[slot].rotationAxis).frame,
                              under: globalTransform(slot: slot, known: known))
    }
}
