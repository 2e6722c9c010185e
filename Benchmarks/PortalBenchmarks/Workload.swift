@_spi(Benchmarking) import Portal
import Foundation

/// The shared workload: n views on a grid, each animating its frame (4 numbers), corner radius
/// and opacity — six animated numbers per view — by a spring or an ease-in-out curve, long
/// enough that nothing settles while it is measured.
enum Motion: String {
    case spring, easeInOut

    var animation: Animation {
        switch self {
        case .spring: return .spring(Workload.spring)
        case .easeInOut: return .easeInOut(duration: Workload.curveDuration)
        }
    }
}

enum Workload {
    static let spring = Spring(duration: 4, bounce: 0.3)
    static let curveDuration = 20.0
    static let step = 1.0 / 120
    static let move: (dx: Float, dy: Float, width: Float, height: Float, radius: Float, opacity: Float) = (300, 200, 80, 60, 16, 0.5)

    static func startFrame(_ i: Int) -> Rect {
        Rect(x: Float(i % 1000), y: Float(i / 1000), width: 40, height: 40)
    }

    /// The six numbers of item i: start values and targets, in the order x, y, w, h, radius, opacity.
    static func numbers(_ i: Int) -> (from: [Float], to: [Float]) {
        let f = startFrame(i)
        return ([f.minX, f.minY, f.width, f.height, 0, 1],
                [f.minX + move.dx, f.minY + move.dy, move.width, move.height, move.radius, move.opacity])
    }

    /// Springs that differ from `spring` only in the last digits of their duration: in the
    /// per-view scenario item i animates with `perViewSprings[i % 7]`, so neighbouring views'
    /// lanes read different coefficient rows, as the floor's views read their own matrices.
    static let perViewSprings = (0..<7).map { Spring(duration: 4 + Double($0) * 0.001, bounce: 0.3) }

    /// The spring item i animates with, with `springs` distinct springs among the items.
    static func spring(_ i: Int, springs: Int) -> Spring { springs == 1 ? spring : perViewSprings[i % springs] }

    /// The exact x of item i after `steps` ticks of motion (`springs` as in ``spring(_:springs:)``).
    static func expectedX(_ i: Int, motion: Motion, steps: Int, springs: Int = 1) -> Double {
        let x0 = Double(startFrame(i).minX)
        let t = Double(steps) * step
        switch motion {
        case .spring: return x0 + spring(i, springs: springs).value(target: Double(move.dx), time: t)
        case .easeInOut: return x0 + Double(move.dx) * UnitCurve.easeInOut.value(at: t / curveDuration)
        }
    }

    /// A world of n views on the grid, each animating its six numbers with `motion`, after the
    /// tick that started the animations. Returns the tick before that one, from which the
    /// motion's steps are counted.
    static func animatingWorld(n: Int, motion: Motion, springs: Int = 1, recording: Bool = false) throws -> (World, [Entity], startTick: UInt64) {
        let world = try World(configuration: .init(reservedCapacity: n))
        if recording { try world.startRecording(capacity: 1 << 24) }
        let views = try (0..<n).map { try world.spawnView(frame: startFrame($0)) }
        world.tick()
        let startTick = world.tickCount
        for (i, view) in views.enumerated() {
            let (_, to) = numbers(i)
            try world.animate(view, to: ViewProperties(frame: Rect(x: to[0], y: to[1], width: to[2], height: to[3]),
                                                       cornerRadius: to[4], opacity: to[5]),
                             with: motion == .spring ? .spring(spring(i, springs: springs)) : motion.animation)
        }
        world.tick()
        return (world, views, startTick)
    }

    static func check(_ name: String, item: Int, actual: Double, expected: Double, tolerance: Double) throws {
        guard abs(actual - expected) <= tolerance else {
            throw BenchmarkFailure(description: "\(name): item \(item) is at \(actual), expected \(expected)")
        }
    }
}

/// Portal's interpolation system alone: n views with running animations, timed per tick.
/// `interpolation/spring-per-view` runs seven springs in turn over the views (see
/// ``Workload/perViewSprings``): no four lanes of a view straddling two views share a row.
final class PortalInterpolation: Scenario {
    let motion: Motion
    let n: Int
    let springs: Int
    var name: String { springs == 1 ? "interpolation/\(motion.rawValue)" : "interpolation/spring-per-view" }
    var itemsPerTick: Int { n }
    private var world = World()
    private var views: [Entity] = []
    private var startTick: UInt64 = 0

    init(_ motion: Motion, n: Int, springs: Int = 1) {
        self.motion = motion
        self.n = n
        self.springs = springs
    }

    func setUp() throws {
        (world, views, startTick) = try Workload.animatingWorld(n: n, motion: motion, springs: springs)
    }

    func runTick() { world._advanceTracksOnly() }

    func verify() throws {
        world.tick()
        guard world.runningTrackCount == 6 * n else {
            throw BenchmarkFailure(description: "\(name): \(world.runningTrackCount) tracks running, expected \(6 * n)")
        }
        let steps = Int(world.tickCount - startTick)
        for i in [0, n / 2, n - 1] {
            try Workload.check(name, item: i, actual: Double(try world.presentation(of: views[i]).frame.minX),
                               expected: Workload.expectedX(i, motion: motion, steps: steps, springs: springs), tolerance: 0.02)
        }
    }
}

/// A full tick of the schedule: staged commands, matching, interpolation, finish, write-back
/// and the render list, with every view animating.
final class PortalFullTick: Scenario {
    let n: Int
    /// Whether the world records its calls to a trace (issue 15): the scenario then measures
    /// what recording costs a steady tick.
    let recording: Bool
    var name: String { recording ? "tick/full-schedule-recording" : "tick/full-schedule" }
    var itemsPerTick: Int { n }
    private var world = World()
    var fullTickWorld: World? { world }
    private var views: [Entity] = []
    private var startTick: UInt64 = 0

    init(n: Int, recording: Bool = false) {
        self.n = n
        self.recording = recording
    }

    func setUp() throws {
        (world, views, startTick) = try Workload.animatingWorld(n: n, motion: .spring, recording: recording)
    }

    func runTick() {
        world.tick()
        blackHole(world.withRenderList { $0.count })
    }

    func verify() throws {
        let steps = Int(world.tickCount - startTick)
        try world.withRenderList { list throws in
            guard list.count == n else { throw BenchmarkFailure(description: "\(name): render list has \(list.count) items") }
            for i in [0, n - 1] {
                try Workload.check(name, item: i, actual: Double(list[i].frame.minX),
                                   expected: Workload.expectedX(i, motion: .spring, steps: steps), tolerance: 0.02)
            }
        }
    }
}

/// Entity churn: each tick despawns 1% of the views and spawns as many, then runs a full tick.
final class PortalChurn: Scenario {
    let n: Int
    var name: String { "ecs/spawn-despawn-churn" }
    /// Spawns plus despawns per tick.
    var itemsPerTick: Int { 2 * batch }
    private var batch: Int { max(1, n / 100) }
    private var world = World()
    private var views: [Entity] = []
    private var cursor = 0

    init(n: Int) { self.n = n }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: n))
        views = try (0..<n).map { try world.spawnView(frame: Workload.startFrame($0)) }
        world.tick()
    }

    func runTick() {
        for _ in 0..<batch {
            let i = cursor % n
            cursor += 7919    // a prime stride spreads the despawns over the table
            try! world.despawn(views[i])
            views[i] = try! world.spawnView(frame: Workload.startFrame(i))
        }
        world.tick()
    }

    func verify() throws {
        guard world.viewCount == n, world.entityCount == n, world.withRenderList({ $0.count }) == n else {
            throw BenchmarkFailure(description: "\(name): \(world.viewCount) views, \(world.entityCount) entities after churn")
        }
        for view in views.prefix(100) where !world.isView(view) {
            throw BenchmarkFailure(description: "\(name): \(view) should be a live view")
        }
    }
}

extension Workload {
    /// `PORTAL_BENCH_CHANGES=1`: the tree scenarios and `navigation/push` track and read the render change list
    /// each tick (a retained-scene host), to compare against the same run without.
    static let readsRenderChanges = ProcessInfo.processInfo.environment["PORTAL_BENCH_CHANGES"] != nil
    /// Where the read counts go (so the read is not optimised away).
    nonisolated(unsafe) static var changeSink = 0
}
