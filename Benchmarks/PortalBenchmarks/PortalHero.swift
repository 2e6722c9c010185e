import Portal

// portal/hero: n portals in flight at once, each ping-ponging between its source card and its
// destination (the tick after a landing it is sent back), with flight lengths spread over
// 0.3…0.8 s so that every tick some layers land, hand off, despawn and respawn. A full tick:
// matching, anchor following, flight, hand-off, render list.
//
// portal/hero-nested: the same flights with every anchor three levels deep in the view tree
// (container → screen → list → card, and the same for the details), the containers at the
// origin so the global frames are the flat ones: nested anchors are followed every tick through
// their global frames (O(depth)), and the render list is built by the tree walk.

enum HeroWorkload {
    static func duration(_ i: Int) -> Double { 0.3 + Double(i % 61) / 120 }
    static func source(_ i: Int) -> Rect { Rect(x: Float(i % 100) * 4, y: Float(i / 100) * 4, width: 40, height: 50) }
    static func destination(_ i: Int) -> Rect { Rect(x: 500 + Float(i % 100) * 2, y: Float(i / 100) * 3, width: 300, height: 320) }
}

final class PortalHero: Scenario {
    let n: Int
    let nested: Bool
    var name: String { nested ? "portal/hero-nested" : "portal/hero" }
    var itemsPerTick: Int { n }
    private var world = World()
    var fullTickWorld: World? { world }
    private var ids: [PortalID] = []
    private var configs: [PortalTransitionConfig] = []
    private var active: [Bool] = []
    private var index: [PortalID: Int] = [:]
    private var landed: [Int] = []
    private(set) var landings = 0

    init(n: Int, nested: Bool = false) { self.n = n; self.nested = nested }

    /// A chain of three containers at the origin (the last one is the anchors' parent), or nil.
    private func containers() throws -> Entity? {
        guard nested else { return nil }
        var parent: Entity?
        for _ in 0..<3 { parent = try world.spawnView(frame: Rect(x: 0, y: 0, width: 2_000, height: 2_000), in: parent) }
        return parent
    }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: 3 * n + 6))
        ids = (0..<n).map { PortalID("card-\($0)") }
        configs = (0..<n).map { i in
            PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: HeroWorkload.duration(i)), delay: 0),
                                   corners: PortalCorners(source: 8, destination: 16))
        }
        let (list, detailList) = (try containers(), try containers())
        for i in 0..<n {
            let card = try world.spawnView(frame: HeroWorkload.source(i), cornerRadius: 8, in: list)
            let detail = try world.spawnView(frame: HeroWorkload.destination(i), cornerRadius: 16, in: detailList)
            try world.portal(card, id: ids[i], as: .source)
            try world.portal(detail, id: ids[i], as: .destination)
            index[ids[i]] = i
        }
        active = Array(repeating: true, count: n)
        landed.reserveCapacity(n)
        for i in 0..<n { try world.portalTransition(id: ids[i], isActive: true, config: configs[i]) }
        world.tick()
    }

    /// The host: reads the last tick's landings and sends each landed portal back.
    func prepareTick() {
        world.drainEvents { event in
            if case let .portalDidComplete(e) = event, let i = index[e.id] { landed.append(i) }
        }
        landings += landed.count
        for i in landed {
            active[i].toggle()
            try! world.portalTransition(id: ids[i], isActive: active[i], config: configs[i])
        }
        landed.removeAll(keepingCapacity: true)
    }

    func runTick() { world.tick() }

    func verify() throws {
        let layers = world.withRenderList { list in list.reduce(0) { $0 + ($1.role == .overlay ? 1 : 0) } }
        world.drainEvents { event in
            if case let .portalDidComplete(e) = event, let i = index[e.id] { landed.append(i) }
        }
        guard layers + landed.count == n, landings > 0 else {
            throw BenchmarkFailure(description: "\(name): \(layers) layers in flight and \(landed.count) just landed, of \(n); \(landings) landings")
        }
        guard let state = world.portalLayer(ids[0]), state.progress >= -1e-3, state.progress <= 1 + 1e-3 else {
            throw BenchmarkFailure(description: "\(name): the first layer is off its path")
        }
    }
}

// MARK: - The object graph

/// A portal runtime as it is usually written: classes for views and layers, anchors and
/// layers in dictionaries keyed by the id string, an animation object per property evaluated
/// in closed form each frame, a render list gathered from the dictionaries and sorted.
final class GraphView {
    var frame: Rect
    var radius: Double
    var isHidden = false
    let zIndex: Int
    init(frame: Rect, radius: Double, zIndex: Int) { self.frame = frame; self.radius = radius; self.zIndex = zIndex }
}

final class GraphLayer {
    var properties: [String: PropertyAnimation] = [:]
    var values: [String: Double] = [:]
    let forward: Bool
    let start: Double
    let duration: Double
    init(forward: Bool, start: Double, duration: Double) { self.forward = forward; self.start = start; self.duration = duration }
}

final class LinearTiming: TimingFunction {
    let duration: Double
    init(duration: Double) { self.duration = duration }
    func fraction(at time: Double) -> Double { min(1, max(0, time / duration)) }
}

final class ObjectGraphPortals: Scenario {
    let n: Int
    var name: String { "reference/object-graph/portal" }
    var itemsPerTick: Int { n }
    private var sources: [String: GraphView] = [:]
    private var destinations: [String: GraphView] = [:]
    private var layers: [String: GraphLayer] = [:]
    private var drawList: [(Rect, Double, Int)] = []
    private var time = 0.0
    private var steps = 0
    private(set) var landings = 0

    init(n: Int) { self.n = n }

    private func launch(_ id: String, _ i: Int, forward: Bool) {
        let from = forward ? sources[id]! : destinations[id]!
        let to = forward ? destinations[id]! : sources[id]!
        let layer = GraphLayer(forward: forward, start: time, duration: HeroWorkload.duration(i))
        let timing = LinearTiming(duration: layer.duration)
        let pairs: [(String, Double, Double)] = [("x", Double(from.frame.minX), Double(to.frame.minX)), ("y", Double(from.frame.minY), Double(to.frame.minY)),
                                                 ("width", Double(from.frame.width), Double(to.frame.width)), ("height", Double(from.frame.height), Double(to.frame.height)),
                                                 ("radius", from.radius, to.radius)]
        for (key, a, b) in pairs { layer.properties[key] = PropertyAnimation(from: a, to: b, start: time, timing: timing) }
        layers[id] = layer
        from.isHidden = true
        to.isHidden = true
    }

    func setUp() throws {
        sources = [:]; destinations = [:]; layers = [:]
        time = 0; steps = 0
        for i in 0..<n {
            let id = "card-\(i)"
            sources[id] = GraphView(frame: HeroWorkload.source(i), radius: 8, zIndex: 0)
            destinations[id] = GraphView(frame: HeroWorkload.destination(i), radius: 16, zIndex: 0)
        }
        for i in 0..<n { launch("card-\(i)", i, forward: true) }
        runTick()
    }

    func runTick() {
        steps += 1
        time = Double(steps) * Workload.step
        var arrived: [(String, Bool)] = []
        for (id, layer) in layers {
            for (key, animation) in layer.properties { layer.values[key] = animation.value(at: time) }
            if time - layer.start >= layer.duration - 1e-9 { arrived.append((id, layer.forward)) }
        }
        for (id, forward) in arrived {
            layers[id] = nil
            (forward ? destinations[id]! : sources[id]!).isHidden = false
            landings += 1
            let i = Int(id.dropFirst(5))!
            launch(id, i, forward: !forward)
        }
        drawList.removeAll(keepingCapacity: true)
        for view in sources.values where !view.isHidden { drawList.append((view.frame, view.radius, view.zIndex)) }
        for view in destinations.values where !view.isHidden { drawList.append((view.frame, view.radius, view.zIndex)) }
        for layer in layers.values {
            let v = layer.values
            drawList.append((Rect(x: Float(v["x"] ?? 0), y: Float(v["y"] ?? 0), width: Float(v["width"] ?? 0), height: Float(v["height"] ?? 0)),
                             v["radius"] ?? 0, 1))
        }
        drawList.sort { $0.2 < $1.2 }
        blackHole(drawList.count)
    }

    func verify() throws {
        guard layers.count == n, landings > 0 else {
            throw BenchmarkFailure(description: "\(name): \(layers.count) layers of \(n), \(landings) landings")
        }
    }
}
