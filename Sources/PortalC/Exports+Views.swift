// Views and the tree.

import CPortal
#if canImport(Portal)
import Portal   // (the Embedded build compiles the library and this into one module)
#endif

/// The C function `portal_spawn_view`: its contract and documentation are in `portal.h`.
@c(portal_spawn_view)
public func portalSpawnView(_ world: OpaquePointer?, _ frame: PortalRect, _ cornerRadius: Float, _ opacity: Float,
                            _ parent: UInt64, _ out: UnsafeMutablePointer<UInt64>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let out else { return nullArgument(c, "view") }
        out.pointee = try c.world.spawnView(frame: frame.swift, cornerRadius: cornerRadius, opacity: opacity, in: optionalEntity(parent)).bits
        return PORTAL_OK
    }
}

/// The C function `portal_despawn`: its contract and documentation are in `portal.h`.
@c(portal_despawn)
public func portalDespawn(_ world: OpaquePointer?, _ entity: UInt64) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.despawn(Entity(bits: entity))
        return PORTAL_OK
    }
}

/// The C function `portal_set_frame`: its contract and documentation are in `portal.h`.
@c(portal_set_frame)
public func portalSetFrame(_ world: OpaquePointer?, _ view: UInt64, _ frame: PortalRect) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setFrame(frame.swift, of: Entity(bits: view))
        return PORTAL_OK
    }
}

/// The C function `portal_set_frames`: its contract and documentation are in `portal.h`.
@c(portal_set_frames)
public func portalSetFrames(_ world: OpaquePointer?, _ frames: UnsafePointer<PortalViewFrame>?, _ count: Int32) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard count >= 0 else { return invalidArgument(c, "count", "is \(count), less than 0") }
        guard count == 0 || frames != nil else { return nullArgument(c, "frames") }
        guard let frames else { return PORTAL_OK }
        try c.setFrames(UnsafeBufferPointer(start: frames, count: Int(count)))
        return PORTAL_OK
    }
}

extension CWorld {
    /// Converts and sets a batch of frames through a buffer kept between calls.
    func setFrames(_ frames: UnsafeBufferPointer<PortalViewFrame>) throws(PortalError) {
        frameBuffer.removeAll(keepingCapacity: true)
        for f in frames { frameBuffer.append(ViewFrame(view: Entity(bits: f.view), frame: f.frame.swift)) }
        try frameBuffer.withUnsafeBufferPointer { (buffer) throws(PortalError) in try world.setFrames(buffer) }
    }
}

/// The C function `portal_update`: its contract and documentation are in `portal.h`.
@c(portal_update)
public func portalUpdate(_ world: OpaquePointer?, _ view: UInt64, _ p: UnsafePointer<PortalProperties>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let p else { return nullArgument(c, "properties") }
        try c.world.update(Entity(bits: view), to: try properties(p.pointee))
        return PORTAL_OK
    }
}

/// The C function `portal_animate`: its contract and documentation are in `portal.h`.
@c(portal_animate)
public func portalAnimate(_ world: OpaquePointer?, _ view: UInt64, _ p: UnsafePointer<PortalProperties>?,
                          _ a: UnsafePointer<PortalAnimationParams>?, _ id: UnsafeMutablePointer<UInt64>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let p else { return nullArgument(c, "properties") }
        guard let a else { return nullArgument(c, "animation") }
        let made = try c.world.animate(Entity(bits: view), to: try properties(p.pointee), with: animation(a.pointee, "animation"))
        id?.pointee = made.rawValue
        return PORTAL_OK
    }
}

/// The C function `portal_set_z_index`: its contract and documentation are in `portal.h`.
@c(portal_set_z_index)
public func portalSetZIndex(_ world: OpaquePointer?, _ view: UInt64, _ z: Int32) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setZIndex(z, of: Entity(bits: view))
        return PORTAL_OK
    }
}

/// The C function `portal_set_hidden`: its contract and documentation are in `portal.h`.
@c(portal_set_hidden)
public func portalSetHidden(_ world: OpaquePointer?, _ view: UInt64, _ hidden: Bool) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setHidden(hidden, of: Entity(bits: view))
        return PORTAL_OK
    }
}

/// The C function `portal_set_allows_hit_testing`: its contract and documentation are in `portal.h`.
@c(portal_set_allows_hit_testing)
public func portalSetAllowsHitTesting(_ world: OpaquePointer?, _ view: UInt64, _ allows: Bool) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setAllowsHitTesting(allows, of: Entity(bits: view))
        return PORTAL_OK
    }
}

/// The C function `portal_set_corner_style`: its contract and documentation are in `portal.h`.
@c(portal_set_corner_style)
public func portalSetCornerStyle(_ world: OpaquePointer?, _ view: UInt64, _ style: Int32, _ clips: Bool) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let s = cornerStyle(style) else { return invalidArgument(c, "style", "is \(style), not a PORTAL_CORNER_* value") }
        try c.world.setCornerStyle(s, clipsContent: clips, of: Entity(bits: view))
        return PORTAL_OK
    }
}

/// The Swift corner style a `PORTAL_CORNER_*` value names.
func cornerStyle(_ value: Int32) -> CornerStyle? {
    switch value {
    case PORTAL_CORNER_CIRCULAR: return .circular
    case PORTAL_CORNER_CONTINUOUS: return .continuous
    default: return nil
    }
}

/// The C function `portal_set_parent`: its contract and documentation are in `portal.h`.
@c(portal_set_parent)
public func portalSetParent(_ world: OpaquePointer?, _ view: UInt64, _ parent: UInt64, _ keeping: Bool) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setParent(optionalEntity(parent), of: Entity(bits: view), keepingGlobalFrame: keeping)
        return PORTAL_OK
    }
}

/// The C function `portal_set_content_offset`: its contract and documentation are in `portal.h`.
@c(portal_set_content_offset)
public func portalSetContentOffset(_ world: OpaquePointer?, _ view: UInt64, _ offset: PortalPoint) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setContentOffset(offset.swift, of: Entity(bits: view))
        return PORTAL_OK
    }
}

/// The C function `portal_set_clips_to_bounds`: its contract and documentation are in `portal.h`.
@c(portal_set_clips_to_bounds)
public func portalSetClipsToBounds(_ world: OpaquePointer?, _ view: UInt64, _ clips: Bool) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setClipsToBounds(clips, of: Entity(bits: view))
        return PORTAL_OK
    }
}

/// The C function `portal_parent`: its contract and documentation are in `portal.h`.
@c(portal_parent)
public func portalParent(_ world: OpaquePointer?, _ view: UInt64, _ out: UnsafeMutablePointer<UInt64>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let out else { return nullArgument(c, "parent") }
        out.pointee = handle(try c.world.parent(of: Entity(bits: view)))
        return PORTAL_OK
    }
}

/// The C function `portal_presentation`: its contract and documentation are in `portal.h`.
@c(portal_presentation)
public func portalPresentation(_ world: OpaquePointer?, _ view: UInt64, _ out: UnsafeMutablePointer<PortalPresentation>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let out else { return nullArgument(c, "presentation") }
        let p = try c.world.presentation(of: Entity(bits: view))
        out.pointee = PortalPresentation(frame: PortalRect(p.frame), corner_radius: p.cornerRadius, opacity: p.opacity,
                                         shadow_radius: p.shadowRadius, transform: PortalTransform(p.transform),
                                         content_offset: PortalPoint(p.contentOffset), global_frame: PortalRect(p.globalFrame),
                                         global_transform: PortalMatrix(p.globalTransform), z_index: p.zIndex, is_drawn: p.isDrawn,
                                         is_hidden: p.isHidden, clips_to_bounds: p.clipsToBounds, reserved: 0)
        return PORTAL_OK
    }
}
