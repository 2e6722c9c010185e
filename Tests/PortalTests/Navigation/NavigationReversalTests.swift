import Foundation
import Testing
@testable import Portal

// Interruptible navigation (issue 26): a request that asks for the screens a running transition
// started from turns it round from where it is, velocity-continuous; a finger catches a running
// push or pop. Every tick is checked against a closed form: the timing curve (UnitCurve's value,
// its slope by a central difference), and the damped spring's solution.

private let width: Float = 400
private let dt = 1.0 / 120
private let duration = 0.5
private let eased = NavigationTransition.slide.animation(.easeInOut(duration: duration))

/// The ease-in-out push of b over [a] by `.slide`: b's x translation and velocity (pt/s) after `k` ticks.
private func curveB(_ k: Int) -> (x: Double, v: Double) {
    let f = Double(k) * dt / duration, h = 1e-6
    let slope = (UnitCurve.easeInOut.value(at: f + h) - UnitCurve.easeInOut.value(at: f - h)) / (2 * h)
    return (Double(width) * (1 - UnitCurve.easeInOut.value(at: f)), -Double(width) * slope / duration)
}

/// A damped spring's offset from its target and velocity, `t` seconds after it had offset `d0`
/// and velocity `v0` (mass 1, natural frequency `omega`, damping ratio `zeta` ≤ 1).
private func spring(omega: Double, zeta: Double, d0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
    if zeta == 1 {
        let e = exp(-omega * t)
        return ((d0 + (v0 + omega * d0) * t) * e, (v0 - omega * (v0 + omega * d0) * t) * e)
    }
    let wd = omega * (1 - zeta * zeta).squareRoot(), e = exp(-zeta * omega * t)
    let (c, s) = (cos(wd * t), sin(wd * t))
    return (e * (d0 * c + (v0 + zeta * omega * d0) / wd * s), e * (v0 * c - (zeta * omega * v0 + omega * omega * d0) / wd * s))
}

/// The reversal of a curve of `duration`: the critically damped spring of that duration.
private let reversalOmega = 2 * Double.pi / duration

private func events(_ world: World) -> (starts: [NavigationEvent], completions: [NavigationEvent], releases: [InteractivePopDecision]) {
    var result: ([NavigationEvent], [NavigationEvent], [InteractivePopDecision]) = ([], [], [])
    for event in world.drainEvents() {
        switch event {
        case let .navigationWillStart(e): result.0.append(e)
        case let .navigationDidComplete(e): result.1.append(e)
        case let .interactivePopDidEnd(d, _): result.2.append(d)
        default: break
        }
    }
    return result
}

private func x(_ s: StackScene, _ e: Entity) throws -> Double { Double(try s.world.presentation(of: e).transform.translation.x) }

@Suite("Navigation reversal")
struct NavigationReversalTests {
    /// [a] pushing b with the ease-in-out slide; b holds a title (a child, as a header's parts are).
    private func pushing() throws -> (StackScene, title: Entity) {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        let title = try s.world.spawnView(frame: Rect(x: 16, y: 60, width: 200, height: 40), in: s.b)
        s.world.tick()
        _ = s.world.drainEvents()
        try s.world.push(s.b, onto: s.stack, transition: eased)
        return (s, title)
    }

    @Test("a pop during a push turns it round: the critically damped spring of the curve's duration, from b's presented x and velocity",
          arguments: [6, 18, 30, 42, 54])
    func popTurnsPushRound(at r: Int) throws {
        let (s, title) = try pushing()
        var xs: [Double] = [Double(width)]
        for k in 1...r {
            s.world.tick()
            xs.append(try x(s, s.b))
            #expect(abs(xs[k] - curveB(k).x) < 1e-2, "tick \(k): \(xs[k]) vs \(curveB(k).x)")
        }
        let (xr, vr) = curveB(r)
        let pr = 1 - xr / Double(width), vp = -vr / Double(width)   // the progress and its velocity
        _ = s.world.drainEvents()
        try s.world.pop(s.stack, transition: .fade(.cross))          // its own transition is not used
        var completed: NavigationEvent?
        var k = 0
        while completed == nil && k < 300 {
            k += 1
            s.world.tick()
            let e = events(s.world)
            #expect(e.starts.isEmpty, "no transition starts: the push turns round")
            completed = e.completions.first
            if completed != nil { break }
            let model = spring(omega: reversalOmega, zeta: 1, d0: xr - Double(width), v0: vr, t: Double(k) * dt)
            let now = try x(s, s.b)
            xs.append(now)
            #expect(abs(now - (Double(width) + model.x)) < 2e-2, "r \(r), tick \(k) after: \(now) vs \(Double(width) + model.x)")
            // a follows the same progress: −width·p; the progress is the same spring in its own units.
            let p = spring(omega: reversalOmega, zeta: 1, d0: pr, v0: vp, t: Double(k) * dt).x
            #expect(abs(try x(s, s.a) + Double(width) * p) < 2e-2)
            #expect(abs(Double(try s.world.navigationProgress(of: s.stack)!) - p) < 1e-4)
            // The title rides its screen.
            #expect(abs(Double(try s.world.presentation(of: title).globalFrame.minX) - (now + 16)) < 1e-3)
        }
        // Position and velocity continuous at the turn: the first tick after it moves by v·dt, to
        // within the spring's acceleration there (a restart from rest would move by about 0).
        let a0 = -reversalOmega * reversalOmega * (xr - Double(width)) - 2 * reversalOmega * vr
        #expect(abs((xs[r + 1] - xs[r]) / dt - vr) <= abs(a0) * dt, "r \(r): \((xs[r + 1] - xs[r]) / dt) vs \(vr)")
        // It completes once, as the push cancelled; b leaves the stack, both at rest.
        #expect(completed?.operation == .push && completed?.wasCancelled == true && completed?.from == s.a && completed?.to == s.b)
        #expect(try s.world.screens(of: s.stack) == [s.a] && s.drawn == [s.a])
        #expect(try x(s, s.a) == 0 && x(s, s.b) == 0)
        #expect(s.world.navigation.leaving.count == 0 && s.world.navigation.owners.value(of: s.b) == nil)
        try s.world.push(s.b, onto: s.stack)     // free again
    }

    @Test("a spring push turns round on its own spring, keeping its velocity; pushed again, it turns back and completes",
          arguments: [10, 25, 40])
    func springTurnsTwice(at r: Int) throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        let bouncy = Spring(duration: 0.5, bounce: 0.3)
        let (omega, zeta) = (2 * Double.pi / 0.5, 0.7)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(.spring(bouncy)))
        var state = (x: Double(width), v: 0.0, target: 0.0, since: 0)
        func check(_ label: String) throws {
            let model = spring(omega: omega, zeta: zeta, d0: state.x - state.target, v0: state.v, t: Double(state.since) * dt)
            let now = try x(s, s.b)
            #expect(abs(now - (state.target + model.x)) < 2e-2, "\(label): \(now) vs \(state.target + model.x)")
        }
        func turn(to target: Double) {
            let model = spring(omega: omega, zeta: zeta, d0: state.x - state.target, v0: state.v, t: Double(state.since) * dt)
            state = (state.target + model.x, model.v, target, 0)
        }
        for k in 1...r { s.world.tick(); state.since += 1; try check("push tick \(k)") }
        turn(to: Double(width))
        _ = s.world.drainEvents()
        try s.world.pop(s.stack)
        for k in 1...12 { s.world.tick(); state.since += 1; try check("turned, tick \(k)") }
        turn(to: 0)
        try s.world.push(s.b, onto: s.stack)
        var done: NavigationEvent?
        for k in 1...400 {
            s.world.tick()
            let e = events(s.world)
            #expect(e.starts.isEmpty)
            if let c = e.completions.first { done = c; break }
            state.since += 1
            try check("turned back, tick \(k)")
        }
        #expect(done?.operation == .push && done?.wasCancelled == false)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b] && s.drawn == [s.b])
        #expect(try x(s, s.b) == 0 && s.world.navigation.leaving.count == 0)
    }

    @Test("a push of the screen a pop takes away turns the pop round: it completes cancelled and the screen stays")
    func pushTurnsPopRound() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 13)
        _ = s.world.drainEvents()
        try s.world.pop(s.stack, transition: eased)
        s.world.run(ticks: 20)
        let before = events(s.world)
        #expect(before.starts.count == 1 && before.starts[0].operation == .pop)
        let xr = try x(s, s.b)
        #expect(abs(xr - (Double(width) - curveB(20).x)) < 1e-2)    // b leaves to the right: width·y
        try s.world.push(s.b, onto: s.stack, transition: .fade(.cross))
        var done: NavigationEvent?
        for _ in 0..<300 where done == nil { s.world.tick(); done = events(s.world).completions.first }
        #expect(done?.operation == .pop && done?.wasCancelled == true)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b] && s.drawn == [s.b] && x(s, s.b) == 0)
        #expect(s.world.navigation.leaving.count == 0)
        try s.world.pop(s.stack)    // b can be popped again
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a])
    }

    @Test("which requests turn a transition round and which queue")
    func rules() throws {
        // setStack back to the start and pop to root back to the start turn a push round.
        for turning in [0, 1] {
            let (s, _) = try pushing()
            s.world.run(ticks: 20)
            if turning == 0 { try s.world.setStack(s.stack, screens: [s.a]) } else { try s.world.popToRoot(s.stack) }
            var e = events(s.world)
            for _ in 0..<300 where e.completions.isEmpty { s.world.tick(); e = events(s.world) }
            #expect(e.starts.isEmpty && e.completions.count == 1 && e.completions[0].wasCancelled)
            #expect(try s.world.screens(of: s.stack) == [s.a])
        }
        // A push of a third screen queues; so does a pop to root past the start, and a pop behind a queued request.
        let (s, _) = try pushing()
        try s.world.setHidden(false, of: s.c)
        s.world.run(ticks: 20)
        try s.world.push(s.c, onto: s.stack, transition: eased)
        try s.world.popToRoot(s.stack, transition: eased)
        s.world.tick()
        #expect(abs(try x(s, s.b) - curveB(21).x) < 1e-2)       // the push runs on, untouched
        var completions: [NavigationEvent] = []
        for _ in 0..<400 where completions.count < 3 { s.world.tick(); completions += events(s.world).completions }
        #expect(completions.map(\.operation) == [.push, .push, .pop] && completions.allSatisfy { !$0.wasCancelled })
        #expect(try s.world.screens(of: s.stack) == [s.a] && s.drawn == [s.a])
        #expect(s.world.navigation.leaving.count == 0)
    }

    // MARK: Catching

    @Test("beginInteractivePop during a push catches it: the finger moves b from where it was; finishing the pop cancels the push",
          arguments: [true, false])
    func catchPush(finishes: Bool) throws {
        let (s, title) = try pushing()
        let r = 24
        s.world.run(ticks: r)
        let xr = curveB(r).x
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 5, y: 300)))
        #expect(throws: PortalError.interactivePopInProgress(s.stack)) { try s.world.pop(s.stack) }
        s.world.tick()
        #expect(abs(try x(s, s.b) - xr) < 1e-2, "caught where it was")
        s.world.run(ticks: 5)
        #expect(abs(try x(s, s.b) - xr) < 1e-2, "and held there")
        try s.world.updateInteractivePop(s.stack, translation: 40)
        s.world.tick()
        let q = Double(Float(1 - (1 - xr / Double(width))) + 0.1)   // the pop's progress: where b is, plus 40 pt
        #expect(abs(try x(s, s.b) - (xr + 40)) < 2e-2)
        #expect(abs(try x(s, s.a) + Double(width) * (1 - q)) < 2e-2)
        _ = s.world.drainEvents()
        let decision = try s.world.endInteractivePop(s.stack, velocity: finishes ? 0 : -300)
        #expect(decision.finishes == finishes && abs(Double(decision.progress) - q) < 1e-4)
        // The rest, with the push's own curve: to width (the push undone) over (1 − q) of the
        // time at speed 0.99, or back to 0 (the push finished) over q of it at speed 1.
        let (seconds, from, to) = finishes ? ((1 - q) * duration / 0.99, xr + 40, Double(width)) : (q * duration, xr + 40, 0)
        var done: NavigationEvent?, k = 0
        while done == nil && k < 200 {
            k += 1
            s.world.tick()
            let e = events(s.world)
            done = e.completions.first
            if k == 1 { #expect(e.releases == [decision]) }
            guard done == nil else { break }
            let expected = from + (to - from) * UnitCurve.easeInOut.value(at: Double(k) * dt / seconds)
            let now = try x(s, s.b)
            #expect(abs(now - expected) < 2e-2, "tick \(k): \(now) vs \(expected)")
        }
        #expect(k == Int((seconds / dt - 1e-9).rounded(.up)))
        #expect(done?.operation == .push && done?.wasCancelled == finishes)
        #expect(try s.world.screens(of: s.stack) == (finishes ? [s.a] : [s.a, s.b]))
        #expect(s.drawn == (finishes ? [s.a] : [s.b, title]))
        #expect(s.world.navigation.leaving.count == 0)
    }

    @Test("beginInteractivePop during a pop catches it: the popped screen is back in the stack until the release decides")
    func catchPop() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 13)
        try s.world.pop(s.stack, transition: eased)
        s.world.run(ticks: 30)
        let xr = Double(width) - curveB(30).x
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 5, y: 300)))
        try s.world.updateInteractivePop(s.stack, translation: -40)
        s.world.tick()
        #expect(abs(try x(s, s.b) - (xr - 40)) < 2e-2)
        // b is in the stack again as far as calls go: the release decides.
        #expect(throws: PortalError.screenAlreadyInStack(s.b)) { try s.world.push(s.b, onto: s.stack) }
        _ = s.world.drainEvents()
        try s.world.endInteractivePop(s.stack, velocity: -300)
        var done: NavigationEvent?
        for _ in 0..<200 where done == nil { s.world.tick(); done = events(s.world).completions.first }
        #expect(done?.operation == .pop && done?.wasCancelled == true)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b] && s.drawn == [s.b] && s.world.navigation.leaving.count == 0)
        try s.world.pop(s.stack)
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a] && s.world.navigation.leaving.count == 0)
    }

    @Test("a pop to root of two screens, or a transition with requests queued behind it, cannot be caught")
    func notCaught() throws {
        let s = try StackScene()
        for v in [s.b, s.c] { try s.world.setHidden(false, of: v) }
        try s.world.setStack(s.stack, screens: [s.a, s.b, s.c], transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 13)
        try s.world.popToRoot(s.stack, transition: eased)
        s.world.run(ticks: 10)
        // The projection holds the root alone: nothing to pop.
        #expect(throws: PortalError.cannotPopRoot(s.stack)) { try s.world.beginInteractivePop(s.stack, at: Point(x: 5, y: 300)) }
        s.world.run(ticks: 60)
        try s.world.push(s.b, onto: s.stack, transition: eased)
        s.world.run(ticks: 10)
        try s.world.push(s.c, onto: s.stack, transition: eased)     // queued
        s.world.tick()
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 5, y: 300)) == false)
    }
}
