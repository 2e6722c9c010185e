import Testing
@testable import Portal

@Suite("Host calls: layout capture with setFrames")
struct HostCallTests {
    /// A world with roots and nested views, some of them mid-animation, ticked a few times.
    func layoutWorld() throws -> (World, [Entity]) {
        let world = World()
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var views = [root]
        for i in 0..<12 {
            let parent = i % 3 == 0 ? nil : views[i / 2]
            views.append(try world.spawnView(frame: Rect(x: Float(i) * 8, y: Float(i) * 20, width: 100, height: 40),
                                             cornerRadius: 2, in: parent))
        }
        world.tick()
        // Frame animations on some views (they stop where setFrames sets a frame), an opacity
        // animation on another (it keeps running).
        try world.animate(views[2], to: ViewProperties(frame: Rect(x: 200, y: 200, width: 50, height: 50)), with: .smooth)
        try world.animate(views[5], to: ViewProperties(frame: Rect(x: 10, y: 300, width: 80, height: 80)), with: .easeInOut)
        try world.animate(views[5], to: ViewProperties(opacity: 0.3), with: .linear(duration: 1))
        world.run(ticks: 5)
        return (world, views)
    }

    func layout(_ views: [Entity], step: Int) -> [ViewFrame] {
        views.enumerated().map { i, view in
            ViewFrame(view: view, frame: Rect(x: Float(i * 3 + step), y: Float(i) * 11.5, width: 90 + Float(step), height: 30 + Float(i)))
        }
    }

    @Test("the exact frames apply at the next tick, as setFrame for each would")
    func exactFrames() throws {
        let (world, views) = try layoutWorld()
        let (twin, _) = try layoutWorld()
        let frames = layout(views, step: 1)
        try world.setFrames(frames)
        // A setFrames is one staged command, applied at the next tick like a setFrame.
        #expect(world.commands.count == 1)
        #expect(try world.presentation(of: views[3]).frame != frames[3].frame)
        for element in frames { try twin.setFrame(element.frame, of: element.view) }
        world.tick()
        twin.tick()
        for element in frames { #expect(try world.presentation(of: element.view).frame == element.frame) }
        // Frame animations stopped where the frames were set; the opacity animation runs on.
        #expect(world.runningAnimationCount == 1)
        #expect(world.fingerprint == twin.fingerprint)
        world.run(ticks: 30)
        twin.run(ticks: 30)
        #expect(world.fingerprint == twin.fingerprint)
        #expect(try world.presentation(of: views[5]).frame == frames[5].frame)
        // The staged storage is emptied (its capacity kept) once the frames apply.
        #expect(world.stagedFrames.isEmpty)
    }

    @Test("in call order with other calls; a view listed twice takes its last frame; a buffer works as an array")
    func order() throws {
        let (world, views) = try layoutWorld()
        let (twin, _) = try layoutWorld()
        let first = Rect(x: 1, y: 2, width: 3, height: 4), last = Rect(x: 5, y: 6, width: 7, height: 8)
        try world.setFrame(Rect(x: 9, y: 9, width: 9, height: 9), of: views[1])
        let batch = [ViewFrame(view: views[1], frame: first), ViewFrame(view: views[4], frame: first), ViewFrame(view: views[1], frame: last)]
        try batch.withUnsafeBufferPointer { buffer in try world.setFrames(buffer) }
        try world.update(views[4], to: ViewProperties(frame: last, opacity: 0.5))
        try world.setFrames([])
        for call in [(views[1], Rect(x: 9, y: 9, width: 9, height: 9)), (views[1], first), (views[4], first), (views[1], last)] {
            try twin.setFrame(call.1, of: call.0)
        }
        try twin.update(views[4], to: ViewProperties(frame: last, opacity: 0.5))
        world.tick()
        twin.tick()
        #expect(try world.presentation(of: views[1]).frame == last)
        #expect(try world.presentation(of: views[4]).frame == last)
        #expect(try world.presentation(of: views[4]).opacity == 0.5)
        #expect(world.fingerprint == twin.fingerprint)
        // Two batches in one frame, and a view despawned after its frame was staged.
        try world.setFrames([ViewFrame(view: views[6], frame: first)])
        try world.setFrames([ViewFrame(view: views[7], frame: last), ViewFrame(view: views[8], frame: first)])
        try world.despawn(views[8])
        world.tick()
        #expect(try world.presentation(of: views[6]).frame == first)
        #expect(try world.presentation(of: views[7]).frame == last)
        #expect(!world.isAlive(views[8]))
    }

    @Test("a bad element is refused by name, and nothing of the batch is staged")
    func badElement() throws {
        let (world, views) = try layoutWorld()
        let (twin, _) = try layoutWorld()
        let bare = try world.spawn()
        _ = try twin.spawn()
        let gone = views[9]
        try world.despawn(gone)
        try twin.despawn(gone)
        let before = world.fingerprint, staged = world.stagedFrames.count
        var frames = layout(views.filter { $0 != gone }, step: 2)

        frames[3].frame = Rect(x: 0, y: .nan, width: 10, height: 10)
        #expect { try world.setFrames(frames) } throws: { error in
            guard case let .invalidElement("frames[3]", .invalidGeometry("frame", value, _)) = error as? PortalError else { return false }
            return value.isNaN
        }
        frames[3].frame = Rect(x: 0, y: 0, width: -1, height: 10)
        #expect(throws: PortalError.invalidElement("frames[3]", .invalidGeometry("frame", -1, reason: "a frame's width and height must not be negative"))) {
            try world.setFrames(frames)
        }
        frames[3].frame = Rect(x: 2e9, y: 0, width: 1, height: 10)
        #expect(throws: PortalError.invalidElement("frames[3]", .invalidGeometry("frame", 2e9, reason: "a frame must lie within ±1e9 points"))) {
            try world.setFrames(frames)
        }
        frames[3].frame = .zero
        frames[5].view = gone
        #expect(throws: PortalError.invalidElement("frames[5]", .staleEntity(gone))) { try world.setFrames(frames) }
        frames[5].view = bare
        #expect(throws: PortalError.invalidElement("frames[5]", .notAView(bare))) { try world.setFrames(frames) }
        frames[5].view = Entity(index: 9_999, generation: 0)
        #expect(throws: PortalError.invalidElement("frames[5]", .staleEntity(Entity(index: 9_999, generation: 0)))) { try world.setFrames(frames) }
        // The first bad element is the one named.
        frames[1].frame = Rect(x: .infinity, y: 0, width: 1, height: 1)
        #expect(throws: PortalError.invalidElement("frames[1]", .invalidGeometry("frame", .infinity, reason: "a frame must be finite"))) { try world.setFrames(frames) }

        #expect(world.fingerprint == before)
        #expect(world.stagedFrames.count == staged)
        world.run(ticks: 40)
        twin.run(ticks: 40)
        #expect(world.fingerprint == twin.fingerprint)
    }
}

@Suite("Host calls: the call table")
struct HostCallTableTests {
    /// Every call type is registered once, under a verb of its own, and the table knows exactly
    /// the format's verbs: a call registered twice, or a verb two types share, would make one of
    /// them unreadable.
    @Test func everyVerbNamesOneCallType() {
        let registered = CoreCalls.all + FeatureRegistry.builtIn().calls
        #expect(Set(registered.map { $0.verb }).count == registered.count)
        let byVerb = Dictionary(HostCallTable.all.map { ($0.verb, $0) }, uniquingKeysWith: { $1 })
        #expect(byVerb.count == registered.count && HostCallTable.all.count == registered.count)
        #expect(byVerb.allSatisfy { HostCallTable.entry($0.key)?.verb == $0.key })
        #expect(Set(byVerb.keys) == [
            "spawn", "despawn", "advance", "tick", "reduceMotion", "spawnView", "update", "animate", "zIndex", "hitTesting",
            "hidden", "cornerStyle", "setFrames", "setParent", "contentOffset", "clipsToBounds",
            "portal", "removePortal", "portalTransition", "portalItem", "dismissPortalItem", "portalGroup", "transfer",
            "navigationStack", "screen", "push", "pop", "popToRoot", "setStack", "beginPop", "updatePop", "endPop",
            "flowingHeader", "headerAnchors", "scroll", "popupPolicy", "popupContainer", "presentPopup", "dismissPopup",
            "dismissTopPopup", "tap", "pointer", "makeScrollView", "removeScrollView", "scrollTo",
        ])
        let spawning = Set(byVerb.filter { $0.value.spawns }.keys)
        #expect(spawning == ["spawn", "spawnView", "navigationStack", "screen", "flowingHeader"])
        let nan = Set(byVerb.filter { $0.value.acceptsNaN }.keys)
        #expect(nan == ["advance", "tap", "portalItem", "dismissPortalItem"])
    }

    /// A refused call is written with its error and leaves the world as it was; the trace then
    /// replays to the same refusal.
    @Test func aRefusedCallIsRecordedAndReplayedAsRefused() throws {
        let world = World()
        try world.startRecording()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: PortalError.invalidValue("opacity", 2, reason: "opacity must be a number in 0…1")) {
            try world.update(view, to: ViewProperties(opacity: 2))
        }
        #expect(world.commands.isEmpty)
        world.tick()
        let text = try #require(world.stopRecording())
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1] == "@0 spawnView frame=0.0,0.0,10.0,10.0 radius=0.0 opacity=1.0 -> e1")
        #expect(lines[2].hasPrefix("@0 refused update view=e1 opacity=2.0 ! "))
        #expect(lines[3] == "@0 tick")
        let replayed = try Trace(text).replay()
        #expect(replayed.tickCount == 1 && replayed.viewCount == 1)
    }
}

@Suite("Host calls: the staged command")
struct CommandLayoutTests {
    /// The command list is copied entry by entry as it applies: a command stays as small as
    /// the largest folder's command (an animation's targets and curve), with no room added by
    /// the folders' nesting.
    @Test func aCommandIsNoLargerThanItsLargestPayload() {
        print("Command size \(MemoryLayout<Command>.size), stride \(MemoryLayout<Command>.stride); ViewCommand \(MemoryLayout<ViewCommand>.size), PopupCommand \(MemoryLayout<PopupCommand>.size)")
        #expect(MemoryLayout<Command>.size <= 232)
    }
}
