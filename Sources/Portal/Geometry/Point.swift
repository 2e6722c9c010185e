/// A location in the host's coordinate space, in points.
///
/// Geometry is `Float`: it halves the memory traffic of the hot loops, and a `Float` is exact to
/// 1/64 pt at 100,000 pt — far beyond any screen. The y axis grows downwards, as in SwiftUI.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Float
    /// The vertical coordinate (grows downwards).
    public var y: Float

    /// Creates a point.
    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// `true` when both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}
