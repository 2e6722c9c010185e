// Worlds: version, creation, the clock, errors.

import CPortal
#if canImport(Portal)
import Portal   // (the Embedded build compiles the library and this into one module)
#endif

/// The C function `portal_version`: its contract and documentation are in `portal.h`.
@c(portal_version)
public func portalVersion() -> Int32 { PORTAL_VERSION_MAJOR * 10000 + PORTAL_VERSION_MINOR * 100 + PORTAL_VERSION_PATCH }

/// The C function `portal_world_config_default`: its contract and documentation are in `portal.h`.
@c(portal_world_config_default)
public func portalWorldConfigDefault(_ config: UnsafeMutablePointer<PortalWorldConfig>?) {
    guard let config else { return }
    let d = World.Configuration()
    config.pointee = PortalWorldConfig(tick_rate: Int32(d.tickRate), max_catch_up_ticks: Int32(d.maxCatchUpTicks),
                                       settle_tolerance: d.settleTolerance, reserved_capacity: Int32(d.reservedCapacity),
                                       reduce_motion: d.reduceMotion, reserved: (0, 0, 0))
}

/// Why a host built with portal.h of `version` and `signature` cannot use this library, or `nil`
/// when it can: the version rule of `portal.h` (the same major version; before 1.0 the same
/// minor too, after it a minor at most the library's), then the structs' layout.
func headerMismatch(_ version: Int32, _ signature: UInt64, major libraryMajor: Int32 = PORTAL_VERSION_MAJOR,
                    minor libraryMinor: Int32 = PORTAL_VERSION_MINOR, patch libraryPatch: Int32 = PORTAL_VERSION_PATCH) -> String? {
    func text(_ v: Int32) -> String { "\(v / 10000).\(v / 100 % 100).\(v % 100)" }
    let major = version / 10000, minor = version / 100 % 100
    let fits = version >= 0 && major == libraryMajor && (libraryMajor == 0 ? minor == libraryMinor : minor <= libraryMinor)
    guard fits else {
        let rule = libraryMajor == 0 ? "before 1.0, its minor version" : "a minor version at most the library's"
        return "the host was built with portal.h \(text(version)) and this library is "
            + "\(text(libraryMajor * 10000 + libraryMinor * 100 + libraryPatch)): a host needs the library's major version and, \(rule). "
            + "Rebuild the host against this library's header"
    }
    let own = portalc_layout_signature()
    guard signature == own else {
        return "the host's portal.h lays the structs out differently from this library's (layout signature \(signature), the library's "
            + "\(own)): rebuild the host against this library's header, without struct packing options"
    }
    return nil
}

/// The C function `portal_world_create_checked` (the macro `portal_world_create`): its contract
/// and documentation are in `portal.h`.
@c(portal_world_create_checked)
public func portalWorldCreateChecked(_ version: Int32, _ signature: UInt64, _ config: UnsafePointer<PortalWorldConfig>?,
                                     _ out: UnsafeMutablePointer<OpaquePointer?>?) -> PortalResult {
    guard let out else {
        portalc_set_thread_error("world is NULL")
        return PORTAL_ERROR_NULL_ARGUMENT
    }
    out.pointee = nil
    if let mismatch = headerMismatch(version, signature) {
        portalc_set_thread_error(mismatch)
        return PORTAL_ERROR_ABI
    }
    if let mismatch = layoutMismatch() {
        portalc_set_thread_error("the library and portal.h disagree about \(mismatch): rebuild against this library's header")
        return PORTAL_ERROR_ABI
    }
    var configuration = World.Configuration()
    if let c = config?.pointee {
        configuration = World.Configuration(tickRate: Int(c.tick_rate), maxCatchUpTicks: Int(c.max_catch_up_ticks),
                                            settleTolerance: c.settle_tolerance, reservedCapacity: Int(c.reserved_capacity),
                                            reduceMotion: c.reduce_motion)
    }
    let world: World
    do throws(PortalError) {
        world = try World(configuration: configuration)
    } catch {
        portalc_set_thread_error(error.description)
        return code(of: error)
    }
    return register(CWorld(world), out)
}

/// Puts `c` in the handle table and its handle in `out`.
func register(_ c: CWorld, _ out: UnsafeMutablePointer<OpaquePointer?>) -> PortalResult {
    let object = Unmanaged.passRetained(c).toOpaque()
    let handle = portalc_handle_insert(object)
    guard handle != 0 else {
        Unmanaged<CWorld>.fromOpaque(object).release()
        portalc_set_thread_error("no more than 4,096 worlds may live at once")
        return PORTAL_ERROR_LIMIT
    }
    out.pointee = OpaquePointer(bitPattern: UInt(handle))
    return PORTAL_OK
}

/// The C function `portal_world_destroy`: its contract and documentation are in `portal.h`.
@c(portal_world_destroy)
public func portalWorldDestroy(_ world: OpaquePointer?) -> PortalResult {
    guard let c = lookUp(world) else { return PORTAL_ERROR_INVALID_WORLD }
    // Destroyed from a callback, the world would be freed under its own tick.
    guard !c.isTicking else { return reentered(c) }
    guard let world, let object = portalc_handle_remove(UInt64(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(world))))) else {
        portalc_set_thread_error("the world handle is NULL, destroyed, or not one portal_world_create made")
        return PORTAL_ERROR_INVALID_WORLD
    }
    Unmanaged<CWorld>.fromOpaque(object).release()
    return PORTAL_OK
}

/// The C function `portal_last_error`: its contract and documentation are in `portal.h`.
@c(portal_last_error)
public func portalLastError(_ world: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let world, let object = portalc_handle_lookup(UInt64(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(world))))) else {
        return portalc_thread_error()
    }
    let c = Unmanaged<CWorld>.fromOpaque(object).takeUnretainedValue()
    return c.error.withUnsafeBufferPointer { $0.baseAddress }
}

/// The C function `portal_advance`: its contract and documentation are in `portal.h`.
@c(portal_advance)
public func portalAdvance(_ world: OpaquePointer?, _ seconds: Double, _ report: UnsafeMutablePointer<PortalAdvanceReport>?) -> PortalResult {
    call(world) { c in
        c.isTicking = true
        let r = c.world.advance(by: seconds)
        c.isTicking = false
        if r.ticksRun > 0 { c.advancedSinceEvents = true }
        var rejection: Int32 = 0
        switch r.rejection {
        case nil: rejection = 0
        case .notANumber: rejection = 1
        case .infinite: rejection = 2
        case .negative: rejection = 3
        case .zero: rejection = 4
        case .insideTick: rejection = 5
        }
        report?.pointee = PortalAdvanceReport(ticks_run: Int32(clamping: r.ticksRun), ticks_dropped: Int32(clamping: r.ticksDropped),
                                              rejection: rejection)
        return PORTAL_OK
    }
}

/// The C function `portal_tick`: its contract and documentation are in `portal.h`.
@c(portal_tick)
public func portalTick(_ world: OpaquePointer?) -> PortalResult {
    call(world) { c in
        c.isTicking = true
        c.world.tick()
        c.isTicking = false
        c.advancedSinceEvents = true
        return PORTAL_OK
    }
}

/// The C function `portal_world_info`: its contract and documentation are in `portal.h`.
@c(portal_world_info)
public func portalWorldInfo(_ world: OpaquePointer?, _ info: UnsafeMutablePointer<PortalWorldInfo>?) -> PortalResult {
    call(world) { c in
        guard let info else { return nullArgument(c, "info") }
        let w = c.world
        info.pointee = PortalWorldInfo(tick_count: w.tickCount, time: w.time, interpolation_fraction: w.interpolationFraction,
                                       view_count: Int32(clamping: w.viewCount), entity_count: Int32(clamping: w.entityCount),
                                       running_animation_count: Int32(clamping: w.runningAnimationCount), is_idle: w.isIdle,
                                       reserved: (0, 0, 0))
        return PORTAL_OK
    }
}

/// The C function `portal_set_reduce_motion`: its contract and documentation are in `portal.h`.
@c(portal_set_reduce_motion)
public func portalSetReduceMotion(_ world: OpaquePointer?, _ on: Bool) -> PortalResult {
    call(world) { c in
        c.world.reduceMotion = on
        return PORTAL_OK
    }
}
