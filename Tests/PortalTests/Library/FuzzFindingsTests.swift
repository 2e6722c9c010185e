// Issue 32, "What the fuzzer found": each bug's shortest reproducer, as a test that failed
// before its fix.
import Testing
@testable import Portal

@Suite("What the fuzzer found (issue 32)")
struct FuzzFindingsTests {
    /// The tap the reproducer makes, with or without a read-only `hitTest` between the
    /// ticks: the card, as `hitTest` answers on the render list of the tick before the press
    /// (the card drawn at opacity 1), whatever the staged calls before the press change.
    private func tapAfterStagedOpacity(queryBetweenTicks: Bool) throws -> (tapped: Entity?, card: Entity, back: Entity) {
        let world = World()
        let back = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = try world.spawnView(frame: Rect(x: 100, y: 100, width: 100, height: 100), in: back)
        world.tick()
        if queryBetweenTicks { _ = world.hitTest(Point(x: 150, y: 150)) }
        try world.update(card, to: ViewProperties(opacity: 0))
        try world.pointer(PointerEvent(pointer: 1, phase: .began, location: Point(x: 150, y: 150), time: 1))
        world.tick()
        try world.pointer(PointerEvent(pointer: 1, phase: .ended, location: Point(x: 150, y: 150), time: 1.05))
        world.tick()
        let taps = world.drainEvents().compactMap { event -> Entity? in
            if case let .tapped(tap) = event { return tap.hit?.entity }
            return nil
        }
        #expect(taps.count == 1)
        return (taps.first, card, back)
    }

    @Test("1. a read-only hitTest between ticks does not change a later tap")
    func aQueryDoesNotChangeATap() throws {
        let without = try tapAfterStagedOpacity(queryBetweenTicks: false)
        let with = try tapAfterStagedOpacity(queryBetweenTicks: true)
        // Input.md: the press hit-tests the render list of the tick before it (the card at 1).
        #expect(without.tapped == without.card)
        #expect(with.tapped == with.card)
    }

    @Test("1. a staged reparenting or hiding before a press does not change what it hits")
    func stagedStructureDoesNotChangeAPress() throws {
        for queried in [false, true] {
            let world = World()
            let back = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
            let veil = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844), in: back)
            let card = try world.spawnView(frame: Rect(x: 100, y: 100, width: 100, height: 100), in: veil)
            world.tick()
            if queried { #expect(world.hitTest(Point(x: 150, y: 150))?.entity == card) }
            try world.update(veil, to: ViewProperties(opacity: 0))
            try world.setHidden(true, of: card)
            try world.pointer(PointerEvent(pointer: 1, phase: .began, location: Point(x: 150, y: 150), time: 1))
            world.tick()
            #expect(world.pointers.records.first { $0.isDown }?.hit?.entity == card, "queried: \(queried)")
        }
    }

    /// A presented hero with drag to dismiss, then dismissed and presented again with a long
    /// flight (and `effects`), so its layer flies forward for about a second.
    private func forwardFlight(effects: [PortalLayerEffect] = []) throws -> DragScene {
        let scene = try DragScene()
        var config = scene.config
        config.effects = effects
        try scene.world.portalTransition(id: "hero", isActive: false, config: config)
        for _ in 0..<600 where !scene.world.isIdle { scene.world.tick() }
        config.animation = PortalAnimation(.linear(duration: 1), delay: 0, duration: 0)
        try scene.world.portalTransition(id: "hero", isActive: true, config: config)
        for _ in 0..<40 { scene.world.tick() }
        #expect(scene.phase == .flying(.forward))
        return scene
    }

    @Test("2. a hidden flying layer is not hit, nor caught by a press")
    func aHiddenFlyingLayerIsNotHit() throws {
        var scene = try forwardFlight()
        let layer = try #require(scene.world.portals.records[scene.key].layer)
        let frame = try #require(scene.layerFrame)
        let centre = Point(x: frame.midX, y: frame.midY)
        #expect(scene.world.hitTest(centre)?.entity == layer, "drawn, it is caught")
        try scene.world.setHidden(true, of: layer)
        scene.world.tick()
        #expect(!scene.world.renderList.contains { $0.entity == layer })
        #expect(scene.world.hitTest(centre)?.entity != layer)
        try scene.down(centre.x, centre.y)
        try scene.move(centre.x, centre.y + 12)
        try scene.move(centre.x, centre.y + 30)
        #expect(scene.phase != .dragged)
    }

    @Test("2. a flying layer is hit where it is drawn, not where its frame is")
    func aFlyingLayerIsHitWhereDrawn() throws {
        let scene = try forwardFlight(effects: [.scale(0.5, animation: .linear(duration: 0.01))])
        let layer = try #require(scene.world.portals.records[scene.key].layer)
        let item = try #require(scene.world.renderList.first { $0.entity == layer })
        #expect(item.transform.scaleX == 0.5)
        // Inside the frame, outside the half-size drawn box.
        let corner = Point(x: item.frame.minX + 2, y: item.frame.minY + 2)
        #expect(scene.world.hitTest(corner)?.entity != layer)
        #expect(scene.world.hitTest(Point(x: item.frame.midX, y: item.frame.midY))?.entity == layer)
    }

    @Test("3. a flying layer at opacity below 0.01 does not take taps")
    func anInvisibleFlyingLayerIsNotHit() throws {
        var scene = try forwardFlight(effects: [.opacity(0, animation: .linear(duration: 0.01))])
        let layer = try #require(scene.world.portals.records[scene.key].layer)
        let item = try #require(scene.world.renderList.first { $0.entity == layer })
        #expect(item.opacity < 0.01)
        let centre = Point(x: item.frame.midX, y: item.frame.midY)
        #expect(scene.world.hitTest(centre)?.entity != layer)
        try scene.down(centre.x, centre.y)
        try scene.move(centre.x, centre.y + 12)
        try scene.move(centre.x, centre.y + 30)
        #expect(scene.phase != .dragged)
    }

    @Test("4. a begin rule may name a scroll view made earlier in the same frame")
    func aBeginRuleSeesAStagedScrollView() throws {
        let scene = try DragScene()
        let list = try scene.world.spawnView(frame: Rect(x: 0, y: 760, width: 390, height: 80), in: scene.root)
        try scene.world.makeScrollView(list, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 400), axes: .vertical))
        #expect(scene.world.isScrollView(list))
        var config = scene.config
        config.dragToDismiss = PortalDragDismiss(begin: .whenScrollViewAtTop(list))
        try scene.world.portalTransition(id: "hero", isActive: true, config: config)
        // A view that is no scroll view is still refused, by name, and the message names the field.
        let plain = try scene.world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: scene.root)
        config.dragToDismiss = PortalDragDismiss(begin: .whenScrollViewAtTop(plain))
        #expect(throws: PortalError.invalidElement("dragToDismiss.begin", .notAScrollView(plain))) {
            try scene.world.portalTransition(id: "hero", isActive: true, config: config)
        }
        let message = PortalError.invalidElement("dragToDismiss.begin", .notAScrollView(plain)).description
        #expect(!message.contains("batch"), "\(message)")
        #expect(PortalError.invalidElement("frames[3]", .notAScrollView(plain)).description.contains("the whole batch"))
        // A scroll view removed earlier in the frame is refused.
        try scene.world.removeScrollView(list)
        config.dragToDismiss = PortalDragDismiss(begin: .whenScrollViewAtTop(list))
        #expect(throws: PortalError.invalidElement("dragToDismiss.begin", .notAScrollView(list))) {
            try scene.world.portalTransition(id: "hero", isActive: true, config: config)
        }
    }

    /// The roots of the render list as the public tree shows them (`parent(of:)` nil), in
    /// drawing order, and whether each root's subtree follows it without a break.
    private func rootsInOrder(_ world: World) throws -> (roots: [RenderItem], contiguous: Bool) {
        var roots: [RenderItem] = [], contiguous = true, seen = Set<Entity>()
        var current: Entity?
        for item in world.renderList {
            var up = item.entity
            while let parent = try world.parent(of: up) { up = parent }
            if up == item.entity {
                if seen.contains(up) { contiguous = false }
                seen.insert(up); current = up; roots.append(item)
            } else if up != current {
                contiguous = false
            }
        }
        return (roots, contiguous)
    }

    @Test("5. a popup's content made a stack's root in the frame it is dismissed keeps the band order", arguments: [false, true])
    func popupContentAsAStackRoot(dismissed: Bool) throws {
        let world = World()
        try world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 390, height: 844))
        let source = try world.spawnView(frame: Rect(x: 20, y: 300, width: 60, height: 40))
        let content = try world.spawnView(frame: Rect(x: 0, y: 0, width: 200, height: 120))
        let other = try world.spawnView(frame: Rect(x: 0, y: 700, width: 390, height: 100))
        try world.setZIndex(3, of: other)
        world.tick()
        try world.presentPopup(content, from: source, width: 200, height: 120, animation: .linear(duration: 0.2))
        for _ in 0..<30 { world.tick() }
        if dismissed { try world.dismissPopup(content) }
        let stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 600), root: content)
        var ticks = 0
        while world.presentedPopups.contains(content) || ticks < 3 {
            if !dismissed && ticks == 10 { try world.dismissPopup(content) }
            world.tick()
            ticks += 1
            let (roots, contiguous) = try rootsInOrder(world)
            #expect(contiguous, "tick \(ticks)")
            // By band (app views, then the overlay), then z index.
            let keys = roots.map { ($0.role == .view ? 0 : 1, $0.zIndex) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 <= $1.1) }, "tick \(ticks): \(roots.map { ($0.entity, $0.role, $0.zIndex) })")
            if world.presentedPopups.contains(content), let item = world.renderList.first(where: { $0.entity == content }) {
                #expect(item.role == .overlay)
                #expect(try world.parent(of: content) == nil)
            }
            if ticks > 600 { break }
        }
        // Gone from the overlay, the content is the stack's root screen, filling it.
        #expect(try world.parent(of: content) == stack)
        #expect(try world.screens(of: stack) == [content])
        let item = try #require(world.renderList.first { $0.entity == content })
        #expect(item.role == .view && item.frame == Rect(x: 0, y: 0, width: 390, height: 600))
    }

    @Test("6. targetPage traps on no input and clamps by the closed form")
    func targetPageNeverTraps() {
        func target(_ offset: Double, _ velocity: Double, _ pageSize: Double, _ minimum: Double, _ maximum: Double, _ start: Int) -> Int {
            ScrollPhysics.targetPage(offset: offset, velocity: velocity, rate: .normal, pageSize: pageSize,
                                     minimum: minimum, maximum: maximum, startPage: start)
        }
        // 10 pages of 100 pt: pages 0...9 (the last at 900).
        #expect(target(450, 0, 100, 0, 900, .max) == 9)
        #expect(target(450, 0, 100, 0, 900, .min) == 0)
        #expect(target(450, 0, 100, 0, 900, Int.max - 1) == 9)
        #expect(target(450, 0, 100, 0, 900, Int.min + 1) == 0)
        #expect(target(450, 0, 100, 0, 900, 4) == 5)   // 4.5 rounds up, within one page of 4
        #expect(target(450, 0, 100, 0, 900, 2) == 3)   // at most one page from the start
        let values: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1, -1, 1e300, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        let starts = [Int.min, Int.min + 1, -2, -1, 0, 1, 2, Int.max - 1, .max]
        for a in values {
            for b in values {
                for start in starts {
                    let page = target(a, b, 100, 0, 900, start)
                    #expect((0...9).contains(page))
                    let odd = target(450, 0, a, b, a, start)
                    #expect(odd >= 0)
                }
            }
        }
    }

    @Test("7. a zoom refused for a negative corner radius replays as refused")
    func aRefusedZoomReplaysAsRefused() throws {
        let world = World()
        try world.startRecording()
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 844), root: root)
        let cell = try world.spawnView(frame: Rect(x: 20, y: 100, width: 80, height: 80), in: root)
        let screen = try world.spawnScreen(for: stack)
        world.tick()
        for radius: Float in [-1, -0.5, -1e30] {
            #expect(throws: PortalError.self) {
                try world.push(screen, onto: stack, transition: .zoom(source: cell, options: ZoomOptions(cornerRadius: radius)))
            }
        }
        // Accepted: no radius (the source's), and a radius of 0.
        try world.push(screen, onto: stack, transition: .zoom(source: cell, options: ZoomOptions(cornerRadius: 0, shadowRadius: 3)))
        for _ in 0..<80 { world.tick() }
        try world.pop(stack, transition: .zoom(source: cell, options: ZoomOptions(shadowRadius: 3)))
        for _ in 0..<80 { world.tick() }
        let text = try #require(world.stopRecording())
        let replayed = try Trace(text).replay()
        #expect(replayed.renderList == world.renderList)
    }

    @Test("7. a version 1 trace's zoom reads −1 as no corner radius")
    func versionOneZoomsStillRead() throws {
        let text = """
        portal-trace 1 tickRate=120 maxCatchUpTicks=8 settleTolerance=0.001 reservedCapacity=0 reduceMotion=false
        @0 spawnView frame=0.0,0.0,390.0,844.0 radius=0.0 opacity=1.0 -> e1
        @0 navigationStack frame=0.0,0.0,390.0,844.0 root=e1 popStart=edge(20.0) -> e2
        @0 spawnView frame=20.0,100.0,80.0,80.0 radius=0.0 opacity=1.0 parent=e1 -> e3
        @0 screen stack=e2 radius=0.0 -> e4
        @0 tick
        @1 push screen=e4 stack=e2 transition=zoom(e3,0.0,0.0,0.0,0.0,0.0,-1.0,3.0,0.2,0.0,0.0,0.0,0.0) animation=spring(duration,0.5,0.0,0.0,0.0,1.0)
        @1 tick

        """
        let trace = try Trace(text)
        _ = try trace.replay()
    }
}
