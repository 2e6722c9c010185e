// Popups: a content view presented from a source view in the overlay, placed around the source,
// scaled in about its tail, above a backdrop that takes taps — the seed's pass-through overlay
// window and PopupContainer, plus following the source, re-placement and stacking.
//
// On the view tree: the source may sit anywhere (a cell in a scrolled list in a pushed screen);
// the popup is placed from the source's global frame, composed up its ancestors every tick, in
// the container's global (screen) space. A child draws in its root's band, so while presented
// the content is a root in the overlay band (its whole subtree with it): a nested content view
// is lifted out of its parent for the presentation and put back under that parent (its "home")
// when it leaves the overlay, as SwiftUI's popup content is declared in place but shown above
// the app. A `setParent` of the content while it is presented changes the home it returns to.
//
// This file holds the public API; the table is `PopupStore.swift`, the systems
// `PopupSystems.swift`.

extension World {
    /// How presenting a popup treats popups already shown (`.stack` by default).
    public var popupPolicy: PopupPolicy {
        get { popups.policy }
        set { _ = try? submit(SetPopupPolicy(policy: newValue)) }
    }

    /// Sets the bounds and safe-area insets popups are placed in. Presented popups re-place
    /// themselves at the next tick (a rotation or a resize no longer dismisses them).
    public func setPopupContainer(bounds: Rect, safeArea: EdgeInsets = .zero) throws(PortalError) {
        try submit(SetPopupContainerCall(bounds: bounds, safeArea: safeArea))
    }

    /// Presents `content` as a popup from `source` at the next tick: placed around the source
    /// with `width` (points, or `.infinity` for the room available) and the content's `height`,
    /// scaled 0.2 → 1 and faded in about its tail with `animation` (ease-in-out 0.2 s by
    /// default), above a backdrop that blocks the app and dismisses the popup when tapped
    /// (``tap(at:)``). The popup follows its source every tick, keeping the side it opened on
    /// while that side has room (see ``PopupPlacement/place(source:width:height:container:safeArea:margin:previous:)``);
    /// when it has to change sides it moves there with `animation`.
    ///
    /// Presenting shows `content`: a view the app hid (``setHidden(_:of:)``, as a view is kept
    /// hidden until it is presented) is shown, as ``push(_:onto:transition:)`` shows a hidden
    /// screen; after its dismissal it is hidden by the popup until presented again. A popup is
    /// never drawn pointing at nothing: when its source stops being drawn (hidden, culled by a
    /// clipping ancestor — scrolled out of its list — or despawned), or its content is hidden,
    /// the popup leaves on that tick, with no hide animation (its tail would point at nothing),
    /// and ``WorldEvent/popupDidDismiss(_:reason:tick:)`` says why.
    ///
    /// `source` may be anywhere in the view tree: the popup is placed from its global frame (the
    /// bounding box of its bounds on screen), re-read every tick, so a source in a list that
    /// scrolls is followed. `content` may be nested too: it draws in the overlay band as a root
    /// while presented, with its whole subtree, and goes back under its parent when dismissed.
    /// A `content` that contains `source` is refused with ``PortalError/invalidValue(_:_:reason:)``
    /// (the popup would move its own anchor).
    /// Portal's own views (layers, backdrops), which Portal removes on its own schedule, are
    /// refused with ``PortalError/portalLayer(_:)`` or ``PortalError/portalOwned(_:)``.
    ///
    /// While presented, the popup owns the content's frame, scale, opacity, translation and z
    /// index (it places, animates and raises the content); when it has gone it sets scale 1,
    /// opacity 1, translation 0 and z index 0, whatever the app had set: set them again after
    /// ``WorldEvent/popupDidDismiss(_:reason:tick:)`` if the content needs others.
    public func presentPopup(_ content: Entity, from source: Entity, width: Float = .infinity, height: Float,
                             animation: Animation = .easeInOut(duration: 0.2), backdrop: Bool = true) throws(PortalError) {
        try submit(PresentPopupCall(content: content, source: source, width: width, height: height, animation: animation, backdrop: backdrop))
    }

    /// Dismisses `content`'s popup at the next tick (scaling out about its tail); its
    /// ``WorldEvent/popupDidDismiss(_:reason:tick:)`` gives the reason ``PopupDismissReason/requested``.
    public func dismissPopup(_ content: Entity) throws(PortalError) {
        try submit(DismissPopupCall(content: content))
    }

    /// Dismisses the topmost popup, if any. Returns it.
    @discardableResult
    public func dismissTopPopup() -> Entity? {
        (try? submit(DismissTopPopupCall())) ?? nil
    }

    /// A tap at `point`: hit-tests, and a tap on a popup's backdrop dismisses that popup (the
    /// topmost; reason ``PopupDismissReason/tappedOutside``). Returns what was hit.
    @discardableResult
    public func tap(at point: Point) -> HitTestResult? {
        (try? submit(TapCall(point: point))) ?? nil
    }

    /// Where `content`'s popup is placed, as of the last tick (`nil` when it is not presented).
    public func popupPlacement(of content: Entity) -> PopupPlacement? { popups.states.value(of: content)?.placement }

    /// The presented popups, bottom to top.
    public var presentedPopups: [Entity] { popups.stack }
}
