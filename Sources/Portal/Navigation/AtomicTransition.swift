/// What happens to one view — the one inserted or the one removed — during a navigation
/// transition, as SwiftUI's `AnyTransition` does for a view: the seed library's
/// `AtomicTransition`.
///
/// Primitives set values on a ``TransientView``'s three stages; combinators compose them:
///
/// ```swift
/// let zoom = AtomicTransition.scale(0.5).combined(with: .opacity)
/// let slide = AtomicTransition.asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading))
/// ```
///
/// Laws (checked by the tests): `t.mirrored().mirrored() == t` for every transition;
/// `a.combined(with: b)` applies `a` then `b` (transform operations compose in that order,
/// plain values are last-write-wins); `.identity` changes nothing.
public struct AtomicTransition: Sendable, Equatable, CustomStringConvertible {
    /// Whether the view is arriving or leaving.
    public enum Operation: Hashable, Sendable {
        /// The view is arriving.
        case insertion
        /// The view is leaving.
        case removal
    }

    /// A hand-written transition: set stage values on the view for the operation, given the
    /// container's frame.
    public typealias Handler = @Sendable (inout TransientView, Operation, _ container: Rect) -> Void

    indirect enum Node: Sendable {
        case identity
        case move(Edge)
        case offset(x: Float, y: Float)
        case opacity
        case rotate(Angle)
        case rotate3D(Angle, axis: Rotation3D, perspective: Float)
        case scale(Float)
        case zPosition(Float)
        case placement(TransientView.Placement)
        case combined(Node, Node)
        case asymmetric(insertion: Node, removal: Node)
        case only(Operation, Node)
        case custom(name: String, Handler)
    }

    let node: Node

    // MARK: Primitives

    /// Changes nothing.
    public static let identity = AtomicTransition(node: .identity)

    /// Enters from `edge` on insertion (moved by the container's full width or height) and
    /// exits towards it on removal.
    public static func move(edge: Edge) -> AtomicTransition { AtomicTransition(node: .move(edge)) }

    /// Moves from (`x`, `y`) to rest on insertion, and from rest to (`x`, `y`) on removal.
    public static func offset(x: Float = 0, y: Float = 0) -> AtomicTransition { AtomicTransition(node: .offset(x: x, y: y)) }

    /// Fades in from 0 on insertion, out to 0 on removal.
    public static let opacity = AtomicTransition(node: .opacity)

    /// Rotates from `angle` to rest on insertion, from rest to `angle` on removal.
    public static func rotate(_ angle: Angle) -> AtomicTransition { AtomicTransition(node: .rotate(angle)) }

    /// Rotates in 3D about `axis` from `angle` to rest on insertion, from rest to `angle` on
    /// removal, seen with `perspective` (the removal looks from the other side, as the original).
    public static func rotate3D(_ angle: Angle, axis: (x: Float, y: Float, z: Float), perspective: Float = 1) -> AtomicTransition {
        AtomicTransition(node: .rotate3D(angle, axis: Rotation3D(axis: axis), perspective: perspective))
    }

    /// Scales from `scale` to 1 on insertion, from 1 to `scale` on removal. With no argument it
    /// scales from (almost) nothing, as the original's `Scale()`: the smallest positive number,
    /// which a renderer shows as 0.
    public static func scale(_ scale: Float = .leastNonzeroMagnitude) -> AtomicTransition { AtomicTransition(node: .scale(scale)) }

    /// Sets the depth to `zPosition` during the animation (either operation), back to 0 after.
    public static func zPosition(_ zPosition: Float) -> AtomicTransition { AtomicTransition(node: .zPosition(zPosition)) }

    /// Draws the view above the other view of the transition.
    public static let bringToFront = AtomicTransition(node: .placement(.front))

    /// Draws the view below the other view of the transition.
    public static let sendToBack = AtomicTransition(node: .placement(.back))

    /// A hand-written transition. `name` identifies it: two custom transitions are equal when
    /// their names are. A custom transition is its own mirror image.
    public static func custom(_ name: String, _ handler: @escaping Handler) -> AtomicTransition {
        AtomicTransition(node: .custom(name: name, handler))
    }

    // MARK: Combinators

    /// This transition, then `other`, on the same view.
    public func combined(with other: AtomicTransition) -> AtomicTransition {
        AtomicTransition(node: .combined(node, other.node))
    }

    /// `insertion` for an arriving view, `removal` for a leaving one.
    public static func asymmetric(insertion: AtomicTransition, removal: AtomicTransition) -> AtomicTransition {
        AtomicTransition(node: .asymmetric(insertion: insertion.node, removal: removal.node))
    }

    /// `transition` on insertion only.
    public static func onInsertion(_ transition: AtomicTransition) -> AtomicTransition {
        AtomicTransition(node: .only(.insertion, transition.node))
    }

    /// `transition` on removal only.
    public static func onRemoval(_ transition: AtomicTransition) -> AtomicTransition {
        AtomicTransition(node: .only(.removal, transition.node))
    }

    /// The mirror image: edges and offsets flip, rotations turn the other way, a 3D rotation is
    /// seen from the other side; opacity, scale and depth are their own mirror images.
    public func mirrored() -> AtomicTransition { AtomicTransition(node: node.mirrored()) }

    // MARK: Evaluation

    /// Applies the transition to `view` for `operation` in a container of frame `container`.
    public func apply(to view: inout TransientView, for operation: Operation, in container: Rect) {
        node.apply(to: &view, operation, container)
    }

    public static func == (lhs: AtomicTransition, rhs: AtomicTransition) -> Bool { lhs.node == rhs.node }

    public var description: String { node.description }
}

extension AtomicTransition.Node {
    /// Throws ``PortalError/invalidValue(_:_:reason:)`` naming the first number of a built-in
    /// primitive that is not finite within ±``Rect/maxMagnitude`` (a NaN axis, an infinite
    /// perspective…): such a value would reach the render list. Custom handlers run later, when
    /// the transition starts; their stage values are filtered there instead.
    func validate() throws(PortalError) {
        func check(_ field: String, _ value: Float) throws(PortalError) {
            guard Rect.isSane(value) else {
                throw .invalidValue("transition.\(field)", Double(value), reason: "a transition's numbers must be finite, within ±1e9")
            }
        }
        switch self {
        case .identity, .move, .opacity, .placement, .custom:
            return
        case let .offset(x, y):
            try check("offset.x", x)
            try check("offset.y", y)
        case let .rotate(angle):
            try check("rotate.angle", angle.radians)
        case let .rotate3D(angle, axis, perspective):
            try check("rotate3D.angle", angle.radians)
            try check("rotate3D.axis.x", axis.axisX)
            try check("rotate3D.axis.y", axis.axisY)
            try check("rotate3D.axis.z", axis.axisZ)
            try check("rotate3D.perspective", perspective)
        case let .scale(scale):
            try check("scale", scale)
        case let .zPosition(z):
            try check("zPosition", z)
        case let .combined(a, b), let .asymmetric(a, b):
            try a.validate()
            try b.validate()
        case let .only(_, node):
            try node.validate()
        }
    }

    func mirrored() -> Self {
        switch self {
        case .identity, .opacity, .scale, .zPosition, .placement, .custom: return self
        case let .move(edge): return .move(edge.opposite)
        case let .offset(x, y): return .offset(x: -x, y: -y)
        case let .rotate(angle): return .rotate(Angle(radians: -angle.radians))
        case let .rotate3D(angle, axis, perspective): return .rotate3D(angle, axis: axis, perspective: -perspective)
        case let .combined(a, b): return .combined(a.mirrored(), b.mirrored())
        case let .asymmetric(insertion, removal): return .asymmetric(insertion: insertion.mirrored(), removal: removal.mirrored())
        case let .only(operation, node): return .only(operation, node.mirrored())
        }
    }

    func apply(to view: inout TransientView, _ operation: AtomicTransition.Operation, _ container: Rect) {
        switch self {
        case .identity:
            return
        case let .move(edge):
            let (x, y): (Float, Float)
            switch edge {
            case .top: (x, y) = (0, -container.height)
            case .leading: (x, y) = (-container.width, 0)
            case .bottom: (x, y) = (0, container.height)
            case .trailing: (x, y) = (container.width, 0)
            }
            transform(&view, operation) { $0.translate(x: x, y: y) }
        case let .offset(x, y):
            transform(&view, operation) { $0.translate(x: x, y: y) }
        case .opacity:
            switch operation {
            case .insertion: view.initial.opacity = 0; view.animation.opacity = 1
            case .removal: view.animation.opacity = 0; view.completion.opacity = 1
            }
        case let .rotate(angle):
            transform(&view, operation) { $0.rotate(by: angle) }
        case let .rotate3D(angle, axis, perspective):
            let seen = operation == .insertion ? perspective : -perspective
            transform(&view, operation) {
                $0.rotate3D(by: angle, axis: (axis.axisX, axis.axisY, axis.axisZ), perspective: seen)
            }
        case let .scale(scale):
            transform(&view, operation) { $0.scale(scale) }
        case let .zPosition(z):
            view.animation.zPosition = z
            view.completion.zPosition = 0
        case let .placement(placement):
            view.placement = placement
        case let .combined(a, b):
            a.apply(to: &view, operation, container)
            b.apply(to: &view, operation, container)
        case let .asymmetric(insertion, removal):
            (operation == .insertion ? insertion : removal).apply(to: &view, operation, container)
        case let .only(only, node):
            if only == operation { node.apply(to: &view, operation, container) }
        case let .custom(_, handler):
            handler(&view, operation, container)
        }
    }

    /// The shape every transform primitive shares: on insertion the view starts transformed
    /// and animates to rest; on removal it animates to the transform and is reset after.
    private func transform(_ view: inout TransientView, _ operation: AtomicTransition.Operation,
                           _ body: (inout TransientView.Properties) -> Void) {
        switch operation {
        case .insertion:
            body(&view.initial)
            view.animation.transform = .identity
        case .removal:
            body(&view.animation)
            view.completion.transform = .identity
        }
    }
}

extension AtomicTransition.Node: Equatable, CustomStringConvertible {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.identity, .identity), (.opacity, .opacity): return true
        case let (.move(a), .move(b)): return a == b
        case let (.offset(ax, ay), .offset(bx, by)): return ax == bx && ay == by
        case let (.rotate(a), .rotate(b)): return a == b
        case let (.rotate3D(a, axisA, pa), .rotate3D(b, axisB, pb)): return a == b && axisA == axisB && pa == pb
        case let (.scale(a), .scale(b)): return a == b
        case let (.zPosition(a), .zPosition(b)): return a == b
        case let (.placement(a), .placement(b)): return a == b
        case let (.combined(a1, a2), .combined(b1, b2)): return a1 == b1 && a2 == b2
        case let (.asymmetric(ai, ar), .asymmetric(bi, br)): return ai == bi && ar == br
        case let (.only(ao, an), .only(bo, bn)): return ao == bo && an == bn
        case let (.custom(a, _), .custom(b, _)): return a == b
        default: return false
        }
    }

    var description: String {
        switch self {
        case .identity: return ".identity"
        case let .move(edge): return ".move(edge: .\(edge))"
        case let .offset(x, y): return ".offset(x: \(x), y: \(y))"
        case .opacity: return ".opacity"
        case let .rotate(angle): return ".rotate(\(angle))"
        case let .rotate3D(angle, axis, p): return ".rotate3D(\(angle), axis: (\(axis.axisX), \(axis.axisY), \(axis.axisZ)), perspective: \(p))"
        case let .scale(s): return ".scale(\(s))"
        case let .zPosition(z): return ".zPosition(\(z))"
        case .placement(.front): return ".bringToFront"
        case .placement(.back): return ".sendToBack"
        case let .combined(a, b): return "\(a).combined(with: \(b))"
        case let .asymmetric(i, r): return ".asymmetric(insertion: \(i), removal: \(r))"
        case let .only(.insertion, n): return ".onInsertion(\(n))"
        case let .only(.removal, n): return ".onRemoval(\(n))"
        case let .custom(name, _): return ".custom(\"\(name)\")"
        }
    }
}
