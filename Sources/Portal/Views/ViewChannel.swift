/// The animatable numbers of a view, each a fixed place in the view's 16-float block of
/// presented values.
///
/// Sixteen floats are 64 bytes — one cache line — so writing a view's animated values touches
/// one line, and building its render item reads one line.
enum ViewChannel: Int, CaseIterable {
    case x, y, width, height
    case cornerRadius, opacity
    case translationX, translationY
    case scaleX, scaleY
    case rotation, zPosition, rotation3DAngle
    case shadowRadius
    /// The content offset (UIKit's `bounds.origin`): shifts every child by its negation.
    case contentOffsetX, contentOffsetY

    /// Floats per view block (16 channels: exactly one cache line).
    static let stride = 16

    /// The raw values of the channels a portal reads of its anchor: the frame and the corner
    /// radius (the first five channels).
    /// The channels of a frame, in `Rect`'s order: x, y, width, height.
    static let frame: [ViewChannel] = [.x, .y, .width, .height]
    static let geometry = ViewChannel.x.rawValue...ViewChannel.cornerRadius.rawValue

    /// Whether writing the channel can move the view or its content on screen, or change what
    /// a portal reads of it: every channel but opacity and shadow radius. A watched view reports
    /// these writes (`ViewStore.noteGeometryWrite(slot:)`).
    var isPlacement: Bool { self != .opacity && self != .shadowRadius }
}

/// The properties of a view to change; `nil` leaves a property as it is.
///
/// Used both for immediate changes (``World/update(_:to:)``) and animated ones
/// (``World/animate(_:to:with:)``). Every number in a transform animates, except the axis and
/// perspective of its 3D rotation, which take their new values at once.
public struct ViewProperties: Hashable, Sendable {
    /// The layout frame.
    public var frame: Rect?
    /// The corner radius, in points (0 or more).
    public var cornerRadius: Float?
    /// The opacity, 0…1.
    public var opacity: Float?
    /// The visual transform.
    public var transform: Transform?
    /// The radius of the view's shadow, in points (0 = none).
    public var shadowRadius: Float?
    /// The content offset (UIKit's `bounds.origin`, each coordinate finite and within ±1e9):
    /// the view's children are drawn shifted by its negation, so one value scrolls them all.
    public var contentOffset: Point?

    /// Creates a set of changes; omitted properties stay as they are.
    public init(frame: Rect? = nil, cornerRadius: Float? = nil, opacity: Float? = nil, transform: Transform? = nil,
                shadowRadius: Float? = nil, contentOffset: Point? = nil) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.transform = transform
        self.shadowRadius = shadowRadius
        self.contentOffset = contentOffset
    }

    /// Throws when a value is NaN, infinite, a negative size or radius, or an opacity outside 0…1.
    @inline(__always)
    func validate() throws(PortalError) {
        try frame?.validate("frame")
        if let cornerRadius, !(Rect.isSane(cornerRadius) && cornerRadius >= 0) {
            throw .invalidGeometry("cornerRadius", cornerRadius, reason: "a corner radius must be finite, not negative and at most 1e9")
        }
        if let shadowRadius, !(Rect.isSane(shadowRadius) && shadowRadius >= 0) {
            throw .invalidGeometry("shadowRadius", shadowRadius, reason: "a shadow radius must be finite, not negative and at most 1e9")
        }
        if let opacity, !(opacity >= 0 && opacity <= 1) {
            throw .invalidValue("opacity", Double(opacity), reason: "opacity must be a number in 0…1")
        }
        if let contentOffset, !(Rect.isSane(contentOffset.x) && Rect.isSane(contentOffset.y)) {
            // No array of the two: a list scrolls with this call every frame, allocation-free.
            let bad = Rect.isSane(contentOffset.x) ? contentOffset.y : contentOffset.x
            throw .invalidGeometry("contentOffset", bad, reason: "a content offset must be finite and within ±1e9")
        }
        if let transform, !transform.isValid {
            throw .invalidValue("transform", .nan, reason: "every component of a transform must be finite and within ±1e9")
        }
    }

    /// The animatable channels this change sets and their new values, in channel order (the
    /// order of ``forEachChannel(_:)``), held inline: the targets of an `animate` call, with no
    /// array per call.
    var channelValues: ChannelValues {
        var targets = ChannelValues()
        forEachChannel { targets.set($0, $1) }
        return targets
    }

    /// Calls `body` with each animatable channel this change sets and its new value.
    func forEachChannel(_ body: (ViewChannel, Float) -> Void) {
        if let frame {
            body(.x, frame.minX); body(.y, frame.minY)
            body(.width, frame.width); body(.height, frame.height)
        }
        if let cornerRadius { body(.cornerRadius, cornerRadius) }
        if let opacity { body(.opacity, opacity) }
        if let transform {
            body(.translationX, transform.translation.x); body(.translationY, transform.translation.y)
            body(.scaleX, transform.scaleX); body(.scaleY, transform.scaleY)
            body(.rotation, transform.rotation.radians); body(.zPosition, transform.zPosition)
            body(.rotation3DAngle, transform.rotation3D.angle.radians)
        }
        if let shadowRadius { body(.shadowRadius, shadowRadius) }
        if let contentOffset { body(.contentOffsetX, contentOffset.x); body(.contentOffsetY, contentOffset.y) }
    }
}

/// Up to one value per channel, iterated in channel order, stored inline (a bit mask and 16
/// floats): a sequence of animation targets that costs no allocation.
struct ChannelValues: Sequence, IteratorProtocol {
    private var mask: UInt16 = 0
    private var values = SIMD16<Float>()

    /// Sets `channel`'s value (replacing any set before).
    mutating func set(_ channel: ViewChannel, _ value: Float) {
        mask |= 1 << UInt16(channel.rawValue)
        values[channel.rawValue] = value
    }

    mutating func next() -> (ViewChannel, Float)? {
        guard mask != 0 else { return nil }
        let c = mask.trailingZeroBitCount
        mask &= mask - 1
        return (ViewChannel(rawValue: c) ?? .x, values[c])
    }
}
