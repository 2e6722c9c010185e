import Testing
@testable import Portal

/// A small, seeded, reproducible random number generator (SplitMix64) for model tests.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension World {
    /// Runs `n` ticks.
    func run(ticks n: Int) {
        for _ in 0..<n { tick() }
    }

    /// Everything observable about the world, for "the world is unchanged" checks.
    var fingerprint: String {
        "tick \(tickCount) time \(time) pending \(clock.pending) entities \(entityCount) views \(viewCount) "
            + "commands \(commands.count) events \(events) tracks \(runningTrackCount) timings \(runningAnimationCount) "
            + "render \(renderList) next \(nextAnimationID)"
    }
}

/// Numerically integrates m·x″ = −k·x − c·x′ with classical Runge–Kutta at a fine step.
func integrateSpring(_ spring: Spring, displacement x0: Double, velocity v0: Double, until t: Double,
                     step h: Double = 1e-5) -> (x: Double, v: Double) {
    var x = x0, v = v0
    let k = spring.stiffness, c = spring.damping, m = spring.mass
    func a(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
    let steps = Int((t / h).rounded())
    for _ in 0..<steps {
        let k1x = v, k1v = a(x, v)
        let k2x = v + 0.5 * h * k1v, k2v = a(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
        let k3x = v + 0.5 * h * k2v, k3v = a(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
        let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

/// The frame `t` of the way from `a` to `b` (each edge linearly), for checking flights.
func mix(_ a: Rect, _ b: Rect, _ t: Float) -> Rect {
    Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
         width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
}

/// Whether two frames agree within `tolerance` points on every edge.
func isClose(_ a: Rect?, _ b: Rect, tolerance: Float = 1e-3) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// A world with a hero portal ready to fly (card → detail), ticked once.
func heroWorld(animation: Animation = .linear(duration: 0.5)) throws -> (World, PortalTransitionConfig) {
    let world = World()
    let card = try world.spawnView(frame: Rect(x: 0, y: 100, width: 50, height: 50))
    let detail = try world.spawnView(frame: Rect(x: 0, y: 200, width: 200, height: 200))
    try world.portal(card, id: "hero", as: .source)
    try world.portal(detail, id: "hero", as: .destination)
    world.tick()
    return (world, PortalTransitionConfig(animation: PortalAnimation(animation, delay: 0, duration: 1.0 / 120)))
}

extension TrackStore {
    /// Runs the lane loop and checks every lane bit for bit against the scalar step from the
    /// lanes and coefficient rows it started from; `label` names the tick in a failure.
    mutating func advanceLanesCheckingScalarStep(_ label: String) {
        let (value, velocity, target, rows, k) = (self.value, self.velocity, self.target, self.row, self.coefficients)
        advanceLanes()
        for i in 0..<laneCount {
            let c = k[Int(rows[i])], d = value[i] - target[i]
            #expect(self.value[i].bitPattern == (target[i] + (c.xx * d + c.xv * velocity[i])).bitPattern, "\(label)lane \(i)")
            #expect(self.velocity[i].bitPattern == (c.vx * d + c.vv * velocity[i]).bitPattern, "\(label)lane \(i)")
        }
    }
}
