/// How a push or a pop moves the two screens of a navigation stack — the seed library's
/// `NavigationTransition`: built from ``AtomicTransition``s, which it applies to the arriving
/// screen (insertion) and the leaving one (removal).
///
/// On a push the new screen arrives and the current one leaves; on a pop the screen beneath
/// arrives and the top one leaves.
///
/// Every call that takes a transition (`push`, `pop`, `popToRoot`, `setStack`,
/// `beginInteractivePop`) checks the numbers of its built-in parts and throws
/// ``PortalError/invalidValue(_:_:reason:)`` naming the first that is not finite within ±1e9
/// (`"transition.rotate3D.axis.x"`, `"transition.scale"`…). A custom handler runs when the
/// transition starts: its NaN or out-of-range values are ignored, a 3D rotation with a bad axis
/// or perspective as a whole.
///
/// ```swift
/// let zoom = NavigationTransition.asymmetric(push: .scale(0.5).combined(with: .opacity), pop: .opacity)
///     .animation(.spring(duration: 0.4))
/// ```
public struct NavigationTransition: Sendable, Equatable, CustomStringConvertible {
    /// Whether a screen is being pushed or popped.
    public enum Operation: Hashable, Sendable {
        /// A new screen goes on top.
        case push
        /// The top screen goes.
        case pop
    }

    /// A hand-written transition: set stage values on the leaving (`from`) and arriving (`to`)
    /// screens for the operation, given the container's frame.
    public typealias Handler = @Sendable (_ from: inout TransientView, _ to: inout TransientView, Operation, _ container: Rect) -> Void

    indirect enum Node: Sendable {
        case on(Operation, AtomicTransition)
        case combined(Node, Node)
        case asymmetric(push: Node, pop: Node)
        case custom(name: String, Handler)
        /// The screen zooms out of (on a push) or back into (on a pop) a source view.
        case zoom(source: Entity, ZoomOptions)
    }

    let node: Node
    /// The animation the transition runs with: ease-in-out over 0.35 s unless set.
    public private(set) var animation: Animation = .easeInOut(duration: 0.35)

    init(node: Node) { self.node = node }

    /// No visible change: the screens swap at once when the animation ends.
    public static let identity = NavigationTransition(node: .combined(.on(.push, .identity), .on(.pop, .identity)))

    /// `push` on a push and `pop` on a pop, each applied to both screens.
    public static func asymmetric(push: AtomicTransition, pop: AtomicTransition) -> NavigationTransition {
        NavigationTransition(node: .combined(.on(.push, push), .on(.pop, pop)))
    }

    /// The navigation transition `push` on a push and `pop` on a pop.
    public static func asymmetric(push: NavigationTransition, pop: NavigationTransition) -> NavigationTransition {
        NavigationTransition(node: .asymmetric(push: push.node, pop: pop.node))
    }

    /// `transition` on a push and its mirror image on a pop.
    public static func mirrorPush(_ transition: AtomicTransition) -> NavigationTransition {
        .asymmetric(push: transition, pop: transition.mirrored())
    }

    /// `transition` on a pop and its mirror image on a push.
    public static func mirrorPop(_ transition: AtomicTransition) -> NavigationTransition {
        .asymmetric(push: transition.mirrored(), pop: transition)
    }

    /// Both transitions at once (best for transitions that touch different properties, like
    /// `.slide.combined(with: .fade(.in))`).
    public func combined(with other: NavigationTransition) -> NavigationTransition {
        var combined = NavigationTransition(node: .combined(node, other.node))
        combined.animation = animation
        return combined
    }

    /// A hand-written transition; `name` identifies it for equality.
    public static func custom(_ name: String, _ handler: @escaping Handler) -> NavigationTransition {
        NavigationTransition(node: .custom(name: name, handler))
    }

    /// A zoom, as iOS 18's `.zoom(sourceID:in:)`: on a push the pushed screen grows out of
    /// `source` — any view, a portal anchor or a cell in a scrolled list — to fill the stack; on
    /// a pop the popped screen shrinks back into it.
    ///
    /// The screen scales uniformly, keeping its aspect, as UIKit's zoom does. With z the zoom's
    /// progress (0 at the source, 1 filling the stack: the transition's progress on a push, one
    /// minus it on a pop), S the source's frame as drawn *now* (read every tick, so a list
    /// scrolled meanwhile is followed) in the stack's space, and A the alignment rect
    /// (``ZoomOptions/alignmentRect``, in the screen's own coordinates; the whole screen unless
    /// set), the screen is drawn scaled by s = s₀ + (1 − s₀)·z with s₀ = S.width ÷ A.width, and
    /// placed so that A's centre lands on S.mid + (A.mid − S.mid)·z. At z = 0 A covers the
    /// source's width, centred on it; at z = 1 the screen is at rest. Its corner radius, as
    /// drawn, goes from the source's (or ``ZoomOptions/cornerRadius``) to its own, and it shows
    /// only the crop A + (B − A)·z² of itself (B its whole; clamped z), rounded so — just A, on
    /// the source's shape, at z = 0 — its children drawn where the uncropped screen draws them
    /// (its frame is the crop, its content offset moved by the crop's origin); its shadow radius, as
    /// drawn, is ``ZoomOptions/shadowRadius``·4z(1 − z) + its own·z (none at the source end). Behind it, a dimming view the stack makes
    /// (``World/zoomDimmingView(of:)``) fades in with opacity ``ZoomOptions/dimmingOpacity``·z.
    /// The source is hidden while the screen flies (Portal's navigation hidden bit; a view the
    /// app hid stays hidden) and the zooming screen draws in front. Everything the zoom set on the
    /// screen returns to its values at rest when the transition ends, either way, and the
    /// dimming view goes. The transition turns round, is caught and is driven by an interactive
    /// pop like any other; the stack's pan also takes a drag in any direction on the zoomed
    /// screen (``ZoomOptions/dragToDismiss``), which shrinks it with the finger and, released,
    /// zooms it into the source or back (the rules are in the Navigation transitions article). A source that is gone (despawned) is zoomed to or from where it was
    /// last seen, or the stack's centre if it was never seen.
    ///
    /// Throws at the call that takes it (``PortalError/invalidValue(_:_:reason:)``) when an
    /// option is out of range (see ``ZoomOptions``).
    public static func zoom(source: Entity, options: ZoomOptions = ZoomOptions()) -> NavigationTransition {
        NavigationTransition(node: .zoom(source: source, options))
    }

    /// The same transition run with `animation`.
    public func animation(_ animation: Animation) -> NavigationTransition {
        var copy = self
        copy.animation = animation
        return copy
    }

    // MARK: Built-in transitions

    /// Moves both screens along `axis`: a push goes right to left (horizontal) or bottom to top
    /// (vertical), a pop the other way.
    public static func move(axis: Axis) -> NavigationTransition {
        switch axis {
        case .horizontal:
            return .asymmetric(push: .asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading)),
                               pop: .asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing)))
        case .vertical:
            return .asymmetric(push: .asymmetric(insertion: .move(edge: .bottom), removal: .move(edge: .top)),
                               pop: .asymmetric(insertion: .move(edge: .top), removal: .move(edge: .bottom)))
        }
    }

    /// The system-style slide: `.move(axis: .horizontal)`.
    public static let slide = NavigationTransition.move(axis: .horizontal)

    /// How ``fade(_:)`` fades.
    public enum FadeStyle: Hashable, Sendable {
        /// The arriving screen fades in over the other: the pushed one on a push, the one
        /// beneath on a pop.
        case `in`
        /// The leaving screen fades out over the other: the current one on a push, the popped
        /// one on a pop.
        case out
        /// Both screens cross-fade.
        case cross
    }

    /// A fade in, a fade out, or a cross-fade, as swiftui-navigation-transitions 0.19's `Fade`:
    /// `MirrorPush { OnInsertion { ZPosition(1); Opacity() } }` for `.in` (`OnRemoval` for
    /// `.out`). The mirror image of an on-insertion transition still acts on insertion, so a pop
    /// fades the same side as a push: `.in` fades the arriving screen in, in front, both ways.
    public static func fade(_ style: FadeStyle) -> NavigationTransition {
        let fading = AtomicTransition.zPosition(1).combined(with: .opacity)
        switch style {
        case .in:
            return .mirrorPush(.onInsertion(fading))
        case .out:
            return .mirrorPush(.onRemoval(fading))
        case .cross:
            return .mirrorPush(.opacity)
        }
    }

    // MARK: Evaluation

    /// Checks the transition where it enters the world (every call that takes one), since it is a
    /// value built without a throwing initialiser: its animation (``Animation/validate()`` at
    /// the world's tick), then the numbers of its built-in atomic transitions —
    /// ``PortalError/invalidValue(_:_:reason:)`` names the first that is not finite within
    /// ±``Rect/maxMagnitude``.
    func validate(step: Double) throws(PortalError) {
        try animation.validate(step: step)
        try node.validate()
    }

    /// The stage values of both screens for `operation`: `from` is the screen leaving, `to` the
    /// screen arriving.
    public func transientViews(for operation: Operation, from fromFrame: Rect, to toFrame: Rect,
                               in container: Rect) -> (from: TransientView, to: TransientView) {
        var from = TransientView(frame: fromFrame)
        var to = TransientView(frame: toFrame)
        node.apply(from: &from, to: &to, operation, container)
        return (from, to)
    }

    public static func == (lhs: NavigationTransition, rhs: NavigationTransition) -> Bool {
        lhs.node == rhs.node && lhs.animation == rhs.animation
    }

    public var description: String { node.description + (animation == .easeInOut(duration: 0.35) ? "" : ".animation(\(animation))") }
}

extension NavigationTransition.Node: Equatable, CustomStringConvertible {
    func validate() throws(PortalError) {
        switch self {
        case let .on(_, atomic): try atomic.node.validate()
        case let .combined(a, b), let .asymmetric(a, b):
            try a.validate()
            try b.validate()
        case .custom: return
        case let .zoom(_, options): try options.validate()
        }
    }

    /// The source and options of the zoom this transition runs for `operation`, if it zooms.
    func zoom(for operation: NavigationTransition.Operation) -> (source: Entity, options: ZoomOptions)? {
        switch self {
        case .on, .custom: return nil
        case let .zoom(source, options): return (source, options)
        case let .combined(a, b): return a.zoom(for: operation) ?? b.zoom(for: operation)
        case let .asymmetric(push, pop): return (operation == .push ? push : pop).zoom(for: operation)
        }
    }

    func apply(from: inout TransientView, to: inout TransientView, _ operation: NavigationTransition.Operation, _ container: Rect) {
        switch self {
        case let .on(only, atomic):
            guard only == operation else { return }
            atomic.apply(to: &to, for: .insertion, in: container)
            atomic.apply(to: &from, for: .removal, in: container)
        case let .combined(a, b):
            a.apply(from: &from, to: &to, operation, container)
            b.apply(from: &from, to: &to, operation, container)
        case let .asymmetric(push, pop):
            (operation == .push ? push : pop).apply(from: &from, to: &to, operation, container)
        case let .custom(_, handler):
            handler(&from, &to, operation, container)
        case .zoom:
            // The zooming screen (the pushed one, the popped one) draws in front; its geometry
            // is placed every tick (`World.runNavigationZoom`).
            if operation == .push { to.placement = .front } else { from.placement = .front }
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.on(ao, at), .on(bo, bt)): return ao == bo && at == bt
        case let (.combined(a1, a2), .combined(b1, b2)): return a1 == b1 && a2 == b2
        case let (.asymmetric(ap, aq), .asymmetric(bp, bq)): return ap == bp && aq == bq
        case let (.custom(a, _), .custom(b, _)): return a == b
        case let (.zoom(a, ao), .zoom(b, bo)): return a == b && ao == bo
        default: return false
        }
    }

    var description: String {
        switch self {
        case let .on(.push, t): return "onPush(\(t))"
        case let .on(.pop, t): return "onPop(\(t))"
        case let .combined(a, b): return "\(a) + \(b)"
        case let .asymmetric(p, q): return ".asymmetric(push: \(p), pop: \(q))"
        case let .custom(name, _): return ".custom(\"\(name)\")"
        case let .zoom(source, options): return options == ZoomOptions() ? ".zoom(source: \(source))" : ".zoom(source: \(source), options: \(options))"
        }
    }
}

/// The options of a zoom navigation transition (``NavigationTransition/zoom(source:options:)``):
/// UIKit's `UIViewController.Transition.ZoomOptions` and SwiftUI's
/// `MatchedTransitionSourceConfiguration`, as far as Portal's render list carries them.
///
/// The render list carries no colours (the host paints each view's content), so the dimming is a
/// view whose opacity Portal drives and the host paints (black, UIKit's dimming colour), and a
/// shadow is its radius (the host picks its colour; SwiftUI's default is black at opacity 0.33).
public struct ZoomOptions: Hashable, Sendable, CustomStringConvertible {
    /// The rect of the zooming screen, in its own coordinates, that lines up with the source
    /// (UIKit's `alignmentRectProvider`): at the source end its width is the source's and its
    /// centre the source's centre, and the rest of the screen is cropped away there (the crop
    /// growing to the whole screen at rest). `nil` (the default) is the whole screen. Its width
    /// must be greater than 0.
    public var alignmentRect: Rect?
    /// The corner radius the screen has, as drawn, at the source end (SwiftUI's `clipShape` of
    /// a rounded rectangle); `nil` (the default) takes the source's own radius. At least 0.
    public var cornerRadius: Float?
    /// The shadow radius the screen has, as drawn, halfway through the zoom (SwiftUI's
    /// `shadow`). The shadow follows the zoom's progress z: drawn radius
    /// `shadowRadius`·4z(1 − z) + (the screen's own)·z — none at the source end, this halfway,
    /// the screen's own at rest — so it fades in as the screen leaves the source and out as it
    /// lands, never appearing or vanishing in one tick. Default 0 (no shadow), as SwiftUI,
    /// which draws one only when asked. At least 0.
    public var shadowRadius: Float
    /// The dimming view's opacity when the screen fills the stack (UIKit's `dimmingColor`, black
    /// at this alpha); 0 makes no dimming view. Default 0.2 (Portal's choice: UIKit does not
    /// publish its default). In 0…1.
    public var dimmingOpacity: Float
    /// How a drag on the zoomed screen dismisses it (iOS 18's zoom: a drag in any direction),
    /// when the stack's pan takes it; `nil` turns the drag off (the edge swipe stays). Default
    /// `DragDismissStyle(direction: .any)`: the screen follows the finger 1:1 and shrinks to 0.6
    /// over a quarter of the stack's height. A style with direction ``DragDismissDirection/down``
    /// is the begin predicate "only a drag that starts downwards" (UIKit's
    /// `interactiveDismissShouldBegin`).
    public var dragToDismiss: DragDismissStyle?

    /// Options; see each property for its meaning and default.
    public init(alignmentRect: Rect? = nil, cornerRadius: Float? = nil, shadowRadius: Float = 0, dimmingOpacity: Float = 0.2,
                dragToDismiss: DragDismissStyle? = DragDismissStyle(direction: .any)) {
        self.alignmentRect = alignmentRect
        self.cornerRadius = cornerRadius
        self.shadowRadius = shadowRadius
        self.dimmingOpacity = dimmingOpacity
        self.dragToDismiss = dragToDismiss
    }

    /// Checks the numbers, naming the first bad one.
    func validate() throws(PortalError) {
        if let a = alignmentRect {
            for (name, value) in [("x", a.minX), ("y", a.minY), ("width", a.width), ("height", a.height)] where !Rect.isSane(value) {
                throw .invalidValue("transition.zoom.alignmentRect.\(name)", Double(value), reason: "must be finite within ±1e9")
            }
            guard a.width > 0 else {
                throw .invalidValue("transition.zoom.alignmentRect.width", Double(a.width), reason: "must be greater than 0")
            }
        }
        if let r = cornerRadius, !(Rect.isSane(r) && r >= 0) {
            throw .invalidValue("transition.zoom.cornerRadius", Double(r), reason: "must be finite, at least 0 and at most 1e9")
        }
        guard Rect.isSane(shadowRadius), shadowRadius >= 0 else {
            throw .invalidValue("transition.zoom.shadowRadius", Double(shadowRadius), reason: "must be finite, at least 0 and at most 1e9")
        }
        guard dimmingOpacity.isFinite, dimmingOpacity >= 0, dimmingOpacity <= 1 else {
            throw .invalidValue("transition.zoom.dimmingOpacity", Double(dimmingOpacity), reason: "must be in 0...1")
        }
        try dragToDismiss?.validate("transition.zoom.dragToDismiss")
    }

    public var description: String {
        var parts: [String] = []
        if let alignmentRect { parts.append("alignmentRect: \(alignmentRect)") }
        if let cornerRadius { parts.append("cornerRadius: \(cornerRadius)") }
        if shadowRadius != 0 { parts.append("shadowRadius: \(shadowRadius)") }
        if dimmingOpacity != 0.2 { parts.append("dimmingOpacity: \(dimmingOpacity)") }
        if dragToDismiss != DragDismissStyle(direction: .any) { parts.append("dragToDismiss: \(dragToDismiss.map { "\($0)" } ?? "nil")") }
        return "ZoomOptions(" + parts.joined(separator: ", ") + ")"
    }
}
