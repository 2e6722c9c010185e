// The interactive pop's public vocabulary: where it may begin, and how a release ends it.

/// Where an interactive pop may begin.
public enum InteractivePopStart: Hashable, Sendable {
    /// Only from a strip this wide along the stack's leading edge, like the system back gesture.
    case edge(width: Float)
    /// Anywhere in the stack's frame.
    case anywhere
}

/// How a released interactive pop ends, by UIKit's rule: what
/// ``World/endInteractivePop(_:velocity:)`` returns, and what
/// ``WorldEvent/interactivePopDidEnd(_:tick:)`` reports when the release runs.
///
/// A host that moves something of its own with the gesture (a view it flies home on release)
/// follows the decision instead of re-implementing the rule.
public struct InteractivePopDecision: Hashable, Sendable {
    /// The stack.
    public let stack: Entity
    /// `true` when the pop finishes (the top screen leaves), `false` when it cancels (both
    /// screens go back to rest).
    public let finishes: Bool
    /// The progress the finger left the pop at, 0…1: for the edge swipe and the host's calls,
    /// the pop's progress (the travel ÷ the stack's width, plus where a caught transition was);
    /// for a drag on a zoomed screen, the drag curve's fraction min(|T| ÷ (`scaleDistance` ×
    /// the stack's height), 1) — how far the screen has shrunk, not the zoom's progress. See
    /// "Events of gesture-driven transitions" in the navigation transitions article.
    public let progress: Float
    /// How fast the rest of the motion runs, relative to the transition's animation:
    /// min(max(0.99, velocity ÷ 800), 2.25) to finish, 1 to cancel. The rest lasts
    /// (1 − ``progress``) of the animation's time ÷ this speed to finish, ``progress`` of it to
    /// cancel.
    public let completionSpeed: Double
}
