// Why a popup left: the reason its dismissal event reports.

/// Why a popup was dismissed, as ``WorldEvent/popupDidDismiss(_:reason:tick:)`` reports it.
public enum PopupDismissReason: Hashable, Sendable {
    /// ``World/dismissPopup(_:)`` or ``World/dismissTopPopup()``.
    case requested
    /// A tap on its backdrop (``World/tap(at:)``).
    case tappedOutside
    /// Another popup was presented under ``PopupPolicy/oneAtATime``.
    case replaced
    /// Its source stopped being drawn because it, or an ancestor, was hidden (by the app, a
    /// portal, a stack or a popup).
    case sourceHidden
    /// Its source stopped being drawn because a clipping ancestor culls it: scrolled out of
    /// its list, or its list moved off screen.
    case sourceCulled
    /// Its source was despawned.
    case sourceRemoved
    /// Its content was hidden while it was presented.
    case contentHidden
}
