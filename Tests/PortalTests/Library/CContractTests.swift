import Testing
@testable import Portal

// The Swift side of the C contract's items of issue 32: what `portal.h` reads from the Swift API.
@Suite("The C contract's Swift side")
struct CContractTests {
    @Test("a new, empty world is idle before its first tick: nothing runs or is staged")
    func freshWorldIsIdle() throws {
        let world = World()
        #expect(world.isIdle, "a fresh world")
        let configured = try World(configuration: World.Configuration(tickRate: 60, reservedCapacity: 1000))
        #expect(configured.isIdle, "a fresh world with reserved capacity")
        // A staged call makes it busy until the tick that applies it.
        _ = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(!world.isIdle, "a view staged")
        world.tick()
        #expect(world.isIdle, "after the tick")
    }

    @Test("recording a world that has ticked is a state error (not a bad argument), as recording twice is")
    func recordingState() throws {
        let world = World()
        world.tick()
        #expect(throws: PortalError.recordingUnavailable(reason: "only a fresh world can record: nothing spawned, staged or run")) {
            try world.startRecording()
        }
        let fresh = World()
        try fresh.startRecording()
        #expect(throws: PortalError.recordingUnavailable(reason: "the world is already recording")) { try fresh.startRecording() }
        // A bad capacity is still a bad argument.
        #expect(throws: PortalError.invalidConfiguration("capacity", reason: "must be 0…2^30 bytes (it is -1)")) {
            try World().startRecording(capacity: -1)
        }
    }

    @Test("PortalAnimation's default duration is the original's, 0.3 s (its portalTransition's animationDuration), with or without an animation given")
    func portalAnimationDefaults() {
        #expect(PortalAnimation().duration == 0.3 && PortalAnimation().delay == 0.06)
        #expect(PortalAnimation(.easeInOut(duration: 0.3)).duration == 0.3 && PortalAnimation(.easeInOut(duration: 0.3)).delay == 0.06)
    }
}
