// The view a navigation transition acts on, as three stages of optional property values.

/// A side of a rectangle (SwiftUI's `Edge`).
public enum Edge: Hashable, Sendable, CaseIterable {
    /// The top edge.
    case top
    /// The leading (left) edge.
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing (right) edge.
    case trailing

    /// The opposite edge.
    public var opposite: Edge {
        switch self {
        case .top: return .bottom
        case .leading: return .trailing
        case .bottom: return .top
        case .trailing: return .leading
        }
    }
}

/// A direction of layout (SwiftUI's `Axis`).
public enum Axis: Hashable, Sendable, CaseIterable {
    /// Left–right.
    case horizontal
    /// Top–bottom.
    case vertical
}

/// A 2D transform accumulated in the order its operations are applied, as Core Animation's
/// `CATransform3DTranslate`/`Scale`/`Rotate` do: each operation acts in the frame the earlier
/// ones produced, so `translate` then `scale` is not `scale` then `translate`. A 3D rotation is
/// carried beside it.
public struct TransitionTransform: Hashable, Sendable {
    // The linear part [a c; b d] and the translation (tx, ty): p ↦ M·p + t, about the view's centre.
    var a: Float = 1, b: Float = 0, c: Float = 0, d: Float = 1
    var tx: Float = 0, ty: Float = 0
    /// The 3D rotation (angle, axis, perspective), applied after the 2D part.
    public var rotation3D = Rotation3D.identity

    /// No transform.
    public static let identity = TransitionTransform()

    /// Creates the identity transform.
    public init() {}

    /// Moves by (`x`, `y`) in the current frame.
    public mutating func translate(x: Float = 0, y: Float = 0) {
        tx += a * x + c * y
        ty += b * x + d * y
    }

    /// Scales by `x`, `y` (by `x` on both axes when `y` is omitted) in the current frame.
    public mutating func scale(_ x: Float, _ y: Float? = nil) {
        let y = y ?? x
        a *= x; b *= x
        c *= y; d *= y
    }

    /// Rotates by `angle` in the plane, in the current frame.
    public mutating func rotate(by angle: Angle) {
        let cs = PortalMath.cos(angle.radians), sn = PortalMath.sin(angle.radians)
        (a, b, c, d) = (a * cs + c * sn, b * cs + d * sn, c * cs - a * sn, d * cs - b * sn)
    }

    /// Adds a rotation about `axis` seen with `perspective` (SwiftUI's `rotation3DEffect`); the
    /// angles of rotations about one axis add up.
    public mutating func rotate3D(by angle: Angle, axis: (x: Float, y: Float, z: Float), perspective: Float) {
        let sameAxis = rotation3D.axisX == axis.x && rotation3D.axisY == axis.y && rotation3D.axisZ == axis.z
        let total = (sameAxis ? rotation3D.angle.radians : 0) + angle.radians
        rotation3D = Rotation3D(angle: .radians(total), axis: axis, perspective: perspective)
    }

    /// The transform as a renderer's ``Transform``: translation, scale and rotation decomposed
    /// from the 2D part (exact for the rotations and scales transitions use, which never shear),
    /// the 3D rotation as is, and `zPosition`.
    public func resolved(zPosition: Float = 0) -> Transform {
        let scaleX = (a * a + b * b).squareRoot()
        let determinant = a * d - b * c
        let rotation = scaleX == 0 ? 0 : PortalMath.atan2(b, a)
        return Transform(translation: Point(x: tx, y: ty), scaleX: scaleX, scaleY: scaleX == 0 ? (c * c + d * d).squareRoot() : determinant / scaleX,
                         rotation: .radians(rotation), zPosition: zPosition, rotation3D: rotation3D)
    }
}

/// A view being inserted or removed by a navigation transition: the values its properties take
/// at the start (`initial`), at the end of the animation (`animation`) and once it has finished
/// (`completion`). Unset values leave a property as it is — that is what lets transitions that
/// touch different properties combine.
public struct TransientView: Sendable {
    /// One stage's property values; `nil` means "leave as it is".
    public struct Properties: Hashable, Sendable {
        /// Opacity, 0…1.
        public var opacity: Float?
        /// The transform; operations compose onto it in order, starting from the identity.
        public var transform: TransitionTransform?
        /// Depth among siblings; larger draws on top.
        public var zPosition: Float?

        /// No values set.
        public init(opacity: Float? = nil, transform: TransitionTransform? = nil, zPosition: Float? = nil) {
            self.opacity = opacity
            self.transform = transform
            self.zPosition = zPosition
        }

        /// Composes a translation onto the transform.
        public mutating func translate(x: Float = 0, y: Float = 0) { edit { $0.translate(x: x, y: y) } }
        /// Composes a scale onto the transform.
        public mutating func scale(_ x: Float, _ y: Float? = nil) { edit { $0.scale(x, y) } }
        /// Composes a rotation onto the transform.
        public mutating func rotate(by angle: Angle) { edit { $0.rotate(by: angle) } }
        /// Composes a 3D rotation onto the transform.
        public mutating func rotate3D(by angle: Angle, axis: (x: Float, y: Float, z: Float), perspective: Float) {
            edit { $0.rotate3D(by: angle, axis: axis, perspective: perspective) }
        }

        private mutating func edit(_ body: (inout TransitionTransform) -> Void) {
            var transform = self.transform ?? .identity
            body(&transform)
            self.transform = transform
        }
    }

    /// The values at the start of the transition.
    public var initial = Properties()
    /// The values the animation ends on.
    public var animation = Properties()
    /// The values set once the transition has finished.
    public var completion = Properties()
    /// The view's frame (read-only).
    public let frame: Rect
    /// Which stage a front-or-back placement asked for, if any (``AtomicTransition/bringToFront``).
    public internal(set) var placement: Placement?

    /// Where a transition asks the view to draw relative to the other view.
    public enum Placement: Hashable, Sendable {
        /// Above the other view.
        case front
        /// Below the other view.
        case back
    }

    /// A transient view with no values set, for a view with `frame`.
    public init(frame: Rect) { self.frame = frame }
}
