// The portal calls (see `ECS/HostCall.swift`): marks, transitions by id, by item and by group,
// and transfers.

/// ``World/portal(_:id:as:)``.
struct PortalMarkCall: HostCall {
    static var verb: String { "portal" }
    var view: Entity, id: PortalID, role: PortalRole
    init(view: Entity, id: PortalID, role: PortalRole) { (self.view, self.id, self.role) = (view, id, role) }
    func write(to trace: inout TraceWriter) {
        trace.put("view", view); trace.put("id", id.rawValue); trace.key("role"); trace.raw(role == .source ? "source" : "destination")
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        id = PortalID(try trace.string(key: "id"))
        role = try trace.word(key: "role", ["source", "destination"], [.source, .destination])
    }

    func perform(on world: World) throws(PortalError) {
        try world.requireAppView(view)
        if let key = world.portals.keys[id] {
            let record = world.portals.records[Int(key)]
            let existing = role == .source ? record.source : record.destination
            // A despawned anchor (gone at the next tick, its handle dead at once) gives way.
            if let existing, existing != view, world.isAlive(existing) {
                throw .duplicatePortalRole(id, role, existing: existing, rejected: view)
            }
        }
        let previous = world.removePortalAnchor(view)
        world.activateRemoval(of: PortalFeature.self)
        let key = world.portals.intern(id)
        world.portals.anchors.insert(PortalAnchor(key: key, role: role), for: view)
        world.portals.setAnchor(view, as: role, of: Int(key))
        // A layer of the portal the mark left shows that portal's own anchors from now on.
        if let previous { world.replaceLayerContent(view, of: previous) }
        world.portals.wake(Int(key))
        world.withPortalSystem { $0.applyVisibility(Int(key)) }
    }
}

/// ``World/removePortal(from:)``.
struct RemovePortalCall: HostCall {
    static var verb: String { "removePortal" }
    var view: Entity
    init(view: Entity) { self.view = view }
    func write(to trace: inout TraceWriter) { trace.put("view", view) }
    init(reading trace: inout TraceDecoder) throws(TraceError) { view = try trace.entity(key: "view") }
    func perform(on world: World) throws(PortalError) {
        try world.requireView(view)
        if let key = world.removePortalAnchor(view) { world.replaceLayerContent(view, of: key) }
    }
}

/// ``World/portalTransition(id:isActive:config:)``.
struct PortalTransitionCall: HostCall {
    static var verb: String { "portalTransition" }
    var id: PortalID, isActive: Bool, config: PortalTransitionConfig
    init(id: PortalID, isActive: Bool, config: PortalTransitionConfig) { (self.id, self.isActive, self.config) = (id, isActive, config) }
    func write(to trace: inout TraceWriter) { trace.put("id", id.rawValue); trace.put("active", isActive); trace.config(config) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        id = PortalID(try trace.string(key: "id"))
        isActive = try trace.bool(key: "active")
        config = try trace.config()
    }
    func perform(on world: World) throws(PortalError) {
        let key = try world.knownPortal(id)
        try config.validate(step: world.clock.step, steps: &world.tracks.springSteps)
        try world.validatePortalEntities(config)
        world.stagedConfigs.append(config)
        world.commands.append(.portal(.request(key: key, isActive: isActive, config: world.stagedConfigs.count - 1, stagger: 0, group: nil)))
    }
}

/// ``World/portalTransition(item:config:scope:)`` with an item: the trace keeps the item's id.
struct PortalItemCall: HostCall {
    static var verb: String { "portalItem" }
    // A transfer does not read the configuration: a NaN in it is the host's, and harmless.
    static var acceptsNaN: Bool { true }
    var id: PortalID, config: PortalTransitionConfig, scope: String
    init(id: PortalID, config: PortalTransitionConfig, scope: String) { (self.id, self.config, self.scope) = (id, config, scope) }
    func write(to trace: inout TraceWriter) { trace.put("id", id.rawValue); trace.put("scope", scope); trace.config(config) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        id = PortalID(try trace.string(key: "id"))
        scope = try trace.string(key: "scope")
        config = try trace.config()
    }
    func perform(on world: World) throws(PortalError) {
        let current = world.portals.itemScopes[scope]?.current
        if let current, current != id {
            try world.transferActivePortal(from: current, to: id)
        } else {
            try world.portalTransition(id: id, isActive: true, config: config)
        }
        world.portals.itemScopes[scope] = (id, id)
    }
}

/// ``World/dismissPortalItem(config:scope:)``.
struct DismissPortalItemCall: HostCall {
    static var verb: String { "dismissPortalItem" }
    // With no item presented the configuration is not read.
    static var acceptsNaN: Bool { true }
    var config: PortalTransitionConfig, scope: String
    init(config: PortalTransitionConfig, scope: String) { (self.config, self.scope) = (config, scope) }
    func write(to trace: inout TraceWriter) { trace.put("scope", scope); trace.config(config) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        scope = try trace.string(key: "scope")
        config = try trace.config()
    }
    func perform(on world: World) throws(PortalError) {
        guard let current = world.portals.itemScopes[scope]?.current else { return }
        try world.portalTransition(id: current, isActive: false, config: config)
        world.portals.itemScopes[scope] = (nil, current)
    }
}

/// ``World/portalTransition(ids:groupID:isActive:config:staggerDelay:)``.
struct PortalGroupCall: HostCall {
    static var verb: String { "portalGroup" }
    var ids: [PortalID], groupID: String, isActive: Bool, config: PortalTransitionConfig, staggerDelay: Double
    init(ids: [PortalID], groupID: String, isActive: Bool, config: PortalTransitionConfig, staggerDelay: Double) {
        (self.ids, self.groupID, self.isActive, self.config, self.staggerDelay) = (ids, groupID, isActive, config, staggerDelay)
    }
    func write(to trace: inout TraceWriter) {
        trace.put("ids", list: ids) { trace, id in trace.string(id.rawValue) }
        trace.put("group", groupID); trace.put("active", isActive); trace.put("stagger", staggerDelay); trace.config(config)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        ids = try trace.list(key: "ids") { trace, v throws(TraceError) in PortalID(try trace.string(v)) }
        groupID = try trace.string(key: "group")
        isActive = try trace.bool(key: "active")
        staggerDelay = try trace.double(key: "stagger")
        config = try trace.config()
    }

    func perform(on world: World) throws(PortalError) {
        guard staggerDelay >= 0, staggerDelay <= Animation.maxSeconds else {
            throw .invalidValue("staggerDelay", staggerDelay, reason: "a stagger must be 0…1,000,000 seconds")
        }
        var keys: [UInt32] = []
        for id in ids { keys.append(try world.knownPortal(id)) }
        try config.validate(step: world.clock.step, steps: &world.tracks.springSteps)
        try world.validatePortalEntities(config)
        let group = world.portals.group(named: groupID)
        world.portals.groups[group].members = keys
        world.commands.append(.portal(.groupRequest(group: group, direction: isActive ? .forward : .reverse)))
        if !keys.isEmpty { world.stagedConfigs.append(config) }
        for (i, key) in keys.enumerated() {
            world.commands.append(.portal(.request(key: key, isActive: isActive, config: world.stagedConfigs.count - 1,
                                                 stagger: Double(i) * staggerDelay, group: group)))
        }
    }
}

/// ``World/transferActivePortal(from:to:)``.
struct TransferActivePortalCall: HostCall {
    static var verb: String { "transfer" }
    var from: PortalID, to: PortalID
    init(from: PortalID, to: PortalID) { (self.from, self.to) = (from, to) }
    func write(to trace: inout TraceWriter) { trace.put("from", from.rawValue); trace.put("to", to.rawValue) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        from = PortalID(try trace.string(key: "from"))
        to = PortalID(try trace.string(key: "to"))
    }
    func perform(on world: World) throws(PortalError) {
        let source = try world.knownPortal(from)
        let target = try world.knownPortal(to)
        guard source != target else { return }
        let requested = world.portals.records[Int(source)].requested || world.commands.contains {
            if case let .portal(.request(key, isActive, _, _, _)) = $0 { return key == source && isActive } else { return false }
        }
        guard requested else { throw .portalNotActive(from) }
        world.commands.append(.portal(.transfer(from: source, to: target)))
    }
}

/// A staged portal call.
enum PortalCommand {
    /// `config` indexes `World.stagedConfigs` (a configuration is large: the command list keeps
    /// small entries, and a group's members share one).
    case request(key: UInt32, isActive: Bool, config: Int, stagger: Double, group: Int?)
    case groupRequest(group: Int, direction: PortalDirection)
    case transfer(from: UInt32, to: UInt32)
}

extension World {
    /// The key of portal `id`, which some view must have been marked with.
    func knownPortal(_ id: PortalID) throws(PortalError) -> UInt32 {
        guard let key = portals.keys[id] else { throw .unknownPortal(id) }
        return key
    }

    /// Applies a staged portal command (requests are applied in runs: `applyPortalRequests`).
    func apply(_ command: PortalCommand) {
        switch command {
        case .request:
            break   // applied in runs
        case let .groupRequest(group, direction):
            portals.groups[group].direction = direction
            portals.groups[group].awaitingCompletion = true
        case let .transfer(from, to):
            withPortalSystem { $0.transferPortal(from: Int(from), to: Int(to)) }
        }
    }
}
