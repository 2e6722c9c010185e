// The popups' table: each presented popup's state, the presented stack bottom to top, the
// container and the policy. The systems and calls that drive it are in `PopupSystems.swift` and
// `PopupCalls.swift`; the public vocabulary in `PopupPolicy.swift`, `PopupDismissReason.swift`
// and `PopupPlacement.swift`.

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
