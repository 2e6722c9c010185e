// Scroll views: the store of their state in struct-of-arrays form — one row per scroll view, a
// column per field, and a list of the rows in motion so that the tick visits only those (ten
// thousand still lists cost nothing). Their configuration is `ScrollViewConfiguration.swift`.

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
