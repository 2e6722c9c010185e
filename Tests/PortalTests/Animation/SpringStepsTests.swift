import Testing
@testable import Portal

@Suite("Spring starts and retargets: cached step matrices, settle ticks without the bisection")
struct SpringStepsTests {
    /// A random spring of every regime: critical (SwiftUI's `bounce: 0` springs), over-damped,
    /// bouncing and undamped, from each of its three descriptions.
    func randomSpring(_ g: inout SeededGenerator) -> Spring {
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return Spring(duration: Double.random(in: 0.05...3, using: &g), bounce: 0)
        case 1: return Spring(duration: Double.random(in: 0.05...3, using: &g), bounce: Double.random(in: -0.9 ... -0.01, using: &g))
        case 2: return Spring(duration: Double.random(in: 0.05...3, using: &g), bounce: Double.random(in: 0.01...0.9, using: &g))
        case 3: return Spring(response: Double.random(in: 0.05...2, using: &g), dampingRatio: Double.random(in: 1...4, using: &g))
        case 4: return Spring(mass: Double.random(in: 0.1...5, using: &g), stiffness: Double.random(in: 1...2_000, using: &g),
                              damping: Double.random(in: 0...80, using: &g), allowOverDamping: Bool.random(using: &g))
        default: return [Spring.smooth, .snappy, .bouncy, .smooth(duration: 0.3), .smooth(duration: 0.4)][Int.random(in: 0..<5, using: &g)]
        }
    }

    /// The settle ticks as computed before: the bisection's seconds, rounded up to ticks.
    func reference(_ spring: Spring, _ d: Double, _ v: Double, speed: Double, tolerance: Float, step: Double, floor: UInt64) -> UInt64 {
        let seconds = TrackStore.settlingSeconds(spring, displacement: d, velocity: v, speed: speed, tolerance: tolerance)
        return max(floor, TrackStore.spanTicks(seconds, step: step, atLeast: 1, rounding: .up))
    }

    @Test("settle ticks equal the bisection's, for 12,000 random motions (60,000 with PORTAL_LONG_TESTS=1), floors and tick rates")
    func settleTicksMatchTheBisection() {
        var g = SeededGenerator(seed: 16)
        var fast = 0
        let motions = LongTests.size(12_000, long: 60_000)
        for i in 0..<motions {
            let spring = randomSpring(&g)
            let scale = [1e-3, 1, 300, 1e6, 1e18][i % 5]
            let d = Double.random(in: -1...1, using: &g) * scale * (i % 7 == 0 ? 0 : 1)
            let v = Double.random(in: -1...1, using: &g) * scale * [0, 1, 10][i % 3]
            let speed = [1, 1, 0.5, 2.5, 1e-3][i % 5] as Double
            let tolerance: Float = [0.001, 0.001, 1e-6, 0.5][i % 4]
            let step = 1 / Double([120, 120, 60, 240, 1][i % 5] as Int)
            let exact = reference(spring, d, v, speed: speed, tolerance: tolerance, step: step, floor: 0)
            // Floors as a retarget passes them: the settle tick already set, often one short.
            let floor: UInt64 = [0, exact, exact &- 1, exact + 1, exact / 2, exact &* 3, UInt64.random(in: 0...200, using: &g)][i % 7]
            let floorClamped = min(floor, TrackStore.maxSpanTicks)
            let got = TrackStore.settleTicks(spring, displacement: d, velocity: v, speed: speed, tolerance: tolerance, step: step,
                                             atLeast: floorClamped)
            let want = reference(spring, d, v, speed: speed, tolerance: tolerance, step: step, floor: floorClamped)
            #expect(got == want, "\(spring) d \(d) v \(v) speed \(speed) tolerance \(tolerance) step \(step) floor \(floorClamped)")
            if got != want { return }
            if got < 1_000 { fast += 1 }
        }
        #expect(fast > motions / 6)
    }

    @Test("the cached step coefficients are the computed ones, through evictions")
    func stepCache() {
        var g = SeededGenerator(seed: 7)
        var cache = SpringStepCache()
        let springs = (0..<20).map { _ in randomSpring(&g) }
        for i in 0..<2_000 {
            // A few springs again and again (hits), and now and then many (evictions).
            let spring = i % 50 < 40 ? springs[i % 3] : springs[Int.random(in: 0..<20, using: &g)]
            let step = [1.0 / 120, 1.0 / 60][i % 2], speed = [1, 0.5, 3][i % 3] as Double
            let cached = cache.coefficients(spring, step: step, speed: speed)
            let m = spring.transitionMatrix(step: step * speed)
            #expect(cached == StepCoefficients(xx: Float(m.xx), xv: Float(m.xv / speed), vx: Float(m.vx * speed), vv: Float(m.vv)))
        }
        // A spring too stiff for the tick is still refused, cached or not.
        let stiff = Animation.spring(Spring(mass: 1e-300, stiffness: 1e300, damping: 1e-300))
        #expect(throws: PortalError.self) { try stiff.validate(step: 1.0 / 120, steps: &cache) }
        #expect(throws: PortalError.self) { try stiff.validate(step: 1.0 / 120, steps: &cache) }
    }

    @Test("flowing headers, animations and flights give the values they gave before the cache")
    func sameValuesAsBefore() throws {
        // Recorded with the code before the step cache and the settle-tick search (commit
        // fcf17a8): every presented value, the render list and every event, tick by tick.
        let trace = try springRetargetTrace()
        #expect(trace.events == 4444)
        #expect(String(trace.hash, radix: 16) == "596082c9b713c51b")
    }
}

/// A trace of springs started and retargeted every tick — flowing headers following scroll
/// reports (with direction changes and idle snaps), views animated and re-animated with every
/// kind of spring, speeds, delays and initial velocities, portal flights turned round — hashed
/// over every presented value and every completion event (its tick included), tick by tick.
func springRetargetTrace() throws -> (hash: UInt64, events: Int) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ x: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            hash ^= (x >> UInt64(shift)) & 0xff
            hash = hash &* 0x100_0000_01b3
        }
    }
    let world = World()
    var headers: [Entity] = []
    let behaviours: [SnappingBehavior] = [.directional, .nearest, .none]
    for (i, behaviour) in behaviours.enumerated() {
        let screen = try world.spawnView(frame: Rect(x: Float(i) * 400, y: 0, width: 390, height: 844))
        let title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40), in: screen)
        let accessory = try world.spawnView(frame: Rect(x: 20, y: 20, width: 64, height: 64), in: screen)
        let tokens = FlowingHeaderTokens(transitionDuration: 0.4 + 0.1 * Double(i), scrollAnimationDuration: 0.3 - 0.05 * Double(i))
        let header = try world.flowingHeader(on: screen, title: title, accessory: accessory, displays: [.title, .accessory],
                                             snappingBehavior: behaviour, tokens: tokens)
        try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 100, width: 200, height: 40),
                                          accessory: Rect(x: 20, y: 20, width: 64, height: 64),
                                          bar: Rect(x: 0, y: 40, width: 390, height: 44), barTitleSize: Size(width: 100, height: 20))
        headers.append(header)
    }
    let animations: [Animation] = [
        .smooth, .snappy, .bouncy, .smooth(duration: 0.25), .spring(duration: 0.6, bounce: -0.5),
        .interpolatingSpring(mass: 1, stiffness: 80, damping: 30, initialVelocity: 2),
        .interpolatingSpring(stiffness: 200, damping: 4), .spring(response: 0.3, dampingFraction: 1.4),
        .smooth.speed(1.7), .bouncy.delay(0.05), .spring(duration: 0.4, bounce: 0).speed(0.6),
        .interpolatingSpring(duration: 0.5, bounce: 0, initialVelocity: -3),
    ]
    var views: [Entity] = []
    for i in 0..<24 {
        views.append(try world.spawnView(frame: Rect(x: Float(i) * 10, y: 500, width: 40, height: 40), cornerRadius: 4))
    }
    let ids: [PortalID] = ["golden-a", "golden-b"]
    for (i, id) in ids.enumerated() {
        try world.portal(try world.spawnView(frame: Rect(x: Float(i) * 50, y: 700, width: 40, height: 40)), id: id, as: .source)
        try world.portal(try world.spawnView(frame: Rect(x: 0, y: 100 + Float(i) * 300, width: 390, height: 280)), id: id, as: .destination)
    }
    var events = 0
    for tick in 0..<420 {
        for (i, header) in headers.enumerated() {
            // A finger that scrolls down, wobbles, scrolls up, and lets go now and then.
            let t = Float((tick * (2 + i) + 13 * i) % 300)
            let offset = t < 150 ? t * 0.6 : (300 - t) * 0.6
            let wobble = Float((tick / 7) % 3) - 1
            let phase: ScrollPhase = (tick / 40 + i) % 3 == 0 ? .idle : .interacting
            try world.reportScroll(header, offset: offset + wobble, phase: phase)
        }
        for (i, view) in views.enumerated() where (tick + i) % (3 + i % 5) == 0 {
            let k = Float((tick / (3 + i % 5) + i) % 4)
            let target = ViewProperties(frame: Rect(x: Float(i) * 10 + 30 * k, y: 500 - 20 * k, width: 40 + 10 * k, height: 40),
                                        cornerRadius: 4 + k, opacity: 1 - 0.2 * k)
            try world.animate(view, to: target, with: animations[(i + tick / 11) % animations.count])
        }
        if tick % 37 == 0 {
            let config = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.3), delay: 0, duration: 0.3),
                                                corners: PortalCorners(source: 4, destination: 12))
            try world.portalTransition(id: ids[(tick / 37) % 2], isActive: (tick / 74) % 2 == 0, config: config)
        }
        world.tick()
        for header in headers { mix(UInt64(try world.flowingHeaderProgress(header).bitPattern)) }
        for view in views {
            let p = try world.presentation(of: view)
            for x in [p.frame.minX, p.frame.minY, p.frame.width, p.frame.height, p.cornerRadius, p.opacity] { mix(UInt64(x.bitPattern)) }
        }
        world.withRenderList { list in
            for item in list { for x in [item.frame.minX, item.frame.minY, item.frame.width, item.frame.height] { mix(UInt64(x.bitPattern)) } }
        }
        world.drainEvents { event in
            events += 1
            switch event {
            case let .animationCompleted(c):
                mix(c.id.rawValue); mix(c.tick); mix(c.criterion == .removed ? 1 : 0); mix(c.wasInterrupted ? 1 : 0)
            case let .portalDidComplete(e):
                mix(0xfeed); mix(e.tick)
            default:
                mix(0xbeef)
            }
        }
    }
    return (hash, events)
}
