import Testing
@testable import Portal

@Suite("Extreme but finite input")
struct EdgeTests {
    @Test("an absurdly long frame runs the catch-up cap and keeps the clock sane",
          arguments: [1e300, Double.greatestFiniteMagnitude, 1e9])
    func hugeFrameTime(seconds: Double) {
        let world = World()
        let report = world.advance(by: seconds)
        #expect(report.ticksRun == 8)
        #expect(report.ticksDropped > 0)
        #expect(world.interpolationFraction >= 0 && world.interpolationFraction < 1)
        #expect(world.advance(by: 1.0 / 60).ticksRun == 2)
    }

    @Test("animations beyond sane bounds are refused, not run into a trap or NaN")
    func extremeAnimations() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        world.tick()
        for bad in [Animation.smooth.delay(1e300), .smooth.speed(1e-300), .smooth.speed(1e300),
                    .spring(Spring(mass: 1e-300, stiffness: 1e300, damping: 1e-300)),
                    .interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 1e300),
                    .linear(duration: 1e300)] {
            let before = world.fingerprint
            #expect(throws: PortalError.self, "\(bad)") {
                try world.animate(view, to: ViewProperties(frame: Rect(x: 100, y: 0, width: 10, height: 10)), with: bad)
            }
            #expect(world.fingerprint == before)
        }
        world.run(ticks: 10)
        #expect(try world.presentation(of: view).frame.minX == 0)
    }

    @Test("geometry beyond a billion points is refused")
    func hugeGeometry() throws {
        let world = World()
        #expect(throws: PortalError.self) { try world.spawnView(frame: Rect(x: 1e30, y: 0, width: 1, height: 1)) }
        #expect(throws: PortalError.self) { try world.spawnView(frame: Rect(x: 0, y: 0, width: 3e38, height: 1)) }
        let view = try world.spawnView(frame: Rect(x: -1e9, y: 0, width: 1e9, height: 1))
        #expect(throws: PortalError.self) { try world.update(view, to: ViewProperties(cornerRadius: 1e20)) }
        #expect(throws: PortalError.self) { try world.update(view, to: ViewProperties(transform: Transform(translation: Point(x: 1e20, y: 0)))) }
        // The largest accepted values animate without overflow.
        try world.animate(view, to: ViewProperties(frame: Rect(x: 1e9, y: 0, width: 0, height: 1)), with: .bouncy)
        world.run(ticks: 600)
        #expect(try world.presentation(of: view).frame.minX == 1e9)
    }
}
