import Testing
@testable import Portal

/// A popup from a thumbnail in a cell of a scrolled, clipped list on a screen, its content
/// (with a label inside) declared on the screen.
private struct TreePopupScene {
    let world = World()
    let screenView: Entity, list: Entity, cell: Entity, thumb: Entity, content: Entity, label: Entity
    var cells: [Entity] = []

    init() throws {
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        try world.setPopupContainer(bounds: bounds)
        screenView = try world.spawnView(frame: bounds, in: nil)
        list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600), in: screenView)
        try world.setClipsToBounds(true, of: list)
        for i in 0..<20 {
            cells.append(try world.spawnView(frame: Rect(x: 0, y: Float(i) * 60, width: 390, height: 60), in: list))
        }
        cell = cells[5]
        thumb = try world.spawnView(frame: Rect(x: 10, y: 10, width: 40, height: 40), in: cell)
        content = try world.spawnView(frame: .zero, in: screenView)
        label = try world.spawnView(frame: Rect(x: 8, y: 8, width: 50, height: 20), in: content)
        try world.setContentOffset(Point(x: 0, y: 200), of: list)
        world.tick()
    }

    func index(_ e: Entity) -> Int? { world.renderList.firstIndex { $0.entity == e } }
    func item(_ e: Entity) -> RenderItem? { world.renderList.first { $0.entity == e } }
}

@Suite("Popups on the view tree")
struct PopupTreeTests {
    @Test("placed from the global frame of a nested source in a scrolled list; its subtree draws in the overlay above all app content")
    func placedFromTheSourcesGlobalFrame() throws {
        let s = try TreePopupScene()
        // Cell 5 at y 300 in the list (y 100 on screen) scrolled by 200: the thumbnail is at
        // (10, 100 + 300 − 200 + 10) = (10, 210), 40 × 40 on screen.
        #expect(try s.world.presentation(of: s.thumb).globalFrame == Rect(x: 10, y: 210, width: 40, height: 40))
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 12)
        // Below the source (210 < 422), leading third (centre 30 < 130): x 10, y 250.
        #expect(s.world.popupPlacement(of: s.content) ==
                PopupPlacement(frame: Rect(x: 10, y: 250, width: 120, height: 200), isBelowSource: true, alignment: .leading, anchor: UnitPoint(x: Double(Float(20) / 120), y: 0)))
        let popup = try #require(s.item(s.content))
        #expect(popup.frame == Rect(x: 10, y: 250, width: 120, height: 200) && popup.role == .overlay)
        #expect(popup.transform == .identity && popup.opacity == 1)
        // The label, a child of the content, draws right after it, at (10 + 8, 250 + 8) on screen.
        let label = try #require(s.item(s.label))
        #expect(label.globalTransform.map(Point(x: 0, y: 0)) == Point(x: 18, y: 258))
        #expect(s.index(s.label) == s.index(s.content).map { $0 + 1 })
        // Both after every app view that is drawn: the screen, the list, its cells, the thumbnail.
        let appIndices = ([s.screenView, s.list, s.thumb] + s.cells).compactMap(s.index)
        #expect(appIndices.count > 3)
        #expect(appIndices.allSatisfy { $0 < s.index(s.content)! && $0 < s.index(s.label)! })
        // The content is a root while presented; the screen no longer lists it.
        #expect(try s.world.parent(of: s.content) == nil)
        #expect(try !s.world.children(of: s.screenView).contains(s.content))
    }

    @Test("follows its source as the list scrolls, in the same tick, the content's children with it")
    func followsAScrollingSource() throws {
        let s = try TreePopupScene()
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 12)
        // One call scrolls the list: the thumbnail moves to y 100 + 300 − 260 + 10 = 150.
        try s.world.setContentOffset(Point(x: 0, y: 260), of: s.list)
        s.world.tick()
        #expect(try #require(s.item(s.content)).frame == Rect(x: 10, y: 190, width: 120, height: 200))
        #expect(try #require(s.item(s.label)).globalTransform.map(Point(x: 0, y: 0)) == Point(x: 18, y: 198))
        // An animated scroll back to 200: every tick the popup's top is the thumbnail's bottom
        // as the render walk drew it that very tick (no tick of lag), and it moves every tick.
        _ = try s.world.animate(s.list, to: ViewProperties(contentOffset: Point(x: 0, y: 200)), with: .linear(duration: 0.1))
        var tops: [Float] = []
        for _ in 0..<12 {
            s.world.tick()
            let thumb = try #require(s.item(s.thumb))
            let bottom = thumb.globalTransform.map(Point(x: 0, y: 40)).y
            let popup = try #require(s.item(s.content))
            #expect(abs(popup.frame.minY - bottom) < 1e-4)
            #expect(abs(try #require(s.item(s.label)).globalTransform.map(Point(x: 0, y: 0)).y - (bottom + 8)) < 1e-4)
            tops.append(popup.frame.minY)
        }
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 < $1 })
        #expect(tops.last == 250)
    }

    @Test("the backdrop blocks the app's nested views; taps reach the content and its children; a tap on the backdrop dismisses")
    func hitTestingThroughTheBackdrop() throws {
        let s = try TreePopupScene()
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 12)
        // Cell 6 is at y 100 + 360 − 200 = 260…320 on screen, x 200 is outside the popup.
        let blocked = try #require(s.world.hitTest(Point(x: 200, y: 280)))
        #expect(blocked.role == .backdrop)
        #expect(s.world.hitTest(Point(x: 30, y: 265))?.entity == s.label)
        #expect(s.world.hitTest(Point(x: 100, y: 400))?.entity == s.content)
        s.world.tap(at: Point(x: 200, y: 280))
        s.world.run(ticks: 13)
        #expect(s.world.presentedPopups.isEmpty)
        #expect(s.world.hitTest(Point(x: 200, y: 280))?.entity == s.cells[6])
    }

    @Test("dismissal puts the content back under its parent, hidden with its subtree")
    func dismissalRestoresTheParent() throws {
        let s = try TreePopupScene()
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 12)
        try s.world.dismissPopup(s.content)
        s.world.run(ticks: 13)
        #expect(s.world.presentedPopups.isEmpty)
        #expect(try s.world.parent(of: s.content) == s.screenView)
        #expect(try s.world.children(of: s.screenView) == [s.list, s.content])
        #expect(s.item(s.content) == nil && s.item(s.label) == nil)
        #expect(try s.world.parent(of: s.label) == s.content)
        // Presented again, it is lifted again, and placed as before.
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 12)
        #expect(try s.world.parent(of: s.content) == nil)
        #expect(try #require(s.item(s.content)).frame == Rect(x: 10, y: 250, width: 120, height: 200))
    }

    @Test("a parent set while presented is where the content returns; a parent that died meanwhile leaves it a root")
    func parentChangesWhilePresented() throws {
        let s = try TreePopupScene()
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 12)
        try s.world.setParent(s.cells[0], of: s.content)
        s.world.tick()
        // Still a root in the overlay while presented.
        #expect(try s.world.parent(of: s.content) == nil)
        #expect(try #require(s.item(s.content)).role == .overlay)
        try s.world.dismissPopup(s.content)
        s.world.run(ticks: 13)
        #expect(try s.world.parent(of: s.content) == s.cells[0])

        // A home despawned while the content is away: the content stays a root.
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 12)
        try s.world.despawn(s.cells[0])
        s.world.tick()
        #expect(s.world.presentedPopups == [s.content])
        try s.world.dismissPopup(s.content)
        s.world.run(ticks: 13)
        #expect(try s.world.parent(of: s.content) == nil)

        // A home moved inside the content while it is away would make a cycle: it stays a root.
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 12)
        try s.world.setParent(s.cells[1], of: s.content)
        s.world.tick()
        try s.world.setParent(s.content, of: s.cells[1])
        try s.world.dismissPopup(s.content)
        s.world.run(ticks: 13)
        #expect(try s.world.parent(of: s.content) == nil)
        #expect(try s.world.parent(of: s.cells[1]) == s.content)
    }

    @Test("content that contains the source (now or once staged calls apply) is a typed error naming it; the world is unchanged")
    func contentContainingTheSourceIsRefused() throws {
        let s = try TreePopupScene()
        for (content, source) in [(s.cell, s.thumb), (s.list, s.thumb), (s.screenView, s.cell)] {
            let before = s.world.fingerprint
            #expect(throws: PortalError.invalidValue("content", 0, reason: "a popup's content cannot contain its source")) {
                try s.world.presentPopup(content, from: source, height: 100)
            }
            #expect(s.world.fingerprint == before)
        }
        // A staged reparent that puts the source inside the content counts.
        try s.world.setParent(s.content, of: s.cells[2])
        let before = s.world.fingerprint
        #expect(throws: PortalError.invalidValue("content", 0, reason: "a popup's content cannot contain its source")) {
            try s.world.presentPopup(s.content, from: s.cells[2], height: 100)
        }
        #expect(s.world.fingerprint == before)
        // The source containing the content is fine: a popup from a cell declared in that cell.
        s.world.tick()
        let inner = try s.world.spawnView(frame: .zero, in: s.cell)
        try s.world.presentPopup(inner, from: s.cell, width: 100, height: 50)
        s.world.run(ticks: 30)
        #expect(try s.world.parent(of: inner) == nil)
        // Cell 5 at y 200…260 on screen, x 0…390: centred (middle third), below.
        #expect(s.world.popupPlacement(of: inner)?.frame == Rect(x: 145, y: 260, width: 100, height: 50))
    }
}
