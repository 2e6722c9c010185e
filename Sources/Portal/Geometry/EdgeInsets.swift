/// Insets on the four edges of a rectangle, in points (safe areas, margins).
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Float
    /// The inset from the leading (left) edge.
    public var leading: Float
    /// The inset from the bottom edge.
    public var bottom: Float
    /// The inset from the trailing (right) edge.
    public var trailing: Float

    /// Creates insets; every edge defaults to zero.
    public init(top: Float = 0, leading: Float = 0, bottom: Float = 0, trailing: Float = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Equal insets on all four edges.
    public init(all value: Float) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    /// No insets.
    public static let zero = EdgeInsets()
}
