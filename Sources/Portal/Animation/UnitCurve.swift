/// A point in a unit square, used for the control points of a ``UnitCurve`` (SwiftUI's
/// `UnitPoint`).
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal coordinate, 0 at the leading edge and 1 at the trailing edge.
    public var x: Double
    /// The vertical coordinate, 0 at the top and 1 at the bottom.
    public var y: Double

    /// Creates a unit point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A timing curve from (0, 0) to (1, 1): maps the elapsed fraction of an animation to the
/// fraction of its change, as SwiftUI's `UnitCurve` and Core Animation's media timing functions.
///
/// Every curve is a cubic bezier with its end points fixed at (0, 0) and (1, 1). The named
/// curves use Core Animation's control points. ``value(at:)`` solves the curve for the time
/// coordinate the way WebKit and Chromium do: Newton's method from a good first guess, falling
/// back to bisection when the slope is too flat, to a precision of 1e-7.
///
/// ```swift
/// UnitCurve.easeInOut.value(at: 0.25)   // ≈ 0.1291
/// ```
public struct UnitCurve: Hashable, Sendable {
    /// The first control point; its x is clamped into 0…1 so that the curve stays a function.
    public let startControlPoint: UnitPoint
    /// The second control point; its x is clamped into 0…1.
    public let endControlPoint: UnitPoint

    // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, likewise y.
    //
    // The stored properties are Doubles only, with no spare bits, so that ``Animation/Motion``
    // keeps its case in a tag byte of its own. With a stored `Bool` here, the case was the top
    // bit of the word holding the Bool and its padding, whose Bool bit a `.spring` leaves
    // unwritten, and the release build's `switch` over a motion tests the whole word's sign:
    // a branch on a written bit that valgrind's memcheck nonetheless reports as depending on
    // uninitialised memory (see ARCHITECTURE.md, *Robustness*).
    private let ax, bx, cx, ay, by, cy: Double
    /// Both control points lie on the diagonal, so y(t) = x(t) and the curve is exactly y = x:
    /// no solve, no rounding.
    private var isIdentity: Bool { startControlPoint.x == startControlPoint.y && endControlPoint.x == endControlPoint.y }

    /// A cubic bezier curve through (0, 0), the two control points and (1, 1). The y
    /// coordinates may leave 0…1 (the value then overshoots; an animation accepts them within
    /// ±``maxControlPointY``); the x coordinates are clamped into 0…1, as Core Animation does,
    /// because outside it the curve would not be a function of time.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(startControlPoint, endControlPoint)
    }

    private init(_ p1: UnitPoint, _ p2: UnitPoint) {
        let p1 = UnitPoint(x: min(max(p1.x, 0), 1), y: p1.y)
        let p2 = UnitPoint(x: min(max(p2.x, 0), 1), y: p2.y)
        startControlPoint = p1
        endControlPoint = p2
        cx = 3 * p1.x
        bx = 3 * (p2.x - p1.x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1.y
        by = 3 * (p2.y - p1.y) - cy
        ay = 1 - cy - by
    }

    /// Constant speed.
    public static let linear = UnitCurve(UnitPoint(x: 0, y: 0), UnitPoint(x: 1, y: 1))
    /// Starts slowly: control points (0.42, 0) and (1, 1).
    public static let easeIn = UnitCurve(UnitPoint(x: 0.42, y: 0), UnitPoint(x: 1, y: 1))
    /// Ends slowly: control points (0, 0) and (0.58, 1).
    public static let easeOut = UnitCurve(UnitPoint(x: 0, y: 0), UnitPoint(x: 0.58, y: 1))
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1).
    public static let easeInOut = UnitCurve(UnitPoint(x: 0.42, y: 0), UnitPoint(x: 0.58, y: 1))

    /// The largest |y| a control point may have for an animation to accept the curve: 1,000.
    ///
    /// SwiftUI's `UnitCurve.bezier` takes any y, but a curve's value reaches up to
    /// 1 + 4/9·(|y₁| + |y₂|) times the change (the cubic's weights 3t(1−t)² and 3t²(1−t) peak
    /// at 4/9), and Portal animates in `Float`: a y of 1e30 sends a 1,000-point move to 1e36 and
    /// 1e308 to NaN. At ±1,000 a curve overshoots at most ~890 times its change, so the largest
    /// accepted move (2e9 points) stays below 2e12 — finite, with a wide margin — while the
    /// bound is hundreds of times beyond any real easing (CSS's "back" curves use −0.6…1.6).
    public static let maxControlPointY = 1000.0

    /// `true` when both control points are finite and their y is within ±``maxControlPointY``,
    /// so that every value an animation presents with the curve stays finite.
    public var isValid: Bool {
        startControlPoint.x.isFinite && endControlPoint.x.isFinite
            && abs(startControlPoint.y) <= UnitCurve.maxControlPointY && abs(endControlPoint.y) <= UnitCurve.maxControlPointY
    }

    /// The fraction of change at elapsed fraction `progress`. Progress is clamped into 0…1.
    public func value(at progress: Double) -> Double {
        let x = min(max(progress, 0), 1)
        if x == 0 || x == 1 || isIdentity { return x }
        let t = UnitCurve.parameter(forX: x, ax, bx, cx)
        return ((ay * t + by) * t + cy) * t
    }

    /// The rate of change of ``value(at:)`` with respect to progress, at `progress` (clamped
    /// into 0…1): dy/dx along the curve.
    ///
    /// Where both first derivatives vanish at an end — its control point sits on the end
    /// point, as `.easeOut`'s at 0 and `.easeIn`'s at 1 — the slope is 0/0, and SwiftUI answers
    /// 1 at the start and 0 at the end (`UnitCurve.easeOut.velocity(at: 0) == 1`,
    /// `UnitCurve.easeIn.velocity(at: 1) == 0`); Portal gives the same, for every curve (SwiftUI's
    /// answer there for other curves comes from its polynomial's rounding: 0 or 1). These are
    /// conventions, not the limit along the curve (1/0.58 for both named curves). Inside the
    /// curve, a 0/0 slope is the ratio of the first derivatives that do not both vanish
    /// (l'Hôpital). A vertical tangent gives ±∞.
    public func velocity(at progress: Double) -> Double {
        if isIdentity { return 1 }
        let x = min(max(progress, 0), 1)
        func slope(_ d: (dx: Double, dy: Double)) -> Double { d.dx == 0 ? (d.dy > 0 ? .infinity : -.infinity) : d.dy / d.dx }
        // At the end points the first derivatives are taken from the control points, so a 0 is
        // exactly 0 (the polynomial form at t = 1 rounds it to ±1e-16, which would make SwiftUI's
        // 0/0 convention depend on the control points' rounding).
        let p1 = startControlPoint, p2 = endControlPoint
        if x == 0 { return p1.x == 0 && p1.y == 0 ? 1 : slope((3 * p1.x, 3 * p1.y)) }
        if x == 1 { return p2.x == 1 && p2.y == 1 ? 0 : slope((3 * (1 - p2.x), 3 * (1 - p2.y))) }
        // Inside, the derivatives of (x(t), y(t)) of order 1, 2 and 3.
        let t = UnitCurve.parameter(forX: x, ax, bx, cx)
        let first = ((3 * ax * t + 2 * bx) * t + cx, (3 * ay * t + 2 * by) * t + cy)
        let second = (6 * ax * t + 2 * bx, 6 * ay * t + 2 * by)
        if first != (0, 0) { return slope(first) }
        if second != (0, 0) { return slope(second) }
        return (ax, ay) != (0, 0) ? slope((6 * ax, 6 * ay)) : 1
    }

    /// Solves x(t) = x for the curve parameter t.
    ///
    /// Static, with the x polynomial's coefficients as arguments: a method would take the whole
    /// curve (80 bytes) by address, so a caller walking an array of curves copied each one onto
    /// the stack before calling, even when `value(at:)` returned early for a linear curve.
    private static func parameter(forX x: Double, _ ax: Double, _ bx: Double, _ cx: Double) -> Double {
        let precision = 1e-7
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < precision { return t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = ((ax * t + bx) * t + cx) * t
            if abs(value - x) < precision { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) * 0.5
        }
        return t
    }

    public static func == (lhs: UnitCurve, rhs: UnitCurve) -> Bool {
        lhs.startControlPoint == rhs.startControlPoint && lhs.endControlPoint == rhs.endControlPoint
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(startControlPoint)
        hasher.combine(endControlPoint)
    }
}
