import Testing
@testable import Portal

// A flowing header on a screen that is a scroll view (issue 32, "what a new user hit" 1): the
// parts stay where the header puts them on every tick — the title drawn exactly at the header's
// geometry for the scroll view's offset *now* — while a finger drags, while the content glides
// and bounces, and when the host sets the offset. Before, the progress followed the offset on a
// 0.3 s spring while the parts rode the content at once, so a fling carried the title above the
// bar and `setContentOffset(y: 400)` sent it 400 pt up before it flowed back.

private let anchor = Rect(x: 20, y: 90, width: 220, height: 44)
private let bar = Rect(x: 0, y: 10, width: 390, height: 50)
private let barTitleSize = Size(width: 110, height: 22)

private struct HeaderScrollScene {
    let world = World()
    let screen: Entity, title: Entity, header: Entity

    init() throws {
        screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
        title = try world.spawnView(frame: anchor)
        try world.setZIndex(2, of: title)
        header = try world.flowingHeader(on: screen, title: title, snappingBehavior: .none)
        try world.setFlowingHeaderAnchors(header, title: anchor, bar: bar, barTitleSize: barTitleSize)
        try world.makeScrollView(screen, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 2340), axes: .vertical))
        world.tick()
    }

    /// Checks the title against the header's geometry for the scroll view's offset now,
    /// written out independently: progress p = clamp((offset − 5) ÷ 40) (no accessory: the flow
    /// starts after 5 pt and runs over 40), the title's centre from the scrolled anchor's to the
    /// bar slot's by p, scaled 1 → 22 ÷ 44 by p; drawn in screen space (content offset taken off).
    /// Returns the drawn centre's y.
    @discardableResult
    func check(_ label: String) throws -> Float {
        let offset = try world.presentation(of: screen).contentOffset.y
        let p = min(max((offset - 5) / 40, 0), 1)
        let slot = Rect(x: bar.midX - barTitleSize.width / 2, y: bar.midY - barTitleSize.height / 2,
                        width: barTitleSize.width, height: barTitleSize.height)
        let from = Point(x: anchor.midX, y: anchor.midY - offset)
        let center = Point(x: from.x + (slot.midX - from.x) * p, y: from.y + (slot.midY - from.y) * p)
        let scale = 1 + (22.0 / 44.0 - 1) * p
        let drawn = try world.presentation(of: title)
        let local = drawn.frame
        // The part is the scroll view's child: drawn at its frame minus the content offset.
        let drawnCenter = Point(x: local.midX, y: local.midY - offset)
        #expect(abs(drawnCenter.x - center.x) < 1e-3 && abs(drawnCenter.y - center.y) < 1e-3,
                "\(label): offset \(offset), title drawn at \(drawnCenter), the header puts it at \(center)")
        #expect(abs(drawn.transform.scaleX - scale) < 1e-5, "\(label): scale \(drawn.transform.scaleX) vs \(scale)")
        #expect(try abs(world.flowingHeaderProgress(header) - p) < 1e-6, "\(label)")
        return drawnCenter.y
    }
}

@Suite("A flowing header on a scroll-view screen places its parts for the offset of every tick")
struct HeaderScrollViewTests {
    @Test("a fling: every tick of the drag, the glide and the rest, the title is where the header's geometry puts it for that tick's offset, never above its bar slot")
    func flingPerTick() throws {
        let s = try HeaderScrollScene()
        var f = Finger(world: s.world, id: 1, time: 50)
        try f.down(200, 500)
        s.world.tick()
        var ticks = 0, glided = false, lowest = Float.infinity
        for k in 1...8 {
            try f.move(200, 500 - Float(k) * 30)                  // 30 pt per 8 ms: 3,750 pt/s up
            s.world.tick(); ticks += 1
            lowest = min(lowest, try s.check("drag \(k)"))
        }
        try f.up(200, 260)
        for k in 0..<240 {
            s.world.tick(); ticks += 1
            lowest = min(lowest, try s.check("glide \(k)"))
            if try s.world.scrollViewState(of: s.screen).isDecelerating { glided = true }
        }
        #expect(glided, "the content glided")
        #expect(try s.world.presentation(of: s.screen).contentOffset.y > 400)
        // Never above the bar slot (centre y 35): the fling took it to y 3 before.
        #expect(lowest >= bar.midY - 1e-3, "highest title centre \(lowest)")
    }

    @Test("setContentOffset(y: 400): the title is in the bar on the next tick, and stays")
    func setContentOffset() throws {
        let s = try HeaderScrollScene()
        try s.check("at rest")
        try s.world.setContentOffset(Point(x: 0, y: 400), of: s.screen)
        for k in 0..<60 {
            s.world.tick()
            let y = try s.check("tick \(k)")
            #expect(abs(y - bar.midY) < 1e-3, "tick \(k): \(y)")
        }
        try s.world.setContentOffset(Point(x: 0, y: 25), of: s.screen)   // half-way through the flow
        s.world.tick()
        try s.check("back to 25")
    }
}
