import Testing
@testable import Portal

/// A world with one vertical list: a 390 × 844 view whose content is 390 × 3000.
private func listWorld(_ configure: (inout ScrollViewConfiguration) -> Void = { _ in }) throws -> (World, Entity) {
    let world = World()
    let list = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    var configuration = ScrollViewConfiguration(contentSize: Size(width: 390, height: 3000))
    configure(&configuration)
    try world.makeScrollView(list, configuration: configuration)
    world.tick()
    return (world, list)
}

/// The scroll views' pan handler, as the pointer arbiter calls it.
private func handler(_ world: World) throws -> PanHandler {
    try #require(world.features.panHandlers.first { $0.feature == ScrollViewFeature.name })
}

/// Drives a pan the way the arbiter does: each update applies, then a tick runs.
private func pan(_ world: World, _ view: Entity, _ phase: PanPhase, _ translation: Point, velocity: Point = .zero,
                 axis: PanAxis = .vertical) throws {
    let update = PanUpdate(phase: phase, axis: axis, translation: translation, velocity: velocity, location: .zero)
    try handler(world).update(world, view, update, world.tickCount + 1)
}

private func offset(_ world: World, _ view: Entity) throws -> Point { try world.scrollViewState(of: view).contentOffset }

@Suite("Scroll views in the world")
struct ScrollViewTests {
    @Test("bad input is refused with the argument named, and the world is unchanged")
    func validation() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let plain = try world.spawn()
        world.tick()
        func refused(_ body: () throws(PortalError) -> Void, _ check: (PortalError) -> Bool) {
            let before = world.fingerprint, staged = world.scrollViews.staged.count
            do { try body(); Issue.record("accepted") } catch { #expect(check(error), "\(error)") }
            #expect(world.fingerprint == before && world.scrollViews.staged.count == staged)
            #expect(world.isIdle)
            #expect(!world.isScrollView(view))
        }
        var bad = ScrollViewConfiguration(contentSize: Size(width: .nan, height: 10))
        refused({ () throws(PortalError) in try world.makeScrollView(view, configuration: bad) }) {
            if case .invalidGeometry("configuration.contentSize.width", _, _) = $0 { true } else { false }
        }
        bad = ScrollViewConfiguration(contentSize: Size(width: 10, height: -1))
        refused({ () throws(PortalError) in try world.makeScrollView(view, configuration: bad) }) {
            if case .invalidGeometry("configuration.contentSize.height", -1, _) = $0 { true } else { false }
        }
        bad = ScrollViewConfiguration(contentSize: Size(width: 10, height: 10), contentInset: EdgeInsets(top: 0, leading: .infinity))
        refused({ () throws(PortalError) in try world.makeScrollView(view, configuration: bad) }) {
            if case .invalidGeometry("configuration.contentInset.leading", _, _) = $0 { true } else { false }
        }
        for rate in [0, 1, .nan, -0.5, 1.5] {
            bad = ScrollViewConfiguration(contentSize: Size(width: 10, height: 10), decelerationRate: ScrollDecelerationRate(rawValue: rate))
            refused({ () throws(PortalError) in try world.makeScrollView(view, configuration: bad) }) {
                if case .invalidValue("configuration.decelerationRate", _, _) = $0 { true } else { false }
            }
        }
        let good = ScrollViewConfiguration(contentSize: Size(width: 10, height: 10))
        refused({ () throws(PortalError) in try world.makeScrollView(plain, configuration: good) }) { $0 == .notAView(plain) }
        refused({ () throws(PortalError) in try world.removeScrollView(view) }) { $0 == .notAScrollView(view) }
        refused({ () throws(PortalError) in try world.scroll(view, to: .zero, animated: false) }) { $0 == .notAScrollView(view) }
        refused({ () throws(PortalError) in _ = try world.scrollViewState(of: view) }) { $0 == .notAScrollView(view) }
        // Once made (staged), the calls validate against it; a bad offset names `offset`.
        try world.makeScrollView(view, configuration: good)
        #expect(world.isScrollView(view))
        do { try world.scroll(view, to: Point(x: 0, y: .nan), animated: true); Issue.record("accepted") } catch {
            guard case .invalidGeometry("offset", _, _) = error else { Issue.record("\(error)"); return }
        }
        try world.removeScrollView(view)
        #expect(!world.isScrollView(view))
        #expect(throws: PortalError.notAScrollView(view)) { try world.removeScrollView(view) }
        world.tick()
        #expect(world.scrollViews.count == 0 && world.isIdle)
        let dead = try world.spawnView(frame: .zero)
        try world.despawn(dead)
        #expect(throws: PortalError.staleEntity(dead)) { try world.makeScrollView(dead, configuration: good) }
    }

    @Test("dragging follows the finger 1:1, rubber-bands past the top (b(x) with d = 844), and is held there without bounces")
    func tracking() throws {
        let (world, list) = try listWorld()
        #expect(try world.scrollViewState(of: list) == ScrollViewState(contentOffset: .zero, velocity: .zero, isTracking: false,
                                                                      isDragging: false, isDecelerating: false, isScrollAnimating: false))
        try pan(world, list, .began, .zero)
        try pan(world, list, .changed, Point(x: 30, y: -250), velocity: Point(x: 0, y: -400))
        world.tick()
        #expect(try offset(world, list) == Point(x: 0, y: 250))   // content 390 wide: no horizontal scroll
        let state = try world.scrollViewState(of: list)
        #expect(state.isDragging && state.isTracking && !state.isDecelerating && state.velocity == Point(x: 0, y: 400))
        #expect(world.renderList.isEmpty == false)
        try pan(world, list, .changed, Point(x: 0, y: 100))        // 100 pt past the top (the travel counts from the lock)
        world.tick()
        #expect(try offset(world, list).y == Float(-ScrollPhysics.rubberBand(100, extent: 844)))
        let events = world.drainEvents()
        #expect(events == [.scrollViewWillBeginDragging(list, tick: 2)])

        let (held, view) = try listWorld { $0.bounces = false }
        try pan(held, view, .began, .zero)
        try pan(held, view, .changed, Point(x: 0, y: 350))
        #expect(try offset(held, view).y == 0)
        try pan(held, view, .changed, Point(x: 0, y: -5000))
        #expect(try offset(held, view).y == 3000 - 844)
    }

    @Test("a release glides on UIScrollView's closed form, tick by tick, and rests at x₀ − v₀/(1000 ln r)")
    func glide() throws {
        let (world, list) = try listWorld()
        try pan(world, list, .began, .zero)
        try pan(world, list, .changed, Point(x: 0, y: -200))
        world.tick()
        let released = world.tickCount + 1
        try pan(world, list, .ended, Point(x: 0, y: -200), velocity: Point(x: 0, y: -1200))
        #expect(world.drainEvents().suffix(1) == [.scrollViewDidEndDragging(list, willDecelerate: true, tick: released)])
        #expect(!world.isIdle)
        let step = world.tickDuration
        var n = 0
        while !world.isIdle {
            world.tick()
            n += 1
            let state = try world.scrollViewState(of: list)
            if state.isDecelerating {
                let exact = ScrollPhysics.decelerationOffset(200, velocity: 1200, rate: .normal, time: Double(n) * step)
                #expect(state.contentOffset.y == Float(exact), "tick \(n)")
            }
        }
        #expect(try offset(world, list).y == Float(ScrollPhysics.restingOffset(200, velocity: 1200, rate: .normal)))
        #expect(n == Int((ScrollPhysics.decelerationDuration(1200, rate: .normal) / step).rounded(.up)))
        #expect(world.drainEvents() == [.scrollViewDidEndDecelerating(list, tick: released + UInt64(n) - 1)])
    }

    @Test("a fling past the end crosses the edge and springs back to it; a release past the top springs back")
    func bounces() throws {
        let (world, list) = try listWorld()
        try world.setContentOffset(Point(x: 0, y: 2000), of: list)
        world.tick()
        try pan(world, list, .began, .zero)
        try pan(world, list, .ended, .zero, velocity: Point(x: 0, y: -3000))
        var peak: Float = 0
        while !world.isIdle {
            world.tick()
            peak = max(peak, try offset(world, list).y)
        }
        // Past the edge by less than a critically damped spring's largest excursion from the
        // crossing velocity (below the release's 3,000 pt/s): v/(ω·e), ω = 10.
        #expect(peak > 2156 && Double(peak) < 2156 + 3000 / (10 * 2.718281828))
        #expect(try offset(world, list).y == 2156)

        try pan(world, list, .began, .zero)
        try pan(world, list, .changed, Point(x: 0, y: 2156 + 200))
        let pulled = try offset(world, list).y
        #expect(pulled == Float(-ScrollPhysics.rubberBand(200, extent: 844)))
        try pan(world, list, .ended, Point(x: 0, y: 2156 + 200))
        var k = 0
        while !world.isIdle {
            world.tick()
            k += 1
            let y = try offset(world, list).y
            #expect(y <= 0)
            if try world.scrollViewState(of: list).isDecelerating {
                let exact = ScrollPhysics.bounceSpring.solve(displacement: Double(pulled), velocity: 0, time: Double(k) * world.tickDuration)
                #expect(y == Float(exact.displacement), "tick \(k)")
            }
        }
        #expect(try offset(world, list).y == 0)
    }

    @Test("paging: a flick moves one page, a slow drag past half a page moves one, a short one comes back")
    func paging() throws {
        let world = World()
        let pager = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 300))
        try world.makeScrollView(pager, configuration: ScrollViewConfiguration(contentSize: Size(width: 390 * 5, height: 300), isPagingEnabled: true))
        world.tick()
        func drag(_ dx: Float, velocity: Float) throws -> Float {
            try pan(world, pager, .began, .zero, axis: .horizontal)
            try pan(world, pager, .ended, Point(x: dx, y: 0), velocity: Point(x: velocity, y: 0), axis: .horizontal)
            while !world.isIdle { world.tick() }
            return try offset(world, pager).x
        }
        #expect(try drag(-60, velocity: -2500) == 390)     // a flick: the next page, not four
        #expect(try drag(-250, velocity: 0) == 780)        // past half a page
        #expect(try drag(-100, velocity: 0) == 780)        // not past half: back
        #expect(try drag(120, velocity: 800) == 390)       // back one
        #expect(try drag(0, velocity: 9000) == 0)          // to the first, no further
    }

    @Test("a target hook (scrollViewWillEndDragging) gets the release velocity and the glide's rest, and the content springs to its answer")
    func targetHook() throws {
        let (world, list) = try listWorld()
        final class Seen { var calls: [(Entity, Point, Point)] = [] }
        let seen = Seen()
        try world.setScrollTargetHandler({ view, velocity, proposed in
            seen.calls.append((view, velocity, proposed))
            return Point(x: proposed.x, y: (proposed.y / 100).rounded() * 100)   // snap to 100-pt rows
        }, for: list)
        try pan(world, list, .began, .zero)
        try pan(world, list, .ended, Point(x: 0, y: -230), velocity: Point(x: 0, y: -1000))
        #expect(seen.calls.count == 1)
        let (view, velocity, proposed) = try #require(seen.calls.first)
        #expect(view == list && velocity == Point(x: 0, y: 1000))
        #expect(proposed == Point(x: 0, y: Float(ScrollPhysics.restingOffset(230, velocity: 1000, rate: .normal))))   // 729.5
        var k = 0
        while !world.isIdle {
            world.tick()
            k += 1
            if try world.scrollViewState(of: list).isDecelerating {
                let exact = ScrollPhysics.bounceSpring.solve(displacement: 230 - 700, velocity: 1000, time: Double(k) * world.tickDuration)
                #expect(try offset(world, list).y == Float(700 + exact.displacement))
            }
        }
        #expect(try offset(world, list).y == 700)
        // A target past the end goes to the end; a NaN keeps the proposed rest.
        try world.setScrollTargetHandler({ _, _, _ in Point(x: .nan, y: 99_999) }, for: list)
        try pan(world, list, .began, .zero)
        try pan(world, list, .ended, Point(x: 0, y: -10), velocity: .zero)
        while !world.isIdle { world.tick() }
        #expect(try offset(world, list) == Point(x: 0, y: 2156))
        try world.setScrollTargetHandler(nil, for: list)
        #expect(world.scrollViews.targetHandlers.isEmpty)
        let plain = try world.spawnView(frame: .zero)
        #expect(throws: PortalError.notAScrollView(plain)) { try world.setScrollTargetHandler({ _, _, p in p }, for: plain) }
    }

    @Test("a press stops a glide (and says so); a host's content offset stops it where the host put it")
    func stopping() throws {
        let (world, list) = try listWorld()
        let h = try handler(world)
        #expect(h.pressed(world, list, world.tickCount + 1) == false)
        try pan(world, list, .began, .zero)
        try pan(world, list, .ended, .zero, velocity: Point(x: 0, y: -2000))
        for _ in 0..<10 { world.tick() }
        let at = try offset(world, list)
        _ = world.drainEvents()
        #expect(h.pressed(world, list, world.tickCount + 1))
        #expect(world.isIdle)
        #expect(world.drainEvents() == [.scrollViewDidEndDecelerating(list, tick: world.tickCount + 1)])
        world.tick()
        #expect(try offset(world, list) == at)

        try pan(world, list, .began, .zero)
        try pan(world, list, .ended, .zero, velocity: Point(x: 0, y: -2000))
        for _ in 0..<10 { world.tick() }
        _ = world.drainEvents()
        try world.setContentOffset(Point(x: 0, y: 42), of: list)
        world.tick()
        #expect(try offset(world, list) == Point(x: 0, y: 42))
        #expect(world.isIdle)
        #expect(world.drainEvents() == [.scrollViewDidEndDecelerating(list, tick: world.tickCount)])
        world.tick()
        #expect(try offset(world, list) == Point(x: 0, y: 42))
    }

    @Test("claims: the first round takes a pan it can follow, not one pushing against its edge; the fallback takes one it bounces")
    func claims() throws {
        let (world, list) = try listWorld()
        let h = try handler(world)
        func offer(_ axis: PanAxis, _ t: Point, fallback: Bool = false) -> PanOffer {
            PanOffer(axis: axis, translation: t, start: .zero, isFallback: fallback)
        }
        #expect(h.isCandidate(world, list))
        #expect(!h.claims(world, list, offer(.vertical, Point(x: 0, y: 12))))          // pulled down at the top
        #expect(h.claims(world, list, offer(.vertical, Point(x: 0, y: -12))))          // pushed up: scrolls
        #expect(h.claims(world, list, offer(.vertical, Point(x: 0, y: 12), fallback: true)))
        #expect(!h.claims(world, list, offer(.horizontal, Point(x: 12, y: 0))))        // content as wide as the view
        #expect(!h.claims(world, list, offer(.horizontal, Point(x: 12, y: 0), fallback: true)))
        try world.setContentOffset(Point(x: 0, y: 2156), of: list)
        world.tick()
        #expect(!h.claims(world, list, offer(.vertical, Point(x: 0, y: -12))))         // at the end
        #expect(h.claims(world, list, offer(.vertical, Point(x: 0, y: 12))))

        let (short, view) = try listWorld { $0.contentSize = Size(width: 390, height: 500) }
        #expect(!h.claims(short, view, offer(.vertical, Point(x: 0, y: -12))))
        #expect(!h.claims(short, view, offer(.vertical, Point(x: 0, y: -12), fallback: true)))
        let (bouncy, always) = try listWorld { $0.contentSize = Size(width: 390, height: 500); $0.alwaysBounceVertical = true }
        #expect(!h.claims(bouncy, always, offer(.vertical, Point(x: 0, y: -12))))
        #expect(h.claims(bouncy, always, offer(.vertical, Point(x: 0, y: -12), fallback: true)))
        let (stiff, noBounce) = try listWorld { $0.bounces = false }
        #expect(!h.claims(stiff, noBounce, offer(.vertical, Point(x: 0, y: 12), fallback: true)))
    }

    @Test("scroll(to:animated:) springs there and reports the end of the animation; without animation it sets the offset at the next tick")
    func scrollTo() throws {
        let (world, list) = try listWorld()
        try world.scroll(list, to: Point(x: 0, y: 600), animated: false)
        #expect(try offset(world, list) == .zero)
        world.tick()
        #expect(try offset(world, list) == Point(x: 0, y: 600))
        #expect(world.isIdle && world.drainEvents().isEmpty)
        try world.scroll(list, to: Point(x: 0, y: 100), animated: true)
        var k = 0
        while !world.isIdle {
            world.tick()
            k += 1
            let state = try world.scrollViewState(of: list)
            if state.isScrollAnimating {
                let exact = ScrollPhysics.scrollAnimationSpring.solve(displacement: 500, velocity: 0, time: Double(k) * world.tickDuration)
                #expect(state.contentOffset.y == Float(100 + exact.displacement))
            }
        }
        #expect(try offset(world, list) == Point(x: 0, y: 100))
        #expect(world.drainEvents() == [.scrollViewDidEndScrollingAnimation(list, tick: world.tickCount)])
    }

    @Test("a scroll view despawned or removed mid-glide leaves nothing behind")
    func removal() throws {
        let (world, list) = try listWorld()
        try pan(world, list, .began, .zero)
        try pan(world, list, .ended, .zero, velocity: Point(x: 0, y: -2000))
        world.tick()
        try world.removeScrollView(list)
        world.tick()
        #expect(world.isIdle && world.scrollViews.count == 0)
        #expect(world.drainEvents().last == .scrollViewDidEndDecelerating(list, tick: world.tickCount))
        let at = world.renderList
        world.tick()
        #expect(world.renderList == at)

        let (other, view) = try listWorld()
        try pan(other, view, .began, .zero)
        try pan(other, view, .ended, .zero, velocity: Point(x: 0, y: -2000))
        other.tick()
        try other.despawn(view)
        other.tick()
        #expect(other.isIdle && other.scrollViews.count == 0 && other.scrollViews.staged.isEmpty)
    }

    @Test("scroll calls are recorded, and a replay reproduces every frame bit for bit")
    func traceReplays() throws {
        final class Frames { var list: [[RenderItem]] = [] }
        func collect(_ world: World) -> Frames {
            let frames = Frames()
            world.addSystem("frames", stage: .output) { frames.list.append($0.renderList) }
            return frames
        }
        let world = World()
        let recorded = collect(world)
        try world.startRecording()
        let list = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try world.setClipsToBounds(true, of: list)
        for i in 0..<30 { _ = try world.spawnView(frame: Rect(x: 0, y: Float(i) * 100, width: 390, height: 90), in: list) }
        try world.makeScrollView(list, configuration: ScrollViewConfiguration(
            contentSize: Size(width: 390, height: 3000), contentInset: EdgeInsets(top: 20, leading: 0, bottom: 34, trailing: 0),
            isPagingEnabled: false, decelerationRate: ScrollDecelerationRate(rawValue: 0.9971), alwaysBounceHorizontal: true))
        world.tick()
        try world.scroll(list, to: Point(x: 0, y: 1234.5), animated: true)
        for _ in 0..<40 { world.tick() }
        try world.scroll(list, to: Point(x: 0, y: 10), animated: false)
        world.tick()
        try world.removeScrollView(list)
        world.tick()
        let text = try #require(world.stopRecording())
        #expect(text.contains("makeScrollView view=e1") && text.contains("rate=0.9971") && text.contains("scrollTo view=e1"))
        let replayer = TraceReplayer(try Trace(text))
        let replayed = collect(replayer.world)
        while try replayer.step() {}
        #expect(recorded.list.count == 43)
        #expect(replayed.list == recorded.list)
        #expect(Set(recorded.list.map { $0.first { $0.entity != list }?.globalTransform.m32 }).count > 30)   // it moved
    }
}

@Suite("A flowing header on a scroll view")
struct ScrollViewHeaderTests {
    /// A screen (a scroll view or not) with a header whose title and accessory flow, and a few cells.
    private static func scene(scrolls: Bool) throws -> (World, screen: Entity, header: Entity, title: Entity, accessory: Entity) {
        let world = World()
        let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        for i in 0..<5 { _ = try world.spawnView(frame: Rect(x: 0, y: 200 + Float(i) * 120, width: 390, height: 100), in: screen) }
        let title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40))
        let accessory = try world.spawnView(frame: Rect(x: 20, y: 20, width: 64, height: 64))
        let header = try world.flowingHeader(on: screen, title: title, accessory: accessory, displays: [.title, .accessory])
        try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 100, width: 200, height: 40),
                                          accessory: Rect(x: 20, y: 20, width: 64, height: 64),
                                          bar: Rect(x: 0, y: 40, width: 390, height: 44), barTitleSize: Size(width: 100, height: 20))
        if scrolls {
            try world.makeScrollView(screen, configuration: ScrollViewConfiguration(
                contentSize: Size(width: 390, height: 2400), contentInset: EdgeInsets(top: 16, leading: 0, bottom: 0, trailing: 0)))
        }
        world.tick()
        return (world, screen, header, title, accessory)
    }

    @Test("the header reads its scroll view as reportScroll with the same offsets (content offset + top inset) and phases would, following at once: its snapper decides, a follow is the offset's progress on that tick, the parts are where the header's geometry puts them")
    func readsItsScrollView() throws {
        let a = try Self.scene(scrolls: true)
        // Script: a drag down the content, a fling, a pull past the top and its bounce back.
        let script: [(Int, PanPhase, Point, Point)] = [
            (1, .began, .zero, .zero), (2, .changed, Point(x: 0, y: -30), Point(x: 0, y: -600)),
            (4, .changed, Point(x: 0, y: -70), Point(x: 0, y: -700)), (6, .changed, Point(x: 0, y: -90), Point(x: 0, y: -400)),
            (7, .ended, Point(x: 0, y: -95), Point(x: 0, y: -350)),
            (200, .began, .zero, .zero), (204, .changed, Point(x: 0, y: 300), Point(x: 0, y: 900)),
            (206, .ended, Point(x: 0, y: 330), Point(x: 0, y: 200)),
        ]
        // The model: the reports a host would make, through the same public snapper and geometry.
        var snapper = HeaderSnapper(behavior: .directional)
        var decision = HeaderSnapper.Decision.follow(0)
        var fed: (Float, ScrollPhase)?
        var reports = 0, phases: Set<ScrollPhase> = [], most: Float = 0, follows = 0
        let bar = Rect(x: 0, y: 40, width: 390, height: 44), titleAnchor = Rect(x: 20, y: 100, width: 200, height: 40)
        let barTitle = FlowingHeaderGeometry.barAnchors(bar: bar, titleSize: Size(width: 100, height: 20), layout: .horizontal).title
        for tick in 1...420 {
            for (t, phase, translation, velocity) in script where t == tick {
                try pan(a.0, a.screen, phase, translation, velocity: velocity)
            }
            a.0.tick()
            // What the host would report after this tick's scroll.
            let state = try a.0.scrollViewState(of: a.screen)
            let offset = state.contentOffset.y + 16
            let phase: ScrollPhase = state.isDragging ? .interacting : (state.isDecelerating || state.isScrollAnimating) ? .decelerating : .idle
            if fed == nil || fed! != (offset, phase) {
                let raw = FlowingHeaderGeometry.progress(offset: offset, accessoryHeight: 64, accessoryFlows: true)
                decision = snapper.report(offset: offset, phase: phase, progress: raw)
                fed = (offset, phase)
                reports += 1
                phases.insert(phase)
            }
            let progress = try a.0.flowingHeaderProgress(a.header)
            if case let .follow(p) = decision {
                #expect(progress == p, "tick \(tick): following, the progress is the offset's at once")
                follows += 1
            }
            most = max(most, progress)
            // The title is drawn where the header's geometry puts it for this progress and offset.
            let expected = FlowingHeaderGeometry.title(progress: progress, header: titleAnchor.offsetBy(dx: 0, dy: -offset), bar: barTitle)
            let item = try #require(a.0.renderList.first { $0.entity == a.title })
            let centre = item.globalTransform.map(Point(x: item.frame.width / 2, y: item.frame.height / 2))
            #expect(abs(centre.x - expected.center.x) <= 1e-3 && abs(centre.y - expected.center.y) <= 1e-3, "tick \(tick): \(centre) vs \(expected.center)")
        }
        #expect(follows > 100)
        #expect(phases == [.interacting, .decelerating, .idle] && reports > 100)
        #expect(try a.0.flowingHeaderProgress(a.header) == 0 && a.0.isIdle)
        // Part-way through the run the header had flowed fully (the fling went far), and it is back.
        #expect(most == 1)
        #expect(try a.0.scrollViewState(of: a.screen).contentOffset.y == -16)
    }

    @Test("a screen that stops being a scroll view stops feeding its header; reportScroll still drives it")
    func stopsReading() throws {
        let a = try Self.scene(scrolls: true)
        try a.0.scroll(a.screen, to: Point(x: 0, y: 300), animated: false)
        a.0.run(ticks: 90)
        #expect(try a.0.flowingHeaderProgress(a.header) == 1)
        try a.0.removeScrollView(a.screen)
        try a.0.setContentOffset(.zero, of: a.screen)
        try a.0.reportScroll(a.header, offset: 0, phase: .idle)
        a.0.run(ticks: 90)
        #expect(try a.0.flowingHeaderProgress(a.header) == 0)
        #expect(!a.0.headersReadScrollViews && a.0.headers.values[0].fedScroll == nil)
    }
}

@Suite("Scroll views: a seeded model test of random drags")
struct ScrollViewModelTests {
    /// Random configurations and random gestures (drags with random travel and release velocity,
    /// presses mid-glide, cancellations, host offsets, animated scrolls), ticking between them:
    /// every offset is finite; a scroll view that bounces comes to rest within its edges (on a
    /// page when paging); its events follow UIKit's order — willBeginDragging, didEndDragging,
    /// then one didEndDecelerating exactly when willDecelerate said so — and `isIdle` says
    /// whether anything still moves.
    @Test(arguments: LongTests.size([1, 2, 3], long: [1, 2, 3, 4, 5, 6]) as [UInt64])
    func randomGestures(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        func f(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo...hi, using: &rng) }
        let world = World()
        let size = Size(width: f(200, 500), height: f(300, 900))
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        let paging = Bool.random(using: &rng)
        let config = ScrollViewConfiguration(
            contentSize: Size(width: size.width * (paging ? 4 : f(0.5, 3)), height: size.height * f(0.5, 6)),
            contentInset: paging ? .zero : EdgeInsets(top: f(0, 60), leading: f(0, 20), bottom: f(0, 60), trailing: f(0, 20)),
            isPagingEnabled: paging, decelerationRate: Bool.random(using: &rng) ? .normal : .fast,
            bounces: paging || Bool.random(using: &rng), alwaysBounceVertical: Bool.random(using: &rng))
        try world.makeScrollView(view, configuration: config)
        world.tick()
        let edges = config.edges(width: size.width, height: size.height)
        // The expected event order, as a small state machine.
        enum Phase { case still, dragging, gliding }
        var phase = Phase.still
        func check(_ events: [WorldEvent]) {
            for event in events {
                switch (event, phase) {
                case (.scrollViewWillBeginDragging, .still): phase = .dragging
                case let (.scrollViewDidEndDragging(_, willDecelerate, _), .dragging): phase = willDecelerate ? .gliding : .still
                case (.scrollViewDidEndDecelerating, .gliding), (.scrollViewDidEndScrollingAnimation, .gliding): phase = .still
                default: Issue.record("seed \(seed): \(event) while \(phase)")
                }
            }
        }
        let h = try #require(world.features.panHandlers.first { $0.feature == ScrollViewFeature.name })
        for gesture in 0..<60 {
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll < 6 {
                let axis: PanAxis = paging || Bool.random(using: &rng) ? (paging ? .horizontal : .vertical) : .horizontal
                h.update(world, view, PanUpdate(phase: .began, axis: axis, translation: .zero, velocity: .zero, location: .zero), world.tickCount + 1)
                var t = Point.zero
                for _ in 0..<Int.random(in: 0..<8, using: &rng) {
                    t = Point(x: t.x + f(-300, 300), y: t.y + f(-600, 600))
                    h.update(world, view, PanUpdate(phase: .changed, axis: axis, translation: t, velocity: .zero, location: .zero), world.tickCount + 1)
                    world.tick()
                }
                let end: PanPhase = Int.random(in: 0..<8, using: &rng) == 0 ? .cancelled : .ended
                h.update(world, view, PanUpdate(phase: end, axis: axis, translation: t, velocity: Point(x: f(-6000, 6000), y: f(-6000, 6000)),
                                                location: .zero), world.tickCount + 1)
            } else if roll < 7 {
                _ = h.pressed(world, view, world.tickCount + 1)
            } else if roll < 8 {
                try world.scroll(view, to: Point(x: f(Float(edges.minX), Float(edges.maxX)), y: f(Float(edges.minY), Float(edges.maxY))),
                                 animated: Bool.random(using: &rng))
                world.tick()
                check(world.drainEvents())
                if phase == .still, world.scrollViews.activeAt[0] >= 0 { phase = .gliding }   // an animated scroll began
            } else {
                try world.setContentOffset(Point(x: f(Float(edges.minX), Float(edges.maxX)), y: f(Float(edges.minY), Float(edges.maxY))), of: view)
            }
            check(world.drainEvents())
            // Run a while, sometimes to rest.
            let ticks = Bool.random(using: &rng) ? Int.random(in: 0..<40, using: &rng) : 3000
            for _ in 0..<ticks {
                world.tick()
                let o = try world.scrollViewState(of: view).contentOffset
                #expect(o.x.isFinite && o.y.isFinite, "seed \(seed) gesture \(gesture)")
                if world.isIdle { break }
            }
            check(world.drainEvents())
            if world.isIdle {
                let state = try world.scrollViewState(of: view)
                #expect(!state.isDecelerating && !state.isDragging && !state.isScrollAnimating)
                #expect(phase == .still, "seed \(seed) gesture \(gesture): idle while \(phase)")
                if roll < 6 && config.bounces {
                    // Within the edges as the view's Float offset holds them.
                    let o = state.contentOffset
                    let (x0, x1, y0, y1) = (Float(edges.minX), Float(edges.maxX), Float(edges.minY), Float(edges.maxY))
                    #expect(o.x >= x0 && o.x <= x1 && o.y >= y0 && o.y <= y1,
                            "seed \(seed) gesture \(gesture): rests at \(o) outside \(x0)…\(x1), \(y0)…\(y1)")
                    if paging {
                        let pages = (0...4).map { Float(ScrollPhysics.pageOffset($0, pageSize: Double(size.width), minimum: edges.minX, maximum: edges.maxX)) }
                        #expect(pages.contains(o.x), "seed \(seed) gesture \(gesture): \(o.x) is not a page of \(pages)")
                    }
                }
            }
        }
    }
}
