// Applying pointer events at the tick, in call order: the velocity trackers, taps, long presses,
// and who owns a touch (the contract is in `Pan.swift`; the rules as a table in the article
// *Input*).
//
// Time: an event takes effect on the tick that applies it (the tick after the call); its host
// timestamp feeds the velocity tracker and the long press, never the world's clock. A long
// press is due `PointerRules.longPressDuration` after its press, which is two deadlines, and the
// first one reached fires it: the tick `pressTick + ⌈0.5 s × tick rate⌉` (60 ticks at 120 Hz)
// while no event of the pointer has come, or an event of the pointer timestamped 0.5 s or more
// after the press (a host that batches its events, or whose frames stall, is judged by its own
// timestamps). Both are deterministic: a replay applies the same events on the same ticks.
//
// A pointer's life, one record in `PointerStore`:
// - press: hit-test (as `World.hitTest`, on the last render list); the candidates are each
//   registered pan handler's, at the hit view and each ancestor, innermost first, handlers in
//   registration order at each view; each is told of the press (`pressed`), and one that
//   stopped something makes the touch no tap;
// - the first move past the slop (more than 10 pt from the press) locks the axis — the larger
//   component of the travel, vertical on a tie — and offers the pan: first round in order, then
//   the fallback round; a candidate already owning another pointer's pan, dead, or hidden
//   (by anyone but its own feature, `PanHandler.ownHiding`) is skipped. The first to claim owns the pan (`.began`, translation zero: it is measured from
//   the lock), else the pointer is unclaimed until it lifts;
// - each later move: `.changed` to the owner; lift: `.ended` with the tracker's velocity at the
//   lift's time (zero after a 40 ms pause); a cancelled pointer: `.cancelled`. An owner that
//   stops being a candidate (despawned, hidden, or its handler says so) gets `.cancelled` at
//   the next event or tick, and no one takes the rest;
// - a lift within the slop, before the long press, not stopping anything: a tap on what the
//   press hit (a popup's backdrop dismisses its popup, as `World.tap(at:)` does).
//
// The ended and cancelled events' locations are not added to the tracker (as neither original
// adds the lift's position: it repeats the last move's); a cancelled pointer's location is not
// read at all (its pan ends where the pointer last was).

extension World {
    /// Applies one staged pointer event.
    func applyPointer(_ event: PointerEvent, tick: UInt64) {
        switch event.phase {
        case .began: pressPointer(event, tick: tick)
        case .moved: movePointer(event, tick: tick)
        case .ended, .cancelled: liftPointer(event, tick: tick)
        }
    }

    /// The ticks from a press to its long press at the world's tick rate: ⌈0.5 s × rate⌉.
    var longPressTicks: UInt64 {
        let ticks = PointerRules.longPressDuration * Double(configuration.tickRate)
        return UInt64(PortalMath.rounded(ticks, .up))
    }

    /// Before the tick applies its staged calls: what each staged press hits, in call order,
    /// on the render list of the last tick and the state that built it (the calls staged
    /// before a press in the same frame, applied first in the tick, must not change it — nor
    /// may a host's `hitTest` between the ticks, which would build the hit grid from a state
    /// the staged calls had not changed yet).
    func hitTestStagedPresses() {
        stagedPresses = 0
        pressHits.removeAll(keepingCapacity: true)
        pressHitCursor = 0
        for command in commands {
            if case let .pointer(event) = command, event.phase == .began { pressHits.append(hitTest(event.location)) }
        }
    }

    /// The hit of the next staged press (see `hitTestStagedPresses`), or — should a press not
    /// have been counted — a hit test now.
    private func takePressHit(at location: Point) -> HitTestResult? {
        guard pressHitCursor < pressHits.count else { return hitTest(location) }
        defer { pressHitCursor += 1 }
        return pressHits[pressHitCursor]
    }

    private func pressPointer(_ event: PointerEvent, tick: UInt64) {
        // Validated at the call: the pointer is not down. (A stale record would be a bug.)
        if let stale = pointers.row(of: event.pointer) { endPan(stale, .cancelled, location: event.location, time: event.time, tick: tick); pointers.release(stale) }
        let row = pointers.freeRow()
        let hit = takePressHit(at: event.location)
        // The candidates, innermost first, built in the row's own kept storage.
        var candidates: [PanCandidate] = []
        swap(&candidates, &pointers.records[row].candidates)
        if let hit, var slot = views.slot(of: hit.entity) {
            while true {
                let view = views.entities[slot]
                for (index, handler) in features.panHandlers.enumerated() where handler.isCandidate(self, view) {
                    candidates.append(PanCandidate(handler: index, view: view))
                }
                guard let parent = views.parent(slot: slot) else { break }
                slot = parent
            }
        }
        var stopped = false
        for candidate in candidates where features.panHandlers[candidate.handler].pressed(self, candidate.view, tick) { stopped = true }
        var tracker = VelocityTracker()
        tracker.append(event.location, at: event.time)
        pointers.occupy(row, with: PointerRecord(pointer: event.pointer, isDown: true, mode: .possible, tracker: tracker,
                                              start: event.location, startTime: event.time, pressTick: tick,
                                              location: event.location, time: event.time, hit: hit, stoppedSomething: stopped,
                                              candidates: candidates))
    }

    private func movePointer(_ event: PointerEvent, tick: UInt64) {
        guard let row = pointers.row(of: event.pointer) else { return }
        switch pointers.recordMove(row, to: event.location, at: event.time) {
        case .possible:
            // Held to the deadline by its own clock before this move: a long press.
            if event.time - pointers.records[row].startTime >= PointerRules.longPressDuration {
                fireLongPress(row, tick: tick)
                return
            }
            let start = pointers.records[row].start
            if World.isBeyondSlop(event.location, from: start) { lockPan(row, tick: tick) }
        case .panning:
            guard ownerIsCandidate(row) else {
                endPan(row, .cancelled, location: event.location, time: event.time, tick: tick)
                pointers.records[row].mode = .unclaimed
                return
            }
            sendPan(row, .changed, location: event.location, velocity: pointers.velocity(row: row, at: event.time), tick: tick)
        case .unclaimed, .longPress:
            break
        }
    }

    private func liftPointer(_ event: PointerEvent, tick: UInt64) {
        guard let row = pointers.row(of: event.pointer) else { return }
        // A cancel's location means nothing (the system took the pointer): the pan ends where
        // the pointer last was.
        if event.phase == .ended { pointers.records[row].location = event.location }
        pointers.records[row].time = event.time
        let location = pointers.records[row].location
        switch pointers.records[row].mode {
        case .possible where event.phase == .ended:
            if event.time - pointers.records[row].startTime >= PointerRules.longPressDuration {
                fireLongPress(row, tick: tick)
            } else if !pointers.records[row].stoppedSomething, !World.isBeyondSlop(event.location, from: pointers.records[row].start) {
                recognizeTap(row, tick: tick)
            }
        case .panning:
            endPan(row, event.phase == .ended ? .ended : .cancelled, location: location, time: event.time, tick: tick)
        case .possible, .unclaimed, .longPress:
            break
        }
        pointers.release(row)
    }

    /// Whether `location` is more than the slop from `start`.
    static func isBeyondSlop(_ location: Point, from start: Point) -> Bool {
        let dx = location.x - start.x, dy = location.y - start.y
        return dx * dx + dy * dy > PointerRules.slop * PointerRules.slop
    }

    /// The lock: decides the axis and offers the pan, first round then fallback.
    private func lockPan(_ row: Int, tick: UInt64) {
        let location = pointers.records[row].location, start = pointers.records[row].start
        let travel = Point(x: location.x - start.x, y: location.y - start.y)
        let axis: PanAxis = abs(travel.x) > abs(travel.y) ? .horizontal : .vertical
        pointers.records[row].axis = axis
        pointers.records[row].lockLocation = location
        for round in 0..<2 {
            let offer = PanOffer(axis: axis, translation: travel, start: start, isFallback: round == 1)
            var i = 0
            while i < pointers.records[row].candidates.count {
                let candidate = pointers.records[row].candidates[i]
                i += 1
                guard !pointers.isOwned(candidate, except: row), isCandidate(candidate),
                      features.panHandlers[candidate.handler].claims(self, candidate.view, offer) else { continue }
                pointers.records[row].owner = candidate
                pointers.records[row].mode = .panning
                let velocity = pointers.velocity(row: row, at: pointers.records[row].time)
                sendPan(row, .began, location: location, velocity: velocity, tick: tick)
                return
            }
        }
        pointers.records[row].mode = .unclaimed
    }

    /// Whether `candidate` is still one: alive, a view that is not hidden (but for its own
    /// feature's hiding, `PanHandler.ownHiding`), and its handler still has a candidate there.
    private func isCandidate(_ candidate: PanCandidate) -> Bool {
        let handler = features.panHandlers[candidate.handler]
        guard allocator.isUsable(candidate.view), let slot = views.slot(of: candidate.view),
              views.hiddenBy[slot] & ~handler.ownHiding == 0 else { return false }
        return handler.isCandidate(self, candidate.view)
    }

    private func ownerIsCandidate(_ row: Int) -> Bool { isCandidate(pointers.records[row].owner) }

    /// Sends the owner of `row`'s pan one step.
    private func sendPan(_ row: Int, _ phase: PanPhase, location: Point, velocity: Point, tick: UInt64) {
        let owner = pointers.records[row].owner, lock = pointers.records[row].lockLocation
        let update = PanUpdate(phase: phase, axis: pointers.records[row].axis,
                               translation: Point(x: location.x - lock.x, y: location.y - lock.y),
                               velocity: velocity, location: location)
        features.panHandlers[owner.handler].update(self, owner.view, update, tick)
    }

    /// Ends `row`'s pan, if it has one: `.ended` with the release velocity while its owner is
    /// still a candidate, else `.cancelled`.
    private func endPan(_ row: Int, _ phase: PanPhase, location: Point, time: Double, tick: UInt64) {
        guard pointers.records[row].mode == .panning else { return }
        let ends = phase == .ended && ownerIsCandidate(row)
        let velocity = ends ? pointers.velocity(row: row, at: time) : .zero
        sendPan(row, ends ? .ended : .cancelled, location: location, velocity: velocity, tick: tick)
    }

    private func fireLongPress(_ row: Int, tick: UInt64) {
        pointers.records[row].mode = .longPress
        events.append(.longPressed(PointerTap(pointer: pointers.records[row].pointer, location: pointers.records[row].start,
                                              hit: pointers.records[row].hit, tick: tick)))
    }

    private func recognizeTap(_ row: Int, tick: UInt64) {
        let hit = pointers.records[row].hit
        events.append(.tapped(PointerTap(pointer: pointers.records[row].pointer, location: pointers.records[row].start, hit: hit, tick: tick)))
        // A tap on a popup's backdrop dismisses that popup, as `tap(at:)` does (here at once:
        // the tap is being applied).
        if let content = popupOfBackdrop(hit) { dismiss(content, reason: .tappedOutside, tick: tick) }
    }

    /// The tick's pointer pass (feature point `matching`, after the events applied): long
    /// presses due by the tick clock fire, and owners that stopped being candidates get
    /// `.cancelled`.
    func runPointers(tick: UInt64) {
        guard pointers.downCount > 0 else { return }
        let due = longPressTicks
        for row in pointers.records.indices where pointers.records[row].isDown {
            switch pointers.records[row].mode {
            case .possible where tick >= pointers.records[row].pressTick &+ due:
                fireLongPress(row, tick: tick)
            case .panning where !ownerIsCandidate(row):
                endPan(row, .cancelled, location: pointers.records[row].location, time: pointers.records[row].time, tick: tick)
                pointers.records[row].mode = .unclaimed
            default:
                break
            }
        }
    }
}
