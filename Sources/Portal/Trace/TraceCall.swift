// One recordable host call, as data: what the recorder writes and the replayer performs.
//
// `perform` makes the call through the public API, so a recorded call and a replayed call take
// exactly the same path; the recorder's hook at the top of each public function sends the call
// here (with the recorder marked busy, so the nested public calls a call makes are not recorded
// again).

/// A host call the trace format knows.
enum TraceCall {
    case spawn
    case spawnView(frame: Rect, cornerRadius: Float, opacity: Float, parent: Entity??)
    case despawn(Entity)
    case update(Entity, ViewProperties)
    case animate(Entity, ViewProperties, Animation)
    case setZIndex(Entity, Int32)
    case setAllowsHitTesting(Entity, Bool)
    case setHidden(Entity, Bool)
    case setCornerStyle(Entity, CornerStyle, clipsContent: Bool)
    case setParent(Entity, Entity?, keepingGlobalFrame: Bool)
    case setContentOffset(Entity, Point)
    case setFrames([ViewFrame])
    case setClipsToBounds(Entity, Bool)
    case portal(Entity, PortalID, PortalRole)
    case removePortal(Entity)
    case portalTransition(PortalID, isActive: Bool, PortalTransitionConfig)
    case portalItem(PortalID, PortalTransitionConfig, scope: String)
    case dismissPortalItem(PortalTransitionConfig, scope: String)
    case portalGroup([PortalID], groupID: String, isActive: Bool, PortalTransitionConfig, stagger: Double)
    case transferActivePortal(PortalID, PortalID)
    case reduceMotion(Bool)
    case popupPolicy(PopupPolicy)
    case spawnNavigationStack(frame: Rect, root: Entity, InteractivePopStart)
    case spawnScreen(stack: Entity, cornerRadius: Float)
    case push(Entity, onto: Entity, NavigationTransition)
    case pop(Entity, NavigationTransition)
    case popToRoot(Entity, NavigationTransition)
    case setStack(Entity, [Entity], NavigationTransition)
    case beginInteractivePop(Entity, Point, NavigationTransition)
    case updateInteractivePop(Entity, Float)
    case endInteractivePop(Entity, Float)
    case flowingHeader(FlowingHeaderCall)
    case setFlowingHeaderAnchors(Entity, title: Rect, accessory: Rect?, bar: Rect, barTitleSize: Size)
    case reportScroll(Entity, Float, ScrollPhase)
    case setPopupContainer(Rect, EdgeInsets)
    case presentPopup(Entity, from: Entity, width: Float, height: Float, Animation, backdrop: Bool)
    case dismissPopup(Entity)
    case dismissTopPopup
    case tap(Point)
    case makeScrollView(Entity, ScrollViewConfiguration)
    case removeScrollView(Entity)
    case scroll(Entity, Point, animated: Bool)
    case advance(Double)
    case tick
}

/// The arguments of ``World/flowingHeader(on:title:subtitle:accessory:barTitle:barAccessory:displays:layout:snappingBehavior:tokens:)``.
struct FlowingHeaderCall {
    var screen: Entity, title: Entity, subtitle: Entity?, accessory: Entity?, barTitle: Entity?, barAccessory: Entity?
    var displays: FlowingHeaderDisplays, layout: FlowingHeaderLayout, snapping: SnappingBehavior, tokens: FlowingHeaderTokens
}

/// What a recorded call returned, handed back to the public function that was called.
enum TraceResult {
    case none
    case entity(Entity)
    case animation(AnimationID)
    case flag(Bool)
    case optionalEntity(Entity?)
    case hit(HitTestResult?)
    case report(AdvanceReport)
    case popDecision(InteractivePopDecision)

    // The hooks read the case their call returns; the fallbacks are unreachable (a call's
    // `perform` always returns its own case) but keep the hooks free of traps.
    var entity: Entity { if case let .entity(e) = self { e } else { Entity(bits: UInt64.max) } }
    var animationID: AnimationID { if case let .animation(id) = self { id } else { AnimationID(rawValue: 0) } }
    var flag: Bool { if case let .flag(b) = self { b } else { false } }
    var optionalEntity: Entity? { if case let .optionalEntity(e) = self { e } else { nil } }
    var hit: HitTestResult? { if case let .hit(h) = self { h } else { nil } }
    var report: AdvanceReport { if case let .report(r) = self { r } else { AdvanceReport(ticksRun: 0, ticksDropped: 0, rejection: nil) } }
    var popDecision: InteractivePopDecision {
        if case let .popDecision(d) = self { d } else { InteractivePopDecision(stack: Entity(bits: UInt64.max), finishes: false, progress: 0, completionSpeed: 1) }
    }
}

/// A stand-in item for replaying ``World/portalTransition(item:config:scope:)``: its id prints
/// as the recorded portal id, so `PortalID(item:)` gives that id back.
private struct TraceItem: Identifiable {
    let id: String
}

extension TraceCall {
    /// Makes the call through the public API.
    func perform(on world: World) throws(PortalError) -> TraceResult {
        switch self {
        case .spawn: return .entity(try world.spawn())
        case let .spawnView(frame, radius, opacity, parent):
            if let parent { return .entity(try world.spawnView(frame: frame, cornerRadius: radius, opacity: opacity, in: parent)) }
            return .entity(try world.spawnView(frame: frame, cornerRadius: radius, opacity: opacity))
        case let .despawn(e): try world.despawn(e)
        case let .update(e, p): try world.update(e, to: p)
        case let .animate(e, p, a): return .animation(try world.animate(e, to: p, with: a))
        case let .setZIndex(e, z): try world.setZIndex(z, of: e)
        case let .setAllowsHitTesting(e, b): try world.setAllowsHitTesting(b, of: e)
        case let .setHidden(e, b): try world.setHidden(b, of: e)
        case let .setCornerStyle(e, s, c): try world.setCornerStyle(s, clipsContent: c, of: e)
        case let .setParent(v, p, k): try world.setParent(p, of: v, keepingGlobalFrame: k)
        case let .setContentOffset(v, o): try world.setContentOffset(o, of: v)
        case let .setFrames(frames): try world.setFrames(frames)
        case let .setClipsToBounds(v, c): try world.setClipsToBounds(c, of: v)
        case let .portal(v, id, role): try world.portal(v, id: id, as: role)
        case let .removePortal(v): try world.removePortal(from: v)
        case let .portalTransition(id, active, config): try world.portalTransition(id: id, isActive: active, config: config)
        case let .portalItem(id, config, scope): try world.portalTransition(item: TraceItem(id: id.rawValue), config: config, scope: scope)
        case let .dismissPortalItem(config, scope): try world.dismissPortalItem(config: config, scope: scope)
        case let .portalGroup(ids, group, active, config, stagger):
            try world.portalTransition(ids: ids, groupID: group, isActive: active, config: config, staggerDelay: stagger)
        case let .transferActivePortal(from, to): try world.transferActivePortal(from: from, to: to)
        case let .reduceMotion(b): world.reduceMotion = b
        case let .popupPolicy(p): world.popupPolicy = p
        case let .spawnNavigationStack(frame, root, start):
            return .entity(try world.spawnNavigationStack(frame: frame, root: root, interactivePopStart: start))
        case let .spawnScreen(stack, radius): return .entity(try world.spawnScreen(for: stack, cornerRadius: radius))
        case let .push(s, stack, t): try world.push(s, onto: stack, transition: t)
        case let .pop(stack, t): try world.pop(stack, transition: t)
        case let .popToRoot(stack, t): try world.popToRoot(stack, transition: t)
        case let .setStack(stack, screens, t): try world.setStack(stack, screens: screens, transition: t)
        case let .beginInteractivePop(stack, p, t): return .flag(try world.beginInteractivePop(stack, at: p, transition: t))
        case let .updateInteractivePop(stack, x): try world.updateInteractivePop(stack, translation: x)
        case let .endInteractivePop(stack, v): return .popDecision(try world.endInteractivePop(stack, velocity: v))
        case let .flowingHeader(h):
            return .entity(try world.flowingHeader(on: h.screen, title: h.title, subtitle: h.subtitle, accessory: h.accessory,
                                                   barTitle: h.barTitle, barAccessory: h.barAccessory, displays: h.displays,
                                                   layout: h.layout, snappingBehavior: h.snapping, tokens: h.tokens))
        case let .setFlowingHeaderAnchors(h, title, accessory, bar, size):
            try world.setFlowingHeaderAnchors(h, title: title, accessory: accessory, bar: bar, barTitleSize: size)
        case let .reportScroll(h, offset, phase): try world.reportScroll(h, offset: offset, phase: phase)
        case let .setPopupContainer(bounds, insets): try world.setPopupContainer(bounds: bounds, safeArea: insets)
        case let .presentPopup(c, s, w, h, a, b):
            try world.presentPopup(c, from: s, width: w, height: h, animation: a, backdrop: b)
        case let .dismissPopup(c): try world.dismissPopup(c)
        case .dismissTopPopup: return .optionalEntity(world.dismissTopPopup())
        case let .tap(p): return .hit(world.tap(at: p))
        case let .makeScrollView(v, c): try world.makeScrollView(v, configuration: c)
        case let .removeScrollView(v): try world.removeScrollView(v)
        case let .scroll(v, o, animated): try world.scroll(v, to: o, animated: animated)
        case let .advance(s): return .report(world.advance(by: s))
        case .tick: world.tick()
        }
        return .none
    }

    /// Whether the call creates an entity the trace names by spawn order.
    var spawns: Bool {
        switch self {
        case .spawn, .spawnView, .spawnNavigationStack, .spawnScreen, .flowingHeader: return true
        default: return false
        }
    }
}
