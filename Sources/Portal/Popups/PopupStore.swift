// The popups' table: each presented popup's state, the presented stack bottom to top, the
// container and the policy; and the public vocabulary of presenting and dismissing. The
// systems and calls that drive it are in `World+Popups.swift` and `PopupCalls.swift`.

/// How presenting a popup treats popups already shown.
public enum PopupPolicy: Hashable, Sendable {
    /// Popups stack; they are dismissed last-in first-out.
    case stack
    /// Presenting a popup first dismisses the one shown (the seed's behaviour).
    case oneAtATime
}

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

struct PopupState {
    let content: Entity
    let source: Entity
    let width: Float
    let height: Float
    let animation: Animation
    let backdrop: Entity?
    var placement: PopupPlacement
    /// The parent the content had before it was lifted into the overlay, restored when it
    /// leaves (or becomes a root then, when that parent is gone by then).
    var home: Entity?
    /// Why it is being dismissed (`nil` while it is not).
    var dismissal: PopupDismissReason?
    var isDismissing: Bool { dismissal != nil }
    var transition: TimingHandle?
    /// The show/hide animation's scale-about-the-tail offset: (1 − scale) × (tail − centre).
    var tailOffset: Point
}

struct PopupStore {
    var states = ComponentTable<PopupState>()
    /// Presented popups, bottom to top.
    var stack: [Entity] = []
    var container: Rect?
    var safeArea = EdgeInsets.zero
    var policy = PopupPolicy.stack
    var nextZ: Int32 = 2
}
