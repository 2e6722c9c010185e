import Portal

/// What a scripted scene produced: its reel, its events, and how long each tick took.
struct Recording {
    var reel: Reel
    var tickNanoseconds: [Double] = []
    var events: [WorldEvent] = []
}

/// Runs a scene in Portal's fixed tick loop and records every tick's render list.
func record(_ scene: Scene) throws -> Recording {
    let world = try World(configuration: scene.configuration)
    var cast = try scene.setUp(world)
    for (entity, _, colour) in cast.plotted where cast.fills[entity] == nil { cast.fills[entity] = colour }
    world.tick()
    var ticks: [RecordedTick] = []
    // The last placement's tail of every popup (kept while it scales out after its dismissal).
    var tails: [Entity: PopupTail] = [:]
    func capture() throws {
        for content in world.presentedPopups {
            if let placement = world.popupPlacement(of: content) {
                tails[content] = PopupTail(x: Float(placement.anchor.x), below: placement.isBelowSource)
            }
        }
        let drawn = Set(world.renderList.map(\.entity))
        let boxes = try cast.anchors.map { entity, colour in
            DebugBox(frame: try world.presentation(of: entity).globalFrame, colour: colour, hidden: !drawn.contains(entity))
        }
        ticks.append(RecordedTick(items: world.renderList, clips: world.clipList, boxes: boxes, fills: cast.fills, pointers: cast.pointers, tails: tails))
    }
    try capture()
    var nanoseconds: [Double] = []
    var events: [WorldEvent] = []
    let clock = ContinuousClock()
    var tick = 0
    while scene.runs(tick, world) {
        defer { tick += 1 }
        if tick < scene.ticks { try scene.script(world, tick, &cast) }
        let start = clock.now
        world.tick()
        let (seconds, attoseconds) = (clock.now - start).components
        nanoseconds.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
        try capture()
        cast.events = world.drainEvents()
        events += cast.events
    }
    // Tick 0 is drawn before the script's first call; a call before script tick t is first
    // drawn at tick t + 1.
    let reel = Reel(name: scene.name, title: scene.title, caption: scene.caption, summary: scene.summary, stage: scene.stage,
                    markers: scene.markers.map { $0 + 1 }, ticks: ticks, plotted: cast.plotted, plotsLayer: cast.plotsLayer,
                    anchors: cast.anchors)
    return Recording(reel: reel, tickNanoseconds: nanoseconds, events: events)
}
