// Each call's line: its verb and keys, written by `TraceWriter.write(_:)` and read back by
// `TraceDecoder.call()`. The two halves sit side by side per value type, so a new call or
// field is added in one place.

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
        let a = c.animation
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
        }
    }

    mutating func transition(_ t: NavigationTransition) {
        key("transition"); navigation(t.node)
        key("animation"); animation(t.animation)
    }

    static let edgeNames = ["top", "leading", "bottom", "trailing"]
    static let phaseNames = ["interacting", "decelerating", "idle"]

    /// Writes a call's verb and arguments (the line's `@TICK` is written by the recorder).
    mutating func write(_ call: TraceCall) {
        switch call {
        case .spawn: raw("spawn")
        case let .spawnView(frame, radius, opacity, parent):
            raw("spawnView"); key("frame"); rect(frame); key("radius"); float(radius); key("opacity"); float(opacity)
            if let parent { key("parent"); entity(parent) }
        case let .despawn(e): raw("despawn"); key("entity"); entity(e)
        case let .update(e, p): raw("update"); key("view"); entity(e); properties(p)
        case let .animate(e, p, a): raw("animate"); key("view"); entity(e); properties(p); key("with"); animation(a)
        case let .setZIndex(e, z): raw("zIndex"); key("view"); entity(e); key("z"); int(z)
        case let .setAllowsHitTesting(e, b): raw("hitTesting"); key("view"); entity(e); key("allows"); bool(b)
        case let .setHidden(e, b): raw("hidden"); key("view"); entity(e); key("hidden"); bool(b)
        case let .setCornerStyle(e, s, c):
            raw("cornerStyle"); key("view"); entity(e); key("style"); raw(s == .circular ? "circular" : "continuous"); key("clips"); bool(c)
        case let .setParent(v, p, k): raw("setParent"); key("view"); entity(v); key("parent"); entity(p); key("keepGlobalFrame"); bool(k)
        case let .setContentOffset(v, o): raw("contentOffset"); key("view"); entity(v); key("offset"); point(o)
        case let .setFrames(frames):
            // `frames=f(e1,x,y,w,h),f(e2,…)`, or `-` for an empty batch.
            raw("setFrames"); key("frames")
            if frames.isEmpty { raw("-") }
            for (i, element) in frames.enumerated() {
                if i > 0 { comma() }
                raw("f("); entity(element.view); comma(); rect(element.frame); raw(")")
            }
        case let .setClipsToBounds(v, c): raw("clipsToBounds"); key("view"); entity(v); key("clips"); bool(c)
        case let .portal(v, id, role):
            raw("portal"); key("view"); entity(v); key("id"); string(id.rawValue); key("role"); raw(role == .source ? "source" : "destination")
        case let .removePortal(v): raw("removePortal"); key("view"); entity(v)
        case let .portalTransition(id, active, c): raw("portalTransition"); key("id"); string(id.rawValue); key("active"); bool(active); config(c)
        case let .portalItem(id, c, scope): raw("portalItem"); key("id"); string(id.rawValue); key("scope"); string(scope); config(c)
        case let .dismissPortalItem(c, scope): raw("dismissPortalItem"); key("scope"); string(scope); config(c)
        case let .portalGroup(ids, group, active, c, stagger):
            raw("portalGroup"); key("ids")
            if ids.isEmpty { raw("-") }
            for (i, id) in ids.enumerated() {
                if i > 0 { comma() }
                string(id.rawValue)
            }
            key("group"); string(group); key("active"); bool(active); key("stagger"); double(stagger); config(c)
        case let .transferActivePortal(from, to): raw("transfer"); key("from"); string(from.rawValue); key("to"); string(to.rawValue)
        case let .reduceMotion(b): raw("reduceMotion"); key("on"); bool(b)
        case let .popupPolicy(p): raw("popupPolicy"); key("policy"); raw(p == .stack ? "stack" : "oneAtATime")
        case let .spawnNavigationStack(frame, root, start):
            raw("navigationStack"); key("frame"); rect(frame); key("root"); entity(root); key("popStart")
            if case let .edge(width) = start { raw("edge("); float(width); raw(")") } else { raw("anywhere") }
        case let .spawnScreen(stack, radius): raw("screen"); key("stack"); entity(stack); key("radius"); float(radius)
        case let .push(s, stack, t): raw("push"); key("screen"); entity(s); key("stack"); entity(stack); transition(t)
        case let .pop(stack, t): raw("pop"); key("stack"); entity(stack); transition(t)
        case let .popToRoot(stack, t): raw("popToRoot"); key("stack"); entity(stack); transition(t)
        case let .setStack(stack, screens, t):
            raw("setStack"); key("stack"); entity(stack); key("screens")
            if screens.isEmpty { raw("-") }
            for (i, s) in screens.enumerated() {
                if i > 0 { comma() }
                entity(s)
            }
            transition(t)
        case let .beginInteractivePop(stack, p, t): raw("beginPop"); key("stack"); entity(stack); key("at"); point(p); transition(t)
        case let .updateInteractivePop(stack, x): raw("updatePop"); key("stack"); entity(stack); key("translation"); float(x)
        case let .endInteractivePop(stack, v): raw("endPop"); key("stack"); entity(stack); key("velocity"); float(v)
        case let .flowingHeader(h):
            raw("flowingHeader"); key("screen"); entity(h.screen); key("title"); entity(h.title); key("subtitle"); entity(h.subtitle)
            key("accessory"); entity(h.accessory); key("barTitle"); entity(h.barTitle); key("barAccessory"); entity(h.barAccessory)
            key("displays"); int(h.displays.rawValue)
            key("layout"); raw(h.layout == .horizontal ? "horizontal" : "vertical")
            key("snapping"); raw(h.snapping == .directional ? "directional" : h.snapping == .nearest ? "nearest" : "none")
            let t = h.tokens
            key("tokens"); double(t.transitionDuration); comma(); double(t.scrollAnimationDuration); comma()
            floats(t.transitionRange, t.accessoryStartDivisor, t.startWithoutAccessory, t.barAccessorySize,
                   t.accessoryMinimumOpacity, t.accessoryFadeRate, t.directionThreshold, t.barSpacing)
        case let .setFlowingHeaderAnchors(h, title, accessory, bar, size):
            raw("headerAnchors"); key("header"); entity(h); key("title"); rect(title); key("accessory"); rect(accessory)
            key("bar"); rect(bar); key("barTitleSize"); self.size(size)
        case let .reportScroll(h, offset, phase):
            raw("scroll"); key("header"); entity(h); key("offset"); float(offset); key("phase"); raw(Self.phaseNames[phase.index])
        case let .setPopupContainer(bounds, e):
            raw("popupContainer"); key("bounds"); rect(bounds); key("safeArea"); floats(e.top, e.leading, e.bottom, e.trailing)
        case let .presentPopup(c, s, w, h, a, b):
            raw("presentPopup"); key("content"); entity(c); key("source"); entity(s); key("width"); float(w); key("height"); float(h)
            key("animation"); animation(a); key("backdrop"); bool(b)
        case let .dismissPopup(c): raw("dismissPopup"); key("content"); entity(c)
        case .dismissTopPopup: raw("dismissTopPopup")
        case let .tap(p): raw("tap"); key("at"); point(p)
        case let .makeScrollView(v, c):
            // `rate=` is written in full (a Double): a custom rate replays to the same bits.
            raw("makeScrollView"); key("view"); entity(v); key("content"); floats(c.contentSize.width, c.contentSize.height)
            key("inset"); floats(c.contentInset.top, c.contentInset.leading, c.contentInset.bottom, c.contentInset.trailing)
            key("axes"); int(Int32(c.axes.rawValue)); key("paging"); bool(c.isPagingEnabled); key("rate"); double(c.decelerationRate.rawValue)
            key("bounces"); bool(c.bounces); key("alwaysBounceHorizontal"); bool(c.alwaysBounceHorizontal)
            key("alwaysBounceVertical"); bool(c.alwaysBounceVertical)
        case let .removeScrollView(v): raw("removeScrollView"); key("view"); entity(v)
        case let .scroll(v, o, animated): raw("scrollTo"); key("view"); entity(v); key("offset"); point(o); key("animated"); bool(animated)
        case let .advance(s): raw("advance"); key("seconds"); double(s)
        case .tick: raw("tick")
        }
    }
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
struct TraceDecoder {
    var line: TraceLine
    /// `nan` is accepted only where a host may legitimately pass it: a refused call, a frame
    /// time (`advance` reports it), a tap, and the configuration of an item transition (which
    /// a transfer or a dismissal with no item presented does not read).
    let allowsNaN: Bool

    /// Whether an accepted call of `verb` may carry a NaN.
    static func acceptsNaN(_ verb: String) -> Bool {
        verb == "advance" || verb == "tap" || verb == "portalItem" || verb == "dismissPortalItem"
    }
    let resolve: (String) throws(TraceError) -> Entity
    let atomicHandlers: [String: AtomicTransition.Handler]
    let navigationHandlers: [String: NavigationTransition.Handler]
    /// Checking a trace as it is parsed: custom transitions are resolved only at the replay.
    let dryRun: Bool
    /// The key being read, for messages. A box: a non-mutating reader called as
    /// `read(take(key))` runs on a copy of the decoder made before `take` names the key.
    final class Field { var name = "" }
    let current = Field()
    var field: String { current.name }
    static let noAtomic: AtomicTransition.Handler = { _, _, _ in }
    static let noNavigation: NavigationTransition.Handler = { _, _, _, _ in }

    func fail(_ kind: TraceError.Kind) -> TraceError { TraceError(line: line.number, kind: kind) }
    func malformed(_ what: String) -> TraceError { fail(.malformed("\(field): \(what)")) }

    mutating func take(_ key: String) throws(TraceError) -> [TraceValue] {
        current.name = key
        guard let i = line.args.firstIndex(where: { $0.key == key }) else { throw fail(.malformed("missing \(key)=")) }
        return line.args.remove(at: i).value
    }
    mutating func takeIfPresent(_ key: String) throws(TraceError) -> [TraceValue]? {
        line.args.contains(where: { $0.key == key }) ? try take(key) : nil
    }
    func finish() throws(TraceError) {
        if let extra = line.args.first { throw fail(.malformed("unknown key \(extra.key)=")) }
    }

    func atom(_ v: TraceValue) throws(TraceError) -> String {
        guard case let .atom(a) = v else { throw malformed("expected a plain value") }
        return a
    }
    func count(_ list: [TraceValue], _ n: Int) throws(TraceError) -> [TraceValue] {
        guard list.count == n else { throw malformed("expected \(n) values, found \(list.count)") }
        return list
    }
    func double(_ v: TraceValue) throws(TraceError) -> Double {
        let a = try atom(v)
        guard let d = a.hasPrefix("nan#") ? UInt64(a.dropFirst(4), radix: 16).map(Double.init(bitPattern:)) : Double(a) else {
            throw malformed("‘\(a)’ is not a number")
        }
        if d.isNaN && !allowsNaN { throw fail(.notANumber(field: field)) }
        return d
    }
    func float(_ v: TraceValue) throws(TraceError) -> Float {
        let a = try atom(v)
        guard let f = a.hasPrefix("nan#") ? UInt32(a.dropFirst(4), radix: 16).map(Float.init(bitPattern:)) : Float(a) else {
            throw malformed("‘\(a)’ is not a number")
        }
        if f.isNaN && !allowsNaN { throw fail(.notANumber(field: field)) }
        return f
    }
    func floats(_ list: [TraceValue], _ n: Int) throws(TraceError) -> [Float] {
        var out: [Float] = []
        for v in try count(list, n) { out.append(try float(v)) }
        return out
    }
    func one(_ list: [TraceValue]) throws(TraceError) -> TraceValue { try count(list, 1)[0] }
    func bool(_ list: [TraceValue]) throws(TraceError) -> Bool {
        switch try atom(one(list)) {
        case "true": return true
        case "false": return false
        case let a: throw malformed("‘\(a)’ is not true or false")
        }
    }
    func word<T>(_ list: [TraceValue], _ choices: [String: T]) throws(TraceError) -> T {
        let a = try atom(one(list))
        guard let value = choices[a] else { throw malformed("‘\(a)’ is not one of \(choices.keys.sorted().joined(separator: ", "))") }
        return value
    }
    func string(_ v: TraceValue) throws(TraceError) -> String {
        guard case let .string(s) = v else { throw malformed("expected a quoted string") }
        return s
    }
    func entity(_ list: [TraceValue]) throws(TraceError) -> Entity { try entity(one(list)) }
    func entity(_ v: TraceValue) throws(TraceError) -> Entity { try resolve(try atom(v)) }
    func optionalEntity(_ list: [TraceValue]) throws(TraceError) -> Entity? {
        if case .atom("-") = try one(list) { return nil }
        return try entity(list)
    }
    func rect(_ list: [TraceValue]) throws(TraceError) -> Rect {
        let f = try floats(list, 4)
        return Rect(x: f[0], y: f[1], width: f[2], height: f[3])
    }
    func optionalRect(_ list: [TraceValue]) throws(TraceError) -> Rect? {
        if list == [.atom("-")] { return nil }
        return try rect(list)
    }
    func point(_ list: [TraceValue]) throws(TraceError) -> Point {
        let f = try floats(list, 2)
        return Point(x: f[0], y: f[1])
    }
    func node(_ v: TraceValue) throws(TraceError) -> (String, [TraceValue]) {
        switch v {
        case let .node(name, items): return (name, items)
        case let .atom(name): return (name, [])
        case .string: throw malformed("expected a value, found a string")
        }
    }

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
            default: throw malformed("‘\(k)’ is not a spring kind")
            }
        case "curve":
            let n = try count(items, 7)
            let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: try double(n[0]), y: try double(n[1])),
                                         endControlPoint: UnitPoint(x: try double(n[2]), y: try double(n[3])))
            motion = .curve(curve, duration: try double(n[4]))
            rest = Array(n[5...])
        default: throw malformed("‘\(name)’ is not an animation")
        }
        var animation = Animation(motion)
        animation.delay = try double(rest[0])
        animation.speed = try double(rest[1])
        return animation
    }

    mutating func properties() throws(TraceError) -> ViewProperties {
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

    mutating func config() throws(TraceError) -> PortalTransitionConfig {
        let value = try animation(one(take("animation")))
        let delay = try double(one(take("delay")))
        let minimum = try double(one(take("minimum")))
        let criterion: AnimationCompletionCriteria = try word(take("criterion"), ["removed": .removed, "logicallyComplete": .logicallyComplete])
        var corners: PortalCorners?
        let c = try take("corners")
        if c != [.atom("-")] {
            let n = try count(c, 3)
            corners = PortalCorners(source: try float(n[0]), destination: try float(n[1]),
                                    style: try word([n[2]], ["circular": .circular, "continuous": .continuous]))
        }
        let removal: PortalLayerRemoval = try word(take("removal"), ["none": .none, "fade": .fade])
        let content = try optionalEntity(take("content"))
        let hits = try bool(take("hits"))
        var effects: [PortalLayerEffect] = []
        let e = try take("effects")
        if e != [.atom("-")] {
            for item in e {
                let (name, args) = try node(item)
                let n = try count(args, 2)
                let anim = try animation(n[1])
                switch name {
                case "scale": effects.append(.scale(try float(n[0]), animation: anim))
                case "opacity": effects.append(.opacity(try float(n[0]), animation: anim))
                case "rotation": effects.append(.rotation(.radians(try float(n[0])), animation: anim))
                case "shadow": effects.append(.shadowRadius(try float(n[0]), animation: anim))
                default: throw malformed("‘\(name)’ is not a layer effect")
                }
            }
        }
        var config = PortalTransitionConfig(corners: corners, removal: removal, layerContent: content, allowsHitTesting: hits, effects: effects)
        config.animation = TracedPortalAnimation(value: value, delay: delay, completionCriteria: criterion, minimumDuration: minimum)
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
            let edges: [String: Edge] = ["top": .top, "leading": .leading, "bottom": .bottom, "trailing": .trailing]
            return .move(try word(items, edges))
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
        default: throw malformed("‘\(name)’ is not a transition")
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
        default: throw malformed("‘\(name)’ is not a navigation transition")
        }
    }

    mutating func transition() throws(TraceError) -> NavigationTransition {
        let node = try navigation(one(take("transition")))
        return NavigationTransition(node: node).animation(try animation(one(take("animation"))))
    }

    /// The call the line records.
    mutating func call() throws(TraceError) -> TraceCall {
        let call: TraceCall
        switch line.verb {
        case "spawn": call = .spawn
        case "spawnView":
            let frame = try rect(take("frame")), radius = try float(one(take("radius"))), opacity = try float(one(take("opacity")))
            var parent: Entity??
            if let p = try takeIfPresent("parent") { parent = .some(try optionalEntity(p)) }
            call = .spawnView(frame: frame, cornerRadius: radius, opacity: opacity, parent: parent)
        case "despawn": call = .despawn(try entity(take("entity")))
        case "update": let v = try entity(take("view")); call = .update(v, try properties())
        case "animate":
            let v = try entity(take("view"))
            let p = try properties()
            call = .animate(v, p, try animation(one(take("with"))))
        case "zIndex":
            let v = try entity(take("view"))
            let z = try atom(one(take("z")))
            guard let zi = Int32(z) else { throw malformed("‘\(z)’ is not a 32-bit integer") }
            call = .setZIndex(v, zi)
        case "hitTesting": call = .setAllowsHitTesting(try entity(take("view")), try bool(take("allows")))
        case "hidden": call = .setHidden(try entity(take("view")), try bool(take("hidden")))
        case "cornerStyle":
            call = .setCornerStyle(try entity(take("view")), try word(take("style"), ["circular": .circular, "continuous": .continuous]),
                                   clipsContent: try bool(take("clips")))
        case "setParent":
            call = .setParent(try entity(take("view")), try optionalEntity(take("parent")), keepingGlobalFrame: try bool(take("keepGlobalFrame")))
        case "contentOffset": call = .setContentOffset(try entity(take("view")), try point(take("offset")))
        case "setFrames":
            let list = try take("frames")
            var frames: [ViewFrame] = []
            if list != [.atom("-")] {
                for v in list {
                    let (name, items) = try node(v)
                    guard name == "f", let first = items.first else { throw malformed("expected f(entity,x,y,width,height)") }
                    frames.append(ViewFrame(view: try entity(first), frame: try rect(Array(items.dropFirst()))))
                }
            }
            call = .setFrames(frames)
        case "clipsToBounds": call = .setClipsToBounds(try entity(take("view")), try bool(take("clips")))
        case "portal":
            call = .portal(try entity(take("view")), PortalID(try string(one(take("id")))),
                           try word(take("role"), ["source": .source, "destination": .destination]))
        case "removePortal": call = .removePortal(try entity(take("view")))
        case "portalTransition":
            let id = PortalID(try string(one(take("id")))), active = try bool(take("active"))
            call = .portalTransition(id, isActive: active, try config())
        case "portalItem":
            let id = PortalID(try string(one(take("id")))), scope = try string(one(take("scope")))
            call = .portalItem(id, try config(), scope: scope)
        case "dismissPortalItem":
            let scope = try string(one(take("scope")))
            call = .dismissPortalItem(try config(), scope: scope)
        case "portalGroup":
            let list = try take("ids")
            var ids: [PortalID] = []
            if list != [.atom("-")] { for v in list { ids.append(PortalID(try string(v))) } }
            let group = try string(one(take("group"))), active = try bool(take("active")), stagger = try double(one(take("stagger")))
            call = .portalGroup(ids, groupID: group, isActive: active, try config(), stagger: stagger)
        case "transfer": call = .transferActivePortal(PortalID(try string(one(take("from")))), PortalID(try string(one(take("to")))))
        case "reduceMotion": call = .reduceMotion(try bool(take("on")))
        case "popupPolicy": call = .popupPolicy(try word(take("policy"), ["stack": .stack, "oneAtATime": .oneAtATime]))
        case "navigationStack":
            let frame = try rect(take("frame")), root = try entity(take("root"))
            let start: InteractivePopStart
            switch try node(one(take("popStart"))) {
            case ("anywhere", []): start = .anywhere
            case let ("edge", items): start = .edge(width: try floats(items, 1)[0])
            default: throw malformed("expected edge(WIDTH) or anywhere")
            }
            call = .spawnNavigationStack(frame: frame, root: root, start)
        case "screen":
            let stack = try entity(take("stack"))
            call = .spawnScreen(stack: stack, cornerRadius: try float(one(take("radius"))))
        case "push":
            let s = try entity(take("screen")), stack = try entity(take("stack"))
            call = .push(s, onto: stack, try transition())
        case "pop": let stack = try entity(take("stack")); call = .pop(stack, try transition())
        case "popToRoot": let stack = try entity(take("stack")); call = .popToRoot(stack, try transition())
        case "setStack":
            let stack = try entity(take("stack"))
            let list = try take("screens")
            var screens: [Entity] = []
            if list != [.atom("-")] { for v in list { screens.append(try entity(v)) } }
            call = .setStack(stack, screens, try transition())
        case "beginPop":
            let stack = try entity(take("stack")), p = try point(take("at"))
            call = .beginInteractivePop(stack, p, try transition())
        case "updatePop": call = .updateInteractivePop(try entity(take("stack")), try float(one(take("translation"))))
        case "endPop": call = .endInteractivePop(try entity(take("stack")), try float(one(take("velocity"))))
        case "flowingHeader":
            let screen = try entity(take("screen")), title = try entity(take("title")), subtitle = try optionalEntity(take("subtitle"))
            let accessory = try optionalEntity(take("accessory")), barTitle = try optionalEntity(take("barTitle"))
            let barAccessory = try optionalEntity(take("barAccessory"))
            let d = try atom(one(take("displays")))
            guard let displays = UInt8(d) else { throw malformed("‘\(d)’ is not a display set") }
            let layout: FlowingHeaderLayout = try word(take("layout"), ["horizontal": .horizontal, "vertical": .vertical])
            let snapping: SnappingBehavior = try word(take("snapping"), ["directional": .directional, "nearest": .nearest, "none": .none])
            let t = try count(take("tokens"), 10)
            let f = try floats(Array(t[2...]), 8)
            let tokens = FlowingHeaderTokens(transitionDuration: try double(t[0]), scrollAnimationDuration: try double(t[1]),
                                             transitionRange: f[0], accessoryStartDivisor: f[1], startWithoutAccessory: f[2],
                                             barAccessorySize: f[3], accessoryMinimumOpacity: f[4], accessoryFadeRate: f[5],
                                             directionThreshold: f[6], barSpacing: f[7])
            call = .flowingHeader(FlowingHeaderCall(screen: screen, title: title, subtitle: subtitle, accessory: accessory,
                                                    barTitle: barTitle, barAccessory: barAccessory,
                                                    displays: FlowingHeaderDisplays(rawValue: displays), layout: layout,
                                                    snapping: snapping, tokens: tokens))
        case "headerAnchors":
            let h = try entity(take("header")), title = try rect(take("title")), accessory = try optionalRect(take("accessory"))
            let bar = try rect(take("bar")), size = try floats(take("barTitleSize"), 2)
            call = .setFlowingHeaderAnchors(h, title: title, accessory: accessory, bar: bar, barTitleSize: Size(width: size[0], height: size[1]))
        case "scroll":
            let h = try entity(take("header")), offset = try float(one(take("offset")))
            call = .reportScroll(h, offset, try word(take("phase"), ["interacting": .interacting, "decelerating": .decelerating, "idle": .idle]))
        case "popupContainer":
            let bounds = try rect(take("bounds")), e = try floats(take("safeArea"), 4)
            call = .setPopupContainer(bounds, EdgeInsets(top: e[0], leading: e[1], bottom: e[2], trailing: e[3]))
        case "presentPopup":
            let c = try entity(take("content")), s = try entity(take("source"))
            let w = try float(one(take("width"))), h = try float(one(take("height")))
            call = .presentPopup(c, from: s, width: w, height: h, try animation(one(take("animation"))), backdrop: try bool(take("backdrop")))
        case "dismissPopup": call = .dismissPopup(try entity(take("content")))
        case "dismissTopPopup": call = .dismissTopPopup
        case "tap": call = .tap(try point(take("at")))
        case "makeScrollView":
            let v = try entity(take("view")), content = try floats(take("content"), 2), inset = try floats(take("inset"), 4)
            let axes = try atom(one(take("axes")))
            guard let bits = UInt8(axes) else { throw malformed("‘\(axes)’ is not an axis set") }
            let paging = try bool(take("paging")), rate = try double(one(take("rate")))
            let bounces = try bool(take("bounces")), horizontal = try bool(take("alwaysBounceHorizontal"))
            let vertical = try bool(take("alwaysBounceVertical"))
            call = .makeScrollView(v, ScrollViewConfiguration(
                contentSize: Size(width: content[0], height: content[1]),
                contentInset: EdgeInsets(top: inset[0], leading: inset[1], bottom: inset[2], trailing: inset[3]),
                axes: ScrollAxes(rawValue: bits), isPagingEnabled: paging, decelerationRate: ScrollDecelerationRate(rawValue: rate),
                bounces: bounces, alwaysBounceHorizontal: horizontal, alwaysBounceVertical: vertical))
        case "removeScrollView": call = .removeScrollView(try entity(take("view")))
        case "scrollTo": call = .scroll(try entity(take("view")), try point(take("offset")), animated: try bool(take("animated")))
        case "advance": call = .advance(try double(one(take("seconds"))))
        case "tick": call = .tick
        default: throw fail(.unknownCall(line.verb))
        }
        try finish()
        return call
    }
}

/// A portal animation read from a trace: the four numbers the flight reads, whatever type the
/// recorded configuration used.
struct TracedPortalAnimation: PortalAnimationProtocol {
    let value: Animation
    let delay: Double
    let completionCriteria: AnimationCompletionCriteria
    let minimumDuration: Double
}
