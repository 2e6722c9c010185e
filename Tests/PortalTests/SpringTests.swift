import Testing
@testable import Portal

@Suite("Spring")
struct SpringTests {
    @Test("Apple's documented conversion: duration 0.5, bounce 0.3")
    func durationBounceConversion() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(spring.stiffness - 157.91) < 0.01)   // (2π/0.5)² = 157.9137
        #expect(abs(spring.damping - 17.59) < 0.01)      // 4π·0.7/0.5 = 17.5929
        #expect(abs(spring.mass - 1) < 1e-12)
        #expect(abs(spring.bounce - 0.3) < 1e-12)
        #expect(abs(spring.duration - 0.5) < 1e-12)
    }

    @Test("Apple's documented conversion: mass 1, stiffness 100, damping 10")
    func physicalConversion() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 0.6283) < 1e-4)    // 2π/10
        #expect(abs(spring.bounce - 0.5) < 1e-12)        // ζ = 10/(2·10)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-12)
    }

    @Test("response and damping fraction; negative bounce is over-damped")
    func responseAndNegativeBounce() {
        let spring = Spring(response: 0.5, dampingFraction: 0.825)
        #expect(abs(spring.dampingRatio - 0.825) < 1e-12)
        #expect(abs(spring.response - 0.5) < 1e-12)
        let over = Spring(duration: 0.5, bounce: -0.5)
        #expect(abs(over.dampingRatio - 2) < 1e-12)      // ζ = 1/(1 − 0.5)
        #expect(abs(over.bounce - -0.5) < 1e-12)
        // Without allowOverDamping, physical over-damping is treated as critical.
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 50).dampingRatio - 1) < 1e-12)
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true).dampingRatio - 2.5) < 1e-12)
    }

    @Test("presets: smooth, snappy, bouncy and extraBounce")
    func presets() {
        #expect(abs(Spring.smooth.bounce - 0) < 1e-12)
        #expect(abs(Spring.snappy.bounce - 0.15) < 1e-12)
        #expect(abs(Spring.bouncy.bounce - 0.3) < 1e-12)
        for preset in [Spring.smooth, .snappy, .bouncy] { #expect(abs(preset.duration - 0.5) < 1e-12) }
        #expect(abs(Spring.bouncy(duration: 0.8, extraBounce: 0.1).bounce - 0.4) < 1e-12)
        #expect(abs(Spring.bouncy(duration: 0.8, extraBounce: 0.1).duration - 0.8) < 1e-12)
        #expect(abs(Spring.snappy(extraBounce: -0.15).bounce) < 1e-12)
    }

    @Test("closed form matches a fine Runge–Kutta integration",
          arguments: [Spring(duration: 0.5, bounce: 0.3), Spring(duration: 0.5, bounce: 0),
                      Spring(duration: 0.4, bounce: -0.6), Spring(mass: 2, stiffness: 300, damping: 8)])
    func closedFormMatchesIntegration(spring: Spring) {
        for (x0, v0) in [(1.0, 0.0), (-250.0, 900.0), (0.0, -40.0)] {
            for t in [0.05, 0.1, 0.27, 0.5, 1.0] {
                let exact = spring.solve(displacement: x0, velocity: v0, time: t)
                let numeric = integrateSpring(spring, displacement: x0, velocity: v0, until: t)
                let scale = max(abs(x0), abs(v0) * 0.1, 1)
                #expect(abs(exact.displacement - numeric.x) < 1e-7 * scale, "x at \(t) for \(x0), \(v0)")
                #expect(abs(exact.velocity - numeric.v) < 1e-6 * scale, "v at \(t) for \(x0), \(v0)")
            }
        }
    }

    @Test("value and velocity start at 0 and reach the target")
    func valueFromZero() {
        let spring = Spring.snappy
        #expect(spring.value(target: 100, time: 0) == 0)
        #expect(abs(spring.velocity(target: 100, initialVelocity: 25, time: 0) - 25) < 1e-12)
        #expect(abs(spring.value(target: 100, time: 5) - 100) < 1e-6)
        // A snappy spring overshoots: somewhere its value passes the target.
        let peak = stride(from: 0.0, through: 1, by: 0.001).map { spring.value(target: 100, time: $0) }.max()!
        #expect(peak > 100.5)
    }

    @Test("the state-transition matrix stepper equals the closed form at every tick for 10 s",
          arguments: [Spring(duration: 0.5, bounce: 0.3), Spring.smooth, Spring(duration: 0.3, bounce: -0.4)])
    func matrixStepper(spring: Spring) {
        let step = 1.0 / 120
        let m = spring.transitionMatrix(step: step)
        var x = -300.0, v = 1200.0
        for tick in 1...1200 {
            (x, v) = (m.xx * x + m.xv * v, m.vx * x + m.vv * v)
            let exact = spring.solve(displacement: -300, velocity: 1200, time: Double(tick) * step)
            #expect(abs(x - exact.displacement) < 1e-9, "x at tick \(tick)")
            #expect(abs(v - exact.velocity) < 1e-7, "v at tick \(tick)")
        }
    }

    @Test("settlingDuration: the unit motion stays within 0.001 after it, and not long before",
          arguments: [Spring.smooth, .snappy, .bouncy, Spring(duration: 0.5, bounce: -0.5)])
    func settlingDuration(spring: Spring) {
        let settle = spring.settlingDuration
        #expect(settle.isFinite && settle > 0)
        var lastOutside = 0.0
        for i in 0...40_000 {
            let t = Double(i) * 0.0001
            if abs(spring.solve(displacement: 1, velocity: 0, time: t).displacement) >= 0.001 { lastOutside = t }
        }
        #expect(lastOutside <= settle, "still outside the tolerance at \(lastOutside) > \(settle)")
        // The bound is an envelope, so it may exceed the last crossing by up to about one
        // half-period of the oscillation; it is never wildly late.
        #expect(settle - lastOutside < spring.duration, "settle \(settle) vs last crossing \(lastOutside)")
    }

    @Test("the closed forms for the unit smooth spring: critically damped, x(t) = (1 + ωt)e^(−ωt)")
    func criticalClosedForm() {
        let spring = Spring.smooth
        let omega = 2 * Double.pi / 0.5
        for t in [0.1, 0.3, 0.7] {
            let expected = 1 - (1 + omega * t) * libcExp(-omega * t)
            #expect(abs(spring.value(target: 1, time: t) - expected) < 1e-12)
        }
        // settlingDuration of a critically damped spring solves (1 + ωt)e^(−ωt) = 0.001.
        let t = spring.settlingDuration
        #expect(abs((1 + omega * t) * libcExp(-omega * t) - 0.001) < 1e-9)
    }
}
