// The Swift half of libPortalC: each exported function looks its world up by handle, converts
// its C arguments, makes the Swift API's call, and turns a thrown `PortalError` into a result
// code and a message. Nothing Swift crosses the boundary: no error, string or array — output is
// read in place (the render and clip lists) or from buffers the world keeps (changes, events).
//
// A world handle is not an address but a checked token from the C half's table
// (`portal_support.c`), so a NULL, destroyed or forged handle is refused, never dereferenced.

import CPortal
#if canImport(Portal)
import Portal   // (the Embedded build compiles the library and this into one module)
#endif

/// A world as the C interface holds it: the Swift world and what the C calls hand out of it.
final class CWorld {
    let world: World
    /// The last refused call's message, NUL-terminated.
    var error: [CChar] = [0]
    /// Events taken from the world, converted, waiting to be polled or drained.
    var events: [PortalWorldEvent] = []
    /// How many of `events` have been handed out.
    var eventsRead = 0
    /// The UTF-8 names the events point into, NUL-terminated one after another.
    var names: [CChar] = []
    /// Where each event's name starts in `names` (−1: no name), while events are taken.
    var nameOffsets: [Int] = []
    /// Whether the world has ticked since the events were last taken (names handed out before
    /// that are no longer promised).
    var advancedSinceEvents = true
    /// The change list in C form, refilled by `portal_render_changes`.
    var removed: [PortalRenderKey] = []
    var inserted: [Int32] = []
    var updated: [PortalRenderUpdate] = []
    /// The frames of the last `portal_set_frames` batch, converted.
    var frameBuffer: [ViewFrame] = []
    /// Whether the world is inside `portal_tick` or `portal_advance`: a call made now comes from
    /// a callback (the scroll target handler) and is refused with `PORTAL_ERROR_STATE`.
    var isTicking = false
    /// The replay portal_replay_open made this world for, which portal_replay_step makes the
    /// next calls of; nil for every other world.
    var replayer: TraceReplayer?
    /// Why the replay stopped, once it diverged from its trace (portal_replay_step says it again).
    var replayStopped: String?

    init(_ world: World) {
        self.world = world
        events.reserveCapacity(64)
        names.reserveCapacity(1024)
    }

    /// Records `error` as the last error and returns its code. Out of line: every exported
    /// function's `call` reaches it, and inlined it was about 90 bytes of each in the
    /// WebAssembly module.
    @inline(never)
    func refuse(_ error: PortalError) -> PortalResult {
        setError(error.description)
        return code(of: error)
    }

    /// Records a refusal that is not a `PortalError` (a C-level argument check).
    func refuse(_ code: PortalResult, _ message: String) -> PortalResult {
        setError(message)
        return code
    }

    private func setError(_ message: String) {
        error.removeAll(keepingCapacity: true)
        for byte in message.utf8 { error.append(CChar(bitPattern: byte)) }
        error.append(0)
    }
}

/// The result code a Swift error maps to.
func code(of error: PortalError) -> PortalResult {
    switch error {
    case .staleEntity: return PORTAL_ERROR_STALE_ENTITY
    case .notAView, .notANavigationStack, .notAFlowingHeader, .notAScrollView, .portalLayer, .portalOwned: return PORTAL_ERROR_WRONG_KIND
    case .invalidGeometry, .invalidValue, .invalidAnimation, .invalidConfiguration: return PORTAL_ERROR_INVALID_ARGUMENT
    case .entityLimitReached: return PORTAL_ERROR_LIMIT
    case let .invalidElement(_, inner): return code(of: inner)
    // A call impossible in the world's state. Listed one by one, with no `default:`, so a new
    // error fails to compile here until it is given its code (and `portal.h` its meaning).
    case .unknownPortal, .duplicatePortalRole, .portalNotActive, .noPopupContainer, .popupAlreadyPresented,
         .popupNotPresented, .cannotPopRoot, .screenAlreadyInStack, .noInteractivePop, .interactivePopInProgress,
         .parentCycle, .pointerNotDown, .pointerAlreadyDown, .recordingUnavailable, .unknownSystem:
        return PORTAL_ERROR_STATE
    // User components and systems are Swift's alone: no C call makes these.
    case .componentNotRegistered, .componentAlreadyRegistered, .componentMissing, .componentTableBusy:
        return PORTAL_ERROR_STATE
    }
}

/// The world behind a handle, or `nil` (with this thread's error set) when there is none.
@inline(__always)
func lookUp(_ handle: OpaquePointer?) -> CWorld? {
    guard let handle, let object = portalc_handle_lookup(UInt64(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))))) else {
        portalc_set_thread_error("the world handle is NULL, destroyed, or not one portal_world_create made")
        return nil
    }
    return Unmanaged<CWorld>.fromOpaque(object).takeUnretainedValue()
}

/// Runs `body` on the world behind `handle`, turning a thrown error into its code; a call from
/// inside a callback (the world is ticking) is refused with `PORTAL_ERROR_STATE`, never run.
@inline(__always)
func call(_ handle: OpaquePointer?, _ body: (CWorld) throws(PortalError) -> PortalResult) -> PortalResult {
    guard let c = lookUp(handle) else { return PORTAL_ERROR_INVALID_WORLD }
    guard !c.isTicking else { return reentered(c) }
    do throws(PortalError) {
        return try body(c)
    } catch {
        return c.refuse(error)
    }
}

/// The refusal of a call made from inside a callback.
@inline(never)
func reentered(_ c: CWorld) -> PortalResult {
    c.refuse(PORTAL_ERROR_STATE, "the world was called from inside a callback, while it ticks: nothing was done. "
             + "Return the callback's answer and make the call after portal_advance or portal_tick returns")
}

/// What is wrong with a C point argument named `name` (NaN, infinite, or beyond
/// `PORTAL_MAX_MAGNITUDE`), or `nil` when it is a point the library takes.
func badPoint(_ p: PortalPoint, _ name: String) -> String? {
    if let reason = badNumber(p.x) { return "\(name).x \(reason)" }
    if let reason = badNumber(p.y) { return "\(name).y \(reason)" }
    return nil
}

/// What is wrong with a coordinate (NaN, infinite, or beyond `PORTAL_MAX_MAGNITUDE`), or `nil`.
func badNumber(_ v: Float) -> String? {
    if v.isNaN { return "is NaN" }
    if !(abs(v) <= Rect.maxMagnitude) { return "is \(v), beyond ±\(Rect.maxMagnitude)" }
    return nil
}

/// A C string as Swift text, or `nil` when its bytes are not valid UTF-8 (a stray 0xFF, a
/// truncated or overlong sequence, a surrogate): never repaired with U+FFFD, so two different
/// C strings are never the same id.
func text(_ pointer: UnsafePointer<CChar>) -> String? { String(validatingCString: pointer) }

/// The refusal of a string argument whose bytes are not valid UTF-8, naming it.
func notUTF8(_ c: CWorld, _ name: String) -> PortalResult {
    c.refuse(PORTAL_ERROR_INVALID_ARGUMENT, "\(name) is not valid UTF-8: ids are text, and bytes that do not decode are refused, not replaced")
}

/// A refusal for a NULL pointer argument, naming it.
func nullArgument(_ c: CWorld, _ name: String) -> PortalResult {
    c.refuse(PORTAL_ERROR_NULL_ARGUMENT, "\(name) is NULL")
}

/// The error of an enum-like C field holding no known value, naming it: a converter throws it,
/// so `call` records and codes it as any `PortalError` (`PORTAL_ERROR_INVALID_ARGUMENT`).
func badValue(_ name: String, _ value: Int32, _ reason: String) -> PortalError {
    .invalidValue(name, Double(value), reason: reason)
}

/// A refusal for an out-of-range argument, naming it.
func invalidArgument(_ c: CWorld, _ name: String, _ reason: String) -> PortalResult {
    c.refuse(PORTAL_ERROR_INVALID_ARGUMENT, "\(name) \(reason)")
}
