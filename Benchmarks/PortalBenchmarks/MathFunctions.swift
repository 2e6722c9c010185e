#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Benchmarking) import Portal

/// math/…: Portal's own elementary functions (`PortalMath`, no C library) over n arguments per
/// tick, against the same calls to the C library (reference/libc-…). The arguments are the
/// ranges Portal's animations use (spring exponents, angles in radians, ratios), plus huge ones
/// for sin (`math/sin-huge`: the Payne–Hanek reduction). ns/item is one call. These run at
/// animation starts and per rotated view, not per lane per tick: the tick benchmarks' callgrind
/// counts are the figures that must not move (Benchmarks/RESULTS.md).
final class MathCalls: Scenario {
    enum Function: String, CaseIterable {
        case exp, log, sin, cos, sinHuge = "sin-huge", sinf, cosf, atan2f
    }

    let function: Function
    let libc: Bool
    let n: Int
    var name: String { libc ? "reference/libc-\(function.rawValue)" : "math/\(function.rawValue)" }
    var itemsPerTick: Int { n }
    private var doubles: [Double] = []
    private var floats: [Float] = []
    private(set) var sum = 0.0

    init(_ function: Function, libc: Bool, n: Int) {
        self.function = function
        self.libc = libc
        self.n = n
    }

    func setUp() throws {
        var rng = SplitMix(seed: 36)
        func unit() -> Double { Double(rng.next() >> 11) * 0x1p-53 }
        switch function {
        case .exp: doubles = (0..<n).map { _ in -60 * unit() }
        case .log: doubles = (0..<n).map { _ in 1e-3 + 1e3 * unit() }
        case .sin, .cos: doubles = (0..<n).map { _ in 100 * unit() - 50 }
        case .sinHuge: doubles = (0..<n).map { _ in Double(sign: .plus, exponent: 21 + Int(unit() * 1000), significand: 1 + unit()) }
        case .sinf, .cosf: floats = (0..<n).map { _ in Float(4 * Double.pi * unit() - 2 * Double.pi) }
        case .atan2f: floats = (0..<2 * n).map { _ in Float(2 * unit() - 1) }
        }
    }

    func runTick() {
        var s = 0.0
        switch (function, libc) {
        case (.exp, false): for x in doubles { s += PortalMathBenchmarking.exp(x) }
        case (.exp, true): for x in doubles { s += exp(x) }
        case (.log, false): for x in doubles { s += PortalMathBenchmarking.log(x) }
        case (.log, true): for x in doubles { s += log(x) }
        case (.sin, false), (.sinHuge, false): for x in doubles { s += PortalMathBenchmarking.sin(x) }
        case (.sin, true), (.sinHuge, true): for x in doubles { s += sin(x) }
        case (.cos, false): for x in doubles { s += PortalMathBenchmarking.cos(x) }
        case (.cos, true): for x in doubles { s += cos(x) }
        case (.sinf, false): for x in floats { s += Double(PortalMathBenchmarking.sin(x)) }
        case (.sinf, true): for x in floats { s += Double(sinf(x)) }
        case (.cosf, false): for x in floats { s += Double(PortalMathBenchmarking.cos(x)) }
        case (.cosf, true): for x in floats { s += Double(cosf(x)) }
        case (.atan2f, false): for i in 0..<n { s += Double(PortalMathBenchmarking.atan2(floats[2 * i], floats[2 * i + 1])) }
        case (.atan2f, true): for i in 0..<n { s += Double(atan2f(floats[2 * i], floats[2 * i + 1])) }
        }
        sum = s
        blackHole(s)
    }

    /// Portal's results against the C library's on a sample of the arguments: at most 1 ulp
    /// apart (both are within 1 ulp of the exact value and nearly always correctly rounded).
    func verify() throws {
        func check(_ ours: Double, _ theirs: Double, _ x: String) throws {
            guard abs(ours - theirs) <= theirs.ulp else {
                throw BenchmarkFailure(description: "\(name): \(ours) against the C library's \(theirs) at \(x)")
            }
        }
        func checkFloat(_ ours: Float, _ theirs: Float, _ x: String) throws {
            guard abs(ours - theirs) <= theirs.ulp else {
                throw BenchmarkFailure(description: "\(name): \(ours) against the C library's \(theirs) at \(x)")
            }
        }
        for i in stride(from: 0, to: n, by: max(1, n / 100)) {
            switch function {
            case .exp: try check(PortalMathBenchmarking.exp(doubles[i]), exp(doubles[i]), "\(doubles[i])")
            case .log: try check(PortalMathBenchmarking.log(doubles[i]), log(doubles[i]), "\(doubles[i])")
            case .sin, .sinHuge: try check(PortalMathBenchmarking.sin(doubles[i]), sin(doubles[i]), "\(doubles[i])")
            case .cos: try check(PortalMathBenchmarking.cos(doubles[i]), cos(doubles[i]), "\(doubles[i])")
            case .sinf: try checkFloat(PortalMathBenchmarking.sin(floats[i]), sinf(floats[i]), "\(floats[i])")
            case .cosf: try checkFloat(PortalMathBenchmarking.cos(floats[i]), cosf(floats[i]), "\(floats[i])")
            case .atan2f:
                let y = floats[2 * i], x = floats[2 * i + 1]
                try checkFloat(PortalMathBenchmarking.atan2(y, x), atan2f(y, x), "(\(y), \(x))")
            }
        }
    }
}

/// A small seeded generator (SplitMix64), so that every run times the same arguments.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
