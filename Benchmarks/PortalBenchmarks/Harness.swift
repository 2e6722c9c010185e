import Portal

// Timing, statistics and reporting. Setup stays outside the timed region; results are checked
// before they are reported, and consumed through `blackHole` so the optimiser cannot drop them.

/// One benchmark: set up once, then run ticks; `verify` proves the work was real.
protocol Scenario: AnyObject {
    var name: String { get }
    var n: Int { get }
    /// Items processed per tick, for the ns-per-item figure (views, operations…).
    var itemsPerTick: Int { get }
    func setUp() throws
    /// The host's work before a tick (API calls, reading events): run outside the timed region,
    /// so that a sample is the tick alone.
    func prepareTick()
    func runTick()
    /// Throws when the scenario's state is not what the work should have produced.
    func verify() throws
    /// The world whose full ticks `runTick` runs, for `--phases` to time phase by phase; `nil`
    /// for scenarios that run part of a tick or no world at all.
    var fullTickWorld: World? { get }
}

extension Scenario {
    func prepareTick() {}
    var fullTickWorld: World? { nil }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The measured ticks of one scenario.
struct Measurement {
    let name: String
    let n: Int
    let itemsPerTick: Int
    /// Every tick of a turn but the first: the scenario running in its own steady state.
    var samplesNanoseconds: [Double] = []
    /// The first tick of each turn, right after another scenario of the group ran (and evicted
    /// the caches); empty for a group of one.
    var coldSamplesNanoseconds: [Double] = []

    var median: Double { Measurement.percentile(0.5, of: samplesNanoseconds) }
    var p99: Double { Measurement.percentile(0.99, of: samplesNanoseconds) }
    var coldMedian: Double { Measurement.percentile(0.5, of: coldSamplesNanoseconds) }

    static func percentile(_ p: Double, of samples: [Double]) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
        return sorted[index]
    }

    var medianNanosecondsPerItem: Double { median / Double(max(1, itemsPerTick)) }
    var medianMillisecondsPerTick: Double { median / 1e6 }
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Times the scenarios of a group in turns of `turn` consecutive ticks each, so that a noisy
/// neighbour on this shared machine hurts every scenario of the group alike and the ratios stay
/// meaningful, while each scenario is still measured the way a frame loop runs it: tick after
/// tick, its data where the last tick left it. The first tick of a turn follows the other
/// scenarios' work, which evicts the caches; it is kept apart as the cold sample.
func measureInterleaved(_ scenarios: [Scenario], warmup: Int, samples: Int, turn: Int = 10) throws -> [Measurement] {
    let clock = ContinuousClock()
    for scenario in scenarios { try scenario.setUp() }
    for _ in 0..<warmup {
        for scenario in scenarios {
            scenario.prepareTick()
            scenario.runTick()
        }
    }
    var measurements = scenarios.map { Measurement(name: $0.name, n: $0.n, itemsPerTick: $0.itemsPerTick) }
    let turn = max(2, turn)
    var taken = 0
    while taken < samples {
        let length = min(turn, samples - taken)
        for (i, scenario) in scenarios.enumerated() {
            for tick in 0..<length {
                scenario.prepareTick()
                let start = clock.now
                scenario.runTick()
                let elapsed = nanoseconds(clock.now - start)
                if tick == 0 && scenarios.count > 1 {
                    measurements[i].coldSamplesNanoseconds.append(elapsed)
                } else {
                    measurements[i].samplesNanoseconds.append(elapsed)
                }
            }
        }
        taken += length
    }
    for scenario in scenarios { try scenario.verify() }
    return measurements
}
