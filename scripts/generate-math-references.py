#!/usr/bin/env python3
"""Generate the reference values for Portal's own math (Sources/Portal/Support/PortalMath.swift).

    pip install mpmath
    python3 scripts/generate-math-references.py            # writes Tests/PortalTests/MathReferences/references.txt

Every line is one case:  FUNCTION INPUT [INPUT2] ROUNDED TAIL [ROUNDED TAIL]  with all numbers as
hexadecimal bit patterns. INPUT (and INPUT2: atan2f's x after its y) are the arguments; ROUNDED is
the correctly rounded result (round to nearest, ties to even, subnormals included); TAIL is a
double, the exact result minus ROUNDED in ulps of the exact result's binade (in [−1/2, 1/2]), so
that the test measures errors in fractions of an ulp. `sincos` and `sincosf` lines give sin, then
cos, of one input. The exact results come from mpmath with enough working precision for the argument
(over 1100 bits for sin/cos of huge arguments, so that the reduction by π/2 is exact to well past
the result's 53 bits) and are rounded here with our own rounding, not mpmath's float(), which
rounds twice for subnormal results.

The cases: random samples over the whole domain (uniform in bit pattern, so every exponent is hit,
and uniform in value over the ranges Portal uses) with a fixed seed, and the hard cases: the
doubles and floats nearest to multiples of π/2 for every exponent (found from the continued
fraction of 2^e·2/π, which finds the known worst case 6381956970095103·2^797, 2^-60.9 from a
multiple), the edges of exp (overflow, the last normal result, subnormal results, underflow to 0),
log near 1, √2/2 and √2, and subnormal inputs. The special values (±0, ±∞, NaN) are checked
exactly in the test itself.
"""

import math
import os
import random
import struct
import sys

import mpmath
from mpmath import mp, mpf

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "PortalTests", "MathReferences", "references.txt")


def dbits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def fbits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def from_dbits(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def from_fbits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def neighbours(x, k):
    """x and the k doubles on either side of it."""
    out, up, down = [x], x, x
    for _ in range(k):
        up, down = math.nextafter(up, math.inf), math.nextafter(down, -math.inf)
        out += [up, down]
    return out


def round_to(v, mant, emin, emax):
    """v (mpf, exact enough) rounded to nearest-even binary with `mant` bits, normal exponents
    [emin, emax], gradual underflow. Returns (a Python float holding that value, the tail
    (v − it) in ulps of v's binade, 2^(max(e, emin) − mant + 1) for 2^e ≤ |v| < 2^(e+1))."""
    if v == 0:
        return 0.0, mpf(0)
    a = abs(v)
    e = int(mp.floor(mp.log(a, 2)))
    # mp.log can be off by one right at a power of two: fix e so that 2^e ≤ a < 2^(e+1).
    while mpf(2) ** e > a:
        e -= 1
    while mpf(2) ** (e + 1) <= a:
        e += 1
    q = max(e, emin) - (mant - 1)          # the quantum: the ulp of the binade (or the subnormal one)
    n = a / mpf(2) ** q
    r = int(mp.floor(n))
    frac = n - r
    if frac > 0.5 or (frac == 0.5 and r % 2 == 1):
        r += 1
    rounded = mpf(r) * mpf(2) ** q
    if rounded >= mpf(2) ** (emax + 1):
        out = float("inf")
    else:
        out = float(rounded)   # exact: r has at most `mant` bits (or mant+1 bits and is a power of 2)
    if v < 0:
        out, rounded = -out, -rounded
    # The error of the rounded value in ulps of the exact one's binade: in [−1/2, 1/2].
    tail = float((v - rounded) / mpf(2) ** q) if out not in (float("inf"), float("-inf")) else 0.0
    return out, tail


def round_double(v):
    return round_to(v, 53, -1022, 1023)


def round_float(v):
    out, tail = round_to(v, 24, -126, 127)
    return struct.unpack("<f", struct.pack("<f", out))[0], tail


def prec_for(x):
    """Working precision in bits for sin/cos/exp/log of x: enough for the reduction of huge x."""
    e = abs(mp.frexp(mpf(x))[1]) if x != 0 else 0
    return max(200, e + 250)


def ref_double(fn, x):
    mp.prec = prec_for(x)
    v = fn(mpf(x))
    mp.prec = 300
    return round_double(v)


def ref_float(fn, x):
    mp.prec = prec_for(x)
    v = fn(mpf(x))
    mp.prec = 300
    return round_float(v)


# ---- hard cases for the reduction by π/2 -------------------------------------------------------

def near_multiples_of_half_pi(mant, emin, emax, per_exponent):
    """For each exponent e, the significands m (mant bits) with m·2^(e−mant+1) nearest to a
    multiple of π/2: from the convergents p/q of α = 2^(e−mant+1)·2/π mod 1 (|q·α − p| small)
    and their multiples that land in [2^(mant−1), 2^mant)."""
    out = []
    lo, hi = 2 ** (mant - 1), 2 ** mant
    for e in range(emin, emax + 1):
        mp.prec = max(300, e + 3 * mant + 200)
        alpha = (mpf(2) ** (e - mant + 1) * 2 / mp.pi) % 1
        # Continued fraction of alpha.
        h0, h1, k0, k1 = 0, 1, 1, 0
        a = alpha
        cands = []
        for _ in range(80):
            ai = int(mp.floor(a))
            h0, h1 = h1, ai * h1 + h0
            k0, k1 = k1, ai * k1 + k0
            if k1 >= hi:
                break
            if k1 > 0:
                # Multiples of the convergent's denominator inside the significand range.
                t = max(1, (lo + k1 - 1) // k1)
                for mult in (t, t + 1, hi // k1 - 1, hi // k1):
                    m = k1 * mult
                    if lo <= m < hi:
                        cands.append(m)
                # Semiconvergent-like neighbours: previous denominator added.
                for j in range(1, 4):
                    m = k1 * t + j * k0
                    if lo <= m < hi:
                        cands.append(m)
            frac = a - ai
            if frac == 0:
                break
            a = 1 / frac
        scored = []
        for m in set(cands):
            d = m * alpha
            dist = abs(d - mp.nint(d))
            scored.append((dist, m))
        scored.sort()
        for dist, m in scored[:per_exponent]:
            out.append((m, e - mant + 1, float(mp.log(dist, 2)) if dist > 0 else -9999))
    mp.prec = 300
    return out


def main():
    rng = random.Random(20261207)
    lines = []

    def add_d(name, fn, x):
        y, tail = ref_double(fn, x)
        lines.append("%s %016x %016x %016x" % (name, dbits(x), dbits(y), dbits(tail)))

    def add_sincos(name, x, ref, bits, form):
        s, stail = ref(mp.sin, x)
        c, ctail = ref(mp.cos, x)
        lines.append(("%s " + form + " " + form + " %016x " + form + " %016x")
                     % (name, bits(x), bits(s), dbits(stail), bits(c), dbits(ctail)))

    def random_finite_double():
        while True:
            x = from_dbits(rng.getrandbits(64))
            if x == x and abs(x) != float("inf"):
                return x

    def random_finite_float():
        while True:
            x = from_fbits(rng.getrandbits(32))
            if x == x and abs(x) != float("inf"):
                return x

    # -- sin, cos (Double)
    trig_inputs = []
    trig_inputs += [random_finite_double() for _ in range(2000)]
    trig_inputs += [rng.uniform(-10, 10) for _ in range(1000)]
    trig_inputs += [rng.uniform(-2e6, 2e6) for _ in range(500)]
    trig_inputs += [from_dbits(rng.getrandbits(52) | (rng.randrange(0, 2) << 63)) for _ in range(100)]   # subnormal
    trig_inputs += [1e22, 1e300, -1e300, 1.7976931348623157e308, 2.0 ** 20, 2.0 ** 20 - 2.0 ** -32, 2.0 ** 1023,
                    mp.pi.__float__(), 2 * mp.pi.__float__(), 1e10, 123456789.0, 1e-300, 5e-324]
    hard = near_multiples_of_half_pi(53, -1, 1023, 2)
    worst = min(hard, key=lambda h: h[2])
    print("double nearest to a multiple of pi/2: %d*2^%d, log2 distance %.2f" % worst, file=sys.stderr)
    for m, ex, _ in hard:
        x = float(mpf(m) * mpf(2) ** ex)
        trig_inputs.append(x if rng.random() < 0.5 else -x)
    for x in trig_inputs:
        add_sincos("sincos", x, ref_double, dbits, "%016x")

    # -- exp
    exp_inputs = [rng.uniform(-746, 710) for _ in range(2000)]
    exp_inputs += [rng.uniform(-1, 1) for _ in range(1000)]
    exp_inputs += [rng.uniform(-40, 40) for _ in range(1000)]
    exp_inputs += [from_dbits(rng.getrandbits(63)) * (1 if rng.random() < 0.5 else -1) for _ in range(1000)]
    exp_inputs = [x for x in exp_inputs if x == x and abs(x) < 800]
    exp_inputs += [rng.uniform(-745.2, -708.3) for _ in range(1000)]   # subnormal results
    edges = [709.782712893383973096, 709.78271289338400, 709.7, 709.0, -708.3964185322641, -708.39641853226410622,
             -708.4, -745.13321910194110842, -745.1332191019411, -745.133219101941, -745.1, -744.44007192138122,
             0.5 * 0.6931471805599453, 1.5 * 0.6931471805599453, 2.0 ** -28, -(2.0 ** -28), 2.0 ** -29, 1e-300, -1e-300,
             5e-324, -5e-324, 1.0, -1.0, 0.6931471805599453, 100.0, -100.0]
    for x in edges:
        exp_inputs += neighbours(x, 3)
    for x in exp_inputs:
        add_d("exp", mp.exp, x)

    # -- log
    log_inputs = [abs(random_finite_double()) for _ in range(2000)]
    log_inputs += [rng.uniform(0.5, 2) for _ in range(1000)]
    log_inputs += [1 + rng.uniform(-1e-5, 1e-5) for _ in range(500)]
    log_inputs += neighbours(1.0, 40)
    log_inputs += [from_dbits(rng.getrandbits(52)) for _ in range(300)]   # subnormal
    log_inputs += [5e-324, 1e-320, 2.2250738585072014e-308, 1.7976931348623157e308, 0.7071067811865476,
                   1.4142135623730951, 2.0, 0.5, 10.0, 1e300, 1e-300, 1 + 2.0 ** -20, 1 - 2.0 ** -20, 1 + 2.0 ** -21]
    log_inputs += neighbours(0.7071067811865476, 5) + neighbours(1.4142135623730951, 5)
    log_inputs = [x for x in log_inputs if x > 0]
    for x in log_inputs:
        add_d("log", mp.log, x)

    # -- sinf, cosf
    ftrig = [random_finite_float() for _ in range(2000)]
    ftrig += [struct.unpack("<f", struct.pack("<f", rng.uniform(-10, 10)))[0] for _ in range(1000)]
    ftrig += [struct.unpack("<f", struct.pack("<f", rng.uniform(-1e5, 1e5)))[0] for _ in range(500)]
    ftrig += [from_fbits(rng.getrandbits(23) | (rng.randrange(0, 2) << 31)) for _ in range(100)]   # subnormal
    ftrig += [3.4028234663852886e38, 1e30, 2.0 ** 28, 421657440.0, 1.5707963705062866, 3.1415927410125732]
    fhard = near_multiples_of_half_pi(24, -1, 127, 3)
    fworst = min(fhard, key=lambda h: h[2])
    print("float nearest to a multiple of pi/2: %d*2^%d, log2 distance %.2f" % fworst, file=sys.stderr)
    for m, ex, _ in fhard:
        x = float(mpf(m) * mpf(2) ** ex)
        ftrig.append(x if rng.random() < 0.5 else -x)
    for x in ftrig:
        x = struct.unpack("<f", struct.pack("<f", x))[0]   # every input a float
        add_sincos("sincosf", x, ref_float, fbits, "%08x")

    # -- atan2f (y, x)
    pairs = []
    for _ in range(2000):
        pairs.append((random_finite_float(), random_finite_float()))
    for _ in range(1000):
        f = lambda: struct.unpack("<f", struct.pack("<f", rng.uniform(-1000, 1000)))[0]
        pairs.append((f(), f()))
    for _ in range(300):   # near the axes and the diagonals, and subnormals
        t = struct.unpack("<f", struct.pack("<f", rng.uniform(-1, 1)))[0]
        s = from_fbits(rng.getrandbits(23) | (rng.randrange(0, 2) << 31))
        pairs += [(s, t), (t, s), (t, t), (t, -t), (s, -1.0), (-s, -1.0)]
    pairs = [(y, x) for y, x in pairs if not (y == 0 and x == 0)]
    for y, x in pairs:
        mp.prec = 300
        v = mp.atan2(mpf(y), mpf(x))
        r, tail = round_float(v)
        lines.append("atan2f %08x %08x %08x %016x" % (fbits(y), fbits(x), fbits(r), dbits(tail)))

    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("# Generated by scripts/generate-math-references.py (mpmath %s); do not edit.\n" % mpmath.__version__)
        f.write("# FUNCTION INPUT [INPUT2] ROUNDED TAIL [ROUNDED TAIL]: bit patterns; TAIL = (exact - rounded) in ulps, a double\n")
        for line in lines:
            f.write(line + "\n")
    print("%d cases written to %s" % (len(lines), os.path.normpath(OUT)), file=sys.stderr)


if __name__ == "__main__":
    main()
