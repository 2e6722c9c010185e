// The tree calls (see `ECS/HostCall.swift`): parents, content offsets, clipping.

/// ``World/setParent(_:of:keepingGlobalFrame:)``.
struct SetParentCall: HostCall {
    static var verb: String { "setParent" }
    var view: Entity, parent: Entity?, keepingGlobalFrame: Bool
    init(view: Entity, parent: Entity?, keepingGlobalFrame: Bool) {
        (self.view, self.parent, self.keepingGlobalFrame) = (view, parent, keepingGlobalFrame)
    }
    func write(to trace: inout TraceWriter) {
        trace.put("view", view); trace.put("parent", parent); trace.put("keepGlobalFrame", keepingGlobalFrame)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        parent = try trace.optionalEntity(key: "parent")
        keepingGlobalFrame = try trace.bool(key: "keepGlobalFrame")
    }
    func perform(on world: World) throws(PortalError) {
        try world.validateParent(parent, of: view)
        world.stagedParents[view] = .some(parent)
        world.commands.append(.view(.setParent(view, parent, keepingGlobalFrame: keepingGlobalFrame)))
    }
}

/// ``World/setContentOffset(_:of:)``: an update of the content offset, spelled as its own call.
struct SetContentOffset: HostCall {
    static var verb: String { "contentOffset" }
    var view: Entity, offset: Point
    init(view: Entity, offset: Point) { (self.view, self.offset) = (view, offset) }
    func write(to trace: inout TraceWriter) { trace.put("view", view); trace.put("offset", offset) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        offset = try trace.point(key: "offset")
    }
    func perform(on world: World) throws(PortalError) {
        try world.update(view, to: ViewProperties(contentOffset: offset))
    }
}

/// ``World/setClipsToBounds(_:of:)``.
struct SetClipsToBounds: ViewFlagCall {
    static var verb: String { "clipsToBounds" }
    static var flagKey: String { "clips" }
    var view: Entity, flag: Bool
    static func command(_ view: Entity, _ clips: Bool) -> ViewCommand { .setClipsToBounds(view, clips) }
}
