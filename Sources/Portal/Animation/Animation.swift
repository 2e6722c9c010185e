/// How a change moves from its old value to its new one: a spring or a timing curve, with an
/// optional delay and speed, named as in SwiftUI.
///
/// ```swift
/// try world.animate(card, to: ViewProperties(frame: expanded, cornerRadius: 16),
///                   with: .smooth(duration: 0.4).delay(0.1))
/// ```
///
/// Modifiers compose in order, as SwiftUI's do: `.delay(d).speed(2)` halves the delay too,
/// `.speed(2).delay(d)` waits the full `d`.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// What drives the motion.
    public enum Motion: Hashable, Sendable {
        /// A spring; the initial velocity is in units of the whole change per second.
        case spring(Spring, initialVelocity: Double)
        /// A timing curve that runs for `duration` seconds.
        case curve(UnitCurve, duration: Double)
    }

    /// What drives the motion.
    public let motion: Motion
    /// The wait before the motion starts, in seconds of world time (already divided by any
    /// later ``speed(_:)``).
    public internal(set) var delay: Double = 0
    /// The playback rate: 2 runs twice as fast.
    public internal(set) var speed: Double = 1

    /// Creates an animation from a motion.
    public init(_ motion: Motion) { self.motion = motion }

    /// The default animation: ease-in-out over 0.35 s.
    public static let `default` = Animation.easeInOut

    // MARK: Springs

    /// A spring with SwiftUI's default response 0.5 and damping fraction 0.825.
    public static let spring = Animation.spring(response: 0.5, dampingFraction: 0.825)
    /// A spring from a response and damping fraction.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825) -> Animation {
        Animation(.spring(Spring(response: response, dampingRatio: dampingFraction), initialVelocity: 0))
    }
    /// A spring from a perceptual duration and bounce.
    public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
        Animation(.spring(Spring(duration: duration, bounce: bounce), initialVelocity: 0))
    }
    /// An animation driven by `spring`.
    public static func spring(_ spring: Spring) -> Animation {
        Animation(.spring(spring, initialVelocity: 0))
    }

    /// A spring with no bounce: duration 0.5.
    public static let smooth = Animation.smooth()
    /// A spring with a small bounce (0.15): duration 0.5.
    public static let snappy = Animation.snappy()
    /// A spring with a visible bounce (0.3): duration 0.5.
    public static let bouncy = Animation.bouncy()
    /// A smooth spring (bounce 0 plus `extraBounce`).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(.smooth(duration: duration, extraBounce: extraBounce))
    }
    /// A snappy spring (bounce 0.15 plus `extraBounce`).
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(.snappy(duration: duration, extraBounce: extraBounce))
    }
    /// A bouncy spring (bounce 0.3 plus `extraBounce`).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(.bouncy(duration: duration, extraBounce: extraBounce))
    }

    /// An interpolating spring with SwiftUI's defaults (duration 0.5, bounce 0).
    public static let interpolatingSpring = Animation.interpolatingSpring()
    /// An interpolating spring from physical parameters. `initialVelocity` is in units of the
    /// whole change per second (1 = the full change in one second).
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(.spring(Spring(mass: mass, stiffness: stiffness, damping: damping), initialVelocity: initialVelocity))
    }
    /// An interpolating spring from a perceptual duration and bounce.
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(.spring(Spring(duration: duration, bounce: bounce), initialVelocity: initialVelocity))
    }
    /// An interpolating spring driven by `spring`.
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        Animation(.spring(spring, initialVelocity: initialVelocity))
    }

    // MARK: Curves

    /// Constant speed over 0.35 s.
    public static let linear = Animation.linear(duration: 0.35)
    /// Ease in over 0.35 s.
    public static let easeIn = Animation.easeIn(duration: 0.35)
    /// Ease out over 0.35 s.
    public static let easeOut = Animation.easeOut(duration: 0.35)
    /// Ease in and out over 0.35 s.
    public static let easeInOut = Animation.easeInOut(duration: 0.35)
    /// Constant speed over `duration` seconds.
    public static func linear(duration: Double) -> Animation { timingCurve(.linear, duration: duration) }
    /// Ease in over `duration` seconds.
    public static func easeIn(duration: Double) -> Animation { timingCurve(.easeIn, duration: duration) }
    /// Ease out over `duration` seconds.
    public static func easeOut(duration: Double) -> Animation { timingCurve(.easeOut, duration: duration) }
    /// Ease in and out over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { timingCurve(.easeInOut, duration: duration) }
    /// A cubic bezier timing curve with control points (`p1x`, `p1y`) and (`p2x`, `p2y`).
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
                                   duration: Double = 0.35) -> Animation {
        timingCurve(.bezier(startControlPoint: UnitPoint(x: p1x, y: p1y),
                            endControlPoint: UnitPoint(x: p2x, y: p2y)), duration: duration)
    }
    /// A timing curve over `duration` seconds.
    public static func timingCurve(_ curve: UnitCurve, duration: Double = 0.35) -> Animation {
        Animation(.curve(curve, duration: duration))
    }

    // MARK: Modifiers

    /// The same animation, started `delay` seconds later.
    public func delay(_ delay: Double) -> Animation {
        var copy = self
        copy.delay += delay
        return copy
    }

    /// The same animation played `speed` times as fast, delay included.
    public func speed(_ speed: Double) -> Animation {
        var copy = self
        copy.delay /= speed
        copy.speed *= speed
        return copy
    }

    /// The longest delay or duration an animation may have: a million seconds (11.6 days).
    public static let maxSeconds = 1e6

    /// Checks that the animation can run: a speed in 1e-6…1e6, a delay in 0…1e6 s, a duration
    /// in (0, 1e6] s, a spring whose parameters are in range (a duration or response in
    /// (0, 1e6] s, a bounce above −1, a damping ratio of 0 or more; positive, finite mass and
    /// stiffness and a damping of 0 or more), an initial velocity within ±1e6 changes per
    /// second, and a timing curve with finite control points whose y is within
    /// ±``UnitCurve/maxControlPointY``. The error names the number that is out of range.
    ///
    /// Every way an animation enters a world checks it with this (plus the tick-dependent check
    /// of a spring's step): ``World/animate(_:to:with:)``, a navigation transition's
    /// ``NavigationTransition/animation(_:)`` when it is pushed or popped, a popup's `animation:`,
    /// a portal's ``PortalTransitionConfig`` and layer effects, and a flowing header's token
    /// durations. With these bounds no tick count an animation derives (delay × tick rate,
    /// duration ÷ speed, a settling time) can overflow.
    public func validate() throws(PortalError) {
        func fail(_ reason: String) -> PortalError { .invalidAnimation(self, reason: reason) }
        guard speed >= 1e-6, speed <= 1e6 else { throw fail("speed must be a number in 1e-6…1e6 (it is \(speed))") }
        guard delay >= 0, delay <= Animation.maxSeconds else { throw fail("delay must be 0…1,000,000 seconds (it is \(delay))") }
        switch motion {
        case let .spring(spring, initialVelocity):
            if let problem = spring.problem { throw fail(problem) }
            guard abs(initialVelocity) <= 1e6 else {
                throw fail("initialVelocity must be within ±1e6 changes per second (it is \(initialVelocity))")
            }
        case let .curve(curve, duration):
            guard duration > 0, duration <= Animation.maxSeconds else {
                throw fail("duration must be more than 0 and at most 1,000,000 seconds (it is \(duration))")
            }
            guard curve.isValid else {
                throw fail("the timing curve's control points must be finite, with y within ±\(Int(UnitCurve.maxControlPointY))")
            }
        }
    }

    /// ``validate()``, plus what depends on the world's tick: a spring's one-tick step matrix must
    /// be finite in `Float` (a near-undamped spring millions of times too stiff for the tick is not).
    func validate(step: Double) throws(PortalError) {
        try validate()
        if case let .spring(spring, _) = motion { try checkStep(SpringStepCache.compute(spring, step: step, speed: speed), step: step) }
    }

    /// ``validate(step:)``, reading the step matrix through a world's cache (where a start
    /// finds it again).
    func validate(step: Double, steps: inout SpringStepCache) throws(PortalError) {
        try validate()
        if case let .spring(spring, _) = motion { try checkStep(steps.coefficients(spring, step: step, speed: speed), step: step) }
    }

    /// Throws unless every entry of a spring's step coefficients is finite and below 1e30.
    private func checkStep(_ k: StepCoefficients, step: Double) throws(PortalError) {
        @inline(__always) func ok(_ x: Float) -> Bool { x.isFinite && abs(x) < 1e30 }
        guard ok(k.xx), ok(k.xv), ok(k.vx), ok(k.vv) else {
            throw .invalidAnimation(self, reason: "this spring is too stiff for a \(Int(PortalMath.rounded(1 / step, .toNearestOrAwayFromZero))) Hz tick; lower its stiffness or raise its mass")
        }
    }

    public var description: String {
        var text: String
        switch motion {
        case let .spring(spring, velocity):
            switch spring.parameters {
            case let .duration(duration, bounce): text = "spring(duration: \(duration), bounce: \(bounce)"
            case let .response(response, ratio): text = "spring(response: \(response), dampingRatio: \(ratio)"
            case let .physical(mass, stiffness, damping): text = "spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping)"
            }
            text += velocity == 0 ? ")" : ", initialVelocity: \(velocity))"
        case let .curve(curve, duration):
            let p1 = curve.startControlPoint, p2 = curve.endControlPoint
            text = "timingCurve(\(p1.x), \(p1.y), \(p2.x), \(p2.y), duration: \(duration))"
        }
        if delay != 0 { text += ".delay(\(delay))" }
        if speed != 1 { text += ".speed(\(speed))" }
        return text
    }
}

/// The two moments at which an animation can be reported complete, as in SwiftUI.
public enum AnimationCompletionCriteria: Hashable, Sendable {
    /// The animation has reached its end in the eyes of a person: a curve at its duration, a
    /// spring at its perceptual ``Spring/duration``. A spring may still be moving a little.
    case logicallyComplete
    /// The animation has settled and its tracks are gone: the value sits at its target.
    case removed
}

/// A handle to one call of ``World/animate(_:to:with:)``, used to match completion events.
public struct AnimationID: Hashable, Sendable, CustomStringConvertible {
    /// A number unique within one world.
    public let rawValue: UInt64
    init(rawValue: UInt64) { self.rawValue = rawValue }
    /// Animations Portal runs itself (portal flights, layer effects, fades): they report
    /// through their feature's events, not as animation completions.
    static let `internal` = AnimationID(rawValue: 0)
    public var description: String { "Animation#\(rawValue)" }
}
