import Portal

/// hitTest: 10,000 popups in the overlay (no backdrops), 1,000 queries at random points per
/// sample; and the same queries answered by a linear scan of the render list (the reference).
final class HitTestQueries: Scenario {
    let n: Int
    let linear: Bool
    var name: String { linear ? "reference/linear-hitTest" : "hitTest/overlay" }
    /// Queries per sample (ns/item is then ns per query).
    var itemsPerTick: Int { points.count }
    private var world = World()
    private var points: [Point] = []
    private var hits = 0

    init(n: Int, linear: Bool) {
        self.n = n
        self.linear = linear
    }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: 2 * n))
        var state: UInt64 = 42
        func random(_ range: Float) -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 24) * range
        }
        try world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 4000, height: 4000))
        for _ in 0..<n {
            let source = try world.spawnView(frame: Rect(x: random(3900), y: random(3900), width: 20, height: 20))
            let content = try world.spawnView(frame: .zero)
            try world.presentPopup(content, from: source, width: 40 + random(80), height: 30 + random(60), backdrop: false)
        }
        world.tick()
        world.run(ticks: 30)   // let the show animations finish
        points = (0..<1000).map { _ in Point(x: random(4000), y: random(4000)) }
    }

    func runTick() {
        var count = 0
        if linear {
            world.withRenderList { list in
                for point in points {
                    for item in list.reversed() where item.allowsHitTesting && item.opacity >= 0.01 {
                        if let local = item.transform.inverseMap(point, in: item.frame), item.frame.contains(local) { count += 1; break }
                    }
                }
            }
        } else {
            for point in points where world.hitTest(point) != nil { count += 1 }
        }
        hits = count
        blackHole(count)
    }

    func verify() throws {
        guard hits > 0, world.presentedPopups.count == n else {
            throw BenchmarkFailure(description: "\(name): \(hits) hits, \(world.presentedPopups.count) popups")
        }
    }
}

extension World {
    /// Runs `n` ticks.
    func run(ticks n: Int) { for _ in 0..<n { tick() } }
}
