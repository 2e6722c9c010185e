/// The numbers behind a flowing header, with the seed library's values as defaults. Unlike the
/// original's `FlowingHeaderTokens`, every one can be changed.
public struct FlowingHeaderTokens: Hashable, Sendable {
    /// Seconds a snap takes (with `.smooth`): 0.4.
    public var transitionDuration: Double
    /// Seconds the header takes to follow a scroll update (with `.smooth`): 0.3.
    public var scrollAnimationDuration: Double
    /// Points of scrolling over which the header flows from 0 to 1: 40.
    public var transitionRange: Float
    /// When the accessory flows, the flow starts after accessory height ÷ this: 3.
    public var accessoryStartDivisor: Float
    /// Where the flow starts when there is no accessory, in points: 5.
    public var startWithoutAccessory: Float
    /// The accessory's size in the navigation bar, in points: 25.
    public var barAccessorySize: Float
    /// The accessory never fades below this opacity while it flows: 0.6.
    public var accessoryMinimumOpacity: Float
    /// How fast the accessory fades as it flows: opacity = 1 − rate × progress (4).
    public var accessoryFadeRate: Float
    /// A scroll must move more than this many points to count as a change of direction: 0.1.
    public var directionThreshold: Float
    /// Space between the accessory and the title in the navigation bar, in points: 6.
    public var barSpacing: Float

    /// The seed's tokens.
    public init(transitionDuration: Double = 0.4, scrollAnimationDuration: Double = 0.3, transitionRange: Float = 40,
                accessoryStartDivisor: Float = 3, startWithoutAccessory: Float = 5, barAccessorySize: Float = 25,
                accessoryMinimumOpacity: Float = 0.6, accessoryFadeRate: Float = 4, directionThreshold: Float = 0.1,
                barSpacing: Float = 6) {
        self.transitionDuration = transitionDuration
        self.scrollAnimationDuration = scrollAnimationDuration
        self.transitionRange = transitionRange
        self.accessoryStartDivisor = accessoryStartDivisor
        self.startWithoutAccessory = startWithoutAccessory
        self.barAccessorySize = barAccessorySize
        self.accessoryMinimumOpacity = accessoryMinimumOpacity
        self.accessoryFadeRate = accessoryFadeRate
        self.directionThreshold = directionThreshold
        self.barSpacing = barSpacing
    }

    /// Throws when a token is out of range (non-positive durations, or ones too short for the
    /// header's `.smooth` spring; non-positive range or divisor; negative or non-finite sizes; an
    /// opacity outside 0…1).
    public func validate() throws(PortalError) {
        func check(_ ok: Bool, _ field: String, _ value: Double, _ reason: String) throws(PortalError) {
            if !ok { throw .invalidValue("FlowingHeaderTokens.\(field)", value, reason: reason) }
        }
        for (field, duration) in [("transitionDuration", transitionDuration), ("scrollAnimationDuration", scrollAnimationDuration)] {
            try check(duration > 0 && duration <= Animation.maxSeconds, field, duration, "must be a positive number of seconds")
            // The header animates with `.smooth(duration:)`: a duration so short that its spring
            // cannot run (1e-300 s gives an infinite stiffness) is refused here, not at a scroll.
            try check((try? Animation.smooth(duration: duration).validate()) != nil, field, duration,
                      "is too short for a spring; use at least a microsecond")
        }
        try check(transitionRange > 0 && Rect.isSane(transitionRange), "transitionRange", Double(transitionRange), "must be a positive number of points")
        try check(accessoryStartDivisor > 0 && Rect.isSane(accessoryStartDivisor), "accessoryStartDivisor", Double(accessoryStartDivisor), "must be positive")
        for (field, value) in [("startWithoutAccessory", startWithoutAccessory), ("barAccessorySize", barAccessorySize),
                               ("accessoryFadeRate", accessoryFadeRate), ("directionThreshold", directionThreshold), ("barSpacing", barSpacing)] {
            try check(value >= 0 && Rect.isSane(value), field, Double(value), "must be a finite number, 0 or more")
        }
        try check(accessoryMinimumOpacity >= 0 && accessoryMinimumOpacity <= 1, "accessoryMinimumOpacity", Double(accessoryMinimumOpacity), "must be in 0…1")
    }
}

/// Which parts of a flowing header take part (SwiftUI's `displays:`).
public struct FlowingHeaderDisplays: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The title (and subtitle).
    public static let title = FlowingHeaderDisplays(rawValue: 1)
    /// The accessory view.
    public static let accessory = FlowingHeaderDisplays(rawValue: 2)
}

/// How the accessory sits beside the title in the navigation bar.
public enum FlowingHeaderLayout: Hashable, Sendable {
    /// Side by side, the accessory leading (the default).
    case horizontal
    /// The accessory stacked above the title.
    case vertical
}

/// What the header does when scrolling stops part-way through its flow.
public enum SnappingBehavior: Hashable, Sendable {
    /// Snap the way the user was scrolling — down to 1, up to 0 — and stay snapped while they
    /// keep scrolling that way (the default: no oscillation).
    case directional
    /// Snap to 1 above a progress of 0.5, else to 0. As every snap, it is remembered: a snap to 1
    /// holds while the user keeps scrolling down, a snap to 0 while they scroll up.
    case nearest
    /// Stay where the scroll left it.
    case none
}

/// What a scroll view is doing, as the host reports it.
public enum ScrollPhase: Hashable, Sendable {
    /// A finger is on it.
    case interacting
    /// It is gliding after a flick.
    case decelerating
    /// It has stopped.
    case idle
}
