// Portal's own math: the few transcendental functions the library uses (e^x, ln x, sin, cos in
// Double; sin, cos, atan2 in Float), written in Swift from the standard library alone, so that
// the library needs no C math library and gives the same bits on every platform and in both
// build modes (normal and Embedded Swift).
//
// The algorithms are the published ones of Sun's fdlibm (as kept by FreeBSD's msun and musl),
// re-derived here rather than translated line by line:
//
// - exp: x = k·ln2 + r with |r| ≤ ln2/2 (ln2 split into a 32-bit head, so k·ln2_hi is exact, and
//   a tail); e^r = 1 + r + r·c/(2 − c), c = r − r²·P(r²), P the fdlibm degree-5 Remez fit of
//   r·(e^r + 1)/(e^r − 1) (error ≤ 2^-59); then scaled by 2^k, through 2^-1000 for subnormal
//   results so that they are rounded once.
// - log: x = 2^k·(1 + f) with √2/2 < 1 + f < √2; with s = f/(2 + f), ln(1 + f) = 2s + s·R(s²),
//   R the fdlibm degree-14 even Remez fit (error ≤ 2^-58.45); k·ln2 added as head and tail.
// - sin, cos (Double): reduction to y = x − n·π/2 as a head and a tail, then fdlibm's kernels
//   on |y| ≤ π/4 (degree-13 odd and degree-14 even fits, error ≤ 2^-58) picked by n mod 4.
//   The reduction is Cody–Waite for |x| < 2^20 (π/2 in three 33-bit pieces, so n·piece is
//   exact, the later pieces used only when the first ones cancel), and Payne–Hanek above:
//   only the 192 bits of 2/π that matter for x's exponent (the earlier ones give multiples of
//   4, the later ones less than 2^-137) are multiplied by x's 53-bit significand in integer
//   arithmetic, which leaves n mod 4 and a 190-bit fraction; the fraction is normalised and
//   multiplied by a 128-bit π/2, also in integers. The nearest a double comes to a multiple
//   of π/2 is about 2^-61 (x = 6381956970095103·2^797), so this keeps more than 70 good bits
//   of y in every case.
// - sin, cos (Float): the same reduction done in Double (Cody–Waite with a 25-bit π/2 head
//   up to 2^28·π/2, Payne–Hanek above) and fdlibm's float kernels (__sindf/__cosdf, fits of
//   error ≤ 2^-37.5 and 2^-34.1) evaluated in Double, rounded to Float once at the end.
// - atan2 (Float): done in Double and rounded once: the quotient |y/x| of two floats is exact
//   to 2^-53 and never overflows a Double, fdlibm's double atan (reduction to one of five
//   intervals around 0, 1/2, 1, 3/2, ∞ and a degree-22 odd fit) gives it to < 1 Double ulp,
//   and the quadrant is applied with π split into a head and a tail.
//
// Accuracy, measured against correctly rounded values computed with mpmath
// (scripts/generate-math-references.py, Tests/PortalTests/MathReferences/references.txt,
// MathAccuracyTests) on random samples over the whole domain and the hard cases (huge
// arguments, the worst cases for the reduction, subnormals, the overflow and underflow edges
// of exp, log near 1): see the table in Documentation/Design/Math.md. Every function
// is within 1 ulp of the correctly rounded result; the Float ones are correctly rounded except
// in rare halfway-near cases (their Double intermediates carry ~29 bits more than needed).
//
// Everything here is plain arithmetic on the standard library's Double, Float and fixed-width
// integers: no C, no FMA (which would be a libm call on targets without the instruction), no
// `rounded()` (a call to `rint` on baseline x86-64): rounding to an integer uses the
// 1.5·2^52 trick, scaling by 2^k builds the power of two from its bits. Round-to-nearest is
// assumed (Swift has no other rounding mode).

/// Portal's own elementary functions: see the file header for the algorithms and their
/// measured accuracy. All are within 1 ulp of the correctly rounded result over their whole
/// domain and give the same bits on every platform.
enum PortalMath {

    // MARK: - exp

    /// e^x, within 1 ulp of the correctly rounded result. exp(+∞) = +∞, exp(−∞) = 0,
    /// exp(NaN) = NaN; overflows to +∞ above 709.78, underflows to 0 below −745.13.
    static func exp(_ x: Double) -> Double {
        let bits = x.bitPattern
        let high = UInt32(truncatingIfNeeded: bits >> 32) & 0x7fff_ffff
        let negative = x.sign == .minus
        if high >= 0x4086_2E42 {   // |x| ≥ 709.78…: specials and the overflow and underflow edges
            if x.isNaN { return x + x }
            if x.isInfinite { return negative ? 0 : x }
            if x > 7.09782712893383973096e+02 { return .infinity }
            if x < -7.45133219101941108420e+02 { return 0 }
        }
        var k = 0
        var hi = x, lo = 0.0
        if high > 0x3FD6_2E42 {   // |x| > ln2/2: reduce
            if high < 0x3FF0_A2B2 {   // and |x| < 1.5·ln2: k = ±1
                k = negative ? -1 : 1
            } else {
                k = Int(invLn2 * x + (negative ? -0.5 : 0.5))   // truncation: k = round(x/ln2)
            }
            let dk = Double(k)
            hi = x - dk * ln2Hi   // exact: k has ≤ 11 bits, ln2Hi 32
            lo = dk * ln2Lo
        } else if high < 0x3E30_0000 {   // |x| < 2^-28: e^x rounds to 1 + x
            return 1 + x
        }
        let r = hi - lo
        let t = r * r
        let c = r - t * (expP1 + t * (expP2 + t * (expP3 + t * (expP4 + t * expP5))))
        if k == 0 { return 1 - ((r * c) / (c - 2) - r) }
        let y = 1 - ((lo - (r * c) / (2 - c)) - hi)
        if k >= -1021 {
            if k == 1024 { return y * 2 * powerOfTwo(1023) }
            return y * powerOfTwo(k)
        }
        // A subnormal result: scale in two steps so that only the last one rounds.
        return y * powerOfTwo(k + 1000) * powerOfTwo(-1000)
    }

    // MARK: - log

    /// The natural logarithm, within 1 ulp of the correctly rounded result. log(±0) = −∞,
    /// log(x < 0) = NaN, log(+∞) = +∞, log(NaN) = NaN, log(1) = +0.
    static func log(_ x: Double) -> Double {
        var x = x
        var high = Int32(truncatingIfNeeded: Int64(bitPattern: x.bitPattern) >> 32)
        var low = UInt32(truncatingIfNeeded: x.bitPattern)
        var k: Int32 = 0
        if high < 0x0010_0000 {   // x < 2^-1022: zero, negative or subnormal
            if (UInt32(bitPattern: high) & 0x7fff_ffff) | low == 0 { return -.infinity }
            if high < 0 { return .nan }
            k -= 54
            x *= 0x1p54   // a subnormal scaled into the normal range, exactly
            high = Int32(truncatingIfNeeded: Int64(bitPattern: x.bitPattern) >> 32)
            low = UInt32(truncatingIfNeeded: x.bitPattern)
        }
        if high >= 0x7FF0_0000 { return x + x }   // +∞ or NaN
        k += (high >> 20) - 1023
        var fractionHigh = high & 0x000F_FFFF
        // Pick the exponent 0 or −1 so that the significand lands in (√2/2, √2).
        let i = (fractionHigh + 0x95F64) & 0x10_0000
        let scaledHigh = UInt64(UInt32(bitPattern: fractionHigh | (i ^ 0x3FF0_0000)))
        x = Double(bitPattern: scaledHigh << 32 | UInt64(low))
        k += i >> 20
        let f = x - 1
        let dk = Double(k)
        if (0x000F_FFFF & (2 + fractionHigh)) < 3 {   // |f| < 2^-20: a short series
            if f == 0 { return k == 0 ? 0 : dk * ln2Hi + dk * ln2Lo }
            let r = f * f * (0.5 - 0.33333333333333333 * f)
            if k == 0 { return f - r }
            return dk * ln2Hi - ((r - dk * ln2Lo) - f)
        }
        let s = f / (2 + f)
        let z = s * s
        let w = z * z
        let t1 = w * (logLg2 + w * (logLg4 + w * logLg6))
        let t2 = z * (logLg1 + w * (logLg3 + w * (logLg5 + w * logLg7)))
        let r = t2 + t1
        fractionHigh &= 0x000F_FFFF
        let far = (fractionHigh - 0x6147A) | (0x6B851 - fractionHigh)
        if far > 0 {   // f far from 0: keep f²/2 apart for accuracy
            let hfsq = 0.5 * f * f
            if k == 0 { return f - (hfsq - s * (hfsq + r)) }
            return dk * ln2Hi - ((hfsq - (s * (hfsq + r) + dk * ln2Lo)) - f)
        }
        if k == 0 { return f - s * (f - r) }
        return dk * ln2Hi - ((s * (f - r) - dk * ln2Lo) - f)
    }

    // MARK: - sin, cos (Double)

    /// The sine, within 1 ulp of the correctly rounded result for every finite argument
    /// (however large). sin(±0) = ±0, sin(±∞) = sin(NaN) = NaN.
    static func sin(_ x: Double) -> Double {
        let high = UInt32(truncatingIfNeeded: x.bitPattern >> 32) & 0x7fff_ffff
        if high <= 0x3FE9_21FB {   // |x| ≲ π/4
            if high < 0x3E50_0000 { return x }   // |x| < 2^-26: sin x rounds to x (and keeps −0)
            return sinKernel(x, 0)
        }
        if high >= 0x7FF0_0000 { return x - x }   // ±∞ or NaN: NaN
        let (n, y0, y1) = reduceHalfPi(x)
        switch n & 3 {
        case 0: return sinKernel(y0, y1)
        case 1: return cosKernel(y0, y1)
        case 2: return -sinKernel(y0, y1)
        default: return -cosKernel(y0, y1)
        }
    }

    /// The cosine, within 1 ulp of the correctly rounded result for every finite argument
    /// (however large). cos(±0) = 1, cos(±∞) = cos(NaN) = NaN.
    static func cos(_ x: Double) -> Double {
        let high = UInt32(truncatingIfNeeded: x.bitPattern >> 32) & 0x7fff_ffff
        if high <= 0x3FE9_21FB {   // |x| ≲ π/4
            if high < 0x3E46_A09E { return 1 }   // |x| < 2^-27·√2: cos x rounds to 1
            return cosKernel(x, 0)
        }
        if high >= 0x7FF0_0000 { return x - x }
        let (n, y0, y1) = reduceHalfPi(x)
        switch n & 3 {
        case 0: return cosKernel(y0, y1)
        case 1: return -sinKernel(y0, y1)
        case 2: return -cosKernel(y0, y1)
        default: return sinKernel(y0, y1)
        }
    }

    /// sin(x + y) for |x| ≤ π/4 and y a tail below half an ulp of x: x + x³·S(x²), the odd
    /// degree-13 fit, with the first-order correction for y (sin′ ≈ 1 − x²/2).
    @inline(__always)
    static func sinKernel(_ x: Double, _ y: Double) -> Double {
        let z = x * x
        let w = z * z
        let r = sinS2 + z * (sinS3 + z * sinS4) + z * w * (sinS5 + z * sinS6)
        let v = z * x
        if y == 0 { return x + v * (sinS1 + z * r) }
        return x - ((z * (0.5 * y - v * r) - y) - v * sinS1)
    }

    /// cos(x + y) for |x| ≤ π/4 and y a tail: 1 − x²/2 + x⁴·C(x²), the even degree-14 fit,
    /// with 1 − x²/2 carried as a head and its exact rounding error, and the correction −x·y.
    @inline(__always)
    static func cosKernel(_ x: Double, _ y: Double) -> Double {
        let z = x * x
        let w = z * z
        let r = z * (cosC1 + z * (cosC2 + z * cosC3)) + w * w * (cosC4 + z * (cosC5 + z * cosC6))
        let hz = 0.5 * z
        let head = 1 - hz
        return head + (((1 - head) - hz) + (z * r - x * y))
    }

    /// x − n·π/2 = y0 + y1 with |y0 + y1| ≤ π/4 (a little more for the Cody–Waite range) and
    /// y1 below half an ulp of y0; n returned whole (only n mod 4 matters to the callers).
    /// x finite, |x| > π/4.
    static func reduceHalfPi(_ x: Double) -> (n: Int, y0: Double, y1: Double) {
        let high = UInt32(truncatingIfNeeded: x.bitPattern >> 32) & 0x7fff_ffff
        if high < 0x4130_0000 {   // |x| < 2^20: Cody–Waite, n < 2^20 so n·(33-bit piece) is exact
            let fn = (x * invHalfPi + toInteger) - toInteger   // x·2/π rounded to an integer
            let n = Int(fn)
            var r = x - fn * halfPi1
            var w = fn * halfPi1Tail
            var y0 = r - w
            let exponent = Int(high >> 20)
            // When the first piece cancelled many bits, subtract the next piece exactly too.
            if exponent - Int((y0.bitPattern >> 52) & 0x7ff) > 16 {
                let t = r
                w = fn * halfPi2
                r = t - w
                w = fn * halfPi2Tail - ((t - r) - w)
                y0 = r - w
                if exponent - Int((y0.bitPattern >> 52) & 0x7ff) > 49 {
                    let t = r
                    w = fn * halfPi3
                    r = t - w
                    w = fn * halfPi3Tail - ((t - r) - w)
                    y0 = r - w
                }
            }
            return (n, y0, (r - y0) - w)
        }
        return reduceHalfPiLarge(x)
    }

    /// Payne–Hanek reduction for finite |x| ≥ 2^20: see the file header.
    static func reduceHalfPiLarge(_ x: Double) -> (n: Int, y0: Double, y1: Double) {
        let bits = x.bitPattern
        let e = Int((bits >> 52) & 0x7ff) - 1023          // |x| = m·2^(e−52)
        let m = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000
        // Bit i of 2/π (weight 2^-i) sits at bit position i + 63 of the table (word 0 is
        // zeros for the integer bits). Bits i ≤ e − 54 only add multiples of 4 to x·2/π, so
        // the 192-bit window starts at i = e − 53.
        let start = e - 53 + 63
        let word = start >> 6, shift = start & 63
        @inline(__always) func window(_ j: Int) -> UInt64 {
            let a = twoOverPiBits[word + j]
            if shift == 0 { return a }
            return a << UInt64(shift) | twoOverPiBits[word + j + 1] >> UInt64(64 - shift)
        }
        let w0 = window(0), w1 = window(1), w2 = window(2)
        // m × (w0:w1:w2), 256 bits; its lowest 190 bits are the fraction of x·2/π (mod 4).
        let p2 = m.multipliedFullWidth(by: w2)
        let p1 = m.multipliedFullWidth(by: w1)
        let p0 = m.multipliedFullWidth(by: w0)
        let r3 = p2.low
        let (r2, c2) = p1.low.addingReportingOverflow(p2.high)
        // (The carries out of this word go to the top one, which only adds multiples of 4.)
        let r1 = p0.low &+ p1.high &+ (c2 ? 1 : 0)
        var n = Int(r1 >> 62)
        // The fraction in [0, 1) as a 192-bit fixed point f1:f2:f3.
        var f1 = r1 << 2 | r2 >> 62
        var f2 = r2 << 2 | r3 >> 62
        var f3 = r3 << 2
        var negative = false
        if f1 >> 63 != 0 {   // fraction ≥ 1/2: round n up, y = −(1 − fraction)·π/2
            n += 1
            negative = true
            f1 = ~f1; f2 = ~f2; f3 = ~f3
            var carry: Bool
            (f3, carry) = f3.addingReportingOverflow(1)
            if carry { (f2, carry) = f2.addingReportingOverflow(1) }
            if carry { f1 &+= 1 }
        }
        // Normalise: at most ~62 leading zeros can occur for a double (see the file header);
        // handle a whole zero word anyway.
        var leading = 0
        if f1 == 0 { f1 = f2; f2 = f3; f3 = 0; leading += 64 }
        if f1 == 0 { f1 = f2; f2 = 0; leading += 64 }
        if f1 == 0 { return (n, 0, 0) }   // unreachable for doubles: no multiple of π/2 is a double
        let lz = f1.leadingZeroBitCount
        if lz != 0 {
            f1 = f1 << UInt64(lz) | f2 >> UInt64(64 - lz)
            f2 = f2 << UInt64(lz) | f3 >> UInt64(64 - lz)
        }
        leading += lz
        // fraction ≈ (f1:f2)·2^(−128−leading); times π/2 = C·2^−127, C = π/4·2^128.
        let a = f1.multipliedFullWidth(by: halfPiHigh)
        let b = f1.multipliedFullWidth(by: halfPiLow)
        let c = f2.multipliedFullWidth(by: halfPiHigh)
        var (mid, o1) = a.low.addingReportingOverflow(b.high)
        var o2: Bool
        (mid, o2) = mid.addingReportingOverflow(c.high)
        var top = a.high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        // (top:mid)·2^(−127−leading) ≈ y, top ≥ 2^62. Normalise to top ≥ 2^63.
        var scale = -127 - leading
        if top >> 63 == 0 {
            top = top << 1 | mid >> 63
            mid <<= 1
            scale -= 1
        }
        // Head: the top 53 bits exactly; tail: the remaining 75, rounded.
        let head = Double(top >> 11) * powerOfTwo(scale + 75)
        let tail = (Double(top & 0x7FF) * 0x1p64 + Double(mid)) * powerOfTwo(scale)
        var y0 = head + tail
        var y1 = tail - (y0 - head)
        if negative { y0 = -y0; y1 = -y1 }
        if x.sign == .minus { return (-n, -y0, -y1) }
        return (n, y0, y1)
    }

    // MARK: - sin, cos (Float)

    /// The sine of a Float, within 1 ulp of the correctly rounded result for every finite
    /// argument. sin(±0) = ±0, sin(±∞) = sin(NaN) = NaN.
    static func sin(_ x: Float) -> Float {
        let ix = x.bitPattern & 0x7fff_ffff
        if ix <= 0x3F49_0FDA {   // |x| ≲ π/4
            if ix < 0x3980_0000 { return x }   // |x| < 2^-12: sin x rounds to x (and keeps −0)
            return Float(sinKernelF(Double(x)))
        }
        if ix >= 0x7F80_0000 { return x - x }
        let (n, y) = reduceHalfPiF(x)
        switch n & 3 {
        case 0: return Float(sinKernelF(y))
        case 1: return Float(cosKernelF(y))
        case 2: return Float(-sinKernelF(y))
        default: return Float(-cosKernelF(y))
        }
    }

    /// The cosine of a Float, within 1 ulp of the correctly rounded result for every finite
    /// argument. cos(±0) = 1, cos(±∞) = cos(NaN) = NaN.
    static func cos(_ x: Float) -> Float {
        let ix = x.bitPattern & 0x7fff_ffff
        if ix <= 0x3F49_0FDA {
            if ix < 0x3980_0000 { return 1 }   // |x| < 2^-12: cos x rounds to 1
            return Float(cosKernelF(Double(x)))
        }
        if ix >= 0x7F80_0000 { return x - x }
        let (n, y) = reduceHalfPiF(x)
        switch n & 3 {
        case 0: return Float(cosKernelF(y))
        case 1: return Float(-sinKernelF(y))
        case 2: return Float(-cosKernelF(y))
        default: return Float(sinKernelF(y))
        }
    }

    /// fdlibm's float sine kernel on |x| ≤ π/4, in Double: |sin(x)/x − s(x)| < 2^-37.5.
    @inline(__always)
    static func sinKernelF(_ x: Double) -> Double {
        let z = x * x
        let w = z * z
        let r = sinfS3 + z * sinfS4
        let s = z * x
        return (x + s * (sinfS1 + z * sinfS2)) + s * w * r
    }

    /// fdlibm's float cosine kernel on |x| ≤ π/4, in Double: |cos(x) − c(x)| < 2^-34.1.
    @inline(__always)
    static func cosKernelF(_ x: Double) -> Double {
        let z = x * x
        let w = z * z
        let r = cosfC2 + z * cosfC3
        return ((1 + z * cosfC0) + w * cosfC1) + (w * z) * r
    }

    /// x − n·π/2 in Double for a finite Float |x| > π/4: Cody–Waite with a 25-bit head of π/2
    /// (n·head exact for n < 2^28) below 2^28·π/2, Payne–Hanek above.
    static func reduceHalfPiF(_ x: Float) -> (n: Int, y: Double) {
        let ix = x.bitPattern & 0x7fff_ffff
        let xd = Double(x)
        if ix < 0x4DC9_0FDB {
            let fn = (xd * invHalfPi + toInteger) - toInteger
            return (Int(fn), xd - fn * halfPiF1 - fn * halfPiF1Tail)
        }
        let (n, y0, y1) = reduceHalfPiLarge(xd)
        return (n, y0 + y1)
    }

    // MARK: - atan2 (Float)

    /// The angle of the point (x, y) from the positive x axis, in (−π, π], within 1 ulp of
    /// the correctly rounded result. The special cases are C's: atan2(±0, +0) = ±0,
    /// atan2(±0, −0) = ±π, atan2(±y, ±∞) and atan2(±∞, ±x) as the limits, NaN for NaN.
    static func atan2(_ y: Float, _ x: Float) -> Float {
        if x.isNaN || y.isNaN { return x + y }
        let yNegative = y.sign == .minus
        let xNegative = x.sign == .minus
        let pi = Double.pi   // rounded to Float it is the correctly rounded π
        if y == 0 {
            if !xNegative { return y }   // ±0 (also for x = +0)
            return Float(yNegative ? -pi : pi)
        }
        if x == 0 { return Float(yNegative ? -pi / 2 : pi / 2) }
        if x.isInfinite {
            let angle: Double
            if y.isInfinite { angle = xNegative ? 3 * pi / 4 : pi / 4 }
            else { angle = xNegative ? pi : 0 }
            return Float(yNegative ? -angle : angle)
        }
        if y.isInfinite { return Float(yNegative ? -pi / 2 : pi / 2) }
        // Finite and nonzero: |y/x| of two floats is a normal double, within 2^-53 relative.
        let z = atan(Double(y.magnitude) / Double(x.magnitude))
        let angle = xNegative ? piHigh - (z - piLow) : z
        return Float(yNegative ? -angle : angle)
    }

    /// fdlibm's double arctangent, within 1 ulp: reduction to |t| ≤ 7/16 around 0, 1/2, 1,
    /// 3/2 or ∞ and an odd degree-22 fit.
    static func atan(_ x: Double) -> Double {
        let high = UInt32(truncatingIfNeeded: x.bitPattern >> 32) & 0x7fff_ffff
        let negative = x.sign == .minus
        if high >= 0x4410_0000 {   // |x| ≥ 2^66 (or NaN)
            if x.isNaN { return x + x }
            return negative ? -(atanHigh[3] + atanLow[3]) : atanHigh[3] + atanLow[3]
        }
        var t = x
        var id = -1
        if high < 0x3FDC_0000 {   // |x| < 7/16
            if high < 0x3E20_0000 { return x }   // |x| < 2^-29: atan x rounds to x
        } else {
            t = x.magnitude
            if high < 0x3FF3_0000 {   // |x| < 19/16
                if high < 0x3FE6_0000 { id = 0; t = (2 * t - 1) / (2 + t) }   // 7/16 ≤ |x| < 11/16
                else { id = 1; t = (t - 1) / (t + 1) }
            } else {
                if high < 0x4003_8000 { id = 2; t = (t - 1.5) / (1 + 1.5 * t) }   // |x| < 39/16
                else { id = 3; t = -1 / t }
            }
        }
        let z = t * t
        let w = z * z
        let s1 = z * (atanT[0] + w * (atanT[2] + w * (atanT[4] + w * (atanT[6] + w * (atanT[8] + w * atanT[10])))))
        let s2 = w * (atanT[1] + w * (atanT[3] + w * (atanT[5] + w * (atanT[7] + w * atanT[9]))))
        if id < 0 { return t - t * (s1 + s2) }
        let result = atanHigh[id] - ((t * (s1 + s2) - atanLow[id]) - t)
        return negative ? -result : result
    }

    // MARK: - Rounding to an integer

    /// `x.rounded(rule)`, the same bits, in plain arithmetic: the standard library's
    /// `rounded(_:)` lowers to calls to the C library's `floor`, `ceil` and `round` on targets
    /// without the instruction (baseline x86-64; `round` on wasm32 too), which would bring libm
    /// back. A zero result keeps x's sign, as IEEE 754's roundToIntegral does. Always inlined,
    /// so that a constant rule leaves a few instructions (as the standard library's does), and
    /// callers inlined into hot paths stay small enough to be inlined themselves.
    @inline(__always)
    static func rounded(_ x: Double, _ rule: FloatingPointRoundingRule) -> Double {
        guard x.magnitude < 0x1p52 else { return x }   // already an integer, ±∞ or NaN
        let t = Double(Int64(x))   // toward zero, exact
        let f = x - t               // the fraction, exact, with x's sign
        let away = x < 0 ? t - 1 : t + 1
        let r: Double
        switch rule {
        case .towardZero: r = t
        case .down: r = f < 0 ? t - 1 : t
        case .up: r = f > 0 ? t + 1 : t
        case .awayFromZero: r = f == 0 ? t : away
        case .toNearestOrAwayFromZero: r = f.magnitude >= 0.5 ? away : t
        case .toNearestOrEven: r = f.magnitude > 0.5 || (f.magnitude == 0.5 && Int64(t) & 1 != 0) ? away : t
        @unknown default: r = f.magnitude >= 0.5 ? away : t
        }
        return r == 0 ? (x.sign == .minus ? -0.0 : 0.0) : r
    }

    /// `x.rounded(rule)` for a Float: see the Double version.
    @inline(__always)
    static func rounded(_ x: Float, _ rule: FloatingPointRoundingRule) -> Float {
        guard x.magnitude < 0x1p23 else { return x }
        let t = Float(Int32(x))
        let f = x - t
        let away = x < 0 ? t - 1 : t + 1
        let r: Float
        switch rule {
        case .towardZero: r = t
        case .down: r = f < 0 ? t - 1 : t
        case .up: r = f > 0 ? t + 1 : t
        case .awayFromZero: r = f == 0 ? t : away
        case .toNearestOrAwayFromZero: r = f.magnitude >= 0.5 ? away : t
        case .toNearestOrEven: r = f.magnitude > 0.5 || (f.magnitude == 0.5 && Int32(t) & 1 != 0) ? away : t
        @unknown default: r = f.magnitude >= 0.5 ? away : t
        }
        return r == 0 ? (x.sign == .minus ? -0.0 : 0.0) : r
    }

    // MARK: - Helpers and constants

    /// 2^k for −1022 ≤ k ≤ 1023, built from its bits.
    @inline(__always)
    static func powerOfTwo(_ k: Int) -> Double {
        Double(bitPattern: UInt64(truncatingIfNeeded: 1023 + k) << 52)
    }

    /// 1.5·2^52: adding and subtracting it rounds a double of magnitude < 2^51 to an integer.
    static let toInteger: Double = 0x1.8p52

    static let invLn2: Double = 0x1.71547652b82fep0
    /// ln 2 in two parts: a 32-bit head (k·ln2Hi exact for |k| < 2^21) and the rest.
    static let ln2Hi: Double = 0x1.62e42feep-1
    static let ln2Lo: Double = 0x1.a39ef35793c76p-33

    static let expP1: Double = 0x1.555555555553ep-3
    static let expP2: Double = -0x1.6c16c16bebd93p-9
    static let expP3: Double = 0x1.1566aaf25de2cp-14
    static let expP4: Double = -0x1.bbd41c5d26bf1p-20
    static let expP5: Double = 0x1.6376972bea4d0p-25

    static let logLg1: Double = 0x1.5555555555593p-1
    static let logLg2: Double = 0x1.999999997fa04p-2
    static let logLg3: Double = 0x1.2492494229359p-2
    static let logLg4: Double = 0x1.c71c51d8e78afp-3
    static let logLg5: Double = 0x1.7466496cb03dep-3
    static let logLg6: Double = 0x1.39a09d078c69fp-3
    static let logLg7: Double = 0x1.2f112df3e5244p-3

    static let sinS1: Double = -0x1.5555555555549p-3
    static let sinS2: Double = 0x1.111111110f8a6p-7
    static let sinS3: Double = -0x1.a01a019c161d5p-13
    static let sinS4: Double = 0x1.71de357b1fe7dp-19
    static let sinS5: Double = -0x1.ae5e68a2b9cebp-26
    static let sinS6: Double = 0x1.5d93a5acfd57cp-33

    static let cosC1: Double = 0x1.555555555554cp-5
    static let cosC2: Double = -0x1.6c16c16c15177p-10
    static let cosC3: Double = 0x1.a01a019cb159p-16
    static let cosC4: Double = -0x1.27e4f809c52adp-22
    static let cosC5: Double = 0x1.1ee9ebdb4b1c4p-29
    static let cosC6: Double = -0x1.8fae9be8838d4p-37

    static let sinfS1: Double = -0x15555554cbac77p-55
    static let sinfS2: Double = 0x111110896efbb2p-59
    static let sinfS3: Double = -0x1a00f9e2cae774p-65
    static let sinfS4: Double = 0x16cd878c3b46a7p-71

    static let cosfC0: Double = -0x1ffffffd0c5e81p-54
    static let cosfC1: Double = 0x155553e1053a42p-57
    static let cosfC2: Double = -0x16c087e80f1e27p-62
    static let cosfC3: Double = 0x199342e0ee5069p-68

    /// 2/π rounded, and π/2 in 33-bit pieces with tails (each piece the leading 33 bits of
    /// what the ones before leave; each tail the rest rounded).
    static let invHalfPi: Double = 0x1.45f306dc9c883p-1
    static let halfPi1: Double = 0x1.921fb544p0
    static let halfPi1Tail: Double = 0x1.0b4611a626331p-34
    static let halfPi2: Double = 0x1.0b4611a6p-34
    static let halfPi2Tail: Double = 0x1.3198a2e037073p-69
    static let halfPi3: Double = 0x1.3198a2ep-69
    static let halfPi3Tail: Double = 0x1.b839a252049c1p-104
    /// π/2 as a 25-bit head (n·head exact for n < 2^28) and the rest, for the Float reduction.
    static let halfPiF1: Double = 0x1.921fb5p0
    static let halfPiF1Tail: Double = 0x1.110b4611a6263p-26
    /// π/4·2^128 rounded, as two words: π/2 = that·2^-127.
    static let halfPiHigh: UInt64 = 0xC90F_DAA2_2168_C234
    static let halfPiLow: UInt64 = 0xC4C6_628B_80DC_1CD1
    /// π rounded to a double, and the rest.
    static let piHigh: Double = 0x1.921fb54442d18p1
    static let piLow: Double = 0x1.1a62633145c07p-53

    /// atan(1/2), atan(1), atan(3/2), atan(∞) as heads and tails.
    static let atanHigh: [Double] = [0x1.dac670561bb4fp-2, 0x1.921fb54442d18p-1, 0x1.f730bd281f69bp-1, 0x1.921fb54442d18p0]
    static let atanLow: [Double] = [0x1.a2b7f222f65e2p-56, 0x1.1a62633145c07p-55, 0x1.007887af0cbbdp-56, 0x1.1a62633145c07p-54]
    static let atanT: [Double] = [
        0x1.555555555550dp-2, -0x1.999999998ebc4p-3, 0x1.24924920083ffp-3, -0x1.c71c6fe231671p-4,
        0x1.745cdc54c206ep-4, -0x1.3b0f2af749a6dp-4, 0x1.10d66a0d03d51p-4, -0x1.dde2d52defd9ap-5,
        0x1.97b4b24760debp-5, -0x1.2b4442c6a6c2fp-5, 0x1.0ad3ae322da11p-6,
    ]

    /// The bits of 2/π after the point, 64 to a word, after a word of zeros (its integer
    /// part): 1344 bits, enough for the 192-bit window of any double's exponent.
    static let twoOverPiBits: [UInt64] = [
        0x0000_0000_0000_0000,
        0xA2F9_836E_4E44_1529, 0xFC27_57D1_F534_DDC0, 0xDB62_9599_3C43_9041, 0xFE51_63AB_DEBB_C561,
        0xB724_6E3A_424D_D2E0, 0x0649_2EEA_09D1_921C, 0xFE1D_EB1C_B129_A73E, 0xE882_35F5_2EBB_4484,
        0xE99C_7026_B45F_7E41, 0x3991_D639_8353_39F4, 0x9C84_5F8B_BDF9_283B, 0x1FF8_97FF_DE05_980F,
        0xEF2F_118B_5A0A_6D1F, 0x6D36_7ECF_27CB_09B7, 0x4F46_3F66_9E5F_EA2D, 0x7527_BAC7_EBE5_F17B,
        0x3D07_39F7_8A52_92EA, 0x6BFB_5FB1_1F8D_5D08, 0x5603_3046_FC7B_6BAB, 0xF0CF_BC20_9AF4_361D,
        0xA9E3_9161_5EE6_1B08,
    ]
}

/// Portal's own math functions for the benchmarks, which time them against the C library's
/// (`math/…` against `reference/libc-…`). Not API: see ``PortalMath`` (internal) for what
/// they compute and how accurately.
@_spi(Benchmarking)
public enum PortalMathBenchmarking {
    /// `PortalMath.exp`.
    public static func exp(_ x: Double) -> Double { PortalMath.exp(x) }
    /// `PortalMath.log`.
    public static func log(_ x: Double) -> Double { PortalMath.log(x) }
    /// `PortalMath.sin` (Double).
    public static func sin(_ x: Double) -> Double { PortalMath.sin(x) }
    /// `PortalMath.cos` (Double).
    public static func cos(_ x: Double) -> Double { PortalMath.cos(x) }
    /// `PortalMath.sin` (Float).
    public static func sin(_ x: Float) -> Float { PortalMath.sin(x) }
    /// `PortalMath.cos` (Float).
    public static func cos(_ x: Float) -> Float { PortalMath.cos(x) }
    /// `PortalMath.atan2` (Float).
    public static func atan2(_ y: Float, _ x: Float) -> Float { PortalMath.atan2(y, x) }
}
