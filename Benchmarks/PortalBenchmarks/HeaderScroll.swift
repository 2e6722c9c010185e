import Portal

/// header/scroll: n flowing headers, each reporting a new scroll offset every tick (an
/// oscillating finger), so every tick runs the snapper, retargets the progress and places the
/// title and accessory of every header.
final class HeaderScroll: Scenario {
    let n: Int
    var name: String { "header/scroll" }
    var itemsPerTick: Int { n }
    private var world = World()
    var fullTickWorld: World? { world }
    private var headers: [Entity] = []
    private var step = 0

    init(n: Int) { self.n = n }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: 5 * n))
        for i in 0..<n {
            let x = Float(i % 50) * 8
            let screen = try world.spawnView(frame: Rect(x: x, y: 0, width: 390, height: 844))
            // The parts are the screen's children: frames and anchors in the screen's space.
            let title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40), in: screen)
            let accessory = try world.spawnView(frame: Rect(x: 20, y: 20, width: 64, height: 64), in: screen)
            let header = try world.flowingHeader(on: screen, title: title, accessory: accessory, displays: [.title, .accessory])
            try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 100, width: 200, height: 40),
                                              accessory: Rect(x: 20, y: 20, width: 64, height: 64),
                                              bar: Rect(x: 0, y: 40, width: 390, height: 44), barTitleSize: Size(width: 100, height: 20))
            headers.append(header)
        }
        world.tick()
    }

    /// The host: reports every header's scroll offset for this frame.
    func prepareTick() {
        step += 1
        for (i, header) in headers.enumerated() {
            let t = Float((step + i) % 240)
            let offset = t < 120 ? t : 240 - t        // 0 → 120 → 0 points, every 2 s
            try! world.reportScroll(header, offset: offset, phase: .interacting)
        }
    }

    func runTick() { world.tick() }

    func verify() throws {
        var moving = 0
        for header in headers {
            let p = try world.flowingHeaderProgress(header)
            guard p >= -0.01, p <= 1.01 else { throw BenchmarkFailure(description: "\(name): progress \(p) out of range") }
            if p > 0 && p < 1 { moving += 1 }
        }
        guard moving > 0 else { throw BenchmarkFailure(description: "\(name): no header is mid-flow") }
    }
}
