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
}

extension Scenario {
    func prepareTick() {}
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
    var samplesNanoseconds: [Double] = []

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }

    func percentile(_ p: Double) -> Double {
        let sorted = samplesNanoseconds.sorted()
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

/// Times one tick of each scenario in turn, interleaved, so that a noisy neighbour on this
/// shared machine hurts every scenario of the group alike and the ratios stay meaningful.
func measureInterleaved(_ scenarios: [Scenario], warmup: Int, samples: Int) throws -> [Measurement] {
    let clock = ContinuousClock()
    for scenario in scenarios { try scenario.setUp() }
    for _ in 0..<warmup {
        for scenario in scenarios {
            scenario.prepareTick()
            scenario.runTick()
        }
    }
    var measurements = scenarios.map { Measurement(name: $0.name, n: $0.n, itemsPerTick: $0.itemsPerTick) }
    for _ in 0..<samples {
        for (i, scenario) in scenarios.enumerated() {
            scenario.prepareTick()
            let start = clock.now
            scenario.runTick()
            measurements[i].samplesNanoseconds.append(nanoseconds(clock.now - start))
        }
    }
    for scenario in scenarios { try scenario.verify() }
    return measurements
}
