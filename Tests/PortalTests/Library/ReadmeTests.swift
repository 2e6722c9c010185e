import Testing
import Portal

/// The renderer of the README's "A host loop" example: records what it is asked to draw.
final class ReadmeCanvas {
    var clips: [RenderClip] = []
    var fills: [(size: Size, radius: Float, opacity: Float, transform: ProjectionTransform, content: Entity, clips: [RenderClip])] = []
    func clip(_ clip: RenderClip) { clips.append(clip) }
    func fill(_ size: Size, radius: Float, opacity: Float, through transform: ProjectionTransform, content: Entity) {
        fills.append((size, radius, opacity, transform, content, clips))
    }
    func resetClip() { clips.removeAll() }
}

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

    @Test("the host example draws every item inside its clip chain, opens what a tap hits and logs the events")
    func host() throws {
        let world = World()
        let canvas = ReadmeCanvas()
        var opened: [Entity] = []
        var log: [WorldEvent] = []
        func open(_ entity: Entity) { opened.append(entity) }
        let list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600), cornerRadius: 10)
        try world.setClipsToBounds(true, of: list)
        let cell = try world.spawnView(frame: Rect(x: 0, y: 40, width: 390, height: 76), in: list)
        let card = try world.spawnView(frame: Rect(x: 200, y: 0, width: 100, height: 60))
        try world.animate(card, to: ViewProperties(opacity: 0.5), with: .linear(duration: 0.01))
        let secondsSinceLastFrame = 1.0 / 60
        let touch = Point(x: 20, y: 150)

        world.advance(by: secondsSinceLastFrame)              // runs 0, 1 or more whole 120 Hz ticks
        world.withClipList { clips in
            world.withRenderList { items in                   // back to front, each item drawn alone
                for item in items {
                    var clip = item.clip                      // its clip chain, innermost first; -1 ends it
                    while clip >= 0 { canvas.clip(clips[Int(clip)]); clip = clips[Int(clip)].parent }
                    canvas.fill(item.frame.size, radius: item.cornerRadius, opacity: item.opacity,
                                through: item.globalTransform, content: item.content)
                    canvas.resetClip()
                }
            }
        }
        if let hit = world.tap(at: touch), !hit.isBusy, hit.role != .backdrop { open(hit.entity) }
        world.drainEvents { event in log.append(event) }      // in order, each with its tick

        #expect(canvas.fills.map(\.content) == [list, cell, card])
        #expect(canvas.fills.map(\.clips.count) == [0, 1, 0])
        #expect(canvas.fills[1].clips.first?.transform == .translation(x: 0, y: 100))
        #expect(canvas.fills[1].transform == .translation(x: 0, y: 140))
        #expect(canvas.fills[0].radius == 10 && canvas.fills[2].opacity == 0.5)
        #expect(opened == [cell])
        #expect(log.contains { if case .animationCompleted(let c) = $0 { c.view == card && c.tick == 2 } else { false } })
    }
}
