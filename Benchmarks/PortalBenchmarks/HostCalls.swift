import Portal

/// host/calls: a frame's worth of a host's typical calls, timed together with the tick that
/// applies them. Per frame, for n = 1,000: 900 `setFrame` (the cells of 100 lists, laid out by
/// the host), 100 `setContentOffset` (the lists scrolling), 100 `animate` (cards retargeted
/// every frame, springs and curves alternating), 10 `portalTransition` (portals turned round
/// mid-flight) and 10 `reportScroll` (flowing headers). The host builds every argument in the
/// frame, as it would (a fresh `PortalTransitionConfig`, a fresh `Animation`), and drains the
/// events. ns/item is nanoseconds per call, the tick that applies the calls included.
final class HostCalls: Scenario {
    let n: Int
    var name: String { "host/calls" }
    var itemsPerTick: Int { callsPerFrame }
    private var world = World()
    var fullTickWorld: World? { world }
    private var lists: [Entity] = []
    private var cells: [Entity] = []
    private var cards: [Entity] = []
    private var portalIDs: [PortalID] = []
    private var portalActive: [Bool] = []
    private var headers: [Entity] = []
    private var frame = 0
    private var completions = 0

    init(n: Int) { self.n = n }

    var listCount: Int { max(1, n / 10) }
    var cellsPerList: Int { 9 }
    var cardCount: Int { max(1, n / 10) }
    var portalCount: Int { max(2, n / 50) }
    var headerCount: Int { max(1, n / 100) }
    /// setFrame + setContentOffset + animate + portalTransition + reportScroll.
    var callsPerFrame: Int { listCount * cellsPerList + listCount + cardCount + portalCount / 2 + headerCount }

    static func cellFrame(_ i: Int, frame: Int) -> Rect {
        Rect(x: 16 + Float((i + frame) % 7), y: Float(i % 9) * 44, width: 358 - Float(frame % 5), height: 44)
    }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: 2 * callsPerFrame))
        for l in 0..<listCount {
            let list = try world.spawnView(frame: Rect(x: Float(l % 10) * 40, y: 0, width: 390, height: 400))
            try world.setClipsToBounds(true, of: list)
            lists.append(list)
            for c in 0..<cellsPerList { cells.append(try world.spawnView(frame: HostCalls.cellFrame(c, frame: 0), in: list)) }
        }
        for i in 0..<cardCount {
            cards.append(try world.spawnView(frame: Rect(x: Float(i % 20) * 20, y: 500, width: 60, height: 80), cornerRadius: 8))
        }
        for i in 0..<portalCount {
            let id = PortalID("host-\(i)")
            let source = try world.spawnView(frame: Rect(x: Float(i) * 10, y: 700, width: 40, height: 40))
            let destination = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 300))
            try world.portal(source, id: id, as: .source)
            try world.portal(destination, id: id, as: .destination)
            portalIDs.append(id)
            portalActive.append(false)
        }
        for _ in 0..<headerCount {
            let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
            let title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40), in: screen)
            let header = try world.flowingHeader(on: screen, title: title)
            try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 100, width: 200, height: 40),
                                              bar: Rect(x: 0, y: 40, width: 390, height: 44), barTitleSize: Size(width: 100, height: 20))
            headers.append(header)
        }
        world.tick()
        // Two seconds of frames: every flight has turned round and every spring has settled or
        // been retargeted many times, so every buffer has reached its steady size.
        for _ in 0..<240 { runTick() }
    }

    /// One frame: every call, then the tick that applies them.
    func runTick() {
        frame += 1
        let f = frame
        for (i, cell) in cells.enumerated() { try! world.setFrame(HostCalls.cellFrame(i, frame: f), of: cell) }
        for (i, list) in lists.enumerated() { try! world.setContentOffset(Point(x: 0, y: Float((f * 3 + i) % 200)), of: list) }
        for (i, card) in cards.enumerated() {
            let up = (f + i) % 2 == 0
            let target = ViewProperties(frame: Rect(x: Float(i % 20) * 20, y: up ? 480 : 520, width: 60, height: up ? 80 : 90),
                                        opacity: up ? 1 : 0.8)
            try! world.animate(card, to: target, with: i % 2 == 0 ? .smooth(duration: 0.4) : .easeInOut(duration: 0.3))
        }
        // Half the portals turn round each frame, the other half the next.
        for i in stride(from: f % 2, to: portalIDs.count, by: 2) {
            portalActive[i].toggle()
            let config = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.3), delay: 0, duration: 0.3),
                                                corners: PortalCorners(source: 4, destination: 12))
            try! world.portalTransition(id: portalIDs[i], isActive: portalActive[i], config: config)
        }
        for (i, header) in headers.enumerated() {
            let t = Float((f + 7 * i) % 240)
            try! world.reportScroll(header, offset: t < 120 ? t : 240 - t, phase: .interacting)
        }
        world.tick()
        world.drainEvents { event in if case .animationCompleted = event { completions += 1 } }
    }

    func verify() throws {
        // The calls of the last frame are applied: every cell at its frame, every list at its offset.
        for (i, cell) in cells.enumerated() {
            let frame = try world.presentation(of: cell).frame
            guard frame == HostCalls.cellFrame(i, frame: self.frame) else {
                throw BenchmarkFailure(description: "\(name): cell \(i) at \(frame)")
            }
        }
        for i in lists.indices {
            // A list's first cell is drawn at its own y less the list's content offset.
            let cell = i * cellsPerList
            let y = try world.presentation(of: cells[cell]).globalTransform.map(.zero).y
            let expected = HostCalls.cellFrame(cell, frame: frame).minY - Float((frame * 3 + i) % 200)
            guard abs(y - expected) < 1e-3 else { throw BenchmarkFailure(description: "\(name): list \(i) scrolled its first cell to \(y)") }
        }
        // Every card is animating (retargeted every frame), and retargets interrupt: completions flow.
        guard world.runningAnimationCount >= cards.count, completions > 0 else {
            throw BenchmarkFailure(description: "\(name): \(world.runningAnimationCount) animations running, \(completions) completions")
        }
        guard world.portalLayer(portalIDs[0]) != nil else { throw BenchmarkFailure(description: "\(name): portal 0 has no layer") }
    }
}

/// host/layout-capture and host/layout-capture-per-call: a host that runs its own layout engine
/// mirrors n laid-out nodes (the cells of lists, two levels deep) into the world every frame —
/// with one `setFrames` call, or with n `setFrame` calls — timed with the tick that applies them.
/// ns/item is per node.
final class LayoutCapture: Scenario {
    let n: Int
    let batched: Bool
    var name: String { batched ? "host/layout-capture" : "host/layout-capture-per-call" }
    var itemsPerTick: Int { n }
    private var world = World()
    var fullTickWorld: World? { world }
    private var nodes: [Entity] = []
    private var layout: [ViewFrame] = []
    private var frame = 0

    init(n: Int, batched: Bool) {
        self.n = n
        self.batched = batched
    }

    static func frame(_ i: Int, frame: Int) -> Rect {
        Rect(x: Float(i % 4) * 97 + Float(frame % 3), y: Float(i / 4 % 10) * 44, width: 90, height: 40 + Float((i + frame) % 2))
    }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: n + n / 40 + 8))
        var list: Entity?
        for i in 0..<n {
            if i % 40 == 0 {
                list = try world.spawnView(frame: Rect(x: 0, y: Float(i / 40) * 10, width: 390, height: 440))
                try world.setClipsToBounds(true, of: list!)
            }
            nodes.append(try world.spawnView(frame: LayoutCapture.frame(i, frame: 0), in: list))
        }
        layout.reserveCapacity(n)
        world.tick()
    }

    func runTick() {
        frame += 1
        let f = frame
        if batched {
            layout.removeAll(keepingCapacity: true)
            for (i, node) in nodes.enumerated() { layout.append(ViewFrame(view: node, frame: LayoutCapture.frame(i, frame: f))) }
            try! world.setFrames(layout)
        } else {
            for (i, node) in nodes.enumerated() { try! world.setFrame(LayoutCapture.frame(i, frame: f), of: node) }
        }
        world.tick()
    }

    func verify() throws {
        for i in stride(from: 0, to: n, by: max(1, n / 97)) {
            let frame = try world.presentation(of: nodes[i]).frame
            guard frame == LayoutCapture.frame(i, frame: self.frame) else { throw BenchmarkFailure(description: "\(name): node \(i) at \(frame)") }
        }
    }
}
