import Testing
@testable import Portal

private let screenFrame = Rect(x: 0, y: 0, width: 390, height: 844)
private let titleAnchor = Rect(x: 20, y: 100, width: 200, height: 40)
private let bar = Rect(x: 0, y: 40, width: 390, height: 44)
private let barTitleSize = Size(width: 100, height: 20)

struct HeaderScene {
    let world = World()
    let screen: Entity, title: Entity, accessory: Entity
    let header: Entity

    init(displays: FlowingHeaderDisplays = [.title], snapping: SnappingBehavior = .directional) throws {
        screen = try world.spawnView(frame: screenFrame)
        title = try world.spawnView(frame: titleAnchor)
        accessory = try world.spawnView(frame: Rect(x: 20, y: 20, width: 64, height: 64))
        header = try world.flowingHeader(on: screen, title: title, accessory: accessory, displays: displays, snappingBehavior: snapping)
        try world.setFlowingHeaderAnchors(header, title: titleAnchor, accessory: Rect(x: 20, y: 20, width: 64, height: 64),
                                          bar: bar, barTitleSize: barTitleSize)
        world.tick()
    }

    func item(_ e: Entity) -> RenderItem? { world.renderList.first { $0.entity == e } }
}

@Suite("Flowing headers in the world")
struct FlowingHeaderWorldTests {
    @Test("the title flows with the scroll: centre and scale at the settled progress, computed by hand")
    func follow() throws {
        let s = try HeaderScene()
        try s.world.reportScroll(s.header, offset: 25, phase: .interacting)   // accessory does not flow: starts at 64
        s.world.run(ticks: 120)
        #expect(try s.world.flowingHeaderProgress(s.header) == 0)
        try s.world.reportScroll(s.header, offset: 84, phase: .interacting)   // (84 − 64) / 40 = 0.5
        s.world.run(ticks: 120)
        #expect(try s.world.flowingHeaderProgress(s.header) == 0.5)
        let title = try #require(s.item(s.title))
        // Header anchor scrolled by 84: centre (120, 36); bar title centred: (195, 62); halfway, scale 1 − 0.5·0.5.
        #expect(title.frame.center == Point(x: 157.5, y: 49))
        #expect(title.transform.scaleX == 0.75 && title.transform.scaleY == 0.75)
        // The accessory does not flow: it scrolls with the content.
        #expect(s.item(s.accessory)?.frame == Rect(x: 20, y: -64, width: 64, height: 64))
    }

    @Test("stopping part-way snaps the way the user scrolled, landing exactly on the bar anchor")
    func snap() throws {
        let s = try HeaderScene()
        try s.world.reportScroll(s.header, offset: 70, phase: .interacting)
        try s.world.reportScroll(s.header, offset: 79, phase: .interacting)
        try s.world.reportScroll(s.header, offset: 79, phase: .idle)           // progress 0.375, scrolling down
        s.world.run(ticks: 150)
        #expect(try s.world.flowingHeaderProgress(s.header) == 1)
        let title = try #require(s.item(s.title))
        #expect(title.frame.center == Point(x: 195, y: 62) && title.transform.scaleX == 0.5)
    }

    @Test("a first report part-way, idle, snaps down as in the original (it starts from offset 0, scrolling down)")
    func firstReportSnapsDown() throws {
        let s = try HeaderScene()
        try s.world.reportScroll(s.header, offset: 79, phase: .idle)           // progress 0.375
        s.world.run(ticks: 150)
        #expect(try s.world.flowingHeaderProgress(s.header) == 1)
    }

    @Test("a flowing accessory laid out with height 0 starts the flow at 5 pt")
    func zeroHeightAccessory() throws {
        let s = try HeaderScene(displays: [.title, .accessory], snapping: .none)
        try s.world.setFlowingHeaderAnchors(s.header, title: titleAnchor, accessory: Rect(x: 20, y: 20, width: 64, height: 0),
                                            bar: bar, barTitleSize: barTitleSize)
        try s.world.reportScroll(s.header, offset: 15, phase: .idle)           // (15 − 5) / 40
        s.world.run(ticks: 120)
        #expect(abs(try s.world.flowingHeaderProgress(s.header) - 0.25) < 1e-5)
    }

    @Test("a flowing accessory starts the flow at a third of its height and fades to 0.6")
    func accessory() throws {
        let s = try HeaderScene(displays: [.title, .accessory], snapping: .none)
        try s.world.reportScroll(s.header, offset: 64.0 / 3 + 20, phase: .idle)  // progress 0.5
        s.world.run(ticks: 120)
        #expect(abs(try s.world.flowingHeaderProgress(s.header) - 0.5) < 1e-5)
        let accessory = try #require(s.item(s.accessory))
        #expect(abs(accessory.opacity - 0.6) < 1e-5)
        #expect(abs(accessory.frame.width - (64 + (25 - 64) * 0.5)) < 1e-3)
    }

    @Test("a portal flying to a header part follows it as the header places it")
    func portalToHeaderPart() throws {
        let s = try HeaderScene()
        let card = try s.world.spawnView(frame: Rect(x: 200, y: 400, width: 100, height: 100))
        try s.world.portal(card, id: "avatar", as: .source)
        try s.world.portal(s.accessory, id: "avatar", as: .destination)
        try s.world.portalTransition(id: "avatar", isActive: true, config: linearHalfSecond)
        s.world.run(ticks: 10)
        try s.world.reportScroll(s.header, offset: 30, phase: .interacting)   // the accessory scrolls with the content
        s.world.run(ticks: 20)
        let scrolled = Rect(x: 20, y: 20 - 30, width: 64, height: 64)
        let layer = try #require(s.world.renderList.first { $0.role == .overlay })
        // Carried along with the part (placed after the matching pass, followed after it): the
        // still flight's halfway point, 30 higher.
        #expect(isClose(layer.frame, mix(Rect(x: 200, y: 400, width: 100, height: 100), Rect(x: 20, y: 20, width: 64, height: 64), 0.5)
            .offsetBy(dx: 0, dy: -30)))
        s.world.run(ticks: 30)
        #expect(s.world.renderList.allSatisfy { $0.role != .overlay })
        #expect(s.item(s.accessory)?.frame == scrolled)
    }

    @Test("the parts become the screen's children: a push moves them with it, through the tree")
    func followsScreen() throws {
        let s = try HeaderScene()
        #expect(try s.world.parent(of: s.title) == s.screen && s.world.parent(of: s.accessory) == s.screen)
        #expect(try s.world.children(of: s.screen) == [s.title, s.accessory])
        let root = try s.world.spawnView(frame: screenFrame)
        let stack = try s.world.spawnNavigationStack(frame: screenFrame, root: root)
        s.world.tick()
        try s.world.push(s.screen, onto: stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.5)))
        s.world.run(ticks: 30)
        let screen = try s.world.presentation(of: s.screen), title = try s.world.presentation(of: s.title)
        #expect(screen.globalFrame.minX == 195)
        // The title keeps its own (placed) frame in the screen's space; the screen carries it.
        #expect(title.transform.translation == .zero && title.frame == titleAnchor)
        #expect(title.globalFrame == titleAnchor.offsetBy(dx: 195, dy: 0))
    }

    @Test("placement is in the screen's space: a screen away from the origin gets the same local placement, carried by its frame")
    func placementInScreenSpace() throws {
        let origin = try HeaderScene(displays: [.title, .accessory], snapping: .none)
        let moved = World()
        let screen = try moved.spawnView(frame: screenFrame.offsetBy(dx: 100, dy: 50))
        let title = try moved.spawnView(frame: titleAnchor), accessory = try moved.spawnView(frame: Rect(x: 20, y: 20, width: 64, height: 64))
        let header = try moved.flowingHeader(on: screen, title: title, accessory: accessory, displays: [.title, .accessory], snappingBehavior: .none)
        try moved.setFlowingHeaderAnchors(header, title: titleAnchor, accessory: Rect(x: 20, y: 20, width: 64, height: 64),
                                          bar: bar, barTitleSize: barTitleSize)
        moved.tick()
        for offset in stride(from: Float(0), through: 120, by: 7) {
            try origin.world.reportScroll(origin.header, offset: offset, phase: .interacting)
            try moved.reportScroll(header, offset: offset, phase: .interacting)
            origin.world.run(ticks: 4)
            moved.run(ticks: 4)
            for (a, b) in [(origin.title, title), (origin.accessory, accessory)] {
                let here = try origin.world.presentation(of: a), there = try moved.presentation(of: b)
                #expect(here.frame == there.frame && here.transform == there.transform && here.opacity == there.opacity, "\(offset)")
                #expect(isClose(there.globalFrame, here.globalFrame.offsetBy(dx: 100, dy: 50)), "\(offset)")
            }
        }
        #expect(try moved.flowingHeaderProgress(header) > 0.9)
    }

    @Test("parts keep the host's z index among the screen's children: a title at z 2 draws above a bar at z 1 at every tick")
    func partsKeepTheirZIndex() throws {
        let world = World()
        let screen = try world.spawnView(frame: screenFrame)
        let barView = try world.spawnView(frame: bar, in: screen)
        try world.setZIndex(1, of: barView)
        let title = try world.spawnView(frame: titleAnchor)
        try world.setZIndex(2, of: title)                    // staged before the header exists
        let header = try world.flowingHeader(on: screen, title: title)
        try world.setFlowingHeaderAnchors(header, title: titleAnchor, bar: bar, barTitleSize: barTitleSize)
        // Scroll from 0 to past the range (starts at 5, ends at 45) and stop there.
        for tick in 0...120 {
            try world.reportScroll(header, offset: Float(min(tick, 80)), phase: tick < 80 ? .interacting : .idle)
            world.tick()
            let order = world.renderList.map(\.entity)
            let t = try #require(order.firstIndex(of: title)), b = try #require(order.firstIndex(of: barView))
            #expect(t > b, "tick \(tick)")
            #expect(world.renderList[t].zIndex == 2, "tick \(tick)")
        }
        #expect(try world.flowingHeaderProgress(header) == 1)
        // A later change of the part's z index holds too; the screen's z index orders the
        // screen among its siblings and leaves its children's alone.
        try world.setZIndex(-1, of: title)
        try world.setZIndex(3, of: screen)
        world.tick()
        #expect(world.renderList.map(\.entity) == [screen, title, barView])
        #expect(world.renderList.first { $0.entity == title }?.zIndex == -1)
    }

    @Test("the arriving screen draws over every part of the leaving screen's header throughout a push and the pop back")
    func arrivingScreenDrawsOverLeavingHeader() throws {
        let world = World()
        let first = try world.spawnView(frame: screenFrame)
        let barView = try world.spawnView(frame: bar, in: first)
        try world.setZIndex(1, of: barView)
        let title = try world.spawnView(frame: titleAnchor), subtitle = try world.spawnView(frame: Rect(x: 20, y: 150, width: 200, height: 20))
        let accessory = try world.spawnView(frame: Rect(x: 20, y: 20, width: 64, height: 64))
        for part in [title, subtitle, accessory] { try world.setZIndex(2, of: part) }    // above their bar
        let header = try world.flowingHeader(on: first, title: title, subtitle: subtitle, accessory: accessory)
        try world.setFlowingHeaderAnchors(header, title: titleAnchor, accessory: Rect(x: 20, y: 20, width: 64, height: 64),
                                          bar: bar, barTitleSize: barTitleSize)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: first)
        try world.reportScroll(header, offset: 120, phase: .idle)                      // the title is raised into the bar
        world.run(ticks: 120)
        let second = try world.spawnView(frame: screenFrame)
        let content = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 200), in: second)
        let leaving = [barView, title, subtitle, accessory]
        var overlapping = 0
        func check(_ label: String) {
            let order = world.renderList.map(\.entity)
            guard let arriving = order.firstIndex(of: second) else { return }
            let drawn = leaving.compactMap { order.firstIndex(of: $0) }
            if !drawn.isEmpty { overlapping += 1 }
            #expect(drawn.allSatisfy { $0 < arriving }, "\(label)")
            #expect(order.firstIndex(of: content).map { $0 > arriving } == true, "\(label)")
        }
        try world.push(second, onto: stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.5)))
        for tick in 0..<70 { world.tick(); check("push tick \(tick)") }
        try world.pop(stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.5)))
        for tick in 0..<70 { world.tick(); check("pop tick \(tick)") }
        #expect(overlapping > 100)   // both screens on show through (almost) every tick of both transitions
    }

    @Test("bad input is refused with the world unchanged")
    func badInput() throws {
        let s = try HeaderScene()
        let before = s.world.fingerprint
        #expect(throws: PortalError.self) { try s.world.reportScroll(s.header, offset: .nan, phase: .idle) }
        #expect(throws: PortalError.notAFlowingHeader(s.screen)) { try s.world.reportScroll(s.screen, offset: 1, phase: .idle) }
        #expect(throws: PortalError.self) {
            try s.world.setFlowingHeaderAnchors(s.header, title: Rect(x: 0, y: 0, width: -1, height: 1), bar: bar, barTitleSize: barTitleSize)
        }
        #expect(throws: PortalError.self) { try s.world.flowingHeader(on: s.screen, title: s.title, tokens: FlowingHeaderTokens(transitionRange: 0)) }
        #expect(s.world.fingerprint == before)
    }

    @Test("a part cannot be its screen or an ancestor of it (it becomes the screen's child); another header's part may be a screen")
    func partIsNotTheScreenOrAbove() throws {
        let s = try HeaderScene()
        let outer = try s.world.spawnView(frame: screenFrame)
        let other = try s.world.spawnView(frame: screenFrame, in: outer), otherTitle = try s.world.spawnView(frame: titleAnchor)
        let later = try s.world.spawnView(frame: screenFrame)
        try s.world.setParent(later, of: other)            // staged: `later` is about to be above `other`
        let before = s.world.fingerprint
        let reason = "a header's part cannot be its screen or an ancestor of it: parts become the screen's children"
        #expect(throws: PortalError.invalidValue("title", 0, reason: reason)) { try s.world.flowingHeader(on: other, title: other) }
        #expect(throws: PortalError.invalidValue("subtitle", 0, reason: reason)) {
            try s.world.flowingHeader(on: other, title: otherTitle, subtitle: later)
        }
        #expect(throws: PortalError.invalidValue("accessory", 0, reason: reason)) {
            try s.world.flowingHeader(on: s.accessory, title: otherTitle, accessory: s.screen)
        }
        #expect(s.world.fingerprint == before)
        #expect(try s.world.parent(of: otherTitle) == nil)
        // The old ancestor is no longer one once the staged change applies: it may be a part.
        s.world.tick()
        _ = try s.world.flowingHeader(on: other, title: otherTitle, subtitle: outer)
        // A header on a part of another header: its parts go under that part (nested, no cycle).
        let nestedTitle = try s.world.spawnView(frame: titleAnchor)
        _ = try s.world.flowingHeader(on: s.title, title: nestedTitle)
        s.world.run(ticks: 3)
        #expect(try s.world.parent(of: nestedTitle) == s.title && s.world.parent(of: outer) == other)
        let order = s.world.renderList.map(\.entity)
        #expect(try #require(order.firstIndex(of: nestedTitle)) == #require(order.firstIndex(of: s.title)) + 1)
    }

    @Test("a part already in the screen stays where it is among its siblings; one deeper moves up to be its child; despawning the screen takes its header's parts")
    func partsAlreadyInTheScreen() throws {
        let world = World()
        let screen = try world.spawnView(frame: screenFrame)
        let list = try world.spawnView(frame: screenFrame, in: screen)
        let title = try world.spawnView(frame: titleAnchor, in: screen)
        let accessory = try world.spawnView(frame: Rect(x: 20, y: 20, width: 64, height: 64), in: list)
        let header = try world.flowingHeader(on: screen, title: title, accessory: accessory)
        world.tick()
        #expect(try world.children(of: screen) == [list, title, accessory])
        #expect(try world.children(of: list).isEmpty)
        try world.despawn(screen)
        world.tick()
        for part in [title, accessory] { #expect(throws: PortalError.staleEntity(part)) { try world.presentation(of: part) } }
        #expect(try world.flowingHeaderProgress(header) == 0)
        try world.reportScroll(header, offset: 60, phase: .idle)
        world.run(ticks: 60)
        #expect(world.renderList.isEmpty)
    }

    @Test("a title height between 0 and 1/64 pt is refused by name; every accepted one keeps the title's scale finite")
    func titleHeightBound() throws {
        let s = try HeaderScene()
        let before = s.world.fingerprint
        for height in [Float.leastNonzeroMagnitude, Float(1e-40 as Double), 1e-30, 0.01] {
            #expect(throws: PortalError.invalidGeometry("title", height,
                                                        reason: "a title's height must be 0 (not laid out) or at least 1/64 pt: its scale is the bar title's height ÷ this")) {
                try s.world.setFlowingHeaderAnchors(s.header, title: Rect(x: 20, y: 100, width: 200, height: height), bar: bar,
                                                    barTitleSize: barTitleSize)
            }
        }
        #expect(s.world.fingerprint == before)
        // The extremes accepted: a 1/64 pt title scaled to a 1e9 pt bar title, and a title not laid out.
        for (height, scale) in [(FlowingHeaderGeometry.minimumTitleHeight, Float(1e9) * 64), (0, 1)] {
            try s.world.setFlowingHeaderAnchors(s.header, title: Rect(x: 20, y: 100, width: 200, height: height),
                                                bar: Rect(x: 0, y: 0, width: 1e9, height: 1e9), barTitleSize: Size(width: 1e9, height: 1e9))
            for offset in stride(from: Float(0), through: 200, by: 10) {
                try s.world.reportScroll(s.header, offset: offset, phase: .interacting)
                s.world.tick()
                let t = try #require(s.item(s.title)).transform
                #expect(t.scaleX.isFinite && t.scaleY.isFinite, "\(height) \(offset)")
            }
            s.world.run(ticks: 120)
            #expect(s.item(s.title)?.transform.scaleX == scale)
        }
        // The pure function treats a title that short as not laid out.
        let tiny = FlowingHeaderGeometry.title(progress: 0.5, header: Rect(x: 0, y: 0, width: 10, height: Float(1e-40 as Double)), bar: Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(tiny.scale == 1)
    }

    @Test("a subtitle scrolls away with the content; a header's parts hide when a screen is pushed over theirs")
    func subtitleAndHiding() throws {
        let world = World()
        let screen = try world.spawnView(frame: screenFrame)
        let title = try world.spawnView(frame: titleAnchor)
        let subtitle = try world.spawnView(frame: Rect(x: 20, y: 150, width: 200, height: 20))
        let header = try world.flowingHeader(on: screen, title: title, subtitle: subtitle)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: screen)
        try world.reportScroll(header, offset: 30, phase: .interacting)
        world.tick()
        #expect(world.renderList.first { $0.entity == subtitle }?.frame == Rect(x: 20, y: 120, width: 200, height: 20))
        let next = try world.spawnView(frame: screenFrame)
        try world.push(next, onto: stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        world.run(ticks: 13)
        #expect(world.renderList.map(\.entity) == [stack, next])   // the stack is a container view, behind its screens
        // A pushed screen with a header draws its header above itself while it slides in.
        let nextTitle = try world.spawnView(frame: titleAnchor)
        _ = try world.flowingHeader(on: next, title: nextTitle)
        let third = try world.spawnView(frame: screenFrame)
        let thirdTitle = try world.spawnView(frame: titleAnchor)
        _ = try world.flowingHeader(on: third, title: thirdTitle)
        try world.push(third, onto: stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        world.run(ticks: 6)
        let order = world.renderList.map(\.entity)
        #expect(order.firstIndex(of: thirdTitle)! > order.firstIndex(of: third)!)
        world.run(ticks: 7)
        try world.pop(stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        world.run(ticks: 13)
        try world.pop(stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        world.run(ticks: 13)
        #expect(Set(world.renderList.map(\.entity)) == [stack, screen, title, subtitle])
    }
}
