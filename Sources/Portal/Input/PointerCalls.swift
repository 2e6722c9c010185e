// The pointer's call: a raw event, validated at the call against the pointers the calls so far
// leave down, staged, applied in order at the next tick (`PointerArbiter.swift`), recorded in
// traces as `pointer` lines. The public API is `World+Pointers.swift`.

/// ``World/pointer(_:)``: one raw event. A trace spells it
/// `pointer id=1 phase=moved at=12.5,300 time=86400.125` (the time in full, so a replay feeds the
/// trackers the same bits).
struct PointerCall: HostCall {
    static var verb: String { "pointer" }
    var event: PointerEvent
    init(event: PointerEvent) { self.event = event }

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
        guard let pointer = TraceInteger.int(word) else { throw trace.notA(word, "an integer") }
        let phase: PointerPhase = try trace.word(key: "phase", ["began", "moved", "ended", "cancelled"], [.began, .moved, .ended, .cancelled])
        event = PointerEvent(pointer: pointer, phase: phase, location: try trace.point(key: "at"), time: try trace.double(key: "time"))
    }

    func perform(on world: World) throws(PortalError) {
        let index = try world.validatePointer(event)
        world.stagePointer(event, projectedAt: index)
    }
}

extension World {
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
}
