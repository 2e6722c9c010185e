// The pointer API: raw events in (validated at the call, staged, applied in order at the next
// tick, recorded in traces as `pointer` lines), each down pointer's state and velocity out.

/// ``World/pointer(_:)``: one raw event. A trace spells it
/// `pointer id=1 phase=moved at=12.5,300 time=86400.125` (the time in full, so a replay feeds the
/// trackers the same bits).
struct PointerCall: HostCall {
    static let verb = "pointer"
    var event: PointerEvent
    init(event: PointerEvent) { self.event = event }

    static let phases: [String: PointerPhase] = ["began": .began, "moved": .moved, "ended": .ended, "cancelled": .cancelled]

    func write(to trace: inout TraceWriter) {
        trace.key("id"); trace.int(event.pointer)
        trace.key("phase")
        switch event.phase {
        case .began: trace.raw("began")
        case .moved: trace.raw("moved")
        case .ended: trace.raw("ended")
        case .cancelled: trace.raw("cancelled")
        }
        trace.put("at", event.location)
        trace.put("time", event.time)
    }

    init(reading trace: inout TraceDecoder) throws(TraceError) {
        let word = try trace.atom(trace.one(trace.take("id")))
        guard let pointer = Int(word) else { throw trace.malformed("‘\(word)’ is not an integer") }
        let phase = try trace.word(key: "phase", PointerCall.phases)
        event = PointerEvent(pointer: pointer, phase: phase, location: try trace.point(key: "at"), time: try trace.double(key: "time"))
    }

    func perform(on world: World) throws(PortalError) {
        let index = try world.validatePointer(event)
        world.stagePointer(event, projectedAt: index)
    }
}

extension World {
    /// Sends a raw pointer event: a finger (or button) going down, moving, lifting, or cancelled.
    ///
    /// Events are staged like every call and applied in call order at the next tick. There they
    /// feed the pointer's ``VelocityTracker``, become taps and long presses
    /// (``WorldEvent/tapped(_:)``, ``WorldEvent/longPressed(_:)``), and decide who owns the
    /// touch: the scroll views and navigation stacks under the press are offered its pan once it
    /// travels past ``PointerRules/slop`` (the article *Input* has the rules).
    ///
    /// ```swift
    /// try world.pointer(PointerEvent(pointer: 1, phase: .began, location: Point(x: 4, y: 300), time: t))
    /// ```
    ///
    /// - Throws: ``PortalError/invalidGeometry(_:_:reason:)`` for a location that is not finite or
    ///   beyond ±1e9 points (as every coordinate Portal takes);
    ///   ``PortalError/invalidValue(_:_:reason:)`` for a non-finite time, or one before the
    ///   pointer's previous event's; ``PortalError/pointerNotDown(_:)`` for a move, lift or
    ///   cancel of a pointer not down, and ``PortalError/pointerAlreadyDown(_:)`` for a second
    ///   `.began` — counting the events sent so far. A refused event changes nothing.
    public func pointer(_ event: PointerEvent) throws(PortalError) {
        try submit(PointerCall(event: event))
    }

    /// Checks `event` against the pointers the events sent so far leave down; returns the
    /// pointer's index in `pointers.projected` (`nil` for a press).
    func validatePointer(_ event: PointerEvent) throws(PortalError) -> Int? {
        guard Rect.isSane(event.location.x), Rect.isSane(event.location.y) else {
            throw .invalidGeometry("event.location", Rect.isSane(event.location.x) ? event.location.y : event.location.x,
                                   reason: "a pointer's location must be finite, within ±1e9 points")
        }
        guard event.time.isFinite else { throw .invalidValue("event.time", event.time, reason: "a timestamp must be finite") }
        return try pointers.projectedIndex(validating: event)
    }

    /// Stages a validated event and projects it: the next call sees the pointer down or up.
    /// `index` is the pointer's in `pointers.projected`, as the validation found it.
    func stagePointer(_ event: PointerEvent, projectedAt index: Int?) {
        pointers.project(event, at: index)
        if event.phase == .began { stagedPresses += 1 }
        commands.append(.pointer(event))
    }

    /// What `pointer` is doing, as of the last tick, or `nil` when it is not down (never began,
    /// lifted, or its `.began` has not been applied yet).
    public func pointerState(_ pointer: Int) -> PointerState? {
        guard let row = pointers.row(of: pointer) else { return nil }
        let record = pointers.records[row]
        let gesture: PointerGesture
        switch record.mode {
        case .possible: gesture = .possible
        case .panning: gesture = .panning(owner: record.owner.view, axis: record.axis)
        case .unclaimed: gesture = .unclaimed
        case .longPress: gesture = .longPress
        }
        return PointerState(start: record.start, location: record.location, time: record.time,
                            velocity: record.tracker.velocity(at: record.time), gesture: gesture)
    }

    /// The velocity of `pointer` at its last event, points per second, as of the last tick
    /// (its ``VelocityTracker``'s fit), or `nil` when it is not down.
    public func pointerVelocity(_ pointer: Int) -> Point? {
        guard let row = pointers.row(of: pointer) else { return nil }
        return pointers.records[row].tracker.velocity(at: pointers.records[row].time)
    }
}
