// The pointer API: raw events in (`pointer`, staged as every call and applied in order at the
// next tick: `PointerArbiter.swift`), each down pointer's state and velocity out.

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
