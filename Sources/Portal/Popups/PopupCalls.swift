// The popup calls (see `ECS/HostCall.swift`): the policy and the container, presenting and
// dismissing, and taps, which reach the popups' backdrops.

/// Setting ``World/popupPolicy``.
struct SetPopupPolicy: HostCall {
    static var verb: String { "popupPolicy" }
    var policy: PopupPolicy
    init(policy: PopupPolicy) { self.policy = policy }
    func write(to trace: inout TraceWriter) { trace.key("policy"); trace.raw(policy == .stack ? "stack" : "oneAtATime") }
    init(reading trace: inout TraceDecoder) throws(TraceError) { policy = try trace.word(key: "policy", ["stack", "oneAtATime"], [.stack, .oneAtATime]) }
    func perform(on world: World) { world.popups.policy = policy }
}

/// ``World/setPopupContainer(bounds:safeArea:)``.
struct SetPopupContainerCall: HostCall {
    static var verb: String { "popupContainer" }
    var bounds: Rect, safeArea: EdgeInsets
    init(bounds: Rect, safeArea: EdgeInsets) { (self.bounds, self.safeArea) = (bounds, safeArea) }
    func write(to trace: inout TraceWriter) {
        let e = safeArea
        trace.put("bounds", bounds); trace.key("safeArea"); trace.floats(e.top, e.leading, e.bottom, e.trailing)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        bounds = try trace.rect(key: "bounds")
        let e = try trace.floats(trace.take("safeArea"), 4)
        safeArea = EdgeInsets(top: e[0], leading: e[1], bottom: e[2], trailing: e[3])
    }
    func perform(on world: World) throws(PortalError) {
        try bounds.validate("bounds")
        guard bounds.width > 0, bounds.height > 0 else {
            throw .invalidGeometry("bounds", min(bounds.width, bounds.height), reason: "a popup container needs a non-empty frame")
        }
        for (field, inset) in [("top", safeArea.top), ("leading", safeArea.leading), ("bottom", safeArea.bottom), ("trailing", safeArea.trailing)]
        where !(Rect.isSane(inset) && inset >= 0) {
            throw .invalidGeometry("safeArea.\(field)", inset, reason: "insets must be finite and not negative")
        }
        world.commands.append(.popup(.container(bounds, safeArea)))
        world.popups.container = bounds   // validation of later calls sees it at once
        world.popups.safeArea = safeArea
    }
}

/// ``World/presentPopup(_:from:width:height:animation:backdrop:)``.
struct PresentPopupCall: HostCall {
    static var verb: String { "presentPopup" }
    var content: Entity, source: Entity, width: Float, height: Float, animation: Animation, backdrop: Bool
    init(content: Entity, source: Entity, width: Float, height: Float, animation: Animation, backdrop: Bool) {
        (self.content, self.source, self.width, self.height, self.animation, self.backdrop) = (content, source, width, height, animation, backdrop)
    }
    func write(to trace: inout TraceWriter) {
        trace.put("content", content); trace.put("source", source); trace.put("width", width); trace.put("height", height)
        trace.put("animation", animation); trace.put("backdrop", backdrop)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        content = try trace.entity(key: "content")
        source = try trace.entity(key: "source")
        width = try trace.float(key: "width")
        height = try trace.float(key: "height")
        animation = try trace.animation(key: "animation")
        backdrop = try trace.bool(key: "backdrop")
    }

    func perform(on world: World) throws(PortalError) {
        try world.requireAppView(content)
        try world.requireAppView(source)
        guard content != source else { throw .invalidValue("content", 0, reason: "a popup cannot be its own source") }
        if world.isProjectedAncestorOrSelf(content, of: source) {
            throw .invalidValue("content", 0, reason: "a popup's content cannot contain its source")
        }
        guard width > 0, !width.isNaN, width.isInfinite || Rect.isSane(width) else {
            throw .invalidGeometry("width", width, reason: "a popup's width must be positive (or .infinity)")
        }
        guard height >= 0, Rect.isSane(height) else {
            throw .invalidGeometry("height", height, reason: "a popup's height must be finite and not negative")
        }
        try animation.validate(step: world.clock.step)
        guard world.popups.container != nil else { throw .noPopupContainer }
        guard world.popups.states.value(of: content) == nil, !world.pendingPopup(content) else { throw .popupAlreadyPresented(content) }
        world.activateRemoval(of: PopupFeature.self)
        world.commands.append(.popup(.present(content, source, width: width, height: height, animation: animation, backdrop: backdrop)))
    }
}

/// ``World/dismissPopup(_:)``.
struct DismissPopupCall: HostCall {
    static var verb: String { "dismissPopup" }
    var content: Entity
    init(content: Entity) { self.content = content }
    func write(to trace: inout TraceWriter) { trace.put("content", content) }
    init(reading trace: inout TraceDecoder) throws(TraceError) { content = try trace.entity(key: "content") }
    func perform(on world: World) throws(PortalError) {
        try world.requireAlive(content)
        guard world.popups.states.value(of: content) != nil || world.pendingPopup(content) else { throw .popupNotPresented(content) }
        world.commands.append(.popup(.dismiss(content, .requested)))
    }
}

/// ``World/dismissTopPopup()``.
struct DismissTopPopupCall: KeylessCall {
    static var verb: String { "dismissTopPopup" }
    func perform(on world: World) -> Entity? {
        let popups = world.popups
        guard let top = popups.stack.last(where: { popups.states.value(of: $0)?.isDismissing == false }) else { return nil }
        world.commands.append(.popup(.dismiss(top, .requested)))
        return top
    }
}

/// ``World/tap(at:)``.
struct TapCall: HostCall {
    static var verb: String { "tap" }
    static var acceptsNaN: Bool { true }   // a NaN point hits nothing
    var point: Point
    init(point: Point) { self.point = point }
    func write(to trace: inout TraceWriter) { trace.put("at", point) }
    init(reading trace: inout TraceDecoder) throws(TraceError) { point = try trace.point(key: "at") }
    func perform(on world: World) -> HitTestResult? {
        let hit = world.hitTest(point)
        if let content = world.popupOfBackdrop(hit) { world.commands.append(.popup(.dismiss(content, .tappedOutside))) }
        return hit
    }
}

/// A staged popup call.
enum PopupCommand {
    case container(Rect, EdgeInsets)
    case present(Entity, Entity, width: Float, height: Float, animation: Animation, backdrop: Bool)
    case dismiss(Entity, PopupDismissReason)
}

extension World {
    /// Whether a call staged since the last tick presents `content`.
    func pendingPopup(_ content: Entity) -> Bool {
        commands.contains { if case let .popup(.present(c, _, _, _, _, _)) = $0 { return c == content } else { return false } }
    }

    /// Applies a staged popup command.
    func apply(_ command: PopupCommand, tick: UInt64) {
        switch command {
        case .container:
            break   // already in force for validation; the popups re-place at the tick's `placement` point
        case let .present(content, source, width, height, animation, backdrop):
            applyPresentPopup(content, source: source, width: width, height: height, animation: animation, backdrop: backdrop, tick: tick)
        case let .dismiss(content, reason):
            dismiss(content, reason: reason, tick: tick)
        }
    }
}
