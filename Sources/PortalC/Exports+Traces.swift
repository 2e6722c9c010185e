// Traces: record a world's calls to a file, and replay a file into a new world.

import CPortal
#if canImport(Portal)
import Portal   // (the Embedded build compiles the library and this into one module)
#endif

/// The C function `portal_start_recording`: its contract and documentation are in `portal.h`.
@c(portal_start_recording)
public func portalStartRecording(_ world: OpaquePointer?) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.startRecording()
        return PORTAL_OK
    }
}

/// The C function `portal_save_trace`: its contract and documentation are in `portal.h`.
@c(portal_save_trace)
public func portalSaveTrace(_ world: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> PortalResult {
    call(world) { c in
        guard let path else { return nullArgument(c, "path") }
        guard var text = c.world.recordedTrace else {
            return c.refuse(PORTAL_ERROR_STATE, "the world is not recording: call portal_start_recording on a fresh world first")
        }
        let written = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { portalc_write_file(path, $0.baseAddress, $0.count) }
        }
        guard written == 0 else { return c.refuse(PORTAL_ERROR_IO, "cannot write the trace to \(string(path))") }
        return PORTAL_OK
    }
}

/// What the calls that make a world from a trace check first, in this order: `out` is not NULL
/// (and is cleared), the host's header is the library's, and the trace argument (`name`) is not
/// NULL. Returns the refusal, with this thread's error set, or nil to go on.
private func refuseReplay(_ version: Int32, _ signature: UInt64, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                          _ argument: UnsafePointer<CChar>?, _ name: String) -> PortalResult? {
    guard let out else {
        portalc_set_thread_error("world is NULL")
        return PORTAL_ERROR_NULL_ARGUMENT
    }
    out.pointee = nil
    if let mismatch = headerMismatch(version, signature) ?? layoutMismatch() {
        portalc_set_thread_error(mismatch)
        return PORTAL_ERROR_ABI
    }
    guard argument != nil else {
        portalc_set_thread_error("\(name) is NULL")
        return PORTAL_ERROR_NULL_ARGUMENT
    }
    return nil
}

/// The C function `portal_replay_trace_checked` (the macro `portal_replay_trace`): its contract and
/// documentation are in `portal.h`.
@c(portal_replay_trace_checked)
public func portalReplayTraceChecked(_ version: Int32, _ signature: UInt64, _ path: UnsafePointer<CChar>?,
                                     _ out: UnsafeMutablePointer<OpaquePointer?>?) -> PortalResult {
    if let refusal = refuseReplay(version, signature, out, path, "path") { return refusal }
    guard let out, let path else { return PORTAL_ERROR_NULL_ARGUMENT }
    var length = 0
    guard let bytes = portalc_read_file(path, &length) else {
        portalc_set_thread_error("cannot read the trace at \(string(path))")
        return PORTAL_ERROR_IO
    }
    let text = String(cString: bytes)
    portalc_free(bytes)
    do throws(TraceError) {
        let world = try Trace(text).replay()
        return register(CWorld(world), out)
    } catch {
        portalc_set_thread_error("the trace at \(string(path)) does not replay: \(error.description)")
        return PORTAL_ERROR_IO
    }
}

/// The custom atomic transitions a trace replayed through the C interface may name: none in the
/// C library (a C host has no handlers to give); the demo's in the web module the demo page
/// embeds, which `scripts/build-wasm` compiles with `Sources/PortalDemoScenes` and
/// `-D PORTAL_DEMO_TRANSITIONS`, so the page replays the demo's scenes live.
private func replayAtomicTransitions() -> [String: AtomicTransition.Handler] {
    #if PORTAL_DEMO_TRANSITIONS
    demoAtomicTransitions
    #else
    [:]
    #endif
}

/// The C function `portal_replay_open_checked` (the macro `portal_replay_open`): its contract and
/// documentation are in `portal.h`.
@c(portal_replay_open_checked)
public func portalReplayOpenChecked(_ version: Int32, _ signature: UInt64, _ text: UnsafePointer<CChar>?, _ length: UInt,
                                    _ out: UnsafeMutablePointer<OpaquePointer?>?) -> PortalResult {
    if let refusal = refuseReplay(version, signature, out, text, "text") { return refusal }
    guard let out, let text else { return PORTAL_ERROR_NULL_ARGUMENT }
    guard length <= UInt(Int.max) else {
        portalc_set_thread_error("length is \(length) bytes: more than any trace could be")
        return PORTAL_ERROR_INVALID_ARGUMENT
    }
    let bytes = UnsafeRawBufferPointer(start: text, count: Int(length)).bindMemory(to: UInt8.self)
    guard let string = String(validating: bytes, as: UTF8.self) else {
        portalc_set_thread_error("text is not valid UTF-8: a trace is UTF-8 text")
        return PORTAL_ERROR_INVALID_ARGUMENT
    }
    do throws(TraceError) {
        let replayer = TraceReplayer(try Trace(string), atomicTransitions: replayAtomicTransitions())
        let c = CWorld(replayer.world)
        c.replayer = replayer
        return register(c, out)
    } catch {
        portalc_set_thread_error("the text is not a trace: \(error.description)")
        return PORTAL_ERROR_IO
    }
}

/// The C function `portal_replay_step`: its contract and documentation are in `portal.h`.
@c(portal_replay_step)
public func portalReplayStep(_ world: OpaquePointer?, _ ticks: UnsafeMutablePointer<Int32>?) -> PortalResult {
    call(world) { c in
        guard let ticks else { return nullArgument(c, "ticks") }
        ticks.pointee = 0
        if let reason = c.replayStopped { return c.refuse(PORTAL_ERROR_IO, reason) }
        guard let replayer = c.replayer else {
            return c.refuse(PORTAL_ERROR_STATE, "the world is not a replay: portal_replay_open makes the worlds portal_replay_step steps")
        }
        let before = c.world.tickCount
        do throws(TraceError) {
            c.isTicking = true
            defer { c.isTicking = false }
            while c.world.tickCount == before, try replayer.step() {}
        } catch {
            // A diverged replay stops: its next calls would be made on a world the trace did not describe.
            c.replayer = nil
            c.replayStopped = "the replay diverges from the trace: \(error.description)"
            return c.refuse(PORTAL_ERROR_IO, c.replayStopped ?? "")
        }
        if c.world.tickCount != before { c.advancedSinceEvents = true }
        ticks.pointee = Int32(truncatingIfNeeded: c.world.tickCount &- before)
        return PORTAL_OK
    }
}
