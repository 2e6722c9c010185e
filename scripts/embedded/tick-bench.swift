// The speed check of scripts/compare-embedded-speed: four of the benchmarks' tick scenarios
// (`Benchmarks/PortalBenchmarks`: tick/full-schedule, portal/hero, navigation/push,
// input/pointer), set up the same way through the public API, compiled with the library into
// the normal build and the Embedded native build. Each measured tick runs inside
// `portal_bench_tick`, so callgrind's `--toggle-collect='*portal_bench_tick*'` counts the ticks'
// instructions and nothing of the set-up; the host's work between ticks (draining events,
// restarting flights and transitions) is outside it, as in the benchmarks.
//
//   tick-bench SCENARIO N TICKS      (after a warm-up of TICKS ticks; prints a check value)

/// One scenario: its world, the host's work before a tick (not measured), the host calls a
/// tick's measure includes (input/pointer's events), and a value that shows it ran.
final class BenchScenario {
    let world: World
    let prepare: () -> Void
    let calls: () -> Void
    let check: () -> Int
    init(world: World, prepare: @escaping () -> Void = {}, calls: @escaping () -> Void = {}, check: @escaping () -> Int) {
        (self.world, self.prepare, self.calls, self.check) = (world, prepare, calls, check)
    }
}

/// tick/full-schedule: n views on a grid, each animating its frame, radius and opacity by one
/// long spring.
func fullSchedule(_ n: Int) throws(PortalError) -> BenchScenario {
    let world = try World(configuration: .init(reservedCapacity: n))
    var views: [Entity] = []
    for i in 0..<n { views.append(try world.spawnView(frame: Rect(x: Float(i % 1000), y: Float(i / 1000), width: 40, height: 40))) }
    world.tick()
    let spring = Spring(duration: 4, bounce: 0.3)
    for (i, view) in views.enumerated() {
        try world.animate(view, to: ViewProperties(frame: Rect(x: Float(i % 1000) + 300, y: Float(i / 1000) + 200, width: 80, height: 60),
                                                   cornerRadius: 16, opacity: 0.5), with: .spring(spring))
    }
    world.tick()
    return BenchScenario(world: world) { world.renderList.count }
}

/// portal/hero: n portals in flight, each sent back the tick after it lands, with flight lengths
/// spread over 0.3…0.8 s.
func portalHero(_ n: Int) throws(PortalError) -> BenchScenario {
    let world = try World(configuration: .init(reservedCapacity: 3 * n + 6))
    var ids: [PortalID] = [], configs: [PortalTransitionConfig] = [], index: [PortalID: Int] = [:]
    for i in 0..<n {
        let id = PortalID("card-\(i)")
        ids.append(id)
        index[id] = i
        configs.append(PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: 0.3 + Double(i % 61) / 120), delay: 0),
                                              corners: PortalCorners(source: 8, destination: 16)))
        let card = try world.spawnView(frame: Rect(x: Float(i % 100) * 4, y: Float(i / 100) * 4, width: 40, height: 50), cornerRadius: 8)
        let detail = try world.spawnView(frame: Rect(x: 500 + Float(i % 100) * 2, y: Float(i / 100) * 3, width: 300, height: 320), cornerRadius: 16)
        try world.portal(card, id: id, as: .source)
        try world.portal(detail, id: id, as: .destination)
    }
    for i in 0..<n { try world.portalTransition(id: ids[i], isActive: true, config: configs[i]) }
    world.tick()
    var active = [Bool](repeating: true, count: n), landed: [Int] = [], landings = 0
    landed.reserveCapacity(n)
    return BenchScenario(world: world, prepare: {
        world.drainEvents { event in
            if case let .portalDidComplete(e) = event, let i = index[e.id] { landed.append(i) }
        }
        landings += landed.count
        for i in landed {
            active[i].toggle()
            _ = try? world.portalTransition(id: ids[i], isActive: active[i], config: configs[i])
        }
        landed.removeAll(keepingCapacity: true)
    }, check: { landings })
}

/// navigation/push: n stacks, each pushing or popping a slide again the tick after its
/// transition completes, with durations spread over 0.3…0.8 s.
func navigationPush(_ n: Int) throws(PortalError) -> BenchScenario {
    let world = try World(configuration: .init(reservedCapacity: 4 * n))
    var stacks: [Entity] = [], tops: [Entity] = [], transitions: [NavigationTransition] = [], index: [Entity: Int] = [:]
    for i in 0..<n {
        let frame = Rect(x: Float(i % 40) * 10, y: Float(i / 40) * 10, width: 390, height: 844)
        let root = try world.spawnView(frame: frame)
        let top = try world.spawnView(frame: frame)
        try world.setHidden(true, of: top)
        let stack = try world.spawnNavigationStack(frame: frame, root: root)
        stacks.append(stack)
        tops.append(top)
        index[stack] = i
        transitions.append(NavigationTransition.slide.animation(.linear(duration: 0.3 + Double(i % 61) / 120)))
    }
    world.tick()
    for i in 0..<n {
        try world.setHidden(false, of: tops[i])
        try world.push(tops[i], onto: stacks[i], transition: transitions[i])
    }
    world.tick()
    var depth = [Int](repeating: 2, count: n), finished: [Int] = [], completions = 0
    finished.reserveCapacity(n)
    return BenchScenario(world: world, prepare: {
        world.drainEvents { event in
            if case let .navigationDidComplete(e) = event, let i = index[e.stack] { finished.append(i) }
        }
        completions += finished.count
        for i in finished {
            if depth[i] == 2 {
                _ = try? world.pop(stacks[i], transition: transitions[i])
                depth[i] = 1
            } else {
                _ = try? world.push(tops[i], onto: stacks[i], transition: transitions[i])
                depth[i] = 2
            }
        }
        finished.removeAll(keepingCapacity: true)
    }, check: { completions })
}

/// input/pointer: a stack's screen holding a vertical list of n views with a horizontal
/// carousel at its top; each frame 32 pointer events — a carousel drag, a diagonal drag below,
/// a tap on a cell, an edge swipe out and back — are given to the world (inside the measured
/// tick, as the benchmark's host calls are).
func inputPointer(_ n: Int) throws(PortalError) -> BenchScenario {
    let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    let world = try World(configuration: .init(reservedCapacity: n + 64))
    let root = try world.spawnView(frame: screen)
    let stack = try world.spawnNavigationStack(frame: screen, root: root)
    world.tick()
    let top = try world.spawnScreen(for: stack)
    let list = try world.spawnView(frame: screen, in: top)
    try world.setClipsToBounds(true, of: list)
    let carousel = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 200), in: list)
    try world.setClipsToBounds(true, of: carousel)
    for i in 0..<8 {
        let card = try world.spawnView(frame: Rect(x: Float(i) * 200 + 10, y: 10, width: 180, height: 180), in: carousel)
        _ = try world.spawnView(frame: Rect(x: 10, y: 10, width: 100, height: 24), in: card)
    }
    let cells = max(1, (n - 24) / 2)
    for i in 0..<cells {
        let cell = try world.spawnView(frame: Rect(x: 0, y: 200 + Float(i) * 44, width: 390, height: 44), in: list)
        _ = try world.spawnView(frame: Rect(x: 16, y: 10, width: 200, height: 24), in: cell)
    }
    try world.makeScrollView(list, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 200 + Float(cells) * 44), axes: .vertical))
    try world.makeScrollView(carousel, configuration: ScrollViewConfiguration(contentSize: Size(width: 1610, height: 200), axes: .horizontal))
    try world.push(top, onto: stack)
    for _ in 0..<80 { world.tick() }
    try world.setContentOffset(Point(x: 600, y: 0), of: carousel)
    world.tick()
    world.drainEvents { _ in }
    var frame = 0, time = 1000.0, taps = 0
    let scenario = BenchScenario(world: world, prepare: {
        world.drainEvents { event in if case .tapped = event { taps += 1 } }
        frame += 1
        time += 1.0 / 60
    }, calls: {
        for k in 0..<8 {
            let phase: PointerPhase = k == 0 ? .began : (k == 7 ? .ended : .moved)
            let step = Float(k)
            for p in 0..<4 {
                let location: Point
                switch p {
                case 0: location = Point(x: 200 + (frame % 2 == 0 ? -12 : 12) * step, y: 100)
                case 1: location = Point(x: 300 - 14 * step, y: 600 - 0.5 * step)
                case 2: location = Point(x: 100, y: 500 + 0.5 * step)
                default: location = Point(x: 5 + (k <= 3 ? 6 * step : 18 - 4 * (step - 3)), y: 700)
                }
                _ = try? world.pointer(PointerEvent(pointer: p + 1, phase: phase, location: location, time: time + Double(k) * 0.002))
            }
        }
    }, check: { taps })
    return scenario
}

/// The measured tick, with the host calls it includes (callgrind counts what runs inside it).
@inline(never)
func portal_bench_tick(_ scenario: BenchScenario) {
    scenario.calls()
    scenario.world.tick()
}

/// Runs `name` at size `n`: `ticks` ticks of warm-up, then `ticks` measured; returns the
/// scenario's check value, or -1 when it is unknown or cannot be set up.
func portalBench(_ name: String, _ n: Int, _ ticks: Int) -> Int {
    let made: BenchScenario
    do throws(PortalError) {
        switch name {
        case "tick/full-schedule": made = try fullSchedule(n)
        case "portal/hero": made = try portalHero(n)
        case "navigation/push": made = try navigationPush(n)
        case "input/pointer": made = try inputPointer(n)
        default: return -1
        }
    } catch {
        return -1
    }
    for _ in 0..<ticks {
        made.prepare()
        made.calls()
        made.world.tick()
    }
    for _ in 0..<ticks {
        made.prepare()
        portal_bench_tick(made)
    }
    return made.check()
}

#if hasFeature(Embedded)
@_cdecl("portal_bench")
func portalBenchExport(_ name: UnsafePointer<CChar>, _ n: Int, _ ticks: Int) -> Int {
    portalBench(String(cString: name), n, ticks)
}
#else
@main struct Main {
    static func main() {
        let a = CommandLine.arguments
        guard a.count == 4, let n = Int(a[2]), let ticks = Int(a[3]) else { fatalError("usage: tick-bench SCENARIO N TICKS") }
        print(portalBench(a[1], n, ticks))
    }
}
#endif
