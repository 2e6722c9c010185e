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

/// The C function `portal_replay_trace_checked` (the macro `portal_replay_trace`): its contract and
/// documentation are in `portal.h`.
@c(portal_replay_trace_checked)
public func portalReplayTraceChecked(_ version: Int32, _ signature: UInt64, _ path: UnsafePointer<CChar>?,
                                     _ out: UnsafeMutablePointer<OpaquePointer?>?) -> PortalResult {
    guard let out else {
        portalc_set_thread_error("world is NULL")
        return PORTAL_ERROR_NULL_ARGUMENT
    }
    out.pointee = nil
    if let mismatch = headerMismatch(version, signature) ?? layoutMismatch() {
        portalc_set_thread_error(mismatch)
        return PORTAL_ERROR_ABI
    }
    guard let path else {
        portalc_set_thread_error("path is NULL")
        return PORTAL_ERROR_NULL_ARGUMENT
    }
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
