// The demo's app scene (Sources/PortalDemo/AppScene.swift), replayed from its recorded trace:
// what its caption promises, checked on every tick.

import Foundation
@testable import Portal
import PortalTesting
import Testing

@Suite struct AppSceneTests {
    /// The trace's names for the scene's views (the order `setUp` spawns them in).
    static let (list, heroPhoto, popupSource, detailImage, popup) = (2, 7, 13, 40, 47)

    @Test("the app scene: exactly one of photo, layer and detail image drawn on every tick, the photo flies both ways, and the popup rides with its scrolling cell, above it")
    func appScenePromises() throws {
        let path = "\(GoldenSceneTests.directory)/app.trace"
        let replayer = TraceReplayer(try Trace(String(contentsOfFile: path, encoding: .utf8)))
        let world = replayer.world
        var flightTicks = 0, scrollTicks = 0
        var popupOffset: (dx: Float, dy: Float)?
        var cellTop: [Float] = []
        var lastTick = world.tickCount
        while try replayer.step() {
            guard world.tickCount != lastTick else { continue }
            lastTick = world.tickCount
            guard let source = replayer.entity(spawnedAt: Self.heroPhoto), let destination = replayer.entity(spawnedAt: Self.detailImage),
                  let cell = replayer.entity(spawnedAt: Self.popupSource), let popup = replayer.entity(spawnedAt: Self.popup) else { continue }
            expectExactlyOneDrawn(portal: "photo", source: source, destination: destination, in: world)
            if let layer = world.portalLayer("photo")?.layer, world.renderList.contains(where: { $0.entity == layer }) { flightTicks += 1 }
            // The list scrolls over ticks 370–409 (drawn from tick 371); the popup is fully in by then.
            if (372...411).contains(world.tickCount) {
                let cellFrame = try world.presentation(of: cell).globalFrame
                let item = try #require(world.renderList.first { $0.entity == popup })
                #expect(item.role == .overlay && item.opacity == 1)
                #expect(world.renderList.contains { $0.entity == cell }, "the cell stays in the list's clip")
                #expect(item.frame.maxY <= cellFrame.minY, "tick \(world.tickCount): above its source")
                let offset = (item.frame.minX - cellFrame.minX, item.frame.minY - cellFrame.minY)
                if let popupOffset {
                    #expect(abs(offset.0 - popupOffset.dx) < 1e-3 && abs(offset.1 - popupOffset.dy) < 1e-3, "tick \(world.tickCount)")
                } else {
                    popupOffset = (offset.0, offset.1)
                }
                cellTop.append(cellFrame.minY)
                scrollTicks += 1
            }
        }
        #expect(world.tickCount == 521)
        // Two flights (out and home), each drawn until its spring is logically complete: 0.45 s,
        // handed off on the 54th tick of its motion.
        #expect(flightTicks == 2 * 53)
        #expect(scrollTicks == 40)
        // The cell moved 2 points a tick, 78 points over the ticks checked.
        #expect(cellTop.first.map { $0 - cellTop.last! } == 78)
        #expect(world.portalLayer("photo")?.layer == nil)
    }

    @Test("the app scene's hero rides its sliding anchor: on every tick of both flights the layer is the anchor as drawn plus the spring's offset, layer − anchor = e₁·f(k)/f(1), and it hands off on tick 54 of its motion")
    func heroRidesTheSlide() throws {
        let path = "\(GoldenSceneTests.directory)/app.trace"
        let replayer = TraceReplayer(try Trace(String(contentsOfFile: path, encoding: .utf8)))
        let world = replayer.world
        // .smooth(duration: 0.45): f(k) is the spring's displacement from 1 at rest after k ticks.
        let spring = Spring(duration: 0.45, bounce: 0)
        func f(_ k: Int) -> Double { spring.solve(displacement: 1, velocity: 0, time: Double(k) / 120).displacement }
        func values(_ r: Rect) -> [Double] { [r.minX, r.minY, r.width, r.height].map(Double.init) }
        var flight: (start: Int, first: [Double], landing: Entity)?
        var handOffs: [Int] = [], flightTicks = 0, worst = 0.0
        var lastTick = world.tickCount
        while try replayer.step() {
            guard world.tickCount != lastTick else { continue }
            lastTick = world.tickCount
            guard let photo = replayer.entity(spawnedAt: Self.heroPhoto), let image = replayer.entity(spawnedAt: Self.detailImage) else { continue }
            let tick = Int(world.tickCount)
            let layer = world.portalLayer("photo").flatMap { state in world.renderList.first { $0.entity == state.layer } }
            if let layer {
                let landing = flight?.landing ?? (world.portalLayer("photo")?.direction == .forward ? image : photo)
                // Drawn where the anchor is drawn on this tick (moved by the slide's lanes).
                let error = zip(values(layer.frame), values(try world.presentation(of: landing).globalFrame)).map { $0 - $1 }
                if let flight {
                    let k = tick - flight.start + 1
                    let model = flight.first.map { $0 * f(k) / f(1) }
                    let miss = zip(error, model).map { abs($0 - $1) }.max()!
                    worst = max(worst, miss)
                    #expect(miss <= 0.02, "tick \(tick): layer − anchor \(error), model \(model)")
                } else {
                    flight = (tick, error, landing)
                }
                flightTicks += 1
            } else if let current = flight {
                handOffs.append(tick - current.start + 1)
                #expect(world.renderList.contains { $0.entity == current.landing }, "the anchor is drawn on the hand-off tick")
                flight = nil
            }
        }
        #expect(handOffs == [54, 54] && flightTicks == 2 * 53, "\(handOffs), \(flightTicks) ticks in flight; worst miss \(worst)")
    }
}
