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

    @Test("response and damping ratio; negative bounce is over-damped")
    func responseAndNegativeBounce() {
        let spring = Spring(response: 0.5, dampingRatio: 0.825)
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

    @Test("settlingDuration is SwiftUI's figure for the presets: −ln(ε/(λ+1))/λ when bouncing, a 0.1 s grid when not")
    func settlingDurationPresets() {
        // Bouncing (ζ < 1), λ = ζ·4π: snappy ζ = 0.85, bouncy ζ = 0.7 — values of SwiftUI's rule
        // worked by hand (the envelope bound Portal used before gave 0.707 and 0.824).
        #expect(abs(Spring.snappy.settlingDuration - 0.8768271225053476) < 1e-12)
        #expect(abs(Spring.bouncy.settlingDuration - 1.0447130905120119) < 1e-12)
        // Critical (smooth): the first 0.1 s grid time within 0.001 is 0.8 ((1 + 4π·0.7)e^(−4π·0.7)
        // = 0.00148, (1 + 4π·0.8)e^(−4π·0.8) = 0.00048), summed in steps of 0.1 as SwiftUI does.
        #expect(Spring.smooth.settlingDuration == (0..<8).reduce(0.0) { t, _ in t + 0.1 })
        #expect(abs(Spring.smooth.settlingDuration - 0.8) < 1e-12)
        // Undamped: never.
        #expect(Spring(duration: 0.5, bounce: 1).settlingDuration == .infinity)
    }

    @Test("settlingDuration of a critically or over-damped spring: the first 0.1 s grid time after which the motion stays within ε",
          arguments: [Spring.smooth, Spring(duration: 0.5, bounce: -0.5), Spring(duration: 1.3, bounce: -0.2),
                      Spring(mass: 2, stiffness: 300, damping: 200, allowOverDamping: true)])
    func settlingDurationGrid(spring: Spring) {
        // Brute force: the grid times (summed as SwiftUI sums them) at which the unit move is
        // within 0.001; the answer is the first such time after which it stays within.
        var grid: [Double] = [], t = 0.0
        for _ in 0..<400 { grid.append(t); t += 0.1 }
        let inside = grid.map { abs(spring.solve(displacement: -1, velocity: 0, time: $0).displacement) < 0.001 }
        let first = inside.indices.first { i in inside[i...].allSatisfy { $0 } }!
        #expect(spring.settlingDuration == grid[first])
    }

    @Test("the closed forms for the unit smooth spring: critically damped, x(t) = (1 + ωt)e^(−ωt)")
    func criticalClosedForm() {
        let spring = Spring.smooth
        let omega = 2 * Double.pi / 0.5
        for t in [0.1, 0.3, 0.7] {
            let expected = 1 - (1 + omega * t) * PortalMath.exp(-omega * t)
            #expect(abs(spring.value(target: 1, time: t) - expected) < 1e-12)
        }
        // The envelope settling time Portal's animations use solves (1 + ωt)e^(−ωt) = 0.001.
        let t = spring.settlingTime(displacement: 1, velocity: 0, tolerance: 0.001)
        #expect(abs((1 + omega * t) * PortalMath.exp(-omega * t) - 0.001) < 1e-9)
    }

    @Test("SwiftUI's initialisers: Spring() is duration 0.5, bounce 0; response and dampingRatio")
    func initialisers() {
        let spring = Spring()
        #expect(spring == Spring(duration: 0.5, bounce: 0))
        #expect(abs(spring.dampingRatio - 1) < 1e-12 && abs(spring.response - 0.5) < 1e-12)
        let ratio = Spring(response: 0.4, dampingRatio: 0.8)
        #expect(abs(ratio.dampingRatio - 0.8) < 1e-12 && abs(ratio.response - 0.4) < 1e-12)
        #expect(Spring(response: 0.5, dampingRatio: 1) == Spring(duration: 0.5, bounce: 0))
        // Animation.spring keeps SwiftUI's dampingFraction label there.
        #expect(Animation.spring(response: 0.4, dampingFraction: 0.8) == .spring(ratio))
    }

    @Test("a bounce above 1 is an undamped spring (damping 0, bounce 1), accepted, as in SwiftUI")
    func bounceAboveOne() throws {
        for bounce in [1.0, 1.2, 7] {
            let spring = Spring(duration: 0.3, bounce: bounce)
            #expect(spring.damping == 0 && spring.bounce == 1 && spring.isValid)
            #expect(spring == Spring(duration: 0.3, bounce: 1))
        }
        let world = World()
        let view = try world.spawnView(frame: .zero, opacity: 0)
        world.tick()
        try world.animate(view, to: ViewProperties(opacity: 1), with: .spring(duration: 0.5, bounce: 1.5))
        world.run(ticks: 240)
        // Undamped: still swinging through the full 0…2 range after two seconds.
        let slot = try #require(world.views.slot(of: view))
        var lowest = Float.infinity, highest = -Float.infinity
        for _ in 0..<60 {
            world.tick()
            lowest = min(lowest, world.views.value(.opacity, slot: slot))
            highest = max(highest, world.views.value(.opacity, slot: slot))
        }
        #expect(lowest < 0.01 && highest > 1.99 && world.runningAnimationCount == 1)
    }

    @Test("a spring that cannot run is refused naming the number it was given, not a NaN it led to")
    func namedErrors() throws {
        let world = World()
        let view = try world.spawnView(frame: .zero)
        for (bad, name, given) in [(Animation.smooth(duration: 0), "duration", "0.0"), (.bouncy(duration: -1), "duration", "-1.0"),
                                   (.spring(duration: .nan, bounce: 0), "duration", "nan"), (.spring(duration: 0.5, bounce: -1), "bounce", "-1.0"),
                                   (.spring(Spring(response: 0, dampingRatio: 1)), "response", "0.0"),
                                   (.spring(Spring(response: 0.5, dampingRatio: -0.1)), "dampingRatio", "-0.1"),
                                   (.interpolatingSpring(mass: 0, stiffness: 1, damping: 1), "mass", "0.0"),
                                   (.interpolatingSpring(stiffness: -3, damping: 1), "stiffness", "-3.0"),
                                   (.linear(duration: 0), "duration", "0.0")] {
            #expect { try world.animate(view, to: ViewProperties(opacity: 0), with: bad) } throws: { error in
                guard case let .invalidAnimation(animation, reason) = error as? PortalError else { return false }
                let text = (error as? PortalError)?.description ?? ""
                return reason.hasPrefix(name) && reason.contains("(it is \(given))") && animation.description == bad.description
                    && text.contains("\(name): \(given)") && !text.contains("-nan")
            }
        }
    }
}
