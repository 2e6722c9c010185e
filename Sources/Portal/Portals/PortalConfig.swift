// The vocabulary of portal transitions, named as in the Portal library for SwiftUI.

/// Identifies a portal: the key that pairs a source view with a destination view.
///
/// Make one from a string (`"heroCard"`, or a string literal wherever a `PortalID` is expected)
/// or from an `Identifiable` item with ``init(item:)``, as the seed library's `.portal(item:)`
/// does. Item ids become `"\(item.id)"`, so an item whose id is the string `"a"` and the
/// string id `"a"` name the same portal.
public struct PortalID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key.
    public let rawValue: String

    /// A portal id from a string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A portal id from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The portal id of an `Identifiable` item: its id, as a string.
    public init<Item: Identifiable>(item: Item) { self.rawValue = "\(item.id)" }

    public var description: String { rawValue }
}

/// The part a view plays in a portal.
public enum PortalRole: Hashable, Sendable {
    /// Where the flight starts: the view in the list or grid.
    case source
    /// Where the flight lands: the view in the detail screen.
    case destination
}

/// Which way a portal flies.
public enum PortalDirection: Hashable, Sendable {
    /// Source → destination (activation).
    case forward
    /// Destination → source (deactivation).
    case reverse
}

/// What happens to the overlay layer when it lands.
public enum PortalLayerRemoval: Hashable, Sendable {
    /// The layer disappears on the tick the landing view appears.
    case none
    /// The landing view appears and the layer fades out over it in 0.1 s (ease-out).
    case fade
}

/// The timing of a portal flight: an animation, a start delay, and when the flight counts as
/// landed. ``PortalAnimation`` and ``PortalAnimationWithCompletion`` conform.
public protocol PortalAnimationProtocol: Sendable {
    /// The animation that moves the layer.
    var value: Animation { get }
    /// Seconds an activation from rest waits before the layer moves. A deactivation flies back
    /// at once, as in the original (only its activation is dispatched after the delay).
    var delay: Double { get }
    /// The criterion the flight must reach before the hand-off to the landing view.
    var completionCriteria: AnimationCompletionCriteria { get }
    /// The hand-off never happens sooner than this many seconds after the motion starts.
    var minimumDuration: Double { get }
}

/// A portal animation with a declared duration (the seed's iOS 15 form).
///
/// The hand-off happens when the flight has settled (`.removed`), and never before `duration`
/// seconds of motion. The original library hands off *exactly* at `duration` on systems without
/// completion criteria, which snaps the layer when a spring is still moving; Portal waits for
/// the flight instead, so nothing ever jumps.
public struct PortalAnimation: PortalAnimationProtocol, Hashable {
    /// The animation that moves the layer.
    public let value: Animation
    /// Seconds an activation from rest waits before the layer moves (a deactivation does not).
    public let delay: Double
    /// The declared length of the flight, in seconds.
    public let duration: Double

    /// A portal animation; delay 0.06 s and duration 0.3 s unless given, as in the original
    /// (its `portalTransition`'s `delay` and `animationDuration` defaults, 0.06 and 0.3).
    public init(_ animation: Animation, delay: Double = 0.06, duration: Double = 0.3) {
        self.value = animation
        self.delay = delay
        self.duration = duration
    }

    /// The original's default: `.smooth(duration: 0.3, extraBounce: 0.1)`, delay 0.06 s,
    /// duration 0.3 s.
    public init() {
        self.init(.smooth(duration: 0.3, extraBounce: 0.1), delay: 0.06, duration: 0.3)
    }

    /// `.removed`: the flight has settled.
    public var completionCriteria: AnimationCompletionCriteria { .removed }
    /// ``duration``.
    public var minimumDuration: Double { duration }
}

/// A portal animation whose hand-off follows a completion criterion (the seed's iOS 17 form).
public struct PortalAnimationWithCompletion: PortalAnimationProtocol, Hashable {
    /// The animation that moves the layer.
    public let value: Animation
    /// Seconds an activation from rest waits before the layer moves (a deactivation does not).
    public let delay: Double
    /// When the flight counts as landed: `.logicallyComplete` hands off as soon as the
    /// animation is perceptually done (a spring may still be settling), `.removed` when it has
    /// settled.
    public let completionCriteria: AnimationCompletionCriteria

    /// A portal animation; delay 0.06 s and `.removed` unless given, as in the original.
    public init(_ animation: Animation, delay: Double = 0.06, completionCriteria: AnimationCompletionCriteria = .removed) {
        self.value = animation
        self.delay = delay
        self.completionCriteria = completionCriteria
    }

    /// 0: only the criterion decides.
    public var minimumDuration: Double { 0 }
}

/// A portal animation as a configuration holds it: the two built-in kinds inline, any other
/// conformer by its four numbers (what a flight reads of it), so no existential box is stored
/// and the same code builds in Embedded Swift.
enum PortalTiming: Sendable {
    case fixed(PortalAnimation)
    case completion(PortalAnimationWithCompletion)
    case custom(PortalTimingParts)

    /// Any conformer, by the four numbers a flight reads.
    init<A: PortalAnimationProtocol>(custom animation: A) {
        self = .custom(PortalTimingParts(value: animation.value, delay: animation.delay,
                                         completionCriteria: animation.completionCriteria, minimumDuration: animation.minimumDuration))
    }

    /// Everything a flight reads of the timing, in one switch (each property alone switches and
    /// copies the payload again).
    var parts: (value: Animation, delay: Double, minimumDuration: Double, completionCriteria: AnimationCompletionCriteria) {
        switch self {
        case let .fixed(a): return (a.value, a.delay, a.minimumDuration, a.completionCriteria)
        case let .completion(a): return (a.value, a.delay, a.minimumDuration, a.completionCriteria)
        case let .custom(a): return (a.value, a.delay, a.minimumDuration, a.completionCriteria)
        }
    }

    var value: Animation { parts.value }
    var delay: Double { parts.delay }
    var completionCriteria: AnimationCompletionCriteria { parts.completionCriteria }
    var minimumDuration: Double { parts.minimumDuration }
}

/// A portal animation of another type than the two built-in ones, as a configuration holds it:
/// the four numbers a flight reads (and a trace records).
struct PortalTimingParts: PortalAnimationProtocol, Hashable {
    let value: Animation
    let delay: Double
    let completionCriteria: AnimationCompletionCriteria
    let minimumDuration: Double
}

/// The corner radii a portal layer interpolates between, and their style.
public struct PortalCorners: Hashable, Sendable {
    /// The layer's corner radius at the source, in points.
    public var source: Float
    /// The layer's corner radius at the destination, in points.
    public var destination: Float
    /// The shape of the corners.
    public var style: CornerStyle

    /// Corner radii (0 unless given) and style (`.circular` unless given), as in the original.
    public init(source: Float = 0, destination: Float = 0, style: CornerStyle = .circular) {
        self.source = source
        self.destination = destination
        self.style = style
    }
}

/// How a portal transition looks and behaves.
///
/// ```swift
/// let config = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.4)),
///                                     corners: PortalCorners(source: 8, destination: 16))
/// ```
public struct PortalTransitionConfig: Sendable {
    /// The timing, with the built-in kinds held inline: a configuration made for each call
    /// (as a host writes `PortalTransitionConfig(animation: PortalAnimation(.smooth))`) puts no
    /// box on the heap.
    var timing: PortalTiming
    /// Corner radii to interpolate, with clipping; `nil` (the default) clips nothing and keeps
    /// each anchor's own corner radius.
    public var corners: PortalCorners?
    /// What happens to the layer when it lands.
    public var removal: PortalLayerRemoval
    /// The entity whose content the layer draws; `nil` (the default) draws the source view's.
    public var layerContent: Entity?
    /// Whether the layer takes touches. `false` (the default) lets them pass through to the app,
    /// like the seed's pass-through overlay window.
    public var allowsHitTesting: Bool
    /// Effects bound to the layer's active state, composed on top of the flight.
    public var effects: [PortalLayerEffect]
    /// A navigation stack whose transitions the flights follow; `nil` (the default): flights
    /// run on their own clock.
    ///
    /// A flight that starts from rest while this stack's transition runs (a push or pop made
    /// in the same frame, an interactive pop begun with it) takes its progress from the
    /// transition instead of its animation: the layer's frame and corner radius are those of
    /// the two anchors as drawn now, mixed by the transition's progress (for a flight that
    /// lands as the transition ends: the progress; for one that lands as it is undone: 1 − the
    /// progress). It moves with the finger of an interactive pop, and with whatever the
    /// transition does on release: turned round, caught, finished, cancelled. It lands on the
    /// tick the transition completes, at the end the transition reached: a cancelled pop puts
    /// the layer back on its destination and the portal is active again, whatever `isActive`
    /// the flight was started with. Its animation's timing and delay are not used. A new
    /// request for the portal while it follows sets it on its own clock from where it is.
    public var following: Entity?
    /// Drag to dismiss: while the portal is presented, a drag on its destination moves the layer
    /// with the finger and the release flies it home (dismissing) or back; a press on its layer
    /// in flight catches it. `nil` (the default): no drag. See ``PortalDragDismiss`` and the
    /// article *Portal transitions*, "Drag to dismiss".
    public var dragToDismiss: PortalDragDismiss?

    /// A configuration; every parameter has the original's default.
    public init(animation: PortalAnimation = PortalAnimation(), corners: PortalCorners? = nil,
                removal: PortalLayerRemoval = .none, layerContent: Entity? = nil, allowsHitTesting: Bool = false,
                effects: [PortalLayerEffect] = []) {
        self.init(timing: .fixed(animation), corners: corners, removal: removal, layerContent: layerContent,
                  allowsHitTesting: allowsHitTesting, effects: effects)
    }

    /// A configuration whose hand-off follows a completion criterion.
    public init(animation: PortalAnimationWithCompletion, corners: PortalCorners? = nil,
                removal: PortalLayerRemoval = .none, layerContent: Entity? = nil, allowsHitTesting: Bool = false,
                effects: [PortalLayerEffect] = []) {
        self.init(timing: .completion(animation), corners: corners, removal: removal, layerContent: layerContent,
                  allowsHitTesting: allowsHitTesting, effects: effects)
    }

    /// Sets the timing of the flight to `animation` (the form of ``animation`` that Embedded
    /// Swift builds have).
    public mutating func setAnimation(_ animation: PortalAnimation) { timing = .fixed(animation) }

    /// Sets the timing of the flight to `animation` (the form of ``animation`` that Embedded
    /// Swift builds have).
    public mutating func setAnimation(_ animation: PortalAnimationWithCompletion) { timing = .completion(animation) }

    /// Sets the timing of the flight to `animation`, a conformer of your own: the configuration
    /// keeps the four numbers a flight reads (the form of ``animation`` that Embedded Swift
    /// builds have).
    public mutating func setAnimation<A: PortalAnimationProtocol>(_ animation: A) { timing = PortalTiming(custom: animation) }

        private init(timing: PortalTiming, corners: PortalCorners?, removal: PortalLayerRemoval,
                 layerContent: Entity?, allowsHitTesting: Bool, effects: [PortalLayerEffect]) {
        self.timing = timing
        self.corners = corners
        self.removal = removal
        self.layerContent = layerContent
        self.allowsHitTesting = allowsHitTesting
        self.effects = effects
        self.following = nil
        self.dragToDismiss = nil
    }

    /// Throws when a number is out of range; `step` is the world's tick, `steps` the world's
    /// cache of spring step matrices (where the flight's start finds its matrix again).
    func validate(step: Double, steps: inout SpringStepCache) throws(PortalError) {
        try timing.value.validate(step: step, steps: &steps)
        let delay = timing.delay, minimum = timing.minimumDuration
        guard delay >= 0, delay <= Animation.maxSeconds else {
            throw .invalidValue("PortalAnimation.delay", delay, reason: "a portal delay must be 0…1,000,000 seconds")
        }
        guard minimum >= 0, minimum <= Animation.maxSeconds else {
            throw .invalidValue("PortalAnimation.duration", minimum, reason: "a portal duration must be 0…1,000,000 seconds")
        }
        if let corners {
            // No array of the two: a host may build a configuration for every call.
            func check(_ field: String, _ radius: Float) throws(PortalError) {
                guard Rect.isSane(radius) && radius >= 0 else {
                    throw .invalidGeometry(field, radius, reason: "a corner radius must be finite, not negative and at most 1e9")
                }
            }
            try check("PortalCorners.source", corners.source)
            try check("PortalCorners.destination", corners.destination)
        }
        for effect in effects { try effect.validate(step: step) }
    }
}

/// An effect on a portal layer bound to its active state, with its own animation — the
/// seed's `AnimatedPortalLayer`, e.g. a scale of 1.1 while the layer is active.
///
/// When the layer becomes active (its forward flight starts) the property animates to
/// `active`; when it becomes inactive (its reverse flight starts) it animates back to the
/// property's resting value (scale 1, opacity 1, rotation 0, shadow 0).
public struct PortalLayerEffect: Hashable, Sendable {
    /// The property an effect drives.
    public enum Property: Hashable, Sendable {
        /// Uniform scale about the layer's centre.
        case scale(Float)
        /// Opacity, 0…1.
        case opacity(Float)
        /// Rotation in the plane.
        case rotation(Angle)
        /// Shadow radius, in points.
        case shadowRadius(Float)
    }

    /// The property and its value while the layer is active.
    public let active: Property
    /// The animation between the two values.
    public let animation: Animation

    /// An effect from a property's active value and an animation (`.spring(duration: 0.3)`
    /// unless given, as in the seed's example).
    public init(_ active: Property, animation: Animation = .spring(duration: 0.3)) {
        self.active = active
        self.animation = animation
    }

    /// Scales the layer to `value` while active.
    public static func scale(_ value: Float, animation: Animation = .spring(duration: 0.3)) -> PortalLayerEffect {
        PortalLayerEffect(.scale(value), animation: animation)
    }
    /// Sets the layer's opacity to `value` while active.
    public static func opacity(_ value: Float, animation: Animation = .spring(duration: 0.3)) -> PortalLayerEffect {
        PortalLayerEffect(.opacity(value), animation: animation)
    }
    /// Rotates the layer by `angle` while active.
    public static func rotation(_ angle: Angle, animation: Animation = .spring(duration: 0.3)) -> PortalLayerEffect {
        PortalLayerEffect(.rotation(angle), animation: animation)
    }
    /// Gives the layer a shadow of `radius` points while active.
    public static func shadowRadius(_ radius: Float, animation: Animation = .spring(duration: 0.3)) -> PortalLayerEffect {
        PortalLayerEffect(.shadowRadius(radius), animation: animation)
    }

    /// The channels the effect drives and their values in the active or the resting state.
    /// Per channel, so a scale effect and a rotation effect on one layer never reset each other.
    /// Inline (no array per flight start).
    func targets(active isActive: Bool) -> ChannelValues {
        var targets = ChannelValues()
        switch active {
        case let .scale(value):
            let s = isActive ? value : 1
            targets.set(.scaleX, s)
            targets.set(.scaleY, s)
        case let .opacity(value):
            targets.set(.opacity, isActive ? value : 1)
        case let .rotation(angle):
            targets.set(.rotation, isActive ? angle.radians : 0)
        case let .shadowRadius(radius):
            targets.set(.shadowRadius, isActive ? radius : 0)
        }
        return targets
    }

    func validate(step: Double) throws(PortalError) {
        try animation.validate(step: step)
        switch active {
        case let .scale(value) where !(Rect.isSane(value)):
            throw .invalidValue("PortalLayerEffect.scale", Double(value), reason: "a scale must be finite and within ±1e9")
        case let .opacity(value) where !(value >= 0 && value <= 1):
            throw .invalidValue("PortalLayerEffect.opacity", Double(value), reason: "opacity must be a number in 0…1")
        case let .rotation(angle) where !(Rect.isSane(angle.radians)):
            throw .invalidValue("PortalLayerEffect.rotation", Double(angle.radians), reason: "a rotation must be finite")
        case let .shadowRadius(radius) where !(Rect.isSane(radius) && radius >= 0):
            throw .invalidGeometry("PortalLayerEffect.shadowRadius", radius, reason: "a shadow radius must be finite and not negative")
        default:
            return
        }
    }
}

#if !hasFeature(Embedded)
extension PortalTransitionConfig {
    /// The timing of the flight. A conformer of your own is kept as the four numbers a flight
    /// reads, and read back as such (not as your type). Not in Embedded Swift builds, which have
    /// no existential values of this protocol: use ``setAnimation(_:)-(PortalAnimation)`` there.
    public var animation: any PortalAnimationProtocol {
        get {
            switch timing {
            case let .fixed(a): return a
            case let .completion(a): return a
            case let .custom(a): return a
            }
        }
        set {
            if let fixed = newValue as? PortalAnimation {
                timing = .fixed(fixed)
            } else if let completion = newValue as? PortalAnimationWithCompletion {
                timing = .completion(completion)
            } else {
                timing = PortalTiming(custom: newValue)
            }
        }
    }
}
#endif
