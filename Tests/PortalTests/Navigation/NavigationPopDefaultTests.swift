import Testing
@testable import Portal

// A pop given no transition uses the one its screen was pushed with (issue 32, "what a new user
// hit" 4: after a zoom push the back button slid instead of zooming back). Each case is checked
// against a model: the same world popping with that transition given explicitly, render list for
// render list on every tick, and against a plain slide, which it must not be.

private let bounds = Rect(x: 0, y: 0, width: 400, height: 800)

struct DefaultPopScene {
    let world = World()
    let root: Entity, cell: Entity, detail: Entity, stack: Entity

    init() throws {
        root = try world.spawnView(frame: bounds)
        stack = try world.spawnNavigationStack(frame: bounds, root: root)
        cell = try world.spawnView(frame: Rect(x: 16, y: 300, width: 160, height: 200), cornerRadius: 12, in: root)
        detail = try world.spawnScreen(for: stack)
        world.tick()
    }

    /// Pushes with `transition`, runs to rest, pops with `pop` (`nil`: none given) and returns
    /// the render lists of every tick until the stack rests again.
    func pushThenPop(_ transition: (DefaultPopScene) -> NavigationTransition, pop: ((DefaultPopScene) -> NavigationTransition)?) throws -> [[RenderItem]] {
        try world.push(detail, onto: stack, transition: transition(self))
        world.run(ticks: 120)
        try world.pop(stack, transition: pop.map { $0(self) })
        var lists: [[RenderItem]] = []
        repeat {
            world.tick()
            lists.append(world.renderList)
        } while try world.navigationProgress(of: stack) != nil && lists.count < 400
        world.run(ticks: 2)
        lists.append(world.renderList)
        return lists
    }
}

@Suite("A pop given no transition uses the one its screen was pushed with")
struct NavigationPopDefaultTests {
    static let animation = Animation.linear(duration: 0.4)

    static var kinds: [(String, (DefaultPopScene) -> NavigationTransition)] { [
        // A slide with its own animation: the default pop must run the push's linear 0.4 s, not
        // the slide's default ease-in-out 0.35 s.
        ("slide", { _ in NavigationTransition.slide.animation(animation) }),
        ("fade", { _ in NavigationTransition.fade(.in).animation(animation) }),
        ("zoom", { s in NavigationTransition.zoom(source: s.cell).animation(animation) }),
        ("custom", { _ in
            NavigationTransition.custom("swing") { from, to, operation, container in
                if operation == .pop { from.animation.opacity = 0.25; from.animation.translate(x: container.width / 3) }
                else { to.initial.opacity = 0.25; to.initial.translate(x: container.width / 3) }
            }.animation(animation)
        }),
    ] }

    @Test("slide, fade, zoom and custom: a plain pop draws, tick for tick, what a pop given the push's transition draws")
    func plainPopRepeatsThePush() throws {
        for (name, kind) in Self.kinds {
            let plain = try DefaultPopScene().pushThenPop(kind, pop: nil)
            let explicit = try DefaultPopScene().pushThenPop(kind, pop: kind)
            let slid = try DefaultPopScene().pushThenPop(kind, pop: { _ in .slide })
            #expect(plain == explicit, "\(name): a plain pop runs the transition the screen was pushed with")
            #expect(plain != slid, "\(name): and not a default slide")
            // The linear 0.4 s animation: 48 ticks of motion (plus the two after rest).
            #expect(plain.count == 48 + 1, "\(name): \(plain.count) ticks")
        }
    }

    @Test("the zoom: a plain pop shrinks the screen back into the source (drawn at the cell's frame as it ends)")
    func plainPopZoomsBack() throws {
        let s = try DefaultPopScene()
        try s.world.push(s.detail, onto: s.stack, transition: .zoom(source: s.cell).animation(Self.animation))
        s.world.run(ticks: 120)
        try s.world.pop(s.stack)
        s.world.run(ticks: 47)    // one tick before the end: the screen is all but at the source
        let g = try s.world.presentation(of: s.detail).globalFrame
        // Zoom progress z ≈ 1/48 here: drawn 400·(0.4 + 0.6·z) ≈ 165 pt wide, centred near the
        // cell's 96 (a slide keeps it 400 pt wide). Loose by a tick either way.
        #expect(g.width > 160 && g.width < 171 && g.midX > 95 && g.midX < 101, "\(g)")
        #expect(try s.world.navigationProgress(of: s.stack) != nil)
        s.world.run(ticks: 3)
        #expect(try s.world.screens(of: s.stack) == [s.root] && s.world.navigation.zooms == 0)
    }

    @Test("no remembered push: a root-only stack cannot pop; a screen placed by setStack, and one whose zoom source is gone, slide")
    func fallBackToSlide() throws {
        // setStack: the screen was not pushed.
        let placed = try DefaultPopScene()
        try placed.world.setStack(placed.stack, screens: [placed.root, placed.detail], transition: .identity)
        placed.world.run(ticks: 60)
        try placed.world.pop(placed.stack)
        placed.world.run(ticks: 21)   // mid-way through the 0.35 s slide
        let slideX = try placed.world.presentation(of: placed.detail).transform.translation.x
        #expect(slideX > 0 && slideX < 400, "\(slideX)")

        // The same position mid-slide when the zoom's source was despawned.
        let gone = try DefaultPopScene()
        try gone.world.push(gone.detail, onto: gone.stack, transition: .zoom(source: gone.cell))
        gone.world.run(ticks: 120)
        try gone.world.despawn(gone.cell)
        try gone.world.pop(gone.stack)
        gone.world.run(ticks: 21)
        #expect(try gone.world.presentation(of: gone.detail).transform.translation.x == slideX)

        // A pop staged after a push in the same frame uses that push's transition; a popped
        // screen pushed again with another transition pops with the new one.
        let staged = try DefaultPopScene()
        try staged.world.push(staged.detail, onto: staged.stack, transition: .fade(.in).animation(Self.animation))
        try staged.world.pop(staged.stack)
        staged.world.run(ticks: 120)
        try staged.world.push(staged.detail, onto: staged.stack, transition: .slide.animation(Self.animation))
        staged.world.run(ticks: 120)
        try staged.world.pop(staged.stack)
        staged.world.run(ticks: 24)
        let p = try staged.world.presentation(of: staged.detail)
        let x: Float = p.transform.translation.x
        #expect(abs(x - 200) < 1, "half-way through the linear slide: \(x)")
        #expect(p.opacity == 1)

        let rootOnly = try DefaultPopScene()
        #expect(throws: PortalError.cannotPopRoot(rootOnly.stack)) { try rootOnly.world.pop(rootOnly.stack) }
    }

    @Test("a recorded plain pop replays as a plain pop")
    func traceRoundTrip() throws {
        let world = World()
        try world.startRecording()
        let root = try world.spawnView(frame: bounds)
        let stack = try world.spawnNavigationStack(frame: bounds, root: root)
        let detail = try world.spawnScreen(for: stack)
        try world.push(detail, onto: stack, transition: .fade(.out).animation(Self.animation))
        world.run(ticks: 60)
        try world.pop(stack)
        world.run(ticks: 60)
        let text = try #require(world.stopRecording())
        // Recorded without the transition's keys, so a replay resolves it as the call did.
        let popLine = try #require(text.split(separator: "\n").first { $0.contains(" pop stack=") })
        #expect(!popLine.contains("transition="), "\(popLine)")
        let replay = try Trace(text).replay()
        #expect(replay.renderList == world.renderList)
    }
}
