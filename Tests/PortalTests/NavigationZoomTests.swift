import Testing
@testable import Portal

// The zoom navigation transition (issue 26): the zooming screen's drawn frame is the source's
// drawn frame *now* mixed with the stack's bounds by the transition's progress, checked every
// tick against that closed form (the ease-in-out curve) while the list holding the source
// scrolls mid-flight.

private let width: Float = 400, height: Float = 800
private let cellFrame = Rect(x: 16, y: 300, width: 160, height: 200)
private let zoomAnimation = Animation.easeInOut(duration: 0.5)

private struct ZoomScene {
    let world = World()
    let list: Entity, grid: Entity, cell: Entity, detail: Entity, stack: Entity

    init(recording: Bool = false) throws {
        if recording { try world.startRecording() }
        list = try world.spawnView(frame: Rect(x: 0, y: 0, width: width, height: height))
        stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: width, height: height), root: list)
        grid = try world.spawnView(frame: Rect(x: 0, y: 0, width: width, height: height), in: list)
        cell = try world.spawnView(frame: cellFrame, cornerRadius: 12, in: grid)
        detail = try world.spawnScreen(for: stack)
        world.tick()
    }

    var zoom: NavigationTransition { NavigationTransition.zoom(source: cell).animation(zoomAnimation) }
    func drawn(_ e: Entity) -> Bool { world.renderList.contains { $0.entity == e } }

    /// The detail drawn at the source (scrolled up by `offset`) mixed with the stack by `z`.
    func check(z: Double, offset: Float, _ label: String) throws {
        let s = Rect(x: cellFrame.minX, y: cellFrame.minY - offset, width: cellFrame.width, height: cellFrame.height)
        func mix(_ a: Float, _ b: Float) -> Double { Double(a) + (Double(b) - Double(a)) * z }
        let expected = (x: mix(s.minX, 0), y: mix(s.minY, 0), w: mix(s.width, width), h: mix(s.height, height))
        let p = try world.presentation(of: detail)
        let g = p.globalFrame
        #expect(abs(Double(g.minX) - expected.x) < 2e-2 && abs(Double(g.minY) - expected.y) < 2e-2, "\(label): \(g) vs \(expected)")
        #expect(abs(Double(g.width) - expected.w) < 2e-2 && abs(Double(g.height) - expected.h) < 2e-2, "\(label): \(g) vs \(expected)")
        // The radius as drawn: 12 → 0; the screen clips to it.
        let drawnRadius = Double(p.cornerRadius) * Double(min(p.transform.scaleX, p.transform.scaleY))
        #expect(abs(drawnRadius - 12 * (1 - z)) < 1e-3, "\(label): radius \(drawnRadius)")
        #expect(p.clipsToBounds, "\(label): the screen clips its content to the shape")
        #expect(!drawn(cell), "\(label): the source is hidden while the screen flies")
    }
}

@Suite("Navigation zoom")
struct NavigationZoomTests {
    @Test("push and pop zoom from and back into the source's current frame, the list scrolled mid-flight")
    func pushAndPop() throws {
        let s = try ZoomScene()
        try s.world.push(s.detail, onto: s.stack, transition: s.zoom)
        var offset: Float = 0
        for k in 1...60 {
            if k == 21 { offset = 100; try s.world.setContentOffset(Point(x: 0, y: 100), of: s.grid) }
            s.world.tick()
            let z = UnitCurve.easeInOut.value(at: Double(k) / 60)
            if k < 60 { try s.check(z: z, offset: offset, "push tick \(k)") }
        }
        let rest = try s.world.presentation(of: s.detail)
        #expect(rest.transform == .identity && rest.cornerRadius == 0 && !rest.clipsToBounds)
        #expect(try s.world.screens(of: s.stack) == [s.list, s.detail] && s.drawn(s.detail))
        try s.world.pop(s.stack, transition: s.zoom)
        for k in 1...60 {
            if k == 31 { offset = 40; try s.world.setContentOffset(Point(x: 0, y: 40), of: s.grid) }
            s.world.tick()
            let z = 1 - UnitCurve.easeInOut.value(at: Double(k) / 60)
            if k < 60 { try s.check(z: z, offset: offset, "pop tick \(k)") }
        }
        #expect(try s.world.screens(of: s.stack) == [s.list])
        #expect(s.drawn(s.cell) && !s.drawn(s.detail), "the source shows again")
        #expect(try s.world.presentation(of: s.cell).globalFrame == Rect(x: 16, y: 260, width: 160, height: 200))
    }

    @Test("a zoom turned round by a pop shrinks back into the source from where it is")
    func turned() throws {
        let s = try ZoomScene()
        try s.world.push(s.detail, onto: s.stack, transition: s.zoom)
        s.world.run(ticks: 20)
        try s.world.pop(s.stack)
        var k = 0
        while let p = try s.world.navigationProgress(of: s.stack), k < 300 {
            k += 1
            try s.check(z: Double(p), offset: 0, "turned tick \(k)")
            s.world.tick()
        }
        #expect(try s.world.screens(of: s.stack) == [s.list] && s.drawn(s.cell))
    }

    @Test("odd sources — the zooming screen itself, the screen beneath, the stack, a screen another stack keeps hidden — trap nothing and leave the stacks at rest as they should")
    func oddSources() throws {
        for which in 0..<4 {
            let s = try ZoomScene()
            let otherRoot = try s.world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let otherStack = try s.world.spawnNavigationStack(frame: Rect(x: 500, y: 0, width: 100, height: 100), root: otherRoot)
            let hiddenScreen = try s.world.spawnScreen(for: otherStack)
            try s.world.push(hiddenScreen, onto: otherStack, transition: .identity)
            s.world.run(ticks: 60)     // otherRoot is now kept hidden by its stack
            let source = [s.detail, s.list, s.stack, otherRoot][which]
            let zoom = NavigationTransition.zoom(source: source).animation(.easeInOut(duration: 0.2))
            try s.world.push(s.detail, onto: s.stack, transition: zoom)
            s.world.run(ticks: 40)
            #expect(try s.world.screens(of: s.stack) == [s.list, s.detail] && s.drawn(s.detail) && !s.drawn(s.list), "source \(which)")
            try s.world.pop(s.stack, transition: zoom)
            s.world.run(ticks: 40)
            #expect(try s.world.screens(of: s.stack) == [s.list] && s.drawn(s.list) && !s.drawn(s.detail), "source \(which)")
            #expect(!s.drawn(otherRoot) && s.drawn(hiddenScreen), "source \(which): the other stack shows only its top")
            #expect(try s.world.presentation(of: s.detail).transform == .identity && s.world.navigation.zooms == 0)
        }
    }

    @Test("the source must be a live view of the app; the zoom is traced and replayed bit for bit")
    func validatedAndTraced() throws {
        let s = try ZoomScene(recording: true)
        let gone = try s.world.spawnView(frame: cellFrame)
        try s.world.despawn(gone)
        #expect(throws: PortalError.self) { try s.world.push(s.detail, onto: s.stack, transition: .zoom(source: gone)) }
        try s.world.push(s.detail, onto: s.stack, transition: s.zoom)
        s.world.run(ticks: 30)
        let text = try #require(s.world.stopRecording())
        #expect(text.contains("zoom("))
        let replayed = try Trace(text).replay()
        #expect(replayed.renderList == s.world.renderList)
    }

    /// A stack whose width is a subnormal number (fuzz seed 24): the screen's scale, the source's
    /// width over the stack's, overflowed to infinity, and the global transform held NaN. The
    /// scale is held to ±1e9, as every magnitude Portal keeps.
    @Test func aStackNarrowerThanAFloatCanHoldZoomsWithAFiniteScale() throws {
        let world = World()
        let narrow = Float.leastNormalMagnitude / 100
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: narrow, height: 300), root: root)
        let screen = try world.spawnScreen(for: stack)
        let source = try world.spawnView(frame: Rect(x: 20, y: 40, width: 50, height: 60))
        world.tick()
        try world.push(screen, onto: stack, transition: NavigationTransition.zoom(source: source).animation(.linear(duration: 0.1)))
        for _ in 0..<3 {
            world.tick()
            let p = try world.presentation(of: screen)
            #expect(p.transform.scaleX == Rect.maxMagnitude)   // 50 / 1.2e-40, held
            #expect(p.transform.isValid)
            let g = p.globalTransform
            let entries = [g.m11, g.m12, g.m13, g.m21, g.m22, g.m23, g.m31, g.m32, g.m33]
            #expect(entries.allSatisfy { $0.isFinite })
        }
    }
}
