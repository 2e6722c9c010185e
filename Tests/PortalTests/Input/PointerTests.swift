import Testing
@testable import Portal

/// Sends one pointer's events with timestamps on a host clock.
struct Finger {
    let world: World
    var id = 1
    var time = 500.0

    mutating func down(_ x: Float, _ y: Float, after dt: Double = 0) throws {
        time += dt
        try world.pointer(PointerEvent(pointer: id, phase: .began, location: Point(x: x, y: y), time: time))
    }
    mutating func move(_ x: Float, _ y: Float, after dt: Double = 0.008) throws {
        time += dt
        try world.pointer(PointerEvent(pointer: id, phase: .moved, location: Point(x: x, y: y), time: time))
    }
    mutating func up(_ x: Float, _ y: Float, after dt: Double = 0.008) throws {
        time += dt
        try world.pointer(PointerEvent(pointer: id, phase: .ended, location: Point(x: x, y: y), time: time))
    }
    mutating func cancel(after dt: Double = 0.008) throws {
        time += dt
        try world.pointer(PointerEvent(pointer: id, phase: .cancelled, location: .zero, time: time))
    }
}

extension World {
    /// The taps and long presses among the drained events.
    func drainPointerEvents() -> [WorldEvent] {
        drainEvents().filter { if case .tapped = $0 { true } else if case .longPressed = $0 { true } else { false } }
    }
}

@Suite("Pointer events, taps and long presses")
struct PointerTests {
    @Test("bad events are refused with the argument named, and change nothing")
    func validation() throws {
        let world = World()
        _ = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        world.tick()
        var finger = Finger(world: world)
        try finger.down(10, 10)
        let before = world.fingerprint, projected = world.pointers.projected.map(\.time)
        func refused(_ event: PointerEvent, _ message: String) {
            do {
                try world.pointer(event)
                Issue.record("accepted \(event)")
            } catch {
                #expect(error.description == message)
            }
            #expect(world.fingerprint == before && world.pointers.projected.map(\.time) == projected)
        }
        refused(PointerEvent(pointer: 1, phase: .moved, location: Point(x: .nan, y: 0), time: 501),
                "event.location is nan: a pointer's location must be finite, within ±1e9 points. Pass finite coordinates and non-negative sizes.")
        refused(PointerEvent(pointer: 1, phase: .moved, location: Point(x: 0, y: -.infinity), time: 501),
                "event.location is -inf: a pointer's location must be finite, within ±1e9 points. Pass finite coordinates and non-negative sizes.")
        refused(PointerEvent(pointer: 1, phase: .moved, location: Point(x: 2e9, y: 0), time: 501),
                "event.location is 2e+09: a pointer's location must be finite, within ±1e9 points. Pass finite coordinates and non-negative sizes.")
        refused(PointerEvent(pointer: 1, phase: .moved, location: .zero, time: .nan), "event.time is nan: a timestamp must be finite.")
        refused(PointerEvent(pointer: 1, phase: .ended, location: .zero, time: 499.5),
                "event.time is 499.5: earlier than pointer 1's previous event at 500.0: time may not go backwards.")
        refused(PointerEvent(pointer: 1, phase: .began, location: .zero, time: 501), PortalError.pointerAlreadyDown(1).description)
        refused(PointerEvent(pointer: 2, phase: .moved, location: .zero, time: 501), PortalError.pointerNotDown(2).description)
        refused(PointerEvent(pointer: 2, phase: .cancelled, location: .zero, time: 501), PortalError.pointerNotDown(2).description)
        #expect(throws: PortalError.pointerNotDown(7)) { try world.pointer(PointerEvent(pointer: 7, phase: .ended, location: .zero, time: 1)) }
        // Counting the staged events: once ended (not yet applied), the pointer is up for the next call.
        try finger.up(10, 10)
        #expect(throws: PortalError.pointerNotDown(1)) { try world.pointer(PointerEvent(pointer: 1, phase: .moved, location: .zero, time: 502)) }
        // …and may begin again, at any time (a new touch).
        try world.pointer(PointerEvent(pointer: 1, phase: .began, location: .zero, time: 100))
    }

    @Test("events are staged and applied in call order at the next tick; the velocity is the tracker's fit over them")
    func stagedInOrder() throws {
        let world = World()
        var finger = Finger(world: world)
        var reference = VelocityTracker()
        try finger.down(100, 100)
        try reference.add(Point(x: 100, y: 100), at: finger.time)
        #expect(world.pointerState(1) == nil)         // not applied yet
        for k in 1...6 {
            let x = 100 + Float(k * k) * 1.5, y = 100 - Float(k) * 4
            try finger.move(x, y, after: 0.007 + Double(k % 3) * 0.001)
            try reference.add(Point(x: x, y: y), at: finger.time)
        }
        world.tick()
        let state = try #require(world.pointerState(1))
        #expect(state.start == Point(x: 100, y: 100) && state.location == Point(x: 154, y: 76) && state.time == finger.time)
        // Bit for bit the standalone tracker's.
        #expect(state.velocity == reference.velocity(at: finger.time) && world.pointerVelocity(1) == state.velocity)
        #expect(state.velocity.x > 0 && state.velocity.y < 0)
        #expect(state.gesture == .unclaimed)           // travelled 61 pt over nothing: no one took it
        try finger.up(154, 76)
        #expect(world.pointerState(1) != nil)          // until the lift applies
        world.tick()
        #expect(world.pointerState(1) == nil && world.pointerVelocity(1) == nil)
        #expect(world.drainPointerEvents().isEmpty)
    }

    @Test("a press and release within 10 pt and before 0.5 s is a tap on the view hit at the press, on the lift's tick")
    func tap() throws {
        let world = World()
        let back = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = try world.spawnView(frame: Rect(x: 50, y: 50, width: 200, height: 200), in: back)
        world.tick()
        var finger = Finger(world: world)
        try finger.down(100, 100)
        world.tick()
        try finger.move(106, 108)                     // exactly 10 pt: still within the slop
        try finger.up(104, 103, after: 0.4)
        world.tick()
        let expected = PointerTap(pointer: 1, location: Point(x: 100, y: 100), hit: world.hitTest(Point(x: 100, y: 100)), tick: world.tickCount)
        #expect(expected.hit?.entity == card)
        #expect(world.drainPointerEvents() == [.tapped(expected)])
        // The same press on the background taps the background.
        try finger.down(300, 600, after: 1)
        try finger.up(300, 600, after: 0.05)
        world.tick()
        #expect(world.drainPointerEvents() == [.tapped(PointerTap(pointer: 1, location: Point(x: 300, y: 600), hit: HitTestResult(entity: back, role: .view), tick: world.tickCount))])
    }

    @Test("no tap past the slop (even back within it), when released 0.5 s or later, or when cancelled")
    func notTaps() throws {
        let world = World()
        _ = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        world.tick()
        var finger = Finger(world: world)
        // 10.05 pt at the lift.
        try finger.down(100, 100)
        try finger.up(110.05, 100)
        // Out past the slop and back.
        try finger.down(100, 100, after: 1)
        try finger.move(100, 111)
        try finger.up(100, 100)
        // Held for 0.5 s by its own clock (applied in one tick): a long press, not a tap.
        try finger.down(100, 100, after: 1)
        try finger.up(100, 100, after: 0.5)
        // Cancelled.
        try finger.down(100, 100, after: 1)
        try finger.cancel()
        world.tick()
        let events = world.drainPointerEvents()
        #expect(events.count == 1)
        guard case let .longPressed(press) = events.first else { Issue.record("\(events)"); return }
        #expect(press.location == Point(x: 100, y: 100) && press.tick == world.tickCount)
        // Just under 0.5 s is still a tap.
        try finger.down(100, 100, after: 1)
        try finger.up(100, 100, after: 0.499)
        world.tick()
        #expect(world.drainPointerEvents().count == 1)
    }

    @Test("a long press fires 60 ticks (0.5 s at 120 Hz) after the tick that applied its press, then owns the touch")
    func longPressOnTheTickClock() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        world.tick()
        var finger = Finger(world: world)
        try finger.down(40, 40)
        world.tick()
        let pressTick = world.tickCount
        #expect(!world.isIdle)                        // the long press needs the ticks to come
        for _ in 1..<60 { world.tick() }
        #expect(world.drainPointerEvents().isEmpty && world.pointerState(1)?.gesture == .possible)
        world.tick()
        #expect(world.drainPointerEvents() == [.longPressed(PointerTap(pointer: 1, location: Point(x: 40, y: 40),
                                                                       hit: HitTestResult(entity: view, role: .view), tick: pressTick + 60))])
        #expect(world.pointerState(1)?.gesture == .longPress && world.isIdle)
        // It owns the touch: moving far and lifting makes no tap.
        try finger.move(200, 40)
        try finger.up(200, 40)
        world.tick()
        #expect(world.drainPointerEvents().isEmpty)
        // Moving past the slop before the deadline cancels it.
        try finger.down(40, 40, after: 1)
        world.tick()
        try finger.move(40, 51)
        world.run(ticks: 80)
        #expect(world.drainPointerEvents().isEmpty && world.pointerState(1)?.gesture == .unclaimed)
    }

    @Test("by the host's clock: a move timestamped 0.5 s after the press fires the long press at its tick, before the move counts")
    func longPressOnTheHostClock() throws {
        let world = World()
        _ = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        world.tick()
        var finger = Finger(world: world)
        try finger.down(40, 40)
        try finger.move(43, 40, after: 0.3)
        try finger.move(80, 40, after: 0.2)          // 0.5 s after the press: the long press came first
        world.tick()
        #expect(world.drainPointerEvents().count == 1 && world.pointerState(1)?.gesture == .longPress)
    }

    @Test("a tap on a popup's backdrop dismisses it, as tap(at:) does; a tap on the popup reaches it")
    func backdropTap() throws {
        let s = try PopupScene()
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200)
        s.world.run(ticks: 24)
        _ = s.world.drainEvents()
        var finger = Finger(world: s.world)
        try finger.down(60, 200)
        try finger.up(60, 200)
        s.world.tick()
        #expect(s.world.drainPointerEvents() == [.tapped(PointerTap(pointer: 1, location: Point(x: 60, y: 200), hit: HitTestResult(entity: s.content, role: .overlay), tick: s.world.tickCount))])
        #expect(s.world.presentedPopups == [s.content])
        try finger.down(300, 700, after: 1)
        try finger.up(300, 700)
        s.world.tick()
        let events = s.world.drainEvents()
        guard case let .tapped(tap)? = events.first(where: { if case .tapped = $0 { true } else { false } }) else { Issue.record("\(events)"); return }
        #expect(tap.hit?.role == .backdrop)
        s.world.run(ticks: 24)
        #expect(s.world.drainEvents().contains { if case .popupDidDismiss(s.content, reason: .tappedOutside, _) = $0 { true } else { false } })
        #expect(s.world.presentedPopups.isEmpty && s.item(s.content) == nil)
    }

    @Test("two pointers are independent: each taps what it pressed")
    func twoPointers() throws {
        let world = World()
        let left = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = try world.spawnView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        world.tick()
        var a = Finger(world: world, id: 1), b = Finger(world: world, id: 2)
        try a.down(50, 50)
        try b.down(250, 50)
        try b.up(250, 50)
        try a.up(52, 50)
        world.tick()
        let tick = world.tickCount
        #expect(world.drainPointerEvents() == [.tapped(PointerTap(pointer: 2, location: Point(x: 250, y: 50), hit: HitTestResult(entity: right, role: .view), tick: tick)),
                                               .tapped(PointerTap(pointer: 1, location: Point(x: 50, y: 50), hit: HitTestResult(entity: left, role: .view), tick: tick))])
    }
}

@Suite("Pointer events in traces")
struct PointerTraceTests {
    @Test("a recorded gesture (a tap, a long press, an edge swipe popping a stack, refused events) replays bit for bit")
    func aGestureReplaysBitForBit() throws {
        let world = World()
        let log = FrameLog()
        log.attach(to: world)
        try world.startRecording()
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 844), root: root)
        world.tick()
        let top = try world.spawnScreen(for: stack)
        _ = try world.spawnView(frame: Rect(x: 40, y: 40, width: 100, height: 100), in: top)
        try world.push(top, onto: stack)
        for _ in 0..<40 { world.advance(by: 1.0 / 60) }
        var f = Finger(world: world, id: 3, time: 1234.5678)
        try f.down(60, 60)                                     // a tap on the card
        try f.up(61, 60, after: 0.05)
        world.advance(by: 1.0 / 60)
        try f.down(200, 300, after: 0.3)                        // a long press
        for _ in 0..<40 { world.advance(by: 1.0 / 60) }
        try f.up(200, 300, after: 0.6)
        #expect(throws: PortalError.self) { try world.pointer(PointerEvent(pointer: 3, phase: .moved, location: .zero, time: 2000)) }
        try f.down(6, 500, after: 0.2)                          // an edge swipe, one move per frame
        #expect(throws: PortalError.self) { try world.pointer(PointerEvent(pointer: 3, phase: .moved, location: Point(x: .nan, y: 1), time: 2000)) }
        for k in 1...12 {
            try f.move(6 + Float(k * k) * 1.7, 500 + Float(k) * 0.3, after: 0.0166)
            world.advance(by: 1.0 / 60)
        }
        try f.up(6 + 144 * 1.7, 503.6, after: 0.0166)
        for _ in 0..<40 { world.advance(by: 1.0 / 60) }
        let text = try #require(world.stopRecording())
        #expect(text.contains("pointer id=3 phase=moved at=") && text.contains(" refused pointer "))
        #expect(log.events.contains { if case .tapped = $0 { true } else { false } })
        #expect(log.events.contains { if case .longPressed = $0 { true } else { false } })
        #expect(log.events.contains { if case let .interactivePopDidEnd(d, _) = $0 { d.finishes } else { false } })
        #expect(try world.screens(of: stack) == [root])

        let replayer = TraceReplayer(try Trace(text))
        let replayLog = FrameLog()
        replayLog.attach(to: replayer.world)
        try replayer.world.startRecording()
        while try replayer.step() { replayLog.events.append(contentsOf: replayer.world.drainEvents()) }
        #expect(log.frames.count == replayLog.frames.count && log.frames.count > 100)
        #expect(log.frames == replayLog.frames)
        #expect(log.events == replayLog.events)
        #expect(replayer.world.recordedTrace == text)
    }
}

@Suite("Pointer events: hostile sequences")
struct PointerRobustnessTests {
    @Test("random events — most of them invalid — mixed with despawns, stack calls and ticks: a refusal changes nothing, nothing traps, the tables stay sound", arguments: LongTests.size([11], long: [11, 12, 13]) as [UInt64])
    func hostileSequences(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let world = World()
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 844), root: root,
                                                   interactivePopStart: .anywhere)
        var views: [Entity] = []
        for k in 0..<6 {
            let v = try world.spawnView(frame: Rect(x: Float(k * 60), y: Float(k * 100), width: 200, height: 300), in: root)
            if k % 2 == 0 { try world.makeScrollView(v, configuration: ScrollViewConfiguration(contentSize: Size(width: 600, height: 900))) }
            views.append(v)
        }
        world.tick()
        var accepted = 0, refused = 0
        var clock = 50.0
        for _ in 0..<3_000 {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0:
                world.tick()
            case 1:
                if let v = views.randomElement(using: &rng), world.isAlive(v) { try? world.despawn(v) }
            case 2:
                let screen = try world.spawnScreen(for: stack)
                try? world.push(screen, onto: stack)
            case 3:
                try? world.pop(stack)
            default:
                let phases: [PointerPhase] = [.began, .moved, .moved, .moved, .ended, .cancelled]
                let xs: [Float] = [.nan, .infinity, -3e9, 0, 5, 195, 390]
                let x = Bool.random(using: &rng) ? xs.randomElement(using: &rng)! : Float.random(in: -50...450, using: &rng)
                clock += Double.random(in: -0.01...0.03, using: &rng)
                let time = Int.random(in: 0..<40, using: &rng) == 0 ? Double.nan : clock
                let event = PointerEvent(pointer: Int.random(in: -1...3, using: &rng), phase: phases.randomElement(using: &rng)!,
                                         location: Point(x: x, y: Float.random(in: 0...844, using: &rng)), time: time)
                let before = world.fingerprint, projected = world.pointers.projected.map(\.pointer)
                do {
                    try world.pointer(event)
                    accepted += 1
                } catch {
                    refused += 1
                    #expect(world.fingerprint == before && world.pointers.projected.map(\.pointer) == projected, "\(event): \(error)")
                }
            }
        }
        world.run(ticks: 200)
        #expect(accepted > 300 && refused > 300, "accepted \(accepted), refused \(refused)")
        for id in -1...3 { if let state = world.pointerState(id) { #expect(state.velocity.isFinite) } }
    }
}
