// Stepping a world to a time or an event, and expectations about what it draws.

import Portal
import Testing

extension World {
    /// Runs ticks until ``World/time`` reaches `seconds` (at least `seconds`, within a tick).
    /// Returns the ticks run.
    @discardableResult
    public func step(toTime seconds: Double) -> Int {
        var ticks = 0
        while time + tickDuration / 2 < seconds {
            tick()
            ticks += 1
        }
        return ticks
    }

    /// Runs ticks until tick number `n` has run. Returns the ticks run.
    @discardableResult
    public func step(toTick n: UInt64) -> Int {
        var ticks = 0
        while tickCount < n {
            tick()
            ticks += 1
        }
        return ticks
    }

    /// Runs ticks, draining the events, until one satisfies `predicate`, and returns it — or
    /// nil after `maxTicks` ticks without one. Events before it are returned in `skipped`.
    public func step(untilEvent predicate: (WorldEvent) -> Bool, maxTicks: Int = 10_000) -> WorldEvent? {
        for _ in 0..<maxTicks {
            tick()
            for event in drainEvents() where predicate(event) { return event }
        }
        return nil
    }
}

/// Expects exactly one of a portal's source, its layer and its destination to be drawn (in the
/// render list with a non-zero opacity) — the invariant of a hero transition outside a
/// cross-fade.
public func expectExactlyOneDrawn(portal id: PortalID, source: Entity, destination: Entity, in world: World,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
    if let failure = exactlyOneDrawnFailure(portal: id, source: source, destination: destination, in: world) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Steps `world` to tick `tick` (it must not be past it) and expects `view`'s frame there —
/// its render item's, or its presented frame when it is not drawn — to be within `tolerance`
/// points of `frame` in each of x, y, width and height.
public func expectFrame(of view: Entity, in world: World, atTick tick: UInt64, equals frame: Rect, tolerance: Float = 0.001,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    if let failure = frameFailure(of: view, in: world, atTick: tick, equals: frame, tolerance: tolerance) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

// What the expectations above record, or nil when they pass: apart, so that the tests of these
// helpers check the message a failing expectation gives without recording an issue.

func exactlyOneDrawnFailure(portal id: PortalID, source: Entity, destination: Entity, in world: World) -> String? {
    let layer = world.portalLayer(id)?.layer
    var drawn: [String] = []
    for item in world.renderList where item.opacity > 0 {
        if item.entity == source { drawn.append("source") }
        if item.entity == destination { drawn.append("destination") }
        if let layer, item.entity == layer { drawn.append("layer") }
    }
    guard drawn.count != 1 else { return nil }
    return "tick \(world.tickCount), portal \(id): expected exactly one of source, layer, destination drawn, found \(drawn.isEmpty ? "none" : drawn.joined(separator: ", "))"
}

func frameFailure(of view: Entity, in world: World, atTick tick: UInt64, equals frame: Rect, tolerance: Float) -> String? {
    guard world.tickCount <= tick else { return "the world is at tick \(world.tickCount), past tick \(tick)" }
    world.step(toTick: tick)
    let actual: Rect
    if let item = world.renderList.first(where: { $0.entity == view }) {
        actual = item.frame
    } else if let presentation = try? world.presentation(of: view) {
        actual = presentation.frame
    } else {
        return "tick \(tick): \(view) is not a live view"
    }
    let pairs: [(String, Float, Float)] = [("x", actual.origin.x, frame.origin.x), ("y", actual.origin.y, frame.origin.y),
                                           ("width", actual.size.width, frame.size.width), ("height", actual.size.height, frame.size.height)]
    for (field, a, e) in pairs where !(abs(a - e) <= tolerance) {
        return "tick \(tick), \(view), frame.\(field): expected \(e) ± \(tolerance), got \(a)"
    }
    return nil
}
