import Testing
@testable import Portal

// Navigation as swiftui-navigation-transitions (0.19) and UIKit's percent-driven transition
// behave, and the stack's bookkeeping under any order of calls (issues 11 and 12).

private let width: Float = 400
private let step = 1.0 / 120

/// Whole ticks covering `seconds`, at least one: what a motion of that length takes at 120 Hz.
private func ticksCovering(_ seconds: Double) -> Int { max(1, Int((seconds / step - 1e-9).rounded(.up))) }

private func completions(_ world: World) -> [NavigationEvent] {
    world.drainEvents().compactMap { if case let .navigationDidComplete(e) = $0 { return e } else { return nil } }
}

/// A stack [a, b] at rest, with an interactive pop of `transition` followed to `progress`.
private func interactiveScene(progress: Float, transition: NavigationTransition) throws -> StackScene {
    let s = try StackScene(interactivePopStart: .anywhere)
    try s.world.setHidden(false, of: s.b)
    try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
    s.world.run(ticks: 13)
    #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 200, y: 300), transition: transition))
    try s.world.updateInteractivePop(s.stack, translation: progress * width)
    s.world.tick()
    _ = s.world.drainEvents()
    return s
}

/// Releases the pop and ticks until it completes: how many ticks that took (the tick that applies
/// the release counts as the first), whether it was cancelled, and b's and a's x translation
/// after each tick.
private func release(_ s: StackScene, velocity: Float) throws -> (ticks: Int, cancelled: Bool, b: [Float], a: [Float]) {
    try s.world.endInteractivePop(s.stack, velocity: velocity)
    var b: [Float] = [], a: [Float] = []
    for n in 1...200 {
        s.world.tick()
        b.append(try s.world.presentation(of: s.b).transform.translation.x)
        a.append(try s.world.presentation(of: s.a).transform.translation.x)
        if let done = completions(s.world).first { return (n, done.wasCancelled, b, a) }
    }
    Issue.record("the pop never completed")
    return (0, false, b, a)
}

@Suite("Navigation fidelity")
struct NavigationFidelityTests {
    // MARK: Interactive pop: the rest of the motion

    /// progress, velocity, finishes, speed of the rest, ticks it takes (of a 0.5 s transition: 60 ticks).
    static let releases: [(Float, Float, Bool, Double, Int)] = [
        (0.5, 1600, true, 2, 15),          // speed 1600 ÷ 800
        (0.25, 800, true, 1, 45),
        (0.75, 0, true, 0.99, 16),         // the speed is at least 0.99: 15.15 ticks
        (0.9, 2000, true, 2.25, 3),        // and at most 2.25: 2.67 ticks
        (0, 700, true, 0.99, 61),          // a flick from the start finishes: 60.6 ticks
        (1, 0, true, 0.99, 1),             // nothing left: done in the tick that applies the release
        (0.5, -300, false, 1, 30),         // a cancel plays back what was done, at speed 1
        (0.1, 0, false, 1, 7),             // Float(0.1) is a little above 0.1: 6.0000001 ticks
        (0.25, -1000, false, 1, 15),       // whatever the velocity
        (1, -201, false, 1, 60),
        (0, -300, false, 1, 1),
    ]

    @Test("releasing an interactive pop runs only the rest: (1 − p)·duration ÷ speed to finish, p·duration to cancel",
          arguments: releases)
    func releaseTiming(progress: Float, velocity: Float, finishes: Bool, speed: Double, ticks: Int) throws {
        let s = try interactiveScene(progress: progress, transition: NavigationTransition.slide.animation(.linear(duration: 0.5)))
        let result = try release(s, velocity: velocity)
        #expect(result.cancelled == !finishes)
        // The closed form, from the progress the world holds (a Float).
        let seconds = (finishes ? 1 - Double(progress) : Double(progress)) * 0.5 / speed
        #expect(result.ticks == ticksCovering(seconds) && result.ticks == ticks, "p \(progress), v \(velocity): \(result.ticks)")
        #expect(try s.world.screens(of: s.stack) == (finishes ? [s.a] : [s.a, s.b]))
        #expect(s.drawn == (finishes ? [s.a] : [s.b]))
        #expect(result.b.last == 0 && result.a.last == 0)   // both back at rest, drawn or not
        // The tick before the end, the motion is within one tick's step of its end.
        if result.ticks > 1 {
            let end: Float = finishes ? 400 : 0, last = result.b[result.b.count - 2]
            #expect(abs(last - end) <= 400 * Float(step * speed / 0.5) + 1e-3, "\(last)")
        }
    }

    @Test("the rest follows the transition's curve from where the finger left it: linear and ease-in-out, tick by tick")
    func releaseValues() throws {
        // Finish from 0.5 at speed 2: 15 ticks, b from 200 to 400 and a from −200 to 0.
        let linear = try interactiveScene(progress: 0.5, transition: NavigationTransition.slide.animation(.linear(duration: 0.5)))
        let finish = try release(linear, velocity: 1600)
        #expect(finish.ticks == 15)
        for k in [1, 5, 10, 14] {
            #expect(abs(finish.b[k - 1] - (200 + 200 * Float(k) / 15)) < 1e-3, "tick \(k): \(finish.b[k - 1])")
            #expect(abs(finish.a[k - 1] - (-200 + 200 * Float(k) / 15)) < 1e-3, "tick \(k): \(finish.a[k - 1])")
        }
        // Cancel from 0.5: 30 ticks at speed 1, b from 200 back to 0, with the ease-in-out curve.
        let eased = try interactiveScene(progress: 0.5, transition: NavigationTransition.slide.animation(.easeInOut(duration: 0.5)))
        let cancel = try release(eased, velocity: -300)
        #expect(cancel.ticks == 30 && cancel.cancelled)
        for k in [1, 7, 15, 22, 29] {
            let y = Float(UnitCurve.easeInOut.value(at: Double(k) / 30))
            #expect(abs(cancel.b[k - 1] - 200 * (1 - y)) < 1e-3, "tick \(k): \(cancel.b[k - 1])")
            #expect(abs(cancel.a[k - 1] - (-200 - 200 * y)) < 1e-3, "tick \(k): \(cancel.a[k - 1])")
        }
        #expect(cancel.b.last == 0 && cancel.a.last == 0)
    }

    @Test("a spring's rest is the spring run over the remaining share of its time; the animation's delay is not waited again")
    func releaseSpringAndDelay() throws {
        // A spring released at 0.75 at speed 2 runs 8× faster than the whole spring would.
        let spring = Animation.smooth(duration: 0.4)
        let s = try interactiveScene(progress: 0.75, transition: NavigationTransition.slide.animation(spring))
        try s.world.endInteractivePop(s.stack, velocity: 1600)
        s.world.tick()
        let first = try s.world.presentation(of: s.b).transform.translation.x
        let expected = 300 + 100 * Float(Spring.smooth(duration: 0.4).value(target: 1, time: 8 * step))
        #expect(abs(first - expected) < 1e-2, "\(first) vs \(expected)")
        // A delayed animation starts its rest at once: the first tick after the release moves.
        let delayed = try interactiveScene(progress: 0.5,
                                           transition: NavigationTransition.slide.animation(.linear(duration: 0.5).delay(0.3)))
        let result = try release(delayed, velocity: 1600)
        #expect(result.ticks == 15 && abs(result.b[0] - (200 + 200 / 15)) < 1e-3)
    }

    // MARK: Fade

    private func views(_ t: NavigationTransition, _ operation: NavigationTransition.Operation) -> (from: TransientView, to: TransientView) {
        let frame = Rect(x: 0, y: 0, width: 390, height: 844)
        return t.transientViews(for: operation, from: frame, to: frame, in: frame)
    }

    @Test("fade(.in): the arriving screen fades in, in front (z 1), on a push and on a pop; the leaving one is untouched")
    func fadeIn() {
        for operation in [NavigationTransition.Operation.push, .pop] {
            let (from, to) = views(.fade(.in), operation)
            #expect(to.initial == TransientView.Properties(opacity: 0))
            #expect(to.animation == TransientView.Properties(opacity: 1, zPosition: 1))
            #expect(to.completion == TransientView.Properties(zPosition: 0))
            #expect(from.initial == .init() && from.animation == .init() && from.completion == .init())
            #expect(to.placement == nil && from.placement == nil)
        }
    }

    @Test("fade(.out): the leaving screen fades out, in front (z 1), on a push and on a pop; the arriving one is untouched")
    func fadeOut() {
        for operation in [NavigationTransition.Operation.push, .pop] {
            let (from, to) = views(.fade(.out), operation)
            #expect(from.initial == .init())
            #expect(from.animation == TransientView.Properties(opacity: 0, zPosition: 1))
            #expect(from.completion == TransientView.Properties(opacity: 1, zPosition: 0))
            #expect(to.initial == .init() && to.animation == .init() && to.completion == .init())
        }
    }

    @Test("fade(.cross) fades both ways; fade(.in) on a pop draws the arriving screen over the leaving one as it fades in")
    func fadeCrossAndOnScreen() throws {
        for operation in [NavigationTransition.Operation.push, .pop] {
            let (from, to) = views(.fade(.cross), operation)
            #expect(to.initial.opacity == 0 && to.animation.opacity == 1 && from.animation.opacity == 0 && from.completion.opacity == 1)
            #expect(to.animation.zPosition == nil && from.animation.zPosition == nil)
        }
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 13)
        try s.world.pop(s.stack, transition: NavigationTransition.fade(.in).animation(.linear(duration: 0.5)))
        s.world.run(ticks: 30)
        #expect(s.drawn == [s.b, s.a])                      // a (arriving) in front of b
        #expect(s.item(s.a)?.opacity == 0.5 && s.item(s.b)?.opacity == 1)
        #expect(s.item(s.a)?.transform.zPosition == 0.5)
        s.world.run(ticks: 30)
        #expect(s.drawn == [s.a] && s.item(s.a)?.opacity == 1 && s.item(s.a)?.transform.zPosition == 0)
    }

    // MARK: Scale


    @Test("scale() with no argument scales from (almost) 0, as the original's Scale(): CGFloat.leastNonzeroMagnitude")
    func scaleDefault() {
        #expect(AtomicTransition.scale() == .scale(.leastNonzeroMagnitude))
        #expect(AtomicTransition.scale().mirrored() == .scale())
        var view = TransientView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        AtomicTransition.scale().apply(to: &view, for: .insertion, in: view.frame)
        #expect(view.initial.transform?.a == .leastNonzeroMagnitude && view.initial.transform?.d == .leastNonzeroMagnitude)
        #expect(view.initial.transform!.resolved().scaleX == 0 && view.animation.transform == .identity)
        var leaving = TransientView(frame: view.frame)
        AtomicTransition.scale().apply(to: &leaving, for: .removal, in: view.frame)
        #expect(leaving.animation.transform?.a == .leastNonzeroMagnitude && leaving.completion.transform == .identity)
    }

    // MARK: rotate3D input

    @Test("rotate3D with a non-finite axis, angle or perspective is refused at every entry, naming the value; nothing staged",
          arguments: [
              (AtomicTransition.rotate3D(.degrees(90), axis: (.nan, 1, 0)), "axis.x", Float.nan),
              (.rotate3D(.degrees(90), axis: (0, -.infinity, 0)), "axis.y", -.infinity),
              (.rotate3D(.degrees(90), axis: (0, 1, 1e30)), "axis.z", 1e30),
              (.rotate3D(.degrees(90), axis: (0, 1, 0), perspective: .infinity), "perspective", .infinity),
              (.rotate3D(.radians(.nan), axis: (0, 1, 0)), "angle", .nan),
          ])
    func rotate3DRefused(atomic: AtomicTransition, field: String, value: Float) throws {
        let s = try StackScene(interactivePopStart: .anywhere)
        try s.world.setHidden(false, of: s.b)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 13)
        let before = s.world.fingerprint
        func refused(_ body: () throws(PortalError) -> Void) {
            do {
                try body()
                Issue.record("accepted \(atomic)")
            } catch let error {
                guard case let .invalidValue(name, got, _) = error else { Issue.record("\(error)"); return }
                #expect(name == "transition.rotate3D.\(field)")
                #expect(Float(got) == value || (got.isNaN && value.isNaN))
            }
        }
        // Deep in a tree, on the operation it is used for.
        let onPop = NavigationTransition.slide.combined(with: .asymmetric(push: .identity,
                                                                          pop: .onInsertion(AtomicTransition.opacity.combined(with: atomic))))
        for transition in [NavigationTransition.mirrorPush(atomic), onPop] {
            refused { () throws(PortalError) in try s.world.push(s.c, onto: s.stack, transition: transition) }
            refused { () throws(PortalError) in try s.world.pop(s.stack, transition: transition) }
            refused { () throws(PortalError) in try s.world.popToRoot(s.stack, transition: transition) }
            refused { () throws(PortalError) in try s.world.setStack(s.stack, screens: [s.a], transition: transition) }
            refused { () throws(PortalError) in _ = try s.world.beginInteractivePop(s.stack, at: Point(x: 200, y: 300), transition: transition) }
        }
        #expect(s.world.fingerprint == before)
        // Nothing was projected either: c is free and b can still be popped.
        try s.world.push(s.c, onto: s.stack)
        try s.world.pop(s.stack)
        try s.world.pop(s.stack)
        s.world.run(ticks: 200)
        #expect(try s.world.screens(of: s.stack) == [s.a])
    }

    @Test("a custom transition's non-finite 3D rotation is dropped: the render list stays finite")
    func rotate3DCustomDropped() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        let broken = NavigationTransition.custom("tumble") { from, to, _, _ in
            to.initial.rotate3D(by: .degrees(60), axis: (.nan, 1, 0), perspective: 1)
            to.animation.rotate3D(by: .zero, axis: (.nan, 1, 0), perspective: 1)
            from.animation.rotate3D(by: .degrees(60), axis: (0, 1, 0), perspective: .infinity)
        }.animation(.linear(duration: 0.1))
        try s.world.push(s.b, onto: s.stack, transition: broken)
        for _ in 0..<13 {
            s.world.tick()
            for item in s.world.renderList {
                let r = item.transform.rotation3D
                #expect(r.angle.radians.isFinite && r.axisX.isFinite && r.axisY.isFinite && r.axisZ.isFinite && r.perspective.isFinite,
                        "\(item.entity): \(r)")
            }
        }
        #expect(s.drawn == [s.b])
    }

    // MARK: Releasing an interactive pop vs the calls staged after it (12.6)

    /// [a, b] with an interactive pop released past the threshold (it will finish), not yet applied.
    private func releasedScene() throws -> StackScene {
        let s = try interactiveScene(progress: 0.75, transition: NavigationTransition.slide.animation(.linear(duration: 0.2)))
        try s.world.endInteractivePop(s.stack, velocity: 0)
        return s
    }

    @Test("pushes staged after a finishing release stay in the projection: pop is not refused while three screens show")
    func releaseThenPush() throws {
        let s = try releasedScene()
        let d = try s.world.spawnView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try s.world.push(s.c, onto: s.stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        try s.world.push(d, onto: s.stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.c, d])
        try s.world.pop(s.stack)
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.c])
    }

    @Test("a screen popped by a finishing release is free at once; a setStack staged after it keeps its own screens")
    func releaseThenSetStack() throws {
        let s = try releasedScene()
        // The release will finish: b is out of the stack as of the staged calls.
        #expect(throws: PortalError.cannotPopRoot(s.stack)) { try s.world.pop(s.stack) }
        try s.world.setHidden(false, of: s.c)
        try s.world.setStack(s.stack, screens: [s.a, s.b, s.c], transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        s.world.tick()
        // b is in the stack again: it can be neither pushed a second time nor despawned.
        #expect(throws: PortalError.screenAlreadyInStack(s.b)) { try s.world.push(s.b, onto: s.stack) }
        #expect(throws: PortalError.screenAlreadyInStack(s.b)) { try s.world.despawn(s.b) }
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b, s.c] && s.drawn == [s.c])
    }

    @Test("a screen kept by a setStack staged after a finishing release cannot be despawned; no dead screen stays at rest")
    func releaseThenDespawn() throws {
        let s = try releasedScene()
        try s.world.setStack(s.stack, screens: [s.a, s.b], transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        s.world.tick()
        #expect(throws: PortalError.screenAlreadyInStack(s.b)) { try s.world.despawn(s.b) }
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b] && s.drawn == [s.b])
        #expect(s.world.isAlive(s.b))
    }

    @Test("a cancelling release keeps the popped screen: pop after it pops it, in order")
    func cancelThenPop() throws {
        let s = try interactiveScene(progress: 0.1, transition: NavigationTransition.slide.animation(.linear(duration: 0.2)))
        try s.world.endInteractivePop(s.stack, velocity: -500)
        try s.world.pop(s.stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        try s.world.despawn(s.b)
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a] && s.drawn == [s.a])
        #expect(throws: PortalError.cannotPopRoot(s.stack)) { try s.world.pop(s.stack) }
    }

    @Test("a push staged during an interactive pop goes on top of what the release leaves")
    func pushDuringInteractive() throws {
        let s = try interactiveScene(progress: 0.75, transition: NavigationTransition.slide.animation(.linear(duration: 0.2)))
        try s.world.push(s.c, onto: s.stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        try s.world.endInteractivePop(s.stack, velocity: 0)
        #expect(throws: PortalError.screenAlreadyInStack(s.c)) { try s.world.push(s.c, onto: s.stack) }
        try s.world.pop(s.stack)                   // pops c: b is already gone with the release
        s.world.run(ticks: 80)
        #expect(try s.world.screens(of: s.stack) == [s.a] && s.drawn == [s.a])
    }

    // MARK: Queued navigation (12.7)

    private let quick = NavigationTransition.slide.animation(.linear(duration: 0.1))

    /// [a] pushing b (12 ticks, one run), so that the next requests queue.
    private func queueScene() throws -> StackScene {
        let s = try StackScene()
        for v in [s.b, s.c] { try s.world.setHidden(false, of: v) }
        try s.world.push(s.b, onto: s.stack, transition: quick)
        s.world.tick()
        return s
    }

    @Test("a queued request that changes nothing on screen does not strand the requests behind it")
    func noOpDoesNotStrand() throws {
        let s = try queueScene()
        try s.world.setStack(s.stack, screens: [s.a, s.b], transition: quick)   // the top stays b: nothing to animate
        try s.world.push(s.c, onto: s.stack, transition: quick)
        s.world.run(ticks: 40)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b, s.c] && s.drawn == [s.c])
        #expect(try s.world.navigationProgress(of: s.stack) == nil)
    }

    @Test("a screen released by a staged pop and despawned before its queued push starts leaves the stack")
    func despawnedBeforeQueuedPush() throws {
        let s = try queueScene()
        try s.world.push(s.c, onto: s.stack, transition: quick)     // queued behind b's push
        try s.world.pop(s.stack, transition: quick)                 // releases c
        try s.world.despawn(s.c)
        s.world.run(ticks: 40)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b] && s.drawn == [s.b])
        #expect(try s.world.navigationProgress(of: s.stack) == nil)
        try s.world.pop(s.stack, transition: quick)
        s.world.run(ticks: 20)
        #expect(try s.world.screens(of: s.stack) == [s.a] && s.drawn == [s.a])
    }

    @Test("a dead screen under the top is skipped: the visible screens animate, later requests keep their meaning")
    func deadScreenInTheMiddle() throws {
        let s = try queueScene()
        let d = try s.world.spawnView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try s.world.push(s.c, onto: s.stack, transition: quick)     // queued: [a, b, c]
        try s.world.push(d, onto: s.stack, transition: quick)       // [a, b, c, d]
        try s.world.setStack(s.stack, screens: [s.a, s.b, d], transition: quick)   // releases c
        try s.world.despawn(s.c)
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b, d] && s.drawn == [d])
        try s.world.pop(s.stack, transition: quick)
        s.world.run(ticks: 20)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b] && s.drawn == [s.b])
    }
}

@Suite("Navigation model")
struct NavigationModelTests {
    /// Random sequences of every stack call on two stacks sharing a pool of views — pushes,
    /// pops, pop to root, set stack, interactive pops released either way, despawns of released
    /// screens, ticks: the calls that were accepted must leave each stack, once every staged
    /// request has run, exactly as its projection (what the calls were validated against) said;
    /// a refused call changes nothing; a stack at rest shows only its top screen. (The invariant
    /// checkers also run after every tick: no stranded queue, no dead screen at rest, no screen
    /// leaving a stack that does not hold it.) Seeds 0..<4; 0..<16 with PORTAL_LONG_TESTS=1.
    @Test("each stack ends as its projection says, for random call sequences", arguments: 0..<LongTests.size(4, long: 16))
    func randomSequences(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let world = World()
        let frames = [Rect(x: 0, y: 0, width: 400, height: 800), Rect(x: 400, y: 0, width: 400, height: 800)]
        var pool = try (0..<8).map { _ in try world.spawnView(frame: frames[0]) }
        let stacks = [try world.spawnNavigationStack(frame: frames[0], root: pool[0]),
                      try world.spawnNavigationStack(frame: frames[1], root: pool[1])]
        world.tick()
        let transitions: [NavigationTransition] = [
            .slide, .fade(.in), .fade(.out), .fade(.cross), .identity, .move(axis: .vertical),
            .mirrorPush(AtomicTransition.scale(0.5).combined(with: .opacity)),
        ]
        func transition() -> NavigationTransition {
            let durations = [0.02, 0.05, 0.1]
            let animation: Animation = Bool.random(using: &rng)
                ? .easeInOut(duration: durations.randomElement(using: &rng)!) : .smooth(duration: 0.1)
            return transitions.randomElement(using: &rng)!.animation(animation)
        }
        func projected(_ stack: Entity) -> [Entity] { world.navigation.projections.value(of: stack)!.screens }
        func isAtRest(_ stack: Entity) -> Bool {
            world.commands.isEmpty && world.navigation.stacks.value(of: stack)!.active == nil
                && world.navigation.projections.value(of: stack)!.interactivePop == nil
        }
        for _ in 0..<300 {
            let free = pool.filter { world.isAlive($0) && world.navigation.owners.value(of: $0) == nil }
            let which = Int.random(in: 0..<2, using: &rng), stack = stacks[which]
            let before = (world.fingerprint, stacks.map(projected))
            do {
                switch Int.random(in: 0..<12, using: &rng) {
                case 0, 1:
                    if let screen = free.randomElement(using: &rng) { try world.push(screen, onto: stack, transition: transition()) }
                case 2: try world.pop(stack, transition: transition())
                case 3: try world.popToRoot(stack, transition: transition())
                case 4:
                    let kept = projected(stack).filter { _ in Bool.random(using: &rng) }
                    let screens = (kept + free.filter { _ in Bool.random(using: &rng) }).shuffled(using: &rng)
                    try world.setStack(stack, screens: screens, transition: transition())
                case 5: _ = try world.beginInteractivePop(stack, at: Point(x: frames[which].minX + 5, y: 300), transition: transition())
                case 6: try world.updateInteractivePop(stack, translation: Float.random(in: -50...450, using: &rng))
                case 7: try world.endInteractivePop(stack, velocity: Float.random(in: -1000...1000, using: &rng))
                case 8:
                    // Despawn a released screen (possibly still in a running or queued request) and replace it.
                    if let screen = free.randomElement(using: &rng) {
                        try world.despawn(screen)
                        pool[pool.firstIndex(of: screen)!] = try world.spawnView(frame: frames[0])
                    }
                default:
                    world.run(ticks: Int.random(in: 1...6, using: &rng))
                }
            } catch {
                #expect(world.fingerprint == before.0 && stacks.map(projected) == before.1,
                        "seed \(seed): a refused call changed the world: \(error)")
            }
            let all = stacks.flatMap(projected)
            #expect(Set(all).count == all.count, "seed \(seed): \(stacks.map(projected)) list a screen twice")
            for stack in stacks where isAtRest(stack) {
                let screens = try world.screens(of: stack)
                #expect(screens == projected(stack), "seed \(seed): the stack \(screens) is not the projection \(projected(stack))")
                let drawn = world.renderList.map(\.entity).filter { screens.contains($0) }
                #expect(drawn == [screens.last!], "seed \(seed): at rest \(drawn) show of \(screens)")
            }
        }
        // Release any gesture and let everything run.
        for stack in stacks where world.navigation.projections.value(of: stack)!.interactivePop != nil {
            try world.endInteractivePop(stack, velocity: 0)
        }
        for _ in 0..<2000 where !stacks.allSatisfy(isAtRest) { world.tick() }
        world.tick()
        for stack in stacks {
            let screens = try world.screens(of: stack)
            #expect(isAtRest(stack) && screens == projected(stack), "seed \(seed)")
        }
        #expect(world.navigation.leaving.count == 0)
    }
}

@Suite("Navigation across stacks")
struct NavigationAcrossStacksTests {
    private let screenFrame = Rect(x: 0, y: 0, width: 400, height: 800)
    private let quick = NavigationTransition.slide.animation(.linear(duration: 0.1))

    /// A first stack [a, b] popping b (staged), and a second stack [other] beside it.
    private func poppingBesideSecond() throws -> (s: StackScene, other: Entity, second: Entity) {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        let other = try s.world.spawnView(frame: screenFrame)
        let second = try s.world.spawnNavigationStack(frame: screenFrame, root: other)
        try s.world.push(s.b, onto: s.stack, transition: quick)
        s.world.run(ticks: 13)
        try s.world.pop(s.stack, transition: quick)
        return (s, other, second)
    }

    @Test("a screen still leaving one stack cannot join another until its pop has run; then it can, and shows")
    func leavingScreenIsNotFree() throws {
        let (s, other, second) = try poppingBesideSecond()
        #expect(throws: PortalError.screenAlreadyInStack(s.b)) { try s.world.push(s.b, onto: second, transition: quick) }
        #expect(throws: PortalError.screenAlreadyInStack(s.b)) { try s.world.setStack(second, screens: [other, s.b]) }
        #expect(throws: PortalError.screenAlreadyInStack(s.b)) { try s.world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 10, height: 10), root: s.b) }
        try s.world.push(s.b, onto: s.stack, transition: quick)      // back onto the same stack: in order, fine
        try s.world.pop(s.stack, transition: quick)
        // The push and the second pop turn the first pop round twice (issue 26): one pop runs,
        // and b, released twice, is leaving until it completes.
        _ = s.world.drainEvents()
        var ticks = 0
        while completions(s.world).isEmpty {
            #expect(throws: PortalError.screenAlreadyInStack(s.b)) { try s.world.push(s.b, onto: second, transition: quick) }
            s.world.tick()
            ticks += 1
            if ticks > 100 { Issue.record("the pop never completed"); break }
        }
        #expect(try s.world.screens(of: s.stack) == [s.a])
        #expect(s.world.navigation.leaving.value(of: s.b) == nil)
        try s.world.push(s.b, onto: second, transition: quick)
        s.world.run(ticks: 13)
        #expect(try s.world.screens(of: second) == [other, s.b])
        #expect(s.world.renderList.contains { $0.entity == s.b } && s.world.renderList.contains { $0.entity == s.a })
        try s.world.despawn(s.stack)                                 // taking its screens' bookkeeping along
        s.world.tick()
        #expect(try s.world.presentation(of: s.b).transform == .identity)
    }

    @Test("despawning a stack despawns every screen it named (its subtree): queued pushes and a running setStack's new screens too")
    func despawnedStackFreesQueuedScreens() throws {
        let s = try StackScene()
        let d = try s.world.spawnView(frame: screenFrame)
        try s.world.setStack(s.stack, screens: [s.a, d, s.b], transition: quick)   // d arrives with the running setStack
        s.world.tick()
        try s.world.push(s.c, onto: s.stack, transition: quick)                    // queued
        try s.world.despawn(s.stack)
        for screen in [s.a, s.b, s.c, d] { #expect(!s.world.isAlive(screen)) }
        s.world.tick()
        for screen in [s.a, s.b, s.c, d] {
            #expect(!s.world.navigation.owners.index.contains(screen) && !s.world.navigation.leaving.index.contains(screen))
        }
        #expect(s.world.renderList.isEmpty)
    }

    @Test("a screen popped from one stack and pushed onto another in the same frame was shown hidden: now refused, then fine")
    func sameFrameReuse() throws {
        let (s, _, second) = try poppingBesideSecond()
        var accepted = true
        do { try s.world.push(s.b, onto: second, transition: NavigationTransition.slide.animation(.linear(duration: 0.3))) } catch {
            accepted = false
        }
        #expect(!accepted)
        // On main it was accepted: the first stack's pop, ending first, hid b and stopped its
        // push into the second stack, which showed nothing for 24 ticks.
        for tick in 1...35 where accepted {
            s.world.tick()
            #expect(s.world.renderList.contains { $0.entity == s.b }, "tick \(tick)")
        }
        s.world.run(ticks: 60)
        let onTop = try s.world.screens(of: second).last == s.b
        #expect(s.world.renderList.contains { $0.entity == s.b } == onTop)
        #expect(try s.world.presentation(of: s.b).transform == .identity)
    }
}
