import Testing
@testable import Portal

// Portals on the view tree (issue 13, step B): anchors anywhere in the tree, matched and
// followed through their global frames, and a layer that carries its content's subtree.
//
// The reference for every flight is the same flight in a flat world (already tested against
// closed forms): each anchor a root at the nested anchor's global frame, computed here by hand
// from the scene's local frames, moved by `setFrame` at the same ticks as the nested scene's
// ancestors scroll or push.

/// A photo cell in a scrolled list in a screen in a stack-like container, and a detail in a
/// screen of a second container.
private struct NestedHero {
    let world: World
    let stack, screen, list, cell, image, label: Entity
    let otherStack, detailScreen, detail: Entity

    static let cell = Rect(x: 20, y: 400, width: 160, height: 120)
    static let image = Rect(x: 10, y: 10, width: 100, height: 80)
    static let label = Rect(x: 10, y: 95, width: 140, height: 20)
    static let detail = Rect(x: 20, y: 30, width: 320, height: 240)

    /// The cell's global frame with the list scrolled to `offset`: stack (10, 20) + screen
    /// (0, 0) + list (0, 100) − offset + cell (20, 400).
    static func cellGlobal(offset: Float) -> Rect { Rect(x: 30, y: 520 - offset, width: 160, height: 120) }
    /// The detail's global frame with its screen at x = `screenX`: stack (420, 0) + screen
    /// (screenX, 50) + detail (20, 30).
    static func detailGlobal(screenX: Float) -> Rect { Rect(x: 440 + screenX, y: 80, width: 320, height: 240) }

    init() throws {
        world = World()
        stack = try world.spawnView(frame: Rect(x: 10, y: 20, width: 400, height: 800), in: nil)
        screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 400, height: 800), in: stack)
        list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 400, height: 700), in: screen)
        cell = try world.spawnView(frame: NestedHero.cell, cornerRadius: 8, in: list)
        image = try world.spawnView(frame: NestedHero.image, in: cell)
        label = try world.spawnView(frame: NestedHero.label, in: cell)
        otherStack = try world.spawnView(frame: Rect(x: 420, y: 0, width: 400, height: 800), in: nil)
        detailScreen = try world.spawnView(frame: Rect(x: 0, y: 50, width: 400, height: 700), in: otherStack)
        detail = try world.spawnView(frame: NestedHero.detail, cornerRadius: 16, in: detailScreen)
        try world.setClipsToBounds(true, of: stack)
        try world.setClipsToBounds(true, of: list)
        try world.setContentOffset(Point(x: 0, y: 250), of: list)
        try world.portal(cell, id: "hero", as: .source)
        try world.portal(detail, id: "hero", as: .destination)
        world.tick()
    }

    /// The layer's render item, if one is drawn.
    var layerItem: RenderItem? {
        guard let layer = world.portalLayer("hero")?.layer else { return nil }
        return world.renderList.first { $0.entity == layer }
    }

    /// How many of source, layer and destination are drawn.
    func drawnCount() throws -> Int {
        (try world.presentation(of: cell).isDrawn ? 1 : 0) + (try world.presentation(of: detail).isDrawn ? 1 : 0)
            + (layerItem == nil ? 0 : 1)
    }
}

/// The flat reference: the two anchors as roots at the nested anchors' global frames.
private struct FlatHero {
    let world = World()
    let card: Entity
    let detail: Entity

    init(card cardFrame: Rect, detail detailFrame: Rect) throws {
        card = try world.spawnView(frame: cardFrame, cornerRadius: 8)
        detail = try world.spawnView(frame: detailFrame, cornerRadius: 16)
        try world.portal(card, id: "hero", as: .source)
        try world.portal(detail, id: "hero", as: .destination)
        world.tick()
    }

    var layerFrame: Rect? {
        guard let layer = world.portalLayer("hero")?.layer else { return nil }
        return world.renderList.first { $0.entity == layer }?.frame
    }
}

@Suite("Portals on the view tree")
struct PortalTreeTests {
    @Test("a hero from a cell of a scrolled list flies to a detail in another container between their global frames, following a push and a scroll, tick by tick as the flat flight; exactly one of source, layer and destination is drawn")
    func nestedHeroFollowsGlobalFrames() throws {
        let scene = try NestedHero()
        var screenX: Float = 200
        try scene.world.setFrame(Rect(x: screenX, y: 50, width: 400, height: 700), of: scene.detailScreen)
        scene.world.tick()
        let flat = try FlatHero(card: NestedHero.cellGlobal(offset: 250), detail: NestedHero.detailGlobal(screenX: screenX))
        #expect(try scene.world.presentation(of: scene.cell).globalFrame == NestedHero.cellGlobal(offset: 250))
        #expect(try scene.drawnCount() == 1)

        // Forward, while the detail's screen pushes in (an ancestor moves; the detail's own
        // frame never changes).
        for world in [scene.world, flat.world] { try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond) }
        var checked = 0
        for tick in 1...64 {
            if tick >= 10 && screenX > 0 {
                screenX -= 10
                try scene.world.setFrame(Rect(x: screenX, y: 50, width: 400, height: 700), of: scene.detailScreen)
                try flat.world.setFrame(NestedHero.detailGlobal(screenX: screenX), of: flat.detail)
            }
            scene.world.tick()
            flat.world.tick()
            #expect(scene.layerItem?.frame == flat.layerFrame, "tick \(tick)")
            #expect(try scene.drawnCount() == 1, "tick \(tick)")
            if let frame = flat.layerFrame, frame != NestedHero.cellGlobal(offset: 250) { checked += 1 }
        }
        #expect(checked > 40)
        #expect(screenX == 0)
        #expect(try scene.layerItem == nil && scene.world.presentation(of: scene.detail).isDrawn)

        // Back, while the source's list scrolls (one call on the list per tick).
        var offset: Float = 250
        for world in [scene.world, flat.world] { try world.portalTransition(id: "hero", isActive: false, config: linearHalfSecond) }
        for tick in 1...64 {
            if tick >= 5 && tick < 45 {
                offset += 3
                try scene.world.setContentOffset(Point(x: 0, y: offset), of: scene.list)
                try flat.world.setFrame(NestedHero.cellGlobal(offset: offset), of: flat.card)
            }
            scene.world.tick()
            flat.world.tick()
            #expect(scene.layerItem?.frame == flat.layerFrame, "tick \(tick)")
            #expect(try scene.drawnCount() == 1, "tick \(tick)")
            if tick == 40 {
                // Still flying, heading for where the cell is now, not where it was.
                let frame = try #require(scene.layerItem?.frame)
                #expect(frame != NestedHero.cellGlobal(offset: 250))
            }
        }
        #expect(try scene.layerItem == nil && scene.world.presentation(of: scene.cell).isDrawn)
        #expect(try scene.world.presentation(of: scene.cell).globalFrame == NestedHero.cellGlobal(offset: 370))
    }

    @Test("the layer carries its content's subtree: each descendant follows the layer's item, in the overlay band, at the layer's geometry scaled from the content's size")
    func layerCarriesContentSubtree() throws {
        let scene = try NestedHero()
        let world = scene.world
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.tick()
        world.run(ticks: 29)
        let list = world.renderList
        let layerIndex = try #require(list.firstIndex { $0.entity == world.portalLayer("hero")?.layer })
        let layer = list[layerIndex]
        // Halfway between the cell's and the detail's global frames.
        #expect(layer.frame == mix(NestedHero.cellGlobal(offset: 250), NestedHero.detailGlobal(screenX: 0), 0.5))
        #expect(layer.content == scene.cell)
        // The source (hidden) is not drawn in place, nor are its children there.
        #expect(!list[..<layerIndex].contains { [scene.cell, scene.image, scene.label].contains($0.entity) })
        #expect(Array(list[(layerIndex + 1)...].map(\.entity)) == [scene.image, scene.label])
        let sx = layer.frame.width / NestedHero.cell.width, sy = layer.frame.height / NestedHero.cell.height
        for (item, frame) in zip(list[(layerIndex + 1)...], [NestedHero.image, NestedHero.label]) {
            #expect(item.role == .overlay)
            #expect(item.frame == frame)   // its own, in the content's space
            let topLeft = item.globalTransform.map(Point(x: 0, y: 0))
            let bottomRight = item.globalTransform.map(Point(x: frame.width, y: frame.height))
            #expect(abs(topLeft.x - (layer.frame.minX + frame.minX * sx)) < 1e-3)
            #expect(abs(topLeft.y - (layer.frame.minY + frame.minY * sy)) < 1e-3)
            #expect(abs(bottomRight.x - (layer.frame.minX + frame.maxX * sx)) < 1e-3)
            #expect(abs(bottomRight.y - (layer.frame.minY + frame.maxY * sy)) < 1e-3)
            // Not marked drawn in its own place.
            #expect(try !world.presentation(of: item.entity).isDrawn)
        }
        // A hidden descendant is left out; after landing, the subtree is back in its own place.
        try world.setHidden(true, of: scene.label)
        world.tick()
        #expect(!world.renderList.contains { $0.entity == scene.label })
        #expect(world.renderList.contains { $0.entity == scene.image && $0.role == .overlay })
        try world.setHidden(false, of: scene.label)
        world.run(ticks: 40)
        #expect(!world.renderList.contains { $0.role == .overlay })
        try world.portalTransition(id: "hero", isActive: false, config: linearHalfSecond)
        world.run(ticks: 70)
        let back = world.renderList
        #expect(!back.contains { $0.role == .overlay })
        let image = try #require(back.first { $0.entity == scene.image })
        #expect(image.globalTransform.map(Point(x: 0, y: 0)) == Point(x: 40, y: 280))
    }

    /// Found in review: the content's grandchildren (and deeper) flew with their own role and
    /// were marked drawn in their own place; the whole subtree is the layer's, to its leaves.
    @Test("a layer carries its content's grandchildren too, in the overlay band")
    func layerCarriesDeepContent() throws {
        let scene = try NestedHero()
        let world = scene.world
        let badge = try world.spawnView(frame: Rect(x: 2, y: 2, width: 6, height: 6), in: scene.image)
        world.tick()
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.tick()
        world.run(ticks: 29)
        let list = world.renderList
        let layerIndex = try #require(list.firstIndex { $0.entity == world.portalLayer("hero")?.layer })
        #expect(Array(list[(layerIndex + 1)...].map(\.entity)) == [scene.image, badge, scene.label])
        #expect(list[(layerIndex + 1)...].allSatisfy { $0.role == .overlay })
        #expect(try !world.presentation(of: badge).isDrawn)
    }

    @Test("a root anchor moved into a container mid-flight is followed to its new global frame (the watch is dropped)")
    func reparentedAnchorIsFollowed() throws {
        let scene = try HeroScene()
        let world = scene.world
        let container = try world.spawnView(frame: Rect(x: 100, y: 40, width: 500, height: 600), in: nil)
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 20)
        try world.setParent(container, of: scene.detail)
        world.run(ticks: 39)
        // One tick before landing (tick 59 of 60): nearly on the detail where it now is on screen,
        // 100 right and 40 down of where the flight began heading.
        let moved = Rect(x: HeroScene.detailFrame.minX + 100, y: HeroScene.detailFrame.minY + 40,
                         width: HeroScene.detailFrame.width, height: HeroScene.detailFrame.height)
        let layer = try #require(scene.layers.first)
        #expect(abs(layer.frame.minX - moved.minX) < 5 && abs(layer.frame.minY - moved.minY) < 5)
        world.tick()
        #expect(scene.layers.isEmpty)
        #expect(try world.presentation(of: scene.detail).globalFrame == moved)
    }

    /// Runs a flight of the nested scene beside the flat reference and checks, every tick, that
    /// the layer is where the flat flight's is and that exactly one of source, layer and
    /// destination is drawn. `disturb` is called before each tick with its number; what it
    /// stages takes effect in that tick, and it returns the anchors' new global frames, worked
    /// out by hand (checked against the nested world's). Each anchor's global frame as drawn
    /// after the nested tick — moved by host calls or by lanes — is mirrored onto the flat
    /// anchor before the flat tick: a layer is drawn where its anchor is drawn on the same tick,
    /// whether the host or a lane moved it. A lane-moved anchor is followed after the lanes'
    /// write-back, the flat one before the lanes advance, so their layers agree to `tolerance`
    /// (one Float rounding of the carried offset), the host-moved ones exactly. With `forward`
    /// false the flight back follows an undisturbed flight there.
    private func followsLikeFlat(_ scene: NestedHero, forward: Bool = true, tolerance: Float = 0,
                                 _ disturb: (World, Int) throws -> [(Entity, Rect)]) throws {
        let world = scene.world
        let flat = try FlatHero(card: try world.presentation(of: scene.cell).globalFrame,
                                detail: try world.presentation(of: scene.detail).globalFrame)
        for leg in forward ? [true] : [true, false] {
            for w in [world, flat.world] { try w.portalTransition(id: "hero", isActive: leg, config: linearHalfSecond) }
            var moving = 0
            for tick in 1...70 {
                let moved = leg == forward ? try disturb(world, tick) : []
                world.tick()
                for (nested, mirror) in [(scene.cell, flat.card), (scene.detail, flat.detail)] {
                    let global = try world.presentation(of: nested).globalFrame
                    if let worked = moved.first(where: { $0.0 == nested }) { #expect(global == worked.1, "tick \(tick)") }
                    if try flat.world.presentation(of: mirror).frame != global { try flat.world.setFrame(global, of: mirror) }
                }
                flat.world.tick()
                if tolerance == 0 {
                    #expect(scene.layerItem?.frame == flat.layerFrame, "tick \(tick)")
                } else if let frame = flat.layerFrame {
                    #expect(isClose(scene.layerItem?.frame, frame, tolerance: tolerance), "tick \(tick)")
                } else {
                    #expect(scene.layerItem == nil, "tick \(tick)")
                }
                #expect(try scene.drawnCount() == 1, "tick \(tick)")
                if flat.layerFrame != nil { moving += 1 }
            }
            #expect(moving > 40 && scene.layerItem == nil, "\(moving) ticks in flight")
        }
    }

    @Test("a nested destination is followed exactly when its screen moves to another container mid-flight, and then when the new container moves (and not the old)")
    func nestedAnchorReparentedMidFlight() throws {
        let scene = try NestedHero()
        try followsLikeFlat(scene) { world, tick in
            switch tick {
            case 15:
                // stack (10, 20) + screen (0, 50) + detail (20, 30).
                try world.setParent(scene.stack, of: scene.detailScreen)
                return [(scene.detail, Rect(x: 30, y: 100, width: 320, height: 240))]
            case 25:
                try world.setFrame(Rect(x: 500, y: 0, width: 400, height: 800), of: scene.otherStack)
            case 35:
                try world.setFrame(Rect(x: 40, y: 60, width: 400, height: 800), of: scene.stack)
                return [(scene.detail, Rect(x: 60, y: 140, width: 320, height: 240))]
            default: break
            }
            return []
        }
        // Landed where the detail is now: stack (40, 60) + screen (0, 50) + detail (20, 30).
        #expect(try scene.world.presentation(of: scene.detail).globalFrame == Rect(x: 60, y: 140, width: 320, height: 240))
    }

    @Test("a nested destination is followed while an ancestor animates, drawn where it is drawn on each tick (a lane on its frame, then a spring on its container's content offset)")
    func nestedAnchorUnderAnimatedAncestor() throws {
        let scene = try NestedHero()
        try followsLikeFlat(scene, tolerance: 1e-3) { world, tick in
            if tick == 8 {
                _ = try world.animate(scene.detailScreen, to: ViewProperties(frame: Rect(x: -120, y: 50, width: 400, height: 700)),
                                      with: .easeInOut(duration: 0.15))
            }
            if tick == 30 { _ = try world.animate(scene.otherStack, to: ViewProperties(contentOffset: Point(x: 0, y: 40)), with: .smooth) }
            return []   // lanes: mirrored as drawn after each tick
        }
    }

    @Test("a nested source is followed exactly while its list is hidden and moved, and shown again, on the way back")
    func nestedAnchorUnderHiddenAncestor() throws {
        let scene = try NestedHero()
        try followsLikeFlat(scene, forward: false) { world, tick in
            switch tick {
            case 10, 45: try world.setHidden(tick == 10, of: scene.list)
            case 20:
                try world.setContentOffset(Point(x: 0, y: 300), of: scene.list)
                return [(scene.cell, NestedHero.cellGlobal(offset: 300))]
            case 30:
                // stack (30, 20) + screen (0, 0) + list (0, 100) − offset (0, 300) + cell (20, 400).
                try world.setFrame(Rect(x: 30, y: 20, width: 400, height: 800), of: scene.stack)
                return [(scene.cell, Rect(x: 50, y: 220, width: 160, height: 120))]
            default: break
            }
            return []
        }
        #expect(try scene.world.presentation(of: scene.cell).globalFrame == Rect(x: 50, y: 220, width: 160, height: 120))
    }

    @Test("flights whose nested anchors and ancestors are still are not visited; a write to an ancestor revisits exactly the flights below it, once; an animated ancestor every tick until it rests")
    func quietNestedFlightsAreNotVisited() throws {
        let world = World()
        func chain(x: Float) throws -> [Entity] {
            var views: [Entity] = []
            for _ in 0..<3 { views.append(try world.spawnView(frame: Rect(x: x, y: 0, width: 400, height: 800), in: views.last)) }
            return views
        }
        let (sources, details) = (try chain(x: 0), try chain(x: 500))
        let (list, detailList) = (sources[2], details[2])
        let count = 12
        for i in 0..<count {
            let card = try world.spawnView(frame: Rect(x: 0, y: Float(i) * 60, width: 50, height: 50), in: list)
            let detail = try world.spawnView(frame: Rect(x: 0, y: Float(i) * 60, width: 300, height: 300), in: detailList)
            try world.portal(card, id: PortalID("p\(i)"), as: .source)
            try world.portal(detail, id: PortalID("p\(i)"), as: .destination)
        }
        world.tick()
        for i in 0..<count {
            try world.portalTransition(id: PortalID("p\(i)"), isActive: true,
                                       config: PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: 1), delay: 0)))
        }
        world.tick()   // every flight starts: one visit each
        var visits = world.portals.visitCount
        world.run(ticks: 20)
        #expect(world.portals.visitCount == visits, "still anchors: no visit")
        // The sources' list scrolls: the flights head for the destinations, nothing to do.
        try world.setContentOffset(Point(x: 0, y: 10), of: list)
        world.run(ticks: 5)
        #expect(world.portals.visitCount == visits)
        // The destinations' grandparent moves: each flight once, then quiet again.
        try world.setFrame(Rect(x: 520, y: 0, width: 400, height: 800), of: details[0])
        world.run(ticks: 5)
        #expect(world.portals.visitCount == visits + count)
        visits = world.portals.visitCount
        // An animated ancestor: every flight every tick while the lane runs (6 ticks), once more
        // as it comes to rest, then never.
        _ = try world.animate(detailList, to: ViewProperties(contentOffset: Point(x: 0, y: 30)), with: .linear(duration: 0.05))
        world.run(ticks: 20)
        #expect(world.portals.visitCount == visits + count * 7)
        visits = world.portals.visitCount
        world.run(ticks: 20)
        #expect(world.portals.visitCount == visits)
    }

    @Test("the matching pass's allocation-free visit sort agrees with sort() on sorted runs followed by any tail")
    func visitSort() {
        var rng = SeededGenerator(seed: 13)
        var scratch: [UInt32] = []
        for round in 0..<400 {
            let runLength = Int(rng.next() % 300), tailLength = round % 7 == 0 ? Int(rng.next() % 300) : Int(rng.next() % 12)
            var keys = (0..<runLength).map { _ in UInt32(rng.next() % 1_000) }.sorted()
            keys += (0..<tailLength).map { _ in UInt32(rng.next() % 1_000) }
            var sorted = keys
            PortalSystem.sortVisits(&sorted, scratch: &scratch)
            #expect(sorted == keys.sorted(), "round \(round)")
        }
    }
}
