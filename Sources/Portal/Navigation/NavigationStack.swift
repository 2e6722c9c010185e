// Navigation stacks: entities holding an ordered list of screens (views), one transition at a
// time, and a queue of the operations requested while it runs.
//
// A transition's motion is the stage values of its NavigationTransition applied to the two
// screens' channels, all with the transition's animation. Beside them, a hidden internal
// "progress view" animates 0 → 1 with the same animation: its value is the transition's
// progress, every tick, and its completion is the transition's.

/// Where an interactive pop may begin.
public enum InteractivePopStart: Hashable, Sendable {
    /// Only from a strip this wide along the stack's leading edge, like the system back gesture.
    case edge(width: Float)
    /// Anywhere in the stack's frame.
    case anywhere
}

/// A stack operation waiting for the current transition to finish.
enum NavigationRequest {
    case push(Entity, NavigationTransition)
    case pop(NavigationTransition)
    case popToRoot(NavigationTransition)
    case setStack([Entity], NavigationTransition)

    /// The screens the request names.
    var screens: [Entity] {
        switch self {
        case let .push(screen, _): return [screen]
        case .pop, .popToRoot: return []
        case let .setStack(screens, _): return screens
        }
    }
}

/// A screen released from a stack by a staged call, which the stack still holds.
struct LeavingScreen {
    /// The stack that holds it.
    var stack: Entity
    /// How many of the stack's requests still to run drop it.
    var releases: Int
}

/// The values of the animated channels a transition touches, for one screen.
struct ScreenStages {
    /// The screen's values before the transition: what a cancelled transition restores.
    var rest: [Float]
    /// Start values of the channels the transition sets at its start.
    var initial: [(ViewChannel, Float)]
    /// End values of the channels the animation drives.
    var animation: [(ViewChannel, Float)]
    /// Values set once the transition has finished.
    var completion: [(ViewChannel, Float)]
    /// The 3D rotation axis to show while transitioning, if the transition rotates in 3D.
    var rotationAxis: Rotation3D?
}

/// The transition a stack is running.
struct ActiveNavigation {
    var operation: NavigationTransition.Operation
    var from: Entity
    var to: Entity
    var fromStages: ScreenStages
    var toStages: ScreenStages
    var animation: Animation
    /// Screens that leave the stack when the transition completes (a pop, pop-to-root, set).
    var leaving: [Entity]
    /// The screens after the transition.
    var finalScreens: [Entity]
    var progress: TimingHandle?
    var isInteractive: Bool
    var isCancelling = false
}

struct NavigationStackState {
    var screens: [Entity]
    let progressView: Entity
    var active: ActiveNavigation?
    var queue: [NavigationRequest] = []
    var interactiveStart: InteractivePopStart

    /// Whether the stack's list, running transition or queue names `screen`.
    func holds(_ screen: Entity) -> Bool {
        screens.contains(screen) || active.map { $0.from == screen || $0.to == screen || $0.finalScreens.contains(screen) } == true
            || queue.contains { $0.screens.contains(screen) }
    }
}

/// One transition's start or end, for ``WorldEvent/navigationWillStart(_:)`` and
/// ``WorldEvent/navigationDidComplete(_:)``.
public struct NavigationEvent: Hashable, Sendable {
    /// The stack.
    public let stack: Entity
    /// Push or pop.
    public let operation: NavigationTransition.Operation
    /// The screen leaving and the screen arriving.
    public let from: Entity, to: Entity
    /// For a completion: `true` when an interactive pop was cancelled (the stack is unchanged).
    public let wasCancelled: Bool
    /// The tick it happened on.
    public let tick: UInt64
}
