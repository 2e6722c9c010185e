/// A damped spring, described the way SwiftUI describes it, solved exactly.
///
/// A spring moves a value towards a target along m·x″ = −k·x − c·x′, where x is the displacement
/// from the target. Create one from a perceptual duration and bounce, from a response and damping
/// fraction, or from its physical mass, stiffness and damping; the conversions are SwiftUI's:
/// stiffness = (2π / response)² · mass, damping = 4π · ζ · mass / response, and a bounce b > 0
/// means ζ = 1 − b (a bounce above 1 is taken as 1, undamped, as in SwiftUI), b < 0 means
/// ζ = 1 / (1 + b).
///
/// ```swift
/// let spring = Spring(duration: 0.5, bounce: 0.3)
/// spring.stiffness   // ≈ 157.9
/// spring.damping     // ≈ 17.6
/// spring.value(target: 100, time: 0.25)
/// ```
///
/// Portal never integrates a spring numerically: with a fixed tick the exact solution advances
/// by a constant 2×2 matrix, computed once per spring (see ``World`` and the interpolation
/// system), so a tick costs four multiply-adds per animated number.
public struct Spring: Hashable, Sendable {
    /// The mass of the attached object (1 unless given).
    public let mass: Double
    /// The spring stiffness k.
    public let stiffness: Double
    /// The damping coefficient c.
    public let damping: Double
    /// The numbers the spring was described with, kept so that a description that cannot run
    /// is named in its error (`duration is 0`, not a NaN damping). Not part of equality.
    let parameters: Parameters

    /// How a spring was described.
    enum Parameters: Sendable {
        case physical(mass: Double, stiffness: Double, damping: Double)
        case response(Double, dampingRatio: Double)
        case duration(Double, bounce: Double)
    }

    /// Creates a spring from its physical parameters.
    ///
    /// - Parameters:
    ///   - mass: the mass m attached to the spring (1 by default, as in SwiftUI).
    ///   - stiffness: the spring constant k.
    ///   - damping: the damping coefficient c.
    ///   - allowOverDamping: when `false` (the default, as in SwiftUI) a damping above
    ///     critical is treated as critical.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        let critical = 2 * (stiffness * mass).squareRoot()
        self.damping = allowOverDamping ? damping : min(damping, critical)
        parameters = .physical(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// Creates a spring from the time of one undamped oscillation (`response`, seconds) and the
    /// damping ratio ζ (1 is critical, below 1 bounces, above 1 is over-damped), as SwiftUI's
    /// `Spring(response:dampingRatio:)`. Mass is 1.
    public init(response: Double, dampingRatio: Double) {
        self.init(response: response, zeta: dampingRatio, parameters: .response(response, dampingRatio: dampingRatio))
    }

    /// Creates a spring from a perceptual `duration` (seconds) and a `bounce`: 0 has no bounce,
    /// higher values bounce more up to 1, an undamped spring that never comes to rest (a larger
    /// bounce is treated as 1, as SwiftUI does); negative values down to (not including) −1 are
    /// over-damped, slower to settle.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        let zeta = bounce >= 0 ? max(0, 1 - bounce) : 1 / (1 + bounce)
        self.init(response: duration, zeta: zeta, parameters: .duration(duration, bounce: bounce))
    }

    private init(response: Double, zeta: Double, parameters: Parameters) {
        self.mass = 1
        let omega = 2 * Double.pi / response
        self.stiffness = omega * omega
        self.damping = 4 * Double.pi * zeta / response
        self.parameters = parameters
    }

    public static func == (lhs: Spring, rhs: Spring) -> Bool {
        lhs.mass == rhs.mass && lhs.stiffness == rhs.stiffness && lhs.damping == rhs.damping
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mass)
        hasher.combine(stiffness)
        hasher.combine(damping)
    }

    /// A smooth spring with no bounce: duration 0.5, bounce 0.
    public static let smooth = Spring.smooth()
    /// A snappy spring with a small bounce: duration 0.5, bounce 0.15.
    public static let snappy = Spring.snappy()
    /// A bouncy spring: duration 0.5, bounce 0.3.
    public static let bouncy = Spring.bouncy()

    /// A smooth spring (bounce 0 plus `extraBounce`).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }
    /// A snappy spring (bounce 0.15 plus `extraBounce`).
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// A bouncy spring (bounce 0.3 plus `extraBounce`).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The time of one undamped oscillation, 2π·√(m/k), in seconds.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// The perceptual duration: the same as ``response``.
    public var duration: Double { response }

    /// The damping ratio ζ = c / (2·√(k·m)): 1 is critical, below 1 bounces.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// How much the spring bounces: 1 − ζ when ζ ≤ 1, else 1/ζ − 1 (negative, over-damped).
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// `true` when the spring can run: every parameter is finite, mass and stiffness are
    /// positive and damping is 0 (undamped: it oscillates and never comes to rest) or more.
    public var isValid: Bool { problem == nil }

    /// Why the spring cannot run, naming the number it was described with that is out of range;
    /// `nil` when it can.
    var problem: String? {
        let seconds = "more than 0 and at most 1,000,000 seconds"
        switch parameters {
        case let .duration(duration, bounce):
            if !(duration > 0 && duration <= Animation.maxSeconds) { return "duration must be \(seconds) (it is \(duration))" }
            if !(bounce > -1) { return "bounce must be more than −1 (it is \(bounce))" }
        case let .response(response, dampingRatio):
            if !(response > 0 && response <= Animation.maxSeconds) { return "response must be \(seconds) (it is \(response))" }
            if !(dampingRatio >= 0 && dampingRatio.isFinite) { return "dampingRatio must be a finite number, 0 or more (it is \(dampingRatio))" }
        case let .physical(mass, stiffness, damping):
            if !(mass > 0 && mass.isFinite) { return "mass must be a positive, finite number (it is \(mass))" }
            if !(stiffness > 0 && stiffness.isFinite) { return "stiffness must be a positive, finite number (it is \(stiffness))" }
            if !(damping >= 0 && damping.isFinite) { return "damping must be a finite number, 0 or more (it is \(damping))" }
        }
        guard stiffness > 0, stiffness.isFinite, damping >= 0, damping.isFinite, (stiffness / mass).isFinite else {
            return "its stiffness (\(stiffness)) and damping (\(damping)) must be finite: the spring is too fast to represent"
        }
        return nil
    }

    /// The value of a spring that starts at 0 moving with `initialVelocity` and heads for
    /// `target`, after `time` seconds.
    public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        target + solve(displacement: -target, velocity: initialVelocity, time: time).displacement
    }

    /// The velocity of the same motion as ``value(target:initialVelocity:time:)`` after `time`
    /// seconds, in units per second.
    public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        solve(displacement: -target, velocity: initialVelocity, time: time).velocity
    }

    /// SwiftUI's estimate of how long a unit move from rest (target 1, initial velocity 0) takes
    /// to come to rest within ε = 0.001, in seconds — SwiftUI's figure, by SwiftUI's rule:
    ///
    /// - a bouncing spring (ζ < 1) with decay rate λ = ζ·ω₀: −ln(ε ÷ (λ + 1)) ÷ λ, the time at
    ///   which the bound (|λ·target − v₀| + |target|)·e^(−λt) on the motion falls to ε;
    /// - a critically or over-damped spring (ζ ≥ 1): the first time on a 0.1 s grid at which the
    ///   motion is within ε and stays within it for more than a second of the grid (so
    ///   `Spring.smooth` gives 0.8); 0 if that is not found in the first 1,024 steps;
    /// - an undamped spring: infinity.
    ///
    /// Source: SwiftUI's `Spring.settlingDuration(target:initialVelocity:epsilon:)` as recovered by
    /// OpenSwiftUI (`Sources/OpenSwiftUICore/Animation/Animation/Spring/Respring/Spring+VectorArithmetic.swift`,
    /// whose springs are checked field for field against SwiftUI's). It is an estimate: a
    /// bouncing spring's figure can be later than its last swing beyond ε. Portal's own settling
    /// (when a running animation snaps onto its target) uses the exact envelope of each motion
    /// instead, relative to the motion's size.
    public var settlingDuration: Double {
        let epsilon = 0.001
        let decay = damping / (2 * mass)
        if decay == 0 { return .infinity }
        if case .under = regime { return max(0, -PortalMath.log(epsilon / (decay + 1)) / decay) }
        var bestTime = -1.0, bestDistance = Double.infinity, time = 0.0
        for _ in 0..<1024 {
            let distance = abs(solve(displacement: -1, velocity: 0, time: time).displacement)
            if !distance.isFinite { break }
            if bestDistance >= epsilon {
                if distance < bestDistance { (bestTime, bestDistance) = (time, distance) }
            } else if distance >= epsilon {
                bestDistance = .infinity
            } else if time - bestTime > 1 {
                return bestTime
            }
            time += 0.1
        }
        return 0
    }

    // MARK: - The closed form

    /// The damping regime, with the constants of its closed form. Critical damping is detected
    /// with a tolerance so that `bounce: 0` is not solved as a nearly-critical oscillation with
    /// a vanishing frequency (which loses all precision).
    enum Regime {
        case under(decay: Double, frequency: Double)
        case critical(rate: Double)
        case over(fastRate: Double, slowRate: Double)
    }

    var regime: Regime {
        let omega = naturalFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 { return .critical(rate: omega) }
        if zeta < 1 { return .under(decay: zeta * omega, frequency: omega * (1 - zeta * zeta).squareRoot()) }
        let root = omega * (zeta * zeta - 1).squareRoot()
        return .over(fastRate: -zeta * omega - root, slowRate: -zeta * omega + root)
    }

    /// The exact displacement from the target and velocity after `time`, starting from
    /// `displacement` and `velocity`.
    func solve(displacement x0: Double, velocity v0: Double, time t: Double) -> (displacement: Double, velocity: Double) {
        switch regime {
        case let .under(decay, frequency):
            let envelope = PortalMath.exp(-decay * t)
            let c = PortalMath.cos(frequency * t), s = PortalMath.sin(frequency * t)
            let b = (v0 + decay * x0) / frequency
            let x = envelope * (x0 * c + b * s)
            let v = envelope * ((b * frequency - decay * x0) * c - (x0 * frequency + decay * b) * s)
            return (x, v)
        case let .critical(rate):
            let envelope = PortalMath.exp(-rate * t)
            let b = v0 + rate * x0
            let x = envelope * (x0 + b * t)
            let v = envelope * (b - rate * (x0 + b * t))
            return (x, v)
        case let .over(fast, slow):
            let c2 = (v0 - fast * x0) / (slow - fast)
            let c1 = x0 - c2
            let e1 = PortalMath.exp(fast * t), e2 = PortalMath.exp(slow * t)
            return (c1 * e1 + c2 * e2, c1 * fast * e1 + c2 * slow * e2)
        }
    }

    /// The exact state-transition matrix over `step` seconds: applied to (displacement,
    /// velocity) it gives the state one step later. Columns are the solutions from (1, 0) and
    /// (0, 1).
    func transitionMatrix(step: Double) -> (xx: Double, xv: Double, vx: Double, vv: Double) {
        let fromDisplacement = solve(displacement: 1, velocity: 0, time: step)
        let fromVelocity = solve(displacement: 0, velocity: 1, time: step)
        return (fromDisplacement.displacement, fromVelocity.displacement,
                fromDisplacement.velocity, fromVelocity.velocity)
    }

    /// The time after which |displacement| stays within `tolerance`, for a motion starting at
    /// (`x0`, `v0`). Uses an envelope that bounds |x(t)| and decreases after its peak, and
    /// bisects on it.
    func settlingTime(displacement x0: Double, velocity v0: Double, tolerance: Double) -> Double {
        settlingTime(displacement: x0, velocity: v0, tolerance: tolerance, regime: regime)
    }

    /// ``settlingTime(displacement:velocity:tolerance:)`` with the spring's ``regime`` given.
    func settlingTime(displacement x0: Double, velocity v0: Double, tolerance: Double, regime: Regime) -> Double {
        guard let envelope = Spring.settlingEnvelope(displacement: x0, velocity: v0, regime: regime) else {
            // A bouncing spring: the envelope is A·e^(−decay·t), solved in closed form.
            guard case let .under(decay, frequency) = regime else { return .infinity }
            let b = (v0 + decay * x0) / frequency
            let amplitude = (x0 * x0 + b * b).squareRoot()
            if amplitude <= tolerance { return 0 }
            return PortalMath.log(amplitude / tolerance) / decay
        }
        let start = envelope.start
        if envelope(start) <= tolerance { return start }
        var low = start, high = start + 1
        while envelope(high) > tolerance {
            low = high
            high *= 2
            if !high.isFinite { return .infinity }
        }
        for _ in 0..<64 {
            let mid = (low + high) * 0.5
            if envelope(mid) > tolerance { low = mid } else { high = mid }
        }
        return high
    }

    /// The envelope ``settlingTime(displacement:velocity:tolerance:)`` bisects for a critically or
    /// over-damped spring: a bound on |x(t)| that is non-increasing from `start` (its peak) on.
    /// A bouncing spring's settling time has a closed form and needs none.
    struct SettlingEnvelope {
        enum Shape {
            /// (a + b·t)·e^(−rate·t).
            case critical(a: Double, b: Double, rate: Double)
            /// c1·e^(fast·t) + c2·e^(slow·t), both rates negative, both weights 0 or more.
            case over(c1: Double, c2: Double, fast: Double, slow: Double)
        }
        let shape: Shape
        /// Where the envelope peaks: it does not increase after it.
        let start: Double

        @inline(__always)
        func callAsFunction(_ t: Double) -> Double {
            switch shape {
            case let .critical(a, b, rate): return (a + b * t) * PortalMath.exp(-rate * t)
            case let .over(c1, c2, fast, slow): return c1 * PortalMath.exp(fast * t) + c2 * PortalMath.exp(slow * t)
            }
        }
    }

    /// The settling envelope of a motion from (`x0`, `v0`) of a spring in `regime`, or `nil` for
    /// a bouncing spring.
    static func settlingEnvelope(displacement x0: Double, velocity v0: Double, regime: Regime) -> SettlingEnvelope? {
        switch regime {
        case let .critical(rate):
            let b = abs(v0 + rate * x0), a = abs(x0)
            return SettlingEnvelope(shape: .critical(a: a, b: b, rate: rate), start: b > 0 ? max(0, 1 / rate - a / b) : 0)
        case let .over(fast, slow):
            let c2 = (v0 - fast * x0) / (slow - fast)
            let c1 = x0 - c2
            return SettlingEnvelope(shape: .over(c1: abs(c1), c2: abs(c2), fast: fast, slow: slow), start: 0)
        case .under:
            return nil
        }
    }
}
