// The core's calls on entities and time (see `HostCall.swift`): spawn, despawn, advance, tick,
// and the reduce-motion setting.

/// ``World/spawn()``.
struct SpawnCall: SpawningCall, KeylessCall {
    static var verb: String { "spawn" }
    func perform(on world: World) throws(PortalError) -> Entity {
        guard let entity = world.allocator.allocate() else { throw .entityLimitReached }
        return entity
    }
}

/// ``World/despawn(_:)``.
struct DespawnCall: HostCall {
    static var verb: String { "despawn" }
    var entity: Entity
    init(entity: Entity) { self.entity = entity }
    func write(to trace: inout TraceWriter) { trace.put("entity", entity) }
    init(reading trace: inout TraceDecoder) throws(TraceError) { entity = try trace.entity(key: "entity") }

    func perform(on world: World) throws(PortalError) {
        try world.requireAppEntity(entity)
        for check in world.features.despawnChecks { try check(world, entity, entity) }
        // A view goes with its subtree (as the tree will be once the staged calls apply):
        // every descendant is checked first, so a refusal leaves the world unchanged, then all
        // are doomed at once and removed children first, each through the one removal path.
        let subtree = world.projectedDescendants(of: entity)
        for view in subtree {
            try world.requireAppEntity(view)
            for check in world.features.despawnChecks { try check(world, view, entity) }
        }
        for view in subtree.reversed() {
            world.allocator.doom(view)
            world.commands.append(.despawn(view))
        }
        world.allocator.doom(entity)
        world.commands.append(.despawn(entity))
    }
}

/// ``World/advance(by:)``.
struct AdvanceCall: HostCall {
    static var verb: String { "advance" }
    static var acceptsNaN: Bool { true }   // a NaN frame time is reported, not refused
    var seconds: Double
    init(seconds: Double) { self.seconds = seconds }
    func write(to trace: inout TraceWriter) { trace.put("seconds", seconds) }
    init(reading trace: inout TraceDecoder) throws(TraceError) { seconds = try trace.double(key: "seconds") }

    func perform(on world: World) -> AdvanceReport {
        guard !world.isTicking else { return AdvanceReport(ticksRun: 0, ticksDropped: 0, rejection: .insideTick) }
        let (run, dropped, rejection) = world.clock.absorb(seconds)
        if let rejection, rejection != .zero { world.events.append(.frameTimeRejected(rejection)) }
        if dropped > 0 { world.events.append(.ticksDropped(dropped)) }
        world.views.beginRenderChanges()
        for k in 0..<run {
            world.views.beginRenderTick(isLast: k == run - 1)
            world.runTick()
        }
        world.views.finishRenderChanges(items: world.renderItems)
        return AdvanceReport(ticksRun: run, ticksDropped: dropped, rejection: rejection)
    }
}

/// ``World/tick()``.
struct TickCall: KeylessCall {
    static var verb: String { "tick" }

    func perform(on world: World) {
        guard !world.isTicking else { return }
        world.views.beginRenderChanges()
        world.views.beginRenderTick(isLast: true)
        world.runTick()
        world.views.finishRenderChanges(items: world.renderItems)
    }
}

/// Setting ``World/reduceMotion``.
struct SetReduceMotion: HostCall {
    static var verb: String { "reduceMotion" }
    var on: Bool
    init(on: Bool) { self.on = on }
    func write(to trace: inout TraceWriter) { trace.put("on", on) }
    init(reading trace: inout TraceDecoder) throws(TraceError) { on = try trace.bool(key: "on") }
    func perform(on world: World) { world.motionReduced = on }
}
