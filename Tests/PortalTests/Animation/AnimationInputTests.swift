import Testing
@testable import Portal

/// Animations as they enter a world (one validation, everywhere), the tick arithmetic they
/// drive, and the range of what comes out.
@Suite("Animation input and output ranges")
struct AnimationInputTests {
    // MARK: - One validation wherever an animation enters

    static let badAnimations: [Animation] = [.easeIn(duration: 0.5).delay(-1), .easeIn(duration: 0.5).delay(.nan),
                                             .smooth(duration: 0), .linear(duration: .infinity), .smooth.speed(0),
                                             .timingCurve(0.5, 1e308, 0.5, 1)]

    /// A world with a two-screen stack, a popup container, a portal pair and a header screen.
    struct Entry {
        let world = World()
        let stack: Entity, home: Entity, detail: Entity, spare: Entity
        let source: Entity, content: Entity
        let screen: Entity, title: Entity

        init() throws {
            let frame = Rect(x: 0, y: 0, width: 390, height: 844)
            home = try world.spawnView(frame: frame)
            detail = try world.spawnView(frame: frame)
            spare = try world.spawnView(frame: frame)
            stack = try world.spawnNavigationStack(frame: frame, root: home)
            try world.push(detail, onto: stack, transition: .slide)
            source = try world.spawnView(frame: Rect(x: 20, y: 100, width: 60, height: 40))
            content = try world.spawnView(frame: .zero)
            try world.setPopupContainer(bounds: frame)
            try world.portal(source, id: "p", as: .source)
            try world.portal(spare, id: "p", as: .destination)
            screen = try world.spawnView(frame: frame)
            title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40))
            world.run(ticks: 60)
        }
    }

    @Test("a bad animation is refused with invalidAnimation wherever it enters, and the world is unchanged",
          arguments: badAnimations)
    func everyEntryValidates(bad: Animation) throws {
        let transition = NavigationTransition.slide.animation(bad)
        let calls: [(String, (Entry) throws -> Void)] = [
            ("animate", { e in try e.world.animate(e.home, to: ViewProperties(opacity: 0.5), with: bad) }),
            ("push", { e in try e.world.push(e.spare, onto: e.stack, transition: transition) }),
            ("pop", { e in try e.world.pop(e.stack, transition: transition) }),
            ("popToRoot", { e in try e.world.popToRoot(e.stack, transition: transition) }),
            ("setStack", { e in try e.world.setStack(e.stack, screens: [e.home, e.spare], transition: transition) }),
            ("beginInteractivePop", { e in _ = try e.world.beginInteractivePop(e.stack, at: Point(x: 5, y: 400), transition: transition) }),
            ("presentPopup", { e in try e.world.presentPopup(e.content, from: e.source, height: 100, animation: bad) }),
            ("portal config", { e in
                try e.world.portalTransition(id: "p", isActive: true,
                                             config: PortalTransitionConfig(animation: PortalAnimation(bad, delay: 0)))
            }),
            ("layer effect", { e in
                try e.world.portalTransition(id: "p", isActive: true,
                                             config: PortalTransitionConfig(effects: [.scale(1.1, animation: bad)]))
            }),
        ]
        for (name, call) in calls {
            let entry = try Entry()
            let before = entry.world.fingerprint
            #expect("\(name) with \(bad)") { try call(entry) } throws: { error in
                guard case .invalidAnimation = error as? PortalError else { return false }
                return true
            }
            #expect(entry.world.fingerprint == before, "\(name) with \(bad)")
            entry.world.run(ticks: 5)
        }
    }

    @Test("a header whose token durations make a spring that cannot run is refused")
    func headerTokens() throws {
        let entry = try Entry()
        for tokens in [FlowingHeaderTokens(transitionDuration: 1e-200), FlowingHeaderTokens(scrollAnimationDuration: 1e-160)] {
            let before = entry.world.fingerprint
            // The tokens' own check refuses it first, naming the token.
            #expect { try entry.world.flowingHeader(on: entry.screen, title: entry.title, tokens: tokens) } throws: { error in
                guard case let .invalidValue(name, _, _) = error as? PortalError else { return false }
                return name.hasPrefix("FlowingHeaderTokens.")
            }
            #expect(entry.world.fingerprint == before)
        }
    }

    @Test("the push that used to trap in TrackStore.start (a delay of −1) is refused, and a valid one runs")
    func navigationDelayRegression() throws {
        let entry = try Entry()
        #expect(throws: PortalError.self) {
            try entry.world.push(entry.spare, onto: entry.stack,
                                 transition: NavigationTransition.slide.animation(.easeIn(duration: 0.5).delay(-1)))
        }
        try entry.world.push(entry.spare, onto: entry.stack, transition: NavigationTransition.slide.animation(.easeIn(duration: 0.5).delay(0.25)))
        entry.world.run(ticks: 120)
        #expect(try entry.world.screens(of: entry.stack) == [entry.home, entry.detail, entry.spare])
    }

    // MARK: - Tick arithmetic

    @Test("tick spans are clamped and tick sums saturate: no combination of accepted numbers overflows")
    func saturatingTicks() {
        let step = 1.0 / 10_000
        #expect(TrackStore.spanTicks(1e300, step: step, atLeast: 0) == TrackStore.maxSpanTicks)
        #expect(TrackStore.spanTicks(.infinity, step: step, atLeast: 1) == TrackStore.maxSpanTicks)
        #expect(TrackStore.spanTicks(.nan, step: step, atLeast: 1) == TrackStore.maxSpanTicks)
        #expect(TrackStore.spanTicks(-5, step: step, atLeast: 0) == 0)
        #expect(TrackStore.spanTicks(0.5, step: 1.0 / 120, atLeast: 1, rounding: .up) == 60)
        #expect(TrackStore.spanTicks(0.5, step: 1.0 / 120, atLeast: 0) == 60)
        #expect(TrackStore.later(.max - 3, by: 10) == .max)
        #expect(TrackStore.later(.max, by: 0) == .max)
        #expect(TrackStore.later(7, by: 5) == 12)
        // The longest accepted delay and duration at the slowest accepted speed, at 10 kHz.
        let longest = Animation.linear(duration: Animation.maxSeconds).delay(1).speed(1e-6)
        #expect(throws: Never.self) { try longest.validate(step: step) }
        #expect(TrackStore.spanTicks(longest.delay, step: step, atLeast: 0) == TrackStore.maxSpanTicks)
    }

    @Test("the longest, slowest animations a 10 kHz world accepts start and run without a trap")
    func extremeButAccepted() throws {
        let world = try World(configuration: .init(tickRate: 10_000))
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try world.animate(view, to: ViewProperties(opacity: 0), with: .linear(duration: Animation.maxSeconds).delay(1).speed(1e-6))
        try world.animate(view, to: ViewProperties(cornerRadius: 4), with: .spring(duration: Animation.maxSeconds, bounce: 0.9).speed(1e-6))
        try world.animate(view, to: ViewProperties(frame: Rect(x: 5, y: 0, width: 10, height: 10)), with: .spring(duration: 0.5, bounce: 2))
        world.run(ticks: 100)
        let p = try world.presentation(of: view)
        #expect(p.opacity == 1 && p.frame.minX.isFinite && p.cornerRadius.isFinite)
    }

    // MARK: - Finite output

    @Test("a timing curve's y is bounded: 1e308 and 1e30 are refused, naming the control points")
    func curveBound() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for y in [1e308, 1e30, -1001, .nan] {
            #expect { try world.animate(view, to: ViewProperties(opacity: 0), with: .timingCurve(0.5, y, 0.5, 1)) } throws: { error in
                guard case let .invalidAnimation(_, reason) = error as? PortalError else { return false }
                return reason.contains("control points")
            }
        }
        #expect(UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.5, y: 1000), endControlPoint: UnitPoint(x: 0.5, y: -1000)).isValid)
    }

    @Test("the most extreme accepted curve over the largest accepted move stays finite on every tick")
    func extremeCurveStaysFinite() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: -1e9, y: 0, width: 0, height: 10))
        world.tick()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 1e9, y: 0, width: 1e9, height: 10)),
                          with: .timingCurve(0.3, 1000, 0.7, -1000, duration: 0.5))
        var largest: Float = 0
        for _ in 0..<70 {
            world.tick()
            let frame = try world.presentation(of: view).frame
            #expect(frame.minX.isFinite && frame.width.isFinite)
            largest = max(largest, abs(frame.minX))
        }
        #expect(largest > 1e11)                          // it really overshoots by hundreds of moves
        #expect(try world.presentation(of: view).frame.minX == 1e9)
    }

    @Test("a spring taking over a curve at a vertical tangent starts with a finite velocity and runs its course")
    func verticalTangentTakeOver() throws {
        // x(t) = 3t(1−t)²·1 + 3t²(1−t)·0 + t³ has x′(½) = 0: a vertical tangent at progress ½.
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 1, y: 0), endControlPoint: UnitPoint(x: 0, y: 1))
        #expect(curve.velocity(at: 0.5) == .infinity)
        // At 128 Hz a 1 s curve is exactly at progress ½ after 64 ticks (1/128 is exact).
        let world = try World(configuration: .init(tickRate: 128))
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        world.tick()
        try world.animate(view, to: ViewProperties(opacity: 0), with: .timingCurve(curve, duration: 1))
        world.run(ticks: 64)
        try world.animate(view, to: ViewProperties(opacity: 0.5), with: .bouncy)
        world.tick()
        // Before, the takeover carried an infinite velocity: the spring's settling time came out
        // as 0 and it snapped onto its target at once.
        #expect(world.runningAnimationCount == 1)
        var ticks = 1
        while world.runningAnimationCount == 1 {
            let finite = world.tracks.velocity.prefix(world.tracks.laneCount).allSatisfy { $0.isFinite }
            #expect(finite)
            #expect(try world.presentation(of: view).opacity.isFinite)
            world.tick()
            ticks += 1
        }
        #expect(ticks > 30)
        #expect(try world.presentation(of: view).opacity == 0.5)
    }

    @Test("retargeting a slow spring every tick with the largest initial velocity stays finite")
    func retargetChainStaysFinite() throws {
        // Each start adds initialVelocity × (goal − now) to the carried velocity; unbounded, the
        // value grew ×1e4 a tick and overflowed Float within ten ticks.
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        world.tick()
        let slow = Animation.interpolatingSpring(Spring(duration: Animation.maxSeconds, bounce: 0), initialVelocity: 1e6)
        for i in 0..<40 {
            let x: Float = i % 2 == 0 ? 1e9 : -1e9
            try world.animate(view, to: ViewProperties(frame: Rect(x: x, y: 0, width: 10, height: 10)), with: slow)
            world.tick()
            let frame = try world.presentation(of: view).frame
            #expect(frame.minX.isFinite, "tick \(i)")
            #expect(world.renderList.allSatisfy { $0.frame.minX.isFinite })
        }
        world.run(ticks: 600)
        #expect(try world.presentation(of: view).frame.minX.isFinite)
    }

    // MARK: - Output ranges

    @Test("a bouncy spring overshoots opacity, size and radius; the render list and presentation stay in range, the block keeps the truth")
    func outputRanges() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 10, opacity: 0)
        world.tick()
        try world.animate(view, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 0, height: 0), cornerRadius: 0, opacity: 1,
                                                   shadowRadius: 0), with: .bouncy)
        var overshoot = (opacity: Float(0), width: Float(0), radius: Float(0))
        for _ in 0..<120 {
            world.tick()
            let slot = try #require(world.views.slot(of: view))
            overshoot.opacity = max(overshoot.opacity, world.views.value(.opacity, slot: slot))
            overshoot.width = min(overshoot.width, world.views.value(.width, slot: slot))
            overshoot.radius = min(overshoot.radius, world.views.value(.cornerRadius, slot: slot))
            let item = try #require(world.renderList.first { $0.entity == view })
            let p = try world.presentation(of: view)
            for (opacity, frame, radius) in [(item.opacity, item.frame, item.cornerRadius), (p.opacity, p.frame, p.cornerRadius)] {
                #expect(opacity >= 0 && opacity <= 1)
                #expect(frame.width >= 0 && frame.height >= 0 && radius >= 0)
            }
            #expect(p.opacity == item.opacity && p.frame == item.frame && p.cornerRadius == item.cornerRadius)
        }
        // The motion itself overshot (1.046 for opacity), and kept its true values.
        #expect(overshoot.opacity > 1.04 && overshoot.width < -4 && overshoot.radius < -0.4)
    }

    @Test("retargeting during an overshoot continues from the true value, not the clamped one")
    func retargetFromTrueValue() throws {
        let world = World()
        let view = try world.spawnView(frame: .zero, opacity: 0)
        world.tick()
        try world.animate(view, to: ViewProperties(opacity: 1), with: .bouncy)
        var ticks = 0
        while try world.presentation(of: view).opacity < 1 || world.views.value(.opacity, slot: world.views.slot(of: view)!) <= 1.02 {
            world.tick()
            ticks += 1
            try #require(ticks < 120)
        }
        let slot = try #require(world.views.slot(of: view))
        let lane = Int(world.views.lanes[slot * ViewChannel.stride + ViewChannel.opacity.rawValue])
        let truth = world.tracks.value[lane]
        #expect(truth > 1.02)
        // A linear curve from the true value: after one of 60 ticks it is 1/60 of the way to 0.
        try world.animate(view, to: ViewProperties(opacity: 0), with: .linear(duration: 0.5))
        world.tick()
        #expect(abs(world.views.value(.opacity, slot: slot) - truth * (1 - 1.0 / 60)) < 1e-5)
    }

    // MARK: - isDrawn

    @Test("presentation(of:).isDrawn matches the render list for every reason a view is not drawn")
    func isDrawn() throws {
        let frame = Rect(x: 0, y: 0, width: 390, height: 844)
        let world = World()
        func expectDrawn(_ view: Entity, _ drawn: Bool, _ why: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(try world.presentation(of: view).isDrawn == drawn, why, sourceLocation: sourceLocation)
            #expect(world.renderList.contains { $0.entity == view } == drawn, why, sourceLocation: sourceLocation)
        }
        let home = try world.spawnView(frame: frame), detail = try world.spawnView(frame: frame)
        let card = try world.spawnView(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        let big = try world.spawnView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let source = try world.spawnView(frame: Rect(x: 20, y: 100, width: 60, height: 40))
        let content = try world.spawnView(frame: .zero)
        let screen = try world.spawnView(frame: frame), title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40))
        try expectDrawn(home, false, "spawned since the last tick")
        try world.portal(card, id: "hero", as: .source)
        try world.portal(big, id: "hero", as: .destination)
        try world.setPopupContainer(bounds: frame)
        let header = try world.flowingHeader(on: screen, title: title)
        try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 100, width: 200, height: 40), bar: Rect(x: 0, y: 40, width: 390, height: 44),
                                          barTitleSize: Size(width: 100, height: 20))
        let stack = try world.spawnNavigationStack(frame: frame, root: home)
        world.tick()
        try expectDrawn(home, true, "a stack's top screen")
        try expectDrawn(big, false, "an inactive portal's destination")
        try expectDrawn(card, true, "an inactive portal's source")
        try expectDrawn(title, true, "a header's title on a drawn screen")

        try world.push(detail, onto: stack, transition: .slide)
        try world.setHidden(true, of: source)
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.tick()
        try expectDrawn(source, false, "hidden by the app")
        try expectDrawn(card, false, "a source while its layer flies")
        try expectDrawn(big, false, "a destination while the layer flies")
        world.run(ticks: 70)
        try expectDrawn(home, false, "a screen covered by a push")
        try expectDrawn(detail, true, "the pushed screen")
        try expectDrawn(big, true, "the destination once the layer landed")

        try world.setHidden(false, of: source)
        try world.presentPopup(content, from: source, height: 100)
        world.run(ticks: 30)
        try expectDrawn(content, true, "a presented popup")
        try world.dismissPopup(content)
        world.run(ticks: 30)
        try expectDrawn(content, false, "a dismissed popup's content")

        try world.setHidden(true, of: screen)
        world.tick()
        try expectDrawn(title, false, "a header part whose screen is hidden")
    }
}
