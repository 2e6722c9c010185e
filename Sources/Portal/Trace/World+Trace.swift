// Recording a world's host calls as a trace (see `Trace.swift` for the format and the replay).
//
// Every host call reaches `World.submit` (`ECS/HostCall.swift`), so the recorder is one branch
// there: a world that is not recording pays one nil check per call. A recording world performs
// the call through `record` with the recorder busy, so the calls a call makes itself (`setFrame`
// → `update`, a header's `setParent`) are not written twice, and writes one line after it: the
// call's verb and keys, as its call type spells them, or the call refused with its error.

/// The recording state of one world: the text written so far and the names of its entities.
final class TraceRecorder {
    var writer = TraceWriter()
    /// False while a recorded call runs (its nested public calls are part of it).
    private(set) var isIdle = true

    init(header configuration: World.Configuration, capacity: Int) {
        writer.out.reserveCapacity(capacity)
        writer.raw(Trace.magic)
        writer.raw(" ")
        writer.int(Trace.formatVersion)
        writer.key("tickRate"); writer.int(configuration.tickRate)
        writer.key("maxCatchUpTicks"); writer.int(configuration.maxCatchUpTicks)
        writer.key("settleTolerance"); writer.float(configuration.settleTolerance)
        writer.key("reservedCapacity"); writer.int(configuration.reservedCapacity)
        writer.key("reduceMotion"); writer.bool(configuration.reduceMotion)
        writer.raw("\n")
    }

    /// Performs `call` on `world` and writes its line: the call, or the call refused with its
    /// error. Calls made by systems inside a tick are not written: systems are code, and the
    /// replay's systems make them again.
    ///
    /// Only performing the call and writing its keys depend on the call's type; the rest (the
    /// line's start, the entity it made or the refusal's error) is non-generic, and no closure
    /// is made per call type: this body is specialised for every call type.
    ///
    /// Natively `call` is `inout` only so that `submit` hands over a copy of its own (see
    /// `submit`); it is not changed.
    #if arch(wasm32)
    func record<C: HostCall>(_ call: C, _ world: World) throws(PortalError) -> C.Output { try perform(call, world) }
    #else
    func record<C: HostCall>(_ call: inout C, _ world: World) throws(PortalError) -> C.Output { try perform(call, world) }
    #endif

    /// `record`'s body.
    @inline(__always)
    private func perform<C: HostCall>(_ call: C, _ world: World) throws(PortalError) -> C.Output {
        isIdle = false
        defer { isIdle = true }
        let writes = !world.isTicking
        let tick = world.tickCount
        let output: C.Output
        do throws(PortalError) {
            output = try call.perform(on: world)
        } catch {
            if writes {
                begin(tick, C.verb, refused: true)
                call.write(to: &writer)
                refused(error)
            }
            throw error
        }
        if writes {
            begin(tick, C.verb, refused: false)
            call.write(to: &writer)
            end(spawned: C.spawned(by: output))
        }
        return output
    }

    /// Writes a setting the host changed before recording started (it cannot be refused).
    func note<C: HostCall>(_ call: C, _ world: World) {
        begin(world.tickCount, C.verb, refused: false)
        call.write(to: &writer)
        end(spawned: nil)
    }

    /// Starts a call's line: `@TICK`, `refused` for a refusal, the verb (its keys follow).
    @inline(never)
    private func begin(_ tick: UInt64, _ verb: String, refused: Bool) {
        writer.raw("@")
        writer.int(tick)
        writer.raw(refused ? " refused " : " ")
        writer.raw(verb)
    }

    /// Ends an accepted call's line: the entity the call made (`-> eN`), if any.
    @inline(never)
    private func end(spawned: Entity?) {
        if let e = spawned {
            writer.spawned += 1
            writer.names[e] = writer.spawned
            writer.raw(" -> ")
            writer.entity(e)
        }
        writer.raw("\n")
    }

    /// Ends a refused call's line: the refusal's error, on one line.
    @inline(never)
    private func refused(_ error: borrowing PortalError) {
        writer.raw(" ! ")
        for c in error.description.unicodeScalars { writer.out.unicodeScalars.append(c == "\n" || c == "\r" ? " " : c) }
        writer.raw("\n")
    }
}

extension World {
    /// Starts recording every host call to a trace (see ``Trace``), which ``recordedTrace``
    /// returns. Only a fresh world records — nothing spawned, staged or run yet — so that a
    /// replay, which starts from a fresh world, starts from the same state; systems may already
    /// be added (they are code, and a replay adds its own).
    ///
    /// Recording costs one nil check per call when off; when on, a steady tick writes its line
    /// into the trace's buffer and allocates nothing else.
    ///
    /// - Parameter capacity: bytes to reserve for the trace up front.
    /// - Throws: ``PortalError/recordingUnavailable(reason:)`` when the world is not fresh or
    ///   already records (a state error: `PORTAL_ERROR_STATE` in C);
    ///   ``PortalError/invalidConfiguration(_:reason:)`` for a capacity outside 0…2³⁰.
    public func startRecording(capacity: Int = 1 << 16) throws(PortalError) {
        guard recorder == nil else { throw .recordingUnavailable(reason: "the world is already recording") }
        guard tickCount == 0, allocator.indexCount == 0, commands.isEmpty else {
            throw .recordingUnavailable(reason: "only a fresh world can record: nothing spawned, staged or run")
        }
        guard (0...1 << 30).contains(capacity) else {
            throw .invalidConfiguration("capacity", reason: "must be 0…2^30 bytes (it is \(capacity))")
        }
        let r = TraceRecorder(header: configuration, capacity: capacity)
        recorder = r
        // Settings changed before recording started are the trace's first lines.
        if reduceMotion != configuration.reduceMotion { r.note(SetReduceMotion(on: reduceMotion), self) }
        if popupPolicy != .stack { r.note(SetPopupPolicy(policy: popupPolicy), self) }
    }

    /// Whether the world is recording its host calls.
    public var isRecording: Bool { recorder != nil }

    /// The trace recorded so far (a complete trace: every line ends), or `nil` when the world
    /// is not recording.
    public var recordedTrace: String? { recorder?.writer.out }

    /// Stops recording and returns the trace, or `nil` when the world was not recording.
    @discardableResult
    public func stopRecording() -> String? {
        defer { recorder = nil }
        return recorder?.writer.out
    }

    /// The trace's name for `entity`: `eN` for the Nth entity the host spawned while recording,
    /// `#HEX` (its bits) for any other handle (Portal's own views, handles never spawned).
    /// `nil` when the world is not recording.
    public func traceName(of entity: Entity) -> String? {
        guard let recorder else { return nil }
        var w = TraceWriter()
        w.names = recorder.writer.names
        w.entity(entity)
        return w.out
    }
}
