// Portals, navigation stacks, flowing headers and popups.

import CPortal
#if canImport(Portal)
import Portal   // (the Embedded build compiles the library and this into one module)
#endif

// MARK: - Portals

/// The C function `portal_set_anchor`: its contract and documentation are in `portal.h`.
@c(portal_set_anchor)
public func portalSetAnchor(_ world: OpaquePointer?, _ view: UInt64, _ id: UnsafePointer<CChar>?, _ role: Int32) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let id else { return nullArgument(c, "id") }
        let r: PortalRole
        switch role {
        case PORTAL_ROLE_SOURCE: r = .source
        case PORTAL_ROLE_DESTINATION: r = .destination
        default: return invalidArgument(c, "role", "is \(role), not PORTAL_ROLE_SOURCE or PORTAL_ROLE_DESTINATION")
        }
        guard let name = text(id) else { return notUTF8(c, "id") }
        try c.world.portal(Entity(bits: view), id: PortalID(name), as: r)
        return PORTAL_OK
    }
}

/// The C function `portal_remove_anchor`: its contract and documentation are in `portal.h`.
@c(portal_remove_anchor)
public func portalRemoveAnchor(_ world: OpaquePointer?, _ view: UInt64) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.removePortal(from: Entity(bits: view))
        return PORTAL_OK
    }
}

/// The defaults of `PortalTransitionOptions`: the original's (`PortalAnimation()`: a smooth spring
/// of 0.3 s with 0.1 extra bounce — `.spring(duration: 0.3, bounce: 0.1)` — 0.06 s delay, 0.3 s).
func defaultTransitionOptions() -> PortalTransitionOptions {
    PortalTransitionOptions(animation: PortalAnimationParams(kind: PORTAL_ANIMATION_SPRING, a: 0.3, b: 0.1, c: 0, d: 0, duration: 0,
                                                             initial_velocity: 0, delay: 0, speed: 1),
                            delay: 0.06, duration: 0.3, has_corners: false, source_corner_radius: 0, destination_corner_radius: 0,
                            corner_style: PORTAL_CORNER_CIRCULAR, fade_on_removal: false, allows_hit_testing: false,
                            handoff: PORTAL_HANDOFF_AFTER_DURATION, drag_to_dismiss: false, drag_direction: PORTAL_DRAG_DOWN,
                            drag_minimum_scale: 0.6, drag_scale_distance: 0.25, drag_dismiss_distance: 0.125,
                            drag_backdrop: UInt64.max, drag_scroll_view: UInt64.max)
}

/// The C function `portal_transition_options_default`: its contract and documentation are in `portal.h`.
@c(portal_transition_options_default)
public func portalTransitionOptionsDefault(_ options: UnsafeMutablePointer<PortalTransitionOptions>?) {
    guard let options else { return }
    zeroBytes(options)
    options.pointee = defaultTransitionOptions()
}

/// The Swift configuration C options describe (NULL: the defaults); throws naming a bad field.
func config(_ options: UnsafePointer<PortalTransitionOptions>?) throws(PortalError) -> PortalTransitionConfig {
    let o = options?.pointee ?? defaultTransitionOptions()
    // A NaN is refused here, whatever the id names (an unknown portal is not the first answer).
    // One check a field, in this order, with no list built: a host calls this every frame.
    func refuseNaN(_ name: String, _ v: Double) throws(PortalError) {
        if v.isNaN { throw .invalidValue(name, v, reason: "not a number") }
    }
    try refuseNaN("options.delay", o.delay)
    try refuseNaN("options.duration", o.duration)
    try refuseNaN("options.source_corner_radius", Double(o.source_corner_radius))
    try refuseNaN("options.destination_corner_radius", Double(o.destination_corner_radius))
    try refuseNaN("options.drag_minimum_scale", Double(o.drag_minimum_scale))
    try refuseNaN("options.drag_scale_distance", Double(o.drag_scale_distance))
    try refuseNaN("options.drag_dismiss_distance", Double(o.drag_dismiss_distance))
    let value = try animation(o.animation, "options.animation")
    guard let style = cornerStyle(o.corner_style) else { throw badValue("options.corner_style", o.corner_style, "not a PORTAL_CORNER_* value") }
    let corners = o.has_corners ? PortalCorners(source: o.source_corner_radius, destination: o.destination_corner_radius, style: style) : nil
    let removal: PortalLayerRemoval = o.fade_on_removal ? .fade : .none
    var config: PortalTransitionConfig
    switch o.handoff {
    case PORTAL_HANDOFF_AFTER_DURATION:
        config = PortalTransitionConfig(animation: PortalAnimation(value, delay: o.delay, duration: o.duration), corners: corners,
                                        removal: removal, allowsHitTesting: o.allows_hit_testing)
    case PORTAL_HANDOFF_REMOVED, PORTAL_HANDOFF_LOGICALLY_COMPLETE:
        let criterion: AnimationCompletionCriteria = o.handoff == PORTAL_HANDOFF_REMOVED ? .removed : .logicallyComplete
        config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(value, delay: o.delay, completionCriteria: criterion),
                                        corners: corners, removal: removal, allowsHitTesting: o.allows_hit_testing)
    default:
        throw badValue("options.handoff", o.handoff, "not a PORTAL_HANDOFF_* value")
    }
    if o.drag_to_dismiss {
        let direction: DragDismissDirection
        switch o.drag_direction {
        case PORTAL_DRAG_DOWN: direction = .down
        case PORTAL_DRAG_ANY: direction = .any
        default: throw badValue("options.drag_direction", o.drag_direction, "not a PORTAL_DRAG_* value")
        }
        // The numbers and entities are checked by the call, under the Swift names
        // (`dragToDismiss.style.minimumScale`, `dragToDismiss.backdrop`, …).
        let style = DragDismissStyle(direction: direction, minimumScale: o.drag_minimum_scale, scaleDistance: o.drag_scale_distance,
                                     dismissDistance: o.drag_dismiss_distance)
        config.dragToDismiss = PortalDragDismiss(style: style, backdrop: optionalEntity(o.drag_backdrop),
                                                 begin: optionalEntity(o.drag_scroll_view).map { .whenScrollViewAtTop($0) } ?? .always)
    }
    return config
}

/// The C function `portal_portal_transition`: its contract and documentation are in `portal.h`.
@c(portal_portal_transition)
public func portalPortalTransition(_ world: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ active: Bool,
                                   _ options: UnsafePointer<PortalTransitionOptions>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let id else { return nullArgument(c, "id") }
        guard let name = text(id) else { return notUTF8(c, "id") }
        let config = try config(options)
        try c.world.portalTransition(id: PortalID(name), isActive: active, config: config)
        return PORTAL_OK
    }
}

/// The C function `portal_portal_group`: its contract and documentation are in `portal.h`.
@c(portal_portal_group)
public func portalPortalGroup(_ world: OpaquePointer?, _ ids: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int32,
                              _ group: UnsafePointer<CChar>?, _ active: Bool, _ options: UnsafePointer<PortalTransitionOptions>?,
                              _ stagger: Double) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard count >= 0 else { return invalidArgument(c, "count", "is \(count), less than 0") }
        guard count == 0 || ids != nil else { return nullArgument(c, "ids") }
        guard let group else { return nullArgument(c, "group_id") }
        guard let groupName = text(group) else { return notUTF8(c, "group_id") }
        guard !stagger.isNaN else { return invalidArgument(c, "stagger_delay", "is NaN") }
        var list: [PortalID] = []
        list.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            guard let id = ids?[i] else { return nullArgument(c, "ids[\(i)]") }
            guard let name = text(id) else { return notUTF8(c, "ids[\(i)]") }
            list.append(PortalID(name))
        }
        let config = try config(options)
        try c.world.portalTransition(ids: list, groupID: groupName, isActive: active, config: config, staggerDelay: stagger)
        return PORTAL_OK
    }
}

/// The C function `portal_transfer_active_portal`: its contract and documentation are in `portal.h`.
@c(portal_transfer_active_portal)
public func portalTransferActivePortal(_ world: OpaquePointer?, _ from: UnsafePointer<CChar>?, _ to: UnsafePointer<CChar>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let from else { return nullArgument(c, "from") }
        guard let to else { return nullArgument(c, "to") }
        guard let fromName = text(from) else { return notUTF8(c, "from") }
        guard let toName = text(to) else { return notUTF8(c, "to") }
        try c.world.transferActivePortal(from: PortalID(fromName), to: PortalID(toName))
        return PORTAL_OK
    }
}

/// The C function `portal_portal_state`: its contract and documentation are in `portal.h`.
@c(portal_portal_state)
public func portalPortalState(_ world: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ state: UnsafeMutablePointer<Int32>?) -> PortalResult {
    call(world) { c in
        guard let id else { return nullArgument(c, "id") }
        guard let state else { return nullArgument(c, "state") }
        guard let name = text(id) else { return notUTF8(c, "id") }
        state.pointee = c.world.isPortalActive(PortalID(name)).map { $0 ? 1 : 0 } ?? -1
        return PORTAL_OK
    }
}

// MARK: - Navigation

/// The transition C describes (NULL: a slide); throws naming a bad field.
func transition(_ pointer: UnsafePointer<PortalNavigationTransition>?) throws(PortalError) -> NavigationTransition {
    guard let t = pointer?.pointee else { return .slide }
    let kind: NavigationTransition
    if t.kind == PORTAL_NAVIGATION_ZOOM {
        kind = .zoom(source: Entity(bits: t.zoom_source), options: try zoomOptions(t.zoom))
    } else {
        guard let built = navigationTransition(t.kind) else { throw badValue("transition.kind", t.kind, "not a PORTAL_NAVIGATION_* kind") }
        kind = built
    }
    return t.has_animation ? kind.animation(try animation(t.animation, "transition.animation")) : kind
}

/// The Swift zoom options C describes (their numbers are checked where the transition enters
/// the world, which names a bad field `transition.zoom.…`); throws naming a bad drag direction.
func zoomOptions(_ o: PortalZoomOptions) throws(PortalError) -> ZoomOptions {
    let direction: DragDismissDirection?
    switch o.drag_direction {
    case PORTAL_DRAG_DISMISS_OFF: direction = nil
    case PORTAL_DRAG_DISMISS_DOWN: direction = .down
    case PORTAL_DRAG_DISMISS_ANY: direction = .any
    default: throw badValue("transition.zoom.drag_direction", o.drag_direction, "not a PORTAL_DRAG_DISMISS_* value")
    }
    let drag = direction.map { DragDismissStyle(direction: $0, minimumScale: o.drag_minimum_scale, scaleDistance: o.drag_scale_distance,
                                                dismissDistance: o.drag_dismiss_distance) }
    return ZoomOptions(alignmentRect: o.has_alignment_rect ? o.alignment_rect.swift : nil, cornerRadius: o.corner_radius < 0 ? nil : o.corner_radius,
                       shadowRadius: o.shadow_radius, dimmingOpacity: o.dimming_opacity, dragToDismiss: drag)
}

/// The C function `portal_zoom_options_default`: its contract and documentation are in `portal.h`.
@c(portal_zoom_options_default)
public func portalZoomOptionsDefault(_ options: UnsafeMutablePointer<PortalZoomOptions>?) {
    let d = ZoomOptions(), drag = DragDismissStyle(direction: .any)
    guard let options else { return }
    zeroBytes(options)
    options.pointee = PortalZoomOptions(has_alignment_rect: false, alignment_rect: PortalRect(x: 0, y: 0, width: 0, height: 0),
                                         corner_radius: -1, shadow_radius: d.shadowRadius, dimming_opacity: d.dimmingOpacity,
                                         drag_direction: PORTAL_DRAG_DISMISS_ANY, drag_minimum_scale: drag.minimumScale,
                                         drag_scale_distance: drag.scaleDistance, drag_dismiss_distance: drag.dismissDistance)
}

/// The C function `portal_spawn_navigation_stack`: its contract and documentation are in `portal.h`.
@c(portal_spawn_navigation_stack)
public func portalSpawnNavigationStack(_ world: OpaquePointer?, _ frame: PortalRect, _ root: UInt64, _ edgeWidth: Float,
                                       _ out: UnsafeMutablePointer<UInt64>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let out else { return nullArgument(c, "stack") }
        guard !edgeWidth.isNaN else { return invalidArgument(c, "edge_width", "is NaN") }
        let start: InteractivePopStart = edgeWidth < 0 ? .anywhere : .edge(width: edgeWidth)
        out.pointee = try c.world.spawnNavigationStack(frame: frame.swift, root: Entity(bits: root), interactivePopStart: start).bits
        return PORTAL_OK
    }
}

/// The C function `portal_spawn_screen`: its contract and documentation are in `portal.h`.
@c(portal_spawn_screen)
public func portalSpawnScreen(_ world: OpaquePointer?, _ stack: UInt64, _ radius: Float, _ out: UnsafeMutablePointer<UInt64>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let out else { return nullArgument(c, "screen") }
        out.pointee = try c.world.spawnScreen(for: Entity(bits: stack), cornerRadius: radius).bits
        return PORTAL_OK
    }
}

/// The C function `portal_push`: its contract and documentation are in `portal.h`.
@c(portal_push)
public func portalPush(_ world: OpaquePointer?, _ screen: UInt64, _ stack: UInt64, _ kind: UnsafePointer<PortalNavigationTransition>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        let t = try transition(kind)
        try c.world.push(Entity(bits: screen), onto: Entity(bits: stack), transition: t)
        return PORTAL_OK
    }
}

/// The C function `portal_pop`: its contract and documentation are in `portal.h`.
@c(portal_pop)
public func portalPop(_ world: OpaquePointer?, _ stack: UInt64, _ kind: UnsafePointer<PortalNavigationTransition>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        let t = kind == nil ? nil : try transition(kind)
        try c.world.pop(Entity(bits: stack), transition: t)
        return PORTAL_OK
    }
}

/// The C function `portal_pop_to_root`: its contract and documentation are in `portal.h`.
@c(portal_pop_to_root)
public func portalPopToRoot(_ world: OpaquePointer?, _ stack: UInt64, _ kind: UnsafePointer<PortalNavigationTransition>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        let t = try transition(kind)
        try c.world.popToRoot(Entity(bits: stack), transition: t)
        return PORTAL_OK
    }
}

/// The C function `portal_set_stack`: its contract and documentation are in `portal.h`.
@c(portal_set_stack)
public func portalSetStack(_ world: OpaquePointer?, _ stack: UInt64, _ screens: UnsafePointer<UInt64>?, _ count: Int32, _ kind: UnsafePointer<PortalNavigationTransition>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard count >= 0 else { return invalidArgument(c, "count", "is \(count), less than 0") }
        guard count == 0 || screens != nil else { return nullArgument(c, "screens") }
        let t = try transition(kind)
        let list = (0..<Int(count)).map { Entity(bits: screens![$0]) }
        try c.world.setStack(Entity(bits: stack), screens: list, transition: t)
        return PORTAL_OK
    }
}

/// The C function `portal_begin_interactive_pop`: its contract and documentation are in `portal.h`.
@c(portal_begin_interactive_pop)
public func portalBeginInteractivePop(_ world: OpaquePointer?, _ stack: UInt64, _ point: PortalPoint, _ kind: UnsafePointer<PortalNavigationTransition>?,
                                      _ began: UnsafeMutablePointer<Bool>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        if let reason = badPoint(point, "point") { return invalidArgument(c, reason, "") }
        let t = try transition(kind)
        let did = try c.world.beginInteractivePop(Entity(bits: stack), at: point.swift, transition: t)
        began?.pointee = did
        return PORTAL_OK
    }
}

/// The C function `portal_update_interactive_pop`: its contract and documentation are in `portal.h`.
@c(portal_update_interactive_pop)
public func portalUpdateInteractivePop(_ world: OpaquePointer?, _ stack: UInt64, _ translation: Float) -> PortalResult {
    call(world) { c throws(PortalError) in
        if let reason = badNumber(translation) { return invalidArgument(c, "translation", reason) }
        try c.world.updateInteractivePop(Entity(bits: stack), translation: translation)
        return PORTAL_OK
    }
}

/// The C function `portal_end_interactive_pop`: its contract and documentation are in `portal.h`.
@c(portal_end_interactive_pop)
public func portalEndInteractivePop(_ world: OpaquePointer?, _ stack: UInt64, _ velocity: Float,
                                    _ decision: UnsafeMutablePointer<PortalPopDecision>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        if let reason = badNumber(velocity) { return invalidArgument(c, "velocity", reason) }
        let d = try c.world.endInteractivePop(Entity(bits: stack), velocity: velocity)
        decision?.pointee = PortalPopDecision(completion_speed: d.completionSpeed, progress: d.progress, finishes: d.finishes, reserved: (0, 0, 0))
        return PORTAL_OK
    }
}

/// The C function `portal_navigation_progress`: its contract and documentation are in `portal.h`.
@c(portal_navigation_progress)
public func portalNavigationProgress(_ world: OpaquePointer?, _ stack: UInt64, _ progress: UnsafeMutablePointer<Float>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let progress else { return nullArgument(c, "progress") }
        progress.pointee = try c.world.navigationProgress(of: Entity(bits: stack)) ?? -1
        return PORTAL_OK
    }
}

/// The C function `portal_zoom_dimming_view`: its contract and documentation are in `portal.h`.
@c(portal_zoom_dimming_view)
public func portalZoomDimmingView(_ world: OpaquePointer?, _ stack: UInt64, _ view: UnsafeMutablePointer<UInt64>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let view else { return nullArgument(c, "view") }
        view.pointee = handle(try c.world.zoomDimmingView(of: Entity(bits: stack)))
        return PORTAL_OK
    }
}

// MARK: - Flowing headers

/// The C function `portal_flowing_header`: its contract and documentation are in `portal.h`.
@c(portal_flowing_header)
public func portalFlowingHeader(_ world: OpaquePointer?, _ parts: UnsafePointer<PortalHeaderParts>?, _ out: UnsafeMutablePointer<UInt64>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let parts else { return nullArgument(c, "parts") }
        guard let out else { return nullArgument(c, "header") }
        let p = parts.pointee
        let snapping: SnappingBehavior
        switch p.snapping {
        case PORTAL_SNAP_DIRECTIONAL: snapping = .directional
        case PORTAL_SNAP_NEAREST: snapping = .nearest
        case PORTAL_SNAP_NONE: snapping = .none
        default: return invalidArgument(c, "parts.snapping", "is \(p.snapping), not a PORTAL_SNAP_* value")
        }
        out.pointee = try c.world.flowingHeader(on: Entity(bits: p.screen), title: Entity(bits: p.title), subtitle: optionalEntity(p.subtitle),
                                                accessory: optionalEntity(p.accessory), barTitle: optionalEntity(p.bar_title),
                                                barAccessory: optionalEntity(p.bar_accessory), snappingBehavior: snapping).bits
        return PORTAL_OK
    }
}

/// The C function `portal_set_flowing_header_anchors`: its contract and documentation are in `portal.h`.
@c(portal_set_flowing_header_anchors)
public func portalSetFlowingHeaderAnchors(_ world: OpaquePointer?, _ header: UInt64, _ title: PortalRect, _ accessory: UnsafePointer<PortalRect>?,
                                          _ bar: PortalRect, _ barTitleSize: PortalSize) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setFlowingHeaderAnchors(Entity(bits: header), title: title.swift, accessory: accessory?.pointee.swift, bar: bar.swift,
                                            barTitleSize: barTitleSize.swift)
        return PORTAL_OK
    }
}

/// The C function `portal_report_scroll`: its contract and documentation are in `portal.h`.
@c(portal_report_scroll)
public func portalReportScroll(_ world: OpaquePointer?, _ header: UInt64, _ offset: Float, _ phase: Int32) -> PortalResult {
    call(world) { c throws(PortalError) in
        let p: ScrollPhase
        switch phase {
        case PORTAL_SCROLL_INTERACTING: p = .interacting
        case PORTAL_SCROLL_DECELERATING: p = .decelerating
        case PORTAL_SCROLL_IDLE: p = .idle
        default: return invalidArgument(c, "phase", "is \(phase), not a PORTAL_SCROLL_* value")
        }
        try c.world.reportScroll(Entity(bits: header), offset: offset, phase: p)
        return PORTAL_OK
    }
}

/// The C function `portal_flowing_header_progress`: its contract and documentation are in `portal.h`.
@c(portal_flowing_header_progress)
public func portalFlowingHeaderProgress(_ world: OpaquePointer?, _ header: UInt64, _ progress: UnsafeMutablePointer<Float>?) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard let progress else { return nullArgument(c, "progress") }
        progress.pointee = try c.world.flowingHeaderProgress(Entity(bits: header))
        return PORTAL_OK
    }
}

// MARK: - Popups

/// The C function `portal_set_popup_container`: its contract and documentation are in `portal.h`.
@c(portal_set_popup_container)
public func portalSetPopupContainer(_ world: OpaquePointer?, _ bounds: PortalRect, _ safeArea: PortalEdgeInsets) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.setPopupContainer(bounds: bounds.swift, safeArea: safeArea.swift)
        return PORTAL_OK
    }
}

/// The C function `portal_present_popup`: its contract and documentation are in `portal.h`.
@c(portal_present_popup)
public func portalPresentPopup(_ world: OpaquePointer?, _ content: UInt64, _ source: UInt64, _ width: Float, _ height: Float,
                               _ a: UnsafePointer<PortalAnimationParams>?, _ backdrop: Bool) -> PortalResult {
    call(world) { c throws(PortalError) in
        guard !width.isNaN else { return invalidArgument(c, "width", "is NaN") }
        let value = try a.map { (a) throws(PortalError) in try animation(a.pointee, "animation") } ?? .easeInOut(duration: 0.2)
        try c.world.presentPopup(Entity(bits: content), from: Entity(bits: source), width: width < 0 ? .infinity : width, height: height,
                                 animation: value, backdrop: backdrop)
        return PORTAL_OK
    }
}

/// The C function `portal_dismiss_popup`: its contract and documentation are in `portal.h`.
@c(portal_dismiss_popup)
public func portalDismissPopup(_ world: OpaquePointer?, _ content: UInt64) -> PortalResult {
    call(world) { c throws(PortalError) in
        try c.world.dismissPopup(Entity(bits: content))
        return PORTAL_OK
    }
}

/// The C function `portal_popup_placement`: its contract and documentation are in `portal.h`.
@c(portal_popup_placement)
public func portalPopupPlacement(_ world: OpaquePointer?, _ content: UInt64, _ frame: UnsafeMutablePointer<PortalRect>?,
                                 _ anchor: UnsafeMutablePointer<PortalPoint>?, _ below: UnsafeMutablePointer<Bool>?) -> PortalResult {
    call(world) { c in
        guard let placement = c.world.popupPlacement(of: Entity(bits: content)) else {
            return c.refuse(PORTAL_ERROR_STATE, "content (\(Entity(bits: content))) is not a presented popup, or is not placed yet (a popup is placed at the tick after portal_present_popup)")
        }
        frame?.pointee = PortalRect(placement.frame)
        anchor?.pointee = PortalPoint(x: Float(placement.anchor.x), y: Float(placement.anchor.y))
        below?.pointee = placement.isBelowSource
        return PORTAL_OK
    }
}

/// The C function `portal_dismiss_top_popup`: its contract and documentation are in `portal.h`.
@c(portal_dismiss_top_popup)
public func portalDismissTopPopup(_ world: OpaquePointer?, _ out: UnsafeMutablePointer<UInt64>?) -> PortalResult {
    call(world) { c in
        let content = c.world.dismissTopPopup()
        out?.pointee = handle(content)
        return PORTAL_OK
    }
}
