/// The snapping decisions of a flowing header, as a small state machine fed with scroll reports.
///
/// Direction changes count only when the offset moves more than the direction threshold. A
/// `.directional` snap is remembered: while the user keeps scrolling the way they snapped, the
/// header stays snapped; reversing releases it and the header follows the scroll again.
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
    /// The last reported offset.
    public private(set) var lastOffset: Float?
    /// The last direction that moved more than the threshold.
    public private(set) var direction: Direction?
    /// The value the header is snapped to, and the direction it was snapped in.
    public private(set) var snapped: (value: Float, direction: Direction?)?

    /// A snapper with no history.
    public init(behavior: SnappingBehavior) { self.behavior = behavior }

    /// Takes one scroll report: the new `offset`, the `phase`, and the progress that offset gives.
    public mutating func report(offset: Float, phase: ScrollPhase, progress: Float,
                                tokens: FlowingHeaderTokens = FlowingHeaderTokens()) -> Decision {
        if let last = lastOffset, abs(offset - last) > tokens.directionThreshold {
            let moved: Direction = offset > last ? .down : .up
            direction = moved
            if let snap = snapped, behavior != .directional || snap.direction != moved { snapped = nil }
            lastOffset = offset
        } else if lastOffset == nil {
            lastOffset = offset
        }
        if let snap = snapped { return .hold(snap.value) }
        guard phase == .idle, progress > 0, progress < 1 else { return .follow(progress) }
        let target: Float
        switch behavior {
        case .none:
            return .follow(progress)
        case .nearest:
            target = progress > 0.5 ? 1 : 0
        case .directional:
            target = direction == .up ? 0 : direction == .down ? 1 : (progress > 0.5 ? 1 : 0)
        }
        snapped = (target, direction)
        return .snap(target)
    }

    public static func == (lhs: HeaderSnapper, rhs: HeaderSnapper) -> Bool {
        lhs.behavior == rhs.behavior && lhs.lastOffset == rhs.lastOffset && lhs.direction == rhs.direction
            && lhs.snapped?.value == rhs.snapped?.value && lhs.snapped?.direction == rhs.snapped?.direction
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(behavior)
        hasher.combine(lastOffset)
        hasher.combine(direction)
        hasher.combine(snapped?.value)
    }
}
