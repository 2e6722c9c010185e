import Testing
@testable import Portal

@Suite("Scroll physics: UIScrollView's rubber band, deceleration, bounce and paging")
struct ScrollPhysicsTests {
    /// The table of the 2013 analysis of Apple's rubber band (squareb, "Analysis of Apple's rubber
    /// band scrolling", c = 0.55, d = 960), printed there to two decimals.
    @Test("rubber band: the published check values for d = 960, odd in x, and its inverse")
    func rubberBand() {
        let table: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
        for (x, b) in table {
            #expect(abs(ScrollPhysics.rubberBand(x, extent: 960) - b) <= 0.005, "b(\(x))")
            #expect(ScrollPhysics.rubberBand(-x, extent: 960) == -ScrollPhysics.rubberBand(x, extent: 960))
        }
        // The closed form itself, exactly as written.
        let written: Double = (1 - 1 / (100 * 0.55 / 960 + 1)) * 960
        #expect(ScrollPhysics.rubberBand(100, extent: 960) == written)
        for x in stride(from: -5000.0, through: 5000, by: 37.5) {
            let b = ScrollPhysics.rubberBand(x, extent: 844)
            #expect(abs(b) < 844)
            let back = ScrollPhysics.inverseRubberBand(b, extent: 844)
            #expect(abs(back - x) <= 1e-9 * max(1, abs(x)), "x = \(x)")
        }
        #expect(ScrollPhysics.inverseRubberBand(844, extent: 844) == .infinity)
        #expect(ScrollPhysics.rubberBand(100, extent: 0) == 0)
    }

    @Test("tracking: 1:1 inside the edges, rubber-banded past them, held at them without bounces")
    func tracking() {
        let (lo, hi, d) = (-20.0, 1000.0, 800.0)
        #expect(ScrollPhysics.trackedOffset(500, minimum: lo, maximum: hi, extent: d, bounces: true) == 500)
        #expect(ScrollPhysics.trackedOffset(1100, minimum: lo, maximum: hi, extent: d, bounces: true)
                == 1000 + ScrollPhysics.rubberBand(100, extent: d))
        #expect(ScrollPhysics.trackedOffset(-120, minimum: lo, maximum: hi, extent: d, bounces: true)
                == -20 - ScrollPhysics.rubberBand(100, extent: d))
        #expect(ScrollPhysics.trackedOffset(1100, minimum: lo, maximum: hi, extent: d, bounces: false) == 1000)
        #expect(ScrollPhysics.trackedOffset(-120, minimum: lo, maximum: hi, extent: d, bounces: false) == -20)
        for u in [-300.0, -20, 0, 999, 1000, 1450] {
            let drawn = ScrollPhysics.trackedOffset(u, minimum: lo, maximum: hi, extent: d, bounces: true)
            #expect(abs(ScrollPhysics.unbandedOffset(drawn, minimum: lo, maximum: hi, extent: d) - u) <= 1e-9 * max(1, abs(u)))
        }
    }

    @Test("deceleration: v(t) = v₀·r^(1000t), x(t) = x₀ + v₀(r^(1000t) − 1)/(1000 ln r), the rest point, the stop time")
    func decelerationClosedForms() {
        let normal = ScrollDecelerationRate.normal, fast = ScrollDecelerationRate.fast
        // One millisecond keeps exactly r of the velocity (UIKit's definition of the rate).
        #expect(abs(ScrollPhysics.decelerationVelocity(1000, rate: normal, time: 0.001) - 998) <= 1e-9)
        #expect(abs(ScrollPhysics.decelerationVelocity(1000, rate: fast, time: 0.001) - 990) <= 1e-9)
        // Rest points, from the closed form computed apart (Python, double precision).
        #expect(abs(ScrollPhysics.restingOffset(0, velocity: 1000, rate: normal) - 499.4998331664548) <= 1e-9)
        #expect(abs(ScrollPhysics.restingOffset(0, velocity: 1000, rate: fast) - 99.49916247342207) <= 1e-9)
        #expect(abs(ScrollPhysics.decelerationDuration(1000, rate: normal) - 3.7961495938725407) <= 1e-12)
        #expect(abs(ScrollPhysics.decelerationDuration(-1000, rate: fast) - 0.5956461231900866) <= 1e-12)
        #expect(ScrollPhysics.decelerationDuration(0.4, rate: normal) == 0)   // 0.2 pt of glide: stops at once
        // The position against a brute-force model: the velocity kept per millisecond is r,
        // integrated in 1 µs steps (within 1e-4 pt of the exact integral).
        var x = 100.0, t = 0.0
        let v0 = -2500.0, perMicro = PortalMath.exp(PortalMath.log(0.998) / 1000)
        var v = v0
        for step in 1...1_500_000 {
            x += v * 0.5e-6
            v *= perMicro
            x += v * 0.5e-6
            t += 1e-6
            if step % 250_000 == 0 {
                #expect(abs(ScrollPhysics.decelerationOffset(100, velocity: v0, rate: normal, time: Double(step) * 1e-6) - x) <= 1e-4)
                #expect(abs(ScrollPhysics.decelerationVelocity(v0, rate: normal, time: Double(step) * 1e-6) - v) <= 1e-6 * abs(v0))
            }
        }
        // Far out, the glide is at its rest point.
        #expect(abs(ScrollPhysics.decelerationOffset(100, velocity: v0, rate: normal, time: 60)
                    - ScrollPhysics.restingOffset(100, velocity: v0, rate: normal)) <= 1e-9)
    }

    @Test("a glide steps its closed form every tick and stops on its rest point at the stated time")
    func glideTicks() {
        let step = 1.0 / 120
        let bounce = ScrollSpringStep(ScrollPhysics.bounceSpring, step: step)
        let animation = ScrollSpringStep(ScrollPhysics.scrollAnimationSpring, step: step)
        for (v0, rate) in [(1800.0, ScrollDecelerationRate.normal), (-950, .fast), (333, ScrollDecelerationRate(rawValue: 0.995))] {
            var m = ScrollAxisMotion()
            m.decelerate(from: 5000, velocity: v0, rate: rate, step: step)
            var n = 0
            while m.isMoving {
                m.advance(minimum: -1e6, maximum: 1e6, bounces: true, bounce: bounce, animation: animation)
                n += 1
                if m.isMoving {
                    let exact = ScrollPhysics.decelerationOffset(5000, velocity: v0, rate: rate, time: Double(n) * step)
                    #expect(abs(m.position - exact) <= 1e-9 * 5000, "tick \(n)")
                    #expect(abs(m.velocity - ScrollPhysics.decelerationVelocity(v0, rate: rate, time: Double(n) * step)) <= 1e-9 * abs(v0))
                }
            }
            #expect(m.position == ScrollPhysics.restingOffset(5000, velocity: v0, rate: rate))
            // It stops at the first tick at which at most `stopDistance` of the glide is left.
            #expect(n == Int((ScrollPhysics.decelerationDuration(v0, rate: rate) / step).rounded(.up)), "v₀ = \(v0)")
        }
    }

    @Test("a glide that crosses an edge hands its position and velocity to the bounce spring, which brings it back exactly")
    func glideCrossesEdge() {
        let step = 1.0 / 120
        let bounce = ScrollSpringStep(ScrollPhysics.bounceSpring, step: step)
        let animation = ScrollSpringStep(ScrollPhysics.scrollAnimationSpring, step: step)
        var m = ScrollAxisMotion()
        m.decelerate(from: 900, velocity: 1500, rate: .normal, step: step)
        var n = 0
        while m.mode == .decelerating {
            m.advance(minimum: 0, maximum: 1000, bounces: true, bounce: bounce, animation: animation)
            n += 1
        }
        #expect(m.mode == .bouncing && m.anchor == 1000)
        // The hand-over: the glide's own state at that tick.
        let t = Double(n) * step
        #expect(abs(m.position - ScrollPhysics.decelerationOffset(900, velocity: 1500, rate: .normal, time: t)) <= 1e-9)
        #expect(abs(m.velocity - ScrollPhysics.decelerationVelocity(1500, rate: .normal, time: t)) <= 1e-9)
        #expect(ScrollPhysics.decelerationOffset(900, velocity: 1500, rate: .normal, time: t - step) <= 1000)
        // Then the spring's closed form, from there, tick by tick.
        let (d0, v0) = (m.position - 1000, m.velocity)
        var k = 0, peak = m.position
        while m.isMoving {
            m.advance(minimum: 0, maximum: 1000, bounces: true, bounce: bounce, animation: animation)
            k += 1
            peak = max(peak, m.position)
            if m.isMoving {
                let exact = ScrollPhysics.bounceSpring.solve(displacement: d0, velocity: v0, time: Double(k) * step)
                #expect(abs(m.position - (1000 + exact.displacement)) <= 1e-9, "spring tick \(k)")
            }
        }
        #expect(m.position == 1000 && m.velocity == 0)
        #expect(peak > 1000 && peak < 1000 + 2 * v0 / 10)   // it went past and came back (critical: ≤ v₀/(ω·e))
        #expect(k == Int(bounce.settleTicks(displacement: d0, velocity: v0)))
    }

    @Test("without bounces a glide stops on the edge it reaches")
    func glideStopsAtEdge() {
        let step = 1.0 / 120
        let bounce = ScrollSpringStep(ScrollPhysics.bounceSpring, step: step)
        var m = ScrollAxisMotion()
        m.decelerate(from: 100, velocity: -3000, rate: .normal, step: step)
        while m.isMoving { m.advance(minimum: 0, maximum: 1000, bounces: false, bounce: bounce, animation: bounce) }
        #expect(m.position == 0 && m.velocity == 0)
    }

    @Test("released past an edge: a critically damped spring back, no overshoot, settling within 0.01 pt")
    func springBack() {
        let step = 1.0 / 120
        let bounce = ScrollSpringStep(ScrollPhysics.bounceSpring, step: step)
        #expect(ScrollPhysics.bounceSpring.dampingRatio == 1)
        var m = ScrollAxisMotion()
        m.spring(from: -80, velocity: 0, to: 0, with: bounce, mode: .bouncing)
        var k = 0
        while m.isMoving {
            m.advance(minimum: 0, maximum: 500, bounces: true, bounce: bounce, animation: bounce)
            k += 1
            #expect(m.position <= 0)
            if m.isMoving {
                let exact = -80 * (1 + 10 * Double(k) * step) * PortalMath.exp(-10 * Double(k) * step)   // (x₀ + (v₀ + ωx₀)t)e^(−ωt), ω = 10
                #expect(abs(m.position - exact) <= 1e-9)
            } else {
                #expect(abs(-80 * (1 + 10 * Double(k) * step) * PortalMath.exp(-10 * Double(k) * step)) <= ScrollPhysics.springTolerance)
                #expect(abs(-80 * (1 + 10 * Double(k - 1) * step) * PortalMath.exp(-10 * Double(k - 1) * step)) > ScrollPhysics.springTolerance)
            }
        }
        #expect(m.position == 0)
        // The step matrix is the spring's exact transition over one tick.
        let exact = ScrollPhysics.bounceSpring.transitionMatrix(step: step)
        #expect(bounce.xx == exact.xx && bounce.xv == exact.xv && bounce.vx == exact.vx && bounce.vv == exact.vv)
    }

    @Test("paging: the projected rest rounded to a page, at most one page from where the drag began, within the content")
    func paging() {
        let rate = ScrollDecelerationRate.normal
        func page(_ offset: Double, _ v: Double, start: Int, max: Double = 1560) -> Int {
            ScrollPhysics.targetPage(offset: offset, velocity: v, rate: rate, pageSize: 390, minimum: 0, maximum: max, startPage: start)
        }
        #expect(page(500, 0, start: 1) == 1)          // 1.28 pages: back to 1
        #expect(page(600, 0, start: 1) == 2)          // 1.54: on to 2
        #expect(page(500, 300, start: 1) == 2)        // projected 649.8 → 1.67
        #expect(page(500, -300, start: 1) == 1)       // projected 350.2 → 0.90
        #expect(page(500, 5000, start: 1) == 2)       // projected 3000: one page at most
        #expect(page(300, -5000, start: 1) == 0)
        #expect(page(100, -5000, start: 0) == 0)      // not before the first
        #expect(page(1500, 5000, start: 4) == 4)      // not past the last
        #expect(ScrollPhysics.lastPage(pageSize: 390, minimum: 0, maximum: 1500) == 4)
        #expect(ScrollPhysics.pageOffset(4, pageSize: 390, minimum: 0, maximum: 1500) == 1500)   // the last page shows the end
        #expect(ScrollPhysics.pageOffset(2, pageSize: 390, minimum: -20, maximum: 1500) == 760)
        #expect(ScrollPhysics.nearestPage(1000, pageSize: 390, minimum: 0, maximum: 1560) == 3)
        #expect(ScrollPhysics.targetPage(offset: .nan, velocity: 1, rate: rate, pageSize: 390, minimum: 0, maximum: 1560, startPage: 2) == 2)
    }
}
