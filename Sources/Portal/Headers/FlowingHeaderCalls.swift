// The flowing header's calls (see `ECS/HostCall.swift`): making a header, its anchors, and the
// scroll reports that drive it.

/// ``World/flowingHeader(on:title:subtitle:accessory:barTitle:barAccessory:displays:layout:snappingBehavior:tokens:)``.
struct FlowingHeaderCall: SpawningCall {
    static var verb: String { "flowingHeader" }
    var screen: Entity, title: Entity, subtitle: Entity?, accessory: Entity?, barTitle: Entity?, barAccessory: Entity?
    var displays: FlowingHeaderDisplays, layout: FlowingHeaderLayout, snapping: SnappingBehavior, tokens: FlowingHeaderTokens
    init(screen: Entity, title: Entity, subtitle: Entity?, accessory: Entity?, barTitle: Entity?, barAccessory: Entity?,
         displays: FlowingHeaderDisplays, layout: FlowingHeaderLayout, snapping: SnappingBehavior, tokens: FlowingHeaderTokens) {
        (self.screen, self.title, self.subtitle, self.accessory, self.barTitle, self.barAccessory) = (screen, title, subtitle, accessory, barTitle, barAccessory)
        (self.displays, self.layout, self.snapping, self.tokens) = (displays, layout, snapping, tokens)
    }

    func write(to trace: inout TraceWriter) {
        trace.put("screen", screen); trace.put("title", title); trace.put("subtitle", subtitle)
        trace.put("accessory", accessory); trace.put("barTitle", barTitle); trace.put("barAccessory", barAccessory)
        trace.key("displays"); trace.int(displays.rawValue)
        trace.key("layout"); trace.raw(layout == .horizontal ? "horizontal" : "vertical")
        trace.key("snapping"); trace.raw(snapping == .directional ? "directional" : snapping == .nearest ? "nearest" : "none")
        let t = tokens
        trace.key("tokens"); trace.double(t.transitionDuration); trace.comma(); trace.double(t.scrollAnimationDuration); trace.comma()
        trace.floats(t.transitionRange, t.accessoryStartDivisor, t.startWithoutAccessory, t.barAccessorySize,
                     t.accessoryMinimumOpacity, t.accessoryFadeRate, t.directionThreshold, t.barSpacing)
    }

    init(reading trace: inout TraceDecoder) throws(TraceError) {
        screen = try trace.entity(key: "screen")
        title = try trace.entity(key: "title")
        subtitle = try trace.optionalEntity(key: "subtitle")
        accessory = try trace.optionalEntity(key: "accessory")
        barTitle = try trace.optionalEntity(key: "barTitle")
        barAccessory = try trace.optionalEntity(key: "barAccessory")
        let d = try trace.atom(trace.one(trace.take("displays")))
        guard let bits = TraceInteger.uint8(d) else { throw trace.notA(d, "a display set") }
        displays = FlowingHeaderDisplays(rawValue: bits)
        layout = try trace.word(key: "layout", ["horizontal", "vertical"], [.horizontal, .vertical])
        snapping = try trace.word(key: "snapping", ["directional", "nearest", "none"], [.directional, .nearest, .none])
        let t = try trace.count(trace.take("tokens"), 10)
        let f = try trace.floats(Array(t[2...]), 8)
        tokens = FlowingHeaderTokens(transitionDuration: try trace.double(t[0]), scrollAnimationDuration: try trace.double(t[1]),
                                     transitionRange: f[0], accessoryStartDivisor: f[1], startWithoutAccessory: f[2],
                                     barAccessorySize: f[3], accessoryMinimumOpacity: f[4], accessoryFadeRate: f[5],
                                     directionThreshold: f[6], barSpacing: f[7])
    }

    func perform(on world: World) throws(PortalError) -> Entity {
        try world.requireAppView(screen)
        let parts = [("title", title), ("subtitle", subtitle), ("accessory", accessory),
                     ("barTitle", barTitle), ("barAccessory", barAccessory)] as [(String, Entity?)]
        for case let (name, part?) in parts {
            try world.requireAppView(part)
            // The part becomes the screen's child: it must not be the screen or above it.
            if world.isProjectedAncestorOrSelf(part, of: screen) {
                throw .invalidValue(name, 0, reason: "a header's part cannot be its screen or an ancestor of it: parts become the screen's children")
            }
            // Everything the reparenting below could refuse (a screen a stack places), refused now.
            if world.projectedParent(of: part) != screen { try world.validateParent(screen, of: part) }
        }
        try tokens.validate()
        for duration in [tokens.transitionDuration, tokens.scrollAnimationDuration] { try Animation.smooth(duration: duration).validate(step: world.clock.step) }
        guard let header = world.allocator.allocate() else { throw .entityLimitReached }
        guard let progress = world.spawnProgressView() else {
            world.allocator.release(header)   // never used: in no table yet
            throw .entityLimitReached
        }
        for case let (_, part?) in parts where world.projectedParent(of: part) != screen {
            try world.setParent(screen, of: part)   // validated above: cannot throw
        }
        world.activateRemoval(of: FlowingHeaderFeature.self)
        let views = world.views
        let titleFrame = views.frame(slot: views.slot(of: title)!)
        let state = FlowingHeaderState(progressView: progress, progressSlot: views.slot(of: progress)!,
                                       snapper: HeaderSnapper(behavior: snapping), progressDuration: nil,
                                       tokens: tokens, displays: displays, accessory: accessory,
                                       accessoryAnchor: accessory.flatMap { views.slot(of: $0) }.map { views.frame(slot: $0) },
                                       screen: screen, title: title, subtitle: subtitle, barTitle: barTitle, barAccessory: barAccessory,
                                       layout: layout, titleAnchor: titleFrame,
                                       subtitleAnchor: subtitle.flatMap { views.slot(of: $0) }.map { views.frame(slot: $0) },
                                       bar: Rect(x: titleFrame.minX, y: 0, width: titleFrame.width, height: 44),
                                       barTitleSize: titleFrame.size,
                                       slotHints: (views.slot(of: screen)!, views.slot(of: title)!, accessory.flatMap { views.slot(of: $0) } ?? 0))
        world.headers.insert(state, for: header)
        return header
    }
}

/// ``World/setFlowingHeaderAnchors(_:title:accessory:bar:barTitleSize:)``.
struct SetFlowingHeaderAnchorsCall: HostCall {
    static var verb: String { "headerAnchors" }
    var header: Entity, title: Rect, accessory: Rect?, bar: Rect, barTitleSize: Size
    init(header: Entity, title: Rect, accessory: Rect?, bar: Rect, barTitleSize: Size) {
        (self.header, self.title, self.accessory, self.bar, self.barTitleSize) = (header, title, accessory, bar, barTitleSize)
    }
    func write(to trace: inout TraceWriter) {
        trace.put("header", header); trace.put("title", title); trace.put("accessory", accessory)
        trace.put("bar", bar); trace.key("barTitleSize"); trace.size(barTitleSize)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        header = try trace.entity(key: "header")
        title = try trace.rect(key: "title")
        accessory = try trace.optionalRect(trace.take("accessory"))
        bar = try trace.rect(key: "bar")
        let size = try trace.floats(trace.take("barTitleSize"), 2)
        barTitleSize = Size(width: size[0], height: size[1])
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireHeader(header)
        try title.validate("title")
        guard title.height == 0 || title.height >= FlowingHeaderGeometry.minimumTitleHeight else {
            throw .invalidGeometry("title", title.height,
                                   reason: "a title's height must be 0 (not laid out) or at least 1/64 pt: its scale is the bar title's height ÷ this")
        }
        try accessory?.validate("accessory")
        try bar.validate("bar")
        try Rect(origin: .zero, size: barTitleSize).validate("barTitleSize")
        world.commands.append(.header(.anchors(header, title: title, accessory: accessory, bar: bar, barTitleSize: barTitleSize)))
    }
}

/// ``World/reportScroll(_:offset:phase:)``.
struct ReportScrollCall: HostCall {
    static var verb: String { "scroll" }
    var header: Entity, offset: Float, phase: ScrollPhase
    init(header: Entity, offset: Float, phase: ScrollPhase) { (self.header, self.offset, self.phase) = (header, offset, phase) }
    func write(to trace: inout TraceWriter) {
        trace.put("header", header); trace.put("offset", offset); trace.key("phase"); trace.raw(TraceWriter.phaseNames[phase.index])
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        header = try trace.entity(key: "header")
        offset = try trace.float(key: "offset")
        phase = try trace.word(key: "phase", TraceWriter.phaseNames, [.interacting, .decelerating, .idle])
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireHeader(header)
        guard offset.isFinite, Rect.isSane(offset) else {
            throw .invalidGeometry("offset", offset, reason: "a scroll offset must be finite and within ±1e9")
        }
        world.commands.append(.header(.scroll(header, offset: offset, phase: phase)))
    }
}

/// A staged flowing-header call.
enum HeaderCommand {
    case anchors(Entity, title: Rect, accessory: Rect?, bar: Rect, barTitleSize: Size)
    case scroll(Entity, offset: Float, phase: ScrollPhase)
}

extension World {
    /// Requires a live entity that is a flowing header.
    func requireHeader(_ header: Entity) throws(PortalError) {
        try requireAlive(header)
        guard headers.index.contains(header) else { throw .notAFlowingHeader(header) }
    }

    /// Applies a staged header command (scroll reports are applied in runs: `applyScrolls`).
    func apply(_ command: HeaderCommand) {
        switch command {
        case let .anchors(header, title, accessory, bar, barTitleSize):
            applyHeaderAnchors(header, title: title, accessory: accessory, bar: bar, barTitleSize: barTitleSize)
        case .scroll:
            break   // applied in runs
        }
    }
}
