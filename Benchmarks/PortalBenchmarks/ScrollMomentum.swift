import Foundation
@_spi(Benchmarking) import Portal

/// input/scroll-momentum: n scroll views gliding at once (UIScrollView's deceleration, `.normal`),
/// each flicked again every 500 ticks (before its glide of ~640 ticks ends, alternating up and
/// down), so every tick advances n glides and writes n content offsets. The scroll views have
/// no children: the tick's render work is the noting of n changed views, not a tree's walk
/// (`tree/scroll` measures that).
final class ScrollMomentum: Scenario {
    let n: Int
    var name: String { "input/scroll-momentum" }
    var itemsPerTick: Int { n }
    private var world = World()
    var fullTickWorld: World? { world }
    private var lists: [Entity] = []
    private var flicks: [Int] = []
    private var step = 0
    static let period = 500
    static let speed: Float = 20_000

    init(n: Int) { self.n = n }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: 2 * n))
        lists = []
        flicks = Array(repeating: 0, count: n)
        for i in 0..<n {
            let list = try world.spawnView(frame: Rect(x: Float(i % 100) * 4, y: Float(i / 100) * 8, width: 390, height: 844))
            try world.makeScrollView(list, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 1e7)))
            lists.append(list)
        }
        world.tick()
        for list in lists { try world.setContentOffset(Point(x: 0, y: 4_000_000), of: list) }
        world.tick()
        for i in 0..<n { flick(i) }
    }

    private func flick(_ i: Int) {
        flicks[i] += 1
        // Finger up (content down) on odd flicks, down on even: the offset stays near 4e6.
        let v = flicks[i] % 2 == 1 ? -Self.speed : Self.speed
        try! world._flickScrollView(lists[i], velocity: Point(x: 0, y: v))
    }

    /// The host: re-flicks the views whose turn it is (n / 500 a tick) and drains the events.
    func prepareTick() {
        step += 1
        var i = step % Self.period
        while i < n {
            flick(i)
            i += Self.period
        }
        world.drainEvents { blackHole($0) }
    }

    func runTick() { world.tick() }

    func verify() throws {
        var gliding = 0
        for list in lists where try world.scrollViewState(of: list).isDecelerating { gliding += 1 }
        guard gliding == n else { throw BenchmarkFailure(description: "\(name): \(gliding) of \(n) scroll views gliding") }
        // Every glide is on its closed form: view 0 was last flicked `age` ticks ago from `start`.
        let state = try world.scrollViewState(of: lists[0])
        let v = Double(state.velocity.y)
        guard v != 0, abs(v) < Double(Self.speed) else { throw BenchmarkFailure(description: "\(name): velocity \(v)") }
        let age = world.tickCount - lastFlickTick(of: 0)
        let expected = Double(Self.speed) * exp(1000 * log(0.998) * Double(age) * world.tickDuration)
        guard abs(abs(v) - expected) <= 1e-3 * expected else {
            throw BenchmarkFailure(description: "\(name): view 0 glides at \(v) pt/s after \(age) ticks, expected ±\(expected)")
        }
    }

    /// The tick count before the first glide step of view `i`'s last flick: a flick made after
    /// tick T glides from tick T + 1 on. SetUp flicks after tick 2; step s runs after tick 1 + s.
    private func lastFlickTick(of i: Int) -> UInt64 {
        let firstStep = i == 0 ? Self.period : i
        guard step >= firstStep else { return 2 }
        let lastStep = firstStep + (step - firstStep) / Self.period * Self.period
        return UInt64(1 + lastStep)
    }
}

/// reference/scroll-momentum-flat: the same glides as plain arrays — the floor of the job: per
/// view, v ← f·v, x = rest + v / (1000·ln r), written as a `Float` into a 64-byte block per view
/// (as a view's content offset is), in one loop.
final class ScrollMomentumFloor: Scenario {
    let n: Int
    var name: String { "reference/scroll-momentum-flat" }
    var itemsPerTick: Int { n }
    private var velocity: [Double] = []
    private var rest: [Double] = []
    private var blocks: [Float] = []
    private let factor = exp(1000 * log(0.998) / 120), inverse = 1 / (1000 * log(0.998))

    init(n: Int) { self.n = n }

    func setUp() throws {
        velocity = (0..<n).map { Double($0 % 7 + 1) * 1000 }
        rest = (0..<n).map { 4e6 - velocity[$0] * inverse }
        blocks = Array(repeating: 0, count: n * 16)
    }

    func runTick() {
        let (f, k) = (factor, inverse)
        velocity.withUnsafeMutableBufferPointer { v in
            rest.withUnsafeBufferPointer { r in
                blocks.withUnsafeMutableBufferPointer { b in
                    for i in 0..<v.count {
                        v[i] *= f
                        let x = r[i] + v[i] * k
                        if b[i * 16 + 15] != Float(x) { b[i * 16 + 15] = Float(x) }
                    }
                }
            }
        }
    }

    func verify() throws {
        guard velocity[0] < 1000, velocity[0] > 0 else { throw BenchmarkFailure(description: "\(name): velocity \(velocity[0])") }
        blackHole(blocks)
    }
}
