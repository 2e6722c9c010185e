// What a spring costs to start or retarget, made cheap without changing a bit of it.
//
// Two things are computed for every spring lane that starts or moves its target: the one-tick
// step matrix of its timing (four closed-form solves), and the tick at which it settles (a
// bisection of its settling envelope: some seventy exponentials). Both are pure functions of
// their inputs, so:
//
// - the step matrix is cached per (spring, step × speed, speed) — a world uses a handful of
//   springs, and a header retargeting its progress every frame, or a host animating a hundred
//   views with `.smooth`, asks for the same few again and again;
// - the settle tick is found from two or three evaluations of the envelope at tick
//   boundaries, with margins far wider than the rounding of an evaluation, and the bisection
//   runs only when the crossing lies within a hair of a boundary — so the tick is always the
//   one the bisection gives.

/// A small cache of spring step matrices, keyed by the bits of everything they depend on.
struct SpringStepCache {
    private struct Entry {
        var mass: UInt64, stiffness: UInt64, damping: UInt64, step: UInt64, speed: UInt64
        var coefficients: StepCoefficients
    }
    /// Eight entries, replaced round-robin: a world's distinct springs at a time are few.
    private var entries: [Entry] = []
    private var next = 0
    static let capacity = 8

    /// The step coefficients of `spring` over a tick of `step` seconds played at `speed`:
    /// (xx, xv / speed, vx · speed, vv) of its transition matrix over `step × speed`, in `Float`
    /// — exactly what `TrackStore.start` runs and `Animation.validate(step:)` checks.
    mutating func coefficients(_ spring: Spring, step: Double, speed: Double) -> StepCoefficients {
        let scaled = step * speed
        let key = (spring.mass.bitPattern, spring.stiffness.bitPattern, spring.damping.bitPattern, scaled.bitPattern, speed.bitPattern)
        for entry in entries where entry.mass == key.0 && entry.stiffness == key.1 && entry.damping == key.2
            && entry.step == key.3 && entry.speed == key.4 {
            return entry.coefficients
        }
        let coefficients = SpringStepCache.compute(spring, step: step, speed: speed)
        let entry = Entry(mass: key.0, stiffness: key.1, damping: key.2, step: key.3, speed: key.4, coefficients: coefficients)
        if entries.count < SpringStepCache.capacity {
            if entries.isEmpty { entries.reserveCapacity(SpringStepCache.capacity) }
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % SpringStepCache.capacity
        }
        return coefficients
    }

    /// The step coefficients of `spring`, computed (what the cache holds).
    static func compute(_ spring: Spring, step: Double, speed: Double) -> StepCoefficients {
        let m = spring.transitionMatrix(step: step * speed)
        return StepCoefficients(xx: Float(m.xx), xv: Float(m.xv / speed), vx: Float(m.vx * speed), vv: Float(m.vv))
    }
}

extension TrackStore {
    /// Whole ticks until a spring lane moving from (`displacement`, `velocity`) settles, or
    /// `floor` if that is more: exactly
    /// `max(floor, ticks(settlingSeconds(spring, displacement:velocity:speed:tolerance:)))`.
    ///
    /// The bisection behind `settlingSeconds` converges on the envelope's crossing of the
    /// threshold, to the last bit (64 halvings), and the envelope does not increase after its
    /// peak. So when the envelope, evaluated at the last time that counts as k ticks, is below
    /// the threshold by a relative margin of 1e-9 — far more than the rounding of one
    /// evaluation (its exponential's argument is below a few hundred: at most 1e-13) — every
    /// later time is below the threshold too as the bisection computes it, and the bisection's
    /// answer is no later: at most k ticks. Likewise above the threshold there means at least
    /// k + 1. The answer is read off such tests at two neighbouring tick ends (a retarget that
    /// does not push the settle tick back needs one); whenever a test falls within its margin
    /// the bisection itself runs. A bouncing spring's settling time is a closed form and is
    /// computed as before.
    static func settleTicks(_ spring: Spring, displacement: Double, velocity: Double, speed: Double,
                            tolerance: Float, step: Double, atLeast floor: UInt64) -> UInt64 {
        settleTicks(spring, regime: spring.regime, displacement: displacement, velocity: velocity, speed: speed,
                    tolerance: tolerance, step: step, atLeast: floor)
    }

    /// ``settleTicks(_:displacement:velocity:speed:tolerance:step:atLeast:)`` with the spring's
    /// regime given (a start computes it once for all its lanes).
    static func settleTicks(_ spring: Spring, regime: Spring.Regime, displacement: Double, velocity: Double, speed: Double,
                            tolerance: Float, step: Double, atLeast floor: UInt64) -> UInt64 {
        let animationVelocity = velocity / speed
        let size = max(abs(displacement), abs(animationVelocity) / spring.naturalFrequency)
        let threshold = max(Double(tolerance), relativeSettleTolerance * size)
        @inline(__always) func ticks(_ seconds: Double) -> UInt64 {
            TrackStore.spanTicks(seconds, step: step, atLeast: 1, rounding: .up)
        }
        /// The ticks of a time in the animation's own clock (a division by a speed of 1 is exact).
        @inline(__always) func ticks(animationTime t: Double) -> UInt64 { ticks(speed == 1 ? t : t / speed) }
        func bisected() -> UInt64 {
            max(floor, ticks(spring.settlingTime(displacement: displacement, velocity: animationVelocity, tolerance: threshold,
                                                 regime: regime) / speed))
        }
        guard let envelope = Spring.settlingEnvelope(displacement: displacement, velocity: animationVelocity, regime: regime) else {
            return bisected()   // a bouncing spring: a closed form
        }
        let start = envelope.start
        let atStart = envelope(start)
        if atStart <= threshold { return max(floor, ticks(animationTime: start)) }
        guard atStart > threshold, threshold > 0, threshold.isFinite else { return bisected() }
        let below = threshold * (1 - 1e-9), above = threshold * (1 + 1e-9)
        let tick = step * speed

        /// The settle ticks against the end of tick k: −1 when they are at most k, +1 when at
        /// least k + 1, 0 when the test falls within its margin. The test point is the last
        /// time that counts as k ticks: any later time counts more.
        func side(_ k: UInt64) -> Int {
            guard k < 1 << 40 else { return 0 }
            var end = (Double(k) + 1e-9) * tick
            var moves = 0
            while ticks(animationTime: end) > k {
                end = end.nextDown
                moves += 1
                if moves > 8 { return 0 }
            }
            while ticks(animationTime: end.nextUp) <= k {
                end = end.nextUp
                moves += 1
                if moves > 8 { return 0 }
            }
            if end <= start { return 1 }
            let e = envelope(end)
            if e <= below { return -1 }
            return e > above ? 1 : 0
        }

        // The settle ticks are at least 1; at most the floor is all a retarget needs to know.
        var low = max(floor, 1)
        switch side(low) {
        case -1: return low
        case 1: low += 1
        default: return bisected()
        }
        // Here the answer is at least `low`. A retarget usually moves the settle tick by one:
        // try that first; otherwise (or at once for a new lane) jump to a close guess, and walk.
        var guessed = floor == 0
        var k = guessed ? max(low, ticks(animationTime: estimate(envelope, threshold: threshold))) : low
        for _ in 0..<8 {
            switch side(k) {
            case -1:
                if k == low { return k }
                switch side(k - 1) {
                case 1: return k
                case -1: k -= 1
                default: return bisected()
                }
            case 1:
                low = k + 1
                k = guessed ? low : max(low, ticks(animationTime: estimate(envelope, threshold: threshold)))
                guessed = true
            default:
                return bisected()
            }
        }
        return bisected()
    }

    /// A close guess of where `envelope` falls to `threshold` (a few Newton steps on its
    /// logarithm), for the first test of ``settleTicks``. Any guess gives the same answer;
    /// a good one saves evaluations.
    private static func estimate(_ envelope: Spring.SettlingEnvelope, threshold: Double) -> Double {
        let level = PortalMath.log(threshold)
        var t = envelope.start
        switch envelope.shape {
        case let .critical(a, b, rate):
            // ln(a + b·t) − rate·t falls no faster than rate·t: start at that lower bound.
            t += max(0, (PortalMath.log(a + b * t) - rate * t - level) / rate)
            for _ in 0..<4 {
                let h = PortalMath.log(a + b * t) - rate * t - level, slope = b / (a + b * t) - rate
                guard slope < 0, h.isFinite else { break }
                t = max(envelope.start, t - h / slope)
            }
        case let .over(c1, c2, fast, slow):
            for _ in 0..<5 {
                let e1 = c1 * PortalMath.exp(fast * t), e2 = c2 * PortalMath.exp(slow * t)
                let h = PortalMath.log(e1 + e2) - level, slope = (e1 * fast + e2 * slow) / (e1 + e2)
                guard slope < 0, h.isFinite else { break }
                t = max(0, t - h / slope)
            }
        }
        return t.isFinite ? t : 0
    }
}
