// A pointer's velocity: a least-squares polynomial fit over its recent samples, as Flutter's
// `VelocityTracker` (gestures/velocity_tracker.dart with lsq_solver.dart) and Android's
// `VelocityTracker` (libs/input/VelocityTracker.cpp, strategy LSQ2) estimate it.
//
// The choices, each with the original it follows:
// - horizon 100 ms, at most 20 samples (both originals);
// - degree 2, unweighted (both: Flutter passes weights of 1, Android's default LSQ2 has no
//   weighting); the velocity is the fit's first-order coefficient, the derivative at the
//   newest sample;
// - the fit is solved from the sums of the normal equations (as Android's
//   `solveUnweightedLeastSquaresDeg2`), in `Double`, with times relative to the newest sample
//   and divided by the horizon and positions relative to the newest sample, so the system is
//   well scaled whatever the host's clock and the screen's size;
// - fewer samples lower the degree, as Android does (degree = min(2, samples − 1)): two samples
//   give the slope between them, one gives zero. (Flutter instead reports zero below three
//   samples.) Samples with equal times lower it the same way: the degree is the highest the
//   distinct times can determine;
// - a pause: a gap of more than 40 ms between two samples drops everything before it (Flutter
//   stops its backward walk there; Android clears its history when a sample comes 40 ms or
//   more after the last), and a velocity asked for more than 40 ms after the newest sample is
//   zero (Flutter's `_sinceLastSample` stopwatch: the pointer is assumed to have stopped);
// - the time base is the host's event timestamps, in seconds: never the tick clock, so the
//   velocity is the finger's, whatever the frame rate;
// - whether a sample is within the horizon, and whether a gap is a pause, is decided on a grid
//   of whole microseconds (each timestamp rounded to the nearest microsecond, then subtracted),
//   as Flutter compares `Duration`s in microseconds and Android `nsecs_t` in nanoseconds. In
//   `Double` seconds, `(t + 0.1) − t` is 0.10000000000582077 at t = 1000.123: a sample exactly
//   100 ms old would count or not by how the host's clock rounds.
//
// The samples live inline (SIMD vectors, 32 lanes of which 20 are used): a tracker is a plain
// value of fixed size, and adding a sample or fitting allocates nothing.

/// A pointer's velocity from its timestamped positions: a degree-2 least-squares fit over the
/// last 100 ms (at most 20 samples), as Flutter's and Android's `VelocityTracker` compute it.
///
/// The world keeps one per pointer (``World/pointerVelocity(_:)``); a host can also keep its
/// own.
///
/// ```swift
/// var tracker = VelocityTracker()
/// try tracker.add(Point(x: 0, y: 0), at: 10.000)
/// try tracker.add(Point(x: 8, y: 0), at: 10.008)
/// try tracker.add(Point(x: 16, y: 0), at: 10.016)
/// let v = tracker.velocity(at: 10.016)     // (1000, 0) points per second
/// ```
///
/// The rules, each as one of the originals has it:
/// - samples older than ``horizon`` (0.1 s) before the newest, and all but the newest
///   ``capacity`` (20), are not used; a sample exactly 0.1 s older than the newest is used;
/// - the fit is a polynomial of degree 2 in time, unweighted; its derivative at the newest
///   sample is the velocity. With fewer samples (or fewer distinct times) the degree drops to
///   what they determine: two give the slope between them, one gives zero;
/// - a gap of more than ``stopGap`` (0.04 s) between two samples drops the samples before it,
///   and a velocity asked for more than 0.04 s after the newest sample is zero: the pointer
///   is taken to have stopped;
/// - a fit too steep for `Float` (samples nanoseconds apart) reads zero: the velocity is always
///   finite.
///
/// Ages and gaps are compared on a grid of whole microseconds: each timestamp is rounded to the
/// nearest microsecond before two are subtracted (Flutter's `Duration`s are microseconds,
/// Android's timestamps nanoseconds). So whether a sample counts does not depend on how the
/// host's clock rounds: a sample 0.1 s before the newest counts at any clock offset, one
/// 0.100001 s before does not. (Timestamps past 2⁵³ µs, about 285 years, are compared as they
/// are: a `Double` there is already coarser than a microsecond.)
public struct VelocityTracker: Sendable {
    /// How far back the fit looks from the newest sample: 0.1 s (Flutter's
    /// `_horizonMilliseconds`, Android's `HORIZON`).
    public static let horizon: Double = 0.1
    /// ``horizon`` and ``stopGap`` in whole microseconds, the grid ages are compared on.
    static let horizonMicroseconds: Double = 100_000
    static let stopGapMicroseconds: Double = 40_000

    /// Whether `later − earlier` is at most `limit` microseconds, each time rounded to the
    /// nearest microsecond first. Past the range where a product is finite (|t| ≳ 1.8e302 s)
    /// the plain difference decides.
    @inline(__always)
    static func isWithin(_ limit: Double, from earlier: Double, to later: Double) -> Bool {
        let age = PortalMath.rounded(later * 1e6, .toNearestOrAwayFromZero) - PortalMath.rounded(earlier * 1e6, .toNearestOrAwayFromZero)
        return age.isFinite ? age <= limit : (later - earlier) * 1e6 <= limit
    }

    /// The most samples the fit uses: 20 (Flutter's `_historySize`, Android's `HISTORY_SIZE`).
    public static let capacity = 20
    /// The degree of the fitted polynomial: 2 (Flutter's `solve(2)`, Android's `LSQ2`).
    public static let degree = 2
    /// The longest pause that still counts as one motion: 0.04 s (Flutter's
    /// `_assumePointerMoveStoppedMilliseconds`, Android's `ASSUME_POINTER_STOPPED_TIME`).
    public static let stopGap: Double = 0.04

    private var times = SIMD32<Double>()
    private var xs = SIMD32<Float>()
    private var ys = SIMD32<Float>()
    /// The ring's newest index.
    private var newest = 0
    /// How many samples the ring holds (at most `capacity`).
    public private(set) var sampleCount = 0

    /// An empty tracker: its velocity is zero.
    public init() {}

    /// The newest sample's time, or `nil` when there is none.
    public var latestTime: Double? { sampleCount > 0 ? times[newest] : nil }

    /// The newest sample's position, or `nil` when there is none.
    public var latestLocation: Point? { sampleCount > 0 ? Point(x: xs[newest], y: ys[newest]) : nil }

    /// Adds a position at a time (seconds, on any clock that does not go backwards).
    ///
    /// - Throws: ``PortalError/invalidGeometry(_:_:reason:)`` for a non-finite `location`;
    ///   ``PortalError/invalidValue(_:_:reason:)`` for a non-finite `time` or one before the
    ///   newest sample's. The tracker is unchanged.
    public mutating func add(_ location: Point, at time: Double) throws(PortalError) {
        guard location.isFinite else {
            throw .invalidGeometry("location", location.x.isFinite ? location.y : location.x, reason: "a pointer's location must be finite")
        }
        guard time.isFinite else { throw .invalidValue("time", time, reason: "a timestamp must be finite") }
        if let last = latestTime, time < last {
            throw .invalidValue("time", time, reason: "earlier than the newest sample's time \(last): time may not go backwards")
        }
        append(location, at: time)
    }

    /// Adds a validated sample.
    mutating func append(_ location: Point, at time: Double) {
        // A pause drops the motion before it (Android clears its history here).
        if sampleCount > 0, !VelocityTracker.isWithin(VelocityTracker.stopGapMicroseconds, from: times[newest], to: time) { sampleCount = 0 }
        newest = sampleCount == 0 ? 0 : (newest + 1) % VelocityTracker.capacity
        times[newest] = time
        xs[newest] = location.x
        ys[newest] = location.y
        sampleCount = min(sampleCount + 1, VelocityTracker.capacity)
    }

    /// Forgets every sample.
    public mutating func reset() {
        sampleCount = 0
        newest = 0
    }

    /// The velocity at the newest sample, points per second; zero when the tracker has fewer
    /// than two usable samples.
    public var velocity: Point { fit() }

    /// The velocity as of `time` (seconds, the samples' clock): zero when `time` is more than
    /// ``stopGap`` after the newest sample (the pointer stopped; on the microsecond grid), else
    /// ``velocity``.
    public func velocity(at time: Double) -> Point {
        guard sampleCount > 0, VelocityTracker.isWithin(VelocityTracker.stopGapMicroseconds, from: times[newest], to: time) else { return .zero }
        return fit()
    }

    /// The fit, or zero when it is not finite (samples so close in time that the slope
    /// overflows `Float`): a velocity is always a number.
    private func fit() -> Point {
        let v = solve()
        return v.isFinite ? v : .zero
    }

    /// The least-squares fit: the first-order coefficient of the degree-2 polynomial (or lower,
    /// when the samples determine no more) through the samples within the horizon.
    private func solve() -> Point {
        guard sampleCount > 1 else { return .zero }
        let t0 = times[newest], x0 = Double(xs[newest]), y0 = Double(ys[newest])
        let scale = 1 / VelocityTracker.horizon
        // The sums of the normal equations, in u = (t − t0) / horizon ∈ [−1, 0].
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var x1 = 0.0, xu = 0.0, xu2 = 0.0, y1 = 0.0, yu = 0.0, yu2 = 0.0
        var index = newest, distinct = 0, lastTime = Double.nan
        for _ in 0..<sampleCount {
            guard VelocityTracker.isWithin(VelocityTracker.horizonMicroseconds, from: times[index], to: t0) else { break }
            let age = t0 - times[index]
            if times[index] != lastTime { distinct += 1; lastTime = times[index] }
            let u = -age * scale, u2 = u * u
            let dx = Double(xs[index]) - x0, dy = Double(ys[index]) - y0
            s0 += 1; s1 += u; s2 += u2; s3 += u2 * u; s4 += u2 * u2
            x1 += dx; xu += dx * u; xu2 += dx * u2
            y1 += dy; yu += dy * u; yu2 += dy * u2
            index = index == 0 ? VelocityTracker.capacity - 1 : index - 1
        }
        guard distinct > 1 else { return .zero }
        if distinct > 2 {
            // Cramer's rule for the 3 × 3 symmetric system [s0 s1 s2; s1 s2 s3; s2 s3 s4]·(a, b, c) = rhs;
            // only b (the slope at u = 0) is needed.
            let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
            if det > 1e-12 * s0 * s2 * s4 {
                func slope(_ r0: Double, _ r1: Double, _ r2: Double) -> Double {
                    (s0 * (r1 * s4 - s3 * r2) - r0 * (s1 * s4 - s3 * s2) + s2 * (s1 * r2 - r1 * s2)) / det
                }
                return Point(x: Float(slope(x1, xu, xu2) * scale), y: Float(slope(y1, yu, yu2) * scale))
            }
        }
        // Degree 1: the slope of the straight line through the samples.
        let det = s0 * s2 - s1 * s1
        guard det > 1e-12 * s0 * s2 else { return .zero }
        return Point(x: Float((s0 * xu - s1 * x1) / det * scale), y: Float((s0 * yu - s1 * y1) / det * scale))
    }
}
