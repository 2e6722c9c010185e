import Testing
@testable import Portal

/// Spring timings with one step matrix share one coefficient row, and the hot loop keeps a tag
/// per block of four lanes (the row all four read, or "mixed"). These tests hold both to
/// brute-force models: every lane steps from its own timing's matrix, computed afresh, bit for
/// bit; every whole block's tag is what its four lanes' rows say, after any order of starts,
/// takeovers, stops, retargets and landings.
@Suite("Shared spring rows and block tags")
struct LaneBlockTests {
    let step = 1.0 / 120

    /// The tags the hot loop must read, recomputed from the lane rows.
    static func expectedTags(_ tracks: TrackStore) -> [UInt32] {
        (0..<tracks.laneCount / 4).map { b in
            let rows = tracks.row[4 * b ..< 4 * b + 4]
            return rows.allSatisfy { $0 == rows.first } ? rows.first! : TrackStore.mixedBlock
        }
    }

    static func insertViews(_ count: Int, into views: inout ViewStore) -> [Int] {
        (0..<count).map { i in
            views.insert(Entity(index: UInt32(i), generation: 0), frame: Rect(x: Float(i), y: 0, width: 10, height: 10),
                         cornerRadius: 0, opacity: 1, role: .view)
        }
    }

    @Test("timings of one spring, step and speed read one row; a delayed one holds on its own, then joins it; rows go with their last user")
    func sharing() {
        var views = ViewStore(), tracks = TrackStore(), events: [WorldEvent] = []
        let slots = Self.insertViews(110, into: &views)
        func start(_ animation: Animation, _ i: Int) {
            tracks.start(animation, id: .internal, view: Entity(index: UInt32(i), generation: 0), slot: slots[i],
                         targets: [(.x, 100), (.y, 50), (.opacity, 0)], tick: 1, step: step, tolerance: 1e-3, views: &views, events: &events)
        }
        for i in 0..<100 { start(.smooth, i) }
        let shared = tracks.row[0]
        #expect(tracks.coefficients.count == 1 && tracks.rowUsers[Int(shared)] == 100)
        #expect(tracks.row[0..<300].allSatisfy { $0 == shared })
        #expect(tracks.blockRow[0..<75].allSatisfy { $0 == shared }, "every whole block reads the one row")
        for i in 100..<105 { start(.smooth.delay(0.1), i) }
        for i in 105..<110 { start(.smooth.speed(2), i) }
        let delayedRows = Set(tracks.row[300..<315]), fasterRows = Set(tracks.row[315..<330])
        #expect(delayedRows.count == 5 && !delayedRows.contains(shared) && delayedRows.allSatisfy { tracks.rowUsers[Int($0)] == 0 })
        #expect(fasterRows.count == 1 && !fasterRows.contains(shared) && tracks.rowUsers[Int(fasterRows.first!)] == 5)
        #expect(tracks.blockRow[75] == TrackStore.mixedBlock, "lanes 300…303: a delayed timing's own row and the next one's")
        tracks.checkInvariants(views: views)
        // The delayed timings hold still on their own rows through their delay (12 ticks); at
        // its end their lanes move to the shared row, and their own rows are freed.
        for tick in UInt64(1)...12 {
            tracks.currentTick = tick
            tracks.prepare(tick: tick)
            #expect(delayedRows.allSatisfy { TrackStore.sameBits(tracks.coefficients[Int($0)], .hold) }, "tick \(tick)")
            tracks.advanceLanes()
            tracks.finish(tick: tick, views: &views, events: &events)
            tracks.checkInvariants(views: views)
        }
        #expect(tracks.row[300..<315].allSatisfy { $0 == shared } && tracks.rowUsers[Int(shared)] == 105)
        #expect(tracks.blockRow[75] == shared && delayedRows.allSatisfy { tracks.rowUsers[Int($0)] == 0 })
        #expect(tracks.timingCount == 110 && tracks.laneCount == 330)
        // Stopping every view of the shared row's but one keeps the row; the last frees it.
        for i in 0..<99 { tracks.stopAll(slot: slots[i], views: &views, events: &events) }
        for i in 100..<105 { tracks.stopAll(slot: slots[i], views: &views, events: &events) }
        #expect(tracks.rowUsers[Int(shared)] == 1)
        tracks.checkInvariants(views: views)
        for i in 99..<110 { tracks.stopAll(slot: slots[i], views: &views, events: &events) }
        #expect(tracks.laneCount == 0 && tracks.rowUsers.allSatisfy { $0 == 0 })
        tracks.checkInvariants(views: views)
        // A new start after the row was freed makes it afresh, with the same bits.
        start(.smooth, 0)
        #expect(TrackStore.sameBits(tracks.coefficients[Int(tracks.row[0])], SpringStepCache.compute(Spring.smooth, step: step, speed: 1)))
        tracks.checkInvariants(views: views)
    }

    /// One modelled spring lane: the scalar step from its own timing's matrix, computed afresh.
    struct ModelLane {
        var value: Float, velocity: Float, target: Float
        var phi: StepCoefficients, origin: UInt64

        mutating func step(_ tick: UInt64) {
            let k = tick > origin ? phi : .hold, d = value - target
            (value, velocity) = (target + (k.xx * d + k.xv * velocity), k.vx * d + k.vv * velocity)
        }
    }

    @Test("random starts, takeovers, stops and retargets: every lane steps from its own matrix, every block tag is its lanes' rows",
          arguments: [1, 2, 3, 4] as [UInt64])
    func randomOrders(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var views = ViewStore(), tracks = TrackStore(), events: [WorldEvent] = []
        let viewCount = 40
        let slots = Self.insertViews(viewCount, into: &views)
        let channels: [ViewChannel] = [.x, .y, .opacity, .rotation]
        // Slow springs (none settles within the run), a few speeds and delays: distinct and
        // equal matrices, shared and private rows, interleaved.
        let springs = [Spring(duration: 3, bounce: 0.2), Spring(duration: 4, bounce: 0), Spring(duration: 5, bounce: 0.4)]
        let speeds = [1.0, 0.5, 2], delays = [0.0, 0.0, 0.05, 0.1]
        var model: [Int: ModelLane] = [:]    // view slot × stride + channel: the modelled spring lanes
        var mostUsers: UInt32 = 0, sawMixed = false, sawShared = false
        for tick in UInt64(1)...100 {
            tracks.currentTick = tick
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let view = Int.random(in: 0..<viewCount, using: &generator)
                let started = Array(channels.shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator)))
                let targets = started.map { ($0, Float.random(in: -400...400, using: &generator).rounded()) }
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    // A curve: its lanes are stepped (and checked against the scalar step) but not modelled.
                    for channel in started { model[slots[view] * ViewChannel.stride + channel.rawValue] = nil }
                    tracks.start(.easeInOut(duration: 2), id: .internal, view: Entity(index: UInt32(view), generation: 0), slot: slots[view],
                                 targets: targets, tick: tick, step: step, tolerance: 1e-3, views: &views, events: &events)
                    continue
                }
                let spring = springs.randomElement(using: &generator)!, speed = speeds.randomElement(using: &generator)!
                let delay = delays.randomElement(using: &generator)!
                let phi = SpringStepCache.compute(spring, step: step, speed: speed)
                let origin = TrackStore.later(tick - 1, by: TrackStore.spanTicks(delay, step: step, atLeast: 0))
                var modelled: [(Int, ModelLane?)] = []
                for (channel, goal) in targets {
                    let out = slots[view] * ViewChannel.stride + channel.rawValue
                    let running = views.lanes[out] != ViewStore.noLane
                    // A spring taking over a curve carries the curve's velocity: not modelled.
                    let lane: ModelLane? = running && model[out] == nil ? nil
                        : ModelLane(value: model[out]?.value ?? views.values[out], velocity: model[out]?.velocity ?? 0, target: goal,
                                    phi: phi, origin: origin)
                    modelled.append((out, lane))
                }
                tracks.start(.spring(spring).speed(speed).delay(delay), id: .internal, view: Entity(index: UInt32(view), generation: 0),
                             slot: slots[view], targets: targets, tick: tick, step: step, tolerance: 1e-3, views: &views, events: &events)
                for (out, lane) in modelled { model[out] = lane }
            }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let view = Int.random(in: 0..<viewCount, using: &generator), channel = channels.randomElement(using: &generator)!
                tracks.stop(channel, slot: slots[view], views: &views, events: &events)
                model[slots[view] * ViewChannel.stride + channel.rawValue] = nil
            }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                guard let out = model.keys.randomElement(using: &generator) else { break }
                let goal = Float.random(in: -400...400, using: &generator).rounded()
                let moved = tracks.moveTarget(ViewChannel(rawValue: out % ViewChannel.stride)!, slot: out / ViewChannel.stride, to: goal,
                                              tick: tick, step: step, tolerance: 1e-3, views: views)
                #expect(moved)
                model[out]!.target = goal
            }
            // The brute-force tags, and the sharing: one row per matrix among the shared rows.
            #expect(Array(tracks.blockRow[0..<tracks.laneCount / 4]) == Self.expectedTags(tracks), "tick \(tick)")
            var rowOfMatrix: [SpringRowKey: UInt32] = [:]
            for lane in 0..<tracks.laneCount {
                guard case let .spring(phi, _, _) = tracks.records[Int(tracks.timing[lane])].drive,
                      tracks.rowUsers[Int(tracks.row[lane])] > 0 else { continue }
                let earlier = rowOfMatrix.updateValue(tracks.row[lane], forKey: SpringRowKey(phi))
                #expect(earlier == nil || earlier == tracks.row[lane], "tick \(tick): two shared rows hold one matrix")
                mostUsers = max(mostUsers, tracks.rowUsers[Int(tracks.row[lane])])
            }
            sawMixed = sawMixed || tracks.blockRow[0..<tracks.laneCount / 4].contains(TrackStore.mixedBlock)
            sawShared = sawShared || tracks.blockRow[0..<tracks.laneCount / 4].contains { $0 != TrackStore.mixedBlock }
            tracks.prepare(tick: tick)
            tracks.advanceLanesCheckingScalarStep("tick \(tick), ")
            tracks.finish(tick: tick, views: &views, events: &events)
            tracks.writeBack(into: &views)
            for out in Array(model.keys) {
                model[out]!.step(tick)
                #expect(views.lanes[out] != ViewStore.noLane, "tick \(tick): a modelled spring lane \(out) ended")
                #expect(views.values[out].bitPattern == model[out]!.value.bitPattern,
                        "tick \(tick), channel \(out): \(views.values[out]), model \(model[out]!.value)")
            }
            tracks.checkInvariants(views: views)
        }
        #expect(mostUsers > 1 && sawMixed && sawShared, "the run never shared a row, or never mixed or shared a block")
        for slot in slots { tracks.stopAll(slot: slot, views: &views, events: &events) }
        #expect(tracks.laneCount == 0 && tracks.timingCount == 0 && tracks.rowUsers.allSatisfy { $0 == 0 })
        tracks.checkInvariants(views: views)
    }
}
