import Testing
@testable import Portal

/// A 390 × 844 screen with no safe area: the available area is y 10…834, x 10…380; the
/// middle at y 422, the thirds at x 130 and 260.
private let screen = Rect(x: 0, y: 0, width: 390, height: 844)

@Suite("Popups and their sources: keeping the side, a source that is not drawn, hidden content")
struct PopupSourceTests {
    // MARK: Keeping the side

    @Test("a shown popup keeps its side while the room on it holds its height, and changes only to a side with more room")
    func keepsItsSide() {
        func place(_ y: Float, previous: PopupPlacement?) -> PopupPlacement {
            PopupPlacement.place(source: Rect(x: 20, y: y, width: 60, height: 40), width: 120, height: 200, container: screen, previous: previous)
        }
        let shown = place(100, previous: nil)
        #expect(shown.isBelowSource && shown.alignment == .leading)
        // Past the middle (422) the rule alone says above; below still has 834 − 634 = 200 pt.
        #expect(place(430, previous: nil).isBelowSource == false)
        #expect(place(594, previous: shown).frame == Rect(x: 20, y: 634, width: 120, height: 200))
        // At 595 below has 199 pt, above 585: it changes sides.
        let above = place(595, previous: shown)
        #expect(!above.isBelowSource && above.frame == Rect(x: 20, y: 395, width: 120, height: 200) && above.anchor.y == 1)
        // And stays above on the way back until above has less than 200 pt (source top 210).
        #expect(place(210, previous: above).frame == Rect(x: 20, y: 10, width: 120, height: 200))
        #expect(place(209, previous: above).isBelowSource)
        // A popup taller than either side goes over to the side the rule picks, when that side
        // has more room: down past the middle (422: 412 above, 372 below); back only once below
        // has more room again (source top 401: 393 below, 391 above), not at the middle.
        func tall(_ y: Float, previous: PopupPlacement?) -> PopupPlacement {
            PopupPlacement.place(source: Rect(x: 20, y: y, width: 60, height: 40), width: 120, height: 600, container: screen, previous: previous)
        }
        let tallShown = tall(100, previous: nil)
        #expect(tall(421, previous: tallShown).isBelowSource)
        let tallAbove = tall(422, previous: tallShown)
        #expect(!tallAbove.isBelowSource && tallAbove.frame == Rect(x: 20, y: 10, width: 120, height: 412))
        #expect(!tall(402, previous: tallAbove).isBelowSource && tall(401, previous: tallAbove).isBelowSource)
    }

    @Test("a shown popup keeps its alignment while it gives the width asked for")
    func keepsItsAlignment() {
        func place(_ x: Float, width: Float = 120, previous: PopupPlacement?) -> PopupPlacement {
            PopupPlacement.place(source: Rect(x: x, y: 100, width: 60, height: 40), width: width, height: 100, container: screen, previous: previous)
        }
        let shown = place(20, previous: nil)
        #expect(shown.alignment == .leading)
        // Centre 190, the middle third: the rule alone centres it; leading still gives 120 pt.
        #expect(place(160, previous: nil).alignment == .center)
        #expect(place(160, previous: shown).frame == Rect(x: 160, y: 140, width: 120, height: 100))
        #expect(place(260, previous: shown).frame == Rect(x: 260, y: 140, width: 120, height: 100))   // 380 − 260 = 120: fits
        // At 261 leading gives 119 pt; the rule (trailing third) gives 120: it changes.
        let trailing = place(261, previous: shown)
        #expect(trailing.alignment == .trailing && trailing.frame == Rect(x: 201, y: 140, width: 120, height: 100))
        // `.infinity` asks for the whole area (370): leading from x 20 gives 360, and the rule
        // gives no more there, so it is kept; in the middle third centring gives 370: it changes.
        let wide = place(20, width: .infinity, previous: nil)
        #expect(place(40, width: .infinity, previous: wide).alignment == .leading)
        #expect(place(120, width: .infinity, previous: wide).alignment == .center)
    }

    /// The source is a cell of a clipped list filling the screen, scrolled one 10-pt step a
    /// tick: down across the middle to y 700 and back up to 100. The popup (120 × 200, linear
    /// 0.1 s: 12 ticks) opens below; below holds it while the source's top is at most 594, so
    /// it changes sides at 600 on the way down, and above holds it while the top is at least
    /// 210, so it comes back at 200. Every other tick it is exactly on its side, having moved
    /// as much as the source; a change of side starts from where it was drawn and moves with
    /// the linear curve, riding the source: frame(k) = target(k) + d₀·(1 − k/12).
    @Test("a following popup keeps its side across the middle, and changes sides only when that side no longer fits, animated")
    func followsAcrossTheMiddle() throws {
        let world = World()
        try world.setPopupContainer(bounds: screen)
        let list = try world.spawnView(frame: screen)
        try world.setClipsToBounds(true, of: list)
        let source = try world.spawnView(frame: Rect(x: 20, y: 700, width: 60, height: 40), in: list)
        let content = try world.spawnView(frame: .zero)
        try world.setContentOffset(Point(x: 0, y: 600), of: list)
        world.tick()
        try world.presentPopup(content, from: source, width: 120, height: 200, animation: .linear(duration: 0.1))
        world.run(ticks: 13)
        func frame() throws -> Rect { try #require(world.renderList.first { $0.entity == content }).frame }
        #expect(try frame() == Rect(x: 20, y: 140, width: 120, height: 200))

        let down: [Float] = (1...60).map { Float(100 + 10 * $0) }
        let up: [Float] = (0..<60).map { Float(690 - 10 * $0) }
        let tops = down + up
        var below = true
        var move: (start: Int, offset: Float)?
        var previous = try frame()
        var previousTop: Float = 100
        for (k, top) in tops.enumerated() {
            try world.setContentOffset(Point(x: 0, y: 700 - top), of: list)
            world.tick()
            let drawn = try frame()
            let room = below ? 834 - (top + 40) : top - 10
            if room < 200 {
                // No longer fits: the other side has room for all 200 pt here.
                below.toggle()
                move = (k, previous.minY - (below ? top + 40 : top - 200))
                #expect(drawn == previous, "tick \(k): a change of side starts where the popup was drawn")
            } else {
                let target = Rect(x: 20, y: below ? top + 40 : top - 200, width: 120, height: 200)
                if let m = move, k - m.start < 12 {
                    let remaining = 1 - Float(k - m.start) / 12
                    #expect(drawn.minX == 20 && drawn.width == 120 && drawn.height == 200, "tick \(k)")
                    #expect(abs(drawn.minY - (target.minY + m.offset * remaining)) < 1e-3, "tick \(k): \(drawn.minY)")
                } else {
                    #expect(drawn == target, "tick \(k)")
                    if move == nil || k - move!.start > 12 {
                        #expect(abs(drawn.minY - previous.minY) <= abs(top - previousTop), "tick \(k): moved more than its source")
                    }
                }
            }
            #expect(world.popupPlacement(of: content)?.isBelowSource == below, "tick \(k)")
            previous = drawn
            previousTop = top
        }
        // Down to 700 and back: exactly two changes of side, at 600 and at 200.
        #expect(below)
        #expect(world.presentedPopups == [content])
    }

    // MARK: A source that is not drawn

    /// A popup from a thumbnail (content y 310…350) in cell 5 of a clipped list (screen
    /// y 100…700), scrolled 10 pt a tick: the thumbnail's bottom, 450 − offset on screen,
    /// passes the list's top at offset 360, where the walk culls it.
    @Test("a source scrolled out of its clipping list: dismissed on the tick it is culled, reason .sourceCulled, never drawn without it")
    func sourceScrolledOut() throws {
        let s = try SourceScene()
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.1))
        s.world.run(ticks: 13)
        _ = s.world.drainEvents()
        var dismissedAt: Float?
        for offset in stride(from: Float(210), through: 400, by: 10) {
            try s.world.setContentOffset(Point(x: 0, y: offset), of: s.list)
            s.world.tick()
            let events = s.world.drainEvents()
            let sourceDrawn = try s.world.presentation(of: s.thumb).isDrawn
            let popupDrawn = s.drawn(s.content)
            #expect(sourceDrawn == (offset <= 350), "offset \(offset)")
            #expect(popupDrawn == sourceDrawn, "offset \(offset): the popup is drawn exactly while its source is")
            if events.contains(.popupDidDismiss(s.content, reason: .sourceCulled, tick: s.world.tickCount)) {
                #expect(dismissedAt == nil)
                dismissedAt = offset
            }
        }
        #expect(dismissedAt == 360)
        #expect(s.world.presentedPopups.isEmpty)
        // Its backdrop went with it: the app takes taps again.
        #expect(s.world.hitTest(Point(x: 300, y: 600))?.role == .view)
        #expect(try s.world.parent(of: s.content) == s.screenView)
    }

    /// The same scroll, with a popup that changes sides on the way (its source passes the
    /// middle, so its frame moves across with the popup's animation): dismissed because its
    /// source was culled, it stops at once — its content's frame does not move again and the
    /// world is idle on the next tick (it ran on ~25 ticks, y 440 → 57, hidden).
    @Test("a popup dismissed because its source was culled stops at once, even mid-way across to its other side")
    func culledPopupStopsAtOnce() throws {
        let s = try SourceScene()
        try s.world.setContentOffset(Point(x: 0, y: -200), of: s.list)
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200, animation: .linear(duration: 0.3))
        s.world.run(ticks: 40)
        let before = try s.world.presentation(of: s.content).frame
        _ = s.world.drainEvents()
        var dismissedAt: Float?, sawMove = false
        for offset in stride(from: Float(-150), through: 400, by: 50) {
            try s.world.setContentOffset(Point(x: 0, y: offset), of: s.list)
            s.world.tick()
            if try s.world.presentation(of: s.content).frame.minY != before.minY { sawMove = true }
            if s.world.drainEvents().contains(.popupDidDismiss(s.content, reason: .sourceCulled, tick: s.world.tickCount)) { dismissedAt = offset; break }
        }
        #expect(sawMove)
        #expect(dismissedAt != nil)
        let frame = try s.world.presentation(of: s.content).frame
        s.world.tick()
        #expect(s.world.isIdle, "nothing runs after the popup left")
        for _ in 0..<30 {
            s.world.tick()
            #expect(try s.world.presentation(of: s.content).frame == frame)
        }
    }

    @Test("a source hidden (itself or an ancestor): dismissed on that tick, reason .sourceHidden; a despawned one: .sourceRemoved")
    func sourceHiddenOrRemoved() throws {
        for hide in [\SourceScene.thumb, \SourceScene.cell] {
            let s = try SourceScene()
            try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200)
            s.world.run(ticks: 30)
            _ = s.world.drainEvents()
            #expect(s.drawn(s.content))
            try s.world.setHidden(true, of: s[keyPath: hide])
            s.world.tick()
            #expect(s.world.drainEvents() == [.popupDidDismiss(s.content, reason: .sourceHidden, tick: s.world.tickCount)])
            #expect(try !s.world.presentation(of: s.thumb).isDrawn && !s.drawn(s.content))
            #expect(s.world.presentedPopups.isEmpty && s.world.renderList.allSatisfy { $0.role == .view })
        }
        // Despawned while its popup scales in, and while one scales out: the reason it was
        // dismissed for is kept.
        for dismissFirst in [false, true] {
            let s = try SourceScene()
            try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200)
            s.world.run(ticks: dismissFirst ? 30 : 5)
            if dismissFirst { try s.world.dismissPopup(s.content); s.world.run(ticks: 5) }
            _ = s.world.drainEvents()
            try s.world.despawn(s.thumb)
            s.world.tick()
            #expect(s.world.drainEvents() == [.popupDidDismiss(s.content, reason: dismissFirst ? .requested : .sourceRemoved, tick: s.world.tickCount)])
            #expect(!s.drawn(s.content) && s.world.presentedPopups.isEmpty)
        }
    }

    // MARK: Hidden content

    @Test("presenting hidden content shows it, as a push shows a hidden screen; a tap outside dismisses it, the next reaches the app")
    func presentingShowsHiddenContent() throws {
        let world = World()
        try world.setPopupContainer(bounds: screen)
        let app = try world.spawnView(frame: screen)
        let source = try world.spawnView(frame: Rect(x: 20, y: 100, width: 60, height: 40))
        let content = try world.spawnView(frame: .zero)
        try world.setHidden(true, of: content)   // kept out of sight until presented
        world.tick()
        #expect(try !world.presentation(of: content).isDrawn)
        try world.presentPopup(content, from: source, width: 120, height: 200)
        world.run(ticks: 30)
        let drawn = try #require(world.renderList.first { $0.entity == content })
        #expect(drawn.frame == Rect(x: 20, y: 140, width: 120, height: 200) && drawn.opacity == 1)
        #expect(world.tap(at: Point(x: 60, y: 200))?.entity == content)
        #expect(world.tap(at: Point(x: 300, y: 700))?.role == .backdrop)
        world.run(ticks: 30)
        let last = world.drainEvents().last
        #expect({ if case .popupDidDismiss(content, reason: .tappedOutside, _)? = last { true } else { false } }(), "\(String(describing: last))")
        #expect(world.tap(at: Point(x: 300, y: 700))?.entity == app)
        // After its dismissal the popup hides it again, as before.
        #expect(try !world.presentation(of: content).isDrawn)
    }

    @Test("content hidden while presented: dismissed on that tick, reason .contentHidden, its backdrop gone")
    func contentHiddenWhilePresented() throws {
        let s = try SourceScene()
        try s.world.presentPopup(s.content, from: s.thumb, width: 120, height: 200)
        s.world.run(ticks: 30)
        _ = s.world.drainEvents()
        try s.world.setHidden(true, of: s.content)
        s.world.tick()
        #expect(s.world.drainEvents() == [.popupDidDismiss(s.content, reason: .contentHidden, tick: s.world.tickCount)])
        #expect(s.world.presentedPopups.isEmpty && s.world.renderList.allSatisfy { $0.role == .view })
    }
}

/// A thumbnail in cell 5 of a clipped list (screen y 100…700) on a screen, scrolled by 200;
/// the popup's content declared on the screen.
private struct SourceScene {
    let world = World()
    let screenView: Entity, list: Entity, cell: Entity, thumb: Entity, content: Entity

    init() throws {
        try world.setPopupContainer(bounds: screen)
        screenView = try world.spawnView(frame: screen)
        list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600), in: screenView)
        try world.setClipsToBounds(true, of: list)
        var cells: [Entity] = []
        for i in 0..<20 { cells.append(try world.spawnView(frame: Rect(x: 0, y: Float(i) * 60, width: 390, height: 60), in: list)) }
        cell = cells[5]
        thumb = try world.spawnView(frame: Rect(x: 10, y: 10, width: 40, height: 40), in: cell)
        content = try world.spawnView(frame: .zero, in: screenView)
        try world.setContentOffset(Point(x: 0, y: 200), of: list)
        world.tick()
    }

    func drawn(_ e: Entity) -> Bool { world.renderList.contains { $0.entity == e } }
}
