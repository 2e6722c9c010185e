// Scroll views: their configuration (public), and the store of their state in struct-of-arrays
// form — one row per scroll view, a column per field, and a list of the rows in motion so that
// the tick visits only those (ten thousand still lists cost nothing).

/// The axes a scroll view may scroll on.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Left and right.
    public static let horizontal = ScrollAxes(rawValue: 1)
    /// Up and down.
    public static let vertical = ScrollAxes(rawValue: 2)
}

/// How a scroll view scrolls: UIScrollView's properties of the same names.
///
/// The content offset runs from −`contentInset.top` (−`leading`) to
/// `contentSize.height + contentInset.bottom − height` (`width` and `trailing` across), the view's
/// height and width being its frame's; a content no larger than that has one offset on the axis.
public struct ScrollViewConfiguration: Hashable, Sendable {
    /// The size of the content, points (0 or more).
    public var contentSize: Size
    /// Extra room around the content (UIKit's `contentInset`), points.
    public var contentInset: EdgeInsets
    /// The axes it may scroll on; on the others the offset stays as it is. Both by default: as in
    /// UIKit, an axis whose content fits does not scroll unless it always bounces.
    public var axes: ScrollAxes
    /// Whether a release goes to a page (the view's size on that axis), at most one page per flick.
    public var isPagingEnabled: Bool
    /// How fast a glide slows (`.normal` by default).
    public var decelerationRate: ScrollDecelerationRate
    /// Whether the content can be pulled past its edges (rubber-banded) and springs back.
    public var bounces: Bool
    /// Whether it bounces horizontally even when its content is no wider than the view.
    public var alwaysBounceHorizontal: Bool
    /// Whether it bounces vertically even when its content is no taller than the view.
    public var alwaysBounceVertical: Bool

    /// A configuration with UIKit's defaults: no inset, both axes, no paging, `.normal`
    /// deceleration, bouncing, and no bounce on an axis whose content fits.
    public init(contentSize: Size, contentInset: EdgeInsets = .zero, axes: ScrollAxes = [.horizontal, .vertical],
                isPagingEnabled: Bool = false, decelerationRate: ScrollDecelerationRate = .normal, bounces: Bool = true,
                alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false) {
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.axes = axes
        self.isPagingEnabled = isPagingEnabled
        self.decelerationRate = decelerationRate
        self.bounces = bounces
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.alwaysBounceVertical = alwaysBounceVertical
    }

    /// Throws, naming the field, for a content size that is negative, NaN or beyond ±1e9, an inset
    /// that is NaN or beyond ±1e9, or a deceleration rate outside (0, 1).
    func validate() throws(PortalError) {
        for (field, value) in [("contentSize.width", contentSize.width), ("contentSize.height", contentSize.height)] {
            guard value >= 0, Rect.isSane(value) else {
                throw .invalidGeometry("configuration.\(field)", value, reason: "a content size must be finite, 0 or more and within 1e9")
            }
        }
        for (field, value) in [("top", contentInset.top), ("leading", contentInset.leading),
                               ("bottom", contentInset.bottom), ("trailing", contentInset.trailing)] {
            guard value.isFinite, Rect.isSane(value) else {
                throw .invalidGeometry("configuration.contentInset.\(field)", value, reason: "an inset must be finite and within ±1e9")
            }
        }
        let rate = decelerationRate.rawValue
        guard rate > 0, rate < 1 else {
            throw .invalidValue("configuration.decelerationRate", rate,
                                reason: "the velocity kept per millisecond must be more than 0 and less than 1 (UIKit's .normal is 0.998)")
        }
    }

    /// The offsets the content may rest at for a view of `width` × `height`.
    func edges(width: Float, height: Float) -> ScrollEdges {
        let minX = -Double(contentInset.leading), minY = -Double(contentInset.top)
        let maxX = max(minX, Double(contentSize.width) + Double(contentInset.trailing) - Double(width))
        let maxY = max(minY, Double(contentSize.height) + Double(contentInset.bottom) - Double(height))
        return ScrollEdges(minX: minX, maxX: maxX, minY: minY, maxY: maxY,
                           width: Double(width), height: Double(height),
                           scrollsX: axes.contains(.horizontal) && (maxX > minX || (bounces && alwaysBounceHorizontal)),
                           scrollsY: axes.contains(.vertical) && (maxY > minY || (bounces && alwaysBounceVertical)),
                           bounces: bounces)
    }
}

/// A scroll view's edges and what it may do on each axis, for the view's current size.
struct ScrollEdges {
    var minX: Double, maxX: Double, minY: Double, maxY: Double
    /// The view's size: the rubber band's extent d and the page size.
    var width: Double, height: Double
    /// Whether the content moves on the axis (it scrolls, or always bounces).
    var scrollsX: Bool, scrollsY: Bool
    var bounces: Bool

    func scrolls(_ axis: PanAxis) -> Bool { axis == .horizontal ? scrollsX : scrollsY }
}

/// What a scroll view is doing, as UIScrollView's properties of the same names say it.
public struct ScrollViewState: Hashable, Sendable {
    /// The content offset (the view's own, ``World/setContentOffset(_:of:)``'s).
    public var contentOffset: Point
    /// Points per second the content moves at: the finger's (negated: the offset moves against
    /// it) while dragged, the glide's or spring's after.
    public var velocity: Point
    /// A finger owns it (from its pan's start to its end: Portal hears of a finger only once a
    /// pan is decided).
    public var isTracking: Bool
    /// Its content follows a finger (the same span as ``isTracking`` in Portal).
    public var isDragging: Bool
    /// It moves on after a release: a glide, or a spring back to an edge, to a page or a snap.
    public var isDecelerating: Bool
    /// An animated ``World/scroll(_:to:animated:)`` is running.
    public var isScrollAnimating: Bool
}

/// Where a released scroll view should come to rest, as the host decides it (UIKit's
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`): given the scroll view, the
/// release velocity of its content (points per second — UIKit's is per millisecond) and the
/// offset it would glide to (its rest point, within its edges), return the offset to go to. The
/// content springs there (``ScrollPhysics/bounceSpring``) carrying the release velocity; a target
/// past the edges is taken to the nearest edge, a non-finite coordinate keeps the proposed one.
public typealias ScrollTargetHandler = (_ scrollView: Entity, _ velocity: Point, _ proposed: Point) -> Point

/// What the tick's glide loop reads of a configuration: the edges less the view's size (which
/// the loop reads from the view), so a row's edges for the tick cost a subtraction and a `max`.
struct ScrollLimits {
    var minX: Double, maxXPlusWidth: Double, minY: Double, maxYPlusHeight: Double
    var bounces: Bool

    init(_ c: ScrollViewConfiguration) {
        minX = -Double(c.contentInset.leading)
        minY = -Double(c.contentInset.top)
        maxXPlusWidth = Double(c.contentSize.width) + Double(c.contentInset.trailing)
        maxYPlusHeight = Double(c.contentSize.height) + Double(c.contentInset.bottom)
        bounces = c.bounces
    }
}

/// A finger's hold on a scroll view.
struct ScrollDrag {
    var isDragging = false
    /// The offset the finger's travel is measured from, before any rubber band.
    var originX: Double = 0, originY: Double = 0
    /// The pages nearest the offset when the drag began (paging moves at most one from them).
    var startPageX = 0, startPageY = 0
    /// The content's velocity while dragged (the finger's, negated), points per second.
    var velocity = Point.zero
}

/// Every scroll view's state, one row each.
struct ScrollViewStore {
    var index = SparseSet()
    var slotHints: [Int] = []
    var configs: [ScrollViewConfiguration] = []
    /// ``ScrollLimits`` of each row's configuration (kept with it: `setConfiguration`).
    var limits: [ScrollLimits] = []
    var motionX: [ScrollAxisMotion] = []
    var motionY: [ScrollAxisMotion] = []
    /// The offset the feature last wrote to the view: a different one there means the host (or
    /// an animation of its own) set it, which stops the motion.
    var written: [Point] = []
    var drags: [ScrollDrag] = []
    /// The rows in motion, and each row's place in that list (−1 when still).
    var active: [Int32] = []
    var activeAt: [Int32] = []
    /// Scroll views made or removed by calls not applied yet (true: made): what the calls
    /// validate against.
    var staged: [Entity: Bool] = [:]
    /// The hosts' target hooks, by scroll view (``World/setScrollTargetHandler(_:for:)``).
    var targetHandlers: [Entity: ScrollTargetHandler] = [:]
    /// The springs' one-tick steps, made at the first use (they need the world's tick).
    var bounce: ScrollSpringStep?
    var animation: ScrollSpringStep?

    var count: Int { index.count }

    /// Whether `view` is a scroll view once the staged calls apply.
    func isScrollView(_ view: Entity) -> Bool { staged[view] ?? index.contains(view) }

    /// Adds a still row for `view`, whose content offset is `offset`.
    mutating func insert(_ view: Entity, slot: Int, configuration: ScrollViewConfiguration, offset: Point) {
        _ = index.insert(view)
        slotHints.append(slot)
        configs.append(configuration)
        limits.append(ScrollLimits(configuration))
        var x = ScrollAxisMotion(), y = ScrollAxisMotion()
        x.position = Double(offset.x)
        y.position = Double(offset.y)
        motionX.append(x)
        motionY.append(y)
        written.append(offset)
        drags.append(ScrollDrag())
        activeAt.append(-1)
    }

    /// Removes `view`'s row (swap-remove in every column, the active list kept in step).
    mutating func remove(_ view: Entity) {
        staged[view] = nil
        if !targetHandlers.isEmpty { targetHandlers[view] = nil }
        guard let row = index.row(of: view) else { return }
        deactivate(row: row)
        _ = index.remove(view)
        let last = slotHints.count - 1
        if row != last {
            slotHints[row] = slotHints[last]
            configs[row] = configs[last]
            limits[row] = limits[last]
            motionX[row] = motionX[last]
            motionY[row] = motionY[last]
            written[row] = written[last]
            drags[row] = drags[last]
            activeAt[row] = activeAt[last]
            if activeAt[row] >= 0 { active[Int(activeAt[row])] = Int32(row) }
        }
        slotHints.removeLast()
        configs.removeLast()
        limits.removeLast()
        motionX.removeLast()
        motionY.removeLast()
        written.removeLast()
        drags.removeLast()
        activeAt.removeLast()
    }

    /// Gives `row` a new configuration.
    mutating func setConfiguration(_ configuration: ScrollViewConfiguration, row: Int) {
        configs[row] = configuration
        limits[row] = ScrollLimits(configuration)
    }

    /// Puts `row` in the list of rows in motion (once).
    mutating func activate(row: Int) {
        guard activeAt[row] < 0 else { return }
        activeAt[row] = Int32(active.count)
        active.append(Int32(row))
    }

    /// Takes `row` out of the list of rows in motion.
    mutating func deactivate(row: Int) {
        let at = Int(activeAt[row])
        guard at >= 0 else { return }
        let last = active.count - 1
        if at != last {
            let moved = Int(active[last])
            active[at] = Int32(moved)
            activeAt[moved] = Int32(at)
        }
        active.removeLast()
        activeAt[row] = -1
    }

    /// The one-tick spring steps for a world ticking every `step` seconds.
    mutating func springSteps(step: Double) -> (bounce: ScrollSpringStep, animation: ScrollSpringStep) {
        if let bounce, let animation, bounce.step == step { return (bounce, animation) }
        let b = ScrollSpringStep(ScrollPhysics.bounceSpring, step: step)
        let a = ScrollSpringStep(ScrollPhysics.scrollAnimationSpring, step: step)
        bounce = b
        animation = a
        return (b, a)
    }

    /// The event that ends `row`'s motion: an animated scroll's, or a glide's.
    func endEvent(row: Int, view: Entity, tick: UInt64) -> WorldEvent {
        motionX[row].mode == .animating || motionY[row].mode == .animating
            ? .scrollViewDidEndScrollingAnimation(view, tick: tick) : .scrollViewDidEndDecelerating(view, tick: tick)
    }

    /// The tick's motion: every row in motion advances one tick and writes its offset to its view.
    /// A row whose view's offset is no longer the one it wrote (the host set it, or animates it)
    /// stops where the host put it. A row that comes to rest leaves the list, with its event.
    ///
    /// The motion and offset columns are moved out of the store for the loop and walked through
    /// buffer pointers (ten thousand glides: no access check or copy per row).
    mutating func advance(tick: UInt64, step: Double, views: inout ViewStore, events: inout [WorldEvent]) {
        guard !active.isEmpty else { return }
        let (bounceStep, animationStep) = springSteps(step: step)
        let bounce = bounceStep.matrix, animation = animationStep.matrix
        var xs: [ScrollAxisMotion] = [], ys: [ScrollAxisMotion] = [], offsets: [Point] = []
        swap(&xs, &motionX)
        swap(&ys, &motionY)
        swap(&offsets, &written)
        let dense = index.dense
        xs.withUnsafeMutableBufferPointer { xs in
            ys.withUnsafeMutableBufferPointer { ys in
                offsets.withUnsafeMutableBufferPointer { written in
                    var i = 0
                    while i < active.count {
                        let row = Int(active[i])
                        let view = dense[row]
                        guard let slot = views.slot(of: view, hint: slotHints[row]) else {
                            deactivate(row: row)
                            continue
                        }
                        let b = slot * ViewChannel.stride
                        let (current, width, height) = views.values.withUnsafeBufferPointer { v in
                            (Point(x: v[b + ViewChannel.contentOffsetX.rawValue], y: v[b + ViewChannel.contentOffsetY.rawValue]),
                             v[b + ViewChannel.width.rawValue], v[b + ViewChannel.height.rawValue])
                        }
                        let animating = xs[row].mode == .animating || ys[row].mode == .animating
                        if current != written[row] {
                            events.append(animating ? .scrollViewDidEndScrollingAnimation(view, tick: tick) : .scrollViewDidEndDecelerating(view, tick: tick))
                            xs[row].stop()
                            ys[row].stop()
                            xs[row].position = Double(current.x)
                            ys[row].position = Double(current.y)
                            written[row] = current
                            deactivate(row: row)
                            continue
                        }
                        let limit = limits[row]
                        if xs[row].isMoving, xs[row].advance(minimum: limit.minX, maximum: max(limit.minX, limit.maxXPlusWidth - Double(width)),
                                                             bounces: limit.bounces, bounce: bounce, animation: animation) {
                            xs[row].handOver(to: bounceStep)
                        }
                        if ys[row].isMoving, ys[row].advance(minimum: limit.minY, maximum: max(limit.minY, limit.maxYPlusHeight - Double(height)),
                                                             bounces: limit.bounces, bounce: bounce, animation: animation) {
                            ys[row].handOver(to: bounceStep)
                        }
                        // A still axis keeps the position it started with, which is the view's.
                        let offset = Point(x: Float(xs[row].position), y: Float(ys[row].position))
                        if offset != current {
                            views.writeContentOffset(offset, slot: slot)
                            written[row] = offset
                        }
                        if !xs[row].isMoving && !ys[row].isMoving {
                            events.append(animating ? .scrollViewDidEndScrollingAnimation(view, tick: tick) : .scrollViewDidEndDecelerating(view, tick: tick))
                            deactivate(row: row)
                            continue
                        }
                        i += 1
                    }
                }
            }
        }
        swap(&xs, &motionX)
        swap(&ys, &motionY)
        swap(&offsets, &written)
    }

    /// Structural checks (debug builds): columns of one length, the active list and its
    /// positions in agreement and listing exactly the rows in motion, live entities, finite state.
    func checkInvariants(isAlive: (Entity) -> Bool) {
        index.checkInvariants("scroll views", isAlive: isAlive)
        let n = index.count
        precondition(slotHints.count == n && configs.count == n && limits.count == n && motionX.count == n && motionY.count == n
                     && written.count == n && drags.count == n && activeAt.count == n, "scroll views: column lengths differ")
        for (i, row) in active.enumerated() {
            precondition(Int(row) < n && activeAt[Int(row)] == Int32(i), "scroll views: active list and positions disagree")
        }
        for row in 0..<n {
            let expected = ScrollLimits(configs[row])
            precondition(limits[row].minY == expected.minY && limits[row].maxYPlusHeight == expected.maxYPlusHeight
                         && limits[row].minX == expected.minX && limits[row].maxXPlusWidth == expected.maxXPlusWidth
                         && limits[row].bounces == expected.bounces, "scroll views: row \(row)'s limits are not its configuration's")
            let moving = motionX[row].isMoving || motionY[row].isMoving
            precondition(moving == (activeAt[row] >= 0), "scroll views: row \(row) is \(moving ? "moving but not listed" : "listed but still")")
            for m in [motionX[row], motionY[row]] {
                precondition(m.position.isFinite && m.velocity.isFinite, "scroll views: row \(row) has a non-finite offset or velocity")
                precondition(m.mode == .idle || m.mode == .decelerating || m.ticksLeft > 0, "scroll views: a spring with no ticks left")
            }
        }
    }
}

extension ViewStore {
    /// Writes a scroll view's content offset (a feature's direct write: noted for propagation and
    /// for the portals watching the view).
    @inline(__always)
    mutating func writeContentOffset(_ offset: Point, slot: Int) {
        noteGeometryWrite(slot: slot)
        let b = slot * ViewChannel.stride
        values.withUnsafeMutableBufferPointer(noting: slot) { v in
            v[b + ViewChannel.contentOffsetX.rawValue] = offset.x
            v[b + ViewChannel.contentOffsetY.rawValue] = offset.y
        }
    }
}
