/// A damped spring, described the way SwiftUI describes it, solved exactly.
///
/// A spring moves a value towards a target along m·x″ = −k·x − c·x′, where x is the displacement
/// from the target. Create one from a perceptual duration and bounce, from a response and damping
/// fraction, or from its physical mass, stiffness and damping; the conversions are SwiftUI's:
/// stiffness = (2π / response)² · mass, damping = 4π · ζ · mass / response, and a bounce b > 0
/// means ζ = 1 − b, b < 0 means ζ = 1 / (1 + b).
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

    /// Creates a spring from its physical parameters.
    ///
    /// - Parameter allowOverDamping: when `false` (the default, as in SwiftUI) a damping above
    ///   critical is treated as critical.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        let critical = 2 * (stiffness * mass).squareRoot()
        self.damping = allowOverDamping ? damping : min(damping, critical)
    }

    /// Creates a spring from the time of one undamped oscillation (`response`, seconds) and the
    /// damping ratio ζ (`dampingFraction`; 1 is critical, below 1 bounces). Mass is 1.
    public init(response: Double = 0.5, dampingFraction: Double = 0.825) {
        self.mass = 1
        let omega = 2 * Double.pi / response
        self.stiffness = omega * omega
        self.damping = 4 * Double.pi * dampingFraction / response
    }

    /// Creates a spring from a perceptual `duration` (seconds) and a `bounce` in −1…1: 0 has no
    /// bounce, higher values bounce more, negative values are over-damped (slower to settle).
    public init(duration: Double = 0.5, bounce: Double = 0) {
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.mass = 1
        let omega = 2 * Double.pi / duration
        self.stiffness = omega * omega
        self.damping = 4 * Double.pi * zeta / duration
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

    /// `true` when every parameter is finite, mass and stiffness are positive and damping is
    /// positive: a spring that moves and comes to rest.
    public var isValid: Bool {
        mass.isFinite && stiffness.isFinite && damping.isFinite && mass > 0 && stiffness > 0 && damping > 0
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

    /// How long a unit move from rest takes to come within 0.001 of its target and stay there,
    /// in seconds. Computed from the closed form's decay envelope, so it is an upper bound on the
    /// last moment the value is 0.001 or more away. Infinite for an undamped spring.
    public var settlingDuration: Double {
        settlingTime(displacement: 1, velocity: 0, tolerance: 0.001)
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
            let envelope = libcExp(-decay * t)
            let c = libcCos(frequency * t), s = libcSin(frequency * t)
            let b = (v0 + decay * x0) / frequency
            let x = envelope * (x0 * c + b * s)
            let v = envelope * ((b * frequency - decay * x0) * c - (x0 * frequency + decay * b) * s)
            return (x, v)
        case let .critical(rate):
            let envelope = libcExp(-rate * t)
            let b = v0 + rate * x0
            let x = envelope * (x0 + b * t)
            let v = envelope * (b - rate * (x0 + b * t))
            return (x, v)
        case let .over(fast, slow):
            let c2 = (v0 - fast * x0) / (slow - fast)
            let c1 = x0 - c2
            let e1 = libcExp(fast * t), e2 = libcExp(slow * t)
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
        let envelope: (Double) -> Double
        var start = 0.0
        switch regime {
        case let .under(decay, frequency):
            let b = (v0 + decay * x0) / frequency
            let amplitude = (x0 * x0 + b * b).squareRoot()
            if amplitude <= tolerance { return 0 }
            return libcLog(amplitude / tolerance) / decay
        case let .critical(rate):
            let b = abs(v0 + rate * x0), a = abs(x0)
            envelope = { t in (a + b * t) * libcExp(-rate * t) }
            if b > 0 { start = max(0, 1 / rate - a / b) }
        case let .over(fast, slow):
            let c2 = (v0 - fast * x0) / (slow - fast)
            let c1 = x0 - c2
            envelope = { t in abs(c1) * libcExp(fast * t) + abs(c2) * libcExp(slow * t) }
        }
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
}
