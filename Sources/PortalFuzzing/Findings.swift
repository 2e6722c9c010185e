// Issue 32's classes, which an outside fuzzer found and this one had missed:
//
// - queries between ticks: a read-only `hitTest` built the hit grid from the live view store,
//   so a later press (hit-tested inside the next tick, after the staged calls applied) named
//   another view. Every even seed now runs twice: the world, with every query, and its
//   *shadow*, the same calls without the read-only ones (`Execution.isShadow`); after every
//   tick both keep a digest of the render list and the events, and a divergence is a failure
//   (a query changed the world). `probe` aims the class: a query, a staged change to what it
//   hit, then a press there;
// - hidden and transparent flying layers (`veiledLayer`): every `hitTest` is checked to answer
//   a view drawn in the render list, and a portal layer only where it is drawn at an opacity of
//   0.01 or more (`checkHit`);
// - same-frame configurations (`sameFrame`): a call naming what a call earlier in the same
//   frame made, which must be accepted;
// - popup content reused as a stack's root or screen (`popupStackRoot`), with the render list's
//   tree order checked after every tick (`checkTreeOrder`): roots by band then z index, each
//   followed by its whole subtree.

import Portal

extension Op {
    /// Whether the call only reads (the shadow world leaves it out).
    var isQuery: Bool {
        switch self {
        case .presentation, .screens, .navigationProgress, .headerProgress, .hitTest, .parentOf, .childrenOf, .clipList, .scrollState,
             .glow, .forEachGlow:
            return true
        case let .hitItem(_, tap): return !tap
        default: return false
        }
    }
}

extension Generator {
    /// One of issue 32's calls.
    mutating func nextFinding(_ i: Int) -> Op {
        let h = hostile
        switch rng.int(100) {
        case ..<30:
            return .probe(rng.int(64), UInt8(rng.int(3)))
        case ..<50:
            let source = RectSpec(x: Float(rng.int(200)), y: Float(rng.int(300)), w: Float(40 + rng.int(120)), h: Float(40 + rng.int(120)))
            let destination = RectSpec(x: 0, y: Float(80 + rng.int(200)), w: 390, h: Float(200 + rng.int(400)))
            views.append(i)
            return .veiledLayer(source, destination, rng.chance(0.5), 2 + rng.int(30))
        case ..<70:
            let rect = RectSpec(x: Float(rng.int(200)), y: Float(rng.int(400)), w: Float(60 + rng.int(300)), h: Float(60 + rng.int(400)))
            views.append(i)
            return .sameFrame(UInt8(rng.int(3)), rect)
        default:
            let rect = RectSpec(x: Float(rng.int(300)), y: Float(rng.int(700)), w: Float(20 + rng.int(80)), h: Float(20 + rng.int(60)))
            views.append(i)
            return .popupStackRoot(rect, UInt8(rng.int(4)), rng.int(40), rng.animation(hostile: h), rng.chance(0.5))
        }
    }
}

extension Execution {
    /// A call of a composite after its first, recorded: `nil` when refused (the composite then
    /// ends; it is not a refusal of the composite, whose first call changed the world already).
    func soft<T>(_ code: String, binding: String? = nil, _ body: () throws(PortalError) -> T) -> T? {
        softly { () throws(PortalError) in try call(code, binding: binding, body) }
    }

    /// Keeps a stack one of these calls made among the stacks the checks look at (its call's
    /// variable is a view: the stack's is the call's index, negated, less one).
    func noteStack(_ i: Int, _ stack: Entity) {
        vars[-(i + 1)] = stack
        stacks.append(-(i + 1))
    }

    /// Runs one of issue 32's calls.
    func performFinding(_ op: Op, _ i: Int, queried: inout [Entity]) throws(PortalError) -> Outcome {
        let w = world
        switch op {
        case let .probe(k, change):
            let items = w.renderList
            guard !items.isEmpty else { return .skipped }
            let item = items[k % items.count]
            let point = item.globalTransform.map(Point(x: item.frame.width / 2, y: item.frame.height / 2))
            guard point.x.isFinite, point.y.isFinite, abs(point.x) < 1e6, abs(point.y) < 1e6, w.isAlive(item.entity),
                  (try? w.presentation(of: item.entity)) != nil, pointerAt[8] == nil else { return .skipped }
            let target = ref(item.entity)
            say("// the centre of world.renderList[\(k % items.count)] (\(target)), queried, changed, then pressed")
            if !isShadow {
                say("_ = world.hitTest(Point(x: \(lit(point.x)), y: \(lit(point.y))))")
                if let f = checkHit(point, w.hitTest(point)) { failure = f; return .ok }
            }
            let view = item.entity
            // A view a system made is known only by the render list, which a hidden view leaves:
            // the removal at the end must still find it.
            if !created.contains(view) { created.append(view) }
            // Hiding a zoom's source (or an ancestor) would fail the zoom scenes' check, which is
            // about the zoom's own hiding: such a view is made transparent instead.
            let hidesZoomSource = zoomSources.contains { source in
                var up: Entity? = source, steps = 0
                while let e = up, steps < 100_000 { if e == view { return true }; up = (try? w.parent(of: e)) ?? nil; steps += 1 }
                return false
            }
            switch change == 1 && hidesZoomSource ? 0 : change {
            case 0: _ = soft("world.update(\(target), to: ViewProperties(opacity: 0))") { () throws(PortalError) in try w.update(view, to: ViewProperties(opacity: 0)) }
            case 1: _ = soft("world.setHidden(true, of: \(target))") { () throws(PortalError) in try w.setHidden(true, of: view) }
            default: _ = soft("world.setAllowsHitTesting(false, of: \(target))") { () throws(PortalError) in try w.setAllowsHitTesting(false, of: view) }
            }
            guard softly({ () throws(PortalError) in try sendPointer(8, .began, at: point, time: pointerClock + 1.0 / 60) }) != nil else { return .ok }
            guard checkedTick() else { return .ok }
            _ = softly { () throws(PortalError) in try sendPointer(8, .ended, at: point, time: pointerClock + 1.0 / 60) }
            guard checkedTick() else { return .ok }
        case let .veiledLayer(sourceRect, destinationRect, hidden, ticks):
            let source = try call("world.spawnView(frame: \(sourceRect.code))", binding: "e\(i)") { () throws(PortalError) in try w.spawnView(frame: sourceRect.rect) }
            bind(i, source, kind: &viewVars)
            let id = PortalID("veil\(i)")
            guard let destination = soft("world.spawnView(frame: \(destinationRect.code))", binding: "d\(i)", { () throws(PortalError) in
                      try w.spawnView(frame: destinationRect.rect)
                  }),
                  soft("world.portal(e\(i), id: \"veil\(i)\", as: .source)", { () throws(PortalError) in try w.portal(source, id: id, as: .source) }) != nil,
                  soft("world.portal(d\(i), id: \"veil\(i)\", as: .destination)", { () throws(PortalError) in try w.portal(destination, id: id, as: .destination) }) != nil,
                  checkedTick() else { return .ok }
            var config = PortalTransitionConfig(animation: PortalAnimation(.linear(duration: 1), delay: 0, duration: 0),
                                                effects: hidden ? [] : [.opacity(0, animation: .linear(duration: 0.01))])
            config.dragToDismiss = PortalDragDismiss()
            let effects = hidden ? "" : ", effects: [.opacity(0, animation: .linear(duration: 0.01))]"
            let code = "world.portalTransition(id: \"veil\(i)\", isActive: true, config: { var c = PortalTransitionConfig(animation: "
                + "PortalAnimation(.linear(duration: 1), delay: 0, duration: 0)\(effects)); c.dragToDismiss = PortalDragDismiss(); return c }())"
            guard soft(code, { () throws(PortalError) in try w.portalTransition(id: id, isActive: true, config: config) }) != nil else { return .ok }
            for _ in 0..<ticks { guard checkedTick() else { return .ok } }
            guard let layer = w.portalLayers().first(where: { $0.id == id })?.layer, let frame = (try? w.presentation(of: layer))?.globalFrame else { return .ok }
            if hidden {
                say("let layer\(i) = world.portalLayers().first { $0.id == \"veil\(i)\" }!.layer")
                _ = soft("world.setHidden(true, of: layer\(i))") { () throws(PortalError) in try w.setHidden(true, of: layer) }
                guard checkedTick() else { return .ok }
            }
            let centre = Point(x: frame.midX, y: frame.midY)
            guard centre.x.isFinite, centre.y.isFinite, abs(centre.x) < 1e6, abs(centre.y) < 1e6 else { return .ok }
            if !isShadow {
                say("_ = world.hitTest(Point(x: \(lit(centre.x)), y: \(lit(centre.y))))")
                if let f = checkHit(centre, w.hitTest(centre)) { failure = f; return .ok }
            }
            guard pointerAt[8] == nil, softly({ () throws(PortalError) in try sendPointer(8, .began, at: centre, time: pointerClock + 1.0 / 60) }) != nil,
                  checkedTick(), pan(8, from: centre, by: 0, 60, steps: 3, step: 1.0 / 60, end: 0) else { return .ok }
            for _ in 0..<2 { guard checkedTick() else { return .ok } }
        case let .sameFrame(kind, rect):
            let view = try call("world.spawnView(frame: \(rect.code))", binding: "e\(i)") { () throws(PortalError) in try w.spawnView(frame: rect.rect) }
            bind(i, view, kind: &viewVars)
            // A refusal of the call that names what the frame made is the failure.
            func accepted(_ what: String, _ code: String, _ body: () throws(PortalError) -> Void) -> Bool {
                do throws(PortalError) { try call(code, body); return true } catch {
                    failure = flag("a same-frame configuration was refused: \(what)", "\(error)", "// the call above must be accepted")
                    return false
                }
            }
            let scrollCode = "world.makeScrollView(e\(i), configuration: ScrollViewConfiguration(contentSize: Size(width: \(lit(rect.w)), "
                + "height: \(lit(rect.h * 3))), axes: .vertical))"
            let scrollConfiguration = ScrollViewConfiguration(contentSize: Size(width: rect.w, height: rect.h * 3), axes: .vertical)
            switch kind {
            case 0:
                let id = PortalID("same\(i)")
                guard soft("world.portal(e\(i), id: \"same\(i)\", as: .source)", { () throws(PortalError) in try w.portal(view, id: id, as: .source) }) != nil,
                      soft(scrollCode, { () throws(PortalError) in try w.makeScrollView(view, configuration: scrollConfiguration) }) != nil else { return .ok }
                scrollVars.append(i)
                var config = PortalTransitionConfig()
                config.dragToDismiss = PortalDragDismiss(begin: .whenScrollViewAtTop(view))
                let code = "world.portalTransition(id: \"same\(i)\", isActive: false, config: { var c = PortalTransitionConfig(); "
                    + "c.dragToDismiss = PortalDragDismiss(begin: .whenScrollViewAtTop(e\(i))); return c }())"
                guard accepted("a drag's begin rule naming a scroll view made in the frame", code, { () throws(PortalError) in
                    try w.portalTransition(id: id, isActive: false, config: config)
                }) else { return .ok }
            case 1:
                guard let stack = soft("world.spawnNavigationStack(frame: \(rect.code), root: e\(i))", binding: "s\(i)", { () throws(PortalError) in
                          try w.spawnNavigationStack(frame: rect.rect, root: view)
                      }),
                      let screen = soft("world.spawnScreen(for: s\(i))", binding: "t\(i)", { () throws(PortalError) in try w.spawnScreen(for: stack) }) else { return .ok }
                noteStack(i, stack)
                guard accepted("a push onto a stack made in the frame", "world.push(t\(i), onto: s\(i))", { () throws(PortalError) in
                    try w.push(screen, onto: stack)
                }) else { return .ok }
            default:
                guard soft(scrollCode, { () throws(PortalError) in try w.makeScrollView(view, configuration: scrollConfiguration) }) != nil else { return .ok }
                scrollVars.append(i)
                guard accepted("a scroll of a scroll view made in the frame", "world.scroll(e\(i), to: Point(x: 0, y: \(lit(rect.h))), animated: true)", { () throws(PortalError) in
                    try w.scroll(view, to: Point(x: 0, y: rect.h), animated: true)
                }) else { return .ok }
            }
            for _ in 0..<3 { guard checkedTick() else { return .ok } }
        case let .popupStackRoot(rect, mode, ticks, animation, backdrop):
            let content = try call("world.spawnView(frame: Rect(x: 0, y: 0, width: 200, height: 120))", binding: "e\(i)") { () throws(PortalError) in
                try w.spawnView(frame: Rect(x: 0, y: 0, width: 200, height: 120))
            }
            bind(i, content, kind: &viewVars)
            let screenRect = Rect(x: 0, y: 0, width: 390, height: 844), stackRect = Rect(x: 0, y: 0, width: 390, height: 600)
            guard soft("world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 390, height: 844))", { () throws(PortalError) in
                      try w.setPopupContainer(bounds: screenRect)
                  }) != nil,
                  let source = soft("world.spawnView(frame: \(rect.code))", binding: "src\(i)", { () throws(PortalError) in try w.spawnView(frame: rect.rect) }),
                  let other = soft("world.spawnView(frame: Rect(x: 0, y: 700, width: 390, height: 100))", binding: "other\(i)", { () throws(PortalError) in
                      try w.spawnView(frame: Rect(x: 0, y: 700, width: 390, height: 100))
                  }),
                  soft("world.setZIndex(3, of: other\(i))", { () throws(PortalError) in try w.setZIndex(3, of: other) }) != nil,
                  checkedTick(),
                  soft("world.presentPopup(e\(i), from: src\(i), width: 200, height: 120, animation: \(animation.code), backdrop: \(backdrop))", { () throws(PortalError) in
                      try w.presentPopup(content, from: source, width: 200, height: 120, animation: animation.animation, backdrop: backdrop)
                  }) != nil else { return .ok }
            for _ in 0..<(ticks % 20) { guard checkedTick() else { return .ok } }
            if mode == 0 || mode == 3 {
                _ = soft("world.dismissPopup(e\(i))") { () throws(PortalError) in try w.dismissPopup(content) }
            }
            if mode < 2 {
                if let stack = soft("world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 600), root: e\(i))", binding: "s\(i)", { () throws(PortalError) in
                    try w.spawnNavigationStack(frame: stackRect, root: content)
                }) { noteStack(i, stack) }
            } else {
                guard let root = soft("world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 600))", binding: "r\(i)", { () throws(PortalError) in
                          try w.spawnView(frame: stackRect)
                      }),
                      let stack = soft("world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 600), root: r\(i))", binding: "s\(i)", { () throws(PortalError) in
                          try w.spawnNavigationStack(frame: stackRect, root: root)
                      }),
                      checkedTick() else { return .ok }
                noteStack(i, stack)
                _ = soft("world.push(e\(i), onto: s\(i))") { () throws(PortalError) in try w.push(content, onto: stack) }
            }
            for _ in 0..<(10 + ticks) { guard checkedTick() else { return .ok } }
            if mode == 1 || mode == 2 {
                _ = soft("world.dismissPopup(e\(i))") { () throws(PortalError) in try w.dismissPopup(content) }
                for _ in 0..<30 { guard checkedTick() else { return .ok } }
            }
        default:
            return .skipped
        }
        return .ok
    }

    /// What a hit test may answer: a view drawn in the render list (a stack mid-transition,
    /// `isBusy`, excepted); a portal layer (which a press may catch with drag to dismiss on,
    /// though it does not take taps itself) only where it is drawn, at an opacity of 0.01 or more.
    func checkHit(_ point: Point, _ hit: HitTestResult?) -> Failure? {
        guard let hit, !hit.isBusy else { return nil }
        let items = world.renderList.filter { $0.entity == hit.entity }
        let code = "#expect(world.hitTest(Point(x: \(lit(point.x)), y: \(lit(point.y))))?.entity != \(ref(hit.entity)))"
        if items.isEmpty { return flag("hitTest answers a view not drawn", "\(hit.entity) at \(point)", code) }
        guard world.portalLayers().contains(where: { $0.layer == hit.entity }) else { return nil }
        let shown = items.contains { item in
            guard item.opacity >= 0.01, let local = item.globalTransform.inverted()?.map(point) else { return false }
            let margin: Float = 0.01 * max(1, item.frame.width, item.frame.height)
            return local.x >= -margin && local.y >= -margin && local.x <= item.frame.width + margin && local.y <= item.frame.height + margin
        }
        return shown ? nil : flag("hitTest answers a portal layer where it is not drawn or is invisible", "\(hit.entity) at \(point): \(items)", code)
    }

    /// The render list's tree order, as the public API shows the tree: the roots (`parent(of:)`
    /// is nil) by band, then z index, each followed by its whole subtree (a portal layer's
    /// content copies follow the layer). Checked when every drawn entity is alive (a view
    /// despawned by a system during the tick is drawn until the next, and its children then
    /// report no parent).
    func checkTreeOrder() -> Failure? {
        let items = world.renderList
        guard !items.isEmpty, items.allSatisfy({ world.isAlive($0.entity) }) else { return nil }
        var rootOf: [Entity: Entity] = [:]
        func root(_ e: Entity) -> Entity {
            if let r = rootOf[e] { return r }
            var up = e, steps = 0
            while steps < 100_000, let p = (try? world.parent(of: up)) ?? nil { up = p; steps += 1 }
            rootOf[e] = up
            return up
        }
        func descends(_ e: Entity, from ancestor: Entity) -> Bool {
            var up = e, steps = 0
            while steps < 100_000, let p = (try? world.parent(of: up)) ?? nil { if p == ancestor { return true }; up = p; steps += 1 }
            return false
        }
        var seen = Set<Entity>()
        var current: Entity?, copied: Entity?
        var last: (role: RenderRole, z: Int32)?
        for (k, item) in items.enumerated() {
            let r = root(item.entity)
            if r == item.entity {
                if seen.contains(r) {
                    return flag("tree-subtree-not-contiguous: a root drawn twice", "item \(k): \(item.entity)", "// world.renderList draws \(ref(item.entity)) twice as a root")
                }
                if let last, item.role < last.role || (!(last.role < item.role) && item.zIndex < last.z) {
                    return flag("tree-roots-out-of-order", "item \(k): \(item.entity) (\(item.role), z \(item.zIndex)) after (\(last.role), z \(last.z))",
                                "// world.renderList draws the roots by band, then z index")
                }
                seen.insert(r)
                current = r
                copied = item.content != item.entity ? item.content : nil
                last = (item.role, item.zIndex)
            } else if r != current {
                if let c = copied, item.entity == c || descends(item.entity, from: c) { continue }
                return flag("tree-subtree-not-contiguous", "item \(k): \(item.entity) of root \(r) under root \(current.map { "\($0)" } ?? "none")",
                            "// world.renderList draws each root's subtree right after it")
            }
        }
        return nil
    }

    /// After a tick: a digest of the render list and the events drained, which the world and
    /// its shadow compare.
    func recordTick(_ events: [WorldEvent]) {
        var hasher = Hasher()
        hasher.combine(world.tickCount)
        var d: [UInt64] = []
        for item in world.renderList { digest(item, into: &d) }
        hasher.combine(d)
        hasher.combine(events)
        tickDigests.append(hasher.finalize())
        tickCalls.append(currentCall)
    }

    /// The world's shadow: the same calls without the read-only ones; the first call after
    /// which the two worlds' ticks differ, or nil.
    static func shadowDivergence(_ ops: [Op], keep: (Int) -> Bool, main: Execution, digests: Int) -> Int? {
        let shadow = Execution()
        shadow.isShadow = true
        _ = shadow.run(ops, keep: keep)
        let n = min(digests, shadow.tickDigests.count)
        for k in 0..<n where main.tickDigests[k] != shadow.tickDigests[k] { return main.tickCalls[k] }
        if shadow.tickDigests.count < digests { return main.tickCalls[shadow.tickDigests.count] }
        return nil
    }
}
