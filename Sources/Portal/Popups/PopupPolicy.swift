// The popups' policy: how presenting a popup treats the popups already shown.

/// How presenting a popup treats popups already shown.
public enum PopupPolicy: Hashable, Sendable {
    /// Popups stack; they are dismissed last-in first-out.
    case stack
    /// Presenting a popup first dismisses the one shown (the seed's behaviour).
    case oneAtATime
}
