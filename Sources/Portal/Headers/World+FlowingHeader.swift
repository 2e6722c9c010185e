// The flowing header API: the title (and accessory) of a screen flow from the scrolling content
// into the navigation bar as the host reports scroll offsets (or as the screen, a scroll view,
// scrolls). The table is `FlowingHeaderStore.swift`, the systems `FlowingHeaderSystems.swift`.

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
    /// at 1). A part that does not flow — a subtitle, an accessory not in `displays` — scrolls
    /// away with the content: give it a z index below the bar's, so it passes under the bar as
    /// the rest of the content does (the header never changes a part's z index). Moving a part
    /// elsewhere later is allowed; it is then placed in its new parent's space.
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
        try submit(FlowingHeaderCall(screen: screen, title: title, subtitle: subtitle, accessory: accessory, barTitle: barTitle,
                                     barAccessory: barAccessory, displays: displays, layout: layout, snapping: snappingBehavior,
                                     tokens: tokens))
    }

    /// Reports where the header's parts are laid out in the content (unscrolled coordinates),
    /// the navigation bar's frame, and the title's size in the bar, all in the screen's space
    /// (its children's, as the parts are). The bar anchors follow from
    /// them and the header's layout (``FlowingHeaderGeometry/barAnchors(bar:titleSize:layout:tokens:)``).
    /// Call it whenever layout changes. A title's height must be 0 or at least
    /// ``FlowingHeaderGeometry/minimumTitleHeight``.
    public func setFlowingHeaderAnchors(_ header: Entity, title: Rect, accessory: Rect? = nil, bar: Rect,
                                        barTitleSize: Size) throws(PortalError) {
        try submit(SetFlowingHeaderAnchorsCall(header: header, title: title, accessory: accessory, bar: bar, barTitleSize: barTitleSize))
    }

    /// Reports the header's scroll `offset` (points scrolled, growing downwards) and `phase`.
    /// While scrolling, the header follows (`.smooth`, 0.3 s); when scrolling stops part-way it
    /// snaps (`.smooth`, 0.4 s) as its snapping behaviour says.
    public func reportScroll(_ header: Entity, offset: Float, phase: ScrollPhase) throws(PortalError) {
        try submit(ReportScrollCall(header: header, offset: offset, phase: phase))
    }

    /// The header's presented progress, 0 (in the content) … 1 (in the bar).
    public func flowingHeaderProgress(_ header: Entity) throws(PortalError) -> Float {
        try requireHeader(header)
        let state = headers.value(of: header)!
        return views.slot(of: state.progressView).map { views.value(.x, slot: $0) } ?? 0
    }
}
