import Testing
@testable import Portal

private let screen = Rect(x: 0, y: 0, width: 390, height: 844)

struct PopupScene {
    let world = World()
    let app: Entity, source: Entity, content: Entity

    init() throws {
        app = try world.spawnView(frame: screen)
        source = try world.spawnView(frame: Rect(x: 20, y: 100, width: 60, height: 40))
        content = try world.spawnView(frame: .zero)
        try world.setPopupContainer(bounds: screen)
        world.tick()
    }

    func item(_ e: Entity) -> RenderItem? { world.renderList.first { $0.entity == e } }
}

@Suite("Popups")
struct PopupTests {
    @Test("show: placed around the source, scaled 0.2 → 1 and faded in about the tail, ease-in-out 0.2 s")
    func show() throws {
        let s = try PopupScene()
        _ = s.world.drainEvents()
        let start = s.world.tickCount
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200)
        s.world.run(ticks: 12)
        let popup = try #require(s.item(s.content))
        #expect(popup.frame == Rect(x: 20, y: 140, width: 120, height: 200) && popup.role == .overlay)
        let y = Float(UnitCurve.easeInOut.value(at: 0.5))
        let scale = 0.2 + 0.8 * y
        #expect(abs(popup.transform.scaleX - scale) < 1e-5 && abs(popup.opacity - y) < 1e-5)
        // The tail (50, 140) stays put: translation = (1 − scale)·(tail − centre), centre (80, 240).
        #expect(abs(popup.transform.translation.x - (1 - scale) * -30) < 1e-4)
        #expect(abs(popup.transform.translation.y - (1 - scale) * -100) < 1e-4)
        s.world.run(ticks: 12)
        let shown = try #require(s.item(s.content))
        #expect(shown.transform == .identity && shown.opacity == 1)
        // Each event carries its tick: the presentation applied on the next tick, the 0.2 s scale-in
        // ended 24 ticks after the tick before it.
        #expect(s.world.drainEvents() == [.popupWillPresent(s.content, tick: start + 1), .popupDidPresent(s.content, tick: start + 24)])
        #expect(s.world.popupPlacement(of: s.content)?.anchor == UnitPoint(x: 0.25, y: 0))
    }

    @Test("a default-width popup from a leading source takes the room from the source's leading edge and scales in about the source's centre")
    func defaultWidthFromLeadingSource() throws {
        let s = try PopupScene()
        try s.world.presentPopup(s.content, from: s.source, height: 200, animation: .linear(duration: 0.2))
        s.world.run(ticks: 12)
        let popup = try #require(s.item(s.content))
        // Source (20, 100, 60, 40): the popup spans 20…380 (the area's trailing edge), its tail at x 50.
        #expect(popup.frame == Rect(x: 20, y: 140, width: 360, height: 200))
        #expect(s.world.popupPlacement(of: s.content)?.anchor == UnitPoint(x: Double(Float(30) / 360), y: 0))
        // Half-way (scale 0.6) the tail (50, 140) stays put: translation = 0.4 · (tail − centre (200, 240)).
        #expect(abs(popup.transform.scaleX - 0.6) < 1e-5)
        #expect(abs(popup.transform.translation.x - 0.4 * -150) < 1e-3 && abs(popup.transform.translation.y - 0.4 * -100) < 1e-3)
    }

    @Test("hide: scaled back to 0.2 and faded out about the tail over the same animation")
    func hide() throws {
        let s = try PopupScene()
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200, animation: .linear(duration: 0.2))
        s.world.run(ticks: 24)
        try s.world.dismissPopup(s.content)
        s.world.run(ticks: 12)
        let popup = try #require(s.item(s.content))
        #expect(abs(popup.transform.scaleX - 0.6) < 1e-5 && abs(popup.opacity - 0.5) < 1e-5)
        #expect(abs(popup.transform.translation.y - 0.4 * -100) < 1e-4)
        s.world.run(ticks: 12)
        #expect(s.item(s.content) == nil)
        // The content is back among the app views, at rest, hidden until presented again.
        #expect(try s.world.presentation(of: s.content).transform == .identity)
    }

    @Test("the backdrop blocks the app; tapping it dismisses the popup; taps on the popup reach it")
    func backdrop() throws {
        let s = try PopupScene()
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200)
        s.world.run(ticks: 24)
        #expect(s.world.tap(at: Point(x: 60, y: 200))?.entity == s.content)
        let hit = try #require(s.world.tap(at: Point(x: 300, y: 700)))
        #expect(hit.role == .backdrop)
        s.world.run(ticks: 24)
        #expect(s.item(s.content) == nil && s.world.presentedPopups.isEmpty)
        #expect(s.world.renderList.allSatisfy { $0.role == .view })
        #expect(s.world.hitTest(Point(x: 300, y: 700))?.entity == s.app)
        #expect(s.world.drainEvents().contains { if case .popupDidDismiss(s.content, reason: .tappedOutside, _) = $0 { true } else { false } })
    }

    @Test("a backdrop is Portal's own: it can be read and restyled, but not marked, attached to, presented or despawned")
    func ownedBackdrop() throws {
        let s = try PopupScene()
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200)
        s.world.run(ticks: 24)
        let backdrop = try #require(s.world.renderList.first { $0.role == .backdrop }).entity
        struct Glow { var radius: Float }
        try s.world.register(Glow.self)
        let before = s.world.fingerprint
        #expect(throws: PortalError.portalOwned(backdrop)) { try s.world.portal(backdrop, id: "odd", as: .destination) }
        #expect(throws: PortalError.portalOwned(backdrop)) { try s.world.insert(Glow(radius: 1), for: backdrop) }
        #expect(throws: PortalError.portalOwned(backdrop)) { try s.world.presentPopup(s.app, from: backdrop, height: 10) }
        #expect(throws: PortalError.portalOwned(backdrop)) { try s.world.despawn(backdrop) }
        #expect(throws: PortalError.portalOwned(backdrop)) { _ = try s.world.spawnNavigationStack(frame: screen, root: backdrop) }
        #expect(s.world.fingerprint == before)
        #expect(try s.world.presentation(of: backdrop).frame == screen)
        try s.world.setAllowsHitTesting(true, of: backdrop)   // how it looks is the app's to change
        try s.world.dismissPopup(s.content)
        s.world.run(ticks: 30)
        #expect(!s.world.isAlive(backdrop))
    }

    @Test("without a backdrop, taps outside the popup pass through to the app")
    func passThrough() throws {
        let s = try PopupScene()
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200, backdrop: false)
        s.world.run(ticks: 24)
        #expect(s.world.tap(at: Point(x: 300, y: 700))?.entity == s.app)
        #expect(s.world.presentedPopups == [s.content])
    }

    @Test("the popup follows its source and re-places itself when the container rotates")
    func follow() throws {
        let s = try PopupScene()
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200)
        s.world.run(ticks: 24)
        try s.world.setFrame(Rect(x: 20, y: 60, width: 60, height: 40), of: s.source)     // scrolled up by 40
        s.world.tick()
        #expect(s.item(s.content)?.frame == Rect(x: 20, y: 100, width: 120, height: 200))
        try s.world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 844, height: 390))   // rotated
        s.world.tick()
        #expect(s.item(s.content)?.frame == Rect(x: 20, y: 100, width: 120, height: 200))  // room below: 380 − 100
        try s.world.setFrame(Rect(x: 20, y: 300, width: 60, height: 40), of: s.source)     // now in the lower half
        s.world.tick()
        #expect(s.item(s.content)?.frame == Rect(x: 20, y: 100, width: 120, height: 200))  // above: 300 − 200
        #expect(s.world.popupPlacement(of: s.content)?.isBelowSource == false)
    }

    @Test("popups stack and dismiss last-in first-out; one-at-a-time replaces")
    func stacking() throws {
        let s = try PopupScene()
        let second = try s.world.spawnView(frame: .zero)
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200)
        s.world.run(ticks: 24)
        try s.world.presentPopup(second, from: s.content, width: 100, height: 50)
        s.world.run(ticks: 24)
        #expect(s.world.presentedPopups == [s.content, second])
        // The first popup is under the second one's backdrop: a tap on it dismisses the second.
        #expect(s.world.tap(at: Point(x: 60, y: 330))?.role == .backdrop)
        s.world.run(ticks: 24)
        #expect(s.world.presentedPopups == [s.content])
        #expect(s.world.dismissTopPopup() == s.content)
        s.world.run(ticks: 24)
        #expect(s.world.presentedPopups.isEmpty)

        s.world.popupPolicy = .oneAtATime
        try s.world.presentPopup(s.content, from: s.source, width: 120, height: 200)
        s.world.run(ticks: 24)
        try s.world.presentPopup(second, from: s.source, width: 100, height: 50)
        s.world.run(ticks: 24)
        #expect(s.world.presentedPopups == [second])
    }

    @Test("bad input: NaN or negative sizes, a zero-size container, stale or missing views, double presentation")
    func badInput() throws {
        let s = try PopupScene()
        let before = s.world.fingerprint
        #expect(throws: PortalError.self) { try s.world.presentPopup(s.content, from: s.source, width: .nan, height: 10) }
        #expect(throws: PortalError.self) { try s.world.presentPopup(s.content, from: s.source, width: 100, height: -1) }
        #expect(throws: PortalError.self) { try s.world.setPopupContainer(bounds: .zero) }
        #expect(throws: PortalError.popupNotPresented(s.content)) { try s.world.dismissPopup(s.content) }
        #expect(s.world.fingerprint == before)
        try s.world.presentPopup(s.content, from: s.source, width: 100, height: 10)
        #expect(throws: PortalError.popupAlreadyPresented(s.content)) { try s.world.presentPopup(s.content, from: s.source, height: 10) }
        let gone = try s.world.spawnView(frame: .zero)
        try s.world.despawn(gone)
        #expect(throws: PortalError.staleEntity(gone)) { try s.world.presentPopup(gone, from: s.source, height: 10) }
        let other = try s.world.spawnView(frame: .zero)
        #expect(throws: PortalError.staleEntity(gone)) { try s.world.presentPopup(other, from: gone, height: 10) }
        let fresh = World()
        let a = try fresh.spawnView(frame: .zero), b = try fresh.spawnView(frame: .zero)
        #expect(throws: PortalError.noPopupContainer) { try fresh.presentPopup(a, from: b, height: 10) }
    }
}
