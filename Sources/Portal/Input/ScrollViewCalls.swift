// Scroll views' calls: make a view a scroll view, stop that, scroll it. Each is a `HostCall` (see
// `ECS/HostCall.swift`) submitted through `World.submit` by the public API
// (`World+ScrollViews.swift`): it validates (a refusal names the argument and changes nothing), is
// recorded in a trace, and stages a `ScrollViewCommand` applied at the next tick, in call order,
// as every host call.

extension World {
    /// Requires a live view that is a scroll view once the staged calls apply.
    func requireScrollView(_ view: Entity) throws(PortalError) {
        try requireView(view)
        guard scrollViews.isScrollView(view) else { throw .notAScrollView(view) }
    }
}

/// ``World/makeScrollView(_:configuration:)``.
struct MakeScrollViewCall: HostCall {
    static var verb: String { "makeScrollView" }
    var view: Entity, configuration: ScrollViewConfiguration
    init(view: Entity, configuration: ScrollViewConfiguration) { (self.view, self.configuration) = (view, configuration) }
    func write(to trace: inout TraceWriter) {
        let c = configuration
        trace.put("view", view)
        trace.key("content"); trace.floats(c.contentSize.width, c.contentSize.height)
        trace.key("inset"); trace.floats(c.contentInset.top, c.contentInset.leading, c.contentInset.bottom, c.contentInset.trailing)
        trace.key("axes"); trace.int(c.axes.rawValue)
        trace.put("paging", c.isPagingEnabled)
        trace.put("rate", c.decelerationRate.rawValue)   // a Double, in full: a custom rate replays to the same bits
        trace.put("bounces", c.bounces)
        trace.put("alwaysBounceHorizontal", c.alwaysBounceHorizontal)
        trace.put("alwaysBounceVertical", c.alwaysBounceVertical)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        let content = try trace.floats(trace.take("content"), 2), inset = try trace.floats(trace.take("inset"), 4)
        let axes = try trace.atom(trace.one(trace.take("axes")))
        guard let bits = TraceInteger.uint8(axes) else { throw trace.notA(axes, "an axis set") }
        configuration = ScrollViewConfiguration(
            contentSize: Size(width: content[0], height: content[1]),
            contentInset: EdgeInsets(top: inset[0], leading: inset[1], bottom: inset[2], trailing: inset[3]),
            axes: ScrollAxes(rawValue: bits), isPagingEnabled: try trace.bool(key: "paging"),
            decelerationRate: ScrollDecelerationRate(rawValue: try trace.double(key: "rate")), bounces: try trace.bool(key: "bounces"),
            alwaysBounceHorizontal: try trace.bool(key: "alwaysBounceHorizontal"), alwaysBounceVertical: try trace.bool(key: "alwaysBounceVertical"))
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireAppView(view)
        try configuration.validate()
        world.scrollViews.staged[view] = true
        world.commands.append(.scrollView(.make(view, configuration)))
    }
}

/// ``World/removeScrollView(_:)``.
struct RemoveScrollViewCall: HostCall {
    static var verb: String { "removeScrollView" }
    var view: Entity
    init(view: Entity) { self.view = view }
    func write(to trace: inout TraceWriter) { trace.put("view", view) }
    init(reading trace: inout TraceDecoder) throws(TraceError) { view = try trace.entity(key: "view") }
    func perform(on world: World) throws(PortalError) {
        try world.requireScrollView(view)
        world.scrollViews.staged[view] = false
        world.commands.append(.scrollView(.remove(view)))
    }
}

/// ``World/scroll(_:to:animated:)``.
struct ScrollToCall: HostCall {
    static var verb: String { "scrollTo" }
    var view: Entity, offset: Point, animated: Bool
    init(view: Entity, offset: Point, animated: Bool) { (self.view, self.offset, self.animated) = (view, offset, animated) }
    func write(to trace: inout TraceWriter) { trace.put("view", view); trace.put("offset", offset); trace.put("animated", animated) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        offset = try trace.point(key: "offset")
        animated = try trace.bool(key: "animated")
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireScrollView(view)
        guard Rect.isSane(offset.x), Rect.isSane(offset.y) else {
            throw .invalidGeometry("offset", Rect.isSane(offset.x) ? offset.y : offset.x, reason: "a content offset must be finite and within ±1e9")
        }
        world.commands.append(.scrollView(.scroll(view, offset, animated: animated)))
    }
}

/// A scroll view's staged command (`Command.scrollView`).
enum ScrollViewCommand {
    case make(Entity, ScrollViewConfiguration)
    case remove(Entity)
    case scroll(Entity, Point, animated: Bool)
}

extension World {
    /// Applies a staged scroll view command.
    func apply(_ command: ScrollViewCommand, tick: UInt64) {
        switch command {
        case let .make(view, configuration): applyMakeScrollView(view, configuration)
        case let .remove(view): applyRemoveScrollView(view, tick: tick)
        case let .scroll(view, offset, animated): applyScroll(view, to: offset, animated: animated, tick: tick)
        }
    }
}
