import Portal

// The honest floors: how fast the interpolation could possibly go on this machine.
//
// `reference/flat-simd` is the fastest plain loop we could write for the interpolation
// scenarios' job — six lanes per view, each advanced by the spring step
// value' = target + (xx·d + xv·v), v' = vx·d + vv·v, with each view's own step matrix — on
// contiguous arrays, four lanes per SIMD register, with no indirection at all.
// `reference/bandwidth-triad` and `-update` are STREAM-style triads over arrays far larger than
// the last-level cache: what the memory system delivers to one core, measured in the same process.

/// The fastest plain loop for six spring lanes per view: value, velocity and target in three
/// contiguous columns (6 floats per view), one step matrix per view beside them. Two views (12
/// lanes, 3 registers) per iteration, each register's coefficients taken from its views' matrices.
final class SIMDFloor: Scenario {
    let n: Int
    var name: String { "reference/flat-simd" }
    var itemsPerTick: Int { n }
    private var value: [Float] = []
    private var velocity: [Float] = []
    private var target: [Float] = []
    private var matrix: [SIMD4<Float>] = []
    private var tick = 0

    /// Bytes one tick moves per view: six lanes × (value and velocity read and written, target
    /// read) plus the view's 16-byte matrix.
    static let bytesPerView = 6 * (4 * 4 + 4) + 16

    init(n: Int) { self.n = n }

    func setUp() throws {
        let spring = Workload.spring, step = Workload.step
        let phi = SIMD4<Float>(Float(spring.value(target: -1, time: step) + 1), Float(spring.value(target: 0, initialVelocity: 1, time: step)),
                               Float(spring.velocity(target: -1, time: step)), Float(spring.velocity(target: 0, initialVelocity: 1, time: step)))
        value = []; velocity = []; target = []
        value.reserveCapacity(6 * n); velocity.reserveCapacity(6 * n); target.reserveCapacity(6 * n)
        for i in 0..<n {
            let (from, to) = Workload.numbers(i)
            value += from
            target += to
            velocity += [Float](repeating: 0, count: 6)
        }
        matrix = Array(repeating: phi, count: n)
        tick = 0
        runTick()
    }

    func runTick() {
        tick += 1
        let n = self.n
        value.withUnsafeMutableBufferPointer { value in
            velocity.withUnsafeMutableBufferPointer { velocity in
                target.withUnsafeBufferPointer { target in
                    matrix.withUnsafeBufferPointer { matrix in
                        guard let x = UnsafeMutableRawPointer(value.baseAddress), let v = UnsafeMutableRawPointer(velocity.baseAddress),
                              let goals = UnsafeRawPointer(target.baseAddress) else { return }
                        @inline(__always)
                        func step(_ offset: Int, _ xx: SIMD4<Float>, _ xv: SIMD4<Float>, _ vx: SIMD4<Float>, _ vv: SIMD4<Float>) {
                            let goal = goals.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                            let d = x.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) - goal
                            let speed = v.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                            x.storeBytes(of: goal + (xx * d + xv * speed), toByteOffset: offset, as: SIMD4<Float>.self)
                            v.storeBytes(of: vx * d + vv * speed, toByteOffset: offset, as: SIMD4<Float>.self)
                        }
                        var view = 0
                        while view &+ 2 <= n {
                            let a = matrix[view], b = matrix[view &+ 1]
                            let offset = view &* 24    // 6 floats of 4 bytes per view
                            step(offset, SIMD4(repeating: a.x), SIMD4(repeating: a.y), SIMD4(repeating: a.z), SIMD4(repeating: a.w))
                            step(offset &+ 16, SIMD4(a.x, a.x, b.x, b.x), SIMD4(a.y, a.y, b.y, b.y),
                                 SIMD4(a.z, a.z, b.z, b.z), SIMD4(a.w, a.w, b.w, b.w))
                            step(offset &+ 32, SIMD4(repeating: b.x), SIMD4(repeating: b.y), SIMD4(repeating: b.z), SIMD4(repeating: b.w))
                            view &+= 2
                        }
                        if view < n {
                            let k = matrix[view]
                            for lane in view * 6..<view * 6 + 6 {
                                let goal = target[lane]
                                let d = value[lane] - goal, s = velocity[lane]
                                value[lane] = goal + (k.x * d + k.y * s)
                                velocity[lane] = k.z * d + k.w * s
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
                               expected: Workload.expectedX(i, motion: .spring, steps: tick), tolerance: 0.02)
        }
    }
}

/// A STREAM-style triad over arrays of 2²⁵ floats (128 MiB each, 4 times the 32 MiB last-level
/// cache): one tick is one pass. Two shapes, so that the bandwidth is not understated for a
/// loop that updates its columns in place, as the lane step does:
/// - *triad*, a[i] = b[i] + s·c[i]: 16 bytes per element cross the memory bus (b, c and the
///   write-allocate read of a's line, then a written back);
/// - *update*, a[i] = a[i] + s·b[i]: 12 bytes (a and b read, a written back), the lane step's shape.
/// The shares of bandwidth use the faster of the two.
final class BandwidthProbe: Scenario {
    let n: Int
    let inPlace: Bool
    var name: String { inPlace ? "reference/bandwidth-update" : "reference/bandwidth-triad" }
    var itemsPerTick: Int { n }
    private var a: [Float] = []
    private var b: [Float] = []
    private var c: [Float] = []
    private var passes = 0

    var bytesPerElement: Int { inPlace ? 12 : 16 }

    init(inPlace: Bool, n: Int = 1 << 25) {
        self.inPlace = inPlace
        self.n = n
    }

    func setUp() throws {
        a = inPlace ? (0..<n).map { Float($0 & 1023) } : [Float](repeating: 0, count: n)
        b = inPlace ? [Float](repeating: 1, count: n) : (0..<n).map { Float($0 & 1023) }
        c = inPlace ? [] : [Float](repeating: 1, count: n)
        passes = 0
    }

    func runTick() {
        passes += 1
        let s = Float(passes)
        let inPlace = self.inPlace
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeBufferPointer { c in
                    guard let out = UnsafeMutableRawPointer(a.baseAddress), let first = UnsafeRawPointer(b.baseAddress) else { return }
                    let left = inPlace ? UnsafeRawPointer(out) : first
                    guard let right = inPlace ? first : UnsafeRawPointer(c.baseAddress) else { return }
                    var offset = 0
                    let end = a.count &* 4
                    while offset &+ 32 <= end {
                        let x = left.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                        let y = right.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                        out.storeBytes(of: x + s * y, toByteOffset: offset, as: SIMD8<Float>.self)
                        offset &+= 32
                    }
                }
            }
        }
    }

    func verify() throws {
        // triad: a = b + passes·1 (the last pass); update: a = a₀ + (1 + 2 + … + passes)·1.
        for i in [0, n / 3, n - 1] {
            let expected = Float(i & 1023) + Float(inPlace ? passes * (passes + 1) / 2 : passes)
            guard a[i] == expected else { throw BenchmarkFailure(description: "\(name): a[\(i)] is \(a[i]), expected \(expected)") }
        }
    }

    /// Gigabytes per second (10⁹ bytes) crossing the memory bus in a median pass.
    func gigabytesPerSecond(_ m: Measurement) -> Double { Double(m.n * bytesPerElement) / m.median }
}

/// Bytes one tick of an interpolation scenario moves per view from memory: six lanes × (value
/// and velocity read and written, target read) and the lanes' block tags (4 bytes per four
/// lanes). The scenarios' timings all read one coefficient row — a spring's is shared by every
/// timing with its matrix, a curve's by every timing started on the same tick with the same
/// curve and duration — which stays in the L1 cache, and every block of four lanes reads that
/// one row, so no lane's row index is read.
func interpolationBytesPerView() -> Int {
    6 * (4 * 4 + 4) + 6
}

/// The floor ratios for one n: each interpolation scenario against `reference/flat-simd`, and,
/// given the bandwidth, its share of what the memory bus delivers.
func floorRatios(_ portal: Measurement, motion: Motion, floor: Measurement, gigabytesPerSecond: Double?) -> [(String, Double, String)] {
    var ratios = [("\(portal.name) ÷ reference/flat-simd", portal.median / floor.median, "n = \(portal.n), target ≤ 1.3×")]
    if let bandwidth = gigabytesPerSecond {
        let portalRate = Double(interpolationBytesPerView() * portal.n) / portal.median
        let floorRate = Double(SIMDFloor.bytesPerView * floor.n) / floor.median
        ratios.append(("\(portal.name) share of bandwidth", portalRate / bandwidth,
                       "n = \(portal.n): \(interpolationBytesPerView()) B/view at \(fixed(portalRate, 1)) GB/s of \(fixed(bandwidth, 1)) GB/s"))
        if motion == .spring {
            ratios.append(("reference/flat-simd share of bandwidth", floorRate / bandwidth,
                           "n = \(floor.n): \(SIMDFloor.bytesPerView) B/view at \(fixed(floorRate, 1)) GB/s"))
        }
    }
    return ratios
}
