// What the world reports of a navigation transition's start and end.

/// One transition's start or end, for ``WorldEvent/navigationWillStart(_:)`` and
/// ``WorldEvent/navigationDidComplete(_:)``.
public struct NavigationEvent: Hashable, Sendable {
    /// The stack.
    public let stack: Entity
    /// Push or pop.
    public let operation: NavigationTransition.Operation
    /// The screen leaving and the screen arriving.
    public let from: Entity, to: Entity
    /// For a completion: `true` when the transition ended where it started, the stack
    /// unchanged — an interactive pop cancelled, or a transition turned round by a request back
    /// to its start (a push a pop turned round), or a caught push whose pop finished.
    public let wasCancelled: Bool
    /// The tick it happened on.
    public let tick: UInt64
}
