// Traces of the built-in scenes (`--record DIR`) and a trace drawn as a demo page
// (`--replay FILE`). The scenes' traces are the goldens in Tests/PortalTests/Goldens, which
// `.ci/run` compares with what `--record` writes now.

import Foundation
import Portal
import PortalDemoScenes

/// The trace of `scene`: the calls `record(_:)` makes for it, recorded.
func trace(of scene: Scene) throws -> String {
    let world = try World(configuration: scene.configuration)
    try world.startRecording()
    var cast = try scene.setUp(world)
    world.tick()
    var tick = 0
    while scene.runs(tick, world) {
        defer { tick += 1 }
        if tick < scene.ticks { try scene.script(world, tick, &cast) }
        world.tick()
        cast.events = world.drainEvents()   // as `record(_:)` hands them over (draining is no call: the trace is the same)
    }
    return world.stopRecording() ?? ""
}

/// Writes each scene's trace to `directory/NAME.trace`.
func writeTraces(of scenes: [Scene], to directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for scene in scenes {
        let path = (directory as NSString).appendingPathComponent(scene.name + ".trace")
        try trace(of: scene).write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(path)")
    }
}

/// Replays the trace at `path` and records every tick's render list, as a scene's recording,
/// so the page writer draws it like a built-in scene.
func replayRecording(_ path: String) throws -> Recording {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let trace = try Trace(text)
    let replayer = TraceReplayer(trace, atomicTransitions: demoAtomicTransitions)
    let world = replayer.world
    var ticks = [RecordedTick(items: world.renderList, clips: world.clipList)]
    var events: [WorldEvent] = []
    world.addSystem("replay capture", stage: .output) { world in
        ticks.append(RecordedTick(items: world.renderList, clips: world.clipList))
        events += world.drainEvents()
    }
    var nanoseconds: [Double] = []
    let clock = ContinuousClock()
    while true {
        let before = world.tickCount, start = clock.now
        guard try replayer.step() else { break }
        let ticksRun = Int(world.tickCount - before)
        guard ticksRun > 0 else { continue }
        let (seconds, attoseconds) = (clock.now - start).components
        let each = (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(ticksRun)
        nanoseconds += Array(repeating: each, count: ticksRun)
    }
    // The stage: everything drawn, from the origin.
    var width: Float = 100, height: Float = 100
    for item in ticks.lazy.flatMap(\.items) where item.frame.size.width.isFinite && item.frame.size.height.isFinite {
        width = max(width, item.frame.maxX)
        height = max(height, item.frame.maxY)
    }
    // The first three views the trace spawned are plotted; every item is filled in a colour
    // picked from its entity (a trace names no colours).
    var plotted: [(Entity, String, String)] = []
    var n = 1
    while let entity = replayer.entity(spawnedAt: n), plotted.count < 3 {
        if world.isView(entity) { plotted.append((entity, replayer.name(of: entity), palette[(n - 1) % palette.count])) }
        n += 1
    }
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let reel = Reel(name: name, title: "Replay of \(name)", caption: "The trace's calls replayed tick by tick.",
                    summary: "The trace \(path) replayed: \(trace.callCount) calls, \(ticks.count - 1) ticks.",
                    stage: Size(width: min(width, 2000), height: min(height, 2000)), ticks: ticks,
                    plotted: plotted, plotsLayer: true, trace: text)
    return Recording(reel: reel, tickNanoseconds: nanoseconds.isEmpty ? [0] : nanoseconds, events: events)
}
