/// The geometry of a flowing header: how far it has flowed for a scroll offset, and where the
/// title and the accessory are drawn at a given progress. Pure functions, shared by the header
/// system and anyone who wants the numbers.
public enum FlowingHeaderGeometry {
    /// The flow's progress for a scroll `offset`: it starts after accessory height ÷ 3 when the
    /// accessory flows, after the accessory's height when it does not, after 5 pt without an
    /// accessory (or with one of height 0), and runs over 40 pt (with the default tokens),
    /// clamped to 0…1.
    public static func progress(offset: Float, accessoryHeight: Float?, accessoryFlows: Bool,
                                tokens: FlowingHeaderTokens = FlowingHeaderTokens()) -> Float {
        progress(offset: offset, start: start(accessoryHeight: accessoryHeight, accessoryFlows: accessoryFlows, tokens: tokens),
                 range: tokens.transitionRange)
    }

    /// The scroll offset at which the flow starts (the original's `startAt`): accessory height ÷
    /// `accessoryStartDivisor` when the accessory flows, its height when it does not, and
    /// `startWithoutAccessory` when there is no accessory or it has no height (not laid out).
    public static func start(accessoryHeight: Float?, accessoryFlows: Bool,
                             tokens: FlowingHeaderTokens = FlowingHeaderTokens()) -> Float {
        guard let height = accessoryHeight, height > 0 else { return tokens.startWithoutAccessory }
        return accessoryFlows ? height / tokens.accessoryStartDivisor : height
    }

    /// The progress `offset` gives over a flow that starts at `start` and runs over `range`
    /// points (the original's `calculateProgress`): 0 before the start, 1 for a zero range
    /// once started, else (offset − start) ÷ range clamped to 0…1. Finite for any input.
    public static func progress(offset: Float, start: Float, range: Float) -> Float {
        guard offset >= start else { return 0 }
        guard range != 0 else { return 1 }
        // In this order a NaN or infinite quotient still lands in 0…1.
        return max(0, min(1, (offset - start) / range))
    }

    /// Where a flowing part is drawn at `progress`: its centre, its (unscaled) size, a uniform
    /// scale and an opacity.
    public struct Placement: Hashable, Sendable {
        /// The centre of the part.
        public var center: Point
        /// The size the part is laid out at.
        public var size: Size
        /// A uniform scale about the centre.
        public var scale: Float
        /// The opacity.
        public var opacity: Float
        /// The frame the part is laid out in (before `scale`).
        public var frame: Rect {
            Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
    }

    /// The smallest header title height that scales the title: 1/64 pt, Portal's geometry
    /// resolution. The title's scale is the bar's height ÷ the header's, so a smaller height
    /// (1e-40 pt, say) would make it overflow to ∞ and NaN; a title that short counts as not laid
    /// out, as one of height 0 does, and ``World/setFlowingHeaderAnchors(_:title:accessory:bar:barTitleSize:)``
    /// refuses it.
    public static let minimumTitleHeight: Float = 1.0 / 64

    /// The title: its centre moves linearly from the header anchor's to the bar anchor's, and it
    /// scales uniformly by the ratio of their heights (it keeps its header layout size). A header
    /// title shorter than ``minimumTitleHeight`` (not laid out) does not scale.
    public static func title(progress: Float, header: Rect, bar: Rect) -> Placement {
        let ratio = header.height >= minimumTitleHeight ? bar.height / header.height : 1
        return Placement(center: lerp(header.center, bar.center, progress), size: header.size,
                         scale: 1 + (ratio - 1) * progress, opacity: 1)
    }

    /// The accessory: centre and size interpolate independently per axis, and it fades to
    /// max(0.6, 1 − 4·progress) (default tokens).
    public static func accessory(progress: Float, header: Rect, bar: Rect,
                                 tokens: FlowingHeaderTokens = FlowingHeaderTokens()) -> Placement {
        Placement(center: lerp(header.center, bar.center, progress),
                  size: Size(width: header.width + (bar.width - header.width) * progress,
                             height: header.height + (bar.height - header.height) * progress),
                  scale: 1,
                  opacity: max(tokens.accessoryMinimumOpacity, 1 - tokens.accessoryFadeRate * progress))
    }

    /// A part shown in the bar without flowing there fades in with the flow: opacity = progress.
    public static func barOnlyOpacity(progress: Float) -> Float { progress }

    /// The bar anchors for the title and the accessory: the accessory is `barAccessorySize`
    /// square, beside the title (`.horizontal`) or above it (`.vertical`), the pair centred in the
    /// bar with `barSpacing` between them.
    public static func barAnchors(bar: Rect, titleSize: Size, layout: FlowingHeaderLayout,
                                  tokens: FlowingHeaderTokens = FlowingHeaderTokens()) -> (title: Rect, accessory: Rect) {
        let a = tokens.barAccessorySize, gap = tokens.barSpacing
        switch layout {
        case .horizontal:
            let left = bar.midX - (a + gap + titleSize.width) / 2
            return (Rect(x: left + a + gap, y: bar.midY - titleSize.height / 2, width: titleSize.width, height: titleSize.height),
                    Rect(x: left, y: bar.midY - a / 2, width: a, height: a))
        case .vertical:
            let top = bar.midY - (a + gap + titleSize.height) / 2
            return (Rect(x: bar.midX - titleSize.width / 2, y: top + a + gap, width: titleSize.width, height: titleSize.height),
                    Rect(x: bar.midX - a / 2, y: top, width: a, height: a))
        }
    }

    private static func lerp(_ a: Point, _ b: Point, _ t: Float) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}
