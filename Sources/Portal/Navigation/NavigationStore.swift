// The navigation stacks' table: each stack's state and projection, the screens leaving, and
// the pass over the running zooms that places their screens (`placeZooms`). The systems that
// drive it are in `NavigationSystems.swift`.

/// What the host knows about a stack at once (calls are staged; this projects them).
struct NavigationProjection {
    var screens: [Entity]
    /// The interactive pop the staged calls leave following the finger: the screen it pops,
    /// its progress after the staged updates, which is what its release decides on, and the
    /// progress it began at (0, or where it caught a running transition).
    var interactivePop: (screen: Entity, progress: Float, origin: Float)?
    /// The stack's pan was claimed as a drag on its zoomed screen (not the edge swipe): its
    /// `.began` starts the drag.
    var zoomDragClaimed = false
}

struct NavigationStore {
    var stacks = ComponentTable<NavigationStackState>()
    /// What the host's calls so far will make of each stack (calls are staged).
    var projections = ComponentTable<NavigationProjection>()
    /// Screen → the stack it belongs to (after the staged calls).
    var owners = ComponentTable<Entity>()
    /// Screen → the stack that still holds it although a staged call released it, and how many
    /// of that stack's requests still to run drop it: until they have, it cannot join another stack.
    var leaving = ComponentTable<LeavingScreen>()
    /// Screen → the transition it was pushed with (after the staged calls), while it is in its
    /// stack: a pop given no transition pops it with the same one.
    var pushedWith = ComponentTable<NavigationTransition>()

    /// A screen released from `stack` by a call (pop, pop to root, set stack, a finishing
    /// interactive pop): it leaves the projection now, and the stack when the request runs.
    mutating func release(_ screen: Entity, from stack: Entity) {
        owners.remove(screen)
        pushedWith.remove(screen)
        if let row = leaving.index.row(of: screen) {
            leaving.values[row].releases += 1
        } else {
            leaving.insert(LeavingScreen(stack: stack, releases: 1), for: screen)
        }
    }

    /// A screen a request of `stack` dropped from its list as it ran.
    mutating func dropped(_ screen: Entity, from stack: Entity) {
        guard let row = leaving.index.row(of: screen), leaving.values[row].stack == stack else { return }
        leaving.values[row].releases -= 1
        if leaving.values[row].releases == 0 { leaving.remove(screen) }
    }

    /// Moves `stack`'s state out of its row (leaving a placeholder with no lists) so that its
    /// lists are uniquely referenced while they are edited: editing a copy whose buffers the
    /// table still shares would copy them. Put it back with ``checkIn(_:for:)`` before anything
    /// reads the stack again.
    mutating func checkOut(_ stack: Entity) -> NavigationStackState? {
        guard let row = stacks.index.row(of: stack) else { return nil }
        return checkOut(row: row)
    }

    /// ``checkOut(_:)`` for a stack with a transition (`active`), tested in its row; `nil`, the
    /// row untouched, for a stack with none or no stack.
    mutating func checkOutActive(_ stack: Entity) -> NavigationStackState? {
        guard let row = stacks.index.row(of: stack), stacks.values[row].active != nil else { return nil }
        return checkOut(row: row)
    }

    /// ``checkOut(_:)`` of the stack in `row`.
    private mutating func checkOut(row: Int) -> NavigationStackState {
        var state = NavigationStackState(screens: [], progressView: stacks.values[row].progressView,
                                         interactiveStart: stacks.values[row].interactiveStart)
        swap(&state, &stacks.values[row])
        return state
    }

    /// Puts `state`, checked out of `stack`'s row by ``checkOut(_:)``, back into it by a swap (no
    /// copy of its 1 KB or its lists' retains); `state` is left holding the row's placeholder.
    mutating func checkIn(_ state: inout NavigationStackState, for stack: Entity) {
        guard let row = stacks.index.row(of: stack) else {
            stacks.insert(state, for: stack)
            return
        }
        swap(&state, &stacks.values[row])
    }

    /// The stacks that finished in the last tick, kept between ticks so that finding them
    /// allocates nothing.
    var finished: [Entity] = []
    /// How many zoom transitions run (the zoom placement does nothing when none does).
    var zooms = 0

    /// The channels a navigation transition drives, in the order `ScreenStages.rest` holds them.
    static let channels: [ViewChannel] = [.opacity, .translationX, .translationY, .scaleX, .scaleY, .rotation, .zPosition, .rotation3DAngle]

    func progress(of stack: Entity, views: ViewStore) -> Float {
        guard let state = stacks.value(of: stack), let slot = views.slot(of: state.progressView) else { return 0 }
        return views.value(.x, slot: slot)
    }
}

extension NavigationStore {
    /// `World.runNavigationZoom`'s pass over the running zooms, on the stores it is handed.
    ///
    /// Everything is read in place: the stacks' states through a buffer pointer (a row read by
    /// subscript was copied whole, lists and stages, for every stack), the views through the
    /// columns' pointers (a non-inlined read of the store itself copied all of it to pass it).
    mutating func placeZooms(views: inout ViewStore, tracks: inout TrackStore, events: inout [WorldEvent]) {
        let entities = stacks.entities
        stacks.values.withUnsafeMutableBufferPointer { states in
            guard let first = states.baseAddress else { return }
            for row in states.indices {
                // Through the element's pointer: `states[row].active?.zoom` copied the whole state out.
                let state = first + row
                guard var zoom = state.pointee.active?.zoom else { continue }
                guard let stackSlot = views.slot(of: entities[row]), let slot = views.slot(of: zoom.screen) else { continue }
                let size = views.frame(slot: stackSlot)
                let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
                // The source as drawn, in the stack's space (through the stack's inverse global transform).
                if let sourceSlot = views.slot(of: zoom.source), let drawn = views.columns.withPointersInPlace({ c in
                    NavigationStore.drawnSource(sourceSlot, inSpaceOf: stackSlot, c)
                }) {
                    zoom.lastSource = drawn
                    zoom.lastRadius = views.value(.cornerRadius, slot: sourceSlot)
                    state.pointee.active!.zoom!.lastSource = zoom.lastSource
                    state.pointee.active!.zoom!.lastRadius = zoom.lastRadius
                }
                let crop = NavigationStore.place(zoom, slot: slot, bounds: bounds, progressView: state.pointee.progressView,
                                                 views: &views, tracks: &tracks, events: &events)
                if crop != zoom.crop { state.pointee.active!.zoom!.crop = crop }
            }
        }
    }

    /// The frame of the view in `sourceSlot` as drawn, in the space of the view in `stackSlot`
    /// (through its inverse global transform), or `nil` where that transform has no inverse.
    /// The source's transform is composed up to the stack's content only (from the stack's
    /// transform, already at hand), where it usually lies.
    @inline(__always)
    private static func drawnSource(_ sourceSlot: Int, inSpaceOf stackSlot: Int, _ c: ViewColumns.Pointers) -> Rect? {
        let stackGlobal = c.globalTransform(slot: stackSlot)
        guard let inverse = stackGlobal.inverted() else { return nil }
        let known = ViewColumns.Pointers.KnownContent(slot: stackSlot, transform: c.contentTransform(slot: stackSlot, global: stackGlobal))
        let global = c.globalFrame(slot: sourceSlot, known: known)
        let a = inverse.map(Point(x: global.minX, y: global.minY)), b = inverse.map(Point(x: global.maxX, y: global.maxY))
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// Places one zoom's screen (in `slot`, its stack's bounds `bounds`), cropped, and its
    /// dimming view; returns the crop it drew.
    @inline(__always)
    private static func place(_ zoom: NavigationZoom, slot: Int, bounds: Rect, progressView: Entity,
                              views: inout ViewStore, tracks: inout TrackStore, events: inout [WorldEvent]) -> Rect {
        let source = zoom.lastSource ?? Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
        let alignment = zoom.options.alignmentRect ?? bounds
        let progressSlot = views.slot(of: progressView)
        let p = progressSlot.map { views.value(.x, slot: $0) } ?? 0
        // The placement: the zoom's at its progress z; under a finger, the drag's curve on
        // where it took over; after a release, from where it was let go to the end it heads for.
        // The crop is in the screen's own space (`full` its whole); the translations are
        // about the uncropped screen's centre, except a held one, about its crop's.
        let full = Rect(x: 0, y: 0, width: zoom.restFrame.width, height: zoom.restFrame.height)
        let cropAlignment = zoom.crops ? zoom.options.alignmentRect ?? full : full
        var translation: Point, scale: Float, z: Float, dimmed: Float, crop: Rect
        if let held = zoom.held {
            let q = DragToDismiss.progress(held.translation, containerHeight: bounds.height, held.style)
            translation = Point(x: held.baseTranslation.x + held.translation.x, y: held.baseTranslation.y + held.translation.y)
            scale = held.baseScale * DragToDismiss.scale(q, held.style)
            z = held.baseZ
            dimmed = held.baseDimming * (1 - q)
            crop = held.crop
        } else if let released = zoom.released, let progressSlot {
            let u = views.value(.y, slot: progressSlot)
            let target = World.zoomPlacement(source: source, alignment: alignment, bounds: bounds, z: released.targetZ)
            func mix(_ a: Float, _ b: Float) -> Float { a + (b - a) * u }
            translation = Point(x: mix(released.translation.x, target.translation.x), y: mix(released.translation.y, target.translation.y))
            scale = mix(released.scale, target.scale)
            z = mix(released.z, released.targetZ)
            dimmed = mix(released.dimming, zoom.options.dimmingOpacity * released.targetZ)
            tracks.place(.x, mix(released.progressFrom, released.progressTo), slot: progressSlot, views: &views, events: &events)
            // The crop goes from the held one to the end's by 1 − (1 − u)², held at the end past
            // it: what is left of it shrinks as (1 − u)², as the zoom's crop does as z² (zoomCrop).
            let to = World.zoomCrop(alignment: cropAlignment, full: full, z: released.targetZ), from = released.crop
            let left = 1 - min(max(u, 0), 1)
            crop = World.cropMix(from, to, 1 - left * left)
            translation = World.croppedTranslation(translation, scale: scale, crop: crop, full: full)
        } else {
            z = zoom.grows ? p : 1 - p     // 0 at the source, 1 filling the stack
            (translation, scale) = World.zoomPlacement(source: source, alignment: alignment, bounds: bounds, z: z)
            dimmed = zoom.options.dimmingOpacity * z
            crop = World.zoomCrop(alignment: cropAlignment, full: full, z: z)
            translation = World.croppedTranslation(translation, scale: scale, crop: crop, full: full)
        }
        if crop != zoom.crop { placeCrop(crop, zoom: zoom, slot: slot, views: &views, tracks: &tracks, events: &events) }
        func mix(_ a: Float, _ b: Float) -> Float { a + (b - a) * z }
        // The radius as drawn goes from the source end's to the screen's own; the shadow as
        // drawn fades with the zoom's progress, nothing at the source end (the source's own
        // look), ZoomOptions.shadowRadius halfway, the screen's own at rest (`zoomShadow`).
        // In the screen's space each is the drawn value over the scale.
        let drawn = mix(zoom.options.cornerRadius ?? zoom.lastRadius, zoom.restRadius)
        let shadow = World.zoomShadow(zoom.options.shadowRadius, rest: zoom.restShadow, z: z)
        tracks.placeZoomed(slot: slot, translation: translation, scale: scale,
                           cornerRadius: scale > 1e-6 ? min(drawn / scale, Rect.maxMagnitude) : zoom.restRadius,
                           shadowRadius: scale > 1e-6 ? min(shadow / scale, Rect.maxMagnitude) : zoom.restShadow,
                           views: &views, events: &events)
        if let dimming = zoom.dimming, let dimmingSlot = views.slot(of: dimming) {
            if views.frame(slot: dimmingSlot) != bounds { tracks.placeFrame(bounds, slot: dimmingSlot, views: &views, events: &events) }
            tracks.place(.opacity, min(max(dimmed, 0), 1), slot: dimmingSlot, views: &views, events: &events)
        }
        return crop
    }

    /// Crops the zooming screen in `slot` from `zoom.crop` to `crop` (screen-local): its frame
    /// is the crop offset by its rest origin, and its content offset moves by the change of the
    /// crop's origin, so that its children stay where they are in it — exactly its rest offset
    /// plus the crop's origin, unless the screen scrolled itself meanwhile (a scroll view), whose
    /// scroll is kept.
    static func placeCrop(_ crop: Rect, zoom: NavigationZoom, slot: Int,
                                  views: inout ViewStore, tracks: inout TrackStore, events: inout [WorldEvent]) {
        let rest = zoom.restFrame, applied = zoom.crop
        let frame = Rect(x: rest.minX + crop.minX, y: rest.minY + crop.minY, width: crop.width, height: crop.height)
        if views.frame(slot: slot) != frame {
            tracks.place(.x, frame.minX, slot: slot, views: &views, events: &events)
            tracks.place(.y, frame.minY, slot: slot, views: &views, events: &events)
            tracks.place(.width, frame.width, slot: slot, views: &views, events: &events)
            tracks.place(.height, frame.height, slot: slot, views: &views, events: &events)
        }
        let offset = views.contentOffset(slot: slot)
        let unscrolled = offset == Point(x: zoom.restOffset.x + applied.minX, y: zoom.restOffset.y + applied.minY)
        let moved = unscrolled ? Point(x: zoom.restOffset.x + crop.minX, y: zoom.restOffset.y + crop.minY)
                               : Point(x: offset.x + (crop.minX - applied.minX), y: offset.y + (crop.minY - applied.minY))
        if moved != offset {
            tracks.place(.contentOffsetX, moved.x, slot: slot, views: &views, events: &events)
            tracks.place(.contentOffsetY, moved.y, slot: slot, views: &views, events: &events)
        }
    }
}
