import Testing
@testable import Portal

@Suite("Animation and tracks")
struct AnimationTests {
    let step = 1.0 / 120

    func world(x: Float = 0) throws -> (World, Entity) {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: x, y: 0, width: 100, height: 100))
        world.tick()
        return (world, view)
    }

    func x(_ world: World, _ view: Entity) throws -> Float { try world.presentation(of: view).frame.minX }

    @Test("modifiers compose in order, like SwiftUI")
    func modifiers() {
        let a = Animation.linear(duration: 1).delay(0.2).speed(2)
        #expect(a.delay == 0.1 && a.speed == 2)
        let b = Animation.linear(duration: 1).speed(2).delay(0.2)
        #expect(b.delay == 0.2 && b.speed == 2)
        #expect(Animation.default == .easeInOut(duration: 0.35))
        if case let .curve(curve, duration) = Animation.easeIn.motion { #expect(curve == .easeIn && duration == 0.35) }
        else { Issue.record("easeIn is a curve") }
        if case let .spring(spring, _) = Animation.spring.motion {
            #expect(abs(spring.response - 0.5) < 1e-12 && abs(spring.dampingRatio - 0.825) < 1e-12)
        } else { Issue.record("spring is a spring") }
        if case let .spring(spring, v) = Animation.interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 2).motion {
            #expect(spring.stiffness == 100 && spring.damping == 10 && v == 2)
        } else { Issue.record("interpolatingSpring is a spring") }
        if case let .curve(curve, _) = Animation.timingCurve(0.1, 0.2, 0.3, 0.4).motion {
            #expect(curve.startControlPoint == UnitPoint(x: 0.1, y: 0.2))
        } else { Issue.record("timingCurve is a curve") }
    }

    @Test("linear over 0.5 s is exactly halfway at tick 30 of 60, and exactly there at 60")
    func linearExact() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 8)
        world.tick()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 200, y: 100, width: 300, height: 240), cornerRadius: 16),
                          with: .linear(duration: 0.5))
        world.run(ticks: 30)
        let half = try world.presentation(of: view)
        #expect(half.frame == Rect(x: 100, y: 50, width: 200, height: 140))
        #expect(half.cornerRadius == 12)
        world.run(ticks: 29)
        #expect(try world.presentation(of: view).frame != Rect(x: 200, y: 100, width: 300, height: 240))
        world.tick()
        #expect(try world.presentation(of: view).frame == Rect(x: 200, y: 100, width: 300, height: 240))
        #expect(world.runningTrackCount == 0)
    }

    @Test("ease-in-out follows the curve at every tick")
    func easeInOutPerTick() throws {
        let (world, view) = try world()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 300, y: 0, width: 100, height: 100)), with: .easeInOut(duration: 0.35))
        for tick in 1...42 {
            world.tick()
            let progress = min(1, Double(tick) * step / 0.35)
            let expected = 300 * UnitCurve.easeInOut.value(at: progress)
            #expect(abs(Double(try x(world, view)) - expected) < 1e-4, "tick \(tick)")
        }
        #expect(try x(world, view) == 300)
    }

    @Test("a spring track follows the closed form at every tick and lands exactly on target",
          arguments: [Animation.smooth, .bouncy, .snappy(duration: 0.3), .spring(duration: 0.6, bounce: -0.3)])
    func springPerTick(animation: Animation) throws {
        guard case let .spring(spring, _) = animation.motion else { return }
        let (world, view) = try world()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 300, y: 0, width: 100, height: 100)), with: animation)
        #expect(world.runningTrackCount == 0)   // staged until the next tick
        var tick = 0
        repeat {
            world.tick()
            tick += 1
            guard world.runningTrackCount > 0 else { break }
            let expected = 300 + spring.solve(displacement: -300, velocity: 0, time: Double(tick) * step).displacement
            // Float state and Float matrix: the error grows by a few ulps per tick.
            #expect(abs(Double(try x(world, view)) - expected) < 2e-3, "tick \(tick)")
        } while tick < 2400
        #expect(try x(world, view) == 300)
        // It settled when the envelope says it would, to the tick: within 0.001 of the 300 pt move.
        let settle = spring.settlingTime(displacement: -300, velocity: 0, tolerance: 0.3)
        #expect(tick == Int((settle / step - 1e-9).rounded(.up)))
    }

    @Test("speed plays a curve faster; delay holds it still first")
    func speedAndDelay() throws {
        let (world, view) = try world()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 120, y: 0, width: 100, height: 100)),
                          with: .linear(duration: 1).speed(2).delay(0.1))
        world.run(ticks: 12)
        #expect(try x(world, view) == 0)
        world.run(ticks: 30)    // 0.25 s of motion at double speed: half of the 1 s curve
        #expect(try x(world, view) == 60)
        world.run(ticks: 30)
        #expect(try x(world, view) == 120)
    }

    @Test("retargeting a spring keeps value and velocity continuous")
    func springRetargetContinuity() throws {
        let (world, view) = try world()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 300, y: 0, width: 100, height: 100)), with: .bouncy)
        world.run(ticks: 20)
        let lane = Int(world.views.lanes[world.views.slot(of: view)! * ViewChannel.stride])
        let before = (world.tracks.value[lane], world.tracks.velocity[lane])
        try world.animate(view, to: ViewProperties(frame: Rect(x: -100, y: 0, width: 100, height: 100)), with: .smooth)
        world.tick()
        // One tick after the retarget, the state is exactly one step of the new spring from the
        // presented value and velocity: no jump, no kink.
        let spring = Spring.smooth
        let next = spring.solve(displacement: Double(before.0) + 100, velocity: Double(before.1), time: step)
        #expect(abs(Double(try x(world, view)) - (next.displacement - 100)) < 1e-3)
        let lane2 = Int(world.views.lanes[world.views.slot(of: view)! * ViewChannel.stride])
        #expect(abs(Double(world.tracks.velocity[lane2]) - next.velocity) < 1e-2)
    }

    @Test("retargeting a curve restarts from the presented value; a spring after a curve inherits its velocity")
    func curveRetarget() throws {
        let (world, view) = try world()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 240, y: 0, width: 100, height: 100)), with: .linear(duration: 1))
        world.run(ticks: 60)
        #expect(try x(world, view) == 120)
        try world.animate(view, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 100, height: 100)), with: .linear(duration: 0.5))
        world.run(ticks: 30)
        #expect(try x(world, view) == 60)
        // A spring taking over the linear motion starts with its velocity: −120 pt over 0.5 s.
        try world.animate(view, to: ViewProperties(frame: Rect(x: 60, y: 0, width: 100, height: 100)), with: .smooth)
        world.tick()
        let expected = 60 + Spring.smooth.solve(displacement: 0, velocity: -240, time: step).displacement
        #expect(abs(Double(try x(world, view)) - expected) < 1e-3)
    }

    @Test("completion: logically complete at the duration, removed when settled; each criterion once")
    func completionCriteria() throws {
        let (world, view) = try world()
        _ = world.drainEvents()
        let id = try world.animate(view, to: ViewProperties(opacity: 0), with: .smooth)
        var completions: [AnimationCompletion] = []
        for _ in 0..<240 {
            world.tick()
            world.drainEvents { if case let .animationCompleted(c) = $0 { completions.append(c) } }
        }
        #expect(completions.count == 2)
        #expect(completions.map(\.criterion) == [.logicallyComplete, .removed])
        #expect(completions.allSatisfy { $0.id == id && $0.view == view && !$0.wasInterrupted })
        #expect(completions[0].tick == 1 + 60)            // duration 0.5 s = 60 ticks after the start tick
        let settle = Spring.smooth.settlingTime(displacement: 1, velocity: 0, tolerance: 0.001)
        #expect(completions[1].tick == 1 + UInt64((settle / step - 1e-9).rounded(.up)))
    }

    @Test("an animation whose properties are all taken over reports both criteria as interrupted")
    func interruptedCompletion() throws {
        let (world, view) = try world()
        _ = world.drainEvents()
        let first = try world.animate(view, to: ViewProperties(frame: Rect(x: 50, y: 0, width: 100, height: 100), opacity: 0.5), with: .smooth)
        world.run(ticks: 5)
        let second = try world.animate(view, to: ViewProperties(frame: Rect(x: 80, y: 0, width: 100, height: 100)), with: .smooth)
        world.tick()
        #expect(world.drainEvents().isEmpty)    // `first` still drives opacity
        try world.update(view, to: ViewProperties(opacity: 1))
        world.tick()
        let events = world.drainEvents()
        #expect(events == [
            .animationCompleted(AnimationCompletion(id: first, view: view, criterion: .logicallyComplete, tick: 8, wasInterrupted: true)),
            .animationCompleted(AnimationCompletion(id: first, view: view, criterion: .removed, tick: 8, wasInterrupted: true)),
        ])
        #expect(try world.presentation(of: view).opacity == 1)
        try world.despawn(view)
        world.tick()
        let ids = world.drainEvents().map { event -> AnimationID? in
            if case let .animationCompleted(c) = event { return c.id } else { return nil }
        }
        #expect(ids == [second, second])
        #expect(world.runningTrackCount == 0 && world.runningAnimationCount == 0)
    }

    @Test("interpolating spring initial velocity is in units of the change per second")
    func interpolatingSpringVelocity() throws {
        let (world, view) = try world()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 100, y: 0, width: 100, height: 100)),
                          with: .interpolatingSpring(duration: 0.5, bounce: 0, initialVelocity: 3))
        world.tick()
        let expected = 100 + Spring(duration: 0.5, bounce: 0).solve(displacement: -100, velocity: 300, time: step).displacement
        #expect(abs(Double(try x(world, view)) - expected) < 1e-3)
    }

    @Test("every animatable property animates, the rotation axis is set at once")
    func allProperties() throws {
        let (world, view) = try world()
        let transform = Transform(translation: Point(x: 10, y: -20), scaleX: 2, scaleY: 0.5, rotation: .degrees(90),
                                  zPosition: 4, rotation3D: Rotation3D(angle: .degrees(180), axis: (1, 0, 0), perspective: 0.5))
        try world.animate(view, to: ViewProperties(transform: transform), with: .linear(duration: 0.5))
        world.run(ticks: 30)
        let half = try world.presentation(of: view).transform
        #expect(half.translation == Point(x: 5, y: -10))
        #expect(half.scaleX == 1.5 && half.scaleY == 0.75)
        #expect(abs(half.rotation.degrees - 45) < 1e-4)
        #expect(half.zPosition == 2)
        #expect(abs(half.rotation3D.angle.degrees - 90) < 1e-4)
        #expect(half.rotation3D.axisX == 1 && half.rotation3D.perspective == 0.5)
        world.run(ticks: 30)
        let end = try world.presentation(of: view).transform
        #expect(end.translation == transform.translation && end.scaleX == 2 && end.zPosition == 4)
    }

    @Test("a curve is logically complete and removed on the same tick: its last")
    func curveCompletion() throws {
        let (world, view) = try world()
        _ = world.drainEvents()
        let id = try world.animate(view, to: ViewProperties(opacity: 0), with: .linear(duration: 0.5).delay(0.25))
        world.run(ticks: 200)
        let start = UInt64(2)    // the tick that applied the call
        #expect(world.drainEvents() == [
            .animationCompleted(AnimationCompletion(id: id, view: view, criterion: .logicallyComplete, tick: start + 30 + 59, wasInterrupted: false)),
            .animationCompleted(AnimationCompletion(id: id, view: view, criterion: .removed, tick: start + 30 + 59, wasInterrupted: false)),
        ])
    }

    @Test("a delayed spring holds still, then follows the closed form from the end of the delay")
    func delayedSpring() throws {
        let (world, view) = try world()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 300, y: 0, width: 100, height: 100)), with: .bouncy.delay(0.1))
        world.run(ticks: 12)
        #expect(try x(world, view) == 0)
        for k in 1...60 {
            world.tick()
            let expected = 300 + Spring.bouncy.solve(displacement: -300, velocity: 0, time: Double(k) * step).displacement
            #expect(abs(Double(try x(world, view)) - expected) < 2e-3, "tick \(k) after the delay")
        }
    }

    @Test("the lane step, four lanes at a time, is bit for bit the scalar step, for every lane count",
          arguments: [0, 1, 3, 4, 5, 7, 8, 1_001] as [Int])
    func laneStepMatchesScalar(views count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var views = ViewStore(), tracks = TrackStore(), events: [WorldEvent] = []
        let animations: [Animation] = [.bouncy, .smooth(duration: 0.3), .easeInOut(duration: 0.4), .linear(duration: 0.2),
                                       .spring(duration: 0.5, bounce: 0.3).delay(0.02)]
        for i in 0..<count {
            let slot = views.insert(Entity(index: UInt32(i), generation: 0), frame: Rect(x: Float(i), y: 0, width: 10, height: 10),
                                    cornerRadius: 0, opacity: 1, role: .view)
            // One to three channels each, so that lanes of one timing straddle groups of four.
            let channels = [ViewChannel.x, .opacity, .rotation].prefix(Int.random(in: 1...3, using: &generator))
            let targets = channels.map { ($0, Float.random(in: -500...500, using: &generator)) }
            tracks.start(animations.randomElement(using: &generator)!, id: .internal, view: Entity(index: UInt32(i), generation: 0),
                         slot: slot, targets: targets, tick: 1, step: 1.0 / 120, tolerance: 1e-3, views: &views, events: &events)
        }
        for tick in UInt64(1)...8 {
            tracks.prepare(tick: tick)
            tracks.advanceLanesCheckingScalarStep("")
            tracks.finish(tick: tick, views: &views, events: &events)
        }
    }

    @Test("step coefficients are four floats in the order the four-lane step loads them")
    func coefficientLayout() {
        #expect(MemoryLayout<StepCoefficients>.stride == MemoryLayout<SIMD4<Float>>.stride)
        #expect(MemoryLayout<StepCoefficients>.offset(of: \.xx) == 0 && MemoryLayout<StepCoefficients>.offset(of: \.xv) == 4)
        #expect(MemoryLayout<StepCoefficients>.offset(of: \.vx) == 8 && MemoryLayout<StepCoefficients>.offset(of: \.vv) == 12)
    }
}
