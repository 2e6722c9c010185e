// Scroll views in the tick: the motion system, the staged calls applied, and the pan handler the
// pointer arbiter drives (`Input/Pan.swift`).
//
// Offsets: the content offset *is* the view's (`ViewChannel.contentOffsetX/Y`). Dragging writes it
// when the pan's update applies; the motion system writes it every tick a glide or spring runs.
// The store remembers what it wrote: a view whose offset differs at the next step was set by the
// host (`setContentOffset`, `update`, an animation of its own), and that stops the motion where the
// host put it, as UIKit's `setContentOffset` stops a deceleration.

extension World {
    /// The matching point: every scroll view in motion advances one tick.
    func runScrollViews(tick: UInt64) {
        guard !scrollViews.active.isEmpty else { return }
        scrollViews.advance(tick: tick, step: clock.step, views: &views, events: &events)
    }

    // MARK: - Staged calls

    func applyMakeScrollView(_ view: Entity, _ configuration: ScrollViewConfiguration) {
        scrollViews.staged[view] = nil
        guard let slot = views.slot(of: view) else { return }
        if let row = scrollViews.index.row(of: view) {
            scrollViews.setConfiguration(configuration, row: row)
            return
        }
        activateRemoval(of: ScrollViewFeature.self)
        scrollViews.insert(view, slot: slot, configuration: configuration, offset: views.contentOffset(slot: slot))
    }

    func applyRemoveScrollView(_ view: Entity, tick: UInt64) {
        scrollViews.staged[view] = nil
        guard let row = scrollViews.index.row(of: view) else { return }
        if scrollViews.activeAt[row] >= 0 { events.append(scrollViews.endEvent(row: row, view: view, tick: tick)) }
        scrollViews.remove(view)
    }

    func applyScroll(_ view: Entity, to offset: Point, animated: Bool, tick: UInt64) {
        guard let row = scrollViews.index.row(of: view), let slot = views.slot(of: view) else { return }
        let wasMoving = scrollViews.activeAt[row] >= 0
        let current = views.contentOffset(slot: slot)
        if !animated {
            if wasMoving { events.append(scrollViews.endEvent(row: row, view: view, tick: tick)) }
            stopScrollView(row: row)
            writeScrollOffset(offset, row: row, slot: slot)
            return
        }
        if wasMoving && scrollViews.motionX[row].mode != .animating && scrollViews.motionY[row].mode != .animating {
            events.append(.scrollViewDidEndDecelerating(view, tick: tick))
        }
        let stepper = scrollViews.springSteps(step: clock.step).animation
        scrollViews.motionX[row].spring(from: Double(current.x), velocity: 0, to: Double(offset.x), with: stepper, mode: .animating)
        scrollViews.motionY[row].spring(from: Double(current.y), velocity: 0, to: Double(offset.y), with: stepper, mode: .animating)
        scrollViews.written[row] = current
        if scrollViews.motionX[row].isMoving || scrollViews.motionY[row].isMoving {
            scrollViews.activate(row: row)
        } else {
            scrollViews.deactivate(row: row)
            writeScrollOffset(offset, row: row, slot: slot)
            events.append(.scrollViewDidEndScrollingAnimation(view, tick: tick))
        }
    }

    /// Stops `row`'s motion where its view's offset is.
    private func stopScrollView(row: Int) {
        scrollViews.motionX[row].stop()
        scrollViews.motionY[row].stop()
        scrollViews.deactivate(row: row)
    }

    /// Writes `offset` to the scroll view's view (stopping any animation of the host's on it) and
    /// remembers it as the feature's own.
    private func writeScrollOffset(_ offset: Point, row: Int, slot: Int) {
        if views.contentOffset(slot: slot) != offset {
            setPresented(.contentOffsetX, offset.x, slot: slot)
            setPresented(.contentOffsetY, offset.y, slot: slot)
        }
        scrollViews.written[row] = offset
        scrollViews.motionX[row].position = Double(offset.x)
        scrollViews.motionY[row].position = Double(offset.y)
    }

    /// The scroll view `row`'s edges for its view's current size.
    private func scrollEdges(row: Int, slot: Int) -> ScrollEdges {
        let frame = views.frame(slot: slot)
        return scrollViews.configs[row].edges(width: frame.width, height: frame.height)
    }

    // MARK: - Touch ownership

    /// A press landed on the scroll view's subtree: a glide stops where it is, and the touch is
    /// not a tap. A spring (back to an edge, to a page, an animated scroll) goes on: Portal hears
    /// of a finger only once it pans, so a press that lifts without panning would otherwise leave
    /// the content stranded past its edge or between pages; a pan that follows takes it over where
    /// it is. Returns whether the scroll view was moving.
    func scrollViewPressed(_ view: Entity, tick: UInt64) -> Bool {
        guard let row = scrollViews.index.row(of: view), scrollViews.activeAt[row] >= 0 else { return false }
        var stopped = false
        if scrollViews.motionX[row].mode == .decelerating { scrollViews.motionX[row].stop(); stopped = true }
        if scrollViews.motionY[row].mode == .decelerating { scrollViews.motionY[row].stop(); stopped = true }
        if stopped && !scrollViews.motionX[row].isMoving && !scrollViews.motionY[row].isMoving {
            scrollViews.deactivate(row: row)
            events.append(.scrollViewDidEndDecelerating(view, tick: tick))
        }
        return true
    }

    /// Whether the scroll view takes the pan offered: in the first round when it scrolls on the
    /// offer's axis and is not at the edge the travel pushes against; in the fallback round when
    /// it bounces on that axis.
    func scrollViewClaims(_ view: Entity, _ offer: PanOffer) -> Bool {
        guard let row = scrollViews.index.row(of: view), let slot = views.slot(of: view) else { return false }
        let edges = scrollEdges(row: row, slot: slot)
        guard edges.scrolls(offer.axis) else { return false }
        if offer.isFallback { return edges.bounces }
        let offset = views.contentOffset(slot: slot)
        // The content moves against the finger: a finger moving down (+y) pulls the offset down.
        let (position, travel, minimum, maximum) = offer.axis == .horizontal
            ? (Double(offset.x), -Double(offer.translation.x), edges.minX, edges.maxX)
            : (Double(offset.y), -Double(offer.translation.y), edges.minY, edges.maxY)
        if travel < 0 && position <= minimum { return false }
        if travel > 0 && position >= maximum { return false }
        return true
    }

    /// The owner's pan: the content follows the finger 1:1 (rubber-banded past an edge, or held
    /// at it without bounces); the release glides, springs back, or goes to a page.
    func scrollViewPan(_ view: Entity, _ update: PanUpdate, tick: UInt64) {
        guard let row = scrollViews.index.row(of: view), let slot = views.slot(of: view) else { return }
        let edges = scrollEdges(row: row, slot: slot)
        switch update.phase {
        case .began:
            let current = views.contentOffset(slot: slot)
            if scrollViews.activeAt[row] >= 0 { events.append(scrollViews.endEvent(row: row, view: view, tick: tick)) }
            stopScrollView(row: row)
            let x = Double(current.x), y = Double(current.y)
            let config = scrollViews.configs[row]
            scrollViews.drags[row] = ScrollDrag(
                isDragging: true,
                originX: edges.bounces ? ScrollPhysics.unbandedOffset(x, minimum: edges.minX, maximum: edges.maxX, extent: edges.width) : x,
                originY: edges.bounces ? ScrollPhysics.unbandedOffset(y, minimum: edges.minY, maximum: edges.maxY, extent: edges.height) : y,
                startPageX: config.isPagingEnabled ? ScrollPhysics.nearestPage(x, pageSize: edges.width, minimum: edges.minX, maximum: edges.maxX) : 0,
                startPageY: config.isPagingEnabled ? ScrollPhysics.nearestPage(y, pageSize: edges.height, minimum: edges.minY, maximum: edges.maxY) : 0,
                velocity: .zero)
            events.append(.scrollViewWillBeginDragging(view, tick: tick))
            follow(update, row: row, slot: slot, edges: edges)
        case .changed:
            guard scrollViews.drags[row].isDragging else { return }
            follow(update, row: row, slot: slot, edges: edges)
        case .ended, .cancelled:
            guard scrollViews.drags[row].isDragging else { return }
            let ended = update.phase == .ended
            if ended { follow(update, row: row, slot: slot, edges: edges) }
            scrollViews.drags[row].isDragging = false
            scrollViews.drags[row].velocity = .zero
            let velocity = ended ? Point(x: -update.velocity.x, y: -update.velocity.y) : .zero
            release(row: row, slot: slot, edges: edges, velocity: velocity)
            let moving = scrollViews.activeAt[row] >= 0
            events.append(.scrollViewDidEndDragging(view, willDecelerate: moving, tick: tick))
        }
    }

    /// Tracking: the offset for the finger's travel since the lock, on each axis the content moves on.
    private func follow(_ update: PanUpdate, row: Int, slot: Int, edges: ScrollEdges) {
        // The arbiter refuses non-finite pointer input; a translation that is not finite anyway
        // moves nothing.
        guard update.translation.x.isFinite, update.translation.y.isFinite else { return }
        let drag = scrollViews.drags[row]
        var offset = views.contentOffset(slot: slot)
        if edges.scrollsX {
            offset.x = Float(ScrollPhysics.trackedOffset(drag.originX - Double(update.translation.x), minimum: edges.minX,
                                                         maximum: edges.maxX, extent: edges.width, bounces: edges.bounces))
        }
        if edges.scrollsY {
            offset.y = Float(ScrollPhysics.trackedOffset(drag.originY - Double(update.translation.y), minimum: edges.minY,
                                                         maximum: edges.maxY, extent: edges.height, bounces: edges.bounces))
        }
        scrollViews.drags[row].velocity = Point(x: edges.scrollsX && update.velocity.x.isFinite ? -update.velocity.x : 0,
                                                y: edges.scrollsY && update.velocity.y.isFinite ? -update.velocity.y : 0)
        writeScrollOffset(offset, row: row, slot: slot)
    }

    /// The release: per axis the content moves on, a spring to the host's target (its hook) or a
    /// page (paging), a spring back to the edge (released past it), or a glide, carrying
    /// `velocity` (the content's, points per second).
    private func release(row: Int, slot: Int, edges: ScrollEdges, velocity: Point) {
        let config = scrollViews.configs[row]
        let drag = scrollViews.drags[row]
        let bounce = scrollViews.springSteps(step: clock.step).bounce
        let offset = views.contentOffset(slot: slot)
        scrollViews.written[row] = offset
        // The proposed rest point per axis: a page, the nearest edge when released past one, else
        // the glide's rest point within the edges.
        func proposed(position: Double, velocity v: Double, minimum: Double, maximum: Double, extent: Double, startPage: Int) -> Double {
            if config.isPagingEnabled {
                let page = ScrollPhysics.targetPage(offset: position, velocity: v, rate: config.decelerationRate, pageSize: extent,
                                                    minimum: minimum, maximum: maximum, startPage: startPage)
                return ScrollPhysics.pageOffset(page, pageSize: extent, minimum: minimum, maximum: maximum)
            }
            return max(minimum, min(maximum, ScrollPhysics.restingOffset(position, velocity: v, rate: config.decelerationRate)))
        }
        let vx = edges.scrollsX && velocity.x.isFinite ? Double(velocity.x) : 0
        let vy = edges.scrollsY && velocity.y.isFinite ? Double(velocity.y) : 0
        var target: (x: Double, y: Double)?
        if config.isPagingEnabled || !scrollViews.targetHandlers.isEmpty {
            let px = proposed(position: Double(offset.x), velocity: vx, minimum: edges.minX, maximum: edges.maxX, extent: edges.width, startPage: drag.startPageX)
            let py = proposed(position: Double(offset.y), velocity: vy, minimum: edges.minY, maximum: edges.maxY, extent: edges.height, startPage: drag.startPageY)
            if let handler = scrollViews.targetHandlers[scrollViews.index.dense[row]] {
                let chosen = handler(scrollViews.index.dense[row], Point(x: Float(vx), y: Float(vy)), Point(x: Float(px), y: Float(py)))
                target = (chosen.x.isFinite ? max(edges.minX, min(edges.maxX, Double(chosen.x))) : px,
                          chosen.y.isFinite ? max(edges.minY, min(edges.maxY, Double(chosen.y))) : py)
            } else if config.isPagingEnabled {
                target = (px, py)
            }
        }
        func axis(_ motion: inout ScrollAxisMotion, position: Double, velocity v: Double, minimum: Double, maximum: Double,
                  target: Double?, scrolls: Bool) {
            motion.position = position
            guard scrolls else { motion.stop(); return }
            if let target {
                motion.spring(from: position, velocity: v, to: target, with: bounce, mode: .bouncing)
            } else if position < minimum || position > maximum {
                motion.spring(from: position, velocity: v, to: position < minimum ? minimum : maximum, with: bounce, mode: .bouncing)
            } else {
                motion.decelerate(from: position, velocity: v, rate: config.decelerationRate, step: clock.step)
            }
            if !motion.isMoving { motion.position = Double(Float(motion.position)) }
        }
        axis(&scrollViews.motionX[row], position: Double(offset.x), velocity: vx, minimum: edges.minX, maximum: edges.maxX,
             target: target?.x, scrolls: edges.scrollsX)
        axis(&scrollViews.motionY[row], position: Double(offset.y), velocity: vy, minimum: edges.minY, maximum: edges.maxY,
             target: target?.y, scrolls: edges.scrollsY)
        if scrollViews.motionX[row].isMoving || scrollViews.motionY[row].isMoving {
            scrollViews.activate(row: row)
        } else {
            // Put exactly where it stopped (a spring that starts within its tolerance ends on its target).
            writeScrollOffset(Point(x: Float(scrollViews.motionX[row].position), y: Float(scrollViews.motionY[row].position)),
                              row: row, slot: slot)
        }
    }
}
