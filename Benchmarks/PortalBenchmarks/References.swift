import Portal

// The references Portal is measured against, in the same run.

/// The flat-array loop: the same six numbers per item and the same math, on plain contiguous
/// arrays, with no entities, no indirection and no write-back — what a hand-written scalar loop
/// for exactly this job would do. (Portal's lane step runs four lanes at a time in SIMD
/// registers, so it can beat this loop despite its indirection.)
final class FlatReference: Scenario {
    let motion: Motion
    let n: Int
    var name: String { "reference/flat/\(motion.rawValue)" }
    var itemsPerTick: Int { n }
    private var value: [Float] = []
    private var velocity: [Float] = []
    private var target: [Float] = []
    /// Per item: the spring's step matrix (xx, xv, vx, vv) — each item could have its own.
    private var matrix: [SIMD4<Float>] = []
    /// Per item: the tick of its next completion check (springs) or its end (curves).
    private var nextEvent: [UInt64] = []
    private var progressPerTick: [Double] = []
    private var tick: UInt64 = 0

    init(_ motion: Motion, n: Int) {
        self.motion = motion
        self.n = n
    }

    func setUp() throws {
        let spring = Workload.spring, step = Workload.step
        // The exact one-step matrix, from the public closed form.
        let phi = SIMD4<Float>(Float(spring.value(target: -1, time: step) + 1), Float(spring.value(target: 0, initialVelocity: 1, time: step)),
                               Float(spring.velocity(target: -1, time: step)), Float(spring.velocity(target: 0, initialVelocity: 1, time: step)))
        value = []; velocity = []; target = []
        for i in 0..<n {
            let (from, to) = Workload.numbers(i)
            value += from
            target += to
            velocity += motion == .spring ? [Float](repeating: 0, count: 6) : zip(from, to).map { $0 - $1 }
        }
        matrix = Array(repeating: phi, count: n)
        nextEvent = Array(repeating: 1_000_000, count: n)
        progressPerTick = Array(repeating: step / Workload.curveDuration, count: n)
        tick = 0
        runTick()
    }

    func runTick() {
        tick += 1
        let tick = self.tick
        switch motion {
        case .spring:
            value.withUnsafeMutableBufferPointer { value in
                velocity.withUnsafeMutableBufferPointer { velocity in
                    target.withUnsafeBufferPointer { target in
                        for i in 0..<n {
                            if nextEvent[i] <= tick { blackHole(i) }
                            let k = matrix[i]
                            for lane in i * 6..<i * 6 + 6 {
                                let goal = target[lane]
                                let d = value[lane] - goal, v = velocity[lane]
                                value[lane] = goal + (k.x * d + k.y * v)
                                velocity[lane] = k.z * d + k.w * v
                            }
                        }
                    }
                }
            }
        case .easeInOut:
            let curve = UnitCurve.easeInOut
            value.withUnsafeMutableBufferPointer { value in
                velocity.withUnsafeBufferPointer { initial in
                    target.withUnsafeBufferPointer { target in
                        for i in 0..<n {
                            if nextEvent[i] <= tick { blackHole(i) }
                            let remaining = Float(1 - curve.value(at: Double(tick) * progressPerTick[i]))
                            for lane in i * 6..<i * 6 + 6 {
                                value[lane] = target[lane] + remaining * initial[lane]
                            }
                        }
                    }
                }
            }
        }
    }

    func verify() throws {
        for i in [0, n / 2, n - 1] {
            try Workload.check(name, item: i, actual: Double(value[i * 6]),
                               expected: Workload.expectedX(i, motion: motion, steps: Int(tick)), tolerance: 0.02)
        }
    }
}

// MARK: - The object graph

/// How a typical object-oriented animation runtime is built: an animation object per property
/// behind a protocol, evaluating its timing function in closed form each frame; a class per
/// view holding its properties and animations in dictionaries; the views in a dictionary keyed
/// by id; a per-object update call; a render list built by walking the views.
protocol TimingFunction: AnyObject {
    func fraction(at time: Double) -> Double
}

final class SpringTiming: TimingFunction {
    let spring: Spring
    init(_ spring: Spring) { self.spring = spring }
    func fraction(at time: Double) -> Double { spring.value(target: 1, time: time) }
}

final class PropertyAnimation {
    let from: Double, to: Double, start: Double
    let timing: any TimingFunction
    init(from: Double, to: Double, start: Double, timing: any TimingFunction) {
        self.from = from; self.to = to; self.start = start; self.timing = timing
    }
    func value(at time: Double) -> Double { from + (to - from) * timing.fraction(at: time - start) }
}

final class AnimatedView {
    let id: Int
    var properties: [String: Double] = [:]
    var animations: [String: PropertyAnimation] = [:]
    init(id: Int) { self.id = id }

    func update(time: Double) {
        for (key, animation) in animations { properties[key] = animation.value(at: time) }
    }
}

struct DrawCommand {
    let id: Int
    let x: Double, y: Double, width: Double, height: Double, radius: Double, opacity: Double
}

final class ObjectGraphReference: Scenario {
    let n: Int
    var name: String { "reference/object-graph/spring" }
    var itemsPerTick: Int { n }
    private var views: [Int: AnimatedView] = [:]
    private var drawList: [DrawCommand] = []
    private var time = 0.0
    private var steps = 0
    static let keys = ["x", "y", "width", "height", "cornerRadius", "opacity"]

    init(n: Int) { self.n = n }

    func setUp() throws {
        views = [:]
        let timing = SpringTiming(Workload.spring)
        for i in 0..<n {
            let view = AnimatedView(id: i)
            let (from, to) = Workload.numbers(i)
            for (k, key) in Self.keys.enumerated() {
                view.properties[key] = Double(from[k])
                view.animations[key] = PropertyAnimation(from: Double(from[k]), to: Double(to[k]), start: 0, timing: timing)
            }
            views[i] = view
        }
        time = 0
        steps = 0
        runTick()
    }

    func runTick() {
        steps += 1
        time = Double(steps) * Workload.step
        for (_, view) in views { view.update(time: time) }
        drawList.removeAll(keepingCapacity: true)
        for id in 0..<n {
            guard let view = views[id] else { continue }
            let p = view.properties
            drawList.append(DrawCommand(id: id, x: p["x"] ?? 0, y: p["y"] ?? 0, width: p["width"] ?? 0, height: p["height"] ?? 0,
                                        radius: p["cornerRadius"] ?? 0, opacity: p["opacity"] ?? 1))
        }
        blackHole(drawList.count)
    }

    func verify() throws {
        for i in [0, n - 1] {
            try Workload.check(name, item: i, actual: drawList[i].x,
                               expected: Workload.expectedX(i, motion: .spring, steps: steps), tolerance: 1e-6)
        }
    }
}
