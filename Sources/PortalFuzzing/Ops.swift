import Portal

/// An entity argument: a variable (the entity the call at that index of the sequence returned or
/// captured) or a handle that was never spawned.
enum Ref: Sendable {
    case v(Int)
    case never(UInt64)
}

/// A portal transition's configuration, as built and as printed.
struct ConfigSpec: Sendable {
    var animation: AnimSpec
    var delay: Double
    var duration: Double?                 // nil: PortalAnimationWithCompletion
    var criterion: Bool                   // logicallyComplete when true
    var corners: (Float, Float, Bool)?
    var removal: Bool                     // .fade when true
    var layerContent: Ref?
    var hitTesting: Bool
    var effects: [EffectSpec]
    /// Drawn for every configuration, so that turning on portal drag-to-dismiss in the
    /// fuzzer (see `Execution.config`) changes no other call of a seed's sequence.
    var dragDismiss: Bool = false
}

/// The user systems the fuzzer adds: each calls the public API from inside a tick.
enum SystemKind: Int, CaseIterable, Sendable {
    case spawnViews, spawnDespawn, animateRendered, despawnRendered, updateGlows, togglePortal, insertGlow,
         dismissTop, setFrameRendered, reentrantTick, tapCentre, despawnLayer
}

/// One generated call.
enum Op: Sendable {
    /// Whether the call adds code to the world (a system) or touches user components, which a
    /// trace does not hold.
    var isCode: Bool {
        switch self {
        case .addSystem, .removeSystem, .register, .insertGlow, .removeGlow, .glow, .forEachGlow, .updateEachGlow, .recording: return true
        default: return false
        }
    }

    case spawnView(RectSpec, Float, Float)
    case spawn
    case despawn(Ref)
    case setFrame(RectSpec, Ref)
    case update(Ref, PropsSpec)
    case animate(Ref, PropsSpec, AnimSpec)
    case setZIndex(Int32, Ref)
    case setHitTesting(Bool, Ref)
    case setHidden(Bool, Ref)
    case setCornerStyle(Bool, Bool, Ref)
    case presentation(Ref)
    case register
    case insertGlow(Int, Ref)
    case removeGlow(Ref)
    case glow(Ref)
    case forEachGlow
    case updateEachGlow
    case addSystem(SystemKind, TickStage, Int)
    case removeSystem(Int)
    case portal(Ref, Int, Bool)                       // id index, source?
    case portalItem(Ref, Int, Bool)
    case removePortal(Ref)
    case portalTransition(Int, Bool, ConfigSpec)
    case portalTransitionItem(Int?, ConfigSpec, Int)  // item, scope
    case portalGroup([Int], Int, Bool, ConfigSpec, Double, Bool)  // ids, group, active, config, stagger, as items
    case transfer(Int, Int)
    case reduceMotion(Bool)
    case captureRendered(Int, Bool)                   // index, overlay/backdrop only
    case captureLayer(Int)
    case spawnStack(RectSpec, Ref, Float?)            // edge width, nil = anywhere
    case spawnScreen(Ref, Float)                      // stack, corner radius
    case push(Ref, Ref, NavSpec)
    case pop(Ref, NavSpec)
    case popToRoot(Ref, NavSpec)
    case setStack(Ref, [Ref], NavSpec)
    case screens(Ref)
    case navigationProgress(Ref)
    case beginPop(Ref, Float, Float, NavSpec)
    case updatePop(Ref, Float)
    case endPop(Ref, Float)
    case header(Ref, Ref, Ref?, Ref?, Ref?, Ref?, UInt8, Bool, Int, TokensSpec)
    case headerAnchors(Ref, RectSpec, RectSpec?, RectSpec, Float, Float)
    case scroll(Ref, Float, Int)
    case headerProgress(Ref)
    case popupContainer(RectSpec, Float, Float)
    case presentPopup(Ref, Ref, Float, Float, AnimSpec, Bool)
    case dismissPopup(Ref)
    case dismissTop
    case popupPolicy(Bool)
    case hitTest(Float, Float)
    case tap(Float, Float)
    case advance(Double)
    case tick
    // The view tree (issue 13 step A); generated from a stream of their own (see `Generator.nextTree`).
    case spawnViewIn(RectSpec, Float, Float, Ref?)    // parent, nil = a root
    case setParent(Ref?, Ref, Bool)                   // parent, view, keepingGlobalFrame
    case parentOf(Ref)
    case childrenOf(Ref)
    case setContentOffset(Float, Float, Ref)
    case setClipsToBounds(Bool, Ref)
    case clipList(Bool)                               // withClipList when true
    case hitItem(Int, Bool)                           // the centre of render item k; tap when true
    // Host calls (issue 16): the batch layout capture.
    case setFrames([(RectSpec, Ref)], Bool)           // the elements; from a buffer when true
    // Robustness (issue 22): reparenting with keepingGlobalFrame checked against its shadow
    // expectation — a fresh root parent (frame, scale x, scale y, rotation degrees) and a fresh
    // root view (frame), moved under it.
    case keepFrame(RectSpec, Float, Float, Float, RectSpec)
    // A flight to an anchor whose parent turns past 90° in 3D while the anchor's radius
    // animates: card frame, anchor frame (in the card), angle, perspective, the flight's and the
    // radius's animations, the new radius, and the ticks before the turn and after it.
    case turnedAnchorFlight(RectSpec, RectSpec, Float, Float, AnimSpec, AnimSpec, Float, Int, Int)
    // A portal layer showing a clipping view whose only child is hidden (so the layer draws a
    // clip and no copy), beside another root with children, then the content despawned: the
    // content's and other root's frames, whether the child is hidden by the app or as an
    // inactive portal's anchor, the flight's delay, and the ticks before the despawn.
    case despawnedLayerContent(RectSpec, RectSpec, Bool, Double, Int)
    case recording(Int, Ref)                          // start, read (and name the entity), stop
    // Input and this round's transitions (issue 26), from a stream of their own (see
    // `Generator.nextInput`).
    case pointer(Int, UInt8, PointerAim, Double)      // pointer id, phase (PointerPhase raw value), where, time step
    // A pan: a press at the aim, `steps` moves (each followed by a tick) to the aim plus the
    // translation, every `step` seconds, then lifted (0), cancelled (1) or left down (2).
    case pan(Int, PointerAim, Float, Float, Int, Double, UInt8)
    case makeScrollView(Ref, ScrollSpec)
    case removeScrollView(Ref)
    case scrollTo(Ref, Float, Float, Bool)
    case scrollState(Ref)
    case following(Int, Ref, Bool, ConfigSpec)        // id index, stack, active, configuration
    case zoomPush(Ref, Ref, Ref, AnimSpec?)           // screen, stack, source
    case zoomPop(Ref, Ref, AnimSpec?)                 // stack, source
    // A zoom push on a stack out of a fresh root view (marked as a portal's source when true),
    // checked: the source is hidden while the zoom runs and drawn once no transition runs. After
    // the ticks, what happens mid-zoom: nothing (0), the source despawned (1), a zoom pop (2), a
    // slide pop (3), an interactive pop caught from the edge (4), another push (5).
    case zoomScene(Ref, RectSpec, Bool, Int, UInt8, AnimSpec?)
    // A push of a fresh screen, then after the ticks a request mid-transition: a pop (0), another
    // push (1), an interactive pop begun, moved by the translation and ended at the velocity
    // (2), a pop to the root (3), a pop caught by an interactive pop a tick later (4), or, once
    // the push has landed, a pointer pan from the stack's leading edge, lifted (velocity ≥ 0) or
    // cancelled (5).
    case interrupt(Ref, NavSpec, Int, UInt8, Float, Float, NavSpec)
    // A fresh root view in front (frame, z index 3), made a scroll view, panned along y by the
    // translation in `steps` moves, then lifted (0), cancelled (1) or left down (2).
    case scrollScene(RectSpec, ScrollSpec, Float, Int, UInt8)
    // Issue 32's classes, from a stream of their own (see `Generator.nextFinding` in
    // `Findings.swift`). A query, then a change staged to what it hit, then a press there: the
    // centre of render item k, changed by opacity 0 (0), hiding (1) or hit testing off (2); the
    // query is made in the world and not in its shadow (`Execution.isShadow`).
    case probe(Int, UInt8)
    // A flight with drag to dismiss on fresh views (source frame, destination frame), its layer
    // hidden (true) or made transparent by an `.opacity(0)` effect (false), after the ticks:
    // hit-tested at its centre, and pressed and panned there.
    case veiledLayer(RectSpec, RectSpec, Bool, Int)
    // A configuration naming something a call earlier in the same frame made: a drag's begin
    // rule naming a fresh scroll view (0), a push onto a fresh stack of a fresh screen (1), a
    // scroll of a fresh scroll view (2); each must be accepted.
    case sameFrame(UInt8, RectSpec)
    // A popup's content reused as a stack's root or screen: presented from a fresh source
    // (rect), after the ticks the content made a fresh stack's root in the frame it is
    // dismissed (0), while presented (1), pushed onto a fresh stack while presented (2) or in
    // the frame it is dismissed (3); an app view at z index 3 beside it (the band order's witness).
    case popupStackRoot(RectSpec, UInt8, Int, AnimSpec, Bool)
}

/// Where a pointer event lands, resolved against the world when the call runs (the reproducer
/// prints the point it found).
enum PointerAim: Sendable {
    case point(Float, Float)
    case delta(Float, Float)                          // from the pointer's last location
    case view(Ref, Float, Float)                      // fractions of the view's global frame
    case edge(Ref, Float, Float)                      // a stack: inset from its leading edge, fraction down
    case anchor(Int, Bool, Float, Float)              // portal p<k>'s destination (true) or source
    case layer(Int, Float, Float)                     // the k-th flying layer
    case item(Int)                                    // the centre of render item k
}

/// A `ScrollViewConfiguration`, as built and as printed.
struct ScrollSpec: Sendable {
    var width, height, top, bottom: Float
    var axes: UInt8
    var paging, bounces, alwaysH, alwaysV: Bool
    var rate: Double

    var configuration: ScrollViewConfiguration {
        ScrollViewConfiguration(contentSize: Size(width: width, height: height), contentInset: EdgeInsets(top: top, leading: 0, bottom: bottom, trailing: 0),
                                axes: ScrollAxes(rawValue: axes), isPagingEnabled: paging, decelerationRate: ScrollDecelerationRate(rawValue: rate),
                                bounces: bounces, alwaysBounceHorizontal: alwaysH, alwaysBounceVertical: alwaysV)
    }
    var code: String {
        "ScrollViewConfiguration(contentSize: Size(width: \(lit(width)), height: \(lit(height))), contentInset: EdgeInsets(top: \(lit(top)), leading: 0, "
            + "bottom: \(lit(bottom)), trailing: 0), axes: ScrollAxes(rawValue: \(axes)), isPagingEnabled: \(paging), "
            + "decelerationRate: ScrollDecelerationRate(rawValue: \(lit(rate))), bounces: \(bounces), alwaysBounceHorizontal: \(alwaysH), "
            + "alwaysBounceVertical: \(alwaysV))"
    }
}

/// `ViewProperties`, as built and as printed.
struct PropsSpec: Sendable {
    var frame: RectSpec?
    var radius: Float?
    var opacity: Float?
    var shadow: Float?
    var transform: (Float, Float, Float, Float)?   // translation x, scale, rotation degrees, z
    var contentOffset: (Float, Float)?
    /// A 3D rotation about y (angle in degrees, perspective), alone or with `transform`.
    var rotation3D: (Float, Float)?

    var properties: ViewProperties {
        var t = transform.map { Transform(translation: Point(x: $0.0, y: 0), scaleX: $0.1, scaleY: $0.1,
                                          rotation: .degrees($0.2), zPosition: $0.3) }
        if let r = rotation3D {
            if t == nil { t = Transform() }
            t?.rotation3D = Rotation3D(angle: .degrees(r.0), perspective: r.1)
        }
        return ViewProperties(frame: frame?.rect, cornerRadius: radius, opacity: opacity, transform: t,
                              shadowRadius: shadow, contentOffset: contentOffset.map { Point(x: $0.0, y: $0.1) })
    }
    /// The transform as Swift, `rotation3D` included.
    var transformCode: String? {
        guard transform != nil || rotation3D != nil else { return nil }
        var parts: [String] = []
        if let t = transform {
            parts.append("translation: Point(x: \(lit(t.0)), y: 0), scaleX: \(lit(t.1)), scaleY: \(lit(t.1)), "
                         + "rotation: .degrees(\(lit(t.2))), zPosition: \(lit(t.3))")
        }
        if let r = rotation3D { parts.append("rotation3D: Rotation3D(angle: .degrees(\(lit(r.0))), perspective: \(lit(r.1)))") }
        return "Transform(\(parts.joined(separator: ", ")))"
    }
    var code: String {
        var parts: [String] = []
        if let frame { parts.append("frame: \(frame.code)") }
        if let radius { parts.append("cornerRadius: \(lit(radius))") }
        if let opacity { parts.append("opacity: \(lit(opacity))") }
        if let t = transformCode { parts.append("transform: \(t)") }
        if let shadow { parts.append("shadowRadius: \(lit(shadow))") }
        if let o = contentOffset { parts.append("contentOffset: Point(x: \(lit(o.0)), y: \(lit(o.1)))") }
        return "ViewProperties(\(parts.joined(separator: ", ")))"
    }
}

/// Header tokens: the defaults or one field changed.
struct TokensSpec: Sendable {
    var field: Int       // 0: defaults
    var value: Double
    static let names = ["", "transitionDuration", "scrollAnimationDuration", "transitionRange", "accessoryStartDivisor",
                        "startWithoutAccessory", "barAccessorySize", "accessoryMinimumOpacity", "accessoryFadeRate",
                        "directionThreshold", "barSpacing"]
    var tokens: FlowingHeaderTokens {
        var t = FlowingHeaderTokens()
        let f = Float(value)
        switch field {
        case 1: t.transitionDuration = value
        case 2: t.scrollAnimationDuration = value
        case 3: t.transitionRange = f
        case 4: t.accessoryStartDivisor = f
        case 5: t.startWithoutAccessory = f
        case 6: t.barAccessorySize = f
        case 7: t.accessoryMinimumOpacity = f
        case 8: t.accessoryFadeRate = f
        case 9: t.directionThreshold = f
        case 10: t.barSpacing = f
        default: break
        }
        return t
    }
    var code: String {
        switch field {
        case 0: return "FlowingHeaderTokens()"
        case 1, 2: return "FlowingHeaderTokens(\(Self.names[field]): \(lit(value)))"
        default: return "FlowingHeaderTokens(\(Self.names[field]): \(lit(Float(value))))"
        }
    }
}

/// Generates a call sequence from a seed alone: the sequence never depends on how the calls
/// fare, so dropping calls while shrinking leaves the others exactly as they were.
struct Generator {
    var rng: SplitMix
    var views: [Int] = []
    var others: [Int] = []       // plain entities, captured Portal-owned entities
    var stacks: [Int] = []
    var headers: [Int] = []
    var systems: [Int] = []
    var treeViews: [Int] = []    // views spawned in a parent (or as roots) by the tree calls
    var treeParents: [Int] = []  // variables named as a parent
    var treeParentOf: [Int: Int] = [:]   // a tree view's parent variable, as spawned
    var treeAnchors: [(view: Int, id: Int)] = []   // tree views marked as portal anchors
    /// The tree calls' own stream: the calls of the other kinds are drawn from `rng` exactly as
    /// before the tree existed (only which entity they name can differ, as views are added).
    var tree: SplitMix
    /// The input calls' stream (pointers, scroll views, zooms, follows, interruptions).
    var input: SplitMix
    var scrollViews: [Int] = []  // variables made scroll views
    var pointersDown: [Int] = [] // pointer ids down as the generated events leave them (refusals aside)
    let hostile: Double
    /// Issue 32's calls' stream (`Findings.swift`).
    var findings: SplitMix

    init(seed: UInt64) {
        rng = SplitMix(seed: seed)
        tree = SplitMix(seed: seed ^ 0x7472_6565_7472_6565)
        input = SplitMix(seed: seed ^ 0x696E_7075_7469_6E70)
        findings = SplitMix(seed: seed ^ 0x6973_7375_6533_3200)
        hostile = [0.01, 0.03, 0.08][Int(seed % 3)]
    }

    mutating func recent(_ list: [Int]) -> Int? {
        guard !list.isEmpty else { return nil }
        // Biased to recent variables, so sequences keep working on a live set.
        let window = min(list.count, 24)
        return rng.chance(0.85) ? list[list.count - 1 - rng.int(window)] : list[rng.int(list.count)]
    }

    mutating func entity() -> Ref {
        let roll = rng.int(100)
        if roll < 4 { return .never(rng.pick([UInt64(40_000), 1 << 32 | 1, 7 << 32 | 2, 3, UInt64.max, 0])) }
        if roll < 14, let v = recent(others + stacks + headers) { return .v(v) }
        if let v = recent(views) { return .v(v) }
        return .never(0)
    }

    mutating func view() -> Ref { rng.chance(0.93) ? (recent(views).map(Ref.v) ?? entity()) : entity() }
    mutating func stack() -> Ref { rng.chance(0.9) ? (recent(stacks).map(Ref.v) ?? entity()) : entity() }
    mutating func header() -> Ref { rng.chance(0.9) ? (recent(headers).map(Ref.v) ?? entity()) : entity() }

    mutating func props() -> PropsSpec {
        let h = hostile
        var p = PropsSpec()
        if rng.chance(0.6) { p.frame = rng.rect(hostile: h) }
        if rng.chance(0.3) { p.radius = rng.float(0, 40, hostile: h) }
        if rng.chance(0.4) { p.opacity = rng.float(0, 1, hostile: h) }
        if rng.chance(0.15) { p.shadow = rng.float(0, 20, hostile: h) }
        if rng.chance(0.2) {
            p.transform = (rng.float(-200, 200, hostile: h), rng.float(0.2, 2, hostile: h), rng.float(-180, 180, hostile: h),
                           rng.float(-5, 5, hostile: h))
        }
        return p
    }

    mutating func config() -> ConfigSpec {
        let h = hostile
        var effects: [EffectSpec] = []
        if rng.chance(0.3) {
            for _ in 0..<(1 + rng.int(2)) {
                let a = rng.animation(hostile: h)
                switch rng.int(4) {
                case 0: effects.append(.scale(rng.float(0.5, 1.5, hostile: h), a))
                case 1: effects.append(.opacity(rng.float(0, 1, hostile: h), a))
                case 2: effects.append(.rotation(rng.float(-90, 90, hostile: h), a))
                default: effects.append(.shadow(rng.float(0, 30, hostile: h), a))
                }
            }
        }
        return ConfigSpec(animation: rng.animation(hostile: h), delay: rng.chance(0.5) ? 0.06 : rng.double(0, 0.3, hostile: h),
                          duration: rng.chance(0.7) ? rng.double(0, 0.6, hostile: h) : nil, criterion: rng.chance(0.5),
                          corners: rng.chance(0.4) ? (rng.float(0, 30, hostile: h), rng.float(0, 30, hostile: h), rng.chance(0.5)) : nil,
                          removal: rng.chance(0.3), layerContent: rng.chance(0.1) ? view() : nil, hitTesting: rng.chance(0.2),
                          effects: effects, dragDismiss: rng.chance(0.5))
    }

    mutating func point() -> (Float, Float) { (rng.coord(hostile: hostile), rng.coord(hostile: hostile)) }

    /// The call at index `i`.
    mutating func next(_ i: Int) -> Op {
        if views.count >= 4, input.chance(0.10) {
            swap(&rng, &input)
            defer { swap(&rng, &input) }
            return nextInput(i)
        }
        if views.count >= 4, tree.chance(0.21) {
            // The tree calls draw from their own stream through the same helpers (0.21: issue
            // 22's classes took 30 of the 130 rolls; the older tree calls keep their share).
            swap(&rng, &tree)
            defer { swap(&rng, &tree) }
            return nextTree(i)
        }
        if views.count >= 4, findings.chance(0.04) {
            swap(&rng, &findings)
            defer { swap(&rng, &findings) }
            return nextFinding(i)
        }
        let h = hostile
        // Keep a supply of views early on.
        if views.count < 4 || rng.chance(0.04) {
            views.append(i)
            return .spawnView(rng.rect(hostile: h / 2), rng.float(0, 30, hostile: h / 2), rng.float(0, 1, hostile: h / 2))
        }
        let roll = rng.int(1000)
        switch roll {
        case ..<110: return rng.chance(0.5) ? .tick : .advance(rng.chance(0.1) ? rng.pick(SplitMix.hostileDoubles)
                                                                               : rng.pick([1.0 / 120, 1.0 / 60, 1.0 / 30, 0.001, 0.25]))
        case ..<125: others.append(i); return .spawn
        case ..<175: return .despawn(rng.chance(0.7) ? view() : entity())
        case ..<200: return .setFrame(rng.rect(hostile: h), view())
        case ..<225: return .update(view(), props())
        case ..<290: return .animate(view(), props(), rng.animation(hostile: h))
        case ..<300: return .setZIndex(Int32(rng.int(7)) - 3, view())
        case ..<310: return .setHitTesting(rng.chance(0.7), view())
        case ..<320: return .setHidden(rng.chance(0.3), view())
        case ..<325: return .setCornerStyle(rng.chance(0.5), rng.chance(0.5), view())
        case ..<335: return .presentation(view())
        case ..<340: return .register
        case ..<355: return .insertGlow(rng.int(100), rng.chance(0.8) ? view() : entity())
        case ..<362: return .removeGlow(entity())
        case ..<367: return .glow(entity())
        case ..<370: return .forEachGlow
        case ..<373: return .updateEachGlow
        case ..<380: systems.append(i)
            return .addSystem(rng.pick(SystemKind.allCases), rng.pick(TickStage.allCases), rng.int(8))
        case ..<383: return .removeSystem(recent(systems) ?? -1)
        case ..<425: return .portal(view(), rng.int(5), rng.chance(0.5))
        case ..<440: return .portalItem(view(), rng.int(5), rng.chance(0.5))
        case ..<447: return .removePortal(view())
        case ..<490: return .portalTransition(rng.int(5), rng.chance(0.6), config())
        case ..<505: return .portalTransitionItem(rng.chance(0.8) ? rng.int(5) : nil, config(), rng.int(2))
        case ..<515:
            let ids = (0..<(1 + rng.int(3))).map { _ in rng.int(5) }
            return .portalGroup(ids, rng.int(2), rng.chance(0.6), config(), rng.chance(0.5) ? 0 : rng.double(0, 0.2, hostile: h), rng.chance(0.3))
        case ..<522: return .transfer(rng.int(5), rng.int(5))
        case ..<525: return .reduceMotion(rng.chance(0.3))
        case ..<535: others.append(i); return .captureRendered(rng.int(50), rng.chance(0.7))
        case ..<542: others.append(i); return .captureLayer(rng.int(8))
        case ..<557: stacks.append(i)
            return .spawnStack(rng.rect(hostile: h / 2), view(), rng.chance(0.7) ? rng.float(5, 60, hostile: h) : nil)
        case ..<592: return .push(view(), stack(), rng.navigation(hostile: h))
        case ..<600: views.append(i); return .spawnScreen(stack(), rng.float(0, 30, hostile: h / 2))
        case ..<625: return .pop(stack(), rng.navigation(hostile: h))
        case ..<632: return .popToRoot(stack(), rng.navigation(hostile: h))
        case ..<642: return .setStack(stack(), (0..<(1 + rng.int(3))).map { _ in view() }, rng.navigation(hostile: h))
        case ..<650: return .screens(stack())
        case ..<653: return .navigationProgress(stack())
        case ..<668: let (x, y) = point(); return .beginPop(stack(), x, y, rng.navigation(hostile: h))
        case ..<683: return .updatePop(stack(), rng.float(-100, 400, hostile: h))
        case ..<695: return .endPop(stack(), rng.float(-2000, 2000, hostile: h))
        case ..<705: headers.append(i)
            let token = rng.chance(0.8) ? TokensSpec(field: 0, value: 0)
                : TokensSpec(field: 1 + rng.int(10), value: rng.chance(0.5) ? Double(rng.float(0, 50, hostile: 0.3)) : rng.double(0, 1, hostile: 0.3))
            return .header(view(), view(), rng.chance(0.3) ? view() : nil, rng.chance(0.3) ? view() : nil,
                           rng.chance(0.2) ? view() : nil, rng.chance(0.2) ? view() : nil, UInt8(rng.int(4)), rng.chance(0.7),
                           rng.int(3), token)
        case ..<715: return .headerAnchors(header(), rng.rect(hostile: h), rng.chance(0.3) ? rng.rect(hostile: h) : nil,
                                           rng.rect(hostile: h), rng.length(hostile: h), rng.length(hostile: h))
        case ..<750: return .scroll(header(), rng.float(-50, 300, hostile: h), rng.int(3))
        case ..<753: return .headerProgress(header())
        case ..<760: return .popupContainer(rng.rect(hostile: h), rng.float(0, 50, hostile: h), rng.float(0, 50, hostile: h))
        case ..<790: return .presentPopup(view(), view(), rng.chance(0.5) ? .infinity : rng.length(hostile: h), rng.length(hostile: h),
                                          rng.animation(hostile: h), rng.chance(0.8))
        case ..<805: return .dismissPopup(view())
        case ..<810: return .dismissTop
        case ..<813: return .popupPolicy(rng.chance(0.5))
        case ..<840: let (x, y) = point(); return .hitTest(x, y)
        case ..<870: let (x, y) = point(); return .tap(x, y)
        case ..<873:
            // As many draws as the default branch these rolls used to take, so every other call
            // of a seed's sequence is what it was before this op existed.
            _ = rng.chance(0.7)
            return .recording(roll - 870, views.last.map(Ref.v) ?? .never(0))
        default: return rng.chance(0.7) ? .tick : .advance(1.0 / 60)
        }
    }

    /// A parent for a tree call: usually a recent tree view (building deep chains, and cycles
    /// when a view is moved under a later one), sometimes nil, a non-view, a Portal-owned
    /// entity (a captured layer or backdrop), a stack, a header, or a handle never spawned.
    mutating func parent(for view: Ref?) -> Ref? {
        let roll = rng.int(100)
        var chosen: Ref?
        switch roll {
        case ..<40: chosen = recent(treeViews).map(Ref.v) ?? self.view()
        case ..<52: chosen = recent(treeParents).map(Ref.v) ?? self.view()
        case ..<72: chosen = self.view()
        case ..<82: return nil
        case ..<86: return view ?? nil
        default: return entity()
        }
        if case let .v(p)? = chosen { treeParents.append(p) }
        return chosen
    }

    /// A tree call (drawn from the tree stream: `rng` is swapped for it).
    mutating func nextTree(_ i: Int) -> Op {
        let h = hostile
        let roll = rng.int(130)
        switch roll {
        case ..<22:
            let p = parent(for: nil)
            views.append(i)
            treeViews.append(i)
            if case let .v(k)? = p { treeParentOf[i] = k }
            return .spawnViewIn(rng.rect(hostile: h / 2), rng.float(0, 30, hostile: h / 2), rng.float(0, 1, hostile: h / 2), p)
        case ..<35:
            let v = rng.chance(0.6) ? (recent(treeViews).map(Ref.v) ?? view()) : view()
            return .setParent(parent(for: v), v, rng.chance(0.5))
        case ..<40: return .parentOf(rng.chance(0.7) ? (recent(treeViews).map(Ref.v) ?? view()) : entity())
        case ..<46: return .childrenOf(rng.chance(0.7) ? (recent(treeParents).map(Ref.v) ?? view()) : entity())
        case ..<55:
            let target = rng.chance(0.7) ? (recent(treeParents).map(Ref.v) ?? view()) : view()
            return .setContentOffset(rng.coord(hostile: 0.12), rng.coord(hostile: 0.12), target)
        case ..<63:
            var p = PropsSpec()
            p.contentOffset = (rng.coord(hostile: 0.08), rng.coord(hostile: 0.08))
            if rng.chance(0.3) { p.frame = rng.rect(hostile: h) }
            return .animate(rng.chance(0.7) ? (recent(treeParents).map(Ref.v) ?? view()) : view(), p, rng.animation(hostile: h))
        case ..<66:
            var p = PropsSpec()
            p.contentOffset = (rng.coord(hostile: 0.08), rng.coord(hostile: 0.08))
            return .update(rng.chance(0.7) ? (recent(treeParents).map(Ref.v) ?? view()) : view(), p)
        case ..<73: return .setClipsToBounds(rng.chance(0.7), rng.chance(0.8) ? (recent(treeParents).map(Ref.v) ?? view()) : entity())
        case ..<77: return .clipList(rng.chance(0.5))
        case ..<85: return .hitItem(rng.int(64), rng.chance(0.4))
        case ..<93: return .despawn(rng.chance(0.7) ? (recent(treeParents).map(Ref.v) ?? view()) : (recent(treeViews).map(Ref.v) ?? view()))
        case ..<97:
            // A layout capture: a few views (tree views mostly, a bad handle or frame now and then).
            let elements = (0..<rng.int(7)).map { _ in
                (rng.rect(hostile: h / 3), rng.chance(0.7) ? (recent(treeViews).map(Ref.v) ?? view()) : view())
            }
            return .setFrames(elements, rng.chance(0.3))
        case ..<100: return .tick
        // Issue 22's input classes. A parent scaled by a pair whose inverse rounds m33 off 1
        // (0.7 × 0.7, 1.4 × 1.4…), sometimes turned, for the setParent(keepingGlobalFrame:)
        // calls above, and the same checked against its expectation on fresh views.
        case ..<103:
            var p = PropsSpec()
            p.transform = (rng.chance(0.5) ? 0 : rng.float(-50, 50, hostile: 0), scale(), rng.chance(0.8) ? 0 : rng.float(-180, 180, hostile: 0), 0)
            return .update(recent(treeParents).map(Ref.v) ?? view(), p)
        case ..<105:
            return .keepFrame(rng.rect(hostile: 0), scale(), scale(), rng.chance(0.8) ? 0 : rng.float(-180, 180, hostile: 0), rng.rect(hostile: 0))
        // An anchor's parent turned past 90° in 3D (so the anchor has no box), the anchor's
        // radius animating meanwhile, and its portal flying.
        case ..<109:
            var p = PropsSpec()
            let angle = rng.float(90.5, 180, hostile: 0)
            p.rotation3D = (rng.chance(0.5) ? angle : -angle, rng.pick([1, 0.5, 2] as [Float]))
            let anchor = treeAnchors.isEmpty ? nil : treeAnchors[treeAnchors.count - 1 - rng.int(min(treeAnchors.count, 8))].view
            let target = anchor.flatMap { treeParentOf[$0] }.map(Ref.v) ?? recent(treeParents).map(Ref.v) ?? view()
            return rng.chance(0.5) ? .update(target, p) : .animate(target, p, rng.animation(hostile: 0))
        case ..<113:
            var p = PropsSpec()
            p.radius = rng.float(0, 40, hostile: h)
            let anchor = treeAnchors.isEmpty || rng.chance(0.2) ? nil : treeAnchors[treeAnchors.count - 1 - rng.int(min(treeAnchors.count, 8))].view
            return .animate(anchor.map(Ref.v) ?? recent(treeViews).map(Ref.v) ?? view(), p, rng.animation(hostile: h))
        case ..<117:
            let v = recent(treeViews) ?? -1
            let id = rng.int(5)
            if v >= 0 { treeAnchors.append((v, id)) }
            return .portal(v >= 0 ? .v(v) : view(), id, rng.chance(0.5))
        case ..<120:
            // A flight whose layer shows a tree view's subtree (despawned by the despawns above
            // while other roots are copied).
            var c = config()
            c.layerContent = recent(treeParents).map(Ref.v) ?? view()
            return .portalTransition(rng.int(5), rng.chance(0.8), c)
        case ..<124:
            let id = treeAnchors.last.map { $0.id } ?? rng.int(5)
            return .portalTransition(id, rng.chance(0.85), config())
        case ..<127:
            let angle = rng.float(90.5, 180, hostile: 0)
            return .turnedAnchorFlight(rng.rect(hostile: 0), rng.rect(hostile: 0), rng.chance(0.5) ? angle : -angle,
                                       rng.pick([1, 0.5, 2] as [Float]), rng.animation(hostile: 0), rng.animation(hostile: 0),
                                       rng.float(0, 40, hostile: 0), rng.int(30), rng.int(40))
        default:
            return .despawnedLayerContent(rng.rect(hostile: 0), rng.rect(hostile: 0), rng.chance(0.5), rng.double(0, 0.3, hostile: 0), rng.int(3))
        }
    }

    /// Where a pointer goes: mostly at something that takes pans or taps.
    mutating func aim() -> PointerAim {
        let h = hostile
        func fraction() -> Float { rng.chance(0.9) ? rng.float(0.05, 0.95, hostile: 0) : rng.float(-0.5, 1.5, hostile: h) }
        switch rng.int(20) {
        case ..<2: let (x, y) = point(); return .point(x, y)
        case ..<6: return .view(rng.chance(0.4) ? (recent(scrollViews).map(Ref.v) ?? view()) : view(), fraction(), fraction())
        case ..<10: return .edge(stack(), rng.chance(0.2) ? rng.float(-10, 60, hostile: h) : rng.float(0, 18, hostile: 0), fraction())
        case ..<14: return .anchor(rng.int(5), rng.chance(0.75), fraction(), fraction())
        case ..<17: return .layer(rng.int(4), fraction(), fraction())
        default: return .item(rng.int(64))
        }
    }

    /// A pointer event's time step: a frame mostly, sometimes none, backwards, long or hostile.
    mutating func timeStep() -> Double {
        if rng.chance(hostile) { return rng.pick(SplitMix.hostileDoubles) }
        return rng.chance(0.9) ? rng.pick([1.0 / 120, 1.0 / 60, 1.0 / 60, 1.0 / 30, 0.008]) : rng.pick([0, -0.02, 0.3, 0.7])
    }

    /// A translation for a pan: along one axis mostly (a swipe back, a scroll, a drag down).
    mutating func translation() -> (Float, Float) {
        let h = hostile
        switch rng.int(5) {
        case 0: return (rng.float(20, 400, hostile: h), rng.float(-15, 15, hostile: 0))
        case 1: return (rng.float(-15, 15, hostile: 0), rng.float(-400, 400, hostile: h))
        case 2: return (rng.float(-15, 15, hostile: 0), rng.float(30, 400, hostile: h))
        case 3: return (rng.float(-8, 8, hostile: 0), rng.float(-8, 8, hostile: 0))   // within the slop: a tap or a long press
        default: return (rng.float(-400, 400, hostile: h), rng.float(-400, 400, hostile: h))
        }
    }

    /// An input call (drawn from the input stream: `rng` is swapped for it).
    mutating func nextInput(_ i: Int) -> Op {
        let h = hostile
        let roll = rng.int(100)
        switch roll {
        case ..<22:
            // A raw event: a new pointer down, or a move, lift or cancel of one that is down;
            // now and then a phase the pointer is not in (refused).
            if pointersDown.isEmpty || rng.chance(0.25) {
                let id = 1 + rng.int(4)
                if !pointersDown.contains(id) { pointersDown.append(id) }
                return .pointer(id, PointerPhase.began.rawValue, aim(), timeStep())
            }
            let id = rng.chance(0.95) ? pointersDown[rng.int(pointersDown.count)] : 1 + rng.int(8)
            let phase: PointerPhase = rng.chance(0.7) ? .moved : (rng.chance(0.75) ? .ended : .cancelled)
            if phase != .moved { pointersDown.removeAll { $0 == id } }
            let where_: PointerAim
            if phase == .moved, rng.chance(0.8) { let (dx, dy) = translation(); where_ = .delta(dx / 4, dy / 4) } else { where_ = aim() }
            return .pointer(id, phase.rawValue, where_, timeStep())
        case ..<42:
            let (dx, dy) = translation()
            return .pan(5 + rng.int(2), aim(), dx, dy, 1 + rng.int(9), rng.chance(0.9) ? rng.pick([1.0 / 60, 1.0 / 120, 1.0 / 30]) : timeStep(), UInt8(rng.int(10) < 7 ? 0 : rng.int(3)))
        case ..<49:
            let target = rng.chance(0.5) ? (recent(treeParents).map(Ref.v) ?? view()) : view()
            if case let .v(k) = target { scrollViews.append(k) }
            let spec = ScrollSpec(width: rng.length(hostile: h), height: rng.chance(0.7) ? rng.float(200, 3000, hostile: h) : rng.length(hostile: h),
                                  top: rng.chance(0.7) ? 0 : rng.float(-20, 60, hostile: h), bottom: rng.chance(0.7) ? 0 : rng.float(-20, 60, hostile: h),
                                  axes: UInt8(rng.int(4)), paging: rng.chance(0.2), bounces: rng.chance(0.8), alwaysH: rng.chance(0.2), alwaysV: rng.chance(0.4),
                                  rate: rng.chance(0.9) ? rng.pick([0.998, 0.99]) : rng.pick([0, 1, 0.5, .nan, -1]))
            return .makeScrollView(target, spec)
        case ..<51:
            if rng.chance(0.5) {
                let spec = ScrollSpec(width: rng.chance(0.7) ? 0 : rng.float(0, 900, hostile: 0), height: rng.float(300, 3000, hostile: 0), top: 0, bottom: 0,
                                      axes: rng.chance(0.8) ? 2 : 3, paging: rng.chance(0.2), bounces: rng.chance(0.8), alwaysH: false, alwaysV: rng.chance(0.3),
                                      rate: rng.pick([0.998, 0.99]))
                let rect = RectSpec(x: Float(rng.int(200)), y: Float(rng.int(300)), w: Float(100 + rng.int(250)), h: Float(150 + rng.int(350)))
                views.append(i)
                scrollViews.append(i)
                return .scrollScene(rect, spec, rng.chance(0.5) ? rng.float(-400, -30, hostile: h) : rng.float(30, 400, hostile: h), 2 + rng.int(8), UInt8(rng.int(10) < 8 ? 0 : rng.int(3)))
            }
            return .removeScrollView(rng.chance(0.8) ? (recent(scrollViews).map(Ref.v) ?? view()) : entity())
        case ..<58: return .scrollTo(rng.chance(0.85) ? (recent(scrollViews).map(Ref.v) ?? view()) : view(), rng.float(-100, 800, hostile: h),
                                     rng.float(-100, 1500, hostile: h), rng.chance(0.6))
        case ..<60: return .scrollState(rng.chance(0.85) ? (recent(scrollViews).map(Ref.v) ?? view()) : entity())
        case ..<68:
            let id = treeAnchors.isEmpty || rng.chance(0.5) ? rng.int(5) : treeAnchors[treeAnchors.count - 1 - rng.int(min(treeAnchors.count, 8))].id
            return .following(id, stack(), rng.chance(0.6), config())
        case ..<75:
            let source = rng.chance(0.4) && !treeAnchors.isEmpty ? Ref.v(treeAnchors[treeAnchors.count - 1 - rng.int(min(treeAnchors.count, 8))].view) : view()
            return .zoomPush(view(), stack(), source, rng.chance(0.5) ? rng.animation(hostile: h) : nil)
        case ..<79: return .zoomPop(stack(), view(), rng.chance(0.5) ? rng.animation(hostile: h) : nil)
        case ..<89:
            let rect = RectSpec(x: Float(rng.int(300)), y: Float(rng.int(500)), w: Float(10 + rng.int(200)), h: Float(10 + rng.int(200)))
            return .zoomScene(stack(), rect, rng.chance(0.4), rng.int(12), UInt8(rng.int(6)), rng.chance(0.5) ? rng.animation(hostile: h) : nil)
        default:
            let (dx, _) = translation()
            return .interrupt(stack(), rng.navigation(hostile: h), rng.int(10), UInt8(rng.chance(0.5) ? 5 : rng.int(5)), dx, rng.float(-2000, 2000, hostile: h), rng.navigation(hostile: h))
        }
    }

    /// A scale factor: one whose inverse rounds m33 = det · (1 / det) off 1 in Float, mostly,
    /// and now and then a flip or a collapse.
    mutating func scale() -> Float {
        switch rng.int(10) {
        case ..<5: return rng.pick([0.7, 1.4, 2.8, 0.35, 0.9, 1.1, 3, 0.3] as [Float])
        case ..<8: return rng.float(0.05, 4, hostile: 0)
        case 8: return -rng.float(0.2, 2, hostile: 0)
        default: return 0
        }
    }

    /// The whole sequence for `seed`.
    static func sequence(seed: UInt64, calls: Int) -> [Op] {
        var generator = Generator(seed: seed)
        return (0..<calls).map { generator.next($0) }
    }
}
