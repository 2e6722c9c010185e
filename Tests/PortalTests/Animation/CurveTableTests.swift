import Testing
@testable import Portal

/// Curve timings read shared tables (one per curve, progress per tick and span) and shared rows
/// (one per table and origin). These tests hold them to the per-timing solve they replaced:
/// a brute-force model solves every curve timing's coefficient every tick, as the tracks did
/// before, and every presented value must be the same bits.
@Suite("Curve tables")
struct CurveTableTests {
    let step = 1.0 / 120

    /// One modelled lane: the per-timing solve, as the tracks ran it before the tables.
    struct ModelLane {
        var value: Float, target: Float, displacement: Float
        var curve: UnitCurve, progressPerTick: Double, origin: UInt64, end: UInt64

        /// The coefficient of tick `tick`, solved for this timing alone.
        func coefficients(at tick: UInt64) -> StepCoefficients {
            guard tick > origin else { return .hold }
            let progress = tick >= end ? 1 : Double(tick - origin) * progressPerTick
            return StepCoefficients(xx: 0, xv: Float(1 - curve.value(at: progress)), vx: 0, vv: 1)
        }

        mutating func step(_ tick: UInt64) {
            let k = coefficients(at: tick), d = value - target
            (value, displacement) = (target + (k.xx * d + k.xv * displacement), k.vx * d + k.vv * displacement)
            if tick >= end { value = target }
        }
    }

    static let curves: [UnitCurve] = [.easeIn, .easeOut, .easeInOut, .linear,
                                      .bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1)),
                                      .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.6), endControlPoint: UnitPoint(x: 0.7, y: 1.6)),
                                      .bezier(startControlPoint: UnitPoint(x: 0.9, y: 0), endControlPoint: UnitPoint(x: 0.1, y: 1))]

    /// Drives a TrackStore and the model side by side: every tick some views start curve
    /// animations (named and custom curves, several durations, speeds and delays, many on the
    /// same tick so that they share groups), some take over a running lane, some have their
    /// target moved mid-way; after each tick every modelled channel's presented value and every
    /// running lane's coefficient row must equal the model's, bit for bit.
    @Test("every tick of every curve timing is bit for bit the per-timing solve", arguments: [1, 2, 3] as [UInt64])
    func matchesPerTimingSolve(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var views = ViewStore(), tracks = TrackStore(), events: [WorldEvent] = []
        let viewCount = 48
        let slots = (0..<viewCount).map { i in
            views.insert(Entity(index: UInt32(i), generation: 0), frame: Rect(x: Float(i), y: 0, width: 10, height: 10),
                         cornerRadius: 0, opacity: 1, role: .view)
        }
        let channels: [ViewChannel] = [.x, .y, .opacity]
        var model: [Int: ModelLane] = [:]    // view slot × stride + channel
        // 0.345 and 0.35 s both last 42 ticks: one span, two progress rates, two tables.
        let durations = [0.05, 0.2, 0.345, 0.35, 1.0, 2.5], speeds = [1.0, 0.5, 2.5, 3], delays = [0.0, 0.1, 0.25]
        var maxShared = 0
        for tick in UInt64(1)...400 {
            tracks.currentTick = tick
            // Starts: a few animations a tick, each on a random view and one to three channels;
            // a shared animation for a burst of views every 25 ticks.
            var starts: [(Int, Animation, UnitCurve, [ViewChannel])] = []
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let curve = Self.curves.randomElement(using: &generator)!
                var animation = Animation.timingCurve(curve, duration: durations.randomElement(using: &generator)!)
                    .speed(speeds.randomElement(using: &generator)!)
                animation = animation.delay(delays.randomElement(using: &generator)!)
                starts.append((Int.random(in: 0..<viewCount, using: &generator), animation, curve,
                               Array(channels.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator)))))
            }
            if tick % 25 == 1 {
                let curve = Self.curves[Int(tick / 25) % Self.curves.count]
                for view in 0..<viewCount where view % 3 == 0 { starts.append((view, .timingCurve(curve, duration: 0.3), curve, [.x, .y])) }
            }
            for (view, animation, curve, started) in starts {
                let slot = slots[view]
                let targets = started.map { ($0, Float.random(in: -400...400, using: &generator).rounded()) }
                guard case let .curve(_, duration) = animation.motion else { Issue.record("not a curve"); return }
                let origin = TrackStore.later(tick - 1, by: TrackStore.spanTicks(animation.delay, step: step, atLeast: 0))
                let end = TrackStore.later(origin, by: tracks.tickCount(covering: duration / animation.speed, step: step))
                for (channel, goal) in targets {
                    let out = slot * ViewChannel.stride + channel.rawValue
                    let from = model[out]?.value ?? views.values[out]
                    model[out] = ModelLane(value: from, target: goal, displacement: from - goal, curve: curve,
                                           progressPerTick: step * animation.speed / duration, origin: origin, end: end)
                }
                tracks.start(animation, id: .internal, view: Entity(index: UInt32(view), generation: 0), slot: slot,
                             targets: targets, tick: tick, step: step, tolerance: 1e-3, views: &views, events: &events)
            }
            // Retargets: move a running lane's target mid-way.
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                guard let out = model.keys.randomElement(using: &generator), var lane = model[out] else { continue }
                let goal = Float.random(in: -400...400, using: &generator).rounded()
                let moved = tracks.moveTarget(ViewChannel(rawValue: out % ViewChannel.stride)!, slot: out / ViewChannel.stride, to: goal,
                                              tick: tick, step: step, tolerance: 1e-3, views: views)
                #expect(moved)
                if lane.target != goal { lane.displacement += lane.target - goal }
                lane.target = goal
                model[out] = lane
            }
            tracks.prepare(tick: tick)
            // Every running lane's row holds its own timing's coefficients.
            for (out, lane) in model {
                let row = Int(tracks.row[Int(views.lanes[out])])
                let expected = lane.coefficients(at: tick), actual = tracks.coefficients[row]
                #expect(actual.xv.bitPattern == expected.xv.bitPattern && actual.xx == expected.xx && actual.vv == expected.vv,
                        "tick \(tick), channel \(out): row \(actual), model \(expected)")
            }
            maxShared = max(maxShared, tracks.timingCount - tracks.curveGroupCount)
            tracks.advanceLanes()
            tracks.finish(tick: tick, views: &views, events: &events)
            tracks.writeBack(into: &views)
            for out in Array(model.keys) {
                model[out]!.step(tick)
                #expect(views.values[out].bitPattern == model[out]!.value.bitPattern,
                        "tick \(tick), channel \(out): \(views.values[out]), model \(model[out]!.value)")
                if tick >= model[out]!.end { model[out] = nil }
            }
            tracks.checkInvariants(views: views)
        }
        #expect(maxShared > 0, "no two timings ever shared a group")
        // Everything ends: no timing, group or table is left, and the rows are free.
        var tick = UInt64(401)
        while tracks.timingCount > 0 {
            tracks.currentTick = tick
            tracks.prepare(tick: tick); tracks.advanceLanes(); tracks.finish(tick: tick, views: &views, events: &events)
            tick += 1
        }
        #expect(tracks.curveGroupCount == 0 && tracks.curveTableCount == 0)
        tracks.checkInvariants(views: views)
    }

    @Test("the named curves through a world: every tick of several durations and speeds, same bits as the per-timing solve",
          arguments: [UnitCurve.easeIn, .easeOut, .easeInOut, .linear])
    func namedCurvesThroughWorld(curve: UnitCurve) throws {
        for (duration, speed) in [(0.35, 1.0), (0.1, 1), (1.7, 0.6), (0.5, 2), (3, 1.3)] {
            let world = World()
            let views = try (0..<3).map { try world.spawnView(frame: Rect(x: Float($0) * 7, y: 0, width: 100, height: 100)) }
            world.tick()
            let animation = Animation.timingCurve(curve, duration: duration).speed(speed)
            let span = world.tracks.tickCount(covering: duration / speed, step: step)
            func lane(from: Float, to: Float, origin: UInt64) -> ModelLane {
                ModelLane(value: from, target: to, displacement: from - to, curve: curve, progressPerTick: step * speed / duration,
                          origin: origin, end: origin + span)
            }
            // Two views on one tick (one group), the third a tick later (a second group, same table).
            for view in views.prefix(2) { try world.animate(view, to: ViewProperties(frame: Rect(x: 301, y: 0, width: 100, height: 100)), with: animation) }
            var lanes: [ModelLane?] = [lane(from: 0, to: 301, origin: 1), lane(from: 7, to: 301, origin: 1), nil]
            repeat {
                world.tick()
                let tick = world.tickCount
                for i in lanes.indices where lanes[i] != nil && tick <= lanes[i]!.end { lanes[i]!.step(tick) }
                for (i, view) in views.enumerated() {
                    #expect(try world.presentation(of: view).frame.minX.bitPattern == (lanes[i]?.value ?? 14).bitPattern,
                            "\(curve) \(duration) s ×\(speed), view \(i), tick \(tick)")
                }
                if tick == 2 {
                    #expect(world.tracks.curveGroupCount == 1 && world.tracks.curveTableCount == 1)
                    try world.animate(views[2], to: ViewProperties(frame: Rect(x: -50, y: 0, width: 100, height: 100)), with: animation)
                    lanes[2] = lane(from: 14, to: -50, origin: 2)
                } else if tick < 1 + span {
                    #expect(world.tracks.curveGroupCount == 2 && world.tracks.curveTableCount == 1)
                }
            } while world.runningTrackCount > 0
            #expect(world.tracks.curveGroupCount == 0 && world.tracks.curveTableCount == 0)
        }
    }

    @Test("a curve longer than the stored ticks is solved past them, still bit for bit")
    func beyondStoredTicks() {
        var views = ViewStore(), tracks = TrackStore(), events: [WorldEvent] = []
        let slot = views.insert(Entity(index: 0, generation: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10),
                                cornerRadius: 0, opacity: 1, role: .view)
        let duration = 150.0, span = Int(CurveTable.storedTicks) + 1616    // 18,000 ticks at 120 Hz
        tracks.start(.easeInOut(duration: duration), id: .internal, view: Entity(index: 0, generation: 0), slot: slot,
                     targets: [(.x, 1_000)], tick: 1, step: step, tolerance: 1e-3, views: &views, events: &events)
        var lane = ModelLane(value: 0, target: 1_000, displacement: -1_000, curve: .easeInOut, progressPerTick: step / duration,
                             origin: 0, end: UInt64(span))
        for tick in UInt64(1)...UInt64(span) {
            tracks.currentTick = tick
            tracks.prepare(tick: tick); tracks.advanceLanes(); tracks.finish(tick: tick, views: &views, events: &events)
            tracks.writeBack(into: &views)
            lane.step(tick)
            if views.values[slot * ViewChannel.stride].bitPattern != lane.value.bitPattern {
                Issue.record("tick \(tick): \(views.values[slot * ViewChannel.stride]), model \(lane.value)")
                return
            }
        }
        #expect(tracks.timingCount == 0 && tracks.curveTableCount == 0)
    }
}
