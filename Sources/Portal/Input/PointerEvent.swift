// The pointer API's values: the raw events a host sends (`World.pointer(_:)`), what the world
// reports back (taps, long presses) and what a host can read about a pointer.

/// Where a pointer is in its life.
public enum PointerPhase: UInt8, Hashable, Sendable {
    /// The finger (or button) went down.
    case began
    /// It moved while down.
    case moved
    /// It lifted.
    case ended
    /// The system took it away (a call came in, the window lost it): nothing it started
    /// completes.
    case cancelled
}

/// One raw pointer event from the host, for ``World/pointer(_:)``.
public struct PointerEvent: Hashable, Sendable {
    /// The pointer's identifier, stable from its ``PointerPhase/began`` to its
    /// ``PointerPhase/ended`` or ``PointerPhase/cancelled`` (a touch's address, a mouse
    /// button's number); it may be used again after.
    public var pointer: Int
    /// What happened.
    public var phase: PointerPhase
    /// Where, in global (screen) points.
    public var location: Point
    /// When, in the host's seconds (any clock that does not go backwards, such as
    /// `CACurrentMediaTime()`): the velocity is measured on it.
    public var time: Double

    /// Creates an event.
    public init(pointer: Int, phase: PointerPhase, location: Point, time: Double) {
        self.pointer = pointer
        self.phase = phase
        self.location = location
        self.time = time
    }
}

/// The thresholds of the pointer rules (the article *Input* has the table).
public enum PointerRules {
    /// How far a pointer may travel from its press and still tap or long-press, and the travel
    /// that locks a pan's axis: 10 points (UIKit's `UILongPressGestureRecognizer.allowableMovement`
    /// default, and the slop).
    public static let slop: Float = 10
    /// How long a press must be held, within ``slop``, to become a long press: 0.5 s
    /// (`UILongPressGestureRecognizer.minimumPressDuration`'s default). It is also the tap's time
    /// limit: a press released before it is a tap, one held that long is a long press (as
    /// Android's `View` performs a click only if its long press, after
    /// `ViewConfiguration.getLongPressTimeout()` = 500 ms, has not fired).
    public static let longPressDuration: Double = 0.5
}

/// A tap or a long press, as ``WorldEvent/tapped(_:)`` and ``WorldEvent/longPressed(_:)``
/// report it.
public struct PointerTap: Hashable, Sendable {
    /// The pointer that made it.
    public let pointer: Int
    /// Where the pointer went down, global points.
    public let location: Point
    /// What the press hit, as ``World/hitTest(_:)`` answered at the press (on the render list
    /// of the tick before it), or `nil` when it hit nothing.
    public let hit: HitTestResult?
    /// The tick it was recognized on.
    public let tick: UInt64
}

/// What a pointer that is down is doing, as the world decided it.
public enum PointerGesture: Hashable, Sendable {
    /// Down, within the slop of its press: it may still become a tap, a long press or a pan.
    case possible
    /// It travelled past the slop and `owner` (a scroll view, a navigation stack) took its pan,
    /// locked to `axis`.
    case panning(owner: Entity, axis: PanAxis)
    /// It travelled past the slop and no candidate took it: it drives nothing until it lifts.
    case unclaimed
    /// It was held past ``PointerRules/longPressDuration`` within the slop: a long press, which
    /// owns the touch (no tap, no pan) until it lifts.
    case longPress
}

/// A pointer that is down, as of the last tick (``World/pointerState(_:)``).
public struct PointerState: Hashable, Sendable {
    /// Where it went down, global points.
    public let start: Point
    /// Where it is, global points.
    public let location: Point
    /// Its last event's time, the host's seconds.
    public let time: Double
    /// Its velocity at ``time``, points per second (its ``VelocityTracker``'s fit).
    public let velocity: Point
    /// What it is doing.
    public let gesture: PointerGesture
}
