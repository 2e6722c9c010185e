// The flowing headers' systems: the staged anchors and scroll reports applied (scroll reports in
// runs), the matching point's feed from a header's scroll view, the placement of every header's
// parts after the write-back, and the removal hook.

extension World {
    func applyHeaderAnchors(_ header: Entity, title: Rect, accessory: Rect?, bar: Rect, barTitleSize: Size) {
        headers.update(header) { state in
            state.titleAnchor = title
            state.accessoryAnchor = accessory ?? state.accessoryAnchor
            state.bar = bar
            state.barTitleSize = barTitleSize
        }
    }

    /// Applies the run of scroll reports that starts at `start` in `list`, and returns the
    /// index of the first command after it. Scroll reports arrive every frame for every
    /// scrolling header: the run holds the stores it needs once, not per report.
    func applyScrolls(_ list: UnsafeBufferPointer<Command>, from start: Int, tick: UInt64) -> Int {
        let step = clock.step, tolerance = configuration.settleTolerance
        return World.applyScrolls(list, from: start, tick: tick, step: step, tolerance: tolerance,
                                  headers: &headers, views: &views, tracks: &tracks, events: &events)
    }

    private static func applyScrolls(_ list: UnsafeBufferPointer<Command>, from start: Int, tick: UInt64, step: Double, tolerance: Float,
                                      headers: inout ComponentTable<FlowingHeaderState>, views: inout ViewStore,
                                      tracks: inout TrackStore, events: inout [WorldEvent]) -> Int {
        var i = start
        while i < list.count, case let .header(.scroll(header, offset, phase)) = list[i] {
            applyScroll(header, offset: offset, phase: phase, tick: tick, step: step, tolerance: tolerance,
                        headers: &headers, views: &views, tracks: &tracks, events: &events)
            i += 1
        }
        return i
    }

    /// A scroll report: the snapper decides; the progress animates to its answer. The header's
    /// state is read and written in place (it is large), the progress lane by its row.
    ///
    /// With `followsAtOnce` (a header reading its screen's scroll view), a decision to follow
    /// the scroll sets the progress to the offset's at once instead of animating to it: the
    /// parts are placed against the content offset the same tick, so a progress that lagged
    /// behind it would carry the title with the content (a fling took it above the bar, a
    /// `setContentOffset` of 400 pt 400 pt up) before it flowed back.
    private static func applyScroll(_ header: Entity, offset: Float, phase: ScrollPhase, followsAtOnce: Bool = false, tick: UInt64, step: Double,
                                    tolerance: Float, headers: inout ComponentTable<FlowingHeaderState>, views: inout ViewStore,
                                    tracks: inout TrackStore, events: inout [WorldEvent]) {
        guard let row = headers.index.row(of: header) else { return }
        let (view, slot) = headers.values.withUnsafeBufferPointer { ($0[row].progressView, $0[row].progressSlot) }
        guard views.slot(of: view, hint: slot) != nil else { return }
        let (progressView, target, duration, previous, follows) = headers.scroll(row: row, offset: offset, phase: phase)
        if followsAtOnce && follows {
            tracks.place(.x, target, slot: slot, views: &views, events: &events)
            return
        }
        let lane = views.lanes.withUnsafeBufferPointer { $0[slot * ViewChannel.stride + ViewChannel.x.rawValue] }
        let running = lane == ViewStore.noLane ? nil : tracks.runningTarget(lane: Int(lane))
        if running == target { return }
        if running == nil && views.value(.x, slot: slot) == target { return }
        // A spring's motion does not depend on when it started: retargeting the running spring
        // (same value, same velocity, new target) is exactly a new spring from here, and costs
        // no new animation. Scroll reports arrive every frame, so this is the common case.
        // (The animations are `.smooth(duration:)`: equal exactly when their springs are.)
        if running != nil, let previous, previous == duration || Spring(duration: previous) == Spring(duration: duration) {
            tracks.moveTarget(lane: Int(lane), to: target, tick: tick, step: step, tolerance: tolerance)
            return
        }
        tracks.start(.smooth(duration: duration), id: .internal, view: progressView, slot: slot, targets: CollectionOfOne((.x, target)),
                     tick: tick, step: step, tolerance: tolerance, views: &views, events: &events)
        headers.values.withUnsafeMutableBufferPointer { $0[row].progressDuration = duration }
    }

    /// The matching point, after the scroll views moved: a header whose screen is a scroll view
    /// reads it, as a host would report it with ``reportScroll(_:offset:phase:)`` — the offset
    /// from the top of the content (the content offset plus the top inset, so 0 at rest at the
    /// top) and the phase (`.interacting` while a finger drags it, `.decelerating` while it
    /// glides, bounces or animates, `.idle` otherwise) — on every tick either differs from what
    /// it read last (and on the first tick it is a scroll view's). A report applies as a staged
    /// `reportScroll` of the same tick would, except that following the scroll sets the
    /// progress at once (see `applyScroll`): the parts stay where the header puts them on every
    /// tick, while dragged, gliding, bouncing or set by the host; snaps still animate.
    func runHeaderScrollFeed(tick: UInt64) {
        guard headers.count > 0, scrollViews.count > 0 || headersReadScrollViews else { return }
        var reading = false
        for row in 0..<headers.count {
            let (header, screen) = (headers.index.dense[row], headers.values[row].screen)
            guard let scrollRow = scrollViews.index.row(of: screen), let slot = views.slot(of: screen) else {
                if headers.values[row].screenScrolls {
                    headers.values[row].screenScrolls = false
                    headers.values[row].fedScroll = nil
                }
                continue
            }
            reading = true
            headers.values[row].screenScrolls = true
            let offset = views.contentOffset(slot: slot).y + scrollViews.configs[scrollRow].contentInset.top
            let x = scrollViews.motionX[scrollRow].mode, y = scrollViews.motionY[scrollRow].mode
            let phase: ScrollPhase = scrollViews.drags[scrollRow].isDragging ? .interacting
                : (x != .idle || y != .idle) ? .decelerating : .idle
            if let fed = headers.values[row].fedScroll, fed.offset == offset, fed.phase == phase { continue }
            headers.values[row].fedScroll = (offset, phase)
            guard offset.isFinite, Rect.isSane(offset) else { continue }
            World.applyScroll(header, offset: offset, phase: phase, followsAtOnce: true, tick: tick, step: clock.step,
                              tolerance: configuration.settleTolerance, headers: &headers, views: &views, tracks: &tracks, events: &events)
        }
        headersReadScrollViews = reading
    }

    /// Output stage, after the write-back: places every header's parts for this tick's progress
    /// and scroll position, in their screen's space. The parts are the screen's children, so
    /// its transform, opacity, hidden flag and z index reach them through the tree.
    func runHeaderPlacement() {
        guard headers.count > 0 else { return }
        headers.values.withUnsafeBufferPointer { views.placeHeaders($0) }
    }

    /// The headers' removal hook: a removed header takes its progress view with it.
    func removeFlowingHeader(_ entity: Entity) {
        guard let state = headers.remove(entity) else { return }
        remove(state.progressView)
    }
}

extension ViewStore {
    /// Places every header's parts (see `World.runHeaderPlacement`): one loop inside the store,
    /// so a thousand headers pay no access check on the world per part.
    mutating func placeHeaders(_ headers: UnsafeBufferPointer<FlowingHeaderState>) {
        for state in headers {
            guard let progressSlot = slot(of: state.progressView, hint: state.progressSlot),
                  let screenSlot = slot(of: state.screen, hint: state.slotHints.screen), !isHidden(slot: screenSlot) else { continue }
            let p = value(.x, slot: progressSlot)
            // A screen that is a scroll view shifts its children by its content offset: the parts
            // are placed against it, so they are drawn where the header puts them.
            let shift = state.screenScrolls ? contentOffset(slot: screenSlot) : nil
            if let subtitle = state.subtitle, let anchor = state.subtitleAnchor {
                place(subtitle, shift: shift, FlowingHeaderGeometry.Placement(center: anchor.offsetBy(dx: 0, dy: -state.offset).center, size: anchor.size,
                                                                scale: 1, opacity: 1))
            }
            let scrolledTitle = state.titleAnchor.offsetBy(dx: 0, dy: -state.offset)
            let hasAccessory = state.accessory != nil && state.displays.contains(.accessory)
            let titleSize = state.barTitleSize
            let anchors = FlowingHeaderGeometry.barAnchors(bar: state.bar, titleSize: titleSize, layout: state.layout, tokens: state.tokens)
            let barTitle = hasAccessory ? anchors.title : Rect(x: state.bar.midX - titleSize.width / 2, y: state.bar.midY - titleSize.height / 2,
                                                                width: titleSize.width, height: titleSize.height)
            place(state.title, hint: state.slotHints.title, shift: shift, FlowingHeaderGeometry.title(progress: state.displays.contains(.title) ? p : 0, header: scrolledTitle, bar: barTitle))
            if let accessory = state.accessory, let anchor = state.accessoryAnchor {
                let scrolled = anchor.offsetBy(dx: 0, dy: -state.offset)
                let placement = hasAccessory ? FlowingHeaderGeometry.accessory(progress: p, header: scrolled, bar: anchors.accessory, tokens: state.tokens)
                                             : FlowingHeaderGeometry.accessory(progress: 0, header: scrolled, bar: scrolled, tokens: state.tokens)
                place(accessory, hint: state.slotHints.accessory, shift: shift, placement)
            }
            // The bar-only parts (no array of the two: this runs for every header every tick).
            if let part = state.barTitle {
                place(part, shift: shift, FlowingHeaderGeometry.Placement(center: barTitle.center, size: barTitle.size, scale: 1,
                                                            opacity: FlowingHeaderGeometry.barOnlyOpacity(progress: p)))
            }
            if let part = state.barAccessory {
                place(part, shift: shift, FlowingHeaderGeometry.Placement(center: anchors.accessory.center, size: anchors.accessory.size, scale: 1,
                                                            opacity: FlowingHeaderGeometry.barOnlyOpacity(progress: p)))
            }
        }
    }

    /// Writes a part's placement (frame, scale and opacity, in its parent's space, moved by
    /// `shift`) to its view.
    private mutating func place(_ part: Entity, hint: Int = -1, shift: Point?, _ placement: FlowingHeaderGeometry.Placement) {
        guard let slot = slot(of: part, hint: hint) else { return }
        let frame = shift.map { placement.frame.offsetBy(dx: $0.x, dy: $0.y) } ?? placement.frame
        let b = slot * ViewChannel.stride
        noteGeometryWrite(slot: slot)
        values.withUnsafeMutableBufferPointer(noting: slot) { v in
            v[b + ViewChannel.x.rawValue] = frame.minX
            v[b + ViewChannel.y.rawValue] = frame.minY
            v[b + ViewChannel.width.rawValue] = frame.width
            v[b + ViewChannel.height.rawValue] = frame.height
            v[b + ViewChannel.scaleX.rawValue] = placement.scale
            v[b + ViewChannel.scaleY.rawValue] = placement.scale
            v[b + ViewChannel.opacity.rawValue] = placement.opacity
        }
    }
}
