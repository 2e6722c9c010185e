// Pointers and scroll views.

import CPortal
#if canImport(Portal)
import Portal   // (the Embedded build compiles the library and this into one module)
#endif

/// The C function `portal_pointer`: its contract and documentation are in `portal.h`.
@c(portal_pointer)
public func portalPointer(_ world: OpaquePointer?, _ event: UnsafePointer<PortalPointerEvent>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let event else { return nullArgument(c, "event") }
        let e = event.pointee
        let phase: PointerPhase
        switch e.phase {
        case PORTAL_POINTER_BEGAN: phase = .began
        case PORTAL_POINTER_MOVED: phase = .moved
        case PORTAL_POINTER_ENDED: phase = .ended
        case PORTAL_POINTER_CANCELLED: phase = .cancelled
        default: return invalidArgument(c, "event.phase", "is \(e.phase), not a PORTAL_POINTER_* phase")
        }
        try c.world.pointer(PointerEvent(pointer: Int(e.pointer), phase: phase, location: e.location.swift, time: e.time))
        return PORTAL_OK
    }
}

/// The C function `portal_pointer_velocity`: its contract and documentation are in `portal.h`.
@c(portal_pointer_velocity)
public func portalPointerVelocity(_ world: OpaquePointer?, _ pointer: Int32, _ velocity: UnsafeMutablePointer<PortalPoint>?,
                                  _ isDown: UnsafeMutablePointer<Bool>?) -> PortalResult {
    call(world) { c in
        guard let velocity else { return nullArgument(c, "velocity") }
        guard let isDown else { return nullArgument(c, "is_down") }
        let v = c.world.pointerVelocity(Int(pointer))
        velocity.pointee = PortalPoint(v ?? .zero)
        isDown.pointee = v != nil
        return PORTAL_OK
    }
}

/// The C function `portal_scroll_view_config_default`: its contract and documentation are in `portal.h`.
@c(portal_scroll_view_config_default)
public func portalScrollViewConfigDefault(_ config: UnsafeMutablePointer<PortalScrollViewConfig>?, _ contentSize: PortalSize) {
    let d = ScrollViewConfiguration(contentSize: contentSize.swift)
    config?.pointee = PortalScrollViewConfig(d)
}

extension PortalScrollViewConfig {
    init(_ c: ScrollViewConfiguration) {
        self.init(content_size: PortalSize(width: c.contentSize.width, height: c.contentSize.height),
                  content_inset: PortalEdgeInsets(top: c.contentInset.top, leading: c.contentInset.leading, bottom: c.contentInset.bottom,
                                                  trailing: c.contentInset.trailing),
                  deceleration_rate: c.decelerationRate.rawValue, axes: UInt32(c.axes.rawValue), paging: c.isPagingEnabled,
                  bounces: c.bounces, always_bounce_horizontal: c.alwaysBounceHorizontal, always_bounce_vertical: c.alwaysBounceVertical)
    }
}

/// The C function `portal_make_scroll_view`: its contract and documentation are in `portal.h`.
@c(portal_make_scroll_view)
public func portalMakeScrollView(_ world: OpaquePointer?, _ view: UInt64, _ config: UnsafePointer<PortalScrollViewConfig>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let config else { return nullArgument(c, "config") }
        let k = config.pointee
        guard k.axes & ~3 == 0 else { return invalidArgument(c, "config.axes", "is \(k.axes), not a combination of PORTAL_AXIS_* bits") }
        let configuration = ScrollViewConfiguration(contentSize: k.content_size.swift, contentInset: k.content_inset.swift,
                                                    axes: ScrollAxes(rawValue: UInt8(k.axes)), isPagingEnabled: k.paging,
                                                    decelerationRate: ScrollDecelerationRate(rawValue: k.deceleration_rate), bounces: k.bounces,
                                                    alwaysBounceHorizontal: k.always_bounce_horizontal, alwaysBounceVertical: k.always_bounce_vertical)
        try c.world.makeScrollView(Entity(bits: view), configuration: configuration)
        return PORTAL_OK
    }
}

/// The C function `portal_remove_scroll_view`: its contract and documentation are in `portal.h`.
@c(portal_remove_scroll_view)
public func portalRemoveScrollView(_ world: OpaquePointer?, _ view: UInt64) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.removeScrollView(Entity(bits: view))
        return PORTAL_OK
    }
}

/// The C function `portal_scroll_to`: its contract and documentation are in `portal.h`.
@c(portal_scroll_to)
public func portalScrollTo(_ world: OpaquePointer?, _ view: UInt64, _ offset: PortalPoint, _ animated: Bool) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.scroll(Entity(bits: view), to: offset.swift, animated: animated)
        return PORTAL_OK
    }
}

/// The C function `portal_scroll_view_state`: its contract and documentation are in `portal.h`.
@c(portal_scroll_view_state)
public func portalScrollViewState(_ world: OpaquePointer?, _ view: UInt64, _ state: UnsafeMutablePointer<PortalScrollViewState>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let state else { return nullArgument(c, "state") }
        let s = try c.world.scrollViewState(of: Entity(bits: view))
        state.pointee = PortalScrollViewState(content_offset: PortalPoint(s.contentOffset), velocity: PortalPoint(s.velocity),
                                              is_tracking: s.isTracking, is_dragging: s.isDragging, is_decelerating: s.isDecelerating,
                                              is_scroll_animating: s.isScrollAnimating)
        return PORTAL_OK
    }
}

/// The C function `portal_set_scroll_target_handler`: its contract and documentation are in `portal.h`.
@c(portal_set_scroll_target_handler)
public func portalSetScrollTargetHandler(_ world: OpaquePointer?, _ view: UInt64,
                                         _ handler: (@convention(c) (UnsafeMutableRawPointer?, UInt64, PortalPoint, PortalPoint) -> PortalPoint)?,
                                         _ userData: UnsafeMutableRawPointer?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let handler else {
            try c.world.setScrollTargetHandler(nil, for: Entity(bits: view))
            return PORTAL_OK
        }
        // The host's pointer travels as a bit pattern: the closure is code the world keeps, and
        // the host promises the data outlives the handler.
        let data = UInt(bitPattern: userData)
        try c.world.setScrollTargetHandler({ scrollView, velocity, proposed in
            handler(UnsafeMutableRawPointer(bitPattern: data), scrollView.bits, PortalPoint(velocity), PortalPoint(proposed)).swift
        }, for: Entity(bits: view))
        return PORTAL_OK
    }
}
