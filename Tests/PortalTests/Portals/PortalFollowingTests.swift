import Testing
@testable import Portal

// A shared element on a swipe-back (issue 26): a portal flight that follows a navigation
// transition takes its progress from it. Every tick the layer must be where the two anchors,
// as drawn, mixed by the transition's progress put it: checked against the closed form of the
// slide (ease-in-out curve; the finger's translation ÷ width) and against the world's own
// progress.

private let width: Float = 400
private let dt = 1.0 / 120
private let eased = NavigationTransition.slide.animation(.easeInOut(duration: 0.5))
private let cellFrame = Rect(x: 16, y: 300, width: 160, height: 200)
private let imageFrame = Rect(x: 0, y: 100, width: 400, height: 300)

/// A list screen with a cell (the source, radius 8) under a stack, and a detail screen with an
/// image (the destination).
private struct SwipeHeroScene {
    let world = World()
    let list: Entity, detail: Entity, cell: Entity, image: Entity, stack: Entity
    var config: PortalTransitionConfig

    init(recording: Bool = false) throws {
        if recording { try world.startRecording() }
        list = try world.spawnView(frame: Rect(x: 0, y: 0, width: width, height: 800))
        stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: width, height: 800), root: list)
        detail = try world.spawnScreen(for: stack)
        cell = try world.spawnView(frame: cellFrame, cornerRadius: 8, in: list)
        image = try world.spawnView(frame: imageFrame, in: detail)
        try world.portal(cell, id: "photo", as: .source)
        try world.portal(image, id: "photo", as: .destination)
        config = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.45), delay: 0.06, duration: 0.45),
                                        corners: PortalCorners(source: 8, destination: 0))
        config.following = stack
        world.tick()
    }

    var layer: RenderItem? { world.renderList.first { $0.role == .overlay } }
    func drawn(_ e: Entity) -> Bool { world.renderList.contains { $0.entity == e } }

    /// Where the layer must be: the cell as drawn (its screen moved by `listX`) and the image as
    /// drawn (its screen moved by `detailX`), mixed by `f` (0 at the cell), and the radius 8 → 0.
    func expected(listX: Double, detailX: Double, f: Double) -> (x: Double, y: Double, w: Double, h: Double, r: Double) {
        let sx = Double(cellFrame.minX) + listX, dx = Double(imageFrame.minX) + detailX
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        return (mix(sx, dx), mix(Double(cellFrame.minY), Double(imageFrame.minY)), mix(Double(cellFrame.width), Double(imageFrame.width)),
                mix(Double(cellFrame.height), Double(imageFrame.height)), mix(8, 0))
    }

    /// Checks the layer against `expected`, and against the world's own progress read as `f`.
    func check(listX: Double, detailX: Double, f: Double, _ label: String) throws {
        guard let layer else { Issue.record("\(label): no layer"); return }
        let e = expected(listX: listX, detailX: detailX, f: f)
        #expect(abs(Double(layer.frame.minX) - e.x) < 2e-2 && abs(Double(layer.frame.minY) - e.y) < 2e-2, "\(label): \(layer.frame) vs \(e)")
        #expect(abs(Double(layer.frame.width) - e.w) < 2e-2 && abs(Double(layer.frame.height) - e.h) < 2e-2, "\(label): \(layer.frame) vs \(e)")
        #expect(abs(Double(layer.cornerRadius) - e.r) < 1e-3, "\(label): radius \(layer.cornerRadius) vs \(e.r)")
        #expect(!drawn(cell) && !drawn(image), "\(label): exactly one of source, layer, destination")
    }

    func portalEvents() -> [PortalEvent] {
        world.drainEvents().compactMap { if case let .portalDidComplete(e) = $0 { return e } else { return nil } }
    }

    /// Pushes the detail with the hero following the push, and checks every tick of it.
    func push() throws {
        try world.portalTransition(id: "photo", isActive: true, config: config)
        try world.push(detail, onto: stack, transition: eased)
        for k in 1...60 {
            world.tick()
            let p = UnitCurve.easeInOut.value(at: Double(k) / 60)
            if k < 60 {
                #expect(abs(Double(try world.navigationProgress(of: stack)!) - p) < 1e-5)
                try check(listX: -Double(width) * p, detailX: Double(width) * (1 - p), f: p, "push tick \(k)")
            }
        }
        // The layer lands with the push, on its last tick, not after its own 0.45 s spring.
        #expect(layer == nil && drawn(image) && !drawn(cell))
        #expect(portalEvents().map(\.direction) == [.forward])
    }
}

@Suite("Portal following a navigation transition")
struct PortalFollowingTests {
    @Test("a hero following a push moves with its progress and lands with it, ignoring its own spring and delay")
    func followsPush() throws {
        let s = try SwipeHeroScene()
        try s.push()
        #expect(try s.world.screens(of: s.stack) == [s.list, s.detail])
    }

    @Test("swipe-back, cancelled: the element moves with the finger, returns with the screens, and the portal is active again")
    func swipeBackCancelled() throws {
        let s = try SwipeHeroScene()
        try s.push()
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 5, y: 400), transition: eased))
        try s.world.portalTransition(id: "photo", isActive: false, config: s.config)
        var q = 0.0
        for k in 1...12 {
            let translation = Float(k) * 5       // the finger moves 5 pt a frame: q = k·5 ÷ 400
            try s.world.updateInteractivePop(s.stack, translation: translation)
            s.world.tick()
            q = Double(translation / width)
            #expect(abs(Double(try s.world.navigationProgress(of: s.stack)!) - q) < 1e-6)
            try s.check(listX: -Double(width) * (1 - q), detailX: Double(width) * q, f: 1 - q, "finger tick \(k)")
        }
        let decision = try s.world.endInteractivePop(s.stack, velocity: -300)   // q = 0.15: cancels
        #expect(!decision.finishes)
        // The rest plays the progress back in q of 0.5 s (9 ticks) with the curve.
        let n = Int((q * 0.5 / dt - 1e-9).rounded(.up))
        for k in 1...n {
            s.world.tick()
            if k < n {
                let qk = q * (1 - UnitCurve.easeInOut.value(at: Double(k) * dt / (q * 0.5)))
                let p = Double(try s.world.navigationProgress(of: s.stack)!)
                #expect(abs(p - qk) < 1e-5, "tick \(k): progress \(p) vs \(qk)")
                try s.check(listX: -Double(width) * (1 - qk), detailX: Double(width) * qk, f: 1 - qk, "cancel tick \(k)")
            }
        }
        #expect(s.layer == nil && s.drawn(s.image) && !s.drawn(s.cell), "the element is back on the detail")
        #expect(s.portalEvents().map(\.direction) == [.forward])
        #expect(try s.world.screens(of: s.stack) == [s.list, s.detail])
        #expect(s.world.isIdle)
        // The portal is active: flying it back on its own clock works as ever.
        try s.world.portalTransition(id: "photo", isActive: false)
        s.world.tick()
        #expect(s.layer != nil)
    }

    @Test("swipe-back, finished: the element continues with the release's speed and lands on the cell as the pop completes")
    func swipeBackFinished() throws {
        let s = try SwipeHeroScene()
        try s.push()
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 5, y: 400), transition: eased))
        try s.world.portalTransition(id: "photo", isActive: false, config: s.config)
        try s.world.updateInteractivePop(s.stack, translation: 200)
        s.world.tick()
        try s.check(listX: -200, detailX: 200, f: 0.5, "at half")
        let decision = try s.world.endInteractivePop(s.stack, velocity: 1000)
        #expect(decision.finishes && decision.completionSpeed == 1.25)
        // The rest: 0.5 of 0.5 s at speed 1.25 = 0.2 s, 24 ticks, from q = 0.5 to 1 with the curve.
        for k in 1...24 {
            s.world.tick()
            if k < 24 {
                let qk = 0.5 + 0.5 * UnitCurve.easeInOut.value(at: Double(k) / 24)
                let pk = Double(try s.world.navigationProgress(of: s.stack)!)
                #expect(abs(pk - qk) < 1e-5, "tick \(k): \(pk) vs \(qk)")
                try s.check(listX: -Double(width) * (1 - qk), detailX: Double(width) * qk, f: 1 - qk, "finish tick \(k)")
            }
        }
        #expect(s.layer == nil && s.drawn(s.cell) && !s.drawn(s.image))
        #expect(s.portalEvents().map(\.direction) == [.reverse])
        #expect(try s.world.screens(of: s.stack) == [s.list])
    }

    @Test("a pop turning the push round takes the hero back with it; a new request unties the flight")
    func turnedAndUntied() throws {
        let s = try SwipeHeroScene()
        try s.world.portalTransition(id: "photo", isActive: true, config: s.config)
        try s.world.push(s.detail, onto: s.stack, transition: eased)
        s.world.run(ticks: 20)
        try s.world.pop(s.stack)
        var done = false
        for k in 1...200 where !done {
            s.world.tick()
            if let p = try s.world.navigationProgress(of: s.stack) {
                try s.check(listX: -Double(width) * Double(p), detailX: Double(width) * (1 - Double(p)), f: Double(p), "turned tick \(k)")
            } else {
                done = true
            }
        }
        #expect(s.layer == nil && s.drawn(s.cell) && !s.drawn(s.image))
        #expect(s.portalEvents().map(\.direction) == [.reverse])
        // Following a push, then asked to fly back: the flight goes on on its own clock and lands.
        try s.world.portalTransition(id: "photo", isActive: true, config: s.config)
        try s.world.push(s.detail, onto: s.stack, transition: eased)
        s.world.run(ticks: 10)
        _ = s.world.drainEvents()
        let asked = s.world.tickCount
        try s.world.portalTransition(id: "photo", isActive: false, config: s.config)
        s.world.run(ticks: 100)
        // Landed on the cell on its own clock: not before its 0.45 s (54 ticks), not with the push (50 ticks on).
        let landed = s.world.drainEvents().compactMap { if case let .portalDidComplete(e) = $0 { return e } else { return nil } }
        #expect(landed.map(\.direction) == [.reverse])
        #expect(landed.first.map { $0.tick - asked >= 54 && $0.tick - asked < 100 } == true, "\(landed) asked at \(asked)")
        #expect(try s.world.screens(of: s.stack) == [s.list, s.detail])
        #expect(s.layer == nil && s.world.isIdle)
    }

    @Test("following must name a live navigation stack; the option is traced and replayed bit for bit")
    func validatedAndTraced() throws {
        var s = try SwipeHeroScene(recording: true)
        s.config.following = s.cell
        #expect(throws: PortalError.notANavigationStack(s.cell)) { try s.world.portalTransition(id: "photo", isActive: true, config: s.config) }
        s.config.following = s.stack
        let world = s.world
        try world.portalTransition(id: "photo", isActive: true, config: s.config)
        try world.push(s.detail, onto: s.stack, transition: eased)
        world.run(ticks: 30)
        let text = try #require(world.stopRecording())
        #expect(text.contains("following="))
        let replayed = try Trace(text).replay()
        #expect(replayed.renderList == world.renderList)
    }
}
