import Portal

// navigation/push: n stacks transitioning at once. Each stack ping-pongs between one and two
// screens — the tick after a transition completes it pushes (or pops) again — with slide
// durations spread over 0.3…0.8 s, so starts and completions happen every tick.
//
// navigation/zoom: the same with `.zoom(source:)` from a cell of each stack's root: every tick
// places each zooming screen from its source's drawn frame (uniform scale, radius, shadow) and
// sets its dimming view, made as each zoom starts and removed as it ends.
//
// reference/push-zoom-tree: navigation/push over navigation/zoom's tree (each root holding the
// zoom's source cell, drawn as the root is): the zoom ÷ it is the zoom's own cost — its
// placement and its dimming view — apart from the extra view its scenario draws.

final class NavigationPush: Scenario {
    let n: Int
    let zooms: Bool
    /// Whether each root holds a cell (the zoom's source) while the stacks slide.
    let cells: Bool
    var name: String { zooms ? "navigation/zoom" : cells ? "reference/push-zoom-tree" : "navigation/push" }
    var itemsPerTick: Int { n }
    private var world = World()
    var fullTickWorld: World? { world }
    private var stacks: [Entity] = []
    private var tops: [Entity] = []
    private var transitions: [NavigationTransition] = []
    private var index: [Entity: Int] = [:]
    private var finished: [Int] = []
    private var depth: [Int] = []
    private(set) var completions = 0

    init(n: Int, zooms: Bool = false, cells: Bool = false) { (self.n, self.zooms, self.cells) = (n, zooms, zooms || cells) }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: 4 * n))
        world.tracksRenderChanges = Workload.readsRenderChanges
        for i in 0..<n {
            let frame = Rect(x: Float(i % 40) * 10, y: Float(i / 40) * 10, width: 390, height: 844)
            let root = try world.spawnView(frame: frame)
            let top = try world.spawnView(frame: frame)
            try world.setHidden(true, of: top)
            let stack = try world.spawnNavigationStack(frame: frame, root: root)
            stacks.append(stack)
            tops.append(top)
            index[stack] = i
            let motion = Animation.linear(duration: 0.3 + Double(i % 61) / 120)
            if cells {
                let cell = try world.spawnView(frame: Rect(x: 16, y: 200 + Float(i % 7) * 40, width: 120, height: 160), cornerRadius: 12, in: root)
                transitions.append((zooms ? NavigationTransition.zoom(source: cell) : .slide).animation(motion))
            } else {
                transitions.append(NavigationTransition.slide.animation(motion))
            }
        }
        world.tick()
        for i in 0..<n {
            try world.setHidden(false, of: tops[i])
            try world.push(tops[i], onto: stacks[i], transition: transitions[i])
        }
        depth = Array(repeating: 2, count: n)
        finished.reserveCapacity(n)
        world.tick()
    }

    /// The host: reads the last tick's completions and pushes or pops each finished stack again.
    func prepareTick() {
        world.drainEvents { event in
            if case let .navigationDidComplete(e) = event, let i = index[e.stack] { finished.append(i) }
        }
        completions += finished.count
        for i in finished {
            if depth[i] == 2 {
                try! world.pop(stacks[i], transition: transitions[i])
                depth[i] = 1
            } else {
                try! world.push(tops[i], onto: stacks[i], transition: transitions[i])
                depth[i] = 2
            }
        }
        finished.removeAll(keepingCapacity: true)
    }

    func runTick() {
        world.tick()
        if Workload.readsRenderChanges { Workload.changeSink &+= world.withRenderChanges { $0.updated.count + $0.inserted.count } }
    }

    func verify() throws {
        world.drainEvents { event in
            if case let .navigationDidComplete(e) = event, let i = index[e.stack] { finished.append(i) }
        }
        var moving = 0
        for stack in stacks where try world.navigationProgress(of: stack) != nil { moving += 1 }
        guard moving + finished.count == n, completions > 0 else {
            throw BenchmarkFailure(description: "\(name): \(moving) stacks moving and \(finished.count) just finished, of \(n); \(completions) completions")
        }
    }
}
