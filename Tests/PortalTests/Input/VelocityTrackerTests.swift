import Testing
@testable import Portal

/// The velocity tracker against exact polynomials sampled at jittered times, a brute-force least
/// squares, and its stated rules (horizon, capacity, fewer samples, pauses).
@Suite struct VelocityTrackerTests {
    /// A host clock far from zero (a `CACurrentMediaTime()` after a day of uptime), so the test
    /// also shows the fit does not lose precision to the clock's offset.
    static let epoch = 86_400.125

    /// Samples `motion` (position at time since `epoch`) every 8 ms ± 3 ms of jitter from `start`
    /// to `end` seconds; returns the tracker and the newest sample's time.
    static func sampled(from start: Double, to end: Double, seed: UInt64, interval: Double = 0.008, jitter: Double = 0.003,
                        _ motion: (Double) -> (Double, Double)) throws -> (VelocityTracker, Double) {
        var generator = SeededGenerator(seed: seed)
        var tracker = VelocityTracker()
        var t = start, last = start
        while t <= end {
            let (x, y) = motion(t)
            try tracker.add(Point(x: Float(x), y: Float(y)), at: epoch + t)
            last = t
            t += interval + Double.random(in: -jitter...jitter, using: &generator)
        }
        return (tracker, last)
    }

    /// The tolerance for exact polynomials: positions are stored as `Float` (about 3e-5 pt of
    /// rounding at 300 pt), which the fit over 0.1 s turns into at most a few thousandths of a
    /// point per second; 0.01 pt/s leaves room and still catches any wrong coefficient.
    static let exactTolerance: Float = 0.01

    @Test func degreeZeroReadsZero() throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            let (tracker, last) = try Self.sampled(from: 0, to: 0.3, seed: seed) { _ in (120.5, 340.25) }
            let v = tracker.velocity(at: Self.epoch + last)
            #expect(abs(v.x) <= Self.exactTolerance && abs(v.y) <= Self.exactTolerance, "seed \(seed): \(v)")
        }
    }

    @Test func degreeOneRecoversTheSlope() throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            let (tracker, last) = try Self.sampled(from: 0, to: 0.3, seed: seed) { t in (10 + 1200 * t, 400 - 300 * t) }
            let v = tracker.velocity(at: Self.epoch + last)
            #expect(abs(v.x - 1200) <= Self.exactTolerance && abs(v.y + 300) <= Self.exactTolerance, "seed \(seed): \(v)")
        }
    }

    @Test func degreeTwoRecoversTheDerivativeAtTheNewestSample() throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            // x = 20 + 1500 t − 2500 t², y = 300 − 200 t + 900 t²: a decelerating fling.
            let (tracker, last) = try Self.sampled(from: 0, to: 0.25, seed: seed) { t in
                (20 + 1500 * t - 2500 * t * t, 300 - 200 * t + 900 * t * t)
            }
            let v = tracker.velocity(at: Self.epoch + last)
            let vx = Float(1500 - 5000 * last), vy = Float(-200 + 1800 * last)
            #expect(abs(v.x - vx) <= Self.exactTolerance && abs(v.y - vy) <= Self.exactTolerance, "seed \(seed): \(v) vs (\(vx), \(vy))")
        }
    }

    /// A brute-force reference: the normal equations of the Vandermonde matrix solved by
    /// Gaussian elimination with partial pivoting, in seconds, on the samples the rules keep.
    static func referenceSlope(_ samples: [(t: Double, x: Double)], degree: Int) -> Double {
        let n = degree + 1
        var a = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        let tn = samples.last!.t
        for (t, x) in samples {
            var powers = [Double](repeating: 1, count: 2 * n)
            for k in 1..<(2 * n) { powers[k] = powers[k - 1] * (t - tn) }
            for i in 0..<n {
                for j in 0..<n { a[i][j] += powers[i + j] }
                a[i][n] += x * powers[i]
            }
        }
        for col in 0..<n {
            let pivot = (col..<n).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            a.swapAt(col, pivot)
            for row in 0..<n where row != col {
                let f = a[row][col] / a[col][col]
                for k in col...n { a[row][k] -= f * a[col][k] }
            }
        }
        return a[1][n] / a[1][1]
    }

    @Test func noisySamplesMatchABruteForceLeastSquares() throws {
        var generator = SeededGenerator(seed: 7)
        for trial in 0..<50 {
            var tracker = VelocityTracker()
            var samples: [(t: Double, x: Double)] = []
            var t = 0.0
            let count = Int.random(in: 3...30, using: &generator)
            for _ in 0..<count {
                t += Double.random(in: 0.002...0.012, using: &generator)
                let x = Double(Float(Double.random(in: -500...500, using: &generator)))
                try tracker.add(Point(x: Float(x), y: 0), at: Self.epoch + t)
                samples.append((Self.epoch + t, x))
            }
            // The rules: the newest 20, within 100 ms of the newest (ages in whole microseconds).
            let kept = samples.suffix(20).filter { VelocityTracker.isWithin(100_000, from: $0.t, to: samples.last!.t) }
            let expected = Self.referenceSlope(Array(kept), degree: min(2, kept.count - 1))
            let v = Double(tracker.velocity.x)
            // Noise of ±500 pt over a few ms makes velocities of 10⁵–10⁶ pt/s: agreement to
            // 1e-6 of the value (Float's rounding of the result is 6e-8) shows the same fit.
            #expect(abs(v - expected) <= 1e-6 * max(abs(expected), 1), "trial \(trial): \(v) vs \(expected)")
        }
    }

    @Test func theHorizonDropsOldSamples() throws {
        // 200 ms at 5,000 pt/s, then 100 ms at 100 pt/s: only the last motion is within the horizon.
        var tracker = VelocityTracker()
        var t = 0.0
        var x = 0.0
        while t < 0.2 { try tracker.add(Point(x: Float(x), y: 0), at: Self.epoch + t); t += 0.01; x += 50 }
        // The boundary sample at 0.2 s starts the slow motion and is exactly 100 ms old at the end.
        let base = x
        for k in 0...10 {
            try tracker.add(Point(x: Float(base + Double(k)), y: 0), at: Self.epoch + 0.2 + Double(k) * 0.01)
        }
        #expect(abs(tracker.velocity.x - 100) <= Self.exactTolerance)
        // A degree-2 fit over every sample would read far from 100: the horizon is what cut them.
        #expect(tracker.sampleCount == 20)
    }

    @Test func atMostTwentySamplesAreUsed() throws {
        // 20 samples 2 ms apart at 300 pt/s, after 10 samples at −4,000 pt/s that are still
        // within 100 ms of the newest: only the capacity drops them.
        var tracker = VelocityTracker()
        var x: Float = 1000
        for k in 0..<10 { try tracker.add(Point(x: x, y: 0), at: Self.epoch + Double(k) * 0.002); x -= 8 }
        let start = Self.epoch + 0.02
        for k in 0..<20 { try tracker.add(Point(x: x + Float(k) * 0.6, y: 0), at: start + Double(k) * 0.002) }
        #expect(tracker.sampleCount == 20)
        #expect(abs(tracker.velocity.x - 300) <= Self.exactTolerance)
    }

    @Test func fewerSamplesLowerTheDegree() throws {
        var tracker = VelocityTracker()
        #expect(tracker.velocity == .zero)
        try tracker.add(Point(x: 5, y: 5), at: 1)
        #expect(tracker.velocity == .zero)                      // one sample: zero
        try tracker.add(Point(x: 9, y: 3), at: 1.008)
        let v = tracker.velocity                                // two: the slope between them
        #expect(abs(v.x - 500) <= Self.exactTolerance && abs(v.y + 250) <= Self.exactTolerance)
        // Three samples, two distinct times: the straight line's least squares (the repeated time
        // weighs twice), not a parabola through three points.
        var repeated = VelocityTracker()
        try repeated.add(Point(x: 0, y: 0), at: 2)
        try repeated.add(Point(x: 10, y: 0), at: 2.01)
        try repeated.add(Point(x: 14, y: 0), at: 2.01)
        #expect(abs(repeated.velocity.x - 1200) <= Self.exactTolerance)
    }

    @Test func aPauseReadsZero() throws {
        let (tracker, last) = try Self.sampled(from: 0, to: 0.2, seed: 3) { t in (800 * t, 0) }
        #expect(abs(tracker.velocity(at: Self.epoch + last + 0.039).x - 800) <= Self.exactTolerance)
        #expect(tracker.velocity(at: Self.epoch + last + 0.041) == .zero)
        // A gap of more than 40 ms between samples drops the motion before it.
        var resumed = tracker
        try resumed.add(Point(x: 500, y: 0), at: Self.epoch + last + 0.05)
        try resumed.add(Point(x: 498, y: 0), at: Self.epoch + last + 0.058)
        #expect(resumed.sampleCount == 2)
        #expect(abs(resumed.velocity.x + 250) <= Self.exactTolerance)
        // A gap of exactly 40 ms does not.
        var kept = tracker
        try kept.add(Point(x: Float(800 * (last + 0.04)), y: 0), at: Self.epoch + last + 0.04)
        #expect(kept.sampleCount == VelocityTracker.capacity)       // had it dropped the rest, 1
        #expect(abs(kept.velocity.x - 800) <= Self.exactTolerance)
    }

    @Test func aSlopeTooSteepForFloatReadsZero() throws {
        // 2e9 pt in a picosecond is 2e21 pt/s, within Float; in 1e-30 s it is 2e39, past it.
        var steep = VelocityTracker()
        try steep.add(Point(x: -1e9, y: 0), at: 1)
        try steep.add(Point(x: 1e9, y: 0), at: 1 + 1e-12)
        #expect(steep.velocity.x.isFinite && steep.velocity.x > 1e20)
        var past = VelocityTracker()
        try past.add(Point(x: -1e9, y: 0), at: 0)
        try past.add(Point(x: 1e9, y: 0), at: 1e-30)
        #expect(past.velocity == .zero)
    }

    @Test func badSamplesAreRefusedAndChangeNothing() throws {
        var tracker = VelocityTracker()
        try tracker.add(Point(x: 1, y: 1), at: 5)
        do {
            try tracker.add(Point(x: .nan, y: 0), at: 6)
            Issue.record("a NaN location was taken")
        } catch { #expect(error.description.hasPrefix("location is nan")) }
        do {
            try tracker.add(Point(x: 0, y: .infinity), at: 6)
            Issue.record("an infinite location was taken")
        } catch { #expect(error.description.hasPrefix("location is inf")) }
        #expect(throws: PortalError.invalidValue("time", .infinity, reason: "a timestamp must be finite")) {
            try tracker.add(Point(x: 0, y: 0), at: .infinity)
        }
        #expect(throws: PortalError.invalidValue("time", 4.5, reason: "earlier than the newest sample's time 5.0: time may not go backwards")) {
            try tracker.add(Point(x: 0, y: 0), at: 4.5)
        }
        #expect(tracker.sampleCount == 1 && tracker.latestTime == 5 && tracker.latestLocation == Point(x: 1, y: 1))
    }

    /// Clock offsets a host might have: zero, one second, an odd offset with a fraction of a
    /// millisecond, and thirty days of uptime (where a `Double`'s spacing is about 5e-10 s).
    static let clockOffsets: [Double] = [0, 1, 1000.123, 86_400 * 30]

    @Test func aSampleExactlyOnTheHorizonCounts() throws {
        // Five samples 25 ms apart (no pause), the last four on a line at 400 pt/s and the first
        // off it, exactly 100 ms before the newest. Kept, the degree-2 fit over all five (the
        // brute-force reference); dropped, the line's 400 pt/s. Flutter and Android keep it
        // (their ages are whole micro/nanoseconds and only `age > horizon` drops);
        // `(t0 + 0.1) − t0` in `Double` is 0.10000000000582077 at t0 = 1000.123, and the sample
        // must count whatever the clock's offset.
        let ms = [0, 25, 50, 75, 100], xs: [Double] = [60, 10, 20, 30, 40]
        let kept = Self.referenceSlope(zip(ms, xs).map { (Double($0) / 1000, $1) }, degree: 2)
        #expect(abs(kept - 400) > 100, "the first sample matters: \(kept)")
        for t0 in Self.clockOffsets {
            var tracker = VelocityTracker()
            for (m, x) in zip(ms, xs) { try tracker.add(Point(x: Float(x), y: 0), at: t0 + Double(m) / 1000) }
            #expect(abs(Double(tracker.velocity.x) - kept) <= 0.01, "t0 \(t0): \(tracker.velocity) vs \(kept)")
            // One microsecond past the horizon is past it, at every offset (the stated grid:
            // ages compared in whole microseconds).
            var late = VelocityTracker()
            for (m, x) in zip(ms, xs) { try late.add(Point(x: Float(x), y: 0), at: t0 + (m == 0 ? 0 : 0.000001 + Double(m) / 1000)) }
            #expect(abs(late.velocity.x - 400) <= Self.exactTolerance, "t0 \(t0): \(late.velocity)")
        }
    }

    @Test func aGapExactlyAtTheStopGapIsNotAPause() throws {
        // The pause rule is "more than 40 ms", on the same microsecond grid: a gap of exactly
        // 40 ms keeps the motion (Flutter's `delta > 40` stops its walk only past it).
        for t0 in Self.clockOffsets {
            var tracker = VelocityTracker()
            try tracker.add(Point(x: 0, y: 0), at: t0)
            try tracker.add(Point(x: 4, y: 0), at: t0 + 0.04)
            #expect(tracker.sampleCount == 2, "t0 \(t0)")
            #expect(abs(tracker.velocity(at: t0 + 0.08).x - 100) <= Self.exactTolerance, "t0 \(t0)")
            #expect(tracker.velocity(at: t0 + 0.080001) == .zero, "t0 \(t0)")
            try tracker.add(Point(x: 8, y: 0), at: t0 + 0.080001)
            #expect(tracker.sampleCount == 1, "t0 \(t0)")
        }
    }

    /// Flutter's recorded stroke 9 (`velocity_tracker_data.dart`, pointer 9: the down and the
    /// moves; milliseconds from the down, positions as recorded), whose down event is exactly
    /// 100 ms older than its last move.
    static let flutterStroke9: [(ms: Int, x: Float, y: Float)] = [
        (0, 238.2857208251953, 568.5714111328125), (30, 234.0, 560.0),
        (38, 231.42857360839844, 553.1428833007812), (46, 228.2857208251953, 543.1428833007812),
        (54, 225.42857360839844, 528.8571166992188), (62, 223.14285278320312, 512.2857055664062),
        (69, 222.0, 495.4285583496094), (77, 221.7142791748047, 477.4285583496094),
        (85, 221.7142791748047, 458.28570556640625), (92, 223.14285278320312, 438.0),
        (100, 224.2857208251953, 416.28570556640625),
    ]

    @Test func flutterStrokeNineAgreesAtEveryClockOffset() throws {
        // Flutter's expected velocity for stroke 9 (velocity_tracker_test.dart):
        // (−1.7460877895355225, −3288.16162109375) pt/s; Android's port of the same test has
        // (−1.7334, −3288.1317). Dropping the down sample gives about (224.4, −3106.1).
        // Tolerance: 0.02 pt/s on x (the two originals differ by 0.013 there: the Float positions'
        // rounding through a fit that nearly cancels) and Flutter's 0.1 % on y. The last offset is
        // Flutter's own clock (216696.429 s).
        for t0 in Self.clockOffsets + [216_696.429] {
            var tracker = VelocityTracker()
            for sample in Self.flutterStroke9 {
                try tracker.add(Point(x: sample.x, y: sample.y), at: t0 + Double(sample.ms) / 1000)
            }
            let v = tracker.velocity
            #expect(abs(v.x - -1.7460877895355225) <= 0.02, "t0 \(t0): \(v)")
            #expect(abs(v.y - -3288.16162109375) <= 0.001 * 3288.16162109375, "t0 \(t0): \(v)")
        }
    }
}
