// The bounded fuzz run (issue 12) and tests of the fuzzer's own parts.
//
// `fuzzBounded` runs seeded random call sequences over Portal's whole public API (see
// `Sources/PortalFuzzing/Fuzzer.swift` for what is called and what is checked) in this debug
// build, so the world's invariant checkers run after every tick. By default: seed 0 (an even
// seed, so its shadow world runs too) of 2,500 calls; with `PORTAL_LONG_TESTS=1` (CI's long step, see
// LongTests.swift) seeds 0..<16 (40,000 calls; CI's release fuzz under
// AddressSanitizer runs seeds 0..<20 more). Run it longer by hand:
//
//     PORTAL_FUZZ_SEEDS='0..<200' PORTAL_FUZZ_CALLS=5000 swift test --filter Fuzz
//
// `PORTAL_FUZZ_SEEDS` takes `A..<B`, `A...B` or one seed; `PORTAL_FUZZ_CALLS` the calls per seed;
// `PORTAL_FUZZ_IGNORE` a comma-separated list of failure classes to look past (temporary, while
// a known bug is open). A trap cannot be caught in-process, so the test runs the `portal-fuzz`
// executable (built beside this test bundle by `swift build --build-tests` / `swift test`) in a
// subprocess: it runs every seed and every shrinking candidate in a child process of its own and
// prints, for each failure class, the seed and a minimal reproducer as a Swift Testing test. If the
// executable is missing, the test runs in-process (a trap then ends the test run; its last
// "fuzz: seed S" line names the seed to replay with `swift run portal-fuzz --seeds S`).

import Foundation
import Portal
import PortalFuzzing
import Testing

@Suite struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment

    static func seeds() -> Range<UInt64> {
        guard let text = environment["PORTAL_FUZZ_SEEDS"] else { return 0..<LongTests.size(1, long: 16) }
        if let r = text.range(of: "..<") { return UInt64(text[..<r.lowerBound])!..<UInt64(text[r.upperBound...])! }
        if let r = text.range(of: "...") { return UInt64(text[..<r.lowerBound])!..<(UInt64(text[r.upperBound...])! + 1) }
        let seed = UInt64(text)!
        return seed..<(seed + 1)
    }
    static let calls = environment["PORTAL_FUZZ_CALLS"].flatMap { Int($0) } ?? 2500
    static let ignore = environment["PORTAL_FUZZ_IGNORE"].map { $0.split(separator: ",").map(String.init) } ?? []

    /// `portal-fuzz` beside the test bundle, if it was built.
    static func executable() -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("portal-fuzz").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    @Test func fuzzBounded() throws {
        let seeds = Self.seeds()
        if let executable = Self.executable() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            // Shrinking is bounded so a failing run stays a few minutes; `portal-fuzz` alone goes further.
            process.arguments = ["--seeds", "\(seeds.lowerBound)..<\(seeds.upperBound)", "--calls", "\(Self.calls)", "--max-shrink-runs", "200"]
                + Self.ignore.flatMap { ["--ignore", $0] }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            print(output)
            #expect(process.terminationStatus == 0, "portal-fuzz found failures:\n\(output)")
            return
        }
        for seed in seeds {
            print("fuzz: seed \(seed), \(Self.calls) calls (in-process)")
            guard let (failure, index) = Fuzzer.run(seed: seed, calls: Self.calls, ignore: Self.ignore) else { continue }
            let kind = Fuzzer.normalized(failure.kind)
            let minimal = Fuzzer.shrink(Array(0...index)) { candidate in
                let set = Set(candidate)
                return Fuzzer.run(seed: seed, calls: Self.calls, keep: { set.contains($0) }, ignore: Self.ignore)
                    .map { Fuzzer.normalized($0.failure.kind) } == kind
            }
            var lines: [String] = []
            let set = Set(minimal)
            let replay = Fuzzer.run(seed: seed, calls: Self.calls, keep: { set.contains($0) }, ignore: Self.ignore, sink: { lines.append($0) })
            let source = Fuzzer.testSource(seed: seed, calls: Self.calls, indices: minimal, failure: failure.kind, lines: lines,
                                           expectation: replay?.failure.expectation)
            Issue.record(Comment(rawValue: "fuzz seed \(seed): \(failure.kind) (\(failure.detail))\n" + source))
        }
    }

    /// Delta debugging ends 1-minimal: against a brute-force check of every single removal.
    @Test func shrinkIsOneMinimal() {
        var rng = SeededGenerator(seed: 12)
        for _ in 0..<200 {
            // A failure needs a random set of 1…4 calls out of 0..<60 (all of them).
            let needed = Set((0..<(1 + Int(rng.next() % 4))).map { _ in Int(rng.next() % 60) })
            var runs = 0
            let result = Fuzzer.shrink(Array(0..<60)) { candidate in
                runs += 1
                return needed.isSubset(of: candidate)
            }
            #expect(Set(result) == needed)
            #expect(result == result.sorted())
            #expect(runs < 400)
        }
    }

    /// Every check's class, to look past them all in a test about the sequence, not the world.
    static let everyCheck = ["render", "presentation", "portal", "screens", "navigation", "header", "popups", "component",
                             "event", "returns", "refused", "clip", "Clip", "parent", "children", "zoom", "pointer", "scroll", "left over",
                             "query", "hitTest", "tree-"]

    /// CI's seed 21 (the fuzzer's own bug): a view a system spawned, known to the harness only
    /// through the render list, was hidden by a hit probe, so the removal at the end, which looks
    /// for views in the render list, never found it and the run reported it left over. The 19
    /// calls its shrinking kept now end with nothing left.
    @Test func probeHiddenViewIsRemovedAtTheEnd() {
        let kept = Set(Fuzzer.decode("89,135,139,155,162,203,289,292,308,407,410,419,423,427,477-478,829,837,844"))
        var lines: [String] = []
        let failure = Fuzzer.run(seed: 21, calls: 2500, keep: { kept.contains($0) }, sink: { lines.append($0) })
        #expect(failure == nil, "\(failure.map { "\($0.failure.kind) after call #\($0.index)" } ?? "")")
        // The probe hid the system's view, and the removal despawned it.
        let hidden = lines.contains("try world.setHidden(true, of: Entity(bits: 0x26))")
        let despawned = lines.contains("try world.despawn(Entity(bits: 0x26))")
        #expect(hidden && despawned)
    }

    @Test func indicesRoundTrip() {
        let indices = [0, 1, 2, 3, 7, 9, 10, 11, 40]
        #expect(Fuzzer.encode(indices) == "0-3,7,9-11,40")
        #expect(Fuzzer.decode(Fuzzer.encode(indices)) == indices)
        #expect(Fuzzer.decode("5") == [5])
    }

    /// A sequence depends on its seed only: two runs print the same Swift, a subsequence replays
    /// the same calls, and a different seed gives different calls.
    @Test func sequencesReplay() {
        let everyCheck = Self.everyCheck
        func lines(_ seed: UInt64, keep: @escaping (Int) -> Bool = { _ in true }) -> [String] {
            var lines: [String] = []
            _ = Fuzzer.run(seed: seed, calls: 300, keep: keep, ignore: everyCheck, sink: { lines.append($0) })
            return lines
        }
        let full = lines(3)
        #expect(full.count > 100)
        #expect(full == lines(3))
        #expect(full != lines(4))
        // Up to the clean-up after the last call (`checkCleanup`), which both runs end with.
        let firstHalf = Array(lines(3, keep: { $0 < 150 }).prefix { $0 != "// remove everything" })
        #expect(firstHalf.count > 50)
        #expect(Array(full.prefix(firstHalf.count)) == firstHalf)
    }

    /// The Swift of seed 7's 3,000 calls (every check looked past), made once for the two tests
    /// of what the generator makes: its tree calls and its input calls both reach their counts
    /// there.
    static let sample: [String] = {
        var lines: [String] = []
        _ = Fuzzer.run(seed: 7, calls: 3000, ignore: everyCheck, sink: { lines.append($0) })
        return lines
    }()

    /// How many of the sample's accepted calls contain `text`.
    static func accepted(_ text: String) -> Int {
        sample.filter { !$0.hasPrefix("//") && $0.contains(text) && !$0.contains("#expect(throws:") }.count
    }

    /// How many of the sample's refused calls contain `text`.
    static func refused(_ text: String) -> Int {
        sample.filter { !$0.hasPrefix("//") && $0.contains(text) && $0.contains("#expect(throws:") }.count
    }

    /// The sample is 3,000 calls of the generator with every check run (about 40 s in a debug
    /// build), so the two tests that read it run with the long campaigns (`PORTAL_LONG_TESTS=1`,
    /// as CI runs them), not in the everyday loop.
    static let sampleIsRun = LongTests.enabled

    /// The tree calls are generated and mostly accepted: a seed's Swift spawns nested views,
    /// reparents, scrolls and clips them, and taps nested items — and the calls of the other kinds
    /// still make up most of the sequence.
    @Test(.enabled(if: sampleIsRun)) func treeCallsAreExercised() {
        let lines = Self.sample
        #expect(Self.accepted(", in: e") >= 10)            // views spawned inside a parent
        #expect(Self.accepted("world.setParent(e") >= 3)
        #expect(Self.refused("world.setParent(") >= 1)      // cycles, dead or Portal-owned parents
        #expect(Self.accepted("world.setContentOffset(") >= 5)
        #expect(Self.accepted("contentOffset: Point(") >= 5)
        #expect(Self.refused("world.setContentOffset(") >= 1)
        #expect(Self.accepted("world.setClipsToBounds(true") >= 3)
        #expect(Self.accepted("world.children(of: ") >= 3)
        #expect(lines.contains { $0.hasPrefix("// the centre of world.renderList[") })
        #expect(lines.filter { !$0.hasPrefix("//") && ($0.contains("world.portal") || $0.contains("world.push(") || $0.contains("world.presentPopup(")) }.count >= 150)
    }

    /// The input calls (issue 26) are generated and mostly accepted: pointers go down, move and
    /// lift (and hostile ones are refused), pans are taken by stacks and by scroll views, scroll
    /// views are made and scrolled, flights follow stacks, zooms push and pop, and interactive pops
    /// begin mid-transition.
    @Test(.enabled(if: sampleIsRun)) func inputCallsAreExercised() {
        let lines = Self.sample
        #expect(Self.accepted("world.pointer(PointerEvent(") >= 100)
        #expect(Self.refused("world.pointer(PointerEvent(") >= 5)
        #expect(Self.accepted("phase: .began") >= 20 && Self.accepted("phase: .ended") >= 10 && Self.accepted("phase: .cancelled") >= 1)
        #expect(lines.filter { $0.hasPrefix("// pointer ") && $0.contains("(a stack)") }.count >= 2)
        #expect(lines.filter { $0.hasPrefix("// pointer ") && $0.contains("(a scroll view)") }.count >= 2)
        #expect(Self.accepted("world.makeScrollView(") >= 5)
        #expect(Self.refused("world.makeScrollView(") >= 1)
        #expect(Self.accepted("world.scroll(") >= 1 && Self.refused("world.scroll(") >= 1)
        #expect(Self.accepted("c.following = ") >= 5)
        #expect(Self.accepted("world.push(q") >= 5)   // zoom scenes
        #expect(Self.accepted("transition: NavigationTransition.zoom(source: ") >= 10)
        #expect(Self.refused("transition: NavigationTransition.zoom(source: ") >= 1)
        #expect(Self.accepted("world.beginInteractivePop(") >= 3)
        // Issue 32's classes: queries then staged changes then presses, hidden and transparent
        // flying layers, same-frame configurations, popup content made a stack's root.
        #expect(lines.filter { $0.hasSuffix("queried, changed, then pressed") }.count >= 5)
        #expect(Self.accepted("world.portalTransition(id: \"veil") >= 3)
        #expect(Self.accepted("world.setHidden(true, of: layer") >= 1)
        #expect(Self.accepted("effects: [.opacity(0, animation: .linear(duration: 0.01))]") >= 1)
        #expect(Self.accepted("world.portalTransition(id: \"same") >= 1 && Self.accepted("world.spawnScreen(for: s") >= 1)
        #expect(Self.accepted("world.presentPopup(e") >= 3 && Self.accepted("height: 600), root: e") >= 1)
        #expect(lines.contains("// remove everything"))
    }

    /// Failure classes lose their numbers, so a shrunk sequence must keep the class, not the entity.
    @Test func failureClassesAreNormalized() {
        #expect(Fuzzer.normalized("Glow: holds Entity(11v0), line 72") == "Glow: holds Entity(#v#), line #")
    }
}

