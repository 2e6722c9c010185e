import Testing
@testable import Portal

// Navigation on the view tree: a stack is a clipping container view, its screens are its
// children laid out to fill it, and a transition moves whole subtrees.

private let linearHalf = Animation.linear(duration: 0.5)

/// `a` and `b` map the same points within `tolerance` (relative to the coordinates' size).
private func same(_ a: ProjectionTransform, _ b: ProjectionTransform, _ tolerance: Float = 1e-4) -> Bool {
    for p in [Point(x: 0, y: 0), Point(x: 37, y: 0), Point(x: 0, y: 53), Point(x: 91, y: 77)] {
        let x = a.map(p), y = b.map(p)
        let scale = max(1, abs(y.x), abs(y.y))
        if !(abs(x.x - y.x) <= tolerance * scale && abs(x.y - y.y) <= tolerance * scale) { return false }
    }
    return true
}

private struct TreeStack {
    let world = World()
    let stack: Entity, a: Entity, b: Entity
    private(set) var aKids: [Entity] = [], bKids: [Entity] = []
    let stackFrame: Rect

    /// A stack at `frame` (inside `container` when given) whose root `a` and pushed-to-be `b`
    /// each hold `kids` content children (10 × 5 grid of 30 × 20 cells).
    init(frame: Rect = Rect(x: 100, y: 50, width: 400, height: 800), kids: Int = 50) throws {
        stackFrame = frame
        // Frames the stack replaces: screens fill it.
        a = try world.spawnView(frame: Rect(x: 7, y: 9, width: 10, height: 10))
        b = try world.spawnView(frame: Rect(x: 300, y: 300, width: 10, height: 10))
        try world.setHidden(true, of: b)           // pushing shows it
        for i in 0..<kids {
            let f = Rect(x: Float(i % 10) * 40, y: Float(i / 10) * 30 + 100, width: 30, height: 20)
            aKids.append(try world.spawnView(frame: f, in: a))
            bKids.append(try world.spawnView(frame: f, in: b))
        }
        stack = try world.spawnNavigationStack(frame: frame, root: a)
        world.tick()
    }

    func item(_ e: Entity) -> RenderItem? { world.renderList.first { $0.entity == e } }
    var drawn: Set<Entity> { Set(world.renderList.map(\.entity)) }

    /// Every child of `screen` is drawn at the screen's global transform times its own local one.
    /// At `isHalfway`, some of them must be drawn (not all culled).
    func childrenFollow(_ screen: Entity, _ kids: [Entity], isHalfway: Bool = false) throws -> Bool {
        let s = try #require(item(screen))
        var drawn = 0
        for kid in kids {
            let p = try world.presentation(of: kid)
            let local = ProjectionTransform.translation(x: p.frame.minX, y: p.frame.minY)
            guard same(p.globalTransform, local * s.globalTransform) else { return false }
            // A child outside the stack's clip is culled; one drawn is drawn where it is.
            guard let k = item(kid) else { continue }
            drawn += 1
            guard same(k.globalTransform, local * s.globalTransform), k.opacity == s.opacity else { return false }
        }
        return drawn > 0 || !isHalfway
    }
}

@Suite("Navigation on the view tree")
struct NavigationTreeTests {
    @Test("screens join as children filling the stack; a hidden pushed view shows; a popped screen is a hidden root again")
    func screensAreChildren() throws {
        let s = try TreeStack()
        #expect(try s.world.parent(of: s.a) == s.stack)
        #expect(try s.world.presentation(of: s.a).frame == Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(try s.world.presentation(of: s.a).globalFrame == s.stackFrame)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(linearHalf))
        s.world.run(ticks: 61)
        #expect(try s.world.parent(of: s.b) == s.stack)
        #expect(try s.world.presentation(of: s.b).frame == Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(s.drawn == Set([s.stack, s.b] + s.bKids))    // a and its content are not drawn
        try s.world.pop(s.stack, transition: NavigationTransition.slide.animation(linearHalf))
        s.world.run(ticks: 61)
        #expect(try s.world.parent(of: s.b) == nil)
        #expect(try s.world.presentation(of: s.b).frame == Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(try !s.world.presentation(of: s.b).isDrawn)
        #expect(s.drawn == Set([s.stack, s.a] + s.aKids))
        // It can be pushed again, onto this stack or another.
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 14)
        #expect(try s.world.parent(of: s.b) == s.stack && s.drawn.contains(s.b))
    }

    @Test("a pushed screen carries 50 children through a slide, a zoom and a flip")
    func contentFollowsTransitions() throws {
        let zoom = NavigationTransition.mirrorPush(AtomicTransition.scale(0.5).combined(with: .opacity)).animation(linearHalf)
        let flip = NavigationTransition.asymmetric(push: AtomicTransition.asymmetric(insertion: .rotate3D(.degrees(-90), axis: (0, 1, 0)), removal: .opacity),
                                                   pop: AtomicTransition.asymmetric(insertion: .rotate3D(.degrees(90), axis: (0, 1, 0)), removal: .opacity))
            .animation(linearHalf)
        for (name, transition) in [("slide", NavigationTransition.slide.animation(linearHalf)), ("zoom", zoom), ("flip", flip)] {
            let s = try TreeStack()
            try s.world.push(s.b, onto: s.stack, transition: transition)
            for ticks in [1, 9, 20, 10] {          // ticks 1, 10, 30 (halfway) and 40
                s.world.run(ticks: ticks)
                #expect(try s.childrenFollow(s.b, s.bKids, isHalfway: ticks == 20), "\(name) after \(ticks)")
                #expect(try s.childrenFollow(s.a, s.aKids, isHalfway: ticks == 20 && name != "flip"), "\(name) after \(ticks)")
            }
            let b = try #require(s.item(s.b))
            // Independent of the composition: where the screen itself is at tick 40 (2/3 through).
            switch name {
            case "slide":   // from +width to 0, linear: 400 · (1 − 40/60) right of the stack's origin
                #expect(same(b.globalTransform, .translation(x: 100 + 400 * (1 - 40.0 / 60), y: 50), 1e-5))
                #expect(same(try #require(s.item(s.bKids[0])).globalTransform, .translation(x: 100 + 400 * (1 - 40.0 / 60), y: 150), 1e-5))
            case "zoom":    // scaled 0.5 → 1 about the stack's centre (300, 450)
                let k = 0.5 + 0.5 * Float(40.0 / 60)
                let centre = b.globalTransform.map(Point(x: 200, y: 400)), corner = b.globalTransform.map(Point(x: 0, y: 0))
                #expect(abs(centre.x - 300) < 1e-3 && abs(centre.y - 450) < 1e-3)
                #expect(abs(corner.x - (300 - 200 * k)) < 1e-3 && abs(corner.y - (450 - 400 * k)) < 1e-3)
            default:        // a 3D rotation: perspective, not affine, and the children share it
                #expect(!b.globalTransform.isAffine)
                #expect(try !s.world.presentation(of: s.bKids[0]).globalTransform.isAffine)
            }
            s.world.run(ticks: 21)
            #expect(s.drawn == Set([s.stack, s.b] + s.bKids), "\(name)")
            #expect(try s.childrenFollow(s.b, s.bKids))
            let rest = try #require(s.item(s.bKids[0])).globalTransform
            #expect(same(rest, .translation(x: 100, y: 150), 1e-6), "\(name)")
        }
    }

    @Test("an interactive pop that cancels restores every descendant exactly")
    func cancelledPopRestoresDescendants() throws {
        let s = try TreeStack()
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 14)
        let everything = [s.a, s.b] + s.aKids + s.bKids
        let before = try everything.map { try s.world.presentation(of: $0) }
        let list = s.world.renderList
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 105, y: 400)))
        s.world.tick()
        for translation: Float in [40, 90, 60] {
            try s.world.updateInteractivePop(s.stack, translation: translation)
            s.world.tick()
            #expect(try s.childrenFollow(s.b, s.bKids) && s.childrenFollow(s.a, s.aKids))
        }
        #expect(try abs(s.world.presentation(of: s.bKids[3]).globalFrame.minX - (100 + 60 + 120)) < 1e-3)   // the finger's 60 pt
        try s.world.endInteractivePop(s.stack, velocity: -500)
        s.world.run(ticks: 120)
        let after = try everything.map { try s.world.presentation(of: $0) }
        for (i, (x, y)) in zip(before, after).enumerated() { #expect(x == y, "\(everything[i])") }
        #expect(s.world.renderList == list)
    }

    @Test("two stacks side by side clip their content to their own frames")
    func sideBySideStacksClip() throws {
        let left = try TreeStack(frame: Rect(x: 0, y: 0, width: 400, height: 800), kids: 0)
        let world = left.world
        let rightRoot = try world.spawnView(frame: .zero)
        let right = try world.spawnNavigationStack(frame: Rect(x: 400, y: 0, width: 400, height: 800), root: rightRoot)
        // Content overflowing each screen's trailing and leading edges.
        let spill = try world.spawnView(frame: Rect(x: 300, y: 100, width: 300, height: 50), in: left.b)
        let spillA = try world.spawnView(frame: Rect(x: 350, y: 200, width: 200, height: 50), in: left.a)
        let rightSpill = try world.spawnView(frame: Rect(x: -100, y: 300, width: 200, height: 50), in: rightRoot)
        let rightPushed = try world.spawnView(frame: .zero)
        _ = try world.spawnView(frame: Rect(x: -50, y: 400, width: 100, height: 50), in: rightPushed)
        try world.push(left.b, onto: left.stack, transition: NavigationTransition.slide.animation(linearHalf))
        try world.push(rightPushed, onto: right, transition: NavigationTransition.slide.animation(linearHalf))
        let stacks: [Entity: Rect] = [left.stack: Rect(x: 0, y: 0, width: 400, height: 800), right: Rect(x: 400, y: 0, width: 400, height: 800)]
        for tick in 1...61 {
            world.tick()
            let clips = world.clipList
            for item in world.renderList where !stacks.keys.contains(item.entity) {
                // The item's outermost clip is its stack's frame.
                var clip = item.clip, outer: RenderClip?
                while clip >= 0 { outer = clips[Int(clip)]; clip = clips[Int(clip)].parent }
                let o = try #require(outer, "\(item.entity) at tick \(tick) is not clipped")
                let origin = o.transform.map(Point(x: 0, y: 0))
                let frame = Rect(x: origin.x, y: origin.y, width: o.size.width, height: o.size.height)
                #expect(stacks.values.contains(frame), "\(item.entity) at tick \(tick): clip \(frame)")
                // Its clip is the frame of the stack it belongs to.
                var up = item.entity
                while let p = try world.parent(of: up) { up = p }
                #expect(stacks[up] == frame)
            }
        }
        // Hit testing honours the clips: the left content spilling over the right stack is not hit there.
        world.run(ticks: 5)
        #expect(try world.presentation(of: spill).globalFrame.maxX == 600)
        #expect(world.hitTest(Point(x: 500, y: 120))?.entity == rightPushed)
        #expect(world.hitTest(Point(x: 380, y: 120))?.entity == spill)
        #expect(world.hitTest(Point(x: 380, y: 220))?.entity == left.b)     // spillA is under the top screen
        #expect(!world.renderList.contains { $0.entity == spillA || $0.entity == rightSpill })
    }

    @Test("screens not on top, and their content, are neither drawn nor hit")
    func screensBelowTheTopAreNotDrawnOrHit() throws {
        let s = try TreeStack()
        let covered = try s.world.spawnView(frame: Rect(x: 10, y: 10, width: 50, height: 50), in: s.a)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(linearHalf))
        s.world.run(ticks: 61)
        #expect(!s.drawn.contains(s.a) && !s.drawn.contains(covered) && s.aKids.allSatisfy { !s.drawn.contains($0) })
        #expect(s.world.hitTest(Point(x: 120, y: 70))?.entity == s.b)
        #expect(s.world.hitTest(Point(x: 115, y: 155))?.entity == s.bKids[0])
    }

    @Test("the busy stack rule uses the stack's global geometry")
    func busyStackUsesGlobalGeometry() throws {
        let s = try TreeStack(frame: Rect(x: 0, y: 0, width: 400, height: 800), kids: 0)
        let container = try s.world.spawnView(frame: Rect(x: 1000, y: 0, width: 400, height: 800))
        try s.world.setParent(container, of: s.stack)
        s.world.tick()
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(linearHalf))
        s.world.run(ticks: 10)
        #expect(s.world.hitTest(Point(x: 1200, y: 400)) == HitTestResult(entity: s.stack, role: .view, isBusy: true))
        #expect(s.world.hitTest(Point(x: 200, y: 400)) == nil)
        // The interactive pop's edge strip is the stack's leading edge on screen.
        s.world.run(ticks: 60)
        #expect(try !s.world.beginInteractivePop(s.stack, at: Point(x: 5, y: 400)))
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 1005, y: 400)))
    }

    @Test("a stack cannot take itself or a view that contains it; its screens are placed by it")
    func cyclesAreRefused() throws {
        let s = try TreeStack(kids: 0)
        let box = try s.world.spawnView(frame: .zero)
        try s.world.setParent(box, of: s.stack)
        let before = s.world.fingerprint
        #expect(throws: PortalError.parentCycle(box, parent: s.stack)) { try s.world.push(box, onto: s.stack) }
        #expect(throws: PortalError.parentCycle(box, parent: s.stack)) { try s.world.setStack(s.stack, screens: [s.a, box]) }
        #expect(throws: PortalError.screenAlreadyInStack(s.a)) { try s.world.setParent(box, of: s.a) }
        #expect(s.world.fingerprint == before)
        s.world.tick()
        #expect(try s.world.parent(of: s.stack) == box)
    }
}
