import Portal

/// animation/short-curves: n views, each running a short ease-in-out (0.35 s, 42 ticks) between
/// two frames and starting the next one the tick after it lands, staggered so that 1/42 of the
/// views start every tick. Full ticks: the starts, the per-tick curve work and the ends are all
/// timed. With n = 1 it is one short animation after another — the case a curve table must
/// not make slower (compare instruction counts with callgrind:
/// `--scenario animation/short-curves --n 1 --ticks 840`).
final class ShortCurves: Scenario {
    let n: Int
    var name: String { "animation/short-curves" }
    var itemsPerTick: Int { n }
    private var world = World()
    var fullTickWorld: World? { world }
    private var views: [Entity] = []
    /// Per view: the tick its running animation started, and whether it heads to the far frame.
    private var started: [UInt64] = []
    private var outward: [Bool] = []

    static let duration = 0.35
    /// Ticks of one animation at 120 Hz.
    static let period = 42
    static let distance: Float = 240

    init(n: Int) { self.n = n }

    static func frame(_ i: Int, far: Bool) -> Rect {
        Rect(x: Float(i % 1000) + (far ? distance : 0), y: Float(i / 1000), width: 40, height: 40)
    }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: n))
        views = try (0..<n).map { try world.spawnView(frame: ShortCurves.frame($0, far: false)) }
        started = Array(repeating: 0, count: n)
        outward = Array(repeating: false, count: n)
        world.tick()
    }

    /// The host: every view whose animation landed (or that never started) starts the next one,
    /// view i on the ticks congruent to i modulo the period.
    func prepareTick() {
        let next = world.tickCount + 1
        for i in stride(from: Int(next % UInt64(ShortCurves.period)), to: n, by: ShortCurves.period) {
            outward[i].toggle()
            started[i] = next
            try! world.animate(views[i], to: ViewProperties(frame: ShortCurves.frame(i, far: outward[i])),
                               with: .easeInOut(duration: ShortCurves.duration))
        }
    }

    func runTick() { world.tick() }

    func verify() throws {
        let now = world.tickCount
        for i in Set([0, n / 2, n - 1]) where started[i] != 0 {
            let k = Double(now - started[i] + 1)
            let fraction = UnitCurve.easeInOut.value(at: min(1, k * (1.0 / 120) / ShortCurves.duration))
            let from = Double(ShortCurves.frame(i, far: !outward[i]).minX), to = Double(ShortCurves.frame(i, far: outward[i]).minX)
            try Workload.check(name, item: i, actual: Double(try world.presentation(of: views[i]).frame.minX),
                               expected: from + (to - from) * fraction, tolerance: 0.01)
        }
    }
}
