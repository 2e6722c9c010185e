import Portal

/// tree/animate-1pct: an app root holding `n / 100` cards of 99 children each (n views, all
/// drawn: no clipping), of which 1 % — one child per card — animates its frame and opacity with
/// a 20 s ease-in-out, so it runs for the whole measurement. Measures output that scales with
/// change: each tick recomposes and patches the items of the animating views only.
final class TreeAnimate: Scenario {
    let n: Int
    var name: String { "tree/animate-1pct" }
    var itemsPerTick: Int { n }
    private var world = World()
    private var cards: [Entity] = []
    private var movers: [Entity] = []
    private var startTick: UInt64 = 0
    static let childrenPerCard = 99

    init(n: Int) { self.n = n }

    var cardCount: Int { max(1, n / (TreeAnimate.childrenPerCard + 1)) }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: n + 64))
        world.tracksRenderChanges = Workload.readsRenderChanges
        let app = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        for c in 0..<cardCount {
            let card = try world.spawnView(frame: Rect(x: Float(c % 10) * 39, y: Float(c / 10) * 8, width: 39, height: 8), in: app)
            cards.append(card)
            for i in 0..<TreeAnimate.childrenPerCard {
                let child = try world.spawnView(frame: Rect(x: Float(i % 10), y: Float(i / 10), width: 2, height: 1), in: card)
                if i == 0 { movers.append(child) }
            }
        }
        world.tick()
        startTick = world.tickCount
        for mover in movers {
            try world.animate(mover, to: ViewProperties(frame: Rect(x: 300, y: 200, width: 20, height: 10), opacity: 0.5),
                              with: .easeInOut(duration: Workload.curveDuration))
        }
        world.tick()
    }

    func runTick() {
        world.tick()
        if Workload.readsRenderChanges { Workload.changeSink &+= world.withRenderChanges { $0.updated.count + $0.inserted.count } }
    }

    var fullTickWorld: World? { world }

    func verify() throws {
        let count = world.withRenderList { $0.count }
        guard count == 1 + cardCount * (TreeAnimate.childrenPerCard + 1) else {
            throw BenchmarkFailure(description: "\(name): \(count) items drawn")
        }
        // Every mover's item is its card's global transform applied to its presented frame.
        let steps = Int(world.tickCount - startTick)
        let t = Double(steps) / 120
        let expected = Double(300) * UnitCurve.easeInOut.value(at: t / Workload.curveDuration)
        for (c, mover) in movers.enumerated() where c % 97 == 0 {
            let p = try world.presentation(of: mover)
            try Workload.check(name, item: c, actual: Double(p.frame.minX), expected: expected, tolerance: 1e-2)
            let card = try world.presentation(of: cards[c])
            let item = world.withRenderList { $0.first { $0.entity == mover } }
            guard let item, abs(item.globalTransform.map(.zero).x - (card.frame.minX + p.frame.minX)) < 1e-3 else {
                throw BenchmarkFailure(description: "\(name): mover \(c) is not drawn where its card puts it")
            }
        }
    }
}
