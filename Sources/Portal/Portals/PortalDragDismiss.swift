// Drag to dismiss a portal's destination (opt-in: `PortalTransitionConfig.dragToDismiss`), as
// Photos dismisses a photo and UIKit an interactive zoom: the finger takes the presented
// destination, the portal's layer follows it, and the release flies the layer home to the source
// or back to the destination. The curve and the release rule are `Input/DragToDismiss.swift`'s;
// touch ownership is `Input/Pan.swift`'s contract.
//
// Candidates: the destination of a presented portal with drag to dismiss, and the layer of such a
// portal in flight (a press on a flying layer, which a hit test then finds: "catch mid-air"). A
// scroll view inside the destination is a candidate too and, being innermost, is offered the pan
// first: it keeps a vertical pan unless the pan pushes against its top edge, and only then is the
// destination offered it (UIKit's rule). The portal claims a pan when nothing is pending for it,
// its begin rule holds (`PortalDragBegin`), and the pan goes its way (`.down`: a vertical pan
// moving down; `.any`: any pan).
//
// The drag (phase `.dragged`): the destination is hidden and the layer shows (spawned on the
// destination, or the flying layer caught, its frame lanes stopped where it is drawn). Each step
// places the layer by hand, as the portal ties do: with t the pan's translation (from the lock,
// 1:1 with the finger), H the container's height (the height of the root of the destination's
// view tree; with no destination view, the last known destination frame's), the drag's base
// frame B (the destination's global frame, or the caught layer's presented frame) and radius r₀
// (the destination's corner radius, or the caught layer's), and the source's radius r₁:
//     p = DragToDismiss.progress(t, H), s = DragToDismiss.scale(p),
//     frame = DragToDismiss.frame(B, t, s), radius = r₀ + (r₁ − r₀)·p,
//     backdrop opacity = 1 − p.
// The release: `DragToDismiss.dismisses(t, v, H)` decides. A dismissal flies the layer home
// (a reverse flight: `portalWillStart(.reverse)`, then `portalDidComplete(.reverse)` and the portal
// is inactive); otherwise it flies back (a forward flight, `.forward` events, the portal stays
// active). The flight is a spring — the portal's animation if it is one, else
// `PortalDragDismiss.defaultSpring` — with no delay, and follows its landing anchor every tick as
// every flight does (a list scrolled meanwhile is followed). Its lanes start with the finger's
// velocity v: the layer's centre moves at v, so the x lane (the frame's minX) starts at
// vx − ẇ/2 and the y lane at vy − ḣ/2, where ẇ = B.width·ṡ, ḣ = B.height·ṡ are the rates of
// the size, ṡ = −(1 − minimumScale)·ṗ the scale's and ṙ = (r₁ − r₀)·ṗ the radius's, with
// ṗ = (rate of the travel that counts) ÷ (scaleDistance·H) while p < 1, and 0 once the scale is
// at its minimum. (Per lane, that is UIKit's normalised `initialVelocity`: rate ÷ (goal − now).)
// The backdrop animates to 0 (dismissed) or 1 (back) with the same spring.
//
// A dismissal also ends the portal's presentation as its item scope's item, if it is one.
//
// Ends: a cancelled pointer springs back (velocity 0); a request to deactivate mid-drag dismisses
// from where the layer is (velocity 0); a request to activate changes nothing. A despawned
// destination cancels the pan (its owner is gone): the layer flies back to its last known frame.
// A despawned backdrop is forgotten. Reduced motion does not turn the release into a cross-fade
// (the layer is already away from both anchors).

/// When a drag on a portal's destination may begin (UIKit's `interactiveDismissShouldBegin`), as
/// data: a trace records it, and a replay asks the same question.
public enum PortalDragBegin: Hashable, Sendable {
    /// Whenever the pan goes the style's way.
    case always
    /// Only while the scroll view is at its top edge (its content offset at or above its
    /// topmost resting offset). A scroll view removed since, or that is no longer one, lets no
    /// drag begin.
    case whenScrollViewAtTop(Entity)
}

/// Drag to dismiss for a portal's destination: while the portal is presented, a drag on the
/// destination moves its layer with the finger, and the release flies it home or back (see the
/// article *Portal transitions*, "Drag to dismiss").
public struct PortalDragDismiss: Hashable, Sendable {
    /// How the layer follows the finger and when a release dismisses.
    public var style: DragDismissStyle
    /// A view behind the destination (a dimming view) whose opacity follows the drag: 1 − the
    /// drag's progress, animated to 0 on a dismissal and back to 1 otherwise. `nil`: none.
    public var backdrop: Entity?
    /// When a drag may begin. Default ``PortalDragBegin/always``.
    public var begin: PortalDragBegin

    /// The spring a released drag flies with when the portal's animation is not a spring: the
    /// library's default flight animation, `.smooth(duration: 0.3, extraBounce: 0.1)`.
    public static let defaultSpring = Animation.smooth(duration: 0.3, extraBounce: 0.1)

    /// Drag to dismiss; see each property for its meaning and default.
    public init(style: DragDismissStyle = DragDismissStyle(), backdrop: Entity? = nil, begin: PortalDragBegin = .always) {
        self.style = style
        self.backdrop = backdrop
        self.begin = begin
    }
}

/// One portal's drag in progress (meaningful while its phase is `.dragged`).
struct PortalDrag {
    /// The view whose pan drives the drag: the destination or the caught layer.
    var owner: Entity?
    /// The frame and radius the drag started from.
    var base = Rect.zero
    var baseRadius: Float = 0
    /// The source's radius: where the radius heads as the progress goes to 1.
    var homeRadius: Float = 0
    var containerHeight: Float = 0
    var translation = Point.zero
    var backdrop: Entity?
}

extension World {
    /// Checks a configuration's entities and drag settings, naming the bad argument, before a
    /// portal call stages it.
    func validatePortalEntities(_ config: PortalTransitionConfig) throws(PortalError) {
        if let content = config.layerContent { try requireAppEntity(content) }
        if let stack = config.following { _ = try requireStackRow(stack) }
        guard let drag = config.dragToDismiss else { return }
        try drag.style.validate("dragToDismiss.style")
        if let backdrop = drag.backdrop {
            do { try requireAppView(backdrop) } catch { throw .invalidElement("dragToDismiss.backdrop", error) }
        }
        if case let .whenScrollViewAtTop(scrollView) = drag.begin {
            // As the staged calls leave it (a scroll view made earlier in the frame counts).
            do { try requireScrollView(scrollView) } catch { throw .invalidElement("dragToDismiss.begin", error) }
        }
    }

    // MARK: - The pan handler

    /// Whether the portal's candidate at `view` takes the pan `offer`.
    func portalClaimsPan(_ view: Entity, _ offer: PanOffer) -> Bool {
        guard let key = portals.dragKey(view), portals.motion[key].phase != .dragged, !portals.motion[key].hasPendingRequest,
              let settings = portals.dragSettings[key] else { return false }
        switch settings.style.direction {
        case .down: guard offer.axis == .vertical, offer.translation.y > 0 else { return false }
        case .any: break
        }
        switch settings.begin {
        case .always: return true
        case let .whenScrollViewAtTop(scrollView): return scrollViewIsAtTop(scrollView)
        }
    }

    /// Whether `view` is a scroll view whose content offset is at or above its topmost resting
    /// offset.
    private func scrollViewIsAtTop(_ view: Entity) -> Bool {
        guard allocator.isUsable(view), let row = scrollViews.index.row(of: view), let slot = views.slot(of: view) else { return false }
        let frame = views.frame(slot: slot)
        let edges = scrollViews.configs[row].edges(width: frame.width, height: frame.height)
        return Double(views.contentOffset(slot: slot).y) <= edges.minY
    }

    /// The owner's side of the pan: the drag follows it, and its end releases it.
    func portalFollowsPan(_ view: Entity, _ update: PanUpdate, tick: UInt64) {
        if update.phase == .began {
            guard let key = portals.dragKey(view), portals.motion[key].phase != .dragged else { return }
            withPortalSystem { $0.beginDrag(key, owner: view, tick: tick) }
            placeDrag(key, translation: update.translation)
            return
        }
        // Ended another way when there is no drag of `view` to follow.
        guard let key = portals.followDrag(of: view, translation: update.translation, views: &views, tracks: &tracks, events: &events)
        else { return }
        switch update.phase {
        case .began, .changed:
            return
        case .ended:
            let drag = portals.drags[key], style = portals.dragSettings[key]?.style ?? DragDismissStyle()
            let dismisses = DragToDismiss.dismisses(drag.translation, velocity: update.velocity, containerHeight: drag.containerHeight, style)
            withPortalSystem { $0.releaseDrag(key, dismisses: dismisses, velocity: update.velocity, tick: tick) }
        case .cancelled:
            withPortalSystem { $0.releaseDrag(key, dismisses: false, velocity: .zero, tick: tick) }
        }
    }

    /// Places portal `key`'s dragged layer (and its backdrop) for `translation`: one access to
    /// each store (a world's stored properties are checked for exclusive access at each use,
    /// which, per field, cost more than the placement).
    func placeDrag(_ key: Int, translation: Point) {
        portals.placeDrag(key, translation: translation, views: &views, tracks: &tracks, events: &events)
    }

    /// A hit on a flying layer of a portal with drag to dismiss (which a press may catch): such a
    /// layer under `point` (of several, the one with the highest entity index), unless an overlay
    /// was hit.
    ///
    /// The catch overrides the layer's `allowsHitTesting` (a layer does not take taps itself),
    /// and nothing else of the hit-test rules: the layer must have been drawn in the last render
    /// list (not hidden, not culled), at an opacity of 0.01 or more, and `point` must fall in the
    /// box it was drawn in (its frame through its transform: a layer scaled by an effect is
    /// caught where it shows, not in its layout frame).
    func portalLayerHit(_ point: Point, _ hit: HitTestResult?) -> HitTestResult? {
        guard hit?.role != .overlay, portals.dragEnabledCount > 0 else { return nil }
        var best: Entity?
        for (row, layer) in portals.layerOwners.entities.enumerated() {
            let key = Int(portals.layerOwners.values[row])
            guard portals.dragSettings[key] != nil, case .flying = portals.motion[key].phase, portals.records[key].layer == layer,
                  portals.motion[key].crossFadeLayer == nil, allocator.isUsable(layer), let slot = views.slot(of: layer),
                  best.map({ layer.index > $0.index }) ?? true,
                  let index = renderItemIndex(of: layer, slot: slot), renderItemCatches(index, point) else { continue }
            best = layer
        }
        return best.map { HitTestResult(entity: $0, role: .overlay) }
    }

    /// The index of `entity`'s own item in the last render list (`slot` is its slot), or `nil`
    /// when it was not drawn there.
    func renderItemIndex(of entity: Entity, slot: Int) -> Int? {
        let itemOf = views.render.itemOf   // exact for a tree list; a hint for a flat one
        if slot < itemOf.count {
            let i = Int(itemOf[slot])
            if i >= 0, i < renderItems.count, renderItems[i].entity == entity { return i }
        }
        return renderItems.firstIndex { $0.entity == entity }
    }

    /// Whether the render item at `index` would take a press at `point` were it hit-testable:
    /// drawn at an opacity of 0.01 or more (UIKit's rule, as every hit), and `point` inside the
    /// box it was drawn in.
    func renderItemCatches(_ index: Int, _ point: Point) -> Bool {
        let item = renderItems[index]
        guard item.opacity >= 0.01, point.isFinite else { return false }
        if views.lastListWasTree {
            guard let local = item.globalTransform.inverted()?.map(point) else { return false }
            return local.x >= 0 && local.y >= 0 && local.x <= item.frame.width && local.y <= item.frame.height
        }
        return FlatHitShape(item).contains(point)
    }
}

extension PortalStore {
    /// The portal whose drag candidate `view` is: the destination of a presented portal with drag
    /// to dismiss, the layer of one in flight (not cross-fading, not following a stack), or the
    /// view that owns its drag; with `dragged`, only the last.
    func dragKey(_ view: Entity, dragged: Bool = false) -> Int? {
        let key: Int
        if let owner = layerOwners.value(of: view) {
            key = Int(owner)
        } else if let anchor = anchors.value(of: view), anchor.role == .destination {
            key = Int(anchor.key)
        } else {
            return nil
        }
        guard dragEnabledCount > 0, dragSettings.withUnsafeBufferPointer({ $0[key] != nil }) else { return nil }
        let phase = motion.withUnsafeBufferPointer { $0[key].phase }
        if dragged || phase == .dragged {
            return phase == .dragged && drags.withUnsafeBufferPointer({ $0[key].owner == view }) ? key : nil
        }
        let (layer, destination) = records.withUnsafeBufferPointer { ($0[key].layer, $0[key].destination) }
        switch phase {
        case .presented: return destination == view ? key : nil
        case .flying:
            guard layer == view, motion[key].crossFadeLayer == nil, !isTied(key) else { return nil }
            return key
        case .idle, .waiting, .fading, .dragged: return nil
        }
    }

    /// Places the dragged layer (and its backdrop) of the portal whose drag `view` owns for
    /// `translation`, and returns the portal's key; `nil`, placing nothing, when `view` owns
    /// no drag. One access to the store for a pan step's lookup and placement.
    mutating func followDrag(of view: Entity, translation: Point, views: inout ViewStore, tracks: inout TrackStore,
                             events: inout [WorldEvent]) -> Int? {
        guard let key = dragKey(view, dragged: true) else { return nil }
        placeDrag(key, translation: translation, views: &views, tracks: &tracks, events: &events)
        return key
    }

    /// Places portal `key`'s dragged layer (and its backdrop) for `translation` (see the file's
    /// comment).
    mutating func placeDrag(_ key: Int, translation: Point, views: inout ViewStore, tracks: inout TrackStore, events: inout [WorldEvent]) {
        let style = dragSettings.withUnsafeBufferPointer { $0[key]?.style } ?? DragDismissStyle()
        let drag = drags.withUnsafeMutableBufferPointer { drags in
            drags[key].translation = translation
            return drags[key]
        }
        guard let layer = records.withUnsafeBufferPointer({ $0[key].layer }), let slot = views.slot(of: layer) else { return }
        let progress = DragToDismiss.progress(translation, containerHeight: drag.containerHeight, style)
        let frame = DragToDismiss.frame(drag.base, translation: translation, scale: DragToDismiss.scale(progress, style))
        tracks.placeFrame(frame, slot: slot, views: &views, events: &events)
        tracks.place(.cornerRadius, drag.baseRadius + (drag.homeRadius - drag.baseRadius) * progress, slot: slot, views: &views, events: &events)
        if let backdrop = drag.backdrop, let backdropSlot = views.slot(of: backdrop) {
            tracks.place(.opacity, 1 - progress, slot: backdropSlot, views: &views, events: &events)
        }
    }
}

extension PortalSystem {
    /// Starts portal `key`'s drag, owned by `owner`: from a presented destination, a layer
    /// spawns on it; from a flight, the layer is caught where it is drawn (its frame lanes stop,
    /// its landing check is dropped). The destination is hidden, the layer shows.
    mutating func beginDrag(_ key: Int, owner: Entity, tick: UInt64) {
        portals.untie(key)
        refreshAnchorFrames(key, source: true, destination: true)
        let (destinationFrame, destinationRadius) = end(key, .destination)
        let (_, sourceRadius) = end(key, .source)
        var drag = PortalDrag(owner: owner, homeRadius: sourceRadius, backdrop: portals.dragSettings[key]?.backdrop)
        if let layer = portals.records[key].layer, let slot = views.slot(of: layer) {
            drag.base = views.frame(slot: slot)
            drag.baseRadius = views.value(.cornerRadius, slot: slot)
            for (channel, _) in PortalSystem.frameTargets(.zero, 0) { tracks.stop(channel, slot: slot, views: &views, events: &events) }
        } else {
            guard spawnLayer(key, frame: destinationFrame, radius: destinationRadius, content: contentEntity(key, side: .source)) != nil else { return }
            drag.base = destinationFrame
            drag.baseRadius = destinationRadius
        }
        drag.containerHeight = containerHeight(key, fallback: destinationFrame.height)
        portals.drags[key] = drag
        portals.records[key].flight = nil
        portals.motion[key].checkVersion &+= 1   // no landing check while dragged
        portals.setPhase(.dragged, of: key)
        applyVisibility(key)
    }

    /// The height the drag's progress is measured against: the root of the destination's view
    /// tree (the destination itself when it has no parent), or `fallback` with no destination view.
    private mutating func containerHeight(_ key: Int, fallback: Float) -> Float {
        guard let destination = portals.records[key].destination, var slot = views.slot(of: destination) else { return fallback }
        while let parent = views.parent(slot: slot) { slot = parent }
        return views.frame(slot: slot).height
    }

    /// Releases portal `key`'s drag: home to the source (`dismisses`) or back to the destination,
    /// on a spring whose lanes start with the finger's `velocity` (see the file's comment).
    mutating func releaseDrag(_ key: Int, dismisses: Bool, velocity: Point, tick: UInt64) {
        let drag = portals.drags[key], style = portals.dragSettings[key]?.style ?? DragDismissStyle()
        portals.drags[key] = PortalDrag()
        let direction: PortalDirection = dismisses ? .reverse : .forward
        portals.withRecord(key) { $0.requested = !dismisses }
        if dismisses && !portals.itemScopes.isEmpty {
            // An item presented in a scope and dragged away is no longer that scope's item (as
            // after `portalTransition(item: nil)`): the next item flies from its own source.
            let id = portals.ids[key]
            for (scope, items) in portals.itemScopes where items.current == id { portals.itemScopes[scope] = (nil, id) }
        }
        let (configured, _, effects) = flightSettings(key)
        let animation: Animation
        if case let .spring(spring, _) = configured.motion {
            animation = Animation(.spring(spring, initialVelocity: 0)).speed(configured.speed)
        } else {
            animation = PortalDragDismiss.defaultSpring
        }
        guard let layer = portals.records[key].layer, let slot = views.slot(of: layer) else {
            land(key, direction, tick: tick)   // no layer left: hand over at once
            if portals.isAtRest(key) { portals.sleep(key) }
            return
        }
        refreshAnchorFrames(key, source: true, destination: true)
        let rates = PortalSystem.dragRates(drag, velocity: velocity, style: style)
        launch(key, direction, layer: layer, slot: slot, animation: animation, effects: effects, delay: 0, tick: tick, velocities: rates)
        if let backdrop = drag.backdrop, let backdropSlot = views.slot(of: backdrop) {
            var target = ChannelValues()
            target.set(.opacity, dismisses ? 0 : 1)
            tracks.start(animation, id: .internal, view: backdrop, slot: backdropSlot, targets: target, tick: tick, step: step,
                         tolerance: tolerance, views: &views, events: &events)
        }
        portals.wake(key)
    }

    /// The rates (units per second) of the layer's frame and radius lanes at a release with the
    /// finger's `velocity`: the centre moves with the finger, the size and radius at the rates
    /// the drag's curve gives them there (see the file's comment).
    static func dragRates(_ drag: PortalDrag, velocity: Point, style: DragDismissStyle) -> FrameTargets {
        let t = drag.translation
        let span = style.scaleDistance * drag.containerHeight
        var travelRate: Float
        switch style.direction {
        case .down:
            travelRate = t.y > 0 ? velocity.y : 0
        case .any:
            let length = (t.x * t.x + t.y * t.y).squareRoot()
            travelRate = length > 0 ? (t.x * velocity.x + t.y * velocity.y) / length : 0
        }
        let progress = DragToDismiss.progress(t, containerHeight: drag.containerHeight, style)
        if !(span > 0) || progress >= 1 || !travelRate.isFinite { travelRate = 0 }
        let progressRate = span > 0 ? travelRate / span : 0
        let scaleRate = -(1 - style.minimumScale) * progressRate
        let widthRate = drag.base.width * scaleRate, heightRate = drag.base.height * scaleRate
        return FrameTargets(values: (velocity.x - widthRate / 2, velocity.y - heightRate / 2, widthRate, heightRate,
                                     (drag.homeRadius - drag.baseRadius) * progressRate))
    }
}
