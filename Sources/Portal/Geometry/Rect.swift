/// An axis-aligned rectangle: an origin (the top-leading corner) and a size, in points.
///
/// Portal never stores a rectangle with a negative or non-finite component; the public calls
/// that take one reject it with ``PortalError/invalidGeometry(_:_:reason:)``.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-leading corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four components.
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x coordinate.
    public var minX: Float { origin.x }
    /// The smallest y coordinate.
    public var minY: Float { origin.y }
    /// The largest x coordinate.
    public var maxX: Float { origin.x + size.width }
    /// The largest y coordinate.
    public var maxY: Float { origin.y + size.height }
    /// The x coordinate of the centre.
    public var midX: Float { origin.x + size.width * 0.5 }
    /// The y coordinate of the centre.
    public var midY: Float { origin.y + size.height * 0.5 }
    /// The width.
    public var width: Float { size.width }
    /// The height.
    public var height: Float { size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether `point` lies inside the rectangle (the leading and top edges are inside, the
    /// trailing and bottom edges are not, so adjacent rectangles never both contain a point).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Float, dy: Float) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `insets` on each side (grown where an inset is negative).
    /// The size never goes below zero.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: origin.x + insets.leading, y: origin.y + insets.top,
             width: max(0, size.width - insets.leading - insets.trailing),
             height: max(0, size.height - insets.top - insets.bottom))
    }

    /// `true` when every component is within ±``Rect/maxMagnitude`` (so finite) and the size is
    /// not negative: what the public API accepts.
    public var isValidGeometry: Bool {
        Rect.isSane(origin.x) && Rect.isSane(origin.y) && Rect.isSane(size.width) && Rect.isSane(size.height)
            && size.width >= 0 && size.height >= 0
    }

    /// The largest coordinate or length Portal accepts: a billion points. Far beyond any real
    /// layout, and small enough that no difference or product in an animation can overflow.
    public static let maxMagnitude: Float = 1e9

    /// Whether `value` is a number within ±``maxMagnitude``.
    static func isSane(_ value: Float) -> Bool { abs(value) <= maxMagnitude }

    /// Throws ``PortalError/invalidGeometry(_:_:reason:)`` naming `field` and the first bad
    /// component unless ``isValidGeometry``: every call that takes a rectangle checks it here.
    /// The check is inlined into the call (a layout capture makes thousands a frame); the
    /// error is made out of line.
    @inline(__always)
    func validate(_ field: String) throws(PortalError) {
        guard !isValidGeometry else { return }
        try invalid(field)
    }

    /// `validate`'s refusal, out of line: the check's path keeps nothing for it.
    @inline(never)
    private func invalid(_ field: String) throws(PortalError) -> Never {
        let parts = [minX, minY, width, height]
        if let bad = parts.first(where: { !$0.isFinite }) {
            throw .invalidGeometry(field, bad, reason: "a frame must be finite")
        }
        if let bad = parts.first(where: { !Rect.isSane($0) }) {
            throw .invalidGeometry(field, bad, reason: "a frame must lie within ±1e9 points")
        }
        throw .invalidGeometry(field, min(width, height), reason: "a frame's width and height must not be negative")
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
