import Testing
@testable import Portal

/// A presented hero portal with drag to dismiss: a screen-sized root (the container, 844 pt
/// high) holding a card (the source) and a detail view (the destination), and a finger.
struct DragScene {
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    static let cardFrame = Rect(x: 20, y: 100, width: 80, height: 80)
    static let detailFrame = Rect(x: 0, y: 120, width: 390, height: 600)
    let world = World()
    let root: Entity, card: Entity, detail: Entity
    let config: PortalTransitionConfig
    var finger: Finger

    init(drag: PortalDragDismiss = PortalDragDismiss(), animation: Animation = .smooth(duration: 0.3), log: FrameLog? = nil,
         build: (World, Entity, Entity) throws -> Void = { _, _, _ in }) throws {
        if let log {
            log.attach(to: world)
            try world.startRecording()
        }
        root = try world.spawnView(frame: DragScene.screen, in: nil)
        card = try world.spawnView(frame: DragScene.cardFrame, cornerRadius: 8, in: root)
        detail = try world.spawnView(frame: DragScene.detailFrame, cornerRadius: 24, in: root)
        try build(world, root, detail)
        try world.portal(card, id: "hero", as: .source)
        try world.portal(detail, id: "hero", as: .destination)
        world.tick()
        var config = PortalTransitionConfig(animation: PortalAnimation(animation, delay: 0, duration: 0))
        config.dragToDismiss = drag
        self.config = config
        try world.portalTransition(id: "hero", isActive: true, config: config)
        finger = Finger(world: world)
        for _ in 0..<600 where world.portals.motion[0].phase != .presented { world.tick() }
        log?.events.append(contentsOf: world.drainEvents())
        _ = world.drainEvents()
    }

    var key: Int { Int(world.portals.keys["hero"]!) }
    var phase: PortalPhase { world.portals.motion[key].phase }
    var layerSlot: Int? { world.portals.records[key].layer.flatMap { world.views.slot(of: $0) } }
    var layerFrame: Rect? { layerSlot.map { world.views.frame(slot: $0) } }
    func lane(_ channel: ViewChannel) -> Int? {
        guard let slot = layerSlot else { return nil }
        let lane = world.views.lanes[slot * ViewChannel.stride + channel.rawValue]
        return lane == ViewStore.noLane ? nil : Int(lane)
    }
    func isHidden(_ view: Entity) -> Bool { world.views.isHidden(slot: world.views.slot(of: view)!) }

    mutating func down(_ x: Float, _ y: Float) throws { try finger.down(x, y); world.tick() }
    mutating func move(_ x: Float, _ y: Float, after dt: Double = 0.008) throws { try finger.move(x, y, after: dt); world.tick() }
    mutating func up(_ x: Float, _ y: Float, after dt: Double = 0.008) throws { try finger.up(x, y, after: dt); world.tick() }

    /// The scene with a backdrop view (a strip at the top of the root, clear of the presses)
    /// configured for the drag.
    static func withBackdrop() throws -> (DragScene, Entity) {
        var backdropView: Entity?
        let scene = try DragScene { world, root, _ in
            backdropView = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 100), in: root)
        }
        let backdrop = try #require(backdropView)
        var config = scene.config
        config.dragToDismiss = PortalDragDismiss(backdrop: backdrop)
        try scene.world.portalTransition(id: "hero", isActive: true, config: config)
        scene.world.tick()
        return (scene, backdrop)
    }

    /// The frame the drag's formula gives for `translation` from `base` (container 844 pt).
    static func expectedFrame(_ base: Rect, _ t: Point, _ style: DragDismissStyle = DragDismissStyle()) -> Rect {
        let p = min(max(t.y, 0) / (style.scaleDistance * 844), 1)
        let s = 1 - (1 - style.minimumScale) * p
        let w = base.width * s, h = base.height * s
        return Rect(x: base.midX + t.x - w / 2, y: base.midY + t.y - h / 2, width: w, height: h)
    }
}

/// The velocity a lane started with, one tick before its state now: solves the lane's step
/// (d₁ = xx·d₀ + xv·v₀, v₁ = vx·d₀ + vv·v₀) for v₀ given d₀.
func startingVelocity(_ world: World, lane: Int, startValue: Float) -> Double {
    let tracks = world.tracks
    guard case let .spring(k, _, _) = tracks.records[Int(tracks.timing[lane])].drive else { return .nan }
    let d0 = Double(startValue) - Double(tracks.target[lane])
    return (Double(tracks.velocity[lane]) - Double(k.vx) * d0) / Double(k.vv)
}

@Suite("Drag to dismiss a portal's destination")
struct PortalDragDismissTests {
    @Test func theLayerFollowsTheFingerByTheFormula() throws {
        var scene = try DragScene()
        try scene.down(195, 300)
        try scene.move(195, 312)   // past the slop: the pan locks here, translation 0
        #expect(scene.phase == .dragged)
        #expect(scene.isHidden(scene.detail) && scene.isHidden(scene.card))
        #expect(scene.layerFrame == DragScene.detailFrame)
        for (k, dx) in [(1, Float(3)), (2, -5), (5, 11), (20, 0), (60, -30)] {
            try scene.move(195 + dx, 312 + Float(k) * 4)
            let t = Point(x: dx, y: Float(k) * 4)
            let expected = DragScene.expectedFrame(DragScene.detailFrame, t)
            #expect(scene.layerFrame == expected, "translation \(t)")
            let p = min(t.y / 211, 1)
            #expect(scene.world.views.value(.cornerRadius, slot: scene.layerSlot!) == 24 + (8 - 24) * p)
            #expect(scene.lane(.x) == nil && scene.lane(.y) == nil)
        }
        // The render list draws the layer, and neither anchor.
        let drawn = Set(scene.world.renderList.map(\.entity))
        #expect(drawn.contains(scene.world.portals.records[scene.key].layer!) && !drawn.contains(scene.detail) && !drawn.contains(scene.card))
    }

    /// Releases after a path down 40 pt (or `far`: 240 pt, past the full shrink) then four
    /// moves of `step` per 8 ms: the decision is the projection's, and at the release tick the
    /// lanes start with the finger's velocity (the centre's), the size's and radius's rates.
    @Test(arguments: [(Point(x: 0, y: -3), false, false), (Point(x: 0, y: 6), false, true), (Point(x: 3, y: -2), false, false),
                      (Point(x: -4, y: 9), false, true), (Point(x: 5, y: 4), true, true), (Point(x: 0, y: -8), true, false)])
    func theReleaseDecidesAndHandsOverTheVelocity(step: Point, far: Bool, dismissal: Bool) throws {
        var scene = try DragScene()
        var tracker = VelocityTracker()
        var at = Point(x: 195, y: 300)
        func move(_ to: Point) throws {
            at = to
            try scene.move(to.x, to.y)
            tracker.append(to, at: scene.finger.time)
        }
        try scene.down(at.x, at.y)
        tracker.append(at, at: scene.finger.time)
        try move(Point(x: 195, y: 312))
        let lock = at
        let reach: Float = far ? 240 : 40
        for k in 1...8 { try move(Point(x: 195, y: 312 + reach * Float(k) / 8)) }
        for _ in 0..<4 { try move(Point(x: at.x + step.x, y: at.y + step.y)) }
        let release = Point(x: at.x + step.x, y: at.y + step.y)
        try scene.finger.up(release.x, release.y)
        let v = tracker.velocity(at: scene.finger.time)
        let t = Point(x: release.x - lock.x, y: release.y - lock.y)
        let placed = DragScene.expectedFrame(DragScene.detailFrame, t)
        let p = min(t.y / 211, 1)
        let placedRadius = 24 + (8 - 24) * p
        // The projection, by hand: UIKit's 0.499 s of the release velocity, against 844 / 8.
        let dismisses = t.y + v.y * 0.998 / 0.002 / 1000 >= 105.5
        #expect(dismisses == dismissal, "the path was meant to \(dismissal ? "dismiss" : "spring back"): t \(t), v \(v)")
        scene.world.tick()
        let events = scene.world.drainEvents()
        #expect(events.contains(.portalWillStart(PortalEvent(id: "hero", direction: dismisses ? .reverse : .forward, criterion: nil,
                                                                tick: scene.world.tickCount))))
        #expect(scene.phase == .flying(dismisses ? .reverse : .forward))
        #expect(scene.world.portals.records[scene.key].requested == !dismisses)
        // The lanes head for the landing anchor, from the placed frame, at the release's rates.
        let goal = dismisses ? DragScene.cardFrame : DragScene.detailFrame
        let lanes = try [ViewChannel.x, .y, .width, .height, .cornerRadius].map { try #require(scene.lane($0)) }
        #expect(lanes.map { scene.world.tracks.target[$0] } == [goal.minX, goal.minY, goal.width, goal.height, dismisses ? 8 : 24])
        let starts = [placed.minX, placed.minY, placed.width, placed.height, placedRadius]
        let rates = zip(lanes, starts).map { startingVelocity(scene.world, lane: $0, startValue: $1) }
        let progressRate = p < 1 && t.y > 0 ? Double(v.y) / 211 : 0
        let scaleRate = -0.4 * progressRate
        let expected = [Double(v.x) - 390 * scaleRate / 2, Double(v.y) - 600 * scaleRate / 2, 390 * scaleRate, 600 * scaleRate,
                        -16 * progressRate]
        for (rate, want) in zip(rates, expected) {
            #expect(abs(rate - want) <= 1e-3 * max(1, abs(want)), "lane rate \(rate), expected \(want) (v \(v), t \(t))")
        }
        // The centre moves with the finger.
        #expect(abs(rates[0] + rates[2] / 2 - Double(v.x)) <= 1e-3 * max(1, abs(Double(v.x))))
        #expect(abs(rates[1] + rates[3] / 2 - Double(v.y)) <= 1e-3 * max(1, abs(Double(v.y))))
        // It lands where it heads: dismissed, the source shows and the portal is inactive.
        var landed: PortalDirection?
        for _ in 0..<600 where landed == nil {
            scene.world.tick()
            for case let .portalDidComplete(e) in scene.world.drainEvents() { landed = e.direction }
        }
        #expect(landed == (dismisses ? .reverse : .forward))
        #expect(scene.phase == (dismisses ? .idle : .presented))
        #expect(scene.isHidden(scene.card) == !dismisses && scene.isHidden(scene.detail) == dismisses)
        #expect(scene.world.portals.records[scene.key].layer == nil)
    }

    @Test func theFlightHomeFollowsASourceThatScrolls() throws {
        var scene = try DragScene()
        try scene.down(195, 300)
        try scene.move(195, 312)
        for k in 1...6 { try scene.move(195, 312 + Float(k) * 10) }
        try scene.up(195, 382)
        #expect(scene.phase == .flying(.reverse))
        scene.world.tick()
        // The list scrolls: the card moves up 60 pt mid-flight; the flight's lanes head for it.
        let moved = Rect(x: 20, y: 40, width: 80, height: 80)
        try scene.world.setFrame(moved, of: scene.card)
        scene.world.tick()
        #expect(scene.world.tracks.target[try #require(scene.lane(.y))] == moved.minY)
        #expect(scene.world.tracks.target[try #require(scene.lane(.x))] == moved.minX)
        var last = Rect.zero
        for _ in 0..<600 where scene.phase != .idle {
            last = scene.layerFrame ?? last
            scene.world.tick()
        }
        #expect(scene.phase == .idle)
        #expect(abs(last.minY - moved.minY) < 0.5 && abs(last.minX - moved.minX) < 0.5)
    }

    @Test func aPressCatchesTheFlyingLayer() throws {
        var scene = try DragScene(animation: .smooth(duration: 0.6))
        try scene.down(195, 300)
        try scene.move(195, 312)
        for k in 1...4 { try scene.move(195, 312 + Float(k) * 10) }
        try scene.up(195, 362)
        for _ in 0..<6 { scene.world.tick() }
        #expect(scene.phase == .flying(.reverse))
        let flying = try #require(scene.layerFrame)
        // Pointer 2 presses the layer (not hit-testable itself: the portal's hit taker finds it).
        scene.finger = Finger(world: scene.world, id: 2, time: scene.finger.time + 0.1)
        let press = Point(x: flying.midX, y: flying.midY)
        #expect(scene.world.hitTest(press)?.entity == scene.world.portals.records[scene.key].layer)
        try scene.down(press.x, press.y)
        try scene.finger.move(press.x, press.y + 12, after: 0.008)
        let base = try #require(scene.layerFrame)   // where it is drawn as the pan locks
        scene.world.tick()
        #expect(scene.phase == .dragged)
        #expect(scene.lane(.x) == nil && scene.lane(.y) == nil && scene.lane(.width) == nil)
        #expect(scene.layerFrame == DragScene.expectedFrame(base, .zero))
        try scene.move(press.x + 7, press.y + 42)
        #expect(scene.layerFrame == DragScene.expectedFrame(base, Point(x: 7, y: 30)))
        // A flick up: it flies back to the destination.
        for k in 1...4 { try scene.move(press.x + 7, press.y + 42 - Float(k) * 12) }
        try scene.up(press.x + 7, press.y - 18)
        #expect(scene.phase == .flying(.forward))
        for _ in 0..<600 where scene.phase != .presented { scene.world.tick() }
        #expect(scene.phase == .presented && !scene.isHidden(scene.detail) && scene.world.portals.records[scene.key].layer == nil)
    }

    @Test func upwardsOrSidewaysPansDoNotBeginADownDrag() throws {
        var scene = try DragScene()
        try scene.down(195, 300)
        try scene.move(195, 288)
        #expect(scene.phase == .presented && scene.world.pointerState(1)?.gesture == .unclaimed)
        try scene.up(195, 280)
        try scene.down(195, 300)
        try scene.move(210, 302)
        #expect(scene.phase == .presented && scene.world.pointerState(1)?.gesture == .unclaimed)
        try scene.up(215, 302)
        // `.any` takes them.
        var any = try DragScene(drag: PortalDragDismiss(style: DragDismissStyle(direction: .any)))
        try any.down(195, 300)
        try any.move(210, 302)
        #expect(any.phase == .dragged)
    }

    @Test func theBeginRuleAsksTheScrollView() throws {
        var list: Entity?
        var scene = try DragScene(drag: PortalDragDismiss()) { world, root, _ in
            let view = try world.spawnView(frame: Rect(x: 0, y: 760, width: 390, height: 80), in: root)
            try world.makeScrollView(view, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 400), axes: .vertical))
            list = view
        }
        var config = scene.config
        config.dragToDismiss = PortalDragDismiss(begin: .whenScrollViewAtTop(list!))
        try scene.world.portalTransition(id: "hero", isActive: true, config: config)
        try scene.world.setContentOffset(Point(x: 0, y: 100), of: list!)
        scene.world.tick()
        try scene.down(195, 300)
        try scene.move(195, 312)
        #expect(scene.phase == .presented && scene.world.pointerState(1)?.gesture == .unclaimed)
        try scene.up(195, 320)
        try scene.world.setContentOffset(.zero, of: list!)
        scene.world.tick()
        try scene.down(195, 300)
        try scene.move(195, 312)
        #expect(scene.phase == .dragged)
        #expect(scene.world.pointerState(1)?.gesture == .panning(owner: scene.detail, axis: .vertical))
    }

    @Test func aScrollViewInsideTheDestinationKeepsThePanUntilItsTop() throws {
        var inner: Entity?
        var scene = try DragScene { world, _, detail in
            let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 600), in: detail)
            try world.makeScrollView(view, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 2000), axes: .vertical))
            try world.setContentOffset(Point(x: 0, y: 100), of: view)
            inner = view
        }
        let list = try #require(inner)
        try scene.down(195, 300)
        try scene.move(195, 312)
        #expect(scene.world.pointerState(1)?.gesture == .panning(owner: list, axis: .vertical))
        #expect(scene.phase == .presented)
        try scene.up(195, 312, after: 0.1)   // a pause: no glide
        for _ in 0..<200 { scene.world.tick() }
        try scene.world.setContentOffset(.zero, of: list)
        scene.world.tick()
        try scene.down(195, 300)
        try scene.move(195, 312)
        #expect(scene.world.pointerState(1)?.gesture == .panning(owner: scene.detail, axis: .vertical))
        #expect(scene.phase == .dragged)
        // Upwards at the top, the list scrolls.
        try scene.finger.cancel()
        scene.world.tick()
        for _ in 0..<600 where scene.phase != .presented { scene.world.tick() }
        try scene.down(195, 300)
        try scene.move(195, 288)
        #expect(scene.world.pointerState(1)?.gesture == .panning(owner: list, axis: .vertical))
    }

    @Test func theBackdropFollowsTheProgress() throws {
        var (scene, backdrop) = try DragScene.withBackdrop()
        try scene.down(195, 300)
        try scene.move(195, 312)
        try scene.move(195, 362)
        let slot = try #require(scene.world.views.slot(of: backdrop))
        #expect(scene.world.views.value(.opacity, slot: slot) == 1 - Float(50) / 211)
        // Released back (slowly, after a pause): it animates back to 1.
        try scene.up(195, 362, after: 0.2)
        #expect(scene.phase == .flying(.forward))
        for _ in 0..<600 where scene.phase != .presented { scene.world.tick() }
        for _ in 0..<200 { scene.world.tick() }
        #expect(abs(scene.world.views.value(.opacity, slot: slot) - 1) < 1e-3)
        // Dismissed: to 0.
        try scene.down(195, 300)
        try scene.move(195, 312)
        for k in 1...5 { try scene.move(195, 312 + Float(k) * 12) }
        try scene.up(195, 384)
        #expect(scene.phase == .flying(.reverse))
        for _ in 0..<600 { scene.world.tick() }
        #expect(abs(scene.world.views.value(.opacity, slot: slot)) < 1e-3)
    }

    @Test func aCancelSpringsBackAndRemovalsEndCleanly() throws {
        var scene = try DragScene()
        try scene.down(195, 300)
        try scene.move(195, 312)
        try scene.move(195, 400)
        try scene.finger.cancel()
        scene.world.tick()
        #expect(scene.phase == .flying(.forward))
        for _ in 0..<600 where scene.phase != .presented { scene.world.tick() }
        #expect(scene.phase == .presented && scene.world.portals.records[scene.key].layer == nil)

        // The destination despawned mid-drag: the pan is cancelled, the layer flies back to
        // where the destination was, and lands.
        try scene.down(195, 300)
        try scene.move(195, 312)
        try scene.move(195, 360)
        #expect(scene.phase == .dragged)
        try scene.world.despawn(scene.detail)
        scene.world.tick()
        #expect(scene.phase == .flying(.forward))
        for _ in 0..<600 where scene.phase != .presented { scene.world.tick() }
        #expect(scene.phase == .presented && scene.world.portals.records[scene.key].layer == nil)
        #expect(scene.world.views.count == 2)   // root and card: no layer left over
        try scene.up(195, 380)
        scene.world.tick()
    }

    @Test func aBackdropDespawnedMidDragIsForgotten() throws {
        var (scene, backdrop) = try DragScene.withBackdrop()
        try scene.down(195, 300)
        try scene.move(195, 312)
        try scene.world.despawn(backdrop)
        try scene.move(195, 380)
        #expect(scene.world.portals.drags[scene.key].backdrop == nil && scene.world.portals.dragSettings[scene.key]?.backdrop == nil)
        try scene.up(195, 400)
        for _ in 0..<600 where scene.phase != .idle { scene.world.tick() }
        #expect(scene.phase == .idle)
    }

    @Test func aRequestMidDragDecides() throws {
        var scene = try DragScene()
        try scene.down(195, 300)
        try scene.move(195, 312)
        try scene.move(195, 330)
        var config = scene.config
        try scene.world.portalTransition(id: "hero", isActive: true, config: config)
        scene.world.tick()
        #expect(scene.phase == .dragged)
        config.dragToDismiss = nil
        try scene.world.portalTransition(id: "hero", isActive: false, config: config)
        scene.world.tick()
        #expect(scene.phase == .flying(.reverse))
        // The finger's later steps change nothing; its pan is cancelled.
        try scene.move(195, 500)
        #expect(scene.phase == .flying(.reverse) && scene.world.portals.records[scene.key].requested == false)
        #expect(scene.world.tracks.target[try #require(scene.lane(.y))] == DragScene.cardFrame.minY)
        #expect(scene.world.pointerState(1)?.gesture == .unclaimed)
    }

    // Found by the fuzzer (the debug invariants trapped: a dragged portal without drag settings):
    // an activation mid-drag whose configuration drops drag to dismiss lets go of the layer,
    // which springs back to the destination; the finger's later steps change nothing.
    @Test func anActivationWithoutDragToDismissMidDragLetsGo() throws {
        var scene = try DragScene()
        try scene.down(195, 300)
        try scene.move(195, 312)
        try scene.move(195, 330)
        #expect(scene.phase == .dragged)
        var config = scene.config
        config.dragToDismiss = nil
        try scene.world.portalTransition(id: "hero", isActive: true, config: config)
        scene.world.tick()
        #expect(scene.phase == .flying(.forward) && scene.world.portals.records[scene.key].requested == true)
        #expect(scene.world.tracks.target[try #require(scene.lane(.y))] == DragScene.detailFrame.minY)
        try scene.move(195, 500)
        #expect(scene.phase == .flying(.forward))
        #expect(scene.world.tracks.target[try #require(scene.lane(.y))] == DragScene.detailFrame.minY)
    }

    @Test func aTransferMidDragHandsTheLayerOver() throws {
        var scene = try DragScene()
        let card2 = try scene.world.spawnView(frame: Rect(x: 120, y: 100, width: 80, height: 80), in: scene.root)
        let detail2 = try scene.world.spawnView(frame: Rect(x: 0, y: 120, width: 390, height: 600), in: scene.root)
        try scene.world.portal(card2, id: "next", as: .source)
        try scene.world.portal(detail2, id: "next", as: .destination)
        scene.world.tick()
        try scene.down(195, 300)
        try scene.move(195, 312)
        try scene.move(195, 360)
        let layer = try #require(scene.world.portals.records[scene.key].layer)
        try scene.world.transferActivePortal(from: "hero", to: "next")
        scene.world.tick()
        let next = Int(scene.world.portals.keys["next"]!)
        #expect(scene.phase == .idle && scene.world.portals.records[next].layer == layer)
        #expect(scene.world.portals.motion[next].phase == .flying(.forward))
        for _ in 0..<600 where scene.world.portals.motion[next].phase != .presented { scene.world.tick() }
        #expect(scene.world.portals.motion[next].phase == .presented && !scene.isHidden(detail2) && !scene.isHidden(scene.card))
    }

    @Test func anItemDraggedAwayLeavesItsScope() throws {
        var scene = try DragScene()
        struct Hero: Identifiable { var id: String { "hero" } }
        try scene.world.portalTransition(item: Hero(), config: scene.config)   // the presented item of the default scope
        scene.world.tick()
        try scene.down(195, 300)
        try scene.move(195, 312)
        for k in 1...5 { try scene.move(195, 312 + Float(k) * 12) }
        try scene.up(195, 384)
        #expect(scene.phase == .flying(.reverse))
        #expect(scene.world.portals.itemScopes[""]?.current == nil && scene.world.portals.itemScopes[""]?.last == "hero")
        try scene.world.portalTransition(item: nil)   // nothing presented: no error, nothing to do
        for _ in 0..<600 where scene.phase != .idle { scene.world.tick() }
        #expect(scene.phase == .idle)
    }

    @Test func badSettingsAreRefusedByName() throws {
        let scene = try DragScene()
        let gone = try scene.world.spawnView(frame: .zero)
        try scene.world.despawn(gone)
        scene.world.tick()
        let before = scene.world.fingerprint
        func refused(_ drag: PortalDragDismiss, _ expected: PortalError) {
            var config = scene.config
            config.dragToDismiss = drag
            #expect(throws: expected) { try scene.world.portalTransition(id: "hero", isActive: false, config: config) }
            #expect(throws: expected) {
                try scene.world.portalTransition(ids: ["hero"], groupID: "g", isActive: false, config: config, staggerDelay: 0)
            }
            #expect(scene.world.fingerprint == before)
        }
        refused(PortalDragDismiss(style: DragDismissStyle(minimumScale: 1.5)),
                .invalidValue("dragToDismiss.style.minimumScale", 1.5, reason: "must be in 0...1"))
        refused(PortalDragDismiss(style: DragDismissStyle(scaleDistance: 0)),
                .invalidValue("dragToDismiss.style.scaleDistance", 0, reason: "must be finite and greater than 0"))
        refused(PortalDragDismiss(style: DragDismissStyle(dismissDistance: -1)),
                .invalidValue("dragToDismiss.style.dismissDistance", -1, reason: "must be finite and at least 0"))
        refused(PortalDragDismiss(backdrop: gone), .invalidElement("dragToDismiss.backdrop", .staleEntity(gone)))
        refused(PortalDragDismiss(begin: .whenScrollViewAtTop(scene.card)), .invalidElement("dragToDismiss.begin", .notAScrollView(scene.card)))
    }

    @Test func aDragSessionReplaysBitForBit() throws {
        let log = FrameLog()
        var scene = try DragScene(drag: PortalDragDismiss(style: DragDismissStyle(direction: .any, minimumScale: 0.5), begin: .always), log: log)
        try scene.down(195, 300)
        try scene.move(195, 312)
        for k in 1...10 { try scene.move(195 + Float(k), 312 + Float(k * k)) }
        try scene.up(205, 420)
        for _ in 0..<8 { scene.world.tick() }
        let flying = try #require(scene.layerFrame)
        scene.finger = Finger(world: scene.world, id: 2, time: scene.finger.time + 0.1)
        try scene.down(flying.midX, flying.midY)
        try scene.move(flying.midX, flying.midY - 20)
        try scene.up(flying.midX, flying.midY - 60)
        for _ in 0..<120 { scene.world.tick() }
        log.events.append(contentsOf: scene.world.drainEvents())
        #expect(log.events.contains { if case .portalWillStart(let e) = $0 { e.direction == .reverse } else { false } })
        let text = try #require(scene.world.stopRecording())
        #expect(text.contains(" drag=any,0.5,0.25,0.125,-,always"))
        let replayer = TraceReplayer(try Trace(text))
        let replayLog = FrameLog()
        replayLog.attach(to: replayer.world)
        while try replayer.step() { replayLog.events.append(contentsOf: replayer.world.drainEvents()) }
        #expect(log.frames.count > 100 && log.frames == replayLog.frames)
        #expect(log.events == replayLog.events)
    }
}
