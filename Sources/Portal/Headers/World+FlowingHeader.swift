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
    /// Header anchors in content coordinates (they scroll), and the bar's frame, in the
    /// screen's space.
    var titleAnchor: Rect
    var subtitleAnchor: Rect?
    var accessoryAnchor: Rect?
    var bar: Rect
    /// The title's size in the bar (as the host lays it out there).
    var barTitleSize: Size
    var offset: Float = 0
    /// The animation the progress is running now, if any.
    var progressAnimation: Animation?
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
    /// ``reportScroll(_:offset:phase:)``.
    ///
    /// The parts are children of the screen, as a host builds its header inside the screen:
    /// each part that is not already a direct child of `screen` is moved under it at the next
    /// tick (as ``setParent(_:of:keepingGlobalFrame:)`` does, its frame then read in the
    /// screen's space). The header places them in the screen's space, so the screen's
    /// transform, opacity, hidden flag and z index apply to its header as to the rest of its
    /// content — each screen of a navigation stack has its own header, and a screen arriving
    /// in a push draws over the whole of the leaving one. Among the screen's children a part
    /// keeps the z index you give it with ``setZIndex(_:of:)`` (a title at 2 stays above a bar
    /// at 1). Moving a part elsewhere later is allowed; it is then placed in its new parent's space.
    ///
    /// - Throws: ``PortalError/invalidValue(_:_:reason:)`` naming a part that is `screen` or
    ///   one of its ancestors (it cannot become the screen's child);
    ///   ``PortalError/portalLayer(_:)`` or ``PortalError/portalOwned(_:)`` for Portal's own
    ///   views (layers, backdrops), which Portal removes on its own schedule; the errors of
    ///   the tokens' validation. The world is unchanged when it throws.
    ///
    /// - Returns: the header's entity.
    public func flowingHeader(on screen: Entity, title: Entity, subtitle: Entity? = nil, accessory: Entity? = nil, barTitle: Entity? = nil,
                              barAccessory: Entity? = nil, displays: FlowingHeaderDisplays = [.title],
                              layout: FlowingHeaderLayout = .horizontal, snappingBehavior: SnappingBehavior = .directional,
                              tokens: FlowingHeaderTokens = FlowingHeaderTokens()) throws(PortalError) -> Entity {
        try requireAppView(screen)
        let parts = [("title", title), ("subtitle", subtitle), ("accessory", accessory),
                     ("barTitle", barTitle), ("barAccessory", barAccessory)] as [(String, Entity?)]
        for case let (name, part?) in parts {
            try requireAppView(part)
            // The part becomes the screen's child: it must not be the screen or above it.
            if isProjectedAncestorOrSelf(part, of: screen) {
                throw .invalidValue(name, 0, reason: "a header's part cannot be its screen or an ancestor of it: parts become the screen's children")
            }
            // Everything the reparenting below could refuse (a screen a stack places), refused now.
            if projectedParent(of: part) != screen { try validateParent(screen, of: part) }
        }
        try tokens.validate()
        for duration in [tokens.transitionDuration, tokens.scrollAnimationDuration] { try Animation.smooth(duration: duration).validate(step: clock.step) }
        guard let header = allocator.allocate() else { throw .entityLimitReached }
        guard let progress = spawnProgressView() else {
            allocator.release(header)   // never used: in no table yet
            throw .entityLimitReached
        }
        for case let (_, part?) in parts where projectedParent(of: part) != screen {
            try setParent(screen, of: part)   // validated above: cannot throw
        }
        registerRemoval(.headers) { world, entity in world.removeFlowingHeader(entity) }
        let titleFrame = views.frame(slot: views.slot(of: title)!)
        let state = FlowingHeaderState(screen: screen, title: title, subtitle: subtitle, accessory: accessory,
                                       barTitle: barTitle, barAccessory: barAccessory,
                                       displays: displays, layout: layout, tokens: tokens,
                                       snapper: HeaderSnapper(behavior: snappingBehavior), progressView: progress,
                                       titleAnchor: titleFrame,
                                       subtitleAnchor: subtitle.flatMap { views.slot(of: $0) }.map { views.frame(slot: $0) },
                                       accessoryAnchor: accessory.flatMap { views.slot(of: $0) }.map { views.frame(slot: $0) },
                                       bar: Rect(x: titleFrame.minX, y: 0, width: titleFrame.width, height: 44),
                                       barTitleSize: titleFrame.size)
        headers.insert(state, for: header)
        return header
    }

    /// Reports where the header's parts are laid out in the content (unscrolled coordinates),
    /// the navigation bar's frame, and the title's size in the bar, all in the screen's space
    /// (its children's, as the parts are). The bar anchors follow from
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

    /// Output stage, after the write-back: places every header's parts for this tick's progress
    /// and scroll position, in their screen's space. The parts are the screen's children, so
    /// its transform, opacity, hidden flag and z index reach them through the tree.
    func runHeaderPlacement() {
        guard headers.count > 0 else { return }
        for state in headers.values {
            guard let progressSlot = views.slot(of: state.progressView), let screenSlot = views.slot(of: state.screen),
                  !views.isHidden(slot: screenSlot) else { continue }
            let p = views.value(.x, slot: progressSlot)
            if let subtitle = state.subtitle, let anchor = state.subtitleAnchor {
                place(subtitle, FlowingHeaderGeometry.Placement(center: anchor.offsetBy(dx: 0, dy: -state.offset).center, size: anchor.size,
                                                                scale: 1, opacity: 1))
            }
            let scrolledTitle = state.titleAnchor.offsetBy(dx: 0, dy: -state.offset)
            let hasAccessory = state.accessory != nil && state.displays.contains(.accessory)
            let titleSize = state.barTitleSize
            let anchors = FlowingHeaderGeometry.barAnchors(bar: state.bar, titleSize: titleSize, layout: state.layout, tokens: state.tokens)
            let barTitle = hasAccessory ? anchors.title : Rect(x: state.bar.midX - titleSize.width / 2, y: state.bar.midY - titleSize.height / 2,
                                                                width: titleSize.width, height: titleSize.height)
            place(state.title, FlowingHeaderGeometry.title(progress: state.displays.contains(.title) ? p : 0, header: scrolledTitle, bar: barTitle))
            if let accessory = state.accessory, let anchor = state.accessoryAnchor {
                let scrolled = anchor.offsetBy(dx: 0, dy: -state.offset)
                let placement = hasAccessory ? FlowingHeaderGeometry.accessory(progress: p, header: scrolled, bar: anchors.accessory, tokens: state.tokens)
                                             : FlowingHeaderGeometry.accessory(progress: 0, header: scrolled, bar: scrolled, tokens: state.tokens)
                place(accessory, placement)
            }
            for (part, anchor) in [(state.barTitle, barTitle), (state.barAccessory, anchors.accessory)] {
                guard let part else { continue }
                place(part, FlowingHeaderGeometry.Placement(center: anchor.center, size: anchor.size, scale: 1,
                                                            opacity: FlowingHeaderGeometry.barOnlyOpacity(progress: p)))
            }
        }
    }

    /// Writes a part's placement (frame, scale and opacity, in its parent's space) to its view.
    private func place(_ part: Entity, _ placement: FlowingHeaderGeometry.Placement) {
        guard let slot = views.slot(of: part) else { return }
        let frame = placement.frame
        let b = slot * ViewChannel.stride
        views.noteGeometryWrite(slot: slot)
        views.values.withUnsafeMutableBufferPointer(noting: slot) { v in
            v[b + ViewChannel.x.rawValue] = frame.minX
            v[b + ViewChannel.y.rawValue] = frame.minY
            v[b + ViewChannel.width.rawValue] = frame.width
            v[b + ViewChannel.height.rawValue] = frame.height
            v[b + ViewChannel.scaleX.rawValue] = placement.scale
            v[b + ViewChannel.scaleY.rawValue] = placement.scale
            v[b + ViewChannel.opacity.rawValue] = placement.opacity
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
