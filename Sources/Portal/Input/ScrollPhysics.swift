// UIScrollView's physics as pure functions: the rubber band, deceleration, the spring back from
// an edge, paging. The scroll view systems (`ScrollViewSystems.swift`) run these; hosts and tests
// can call them for the numbers.
//
// Numbers are `Double`, as `Spring` is: a deceleration's position is a difference of two large,
// close terms near its rest (x₀ + v₀·(r^(1000t) − 1)/(1000·ln r)), where `Float`'s 24 bits would
// show as jitter of a hundredth of a point on a 10,000 pt list. Offsets become `Float` only where
// they are written to a view (Portal's geometry type).

/// How fast a scroll view's momentum dies: the fraction of its velocity left after each
/// millisecond, as UIKit's `UIScrollView.DecelerationRate`.
public struct ScrollDecelerationRate: Hashable, Sendable {
    /// The fraction of the velocity kept per millisecond, in (0, 1).
    public var rawValue: Double

    /// A rate of `rawValue` per millisecond; it must be more than 0 and less than 1
    /// (``World/makeScrollView(_:configuration:)`` refuses anything else).
    public init(rawValue: Double) { self.rawValue = rawValue }

    /// UIKit's default: 0.998 per millisecond (a flick glides for seconds).
    public static let normal = ScrollDecelerationRate(rawValue: 0.998)
    /// UIKit's `.fast`: 0.99 per millisecond (the glide of a picker or a pager).
    public static let fast = ScrollDecelerationRate(rawValue: 0.99)

    /// 1000·ln r: the decay constant per second (negative). The closed forms divide by it.
    var decayPerSecond: Double { 1000 * PortalMath.log(rawValue) }
}

/// The formulas of a scroll view's motion, as UIScrollView's (see the article *Scroll views*).
///
/// One axis at a time: offsets and velocities are points and points per second along it.
/// Every function is pure and allocation-free.
public enum ScrollPhysics {
    /// UIScrollView's rubber band constant c: 0.55.
    public static let rubberBandCoefficient: Double = 0.55

    /// How far past an edge a content is drawn when the finger has pulled it `overshoot` points
    /// past: b(x) = (1 − 1 / (x·c/d + 1))·d with `coefficient` c and `extent` d (the view's size
    /// on that axis), odd in x (a pull the other way gives −b(|x|)). b never reaches d.
    /// With d = 960: b(100) = 52.02, b(400) = 178.98 (to 0.01 pt).
    public static func rubberBand(_ overshoot: Double, extent: Double, coefficient: Double = rubberBandCoefficient) -> Double {
        guard extent > 0 else { return 0 }
        let x = abs(overshoot)
        let b = (1 - 1 / (x * coefficient / extent + 1)) * extent
        return overshoot < 0 ? -b : b
    }

    /// The inverse of ``rubberBand(_:extent:coefficient:)``: the pull that draws the content
    /// `banded` points past the edge, x = b·d / (c·(d − b)), odd in b. A `banded` of d or more
    /// (which no pull reaches) gives infinity with its sign.
    public static func inverseRubberBand(_ banded: Double, extent: Double, coefficient: Double = rubberBandCoefficient) -> Double {
        guard extent > 0 else { return 0 }
        let b = abs(banded)
        let x = b < extent ? b * extent / (coefficient * (extent - b)) : .infinity
        return banded < 0 ? -x : x
    }

    /// The tracked offset for a finger at `unbanded` (the offset the finger would give with no
    /// edges): itself within `minimum…maximum`; past an edge, the edge plus the rubber band of
    /// the overshoot when `bounces`, else the edge.
    public static func trackedOffset(_ unbanded: Double, minimum: Double, maximum: Double, extent: Double, bounces: Bool) -> Double {
        if unbanded < minimum { return bounces ? minimum + rubberBand(unbanded - minimum, extent: extent) : minimum }
        if unbanded > maximum { return bounces ? maximum + rubberBand(unbanded - maximum, extent: extent) : maximum }
        return unbanded
    }

    /// The inverse of ``trackedOffset(_:minimum:maximum:extent:bounces:)`` (bouncing): where the
    /// finger's unbanded offset is for a content drawn at `offset`, so a drag that begins on a
    /// content drawn past an edge (caught mid-bounce) continues without a jump.
    public static func unbandedOffset(_ offset: Double, minimum: Double, maximum: Double, extent: Double) -> Double {
        if offset < minimum { return minimum + inverseRubberBand(offset - minimum, extent: extent) }
        if offset > maximum { return maximum + inverseRubberBand(offset - maximum, extent: extent) }
        return offset
    }

    // MARK: - Deceleration

    /// The velocity `time` seconds after a release at `velocity`: v(t) = v₀·r^(1000t).
    public static func decelerationVelocity(_ velocity: Double, rate: ScrollDecelerationRate, time: Double) -> Double {
        velocity * PortalMath.exp(rate.decayPerSecond * time)
    }

    /// The offset `time` seconds after a release at `offset` with `velocity`:
    /// x(t) = x₀ + v₀·(r^(1000t) − 1) / (1000·ln r).
    public static func decelerationOffset(_ offset: Double, velocity: Double, rate: ScrollDecelerationRate, time: Double) -> Double {
        let k = rate.decayPerSecond
        return offset + velocity * (PortalMath.exp(k * time) - 1) / k
    }

    /// Where a release at `offset` with `velocity` comes to rest with no edge in the way:
    /// x₀ − v₀ / (1000·ln r) (UIKit's "projection", WWDC18 *Designing Fluid Interfaces*).
    public static func restingOffset(_ offset: Double, velocity: Double, rate: ScrollDecelerationRate) -> Double {
        offset - velocity / rate.decayPerSecond
    }

    /// The deceleration stops when what is left of its glide, |x(∞) − x(t)| = |v(t)| / |1000·ln r|,
    /// is at most this many points, and the offset is then put on its rest point: 0.25 pt, a
    /// physical pixel at Portal's reference scale 2. Ilya Lobanov's reimplementation of
    /// UIScrollView (super-ultra/ScrollMechanics, `SimpleScrollView`; "How UIScrollView works",
    /// 2020) ends its glide with 0.5 pt left and its bounce within 0.5 pt ÷ the screen scale;
    /// Portal ends both at the finer figure. For `.normal` that is a velocity of 0.5 pt/s, for
    /// `.fast` 2.5 pt/s.
    public static let stopDistance: Double = 0.25

    /// Seconds until a deceleration from `velocity` leaves at most `stopDistance` points of glide:
    /// ln(s·|1000·ln r| / |v₀|) / (1000·ln r), and 0 when it starts within it.
    public static func decelerationDuration(_ velocity: Double, rate: ScrollDecelerationRate,
                                            stopDistance: Double = ScrollPhysics.stopDistance) -> Double {
        let k = rate.decayPerSecond
        let left = abs(velocity) / abs(k)
        guard left > stopDistance, stopDistance > 0 else { return 0 }
        return PortalMath.log(stopDistance / left) / k
    }

    // MARK: - Springs

    /// The spring that brings a content back to its edge (released past it, or crossing it while
    /// gliding) and carries a page or a snap to its target: mass 1, stiffness 100, critically
    /// damped (damping 20; a response of 2π/10 ≈ 0.63 s) — the spring of Lobanov's
    /// reimplementation (super-ultra/ScrollMechanics: `Spring(mass: 1, stiffness: 100,
    /// dampingRatio: 1)`, started from the glide's velocity where it meets the edge). UIKit's own
    /// bounce does not swing past the edge on its way back, which critical damping gives.
    public static let bounceSpring = Spring(mass: 1, stiffness: 100, damping: 20)

    /// A spring is done (and put on its target) once its displacement stays within this many
    /// points for good (the bound of its settling envelope): 0.01 pt.
    public static let springTolerance: Double = 0.01

    /// The spring that animates ``World/scroll(_:to:animated:)``: `Spring(duration: 0.3)`, no
    /// bounce — UIKit's `setContentOffset(_:animated:)` takes about 0.3 s and does not overshoot.
    public static let scrollAnimationSpring = Spring(duration: 0.3, bounce: 0)

    // MARK: - Paging

    /// The page a paging scroll view goes to on release: the resting point of the release
    /// (``restingOffset(_:velocity:rate:)``) rounded to the nearest page, at most one page from
    /// `startPage` (the page nearest the offset where the drag began), and within `0...lastPage`.
    /// UIKit's paging moves at most one page per flick however hard it is, and with little
    /// velocity goes to the page more than half of which shows: the projection gives both.
    /// Page k is at offset `minimum + k·pageSize`, the last one at `maximum`. Total: any input
    /// (NaN, infinities, any `startPage` from `Int.min` to `Int.max`) gives a page in
    /// `0...lastPage`, and none traps.
    public static func targetPage(offset: Double, velocity: Double, rate: ScrollDecelerationRate, pageSize: Double,
                                  minimum: Double, maximum: Double, startPage: Int) -> Int {
        let last = lastPage(pageSize: pageSize, minimum: minimum, maximum: maximum)
        let projected = restingOffset(offset, velocity: velocity, rate: rate)
        let raw = pageSize > 0 ? PortalMath.rounded((projected - minimum) / pageSize, .toNearestOrAwayFromZero) : 0
        // The start is clamped first (to −2…last + 2, which changes no answer), so no input
        // overflows: `startPage ± 1` at `Int.min` or `Int.max` would trap.
        let start = max(-2, min(last + 2, startPage))
        let nearest = raw.isFinite ? Int(max(-1, min(Double(last) + 1, raw))) : start
        return max(0, min(last, max(start - 1, min(start + 1, nearest))))
    }

    /// The page nearest `offset` (see ``targetPage(offset:velocity:rate:pageSize:minimum:maximum:startPage:)``).
    public static func nearestPage(_ offset: Double, pageSize: Double, minimum: Double, maximum: Double) -> Int {
        let last = lastPage(pageSize: pageSize, minimum: minimum, maximum: maximum)
        guard pageSize > 0 else { return 0 }
        let raw = PortalMath.rounded((offset - minimum) / pageSize, .toNearestOrAwayFromZero)
        return raw.isFinite ? Int(max(0, min(Double(last), raw))) : 0
    }

    /// The offset of page `page`: `minimum + page·pageSize`, the last page at `maximum`.
    public static func pageOffset(_ page: Int, pageSize: Double, minimum: Double, maximum: Double) -> Double {
        min(maximum, minimum + Double(page) * pageSize)
    }

    /// The index of the last page: the pages needed for `maximum` to be shown.
    static func lastPage(pageSize: Double, minimum: Double, maximum: Double) -> Int {
        guard pageSize > 0, maximum > minimum else { return 0 }
        let pages = PortalMath.rounded((maximum - minimum) / pageSize, .up)
        return pages.isFinite ? Int(min(pages, 1e9)) : 0
    }
}
