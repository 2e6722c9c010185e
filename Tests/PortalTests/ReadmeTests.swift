import Testing
import Portal

/// The README's examples, as written there, so that they cannot rot.
@Suite("README examples")
struct ReadmeTests {
    @Test("the quick start runs and reports both completion criteria")
    func quickStart() throws {
        let world = World()                                              // 120 Hz fixed tick
        let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200), cornerRadius: 8)
        let done = try world.animate(card, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 390, height: 420),
                                                              cornerRadius: 16),
                                     with: .smooth(duration: 0.4))      // the headless withAnimation
        var criteria: [AnimationCompletionCriteria] = []
        for _ in 0..<120 {
            world.advance(by: 1.0 / 60)
            for case .animationCompleted(let c) in world.drainEvents() where c.id == done {
                criteria.append(c.criterion)
            }
        }
        #expect(criteria == [.logicallyComplete, .removed])
        #expect(world.renderList.map(\.frame) == [Rect(x: 0, y: 0, width: 390, height: 420)])
        #expect(world.renderList.map(\.cornerRadius) == [16])
    }

    @Test("the hero transition lands on the detail view")
    func hero() throws {
        let world = World()
        let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200), cornerRadius: 8)
        let detail = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 420), cornerRadius: 16)
        try world.portal(card, id: "hero", as: .source)
        try world.portal(detail, id: "hero", as: .destination)
        try world.portalTransition(id: "hero", isActive: true,
                                   config: PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.4)),
                                                                  corners: PortalCorners(source: 8, destination: 16)))
        world.advance(by: 1.0 / 60)
        let layer = try #require(world.renderList.first)
        #expect(world.renderList.count == 1 && layer.role == .overlay && layer.content == card)
        for _ in 0..<90 { world.advance(by: 1.0 / 60) }
        #expect(world.renderList.map(\.entity) == [detail])
    }

    @Test("the navigation example pushes, pops and composes as written")
    func navigation() throws {
        let world = World()
        let screenFrame = Rect(x: 0, y: 0, width: 390, height: 844)
        let home = try world.spawnView(frame: screenFrame)
        let detail = try world.spawnView(frame: screenFrame)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: home)
        try world.push(detail, onto: stack, transition: .slide)
        try world.pop(stack, transition: NavigationTransition.fade(.cross).animation(.smooth))
        let zoom = NavigationTransition.mirrorPush(AtomicTransition.scale(0.5).combined(with: .opacity))
        for _ in 0..<200 { world.advance(by: 1.0 / 60) }
        #expect(try world.screens(of: stack) == [home])
        #expect(world.renderList.map(\.entity) == [stack, home])   // the stack is a container view, behind its screens
        #expect(zoom == .asymmetric(push: AtomicTransition.scale(0.5).combined(with: .opacity),
                                    pop: AtomicTransition.scale(0.5).combined(with: .opacity)))
    }

    @Test("the tree example scrolls a list and draws the thumbnail where the README says")
    func tree() throws {
        let world = World()
        let list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600))
        try world.setClipsToBounds(true, of: list)                       // a list clips its cells
        let cells = try (0..<50).map { i in
            try world.spawnView(frame: Rect(x: 0, y: Float(i) * 80, width: 390, height: 76), in: list)
        }
        let thumb = try world.spawnView(frame: Rect(x: 8, y: 8, width: 60, height: 60), cornerRadius: 6, in: cells[3])
        try world.setContentOffset(Point(x: 0, y: 120), of: list)        // one call scrolls every cell
        world.advance(by: 1.0 / 60)
        let drawn = world.renderList.first { $0.entity == thumb }!
        #expect(drawn.globalTransform.map(Point(x: 0, y: 0)) == Point(x: 8, y: 228))
        #expect(drawn.clip >= 0 && world.clipList.count > Int(drawn.clip))
        // Cells scrolled wholly out of the list are culled: 120 pt scrolled, 600 pt tall.
        let drawnCells = Set(world.renderList.map(\.entity)).intersection(cells)
        #expect(drawnCells == Set(cells[1...9]))
    }
}
