// Output: the render list and clip list read in place, the change list, events, hit testing.

import CPortal
#if canImport(Portal)
import Portal   // (the Embedded build compiles the library and this into one module)
#endif

/// Whether Swift's render item and clip are laid out as portal.h declares them, field by field
/// (their reserved fields, internal to the library, are the bytes after the flags before them);
/// `nil` when they are, else the first difference. The lists are handed to C in place, so a
/// world is made only when they agree.
func layoutMismatch() -> String? {
    var c = [Int](repeating: -1, count: 32)
    let n = c.withUnsafeMutableBufferPointer { Int(portalc_layout($0.baseAddress, 32)) }
    let item = MemoryLayout<RenderItem>.self, clip = MemoryLayout<RenderClip>.self
    let swift: [(String, Int?)] = [
        ("PortalRenderItem's size", item.stride),
        ("PortalRenderItem.entity", item.offset(of: \.entity)), ("PortalRenderItem.content", item.offset(of: \.content)),
        ("PortalRenderItem.frame", item.offset(of: \.frame)), ("PortalRenderItem.corner_radius", item.offset(of: \.cornerRadius)),
        ("PortalRenderItem.corner_style", item.offset(of: \.cornerStyle)),
        ("PortalRenderItem.clips_content", item.offset(of: \.clipsContent)), ("PortalRenderItem.reserved0", item.offset(of: \.clipsContent).map { $0 + 1 }),
        ("PortalRenderItem.opacity", item.offset(of: \.opacity)),
        ("PortalRenderItem.shadow_radius", item.offset(of: \.shadowRadius)), ("PortalRenderItem.transform", item.offset(of: \.transform)),
        ("PortalRenderItem.z_index", item.offset(of: \.zIndex)), ("PortalRenderItem.role", item.offset(of: \.role)),
        ("PortalRenderItem.allows_hit_testing", item.offset(of: \.allowsHitTesting)), ("PortalRenderItem.reserved1", item.offset(of: \.allowsHitTesting).map { $0 + 1 }),
        ("PortalRenderItem.global_transform", item.offset(of: \.globalTransform)), ("PortalRenderItem.clip", item.offset(of: \.clip)),
        ("PortalRenderClip's size", clip.stride),
        ("PortalRenderClip.size", clip.offset(of: \.size)), ("PortalRenderClip.corner_radius", clip.offset(of: \.cornerRadius)),
        ("PortalRenderClip.corner_style", clip.offset(of: \.cornerStyle)), ("PortalRenderClip.reserved0", clip.offset(of: \.cornerStyle).map { $0 + 1 }),
        ("PortalRenderClip.reserved1", clip.offset(of: \.cornerStyle).map { $0 + 2 }), ("PortalRenderClip.transform", clip.offset(of: \.transform)),
        ("PortalRenderClip.parent", clip.offset(of: \.parent)),
        ("PortalTransform's size", MemoryLayout<Transform>.size), ("PortalMatrix's size", MemoryLayout<ProjectionTransform>.size),
    ]
    guard n == swift.count else { return "the number of checked fields (\(n) in C, \(swift.count) in Swift)" }
    for (i, (name, offset)) in swift.enumerated() where offset != c[i] {
        return "\(name) (\(c[i]) in C, \(offset.map(String.init) ?? "none") in Swift)"
    }
    // The enums' values as C reads them from their bytes.
    guard unsafeBitCast(CornerStyle.continuous, to: UInt8.self) == UInt8(PORTAL_CORNER_CONTINUOUS),
          unsafeBitCast(RenderRole.backdrop, to: UInt8.self) == UInt8(PORTAL_ROLE_BACKDROP),
          Entity(bits: 0x0000_0002_0000_0001).index == 1 else { return "the corner style, role or entity encoding" }
    return nil
}

/// Hands C one of the world's lists in place, as the C struct laid out like its elements
/// (checked by `layoutMismatch`). The world keeps the list unchanged until it next ticks, so the
/// storage the pointer reads stays where it is until then (the contract's "valid until the
/// world advances").
func lend<Element, C>(_ list: [Element], as _: C.Type, to pointer: UnsafeMutablePointer<UnsafePointer<C>?>,
                      _ count: UnsafeMutablePointer<Int32>) {
    list.withUnsafeBufferPointer { buffer in
        pointer.pointee = UnsafeRawPointer(buffer.baseAddress).map { $0.assumingMemoryBound(to: C.self) }
        count.pointee = Int32(buffer.count)
    }
}

/// The C function `portal_render_list`: its contract and documentation are in `portal.h`.
@c(portal_render_list)
public func portalRenderList(_ world: OpaquePointer?, _ items: UnsafeMutablePointer<UnsafePointer<PortalRenderItem>?>?,
                             _ count: UnsafeMutablePointer<Int32>?) -> PortalResult {
    call(world) { c in
        guard let items else { return nullArgument(c, "items") }
        guard let count else { return nullArgument(c, "count") }
        c.world.withRenderList { lend($0, as: PortalRenderItem.self, to: items, count) }
        return PORTAL_OK
    }
}

/// The C function `portal_clip_list`: its contract and documentation are in `portal.h`.
@c(portal_clip_list)
public func portalClipList(_ world: OpaquePointer?, _ clips: UnsafeMutablePointer<UnsafePointer<PortalRenderClip>?>?,
                           _ count: UnsafeMutablePointer<Int32>?) -> PortalResult {
    call(world) { c in
        guard let clips else { return nullArgument(c, "clips") }
        guard let count else { return nullArgument(c, "count") }
        c.world.withClipList { lend($0, as: PortalRenderClip.self, to: clips, count) }
        return PORTAL_OK
    }
}

/// The C function `portal_set_tracks_render_changes`: its contract and documentation are in `portal.h`.
@c(portal_set_tracks_render_changes)
public func portalSetTracksRenderChanges(_ world: OpaquePointer?, _ on: Bool) -> PortalResult {
    call(world) { c in
        c.world.tracksRenderChanges = on
        return PORTAL_OK
    }
}

/// The C function `portal_render_changes`: its contract and documentation are in `portal.h`.
@c(portal_render_changes)
public func portalRenderChanges(_ world: OpaquePointer?, _ out: UnsafeMutablePointer<PortalRenderChanges>?) -> PortalResult {
    call(world) { c in
        guard let out else { return nullArgument(c, "changes") }
        guard c.world.tracksRenderChanges else {
            return c.refuse(PORTAL_ERROR_STATE, "the world does not track render changes: call portal_set_tracks_render_changes first")
        }
        c.removed.removeAll(keepingCapacity: true)
        c.inserted.removeAll(keepingCapacity: true)
        c.updated.removeAll(keepingCapacity: true)
        c.world.withRenderChanges { changes in
            for key in changes.removed { c.removed.append(PortalRenderKey(entity: key.entity.bits, layer: handle(key.layer))) }
            for index in changes.inserted { c.inserted.append(index) }
            for update in changes.updated { c.updated.append(PortalRenderUpdate(index: update.index, fields: UInt32(update.fields.rawValue))) }
        }
        out.pointee = PortalRenderChanges(
            removed: c.removed.withUnsafeBufferPointer { $0.baseAddress }, inserted: c.inserted.withUnsafeBufferPointer { $0.baseAddress },
            updated: c.updated.withUnsafeBufferPointer { $0.baseAddress }, removed_count: Int32(c.removed.count),
            inserted_count: Int32(c.inserted.count), updated_count: Int32(c.updated.count), reserved: 0)
        return PORTAL_OK
    }
}

// MARK: - Events

extension CWorld {
    /// Takes the world's waiting events into `events` when every converted one has been read.
    func refillEvents() {
        guard eventsRead == events.count else { return }
        events.removeAll(keepingCapacity: true)
        eventsRead = 0
        // Names handed out earlier were promised only until the world advanced.
        if advancedSinceEvents { names.removeAll(keepingCapacity: true) }
        advancedSinceEvents = false
        nameOffsets.removeAll(keepingCapacity: true)
        world.drainEvents { event in
            var e = PortalWorldEvent(kind: 0, code: 0, tick: 0, entity: UInt64.max, from: UInt64.max, to: UInt64.max, id: 0, name: nil,
                                     location: PortalPoint(x: 0, y: 0), value: 0, flag: false, reserved: (0, 0, 0))
            var name: String?
            switch event {
            case let .animationCompleted(a):
                e.kind = PORTAL_EVENT_ANIMATION_COMPLETED; e.entity = a.view.bits; e.id = a.id.rawValue; e.tick = a.tick
                e.flag = a.wasInterrupted; e.code = a.criterion == .removed ? 1 : 0
            case let .frameTimeRejected(r):
                e.kind = PORTAL_EVENT_FRAME_TIME_REJECTED
                switch r {
                case .notANumber: e.code = 1
                case .infinite: e.code = 2
                case .negative: e.code = 3
                case .zero: e.code = 4
                case .insideTick: e.code = 5
                }
            case let .ticksDropped(n): e.kind = PORTAL_EVENT_TICKS_DROPPED; e.code = Int32(clamping: n)
            case let .portalWillStart(p):
                e.kind = PORTAL_EVENT_PORTAL_WILL_START; name = p.id.rawValue; e.code = p.direction == .forward ? 0 : 1; e.tick = p.tick
            case let .portalDidComplete(p):
                e.kind = PORTAL_EVENT_PORTAL_DID_COMPLETE; name = p.id.rawValue; e.code = p.direction == .forward ? 0 : 1; e.tick = p.tick
            case let .portalGroupDidComplete(group, direction, tick):
                e.kind = PORTAL_EVENT_PORTAL_GROUP_DID_COMPLETE; name = group; e.code = direction == .forward ? 0 : 1; e.tick = tick
            case let .navigationWillStart(n):
                e.kind = PORTAL_EVENT_NAVIGATION_WILL_START; e.entity = n.stack.bits; e.from = n.from.bits; e.to = n.to.bits
                e.code = n.operation == .push ? 0 : 1; e.tick = n.tick
            case let .navigationDidComplete(n):
                e.kind = PORTAL_EVENT_NAVIGATION_DID_COMPLETE; e.entity = n.stack.bits; e.from = n.from.bits; e.to = n.to.bits
                e.code = n.operation == .push ? 0 : 1; e.flag = n.wasCancelled; e.tick = n.tick
            case let .popupWillPresent(content, tick): e.kind = PORTAL_EVENT_POPUP_WILL_PRESENT; e.entity = content.bits; e.tick = tick
            case let .popupDidPresent(content, tick): e.kind = PORTAL_EVENT_POPUP_DID_PRESENT; e.entity = content.bits; e.tick = tick
            case let .popupDidDismiss(content, reason, tick):
                e.kind = PORTAL_EVENT_POPUP_DID_DISMISS; e.entity = content.bits; e.tick = tick
                switch reason {
                case .requested: e.code = 0
                case .tappedOutside: e.code = 1
                case .replaced: e.code = 2
                case .sourceHidden: e.code = 3
                case .sourceCulled: e.code = 4
                case .sourceRemoved: e.code = 5
                case .contentHidden: e.code = 6
                }
            case let .portalWaiting(id, missing, tick):
                e.kind = PORTAL_EVENT_PORTAL_WAITING; name = id.rawValue; e.tick = tick
                e.code = (missing.contains(.source) ? 1 : 0) | (missing.contains(.destination) ? 2 : 0)
            case let .interactivePopDidEnd(d, tick):
                e.kind = PORTAL_EVENT_INTERACTIVE_POP_DID_END; e.entity = d.stack.bits; e.flag = d.finishes; e.value = d.progress; e.tick = tick
            case let .globalFrameNotKept(view, reason, tick):
                e.kind = PORTAL_EVENT_GLOBAL_FRAME_NOT_KEPT; e.entity = view.bits; e.tick = tick
                switch reason {
                case .rotationOrSkew: e.code = 0
                case .flip: e.code = 1
                case .perspective: e.code = 2
                case .singular: e.code = 3
                }
            case let .tapped(tap), let .longPressed(tap):
                if case .tapped = event { e.kind = PORTAL_EVENT_TAPPED } else { e.kind = PORTAL_EVENT_LONG_PRESSED }
                e.code = Int32(clamping: tap.pointer); e.location = PortalPoint(tap.location); e.tick = tap.tick
                e.entity = handle(tap.hit?.entity); e.flag = tap.hit?.isBusy ?? false
            case let .scrollViewWillBeginDragging(view, tick):
                e.kind = PORTAL_EVENT_SCROLL_WILL_BEGIN_DRAGGING; e.entity = view.bits; e.tick = tick
            case let .scrollViewDidEndDragging(view, willDecelerate, tick):
                e.kind = PORTAL_EVENT_SCROLL_DID_END_DRAGGING; e.entity = view.bits; e.flag = willDecelerate; e.tick = tick
            case let .scrollViewDidEndDecelerating(view, tick):
                e.kind = PORTAL_EVENT_SCROLL_DID_END_DECELERATING; e.entity = view.bits; e.tick = tick
            case let .scrollViewDidEndScrollingAnimation(view, tick):
                e.kind = PORTAL_EVENT_SCROLL_DID_END_SCROLLING_ANIMATION; e.entity = view.bits; e.tick = tick
            }
            if let name {
                while nameOffsets.count < events.count { nameOffsets.append(-1) }
                nameOffsets.append(names.count)
                for byte in name.utf8 { names.append(CChar(bitPattern: byte)) }
                names.append(0)
            }
            events.append(e)
        }
        // The names are all written: point the events into their final storage.
        guard !nameOffsets.isEmpty else { return }
        names.withUnsafeBufferPointer { buffer in
            for (i, offset) in nameOffsets.enumerated() where offset >= 0 { events[i].name = buffer.baseAddress! + offset }
        }
    }
}

/// The C function `portal_poll_event`: its contract and documentation are in `portal.h`.
@c(portal_poll_event)
public func portalPollEvent(_ world: OpaquePointer?, _ event: UnsafeMutablePointer<PortalWorldEvent>?, _ has: UnsafeMutablePointer<Bool>?) -> PortalResult {
    call(world) { c in
        guard let event else { return nullArgument(c, "event") }
        guard let has else { return nullArgument(c, "has_event") }
        c.refillEvents()
        if c.eventsRead < c.events.count {
            event.pointee = c.events[c.eventsRead]
            c.eventsRead += 1
            has.pointee = true
        } else {
            has.pointee = false
        }
        return PORTAL_OK
    }
}

/// The C function `portal_drain_events`: its contract and documentation are in `portal.h`.
@c(portal_drain_events)
public func portalDrainEvents(_ world: OpaquePointer?, _ events: UnsafeMutablePointer<PortalWorldEvent>?, _ capacity: Int32,
                              _ count: UnsafeMutablePointer<Int32>?) -> PortalResult {
    call(world) { c in
        guard let count else { return nullArgument(c, "count") }
        guard capacity >= 0 else { return invalidArgument(c, "capacity", "is \(capacity), less than 0") }
        guard capacity == 0 || events != nil else { return nullArgument(c, "events") }
        c.refillEvents()
        var n: Int32 = 0
        while n < capacity, c.eventsRead < c.events.count, let events {
            events[Int(n)] = c.events[c.eventsRead]
            c.eventsRead += 1
            n += 1
        }
        count.pointee = n
        return PORTAL_OK
    }
}

// MARK: - Hit testing

func write(_ result: HitTestResult?, _ hit: UnsafeMutablePointer<PortalHit>?, _ found: UnsafeMutablePointer<Bool>) {
    found.pointee = result != nil
    if let result {
        hit?.pointee = PortalHit(entity: result.entity.bits, role: Int32(result.role.rawValue), is_busy: result.isBusy, reserved: (0, 0, 0))
    } else {
        hit?.pointee = PortalHit(entity: UInt64.max, role: 0, is_busy: false, reserved: (0, 0, 0))
    }
}

/// The C function `portal_hit_test`: its contract and documentation are in `portal.h`.
@c(portal_hit_test)
public func portalHitTest(_ world: OpaquePointer?, _ point: PortalPoint, _ hit: UnsafeMutablePointer<PortalHit>?,
                          _ found: UnsafeMutablePointer<Bool>?) -> PortalResult {
    call(world) { c in
        guard let found else { return nullArgument(c, "hit_something") }
        if let reason = badPoint(point, "point") { return invalidArgument(c, reason, "") }
        write(c.world.hitTest(point.swift), hit, found)
        return PORTAL_OK
    }
}

/// The C function `portal_tap`: its contract and documentation are in `portal.h`.
@c(portal_tap)
public func portalTap(_ world: OpaquePointer?, _ point: PortalPoint, _ hit: UnsafeMutablePointer<PortalHit>?,
                      _ found: UnsafeMutablePointer<Bool>?) -> PortalResult {
    call(world) { c in
        guard let found else { return nullArgument(c, "hit_something") }
        if let reason = badPoint(point, "point") { return invalidArgument(c, reason, "") }
        write(c.world.tap(at: point.swift), hit, found)
        return PORTAL_OK
    }
}
