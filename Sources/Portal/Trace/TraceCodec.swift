// The shared value codecs of trace lines: animations, view properties, portal configurations,
// transitions and the rest, each written by a `TraceWriter` method and read back by the
// `TraceDecoder` method of the same name, side by side per value type. Each call's own keys
// are written and read by its call type (see `ECS/HostCall.swift`), with `put` and the `key:`
// readers below.

extension TraceWriter {
    /// ` key=value` pairs, one overload per value type (not inlined: each is written at many call
    /// types' keys).
    @inline(never) mutating func put(_ name: String, _ e: Entity) { key(name); entity(e) }
    @inline(never) mutating func put(_ name: String, _ e: Entity?) { key(name); entity(e) }
    @inline(never) mutating func put(_ name: String, _ b: Bool) { key(name); bool(b) }
    @inline(never) mutating func put(_ name: String, _ v: Float) { key(name); float(v) }
    @inline(never) mutating func put(_ name: String, _ v: Double) { key(name); double(v) }
    @inline(never) mutating func put(_ name: String, _ r: Rect) { key(name); rect(r) }
    @inline(never) mutating func put(_ name: String, _ r: Rect?) { key(name); rect(r) }
    @inline(never) mutating func put(_ name: String, _ p: Point) { key(name); point(p) }
    @inline(never) mutating func put(_ name: String, _ s: String) { key(name); string(s) }
    @inline(never) mutating func put(_ name: String, _ a: Animation) { key(name); animation(a) }
    /// A list of values, or `-` for an empty one.
    mutating func put<C: Collection>(_ name: String, list: C, _ each: (inout TraceWriter, C.Element) -> Void) {
        key(name)
        if list.isEmpty { raw("-") }
        for (i, element) in list.enumerated() {
            if i > 0 { comma() }
            each(&self, element)
        }
    }
}

extension TraceDecoder {
    /// The value of `key`, one reader per value type (the key is taken: a key left over is an
    /// error at the end of the line). Not inlined: each is called at many call types' keys, and
    /// a call is all a reading costs its caller.
    @inline(never) func entity(key: String) throws(TraceError) -> Entity { try entity(take(key)) }
    @inline(never) func optionalEntity(key: String) throws(TraceError) -> Entity? { try optionalEntity(take(key)) }
    @inline(never) func bool(key: String) throws(TraceError) -> Bool { try bool(take(key)) }
    @inline(never) func float(key: String) throws(TraceError) -> Float { try float(one(take(key))) }
    @inline(never) func double(key: String) throws(TraceError) -> Double { try double(one(take(key))) }
    @inline(never) func rect(key: String) throws(TraceError) -> Rect { try rect(take(key)) }
    @inline(never) func point(key: String) throws(TraceError) -> Point { try point(take(key)) }
    @inline(never) func string(key: String) throws(TraceError) -> String { try string(one(take(key))) }
    @inline(never) func animation(key: String) throws(TraceError) -> Animation { try animation(one(take(key))) }
    /// The word of `key`, one of `names`: the value at the same index in `values`.
    func word<T>(key: String, _ names: [String], _ values: [T]) throws(TraceError) -> T { values[try wordIndex(key: key, names)] }
    @inline(never) func wordIndex(key: String, _ names: [String]) throws(TraceError) -> Int { try wordIndex(take(key), names) }
    /// A list of values (`-` for an empty one), each read by `each`.
    func list<T>(key: String, _ each: (TraceDecoder, TraceValue) throws(TraceError) -> T) throws(TraceError) -> [T] {
        let values = try take(key)
        var out: [T] = []
        if !TraceDecoder.isDash(values) { for v in values { out.append(try each(self, v)) } }
        return out
    }
}

extension TraceWriter {
    mutating func animation(_ a: Animation) {
        switch a.motion {
        case let .spring(spring, velocity):
            raw("spring(")
            switch spring.parameters {
            case let .duration(d, b): raw("duration,"); double(d); comma(); double(b)
            case let .response(r, z): raw("response,"); double(r); comma(); double(z)
            case let .physical(m, k, c):
                raw("physical,"); double(m); comma(); double(k); comma(); double(c); comma()
                bool(spring.damping == c)
            }
            comma(); double(velocity)
        case let .curve(curve, duration):
            raw("curve(")
            double(curve.startControlPoint.x); comma(); double(curve.startControlPoint.y); comma()
            double(curve.endControlPoint.x); comma(); double(curve.endControlPoint.y); comma(); double(duration)
        }
        comma(); double(a.delay); comma(); double(a.speed); raw(")")
    }

    mutating func properties(_ p: ViewProperties) {
        if let f = p.frame { key("frame"); rect(f) }
        if let r = p.cornerRadius { key("radius"); float(r) }
        if let o = p.opacity { key("opacity"); float(o) }
        if let t = p.transform {
            key("transform")
            let r = t.rotation3D
            floats(t.translation.x, t.translation.y, t.scaleX, t.scaleY, t.rotation.radians, t.zPosition,
                   r.angle.radians, r.axisX, r.axisY, r.axisZ, r.perspective)
        }
        if let s = p.shadowRadius { key("shadow"); float(s) }
        if let o = p.contentOffset { key("offset"); point(o) }
    }

    mutating func config(_ c: PortalTransitionConfig) {
        let a = c.timing.parts
        key("animation"); animation(a.value)
        key("delay"); double(a.delay)
        key("minimum"); double(a.minimumDuration)
        key("criterion"); raw(a.completionCriteria == .removed ? "removed" : "logicallyComplete")
        key("corners")
        if let k = c.corners { floats(k.source, k.destination); comma(); raw(k.style == .circular ? "circular" : "continuous") } else { raw("-") }
        key("removal"); raw(c.removal == .fade ? "fade" : "none")
        key("content"); entity(c.layerContent)
        key("hits"); bool(c.allowsHitTesting)
        key("effects")
        if c.effects.isEmpty { raw("-") }
        for (i, effect) in c.effects.enumerated() {
            if i > 0 { comma() }
            switch effect.active {
            case let .scale(v): raw("scale("); float(v)
            case let .opacity(v): raw("opacity("); float(v)
            case let .rotation(v): raw("rotation("); float(v.radians)
            case let .shadowRadius(v): raw("shadow("); float(v)
            }
            comma(); animation(effect.animation); raw(")")
        }
        // Written only when set, so configurations without it trace as they always have.
        if let stack = c.following { key("following"); entity(stack) }
        if let drag = c.dragToDismiss {
            let style = drag.style
            key("drag"); raw(style.direction == .down ? "down" : "any"); comma()
            floats(style.minimumScale, style.scaleDistance, style.dismissDistance); comma(); entity(drag.backdrop); comma()
            switch drag.begin {
            case .always: raw("always")
            case let .whenScrollViewAtTop(scrollView): raw("top("); entity(scrollView); raw(")")
            }
        }
    }

    mutating func atomic(_ n: AtomicTransition.Node) {
        switch n {
        case .identity: raw("identity")
        case let .move(edge): raw("move("); raw(Self.edgeNames[edge.index]); raw(")")
        case let .offset(x, y): raw("offset("); floats(x, y); raw(")")
        case .opacity: raw("opacity")
        case let .rotate(a): raw("rotate("); float(a.radians); raw(")")
        case let .rotate3D(a, axis, p): raw("rotate3D("); floats(a.radians, axis.axisX, axis.axisY, axis.axisZ, p); raw(")")
        case let .scale(s): raw("scale("); float(s); raw(")")
        case let .zPosition(z): raw("zPosition("); float(z); raw(")")
        case .placement(.front): raw("front")
        case .placement(.back): raw("back")
        case let .combined(a, b): raw("combined("); atomic(a); comma(); atomic(b); raw(")")
        case let .asymmetric(a, b): raw("asymmetric("); atomic(a); comma(); atomic(b); raw(")")
        case let .only(op, a): raw(op == .insertion ? "onInsertion(" : "onRemoval("); atomic(a); raw(")")
        case let .custom(name, _): raw("custom("); string(name); raw(")")
        }
    }

    mutating func navigation(_ n: NavigationTransition.Node) {
        switch n {
        case let .on(op, a): raw(op == .push ? "push(" : "pop("); atomic(a.node); raw(")")
        case let .combined(a, b): raw("combined("); navigation(a); comma(); navigation(b); raw(")")
        case let .asymmetric(a, b): raw("asymmetric("); navigation(a); comma(); navigation(b); raw(")")
        case let .custom(name, _): raw("custom("); string(name); raw(")")
        case let .zoom(source, options):
            // The options are written only when set, so default zooms trace as they always have.
            raw("zoom("); entity(source)
            if options != ZoomOptions() {
                // Each optional is told apart from every value it may hold (a host may pass
                // any number, and a refused call must replay as refused): the alignment rect
                // and the drag by a flag of their own, the corner radius as `-` when unset.
                let a = options.alignmentRect
                let d = options.dragToDismiss
                comma(); floats(a == nil ? 0 : 1, a?.minX ?? 0, a?.minY ?? 0, a?.width ?? 0, a?.height ?? 0)
                comma(); if let r = options.cornerRadius { float(r) } else { raw("-") }
                comma(); floats(options.shadowRadius, options.dimmingOpacity,
                                d == nil ? 0 : d!.direction == .down ? 1 : 2, d?.minimumScale ?? 0, d?.scaleDistance ?? 0, d?.dismissDistance ?? 0)
            }
            raw(")")
        }
    }

    mutating func transition(_ t: NavigationTransition) {
        key("transition"); navigation(t.node)
        key("animation"); animation(t.animation)
    }

    static let edgeNames = ["top", "leading", "bottom", "trailing"]
    static let phaseNames = ["interacting", "decelerating", "idle"]
}

extension Edge {
    var index: Int {
        switch self {
        case .top: 0
        case .leading: 1
        case .bottom: 2
        case .trailing: 3
        }
    }
}

extension ScrollPhase {
    var index: Int {
        switch self {
        case .interacting: 0
        case .decelerating: 1
        case .idle: 2
        }
    }
}

/// Turns a parsed line back into a call, resolving entity names against the replay so far.
///
/// A class, not a struct: its readers pass one reference around instead of copying (and
/// releasing) its closure and handler tables at every call, which the WebAssembly module paid
/// for in code at each of the call types' readers.
final class TraceDecoder {
    var line: TraceLine
    /// `nan` is accepted only where a host may legitimately pass it: a refused call, a frame
    /// time (`advance` reports it), a tap, and the configuration of an item transition (which
    /// a transfer or a dismissal with no item presented does not read).
    let allowsNaN: Bool

    /// Whether an accepted call of `verb` may carry a NaN.
    static func acceptsNaN(_ verb: String) -> Bool { HostCallTable.entry(verb)?.acceptsNaN ?? false }
    let resolve: (String) throws(TraceError) -> Entity
    let atomicHandlers: [String: AtomicTransition.Handler]
    let navigationHandlers: [String: NavigationTransition.Handler]
    /// Checking a trace as it is parsed: custom transitions are resolved only at the replay.
    let dryRun: Bool
    /// The trace's format version (see ``Trace/formatVersion``): version 1 wrote a zoom's unset
    /// corner radius as −1.
    let version: Int
    /// The key being read, for messages.
    var field = ""
    init(line: TraceLine, allowsNaN: Bool, resolve: @escaping (String) throws(TraceError) -> Entity,
         atomicHandlers: [String: AtomicTransition.Handler], navigationHandlers: [String: NavigationTransition.Handler],
         dryRun: Bool, version: Int) {
        self.line = line
        self.allowsNaN = allowsNaN
        self.resolve = resolve
        self.atomicHandlers = atomicHandlers
        self.navigationHandlers = navigationHandlers
        self.dryRun = dryRun
        self.version = version
    }

    static let noAtomic: AtomicTransition.Handler = { _, _, _ in }
    static let noNavigation: NavigationTransition.Handler = { _, _, _, _ in }

    func fail(_ kind: TraceError.Kind) -> TraceError { TraceError(line: line.number, kind: kind) }
    func malformed(_ what: String) -> TraceError { fail(.malformed("\(field): \(what)")) }
    /// `malformed("‘word’ is not what")`, one body for the many places a word is not what its
    /// key takes.
    @inline(never)
    func notA(_ word: String, _ what: String) -> TraceError { malformed("‘\(word)’ is not \(what)") }

    @inline(never)
    func take(_ key: String) throws(TraceError) -> [TraceValue] {
        field = key
        guard let i = line.args.firstIndex(where: { $0.key == key }) else { throw fail(.malformed("missing \(key)=")) }
        return line.args.remove(at: i).value
    }
    /// Whether the line has `key` (not yet taken).
    func hasKey(_ key: String) -> Bool { line.args.contains { $0.key == key } }
    @inline(never)
    func takeIfPresent(_ key: String) throws(TraceError) -> [TraceValue]? {
        line.args.contains(where: { $0.key == key }) ? try take(key) : nil
    }
    func finish() throws(TraceError) {
        if let extra = line.args.first { throw fail(.malformed("unknown key \(extra.key)=")) }
    }

    /// Whether `v` is the atom `word`: `v == .atom(word)`, without building a value (and an
    /// array, for a list) to compare with.
    @inline(never)
    static func isAtom(_ v: TraceValue, _ word: String) -> Bool {
        if case let .atom(a) = v { return a == word }
        return false
    }
    /// Whether `list` is `-` alone: an empty list, or an unset value.
    @inline(never)
    static func isDash(_ list: [TraceValue]) -> Bool { list.count == 1 && isAtom(list[0], "-") }

    @inline(never)
    func atom(_ v: TraceValue) throws(TraceError) -> String {
        guard case let .atom(a) = v else { throw malformed("expected a plain value") }
        return a
    }
    @inline(never)
    func count(_ list: [TraceValue], _ n: Int) throws(TraceError) -> [TraceValue] {
        guard list.count == n else { throw malformed("expected \(n) values, found \(list.count)") }
        return list
    }
    @inline(never)
    func double(_ v: TraceValue) throws(TraceError) -> Double {
        let a = try atom(v)
        guard let d = a.hasPrefix("nan#") ? TraceInteger.uint64(String(a.dropFirst(4)), radix: 16).map(Double.init(bitPattern:)) : Double(a) else {
            throw notA(a, "a number")
        }
        if d.isNaN && !allowsNaN { throw fail(.notANumber(field: field)) }
        return d
    }
    @inline(never)
    func float(_ v: TraceValue) throws(TraceError) -> Float {
        let a = try atom(v)
        guard let f = a.hasPrefix("nan#") ? TraceInteger.uint32(String(a.dropFirst(4)), radix: 16).map(Float.init(bitPattern:)) : Float(a) else {
            throw notA(a, "a number")
        }
        if f.isNaN && !allowsNaN { throw fail(.notANumber(field: field)) }
        return f
    }
    @inline(never)
    func floats(_ list: [TraceValue], _ n: Int) throws(TraceError) -> [Float] {
        var out: [Float] = []
        for v in try count(list, n) { out.append(try float(v)) }
        return out
    }
    @inline(never)
    func one(_ list: [TraceValue]) throws(TraceError) -> TraceValue { try count(list, 1)[0] }
    @inline(never)
    func bool(_ list: [TraceValue]) throws(TraceError) -> Bool {
        switch try atom(one(list)) {
        case "true": return true
        case "false": return false
        case let a: throw notA(a, "true or false")
        }
    }
    /// The index in `names` of the one word `list` holds. One body for every set of choices:
    /// their values are picked by the index (`word(_:_:_:)`), not looked up in a dictionary of
    /// their own type.
    @inline(never)
    func wordIndex(_ list: [TraceValue], _ names: [String]) throws(TraceError) -> Int {
        let a = try atom(one(list))
        guard let i = names.firstIndex(of: a) else { throw malformed("‘\(a)’ is not one of \(names.sorted().joined(separator: ", "))") }
        return i
    }
    func word<T>(_ list: [TraceValue], _ names: [String], _ values: [T]) throws(TraceError) -> T { values[try wordIndex(list, names)] }
    @inline(never)
    func string(_ v: TraceValue) throws(TraceError) -> String {
        guard case let .string(s) = v else { throw malformed("expected a quoted string") }
        return s
    }
    @inline(never)
    func entity(_ list: [TraceValue]) throws(TraceError) -> Entity { try entity(one(list)) }
    @inline(never)
    func entity(_ v: TraceValue) throws(TraceError) -> Entity { try resolve(try atom(v)) }
    @inline(never)
    func optionalEntity(_ list: [TraceValue]) throws(TraceError) -> Entity? {
        if case .atom("-") = try one(list) { return nil }
        return try entity(list)
    }
    @inline(never)
    func rect(_ list: [TraceValue]) throws(TraceError) -> Rect {
        let f = try floats(list, 4)
        return Rect(x: f[0], y: f[1], width: f[2], height: f[3])
    }
    @inline(never)
    func optionalRect(_ list: [TraceValue]) throws(TraceError) -> Rect? {
        if Self.isDash(list) { return nil }
        return try rect(list)
    }
    @inline(never)
    func point(_ list: [TraceValue]) throws(TraceError) -> Point {
        let f = try floats(list, 2)
        return Point(x: f[0], y: f[1])
    }
    @inline(never)
    func node(_ v: TraceValue) throws(TraceError) -> (String, [TraceValue]) {
        switch v {
        case let .node(name, items): return (name, items)
        case let .atom(name): return (name, [])
        case .string: throw malformed("expected a value, found a string")
        }
    }

    @inline(never)
    func animation(_ v: TraceValue) throws(TraceError) -> Animation {
        let (name, items) = try node(v)
        var motion: Animation.Motion
        let rest: [TraceValue]
        switch name {
        case "spring":
            guard let kind = items.first, case let .atom(k) = kind else { throw malformed("a spring needs its kind") }
            switch k {
            case "duration", "response":
                let n = try count(items, 6)
                let a = try double(n[1]), b = try double(n[2])
                motion = .spring(k == "duration" ? Spring(duration: a, bounce: b) : Spring(response: a, dampingRatio: b),
                                 initialVelocity: try double(n[3]))
                rest = Array(n[4...])
            case "physical":
                let n = try count(items, 8)
                let over = try bool([n[4]])
                motion = .spring(Spring(mass: try double(n[1]), stiffness: try double(n[2]), damping: try double(n[3]), allowOverDamping: over),
                                 initialVelocity: try double(n[5]))
                rest = Array(n[6...])
            default: throw notA(k, "a spring kind")
            }
        case "curve":
            let n = try count(items, 7)
            let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: try double(n[0]), y: try double(n[1])),
                                         endControlPoint: UnitPoint(x: try double(n[2]), y: try double(n[3])))
            motion = .curve(curve, duration: try double(n[4]))
            rest = Array(n[5...])
        default: throw notA(name, "an animation")
        }
        var animation = Animation(motion)
        animation.delay = try double(rest[0])
        animation.speed = try double(rest[1])
        return animation
    }

    func properties() throws(TraceError) -> ViewProperties {
        var p = ViewProperties()
        if let v = try takeIfPresent("frame") { p.frame = try rect(v) }
        if let v = try takeIfPresent("radius") { p.cornerRadius = try float(one(v)) }
        if let v = try takeIfPresent("opacity") { p.opacity = try float(one(v)) }
        if let v = try takeIfPresent("transform") {
            let f = try floats(v, 11)
            var t = Transform(translation: Point(x: f[0], y: f[1]), scaleX: f[2], scaleY: f[3], rotation: .radians(f[4]), zPosition: f[5])
            t.rotation3D = Rotation3D(angle: .radians(f[6]), axis: (f[7], f[8], f[9]), perspective: f[10])
            p.transform = t
        }
        if let v = try takeIfPresent("shadow") { p.shadowRadius = try float(one(v)) }
        if let v = try takeIfPresent("offset") { p.contentOffset = try point(v) }
        return p
    }

    func config() throws(TraceError) -> PortalTransitionConfig {
        let value = try animation(one(take("animation")))
        let delay = try double(one(take("delay")))
        let minimum = try double(one(take("minimum")))
        let criterion: AnimationCompletionCriteria = try word(take("criterion"), ["removed", "logicallyComplete"], [.removed, .logicallyComplete])
        var corners: PortalCorners?
        let c = try take("corners")
        if !Self.isDash(c) {
            let n = try count(c, 3)
            corners = PortalCorners(source: try float(n[0]), destination: try float(n[1]),
                                    style: try word([n[2]], ["circular", "continuous"], [.circular, .continuous]))
        }
        let removal: PortalLayerRemoval = try word(take("removal"), ["none", "fade"], [.none, .fade])
        let content = try optionalEntity(take("content"))
        let hits = try bool(take("hits"))
        var effects: [PortalLayerEffect] = []
        let e = try take("effects")
        if !Self.isDash(e) {
            for item in e {
                let (name, args) = try node(item)
                let n = try count(args, 2)
                let anim = try animation(n[1])
                switch name {
                case "scale": effects.append(.scale(try float(n[0]), animation: anim))
                case "opacity": effects.append(.opacity(try float(n[0]), animation: anim))
                case "rotation": effects.append(.rotation(.radians(try float(n[0])), animation: anim))
                case "shadow": effects.append(.shadowRadius(try float(n[0]), animation: anim))
                default: throw notA(name, "a layer effect")
                }
            }
        }
        var config = PortalTransitionConfig(corners: corners, removal: removal, layerContent: content, allowsHitTesting: hits, effects: effects)
        config.timing = .custom(PortalTimingParts(value: value, delay: delay, completionCriteria: criterion, minimumDuration: minimum))
        if let stack = try takeIfPresent("following") { config.following = try entity(stack) }
        if let d = try takeIfPresent("drag") {
            let n = try count(d, 6)
            let style = DragDismissStyle(direction: try word([n[0]], ["down", "any"], [.down, .any]), minimumScale: try float(n[1]),
                                         scaleDistance: try float(n[2]), dismissDistance: try float(n[3]))
            let begin: PortalDragBegin
            if Self.isAtom(n[5], "always") {
                begin = .always
            } else {
                let (name, items) = try node(n[5])
                guard name == "top" else { throw notA(name, "a drag begin rule") }
                begin = .whenScrollViewAtTop(try entity(count(items, 1)[0]))
            }
            config.dragToDismiss = PortalDragDismiss(style: style, backdrop: try optionalEntity([n[4]]), begin: begin)
        }
        return config
    }

    func atomic(_ v: TraceValue) throws(TraceError) -> AtomicTransition.Node {
        let (name, items) = try node(v)
        func f(_ n: Int) throws(TraceError) -> [Float] { try floats(items, n) }
        switch name {
        case "identity": return .identity
        case "opacity": return .opacity
        case "front": return .placement(.front)
        case "back": return .placement(.back)
        case "move":
            return .move(try word(items, TraceWriter.edgeNames, [.top, .leading, .bottom, .trailing]))
        case "offset": let n = try f(2); return .offset(x: n[0], y: n[1])
        case "rotate": return .rotate(.radians(try f(1)[0]))
        case "rotate3D":
            let n = try f(5)
            return .rotate3D(.radians(n[0]), axis: Rotation3D(axis: (n[1], n[2], n[3])), perspective: n[4])
        case "scale": return .scale(try f(1)[0])
        case "zPosition": return .zPosition(try f(1)[0])
        case "combined", "asymmetric":
            let n = try count(items, 2)
            let a = try atomic(n[0]), b = try atomic(n[1])
            return name == "combined" ? .combined(a, b) : .asymmetric(insertion: a, removal: b)
        case "onInsertion": return .only(.insertion, try atomic(one(items)))
        case "onRemoval": return .only(.removal, try atomic(one(items)))
        case "custom":
            let label = try string(one(items))
            guard let handler = atomicHandlers[label] ?? (dryRun ? Self.noAtomic : nil) else { throw fail(.unresolvedCustomTransition(label)) }
            return .custom(name: label, handler)
        default: throw notA(name, "a transition")
        }
    }

    func navigation(_ v: TraceValue) throws(TraceError) -> NavigationTransition.Node {
        let (name, items) = try node(v)
        switch name {
        case "push", "pop": return .on(name == "push" ? .push : .pop, AtomicTransition(node: try atomic(one(items))))
        case "combined", "asymmetric":
            let n = try count(items, 2)
            let a = try navigation(n[0]), b = try navigation(n[1])
            return name == "combined" ? .combined(a, b) : .asymmetric(push: a, pop: b)
        case "custom":
            let label = try string(one(items))
            guard let handler = navigationHandlers[label] ?? (dryRun ? Self.noNavigation : nil) else { throw fail(.unresolvedCustomTransition(label)) }
            return .custom(name: label, handler)
        case "zoom":
            guard items.count > 1 else { return .zoom(source: try entity(one(items)), ZoomOptions()) }
            guard let first = items.first else { throw malformed("a zoom needs its source") }
            var values = try count(Array(items.dropFirst()), 12)
            // The corner radius: `-` when unset (version 2); version 1 wrote −1 for unset.
            let radius: Float?
            if version >= 2 {
                radius = Self.isAtom(values[5], "-") ? nil : try float(values[5])
            } else {
                let r = try float(values[5])
                radius = r < 0 ? nil : r
            }
            values[5] = .atom("0")
            let n = try floats(values, 12)
            let drag = n[8] == 0 ? nil : DragDismissStyle(direction: n[8] == 1 ? .down : .any, minimumScale: n[9], scaleDistance: n[10],
                                                          dismissDistance: n[11])
            let options = ZoomOptions(alignmentRect: n[0] != 0 ? Rect(x: n[1], y: n[2], width: n[3], height: n[4]) : nil,
                                      cornerRadius: radius, shadowRadius: n[6], dimmingOpacity: n[7], dragToDismiss: drag)
            return .zoom(source: try entity(first), options)
        default: throw notA(name, "a navigation transition")
        }
    }

    func transition() throws(TraceError) -> NavigationTransition {
        let node = try navigation(one(take("transition")))
        return NavigationTransition(node: node).animation(try animation(one(take("animation"))))
    }

    /// The call the line records: the call type its verb names reads its keys, and none may be
    /// left over.
    func call() throws(TraceError) -> (call: DecodedCall, spawns: Bool) {
        guard let entry = HostCallTable.entry(line.verb) else { throw fail(.unknownCall(line.verb)) }
        var decoder = self
        let call = try entry.read(&decoder)
        try finish()
        return (call, entry.spawns)
    }
}
