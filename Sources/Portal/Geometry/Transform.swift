/// The visual transform of a view, applied about the centre of its frame after layout, in the
/// order a renderer composes it: scale, then rotation, then the 3D rotation, then translation.
///
/// It holds what SwiftUI's transition modifiers produce — `offset`, `scaleEffect`,
/// `rotationEffect`, `rotation3DEffect` and `zIndex`-like depth — as plain numbers, so any
/// renderer can build its own matrix from it.
public struct Transform: Hashable, Sendable {
    /// The translation after layout, in points.
    public var translation: Point
    /// The horizontal scale factor about the centre (1 = none).
    public var scaleX: Float
    /// The vertical scale factor about the centre (1 = none).
    public var scaleY: Float
    /// The rotation in the plane, about the centre; positive is clockwise on a y-down screen.
    public var rotation: Angle
    /// The depth of the view among its siblings; larger is nearer to the viewer. Unlike the
    /// render list's z index it may be animated.
    public var zPosition: Float
    /// A rotation about an axis in 3D, with perspective (SwiftUI's `rotation3DEffect`).
    public var rotation3D: Rotation3D

    /// Creates a transform; every component defaults to "no transform".
    public init(translation: Point = .zero, scaleX: Float = 1, scaleY: Float = 1,
                rotation: Angle = .zero, zPosition: Float = 0, rotation3D: Rotation3D = .identity) {
        self.translation = translation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
        self.zPosition = zPosition
        self.rotation3D = rotation3D
    }

    /// The transform that changes nothing.
    public static let identity = Transform()

    /// `true` when every number in the transform is within ±``Rect/maxMagnitude`` (so finite):
    /// what the public API accepts.
    public var isValid: Bool {
        [translation.x, translation.y, scaleX, scaleY, rotation.radians, zPosition,
         rotation3D.angle.radians, rotation3D.axisX, rotation3D.axisY, rotation3D.axisZ, rotation3D.perspective]
            .allSatisfy(Rect.isSane)
    }

    /// Maps a point in the host's coordinate space into the untransformed frame of a view whose
    /// layout frame is `frame`, ignoring the 3D rotation. Returns `nil` when the transform
    /// collapses the view to a line or a point (a zero scale), which nothing can hit.
    public func inverseMap(_ point: Point, in frame: Rect) -> Point? {
        guard scaleX != 0, scaleY != 0 else { return nil }
        var x = point.x - translation.x - frame.midX
        var y = point.y - translation.y - frame.midY
        if rotation.radians != 0 {
            let c = PortalMath.cos(rotation.radians), s = PortalMath.sin(rotation.radians)
            (x, y) = (c * x + s * y, -s * x + c * y)
        }
        return Point(x: x / scaleX + frame.midX, y: y / scaleY + frame.midY)
    }
}

/// A rotation about an axis through the centre of a view, seen with perspective.
public struct Rotation3D: Hashable, Sendable {
    /// The angle of rotation.
    public var angle: Angle
    /// The x component of the rotation axis.
    public var axisX: Float
    /// The y component of the rotation axis.
    public var axisY: Float
    /// The z component of the rotation axis.
    public var axisZ: Float
    /// The relative vanishing point, as SwiftUI's `rotation3DEffect(perspective:)`: 1 is the
    /// default, 0 is an orthographic projection.
    public var perspective: Float

    /// Creates a 3D rotation; the axis defaults to the y axis and the perspective to 1.
    public init(angle: Angle = .zero, axis: (x: Float, y: Float, z: Float) = (0, 1, 0), perspective: Float = 1) {
        self.angle = angle
        self.axisX = axis.x
        self.axisY = axis.y
        self.axisZ = axis.z
        self.perspective = perspective
    }

    /// No rotation.
    public static let identity = Rotation3D()

}

extension Rotation3D {
    /// Whether every number is finite, within ±``Rect/maxMagnitude``.
    var isSane: Bool {
        Rect.isSane(angle.radians) && Rect.isSane(axisX) && Rect.isSane(axisY) && Rect.isSane(axisZ) && Rect.isSane(perspective)
    }
}
