// The speed check of scripts/compare-embedded-speed: five of the benchmarks' scenarios
// (`Benchmarks/PortalBenchmarks`: tick/full-schedule, portal/hero, navigation/push,
// input/pointer, host/calls), set up the same way through the public API, compiled with the library into
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

/// host/calls: a frame of a host's calls — every cell of n/10 clipped lists gets a frame, every
/// list a content offset, n/10 cards a retargeted animation, half of n/50 portals turn round,
/// n/100 flowing headers get a scroll — then the tick (`scripts/embedded/host-calls.c` is the
/// same through the C interface).
func hostCalls(_ n: Int) throws(PortalError) -> BenchScenario {
    let listCount = max(1, n / 10), cellsPerList = 9, cardCount = max(1, n / 10), portalCount = max(2, n / 50), headerCount = max(1, n / 100)
    func cellFrame(_ i: Int, _ f: Int) -> Rect { Rect(x: 16 + Float((i + f) % 7), y: Float(i % 9) * 44, width: 358 - Float(f % 5), height: 44) }
    let calls = listCount * cellsPerList + listCount + cardCount + portalCount / 2 + headerCount
    let world = try World(configuration: .init(reservedCapacity: 2 * calls))
    var lists: [Entity] = [], cells: [Entity] = [], cards: [Entity] = [], ids: [PortalID] = [], headers: [Entity] = []
    for l in 0..<listCount {
        let list = try world.spawnView(frame: Rect(x: Float(l % 10) * 40, y: 0, width: 390, height: 400))
        try world.setClipsToBounds(true, of: list)
        lists.append(list)
        for c in 0..<cellsPerList { cells.append(try world.spawnView(frame: cellFrame(c, 0), in: list)) }
    }
    for i in 0..<cardCount { cards.append(try world.spawnView(frame: Rect(x: Float(i % 20) * 20, y: 500, width: 60, height: 80), cornerRadius: 8)) }
    for i in 0..<portalCount {
        let id = PortalID("host-\(i)")
        try world.portal(try world.spawnView(frame: Rect(x: Float(i) * 10, y: 700, width: 40, height: 40)), id: id, as: .source)
        try world.portal(try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 300)), id: id, as: .destination)
        ids.append(id)
    }
    for _ in 0..<headerCount {
        let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40), in: screen)
        let header = try world.flowingHeader(on: screen, title: title)
        try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 100, width: 200, height: 40),
                                          bar: Rect(x: 0, y: 40, width: 390, height: 44), barTitleSize: Size(width: 100, height: 20))
        headers.append(header)
    }
    world.tick()
    var frame = 0, completions = 0, active = [Bool](repeating: false, count: portalCount)
    return BenchScenario(world: world, prepare: {
        world.drainEvents { event in if case .animationCompleted = event { completions += 1 } }
    }, calls: {
        frame += 1
        let f = frame
        for (i, cell) in cells.enumerated() { _ = try? world.setFrame(cellFrame(i, f), of: cell) }
        for (i, list) in lists.enumerated() { _ = try? world.setContentOffset(Point(x: 0, y: Float((f * 3 + i) % 200)), of: list) }
        for (i, card) in cards.enumerated() {
            let up = (f + i) % 2 == 0
            let target = ViewProperties(frame: Rect(x: Float(i % 20) * 20, y: up ? 480 : 520, width: 60, height: up ? 80 : 90), opacity: up ? 1 : 0.8)
            _ = try? world.animate(card, to: target, with: i % 2 == 0 ? .smooth(duration: 0.4) : .easeInOut(duration: 0.3))
        }
        for i in stride(from: f % 2, to: ids.count, by: 2) {
            active[i].toggle()
            let config = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.3), delay: 0, duration: 0.3),
                                                corners: PortalCorners(source: 4, destination: 12))
            _ = try? world.portalTransition(id: ids[i], isActive: active[i], config: config)
        }
        for (i, header) in headers.enumerated() {
            let t = Float((f + 7 * i) % 240)
            _ = try? world.reportScroll(header, offset: t < 120 ? t : 240 - t, phase: .interacting)
        }
    }, check: {
        world.drainEvents { event in if case .animationCompleted = event { completions += 1 } }
        return completions
    })
}

/// The measured tick, with the host calls it includes (callgrind counts what runs inside it).
/// It returns the tick count so the tick is not a tail call (callgrind would count nothing
/// after the jump).
@inline(never)
func portal_bench_tick(_ scenario: BenchScenario) -> UInt64 {
    scenario.calls()
    scenario.world.tick()
    return scenario.world.tickCount
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
        case "host/calls": made = try hostCalls(n)
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
    var last: UInt64 = 0
    for _ in 0..<ticks {
        made.prepare()
        last = portal_bench_tick(made)
    }
    return last == made.world.tickCount ? made.check() : -1
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
