/// The snapping decisions of a flowing header, as a small state machine fed with scroll reports:
/// the rules of Aeastr/Portal's `PortalHeaderContent`.
///
/// The direction starts as the original's: from offset 0, scrolling down, so a first report
/// part-way through the flow snaps as it would there. It changes only when the offset moves more
/// than the direction threshold from where it last changed. A snap is remembered, whatever the
/// behaviour that made it: while the scroll keeps going the snapped way (down for 1, up for 0)
/// the header stays snapped; a move the other way releases it and the header follows the
/// scroll again.
public struct HeaderSnapper: Hashable, Sendable {
    /// Which way the content is scrolling.
    public enum Direction: Hashable, Sendable {
        /// The offset grows: the header flows towards the bar.
        case down
        /// The offset shrinks: the header flows back.
        case up
    }

    /// What the header should show after a scroll report.
    public enum Decision: Hashable, Sendable {
        /// Follow the scroll: animate to this progress (smooth, scroll animation duration).
        case follow(Float)
        /// Snap: animate to 0 or 1 (smooth, transition duration).
        case snap(Float)
        /// Stay snapped at this value.
        case hold(Float)
    }

    /// The behaviour.
    public let behavior: SnappingBehavior
    /// The offset at which the direction last changed (0 before any movement).
    public private(set) var lastOffset: Float = 0
    /// The last direction that moved more than the threshold (`.down` before any).
    public private(set) var direction: Direction = .down
    /// The value the header is snapped to (0 or 1), or `nil` while it follows the scroll.
    public private(set) var snapped: Float?

    /// A snapper with no history: at offset 0, scrolling down, not snapped.
    public init(behavior: SnappingBehavior) { self.behavior = behavior }

    /// Takes one scroll report: the new `offset`, the `phase`, and the progress that offset gives.
    public mutating func report(offset: Float, phase: ScrollPhase, progress: Float,
                                tokens: FlowingHeaderTokens = FlowingHeaderTokens()) -> Decision {
        if abs(offset - lastOffset) > tokens.directionThreshold {
            direction = offset > lastOffset ? .down : .up
            lastOffset = offset
            // A snap to 1 holds while scrolling down, a snap to 0 while scrolling up.
            if let value = snapped, (value == 1) != (direction == .down) { snapped = nil }
        }
        if let value = snapped { return .hold(value) }
        guard phase == .idle, progress > 0, progress < 1 else { return .follow(progress) }
        let target: Float
        switch behavior {
        case .none:
            return .follow(progress)
        case .nearest:
            target = progress > 0.5 ? 1 : 0
        case .directional:
            target = direction == .down ? 1 : 0
        }
        snapped = target
        return .snap(target)
    }
}
