import Portal

// The argument values a generated call carries, each able to build itself and to print itself as
// Swift source (the reproducer). Sensible most of the time, hostile sometimes.

/// SplitMix64: small, seeded, the same on every platform.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D &+ 0x1234_5678 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
}

/// A Float as Swift source.
func lit(_ v: Float) -> String {
    if v.isNaN { return ".nan" }
    if v == .infinity { return ".infinity" }
    if v == -.infinity { return "-.infinity" }
    if v != 0, abs(v) < Float.leastNormalMagnitude { return "Float(bitPattern: 0x\(String(v.bitPattern, radix: 16)))" }
    return "\(v)"
}

/// A Double as Swift source.
func lit(_ v: Double) -> String {
    if v.isNaN { return ".nan" }
    if v == .infinity { return ".infinity" }
    if v == -.infinity { return "-.infinity" }
    if v != 0, abs(v) < Double.leastNormalMagnitude { return "Double(bitPattern: 0x\(String(v.bitPattern, radix: 16)))" }
    return "\(v)"
}

extension SplitMix {
    static let hostileFloats: [Float] = [.nan, .infinity, -.infinity, 3e38, -3e38, Float.leastNormalMagnitude / 100, -Float.leastNormalMagnitude / 100, 0, -0.0, -5, 2e9, 1e30]
    static let hostileDoubles: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, 1e-40, Double.leastNormalMagnitude / 1e4, 0, -1, 2e6, 1e30, Double.leastNonzeroMagnitude]

    /// A coordinate: usually on screen, sometimes hostile.
    mutating func coord(hostile p: Double = 0.03) -> Float {
        if chance(p) { return pick(Self.hostileFloats) }
        return Float(int(800)) - 100 + (chance(0.3) ? 0.5 : 0)
    }
    /// A length: usually 0…400, sometimes hostile.
    mutating func length(hostile p: Double = 0.03) -> Float {
        if chance(p) { return pick(Self.hostileFloats) }
        if chance(0.05) { return 0 }
        return Float(int(400)) + 1
    }
    /// A number in a given sensible range, sometimes hostile.
    mutating func float(_ lo: Float, _ hi: Float, hostile p: Double = 0.03) -> Float {
        if chance(p) { return pick(Self.hostileFloats) }
        return lo + Float(unit()) * (hi - lo)
    }
    mutating func double(_ lo: Double, _ hi: Double, hostile p: Double = 0.03) -> Double {
        if chance(p) { return pick(Self.hostileDoubles) }
        return ((lo + unit() * (hi - lo)) * 1000).rounded() / 1000
    }
    mutating func rect(hostile p: Double = 0.03) -> RectSpec {
        RectSpec(x: coord(hostile: p), y: coord(hostile: p), w: length(hostile: p), h: length(hostile: p))
    }
}

struct RectSpec: Sendable {
    var x, y, w, h: Float
    var rect: Rect { Rect(x: x, y: y, width: w, height: h) }
    var code: String { "Rect(x: \(lit(x)), y: \(lit(y)), width: \(lit(w)), height: \(lit(h)))" }
}

/// An `Animation`, as built and as printed.
indirect enum AnimSpec: Sendable {
    case preset(Int)
    case springRD(Double, Double)
    case springDB(Double, Double)
    case named(Int, Double, Double)          // smooth/snappy/bouncy(duration:extraBounce:)
    case interpolating(Double, Double, Double, Double)
    case curve(Int, Double)                   // linear/easeIn/easeOut/easeInOut(duration:)
    case timing(Double, Double, Double, Double, Double)
    case delay(AnimSpec, Double)
    case speed(AnimSpec, Double)

    static let presets: [(String, Animation)] = [
        (".default", .default), (".smooth", .smooth), (".snappy", .snappy), (".bouncy", .bouncy), (".spring", .spring),
        (".interpolatingSpring", .interpolatingSpring), (".linear", .linear), (".easeIn", .easeIn), (".easeOut", .easeOut),
        (".easeInOut", .easeInOut),
    ]
    static let named = ["smooth", "snappy", "bouncy"]
    static let curves = ["linear", "easeIn", "easeOut", "easeInOut"]

    var animation: Animation {
        switch self {
        case let .preset(i): return Self.presets[i].1
        case let .springRD(r, d): return .spring(response: r, dampingFraction: d)
        case let .springDB(d, b): return .spring(duration: d, bounce: b)
        case let .named(i, d, e):
            switch i {
            case 0: return .smooth(duration: d, extraBounce: e)
            case 1: return .snappy(duration: d, extraBounce: e)
            default: return .bouncy(duration: d, extraBounce: e)
            }
        case let .interpolating(m, s, d, v): return .interpolatingSpring(mass: m, stiffness: s, damping: d, initialVelocity: v)
        case let .curve(i, d):
            switch i {
            case 0: return .linear(duration: d)
            case 1: return .easeIn(duration: d)
            case 2: return .easeOut(duration: d)
            default: return .easeInOut(duration: d)
            }
        case let .timing(a, b, c, d, t): return .timingCurve(a, b, c, d, duration: t)
        case let .delay(base, d): return base.animation.delay(d)
        case let .speed(base, s): return base.animation.speed(s)
        }
    }

    var code: String {
        switch self {
        case let .preset(i): return "Animation" + Self.presets[i].0
        case let .springRD(r, d): return "Animation.spring(response: \(lit(r)), dampingFraction: \(lit(d)))"
        case let .springDB(d, b): return "Animation.spring(duration: \(lit(d)), bounce: \(lit(b)))"
        case let .named(i, d, e): return "Animation.\(Self.named[i])(duration: \(lit(d)), extraBounce: \(lit(e)))"
        case let .interpolating(m, s, d, v):
            return "Animation.interpolatingSpring(mass: \(lit(m)), stiffness: \(lit(s)), damping: \(lit(d)), initialVelocity: \(lit(v)))"
        case let .curve(i, d): return "Animation.\(Self.curves[i])(duration: \(lit(d)))"
        case let .timing(a, b, c, d, t): return "Animation.timingCurve(\(lit(a)), \(lit(b)), \(lit(c)), \(lit(d)), duration: \(lit(t)))"
        case let .delay(base, d): return "\(base.code).delay(\(lit(d)))"
        case let .speed(base, s): return "\(base.code).speed(\(lit(s)))"
        }
    }
}

extension SplitMix {
    mutating func animation(hostile p: Double = 0.04) -> AnimSpec {
        var spec: AnimSpec
        switch int(8) {
        case 0, 1: spec = .preset(int(AnimSpec.presets.count))
        case 2: spec = .springRD(double(0.05, 1.5, hostile: p), double(0.1, 1.5, hostile: p))
        case 3: spec = .springDB(double(0.05, 1.5, hostile: p), double(-0.9, 0.95, hostile: p))
        case 4: spec = .named(int(3), double(0.05, 1.5, hostile: p), double(-0.5, 0.5, hostile: p))
        case 5: spec = .interpolating(double(0.1, 3, hostile: p), double(10, 500, hostile: p), double(1, 40, hostile: p),
                                      double(-10, 10, hostile: p))
        case 6: spec = .curve(int(4), double(0.02, 1.2, hostile: p))
        default: spec = .timing(double(0, 1, hostile: p), double(-1, 2, hostile: p), double(0, 1, hostile: p),
                                double(-1, 2, hostile: p), double(0.02, 1.2, hostile: p))
        }
        if chance(0.15) { spec = .delay(spec, double(0, 0.3, hostile: p * 2)) }
        if chance(0.08) { spec = .speed(spec, double(0.25, 4, hostile: p * 2)) }
        return spec
    }
}

/// An `AtomicTransition`, as built and as printed.
indirect enum AtomicSpec: Sendable {
    case identity, opacity, front, back
    case move(Int)
    case offset(Float, Float)
    case rotate(Float)
    case rotate3D(Float, Float, Float, Float, Float)
    case scale(Float)
    case z(Float)
    case combined(AtomicSpec, AtomicSpec)
    case asymmetric(AtomicSpec, AtomicSpec)
    case onInsertion(AtomicSpec)
    case onRemoval(AtomicSpec)
    case custom
    case mirrored(AtomicSpec)

    static let edges: [(String, Edge)] = [(".top", .top), (".leading", .leading), (".bottom", .bottom), (".trailing", .trailing)]

    var transition: AtomicTransition {
        switch self {
        case .identity: return .identity
        case .opacity: return .opacity
        case .front: return .bringToFront
        case .back: return .sendToBack
        case let .move(e): return .move(edge: Self.edges[e].1)
        case let .offset(x, y): return .offset(x: x, y: y)
        case let .rotate(d): return .rotate(.degrees(d))
        case let .rotate3D(d, x, y, z, p): return .rotate3D(.degrees(d), axis: (x: x, y: y, z: z), perspective: p)
        case let .scale(s): return .scale(s)
        case let .z(z): return .zPosition(z)
        case let .combined(a, b): return a.transition.combined(with: b.transition)
        case let .asymmetric(a, b): return .asymmetric(insertion: a.transition, removal: b.transition)
        case let .onInsertion(a): return .onInsertion(a.transition)
        case let .onRemoval(a): return .onRemoval(a.transition)
        case .custom: return .custom("fuzz", Fuzzer.atomicTransitions["fuzz"]!)
        case let .mirrored(a): return a.transition.mirrored()
        }
    }

    var code: String {
        switch self {
        case .identity: return "AtomicTransition.identity"
        case .opacity: return "AtomicTransition.opacity"
        case .front: return "AtomicTransition.bringToFront"
        case .back: return "AtomicTransition.sendToBack"
        case let .move(e): return "AtomicTransition.move(edge: \(Self.edges[e].0))"
        case let .offset(x, y): return "AtomicTransition.offset(x: \(lit(x)), y: \(lit(y)))"
        case let .rotate(d): return "AtomicTransition.rotate(.degrees(\(lit(d))))"
        case let .rotate3D(d, x, y, z, p):
            return "AtomicTransition.rotate3D(.degrees(\(lit(d))), axis: (x: \(lit(x)), y: \(lit(y)), z: \(lit(z))), perspective: \(lit(p)))"
        case let .scale(s): return "AtomicTransition.scale(\(lit(s)))"
        case let .z(z): return "AtomicTransition.zPosition(\(lit(z)))"
        case let .combined(a, b): return "\(a.code).combined(with: \(b.code))"
        case let .asymmetric(a, b): return "AtomicTransition.asymmetric(insertion: \(a.code), removal: \(b.code))"
        case let .onInsertion(a): return "AtomicTransition.onInsertion(\(a.code))"
        case let .onRemoval(a): return "AtomicTransition.onRemoval(\(a.code))"
        case .custom:
            return "AtomicTransition.custom(\"fuzz\") { view, _, container in view.initial.translate(x: container.width / 2); view.animation.opacity = 0.5 }"
        case let .mirrored(a): return "\(a.code).mirrored()"
        }
    }
}

extension SplitMix {
    mutating func atomic(depth: Int = 0, hostile p: Double = 0.04) -> AtomicSpec {
        let leafOnly = depth >= 2
        switch int(leafOnly ? 10 : 15) {
        case 0: return .identity
        case 1: return .opacity
        case 2: return chance(0.5) ? .front : .back
        case 3: return .move(int(4))
        case 4: return .offset(float(-300, 300, hostile: p), float(-300, 300, hostile: p))
        case 5: return .rotate(float(-180, 180, hostile: p))
        case 6: return .rotate3D(float(-180, 180, hostile: p), float(-1, 1, hostile: p), float(-1, 1, hostile: p),
                                 float(-1, 1, hostile: p), float(-2, 2, hostile: p))
        case 7: return .scale(float(0, 2, hostile: p))
        case 8: return .z(float(-10, 10, hostile: p))
        case 9: return .custom
        case 10, 11: return .combined(atomic(depth: depth + 1, hostile: p), atomic(depth: depth + 1, hostile: p))
        case 12: return .asymmetric(atomic(depth: depth + 1, hostile: p), atomic(depth: depth + 1, hostile: p))
        case 13: return chance(0.5) ? .onInsertion(atomic(depth: depth + 1, hostile: p)) : .onRemoval(atomic(depth: depth + 1, hostile: p))
        default: return .mirrored(atomic(depth: depth + 1, hostile: p))
        }
    }
}

/// A `NavigationTransition`, as built and as printed.
indirect enum NavSpec: Sendable {
    case slide, identity
    case move(Bool)
    case fade(Int)
    case asymmetricAtomic(AtomicSpec, AtomicSpec)
    case asymmetric(NavSpec, NavSpec)
    case mirrorPush(AtomicSpec)
    case mirrorPop(AtomicSpec)
    case combined(NavSpec, NavSpec)
    case custom
    case animated(NavSpec, AnimSpec)

    static let fades: [(String, NavigationTransition.FadeStyle)] = [(".in", .in), (".out", .out), (".cross", .cross)]

    var transition: NavigationTransition {
        switch self {
        case .slide: return .slide
        case .identity: return .identity
        case let .move(h): return .move(axis: h ? .horizontal : .vertical)
        case let .fade(i): return .fade(Self.fades[i].1)
        case let .asymmetricAtomic(a, b): return .asymmetric(push: a.transition, pop: b.transition)
        case let .asymmetric(a, b): return .asymmetric(push: a.transition, pop: b.transition)
        case let .mirrorPush(a): return .mirrorPush(a.transition)
        case let .mirrorPop(a): return .mirrorPop(a.transition)
        case let .combined(a, b): return a.transition.combined(with: b.transition)
        case .custom:
            return .custom("fuzz", Fuzzer.navigationTransitions["fuzz"]!)
        case let .animated(base, animation): return base.transition.animation(animation.animation)
        }
    }

    var code: String {
        switch self {
        case .slide: return "NavigationTransition.slide"
        case .identity: return "NavigationTransition.identity"
        case let .move(h): return "NavigationTransition.move(axis: \(h ? ".horizontal" : ".vertical"))"
        case let .fade(i): return "NavigationTransition.fade(\(Self.fades[i].0))"
        case let .asymmetricAtomic(a, b): return "NavigationTransition.asymmetric(push: \(a.code), pop: \(b.code))"
        case let .asymmetric(a, b): return "NavigationTransition.asymmetric(push: \(a.code), pop: \(b.code))"
        case let .mirrorPush(a): return "NavigationTransition.mirrorPush(\(a.code))"
        case let .mirrorPop(a): return "NavigationTransition.mirrorPop(\(a.code))"
        case let .combined(a, b): return "\(a.code).combined(with: \(b.code))"
        case .custom:
            return "NavigationTransition.custom(\"fuzz\") { from, to, operation, container in from.animation.opacity = 0; "
                + "to.initial.translate(x: operation == .push ? container.width : -container.width) }"
        case let .animated(base, animation): return "\(base.code).animation(\(animation.code))"
        }
    }
}

extension SplitMix {
    mutating func navigation(depth: Int = 0, hostile p: Double = 0.04) -> NavSpec {
        var spec: NavSpec
        switch int(depth >= 1 ? 8 : 11) {
        case 0, 1: spec = .slide
        case 2: spec = .identity
        case 3: spec = .move(chance(0.5))
        case 4: spec = .fade(int(3))
        case 5: spec = .asymmetricAtomic(atomic(hostile: p), atomic(hostile: p))
        case 6: spec = chance(0.5) ? .mirrorPush(atomic(hostile: p)) : .mirrorPop(atomic(hostile: p))
        case 7: spec = .custom
        case 8: spec = .asymmetric(navigation(depth: depth + 1, hostile: p), navigation(depth: depth + 1, hostile: p))
        default: spec = .combined(navigation(depth: depth + 1, hostile: p), navigation(depth: depth + 1, hostile: p))
        }
        if depth == 0, chance(0.5) { spec = .animated(spec, animation(hostile: p)) }
        return spec
    }
}

/// A layer effect, as built and as printed.
enum EffectSpec: Sendable {
    case scale(Float, AnimSpec)
    case opacity(Float, AnimSpec)
    case rotation(Float, AnimSpec)
    case shadow(Float, AnimSpec)

    var effect: PortalLayerEffect {
        switch self {
        case let .scale(v, a): return .scale(v, animation: a.animation)
        case let .opacity(v, a): return .opacity(v, animation: a.animation)
        case let .rotation(v, a): return .rotation(.degrees(v), animation: a.animation)
        case let .shadow(v, a): return .shadowRadius(v, animation: a.animation)
        }
    }
    var code: String {
        switch self {
        case let .scale(v, a): return ".scale(\(lit(v)), animation: \(a.code))"
        case let .opacity(v, a): return ".opacity(\(lit(v)), animation: \(a.code))"
        case let .rotation(v, a): return ".rotation(.degrees(\(lit(v))), animation: \(a.code))"
        case let .shadow(v, a): return ".shadowRadius(\(lit(v)), animation: \(a.code))"
        }
    }
}
