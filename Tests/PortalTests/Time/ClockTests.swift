import Testing
@testable import Portal

@Suite("Fixed clock")
struct ClockTests {
    @Test("a 60 fps host runs exactly two 120 Hz ticks per frame, for an hour")
    func sixtyFps() {
        // The hour is the clock's arithmetic, so the world's clock runs it alone; a world runs the
        // same frames for a minute (the hour with PORTAL_LONG_TESTS=1), every tick checked.
        var clock = World().clock
        for _ in 0..<(60 * 3600) {
            let (run, dropped, rejected) = clock.absorb(1.0 / 60)
            #expect(run == 2 && dropped == 0 && rejected == nil)
            for _ in 0..<run { clock.advanceOneTick() }
        }
        #expect(clock.tick == 432_000)
        // Seconds are derived from the integer tick count, so an hour is an hour.
        #expect(clock.time == 3600)

        let world = World()
        let seconds = LongTests.size(60, long: 3600)
        for _ in 0..<(60 * seconds) {
            #expect(world.advance(by: 1.0 / 60).ticksRun == 2)
        }
        #expect(world.tickCount == UInt64(120 * seconds))
        #expect(world.time == Double(seconds))
    }

    @Test("a 144 Hz host accumulates: whole ticks only, never drifting")
    func oneFortyFour() {
        let world = World()
        var ran = 0
        for frame in 1...1440 {
            ran += world.advance(by: 1.0 / 144).ticksRun
            #expect(ran == frame * 120 / 144, "frame \(frame)")
        }
        #expect(world.tickCount == 1200)
        #expect(abs(world.interpolationFraction) < 1e-6)
    }

    @Test("the interpolation fraction says how far the host is past the last tick")
    func interpolationFraction() {
        let world = World()
        world.advance(by: 1.0 / 480)
        #expect(world.tickCount == 0)
        #expect(abs(world.interpolationFraction - 0.25) < 1e-9)
        world.advance(by: 1.0 / 160)
        #expect(world.tickCount == 1)
        #expect(abs(world.interpolationFraction) < 1e-6)
    }

    @Test("the catch-up cap runs at most maxCatchUpTicks and reports the dropped ticks")
    func catchUpCap() throws {
        let world = try World(configuration: .init(maxCatchUpTicks: 8))
        let report = world.advance(by: 1.0)
        #expect(report == AdvanceReport(ticksRun: 8, ticksDropped: 112, rejection: nil))
        #expect(world.tickCount == 8)
        #expect(world.drainEvents() == [.ticksDropped(112)])
        #expect(world.interpolationFraction == 0)   // the dropped time's fraction goes with it
        #expect(world.advance(by: 1.0 / 60).ticksRun == 2)
    }

    @Test("NaN, ±∞, negative and zero frame times run nothing and leave the clock intact",
          arguments: [(Double.nan, AdvanceReport.Rejection.notANumber), (.infinity, .infinite),
                      (-.infinity, .negative), (-0.5, .negative), (0, .zero)])
    func badFrameTimes(seconds: Double, rejection: AdvanceReport.Rejection) {
        let world = World()
        world.advance(by: 1.0 / 240)
        let before = world.fingerprint
        let report = world.advance(by: seconds)
        #expect(report == AdvanceReport(ticksRun: 0, ticksDropped: 0, rejection: rejection))
        let events = world.drainEvents()
        #expect(events == (rejection == .zero ? [] : [.frameTimeRejected(rejection)]))
        #expect(world.fingerprint == before)
        #expect(world.advance(by: 1.0 / 240).ticksRun == 1)
    }

    @Test("tick() runs exactly one tick; advance from inside a system runs nothing")
    func tickAndReentrancy() {
        let world = World()
        var inner: AdvanceReport?
        world.addSystem("reentrant", stage: .finish) { world in
            inner = world.advance(by: 1)
            world.tick()
        }
        world.tick()
        #expect(world.tickCount == 1)
        #expect(inner == AdvanceReport(ticksRun: 0, ticksDropped: 0, rejection: .insideTick))
    }

    @Test("other tick rates: 60 Hz runs one tick per 60 fps frame")
    func otherRates() throws {
        let world = try World(configuration: .init(tickRate: 60))
        #expect(world.advance(by: 1.0 / 60).ticksRun == 1)
        #expect(world.tickDuration == 1.0 / 60)
    }
}
