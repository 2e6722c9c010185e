// Flowing headers in the world: the title (and accessory) of a screen flow from the scrolling
// content into the navigation bar as the host reports scroll offsets.

struct FlowingHeaderState {
    let screen: Entity
    let title: Entity
    let subtitle: Entity?
    let accessory: Entity?
    let barTitle: Entity?
    let barAccessory: Entity?
    let displays: FlowingHeaderDisplays
    let layout: FlowingHeaderLayout
    let tokens: FlowingHeaderTokens
    var snapper: HeaderSnapper
    /// A hidden view whose x channel is the animated progress.
    let progressView: Entity
    /// Header anchors in content coordinates (they scroll), and the bar's frame.
    var titleAnchor: Rect
    var subtitleAnchor: Rect?
    var accessoryAnchor: Rect?
    var bar: Rect
    /// The title's size in the bar (as the host lays it out there).
    var barTitleSize: Size
    var offset: Float = 0
    /// The animation the progress is running now, if any.
    var progressAnimation: Animation?
    /// The z index the host gave each part, relative to the screen: a part draws at its
    /// screen's z index plus its own (saturating).
    var partZ = PartZIndices()

    /// The host's z index of each part, title, subtitle, accessory, bar title, bar accessory.
    struct PartZIndices {
        var title: Int32 = 0, subtitle: Int32 = 0, accessory: Int32 = 0, barTitle: Int32 = 0, barAccessory: Int32 = 0
    }

    /// Whether `entity` is one of the header's parts.
    func isPart(_ entity: Entity) -> Bool {
        entity == title || entity == subtitle || entity == accessory || entity == barTitle || entity == barAccessory
    }

    /// Records the host's z index `z` for every part that is `entity`.
    mutating func setPartZ(_ z: Int32, of entity: Entity) {
        if title == entity { partZ.title = z }
        if subtitle == entity { partZ.subtitle = z }
        if accessory == entity { partZ.accessory = z }
        if barTitle == entity { partZ.barTitle = z }
        if barAccessory == entity { partZ.barAccessory = z }
    }
}

extension World {
    /// Makes the title (and accessory) of `screen` flow into its navigation bar as its content
    /// scrolls — the seed's `.flowingHeader(title:subtitle:displays:layout:snappingBehavior:)`.
    ///
    /// `title` and `accessory` are views the header places every tick; `subtitle`, if given,
    /// stays in the header and scrolls away with the content; `barTitle` and
    /// `barAccessory`, if given, are views shown only in the bar, fading in with the flow (for a
    /// part that is displayed in the bar but does not flow there). Report the anchors with
    /// ``setFlowingHeaderAnchors(_:title:accessory:bar:barTitleSize:)`` and the scroll with
    /// ``reportScroll(_:offset:phase:)``. Headers follow their screen's translation and opacity,
    /// so each screen of a navigation stack can have its own. The parts draw at their screen's z
    /// index plus the one you give them with ``setZIndex(_:of:)`` (a title at 2 stays above a bar
    /// at 1), so a view cannot be both a part and a screen.
    /// Portal's own views (layers, backdrops), which Portal removes on its own schedule, are
    /// refused with ``PortalError/portalLayer(_:)`` or ``PortalError/portalOwned(_:)``.
    ///
    /// - Returns: the header's entity.
    public func flowingHeader(on screen: Entity, title: Entity, subtitle: Entity? = nil, accessory: Entity? = nil, barTitle: Entity? = nil,
                              barAccessory: Entity? = nil, displays: FlowingHeaderDisplays = [.title],
                              layout: FlowingHeaderLayout = .horizontal, snappingBehavior: SnappingBehavior = .directional,
                              tokens: FlowingHeaderTokens = FlowingHeaderTokens()) throws(PortalError) -> Entity {
        try requireAppView(screen)
        // A part draws at its screen's z index plus its own, so no view may be both a part and a
        // screen (of this header or another): its z index would climb every tick.
        for case let (name, part?) in [("title", title), ("subtitle", subtitle), ("accessory", accessory),
                                       ("barTitle", barTitle), ("barAccessory", barAccessory)] as [(String, Entity?)] {
            try requireAppView(part)
            guard part != screen, !anyHeader(where: { $0.screen == part }) else {
                throw .invalidValue(name, 0, reason: "a header's part cannot be its screen or another header's screen")
            }
        }
        guard !anyHeader(where: { $0.isPart(screen) }) else {
            throw .invalidValue("screen", 0, reason: "a header's screen cannot be another header's part")
        }
        try tokens.validate()
        for duration in [tokens.transitionDuration, tokens.scrollAnimationDuration] { try Animation.smooth(duration: duration).validate(step: clock.step) }
        guard let header = allocator.allocate() else { throw .entityLimitReached }
        guard let progress = spawnProgressView() else {
            allocator.release(header)   // never used: in no table yet
            throw .entityLimitReached
        }
        registerRemoval(.headers) { world, entity in world.removeFlowingHeader(entity) }
        let titleFrame = views.frame(slot: views.slot(of: title)!)
        var state = FlowingHeaderState(screen: screen, title: title, subtitle: subtitle, accessory: accessory,
                                       barTitle: barTitle, barAccessory: barAccessory,
                                       displays: displays, layout: layout, tokens: tokens,
                                       snapper: HeaderSnapper(behavior: snappingBehavior), progressView: progress,
                                       titleAnchor: titleFrame,
                                       subtitleAnchor: subtitle.flatMap { views.slot(of: $0) }.map { views.frame(slot: $0) },
                                       accessoryAnchor: accessory.flatMap { views.slot(of: $0) }.map { views.frame(slot: $0) },
                                       bar: Rect(x: titleFrame.minX, y: 0, width: titleFrame.width, height: 44),
                                       barTitleSize: titleFrame.size)
        // The parts' z indices so far are the host's; later ones arrive through `setZIndex`.
        for part in [title, subtitle, accessory, barTitle, barAccessory] {
            if let part, let slot = views.slot(of: part) { state.setPartZ(views.zIndex(slot: slot), of: part) }
        }
        headers.insert(state, for: header)
        return header
    }

    /// Reports where the header's parts are laid out in the content (unscrolled coordinates),
    /// the navigation bar's frame, and the title's size in the bar. The bar anchors follow from
    /// them and the header's layout (``FlowingHeaderGeometry/barAnchors(bar:titleSize:layout:tokens:)``).
    /// Call it whenever layout changes. A title's height must be 0 or at least
    /// ``FlowingHeaderGeometry/minimumTitleHeight``.
    public func setFlowingHeaderAnchors(_ header: Entity, title: Rect, accessory: Rect? = nil, bar: Rect,
                                        barTitleSize: Size) throws(PortalError) {
        try requireHeader(header)
        try title.validate("title")
        guard title.height == 0 || title.height >= FlowingHeaderGeometry.minimumTitleHeight else {
            throw .invalidGeometry("title", title.height,
                                   reason: "a title's height must be 0 (not laid out) or at least 1/64 pt: its scale is the bar title's height ÷ this")
        }
        try accessory?.validate("accessory")
        try bar.validate("bar")
        try Rect(origin: .zero, size: barTitleSize).validate("barTitleSize")
        commands.append(.headerAnchors(header, title: title, accessory: accessory, bar: bar, barTitleSize: barTitleSize))
    }

    /// Reports the header's scroll `offset` (points scrolled, growing downwards) and `phase`.
    /// While scrolling, the header follows (`.smooth`, 0.3 s); when scrolling stops part-way it
    /// snaps (`.smooth`, 0.4 s) as its snapping behaviour says.
    public func reportScroll(_ header: Entity, offset: Float, phase: ScrollPhase) throws(PortalError) {
        try requireHeader(header)
        guard offset.isFinite, Rect.isSane(offset) else {
            throw .invalidGeometry("offset", offset, reason: "a scroll offset must be finite and within ±1e9")
        }
        commands.append(.scroll(header, offset: offset, phase: phase))
    }

    /// The header's presented progress, 0 (in the content) … 1 (in the bar).
    public func flowingHeaderProgress(_ header: Entity) throws(PortalError) -> Float {
        try requireHeader(header)
        let state = headers.value(of: header)!
        return views.slot(of: state.progressView).map { views.value(.x, slot: $0) } ?? 0
    }

    /// Whether a live header (not one despawned since the last tick) satisfies `predicate`.
    private func anyHeader(where predicate: (FlowingHeaderState) -> Bool) -> Bool {
        zip(headers.entities, headers.values).contains { allocator.isUsable($0.0) && predicate($0.1) }
    }

    private func requireHeader(_ header: Entity) throws(PortalError) {
        try requireAlive(header)
        guard headers.value(of: header) != nil else { throw .notAFlowingHeader(header) }
    }

    // MARK: - Systems

    func applyHeaderAnchors(_ header: Entity, title: Rect, accessory: Rect?, bar: Rect, barTitleSize: Size) {
        headers.update(header) { state in
            state.titleAnchor = title
            state.accessoryAnchor = accessory ?? state.accessoryAnchor
            state.bar = bar
            state.barTitleSize = barTitleSize
        }
    }

    /// A scroll report: the snapper decides; the progress animates to its answer.
    func applyScroll(_ header: Entity, offset: Float, phase: ScrollPhase, tick: UInt64) {
        guard var state = headers.value(of: header), let slot = views.slot(of: state.progressView) else { return }
        let accessoryHeight = state.accessoryAnchor?.height
        let raw = FlowingHeaderGeometry.progress(offset: offset, accessoryHeight: state.accessory == nil ? nil : accessoryHeight,
                                                 accessoryFlows: state.displays.contains(.accessory), tokens: state.tokens)
        let decision = state.snapper.report(offset: offset, phase: phase, progress: raw, tokens: state.tokens)
        state.offset = offset
        headers.insert(state, for: header)
        let (target, animation): (Float, Animation)
        switch decision {
        case let .follow(p): (target, animation) = (p, .smooth(duration: state.tokens.scrollAnimationDuration))
        case let .snap(p): (target, animation) = (p, .smooth(duration: state.tokens.transitionDuration))
        case let .hold(p): (target, animation) = (p, .smooth(duration: state.tokens.transitionDuration))
        }
        let running = tracks.runningTarget(.x, slot: slot, views: views)
        if running == target { return }
        if running == nil && views.value(.x, slot: slot) == target { return }
        // A spring's motion does not depend on when it started: retargeting the running spring
        // (same value, same velocity, new target) is exactly a new spring from here, and costs
        // no new animation. Scroll reports arrive every frame, so this is the common case.
        if running != nil, state.progressAnimation == animation,
           tracks.moveTarget(.x, slot: slot, to: target, tick: tick, step: clock.step, tolerance: configuration.settleTolerance, views: views) {
            return
        }
        tracks.start(animation, id: .internal, view: state.progressView, slot: slot, targets: [(.x, target)], tick: tick,
                     step: clock.step, tolerance: configuration.settleTolerance, views: &views, events: &events)
        headers.update(header) { $0.progressAnimation = animation }
    }

    /// Output stage, after the write-back: places every header's parts for this tick's progress,
    /// scroll position and screen transform.
    func runHeaderPlacement() {
        guard headers.count > 0 else { return }
        for state in headers.values {
            guard let progressSlot = views.slot(of: state.progressView), let screenSlot = views.slot(of: state.screen) else { continue }
            let p = views.value(.x, slot: progressSlot)
            let screenShift = Point(x: views.value(.translationX, slot: screenSlot), y: views.value(.translationY, slot: screenSlot))
            let screenOpacity = views.value(.opacity, slot: screenSlot)
            // The parts are separate views: they hide when their screen does (a screen pushed
            // over in a navigation stack), draw at its z index plus the z index the host gave
            // them (a stack lifts the arriving screen; its header must not end up under it, and
            // a title the host put above its bar stays there), and move and fade with it.
            let screenHidden = views.isHidden(slot: screenSlot)
            let screenZ = views.zIndex(slot: screenSlot)
            let z = state.partZ
            orderPart(state.title, z.title, above: screenZ, hidden: screenHidden)
            orderPart(state.subtitle, z.subtitle, above: screenZ, hidden: screenHidden)
            orderPart(state.accessory, z.accessory, above: screenZ, hidden: screenHidden)
            orderPart(state.barTitle, z.barTitle, above: screenZ, hidden: screenHidden)
            orderPart(state.barAccessory, z.barAccessory, above: screenZ, hidden: screenHidden)
            if screenHidden { continue }
            if let subtitle = state.subtitle, let anchor = state.subtitleAnchor {
                place(subtitle, FlowingHeaderGeometry.Placement(center: anchor.offsetBy(dx: 0, dy: -state.offset).center, size: anchor.size,
                                                                scale: 1, opacity: 1), shift: screenShift, opacity: screenOpacity)
            }
            let shift = screenShift
            let scrolledTitle = state.titleAnchor.offsetBy(dx: 0, dy: -state.offset)
            let hasAccessory = state.accessory != nil && state.displays.contains(.accessory)
            let titleSize = state.barTitleSize
            let anchors = FlowingHeaderGeometry.barAnchors(bar: state.bar, titleSize: titleSize, layout: state.layout, tokens: state.tokens)
            let barTitle = hasAccessory ? anchors.title : Rect(x: state.bar.midX - titleSize.width / 2, y: state.bar.midY - titleSize.height / 2,
                                                                width: titleSize.width, height: titleSize.height)
            if state.displays.contains(.title) {
                place(state.title, FlowingHeaderGeometry.title(progress: p, header: scrolledTitle, bar: barTitle), shift: shift, opacity: screenOpacity)
            } else {
                place(state.title, FlowingHeaderGeometry.title(progress: 0, header: scrolledTitle, bar: barTitle), shift: shift, opacity: screenOpacity)
            }
            if let accessory = state.accessory, let anchor = state.accessoryAnchor {
                let scrolled = anchor.offsetBy(dx: 0, dy: -state.offset)
                let placement = hasAccessory ? FlowingHeaderGeometry.accessory(progress: p, header: scrolled, bar: anchors.accessory, tokens: state.tokens)
                                             : FlowingHeaderGeometry.accessory(progress: 0, header: scrolled, bar: scrolled, tokens: state.tokens)
                place(accessory, placement, shift: shift, opacity: screenOpacity)
            }
            for (part, anchor) in [(state.barTitle, barTitle), (state.barAccessory, anchors.accessory)] {
                guard let part else { continue }
                place(part, FlowingHeaderGeometry.Placement(center: anchor.center, size: anchor.size, scale: 1,
                                                            opacity: FlowingHeaderGeometry.barOnlyOpacity(progress: p)),
                      shift: shift, opacity: screenOpacity)
            }
        }
    }

    /// Hides or shows a part with its screen and sets its z index to the screen's plus its own,
    /// saturating at the ends of `Int32`.
    private func orderPart(_ part: Entity?, _ z: Int32, above screenZ: Int32, hidden: Bool) {
        guard let part, let slot = views.slot(of: part) else { return }
        views.setHidden(hidden, by: .header, slot: slot)
        let (sum, overflow) = screenZ.addingReportingOverflow(z)
        views.setZIndex(overflow ? (z > 0 ? .max : .min) : sum, slot: slot)
    }

    /// The host set a view's z index: if the view is a header's part, that is its z index
    /// relative to its screen from now on (header placement writes the sum over the view's).
    func setHeaderPartZIndex(_ z: Int32, of view: Entity) {
        guard headers.count > 0 else { return }
        headers.updateEach { _, state in state.setPartZ(z, of: view) }
    }

    /// Writes a part's placement to its view, moved and faded with its screen.
    private func place(_ part: Entity, _ placement: FlowingHeaderGeometry.Placement, shift: Point, opacity: Float) {
        guard let slot = views.slot(of: part) else { return }
        let frame = placement.frame
        let b = slot * ViewChannel.stride
        views.noteGeometryWrite(slot: slot)
        views.values.withUnsafeMutableBufferPointer { v in
            v[b + ViewChannel.x.rawValue] = frame.minX
            v[b + ViewChannel.y.rawValue] = frame.minY
            v[b + ViewChannel.width.rawValue] = frame.width
            v[b + ViewChannel.height.rawValue] = frame.height
            v[b + ViewChannel.scaleX.rawValue] = placement.scale
            v[b + ViewChannel.scaleY.rawValue] = placement.scale
            v[b + ViewChannel.translationX.rawValue] = shift.x
            v[b + ViewChannel.translationY.rawValue] = shift.y
            v[b + ViewChannel.opacity.rawValue] = placement.opacity * opacity
        }
    }

    /// The headers' removal hook: a removed header takes its progress view with it.
    func removeFlowingHeader(_ entity: Entity) {
        guard let state = headers.remove(entity) else { return }
        remove(state.progressView)
    }

    /// A hidden view whose x channel carries an animated scalar (a stack's or a header's
    /// progress): never drawn, never hit.
    func spawnProgressView() -> Entity? {
        guard let entity = allocator.allocate(ownedByPortal: true) else { return nil }
        views.insert(entity, frame: .zero, cornerRadius: 0, opacity: 0, role: .view)
        let slot = views.slot(of: entity)!
        views.setHidden(true, by: .internalView, slot: slot)
        views.styles[slot].allowsHitTesting = false
        return entity
    }
}
