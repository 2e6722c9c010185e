// PortalFuzzing: the engine of Portal's fuzzer (issue 12), shared by the bounded fuzz test
// (`Tests/PortalTests/Library/FuzzTests.swift`) and the `portal-fuzz` executable. It uses Portal's public
// API only, so it builds in release (and with AddressSanitizer) as well as in debug, where the
// world's invariant checkers run after every tick.
//
// - `Generator` makes a call sequence from a seed alone: calls refer to entities by *variable*
//   (the entity the call at index i returned or captured), so a sequence with calls dropped is
//   still meaningful (a call whose variable was never bound is skipped) and the calls that remain
//   are unchanged — what shrinking needs. The view tree's calls (`spawnView(in:)`, `setParent`
//   with cycles, dead, Portal-owned and nil parents, `parent(of:)`, `children(of:)`,
//   `setContentOffset` and animated content offsets with hostile values, `setClipsToBounds`,
//   `clipList`/`withClipList`, despawning parents of deep subtrees, and hit tests and taps at the
//   centre of a drawn — often nested — item) come from a second stream seeded from the seed, so
//   the other calls are drawn as they were before the tree (they can name tree views, which puts
//   portal anchors, stack screens, popup sources and header parts inside subtrees). The same
//   stream makes layout captures (`setFrames` from an array or a buffer, with a bad handle or
//   frame now and then, so a whole batch is refused), and issue 22's input classes: parents
//   scaled by pairs whose inverse rounds m33 off 1, for `setParent(keepingGlobalFrame: true)`,
//   with a shadow check on fresh views (a root view under a positively scaled root parent is
//   drawn where it was; under any other its local frame is kept and `globalFrameNotKept` is
//   reported); anchors' parents turned past 90° in 3D while the anchors' radii animate and
//   their portals fly; tree views as anchors; flights whose layer shows a tree view's subtree,
//   which the tree's despawns then take away while other roots are copied. Two composite calls
//   build the last two scenarios on fresh views with random frames, angles, animations and
//   timings (each found its failure within a few hundred calls with its fix taken out).
// - A third stream makes the input calls (issue 26): raw pointer events (several pointers; down,
//   move, lift, cancel; frame steps, none, backwards, long and hostile times and positions;
//   phases a pointer is not in), aimed at views, stacks' leading edges, scroll views, portal
//   destinations and sources, flying layers and render items (a grid of hit tests finds a point
//   where the press lands on its target); pans of a press and moves a tick apart, lifted,
//   cancelled or left down; scroll views made (hostile configurations too), removed, scrolled
//   and read, and scroll scenes a finger pans; portal flights that follow a stack
//   (`following:`); zoom pushes and pops out of portal anchors or plain views; zoom scenes out
//   of a fresh root view, with the source despawned, a zoom or slide pop, an interactive pop
//   catching it or another push mid-zoom; and interruptions: a push, then mid-transition a
//   pop, a push, a pop to the root, an interactive pop (begun, moved, ended) catching it or a
//   pop, or a finger pan from the stack's edge once it landed.
// - `Execution` runs a sequence against a fresh `World`, records every call as Swift, and checks:
//   after every call, that a refused call (a `PortalError`) left a fingerprint of the observable
//   state unchanged; after every tick (`tick()`, `advance(by:)`), that every render item,
//   presentation and progress is finite and in range (opacity 0…1, sizes and radii ≥ 0), that no
//   entity already dead when the tick ran is in the render list, `portalLayers()`, `screens(of:)`,
//   `presentedPopups`, a component table, `parent(of:)` or `children(of:)`, and that events come in
//   tick order and never carry a future tick; that every render item's and presentation's global
//   transform is finite, every item's `clip` is −1 or an index into `clipList`, every clip's parent
//   is −1 or an earlier clip (so every chain ends) with finite values, and `withClipList` sees
//   `clipList`; after every query (`hitTest`, `tap`, `screens(of:)`, `forEach`, `parent(of:)`,
//   `children(of:)`), that it returns no dead entity. The refused-call fingerprint includes the
//   tree (parents, children, global transforms, clips).
//   After every tick also: at most one of each portal's source, layer and destination is drawn
//   (`isDrawn`; a landing view under a `.fade` removal's fading layer and reduced motion's
//   cross-fade excepted, as `PortalPhase.visibility` documents), a zoom scene's source is drawn
//   whenever no stack's transition runs and hidden while its own zoom runs, and no pointer's pan
//   is owned by a dead entity. After the whole sequence (`checkCleanup`): with every system
//   removed, every pointer cancelled and every entity despawned, nothing is left — no entity,
//   view, render item, layer, popup, animation, track or pointer, and the world idle (no flight,
//   transition, scroll motion or press waiting) — within 120 ticks, past which only portal
//   layers still flying may remain. A trace of the session replays bit for bit:
//   `TraceRoundTripTests` records `session(seed:calls:world:)` and replays it.
// - Issue 32's classes (`Findings.swift`): even seeds run the world's *shadow* too (the same
//   calls without the read-only ones; after every tick the render lists and events must
//   agree), every `hitTest` answers a drawn view (a portal layer only where it shows), the
//   render list keeps its tree order (roots by band then z index, each followed by its whole
//   subtree), and composite calls aim at hidden and transparent flying layers, same-frame
//   configurations and popup content reused as a stack's root.
// - `Fuzzer.shrink` is delta debugging over the kept call indices with a caller-given oracle, so
//   the oracle can run each candidate in a subprocess (a trap cannot be caught in-process; see
//   `Sources/PortalFuzz/main.swift`).

import Portal

/// The fuzzer's entry points.
public enum Fuzzer {
    /// The call sequence for `seed` (only its length is configurable).
    static func sequence(seed: UInt64, calls: Int) -> [Op] {
        Generator.sequence(seed: seed, calls: calls)
    }

    /// Runs the calls of `seed`'s sequence whose indices `keep` accepts, against a fresh world.
    ///
    /// - Parameters:
    ///   - trace: called with each call's index before it runs (a trap handler can report it).
    ///   - sink: receives each line of the Swift reproducer as soon as it is known.
    /// - Returns: the first failure and the index of the call after which it was seen, or nil.
    ///   - ignore: failure classes to look past (a class containing one of these strings passes).
    public static func run(seed: UInt64, calls: Int, keep: (Int) -> Bool = { _ in true }, ignore: [String] = [],
                           trace: ((Int) -> Void)? = nil,
                           sink: ((String) -> Void)? = nil) -> (failure: Failure, index: Int)? {
        let ops = sequence(seed: seed, calls: calls)
        let execution = Execution()
        execution.ignore = ignore
        execution.sink = sink
        // Odd seeds record their calls, so the recorder runs under every kind of call (systems
        // calling mid-tick included) and the trace must parse at the end.
        if seed % 2 == 1 { execution.startRecording() }
        var last = -1
        if let failure = execution.run(ops, keep: keep, trace: { last = $0; trace?($0) }) {
            return (failure, last)
        }
        // Even seeds run a shadow world too: the same calls without the read-only ones
        // (issue 32: a query between ticks must change nothing a later tick shows).
        // (Not run when its class is ignored: a caller that ignores every check only reads the calls.)
        let shadowKind = "a query changed the world: its shadow, without the queries, diverged"
        if seed % 2 == 0, !ignore.contains(where: { shadowKind.contains($0) }),
           let call = Execution.shadowDivergence(ops, keep: keep, main: execution, digests: execution.tickDigests.count),
           let failure = execution.flag(shadowKind, "after call \(call)",
                                        "// the same calls without the read-only ones (hitTest, presentation, parent(of:), …) draw another render list") {
            return (failure, call)
        }
        if let failure = execution.checkCleanup() { return (failure, last) }
        if let text = execution.world.recordedTrace, let failure = execution.checkTrace(text) { return (failure, last) }
        return nil
    }

    /// Drives `world` with the calls of `seed`'s sequence (checking after each as ``run``
    /// does), leaving out the calls that are code rather than data — systems and user
    /// components — so that a trace recorded from `world` holds the whole session. `events`
    /// receives the events the checks drain after each tick.
    ///
    /// - Returns: the first failure, or nil.
    public static func session(seed: UInt64, calls: Int, world: World, events: ((WorldEvent) -> Void)? = nil) -> Failure? {
        let ops = sequence(seed: seed, calls: calls)
        let execution = Execution(world: world)
        execution.eventSink = events
        execution.seesAllEvents = false
        return execution.run(ops, keep: { !ops[$0].isCode })
    }

    /// The custom atomic transitions the fuzzer's calls use, by name (a replay of a session's
    /// trace needs them: a custom transition is code).
    public static let atomicTransitions: [String: AtomicTransition.Handler] = [
        "fuzz": { view, _, container in view.initial.translate(x: container.width / 2); view.animation.opacity = 0.5 },
    ]

    /// The custom navigation transitions the fuzzer's calls use, by name.
    public static let navigationTransitions: [String: NavigationTransition.Handler] = [
        "fuzz": { from, to, operation, container in
            from.animation.opacity = 0
            to.initial.translate(x: operation == .push ? container.width : -container.width)
        },
    ]

    /// Delta debugging: the smallest subsequence of `indices` (1-minimal: no single call can be
    /// dropped) for which `fails` still holds. `fails(indices)` must be true.
    public static func shrink(_ indices: [Int], fails: ([Int]) -> Bool) -> [Int] {
        var current = indices
        var chunk = max(current.count / 2, 1)
        while true {
            var removed = false
            var start = 0
            while start < current.count {
                let end = min(start + chunk, current.count)
                let candidate = Array(current[..<start] + current[end...])
                if !candidate.isEmpty, fails(candidate) {
                    current = candidate
                    removed = true
                } else {
                    start = end
                }
            }
            if chunk == 1 {
                if !removed { return current }
            } else {
                chunk = max(chunk / 2, 1)
            }
        }
    }

    /// A failure's class with the numbers taken out, so that shrinking keeps the same class.
    public static func normalized(_ kind: String) -> String {
        var result = ""
        for character in kind where !(character.isNumber && result.last == "#") {
            result.append(character.isNumber ? "#" : character)
        }
        return result
    }

    /// Call indices as text ("0-10,12,15-20"), for a command line.
    public static func encode(_ indices: [Int]) -> String {
        var parts: [String] = []
        var i = 0
        while i < indices.count {
            var j = i
            while j + 1 < indices.count, indices[j + 1] == indices[j] + 1 { j += 1 }
            parts.append(i == j ? "\(indices[i])" : "\(indices[i])-\(indices[j])")
            i = j + 1
        }
        return parts.joined(separator: ",")
    }

    /// The inverse of ``encode(_:)``.
    public static func decode(_ text: String) -> [Int] {
        text.split(separator: ",").flatMap { part -> [Int] in
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            return bounds.count == 2 ? Array(bounds[0]...bounds[1]) : bounds
        }
    }

    /// The reproducer as a Swift Testing test: `lines` as recorded, with each run of `tick()`
    /// and `advance(by:)` calls folded into one loop of the ticks they ran (the world sees the same
    /// ticks between the same calls; only the frame-time events differ).
    public static func testSource(seed: UInt64, calls: Int, indices: [Int], failure: String, lines: [String],
                                  expectation: String? = nil) -> String {
        var body: [String] = []
        var ticks = 0
        func flush() {
            if ticks == 1 { body.append("world.tick()") }
            if ticks > 1 { body.append("for _ in 0..<\(ticks) { world.tick() }") }
            ticks = 0
        }
        let pending = Execution.pending
        for (k, line) in lines.enumerated() {
            if line.hasPrefix(pending) {
                if k == lines.count - 1 { flush(); body.append("try " + line.dropFirst(pending.count) + "  // the process traps in this call") }
                continue
            }
            if line == "world.tick()" { ticks += 1; continue }
            // `advance(by:)` becomes the ticks it ran, unless it is the last line (a trap inside it).
            if line.hasPrefix(Execution.ran) { ticks += Int(line.dropFirst(Execution.ran.count)) ?? 0; continue }
            if line.hasPrefix("world.advance(by:"), k + 1 < lines.count, lines[k + 1].hasPrefix(Execution.ran) { continue }
            flush()
            body.append(line)
        }
        flush()
        if let expectation { body += expectation.split(separator: "\n").map(String.init) }
        return """
            // portal-fuzz seed \(seed), \(calls) calls, kept calls \(encode(indices))
            // \(failure)
            // (declare `struct Glow { var level: Int }` and `struct Item: Identifiable { let id: Int }` beside the test)
            @Test func fuzzSeed\(seed)() throws {
                let world = World()
            \(body.map { "    " + $0 }.joined(separator: "\n"))
            }
            """
    }
}
