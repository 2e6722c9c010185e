// PortalBenchmarks: every hot system against its references, in one run.
//
//   swift run -c release PortalBenchmarks                  the table (n = 10k, 100k, 1M)
//   swift run -c release PortalBenchmarks --quick          n = 10k only, fewer samples (CI)
//   swift run -c release PortalBenchmarks --json out.json  also write the figures as JSON
//   swift run -c release PortalBenchmarks --only portal     only the groups whose first scenario starts so
//   swift run -c release PortalBenchmarks --only math       Portal's own math against the C library's
//   swift run -c release PortalBenchmarks --scenario tick/full-schedule --n 1000 --ticks 50
//       set up one scenario, run exactly N ticks, exit: run it under valgrind for N and 2N
//       ticks and compare the heap summaries to show a steady-state tick allocates nothing.
//   swift run -c release PortalBenchmarks --scenario portal/hero --n 10000 --ticks 300 --phases
//       the same, and print where a tick goes: the median time of each phase of the tick.
//   ... --phases --between reference/object-graph/portal
//       the same in the table's conditions: turns of 10 ticks with that scenario's 10 in between,
//       timing the warm ticks (all but the first of each turn).
//   ... --phases --bandwidth
//       also run the memory-bandwidth probes (reference/bandwidth-*) in the same process after
//       the phases and print their GB/s: a tick's bytes per view ÷ that bandwidth is its floor.
//   ... --phases --tail
//       also print the slowest 1 % of the timed ticks phase by phase, with the p99 ÷ median of
//       the whole tick and (for portal/hero) the landings each of those ticks handed to the host.

import Foundation
@_spi(Benchmarking) import Portal

struct Options {
    var quick = false
    var jsonPath: String?
    var scenario: String?
    var ticks: Int?
    var n: Int?
    var only: String?
    var phases = false
    var between: String?
    var tail = false
    var bandwidth = false
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    func value(_ flag: String) -> String {
        guard let v = arguments.next() else { fail("\(flag) needs a value") }
        return v
    }
    while let argument = arguments.next() {
        switch argument {
        case "--quick": options.quick = true
        case "--json": options.jsonPath = value(argument)
        case "--scenario": options.scenario = value(argument)
        case "--ticks":
            guard let ticks = Int(value(argument)) else { fail("--ticks takes a whole number") }
            options.ticks = ticks
        case "--n":
            guard let n = Int(value(argument)), n > 0 else { fail("--n takes a positive whole number") }
            options.n = n
        case "--phases": options.phases = true
        case "--between": options.between = value(argument)
        case "--tail": options.tail = true
        case "--bandwidth": options.bandwidth = true
        case "--only":
            options.only = value(argument)
        case "--list":
            print(allScenarioNames.joined(separator: "\n"))
            exit(0)
        case "--help", "-h":
            print("usage: PortalBenchmarks [--quick] [--json PATH] [--only PREFIX] [--list] [--scenario NAME [--n N] --ticks N [--phases [--between NAME]] [--bandwidth]]")
            exit(0)
        default: fail("unknown option \(argument); see --help")
        }
    }
    return options
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("PortalBenchmarks: \(message)\n".utf8))
    exit(2)
}

let allScenarioNames = ["interpolation/spring", "interpolation/easeInOut", "interpolation/spring-per-view", "reference/flat/spring", "reference/flat/easeInOut",
                        "reference/object-graph/spring", "tick/full-schedule", "ecs/spawn-despawn-churn",
                        "portal/hero", "portal/hero-nested", "reference/object-graph/portal", "navigation/push", "navigation/zoom", "reference/push-zoom-tree", "header/scroll", "hitTest/overlay", "reference/linear-hitTest",
                        "tree/scroll", "tree/idle", "reference/object-graph/tree", "tree/animate-1pct",
                        "reference/flat-simd", "reference/bandwidth-triad", "reference/bandwidth-update", "animation/short-curves",
                        "host/calls", "c/host-calls", "host/layout-capture", "host/layout-capture-per-call", "input/pointer", "reference/pointer-frame", "reference/pointer-hitTest",
                        "input/scroll-momentum", "reference/scroll-momentum-flat", "portal/drag-dismiss", "portal/drag-dismiss-release",
                        "portal/drag-dismiss-pointers", "reference/drag-frames"]
    + MathCalls.Function.allCases.flatMap { ["math/\($0.rawValue)", "reference/libc-\($0.rawValue)"] }

func makeScenario(_ name: String, n: Int) -> Scenario? {
    switch name {
    case "interpolation/spring": return PortalInterpolation(.spring, n: n)
    case "interpolation/easeInOut": return PortalInterpolation(.easeInOut, n: n)
    case "interpolation/spring-per-view": return PortalInterpolation(.spring, n: n, springs: 7)
    case "reference/flat/spring": return FlatReference(.spring, n: n)
    case "reference/flat/easeInOut": return FlatReference(.easeInOut, n: n)
    case "reference/object-graph/spring": return ObjectGraphReference(n: n)
    case "tick/full-schedule": return PortalFullTick(n: n)
    case "tick/full-schedule-recording": return PortalFullTick(n: n, recording: true)
    case "ecs/spawn-despawn-churn": return PortalChurn(n: n)
    case "portal/hero": return PortalHero(n: n)
    case "portal/hero-nested": return PortalHero(n: n, nested: true)
    case "reference/object-graph/portal": return ObjectGraphPortals(n: n)
    case "navigation/push": return NavigationPush(n: n)
    case "navigation/zoom": return NavigationPush(n: n, zooms: true)
    case "reference/push-zoom-tree": return NavigationPush(n: n, cells: true)
    case "header/scroll": return HeaderScroll(n: n)
    case "hitTest/overlay": return HitTestQueries(n: n, linear: false)
    case "reference/linear-hitTest": return HitTestQueries(n: n, linear: true)
    case "tree/scroll": return TreeScroll(n: n, scrolls: true)
    case "tree/idle": return TreeScroll(n: n, scrolls: false)
    case "reference/object-graph/tree": return ObjectGraphTree(n: n)
    case "reference/flat-simd": return SIMDFloor(n: n)
    case "reference/bandwidth-triad": return BandwidthProbe(inPlace: false)
    case "reference/bandwidth-update": return BandwidthProbe(inPlace: true)
    case "animation/short-curves": return ShortCurves(n: n)
    case "host/calls": return HostCalls(n: n)
    case "c/host-calls": return CHostCalls(n: n)
    case "host/layout-capture": return LayoutCapture(n: n, batched: true)
    case "host/layout-capture-per-call": return LayoutCapture(n: n, batched: false)
    case "tree/animate-1pct": return TreeAnimate(n: n)
    case "input/pointer": return InputPointer(n: n, mode: .events)
    case "reference/pointer-frame": return InputPointer(n: n, mode: .frame)
    case "reference/pointer-hitTest": return InputPointer(n: n, mode: .hitTest)
    case "input/scroll-momentum": return ScrollMomentum(n: n)
    case "reference/scroll-momentum-flat": return ScrollMomentumFloor(n: n)
    case "portal/drag-dismiss": return PortalDragDismissScenario(n: n, mode: .drag)
    case "portal/drag-dismiss-release": return PortalDragDismissScenario(n: n, mode: .release)
    case "portal/drag-dismiss-pointers": return PortalDragDismissScenario(n: n, mode: .pointers)
    case "reference/drag-frames": return PortalDragDismissScenario(n: n, mode: .reference)
    case let math where math.hasPrefix("math/"):
        return MathCalls.Function(rawValue: String(math.dropFirst("math/".count))).map { MathCalls($0, libc: false, n: n) }
    case let libc where libc.hasPrefix("reference/libc-"):
        return MathCalls.Function(rawValue: String(libc.dropFirst("reference/libc-".count))).map { MathCalls($0, libc: true, n: n) }
    default: return nil
    }
}

let options = parseOptions()

// MARK: One scenario, exactly N ticks (for valgrind).

if let name = options.scenario {
    guard let ticks = options.ticks, ticks >= 0 else { fail("--scenario needs --ticks N") }
    guard let scenario = makeScenario(name, n: options.n ?? 10_000) else { fail("no scenario \(name); see --list") }
    do {
        try scenario.setUp()
        // Warm up until every buffer has reached its steady size.
        for _ in 0..<20 { scenario.prepareTick(); scenario.runTick() }
        if options.phases {
            var other: Scenario?
            if let name = options.between {
                guard let between = makeScenario(name, n: options.n ?? 10_000) else { fail("no scenario \(name); see --list") }
                try between.setUp()
                for _ in 0..<20 { between.prepareTick(); between.runTick() }
                other = between
            }
            try printPhases(of: scenario, ticks: ticks, between: other)
            if options.bandwidth {
                // The memory-bandwidth probes in the same process, for a tick's bytes ÷ bandwidth.
                let probes = [BandwidthProbe(inPlace: false), BandwidthProbe(inPlace: true)]
                for (probe, m) in zip(probes, try measureInterleaved(probes, warmup: 2, samples: 15)) {
                    print("  \(m.name): \(String(format: "%.2f", m.medianMillisecondsPerTick)) ms, \(String(format: "%.1f", probe.gigabytesPerSecond(m))) GB/s")
                }
            }
        } else {
            for _ in 0..<ticks { scenario.prepareTick(); scenario.runTick() }
        }
        try scenario.verify()
    } catch { fail("\(error)") }
    print("\(name) n=\(scenario.n): ran \(ticks) ticks after setup and warm-up")
    exit(0)
}

/// Runs `ticks` ticks of `scenario` with a phase probe on its world and prints the median time
/// of each phase (a phase runs from its probe to the next one). With `between`, the scenarios
/// take turns of 10 ticks, as in the table, and only the warm ticks of each turn count.
func printPhases(of scenario: Scenario, ticks: Int, between other: Scenario?) throws {
    guard let world = scenario.fullTickWorld else { fail("\(scenario.name) does not run full ticks; --phases cannot time it") }
    guard ticks > 0 else { fail("--phases needs at least one tick") }
    let phases = TickPhase.allCases
    var stamps = [UInt64](repeating: 0, count: phases.count)
    var durations = [[Double]](repeating: [], count: phases.count)
    var landings: [Int] = []
    var cpu: [Double] = []
    func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
    }
    world._setPhaseProbe { phase in stamps[phase.rawValue] = DispatchTime.now().uptimeNanoseconds }
    for tick in 0..<ticks {
        if let other, tick % 10 == 0 {
            for _ in 0..<10 { other.prepareTick(); other.runTick() }
        }
        let landed = (scenario as? PortalHero)?.landings ?? 0
        scenario.prepareTick()
        landings.append(((scenario as? PortalHero)?.landings ?? 0) - landed)
        let cpuStart = threadCPU()
        scenario.runTick()
        cpu.append(threadCPU() - cpuStart)
        if other != nil && tick % 10 == 0 { landings.removeLast(); cpu.removeLast(); continue }
        for i in 0..<phases.count - 1 { durations[i].append(Double(stamps[i + 1] &- stamps[i])) }
        durations[phases.count - 1].append(Double(stamps[phases.count - 1] &- stamps[0]))
    }
    world._setPhaseProbe(nil)
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    if let other { try other.verify() }
    func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }
    print("µs per phase over \(durations[0].count) ticks, median and mean (the whole tick's median is not the sum of the phases' medians;")
    print("the means are: a bursty phase's mean shows the work its rare heavy ticks do):")
    for (i, phase) in phases.enumerated() {
        let label = phase == .end ? "whole tick" : "\(phase)"
        print("  " + label.padding(toLength: 16, withPad: " ", startingAt: 0)
              + String(format: "%9.1f %9.1f", median(durations[i]) / 1e3, mean(durations[i]) / 1e3))
    }
    if options.tail { printTail(durations, cpu: cpu, landings: landings) }
}

/// The slowest 1 % of the timed ticks (at least 5) by the thread's CPU time (which leaves out
/// the time the thread was descheduled: on a shared machine that, not the tick, is most of a
/// wall-clock tail), each phase by phase in wall-clock µs, with the landings the host sent back
/// just before it.
func printTail(_ durations: [[Double]], cpu: [Double], landings: [Int]) {
    let whole = durations[durations.count - 1]
    for (label, times) in [("wall clock", whole), ("thread CPU", cpu)] {
        let p99 = Measurement.percentile(0.99, of: times), p50 = Measurement.percentile(0.5, of: times)
        print(String(format: "\(label): p99 %.1f µs ÷ median %.1f µs = %.2f×", p99 / 1e3, p50 / 1e3, p99 / p50))
    }
    print("median landings per tick \(landings.sorted()[landings.count / 2]); the slowest ticks by CPU time:")
    print("  tick  landings  CPU µs" + TickPhase.allCases.map { " " + String("\($0)".prefix(8)).padding(toLength: 8, withPad: " ", startingAt: 0) }.joined())
    for index in cpu.indices.sorted(by: { cpu[$0] > cpu[$1] }).prefix(max(5, cpu.count / 100)) {
        let cells = durations.indices.map { String(format: "%9.1f", durations[$0][index] / 1e3) }.joined()
        print(String(format: "%6d %9d %8.1f", index, landings[index], cpu[index] / 1e3) + cells)
    }
}

// MARK: The table.

let sizes = options.quick ? [10_000] : [10_000, 100_000, 1_000_000]
var results: [Measurement] = []
var ratios: [(String, Double, String)] = []

func samples(_ n: Int) -> (warmup: Int, samples: Int) {
    if options.quick { return (3, 15) }
    return n >= 1_000_000 ? (3, 15) : (10, 60)
}

print("Portal benchmarks — \(options.quick ? "quick" : "full") run, \(ProcessInfo.processInfo.activeProcessorCount) cores; scenarios of a group take turns of\n"
      + "10 ticks; ms/tick is the median of a turn's ticks after its first, cold ms the median of first ticks\n"
      + "(run right after the other scenario of the group, whose work evicts the caches)\n")
/// Whether a group whose first scenario is `name` runs (all of them unless `--only` says).
func selected(_ name: String) -> Bool { options.only.map { name.hasPrefix($0) } ?? true }

// Flights and navigation transitions last 0.3…0.8 s (36…96 ticks): warm up past the first
// landings so that every sample sees the steady state of starts, hand-offs and restarts.
let steadyStateWarmup = 120

/// The faster bandwidth probe's GB/s, for the table's machine line and the JSON.
var machineBandwidth: Double?

do {
    var bandwidth: Double?
    for n in sizes {
        let (warmup, count) = samples(n)
        var springMedian: Double?
        if n == sizes.last && selected("interpolation") {
            let probes = [BandwidthProbe(inPlace: false), BandwidthProbe(inPlace: true)]
            let measured = try measureInterleaved(probes, warmup: 2, samples: options.quick ? 3 : 15)
            results += measured
            bandwidth = zip(probes, measured).map { $0.gigabytesPerSecond($1) }.max()
        }
        for motion in [Motion.spring, .easeInOut] where selected("interpolation/\(motion.rawValue)") {
            let group = try measureInterleaved([PortalInterpolation(motion, n: n), FlatReference(motion, n: n), SIMDFloor(n: n)],
                                               warmup: warmup, samples: count)
            results += group
            ratios.append(("interpolation/\(motion.rawValue) ÷ reference/flat", group[0].median / group[1].median,
                           "n = \(n), the scalar loop"))
            ratios += floorRatios(group[0], motion: motion, floor: group[2], gigabytesPerSecond: n >= 1_000_000 ? bandwidth : nil)
            if motion == .spring { springMedian = group[0].median }
            if motion == .easeInOut, let spring = springMedian {
                ratios.append(("interpolation/easeInOut ÷ interpolation/spring", group[0].median / spring, "n = \(n), target ≤ 1.2× at 1M"))
            }
        }
        if selected("interpolation/spring-per-view") {
            // The floor's own data: every view its own matrix (neighbours differ), so blocks of
            // four lanes that straddle two views gather.
            let group = try measureInterleaved([PortalInterpolation(.spring, n: n, springs: 7), SIMDFloor(n: n)], warmup: warmup, samples: count)
            results += group
            ratios.append(("interpolation/spring-per-view ÷ reference/flat-simd", group[0].median / group[1].median,
                           "n = \(n), each view its own spring, as the floor's"))
        }
        if selected("tick/full-schedule") {
            let full = try measureInterleaved([PortalFullTick(n: n), ObjectGraphReference(n: n)], warmup: warmup, samples: count)
            results += full
            ratios.append(("reference/object-graph ÷ tick/full-schedule", full[1].median / full[0].median, "n = \(n), target ≥ 20×"))
        }
        if selected("ecs/spawn-despawn-churn") {
            results += try measureInterleaved([PortalChurn(n: n)], warmup: warmup, samples: count)
        }
    }
    for n in options.quick ? [1_000] : [1_000, 10_000] where selected("portal/hero") {
        let hero = try measureInterleaved([PortalHero(n: n), PortalHero(n: n, nested: true), ObjectGraphPortals(n: n)],
                                          warmup: steadyStateWarmup, samples: options.quick ? 30 : 120)
        results += hero
        ratios.append(("reference/object-graph/portal ÷ portal/hero", hero[2].median / hero[0].median, "n = \(n); portal/hero target: ≤ 5 % of 8.33 ms at 10,000"))
        ratios.append(("portal/hero-nested ÷ portal/hero", hero[1].median / hero[0].median, "n = \(n); anchors three deep, target ≤ 1.5×"))
    }
    if selected("navigation/push") || selected("navigation/zoom") {
        let navigation = try measureInterleaved([NavigationPush(n: 1_000), NavigationPush(n: 1_000, zooms: true), NavigationPush(n: 1_000, cells: true)],
                                                warmup: steadyStateWarmup, samples: options.quick ? 20 : 120)
        results += navigation
        ratios.append(("navigation/zoom ÷ navigation/push", navigation[1].median / navigation[0].median,
                       "n = 1,000; the zoom's per-tick placement and dimming, and its source cell, against the slide; target ≤ 1.3×"))
        ratios.append(("navigation/zoom ÷ reference/push-zoom-tree", navigation[1].median / navigation[2].median,
                       "n = 1,000; the zoom's own cost: the slide over the same tree (each root holding the cell)"))
    }
    if selected("hitTest") {
        let queries = try measureInterleaved([HitTestQueries(n: 10_000, linear: false), HitTestQueries(n: 10_000, linear: true)],
                                             warmup: 3, samples: options.quick ? 10 : 40)
        results += queries
        ratios.append(("reference/linear-hitTest ÷ hitTest/overlay", queries[1].median / queries[0].median,
                       "10,000 overlay items; target ≤ 1 µs per query (ns/item column)"))
    }
    if selected("tree/scroll") {
        let tree = try measureInterleaved([TreeScroll(n: 100_000, scrolls: true), TreeScroll(n: 100_000, scrolls: false),
                                           ObjectGraphTree(n: 100_000)], warmup: 10, samples: options.quick ? 20 : 60)
        results += tree
        ratios.append(("reference/object-graph/tree ÷ tree/scroll", tree[2].median / tree[0].median,
                       "100,012 views six deep; target ≥ 20×, tree/scroll ≤ 10 % of 8.33 ms"))
    }
    if selected("tree/animate") {
        results += try measureInterleaved([TreeAnimate(n: 100_000)], warmup: 10, samples: options.quick ? 20 : 60)
    }
    if selected("header/scroll") {
        results += try measureInterleaved([HeaderScroll(n: 1_000)], warmup: 60, samples: options.quick ? 20 : 120)
    }
    if selected("input/scroll-momentum") {
        let scroll = try measureInterleaved([ScrollMomentum(n: 10_000), ScrollMomentumFloor(n: 10_000)],
                                            warmup: 60, samples: options.quick ? 20 : 120)
        results += scroll
        ratios.append(("input/scroll-momentum ÷ reference/scroll-momentum-flat", scroll[0].median / scroll[1].median,
                       "10,000 scroll views gliding; target ≤ 2 % of 8.33 ms (the scroll system's share: --phases)"))
    }
    if selected("portal/drag-dismiss") {
        let drags = try measureInterleaved([PortalDragDismissScenario(n: 1_000, mode: .drag), PortalDragDismissScenario(n: 1_000, mode: .release),
                                            PortalDragDismissScenario(n: 1_000, mode: .pointers), PortalDragDismissScenario(n: 1_000, mode: .reference)],
                                           warmup: 64, samples: options.quick ? 20 : 120)
        results += drags
        ratios.append(("portal/drag-dismiss ÷ reference/drag-frames", drags[0].median / drags[3].median,
                       "1,000 drags, a step each per tick; target: portal/drag-dismiss ≤ 2 % of 8.33 ms"))
        ratios.append(("portal/drag-dismiss-pointers ÷ portal/drag-dismiss", drags[2].median / drags[0].median,
                       "the same drags from 1,000 pointers' events: each event's call, arbitration and velocity"))
        ratios.append(("portal/drag-dismiss-release ÷ reference/drag-frames", drags[1].median / drags[3].median,
                       "1,000 gestures of 64 ticks: ~16 releases a tick, their flights and landings"))
    }
    if selected("animation/short-curves") {
        results += try measureInterleaved([ShortCurves(n: 10_000)], warmup: 60, samples: options.quick ? 20 : 120)
    }
    if selected("host/calls") || selected("c/host-calls") {
        let calls = try measureInterleaved([HostCalls(n: 1_000), CHostCalls(n: 1_000)], warmup: 60, samples: options.quick ? 20 : 120)
        results += calls
        ratios.append(("c/host-calls ÷ host/calls", calls[1].median / calls[0].median,
                       "the same frame through the C interface; target ≤ 1.2×"))
    }
    if selected("host/layout-capture") {
        let capture = try measureInterleaved([LayoutCapture(n: 10_000, batched: true), LayoutCapture(n: 10_000, batched: false)],
                                             warmup: 10, samples: options.quick ? 20 : 60)
        results += capture
        ratios.append(("host/layout-capture-per-call ÷ host/layout-capture", capture[1].median / capture[0].median,
                       "10,000 nodes laid out per frame: n setFrame calls against one setFrames"))
    }
    if selected("input/pointer") {
        let input = try measureInterleaved([InputPointer(n: 100_000, mode: .events), InputPointer(n: 100_000, mode: .frame),
                                            InputPointer(n: 100_000, mode: .hitTest)],
                                           warmup: 30, samples: options.quick ? 20 : 120)
        results += input
        ratios.append(("input/pointer ÷ reference/pointer-frame", input[0].median / input[1].median,
                       "4 pointers × 8 events a frame over 100,002 views, against the same frame without its events"))
        ratios.append(("input/pointer per event, own cost ÷ 1 µs", (input[0].median - input[1].median) / 32 / 1000,
                       "(input/pointer − reference/pointer-frame) ÷ 32 events, arbitration included; target ≤ 1×"))
        ratios.append(("a hitTest per event ÷ 1 µs", (input[2].median - input[1].median) / 32 / 1000,
                       "(reference/pointer-hitTest − reference/pointer-frame) ÷ 32: a host routing its events itself"))
    }
    if selected("math") {
        // Portal's own math against the C library's, 10,000 calls a tick, each pair in turns.
        for function in MathCalls.Function.allCases {
            let pair = try measureInterleaved([MathCalls(function, libc: false, n: 10_000), MathCalls(function, libc: true, n: 10_000)],
                                              warmup: 3, samples: options.quick ? 10 : 40)
            results += pair
            ratios.append(("math/\(function.rawValue) ÷ reference/libc-\(function.rawValue)", pair[0].median / pair[1].median,
                           "Portal's own against the C library's, per call (ns/item column)"))
        }
    }
    if bandwidth == nil {
        // The table names its machine by its memory bandwidth, so the probe runs even when
        // `--only` leaves out the group it belongs to.
        let probes = [BandwidthProbe(inPlace: false), BandwidthProbe(inPlace: true)]
        let measured = try measureInterleaved(probes, warmup: 2, samples: options.quick ? 3 : 15)
        bandwidth = zip(probes, measured).map { $0.gigabytesPerSecond($1) }.max()
    }
    machineBandwidth = bandwidth
} catch {
    fail("a benchmark produced a wrong result: \(error)")
}

func pad(_ s: String, _ width: Int) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }
func lpad(_ s: String, _ width: Int) -> String { s.count >= width ? s : String(repeating: " ", count: width - s.count) + s }
func fixed(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }

/// The processor's model name, from `/proc/cpuinfo` where there is one.
func cpuModel() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
          let colon = line.firstIndex(of: ":") else { return "unknown" }
    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}

let cores = ProcessInfo.processInfo.activeProcessorCount
let bandwidthText = machineBandwidth.map { fixed($0, 1) + " GB/s" } ?? "not measured"
print("machine: \(cpuModel()), \(cores) cores; bandwidth probe \(bandwidthText) (the faster of reference/bandwidth-triad and -update)\n")

let budget = 1e9 / 120
print(pad("scenario", 34) + lpad("n", 10) + lpad("ns/item", 10) + lpad("ms/tick", 10) + lpad("p99 ms", 10) + lpad("p99/med", 9) + lpad("of 8.33 ms", 12) + lpad("cold ms", 10))
for m in results {
    print(pad(m.name, 34) + lpad("\(m.n)", 10) + lpad(fixed(m.medianNanosecondsPerItem, 2), 10)
          + lpad(fixed(m.medianMillisecondsPerTick, 3), 10) + lpad(fixed(m.p99 / 1e6, 3), 10) + lpad(fixed(m.p99 / m.median, 2), 9)
          + lpad(fixed(100 * m.median / budget, 1) + "%", 12)
          + lpad(m.coldSamplesNanoseconds.isEmpty ? "—" : fixed(m.coldMedian / 1e6, 3), 10))
}
print("\nratios (same run):")
for (name, ratio, note) in ratios { print("  " + pad(name, 46) + lpad(fixed(ratio, 2) + "×", 9) + "   " + note) }

if let path = options.jsonPath {
    func number(_ x: Double) -> String { x.isFinite ? String(format: "%.6g", x) : "null" }
    let scenarios = results.map { m in
        "{\"name\":\"\(m.name)\",\"n\":\(m.n),\"median_ns_per_item\":\(number(m.medianNanosecondsPerItem)),"
            + "\"median_ms_per_tick\":\(number(m.medianMillisecondsPerTick)),\"p99_ms_per_tick\":\(number(m.p99 / 1e6)),\"p99_over_median\":\(number(m.p99 / m.median)),"
            + "\"cold_median_ms_per_tick\":\(number(m.coldMedian / 1e6)),\"samples\":\(m.samplesNanoseconds.count)}"
    }
    let ratioJSON = ratios.map { "{\"name\":\"\($0.0)\",\"ratio\":\(number($0.1)),\"note\":\"\($0.2)\"}" }
    let machine = "{\"cpu\":\"\(cpuModel())\",\"cores\":\(cores),\"bandwidth_gb_per_s\":\(machineBandwidth.map(number) ?? "null")}"
    let json = "{\"machine\":\(machine),\"scenarios\":[\(scenarios.joined(separator: ","))],\"ratios\":[\(ratioJSON.joined(separator: ","))]}\n"
    do { try json.write(toFile: path, atomically: true, encoding: .utf8) } catch { fail("cannot write \(path): \(error)") }
    print("\nwrote \(path)")
}
