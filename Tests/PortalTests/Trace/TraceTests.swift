import Foundation
import Portal
import PortalFuzzing
@testable import PortalTesting
import Testing

/// Every render list and event a world produces, bit for bit, collected by an output-stage
/// system (it sees each tick's list as the tick ends).
final class FrameLog {
    var frames: [[UInt64]] = []
    var events: [WorldEvent] = []

    func attach(to world: World) {
        world.addSystem("frame log", stage: .output) { [self] world in
            var digest: [UInt64] = [world.tickCount]
            for item in world.renderList {
                digest.append(item.entity.bits)
                digest.append(item.content.bits)
                let g = item.globalTransform, t = item.transform
                for v in [item.frame.origin.x, item.frame.origin.y, item.frame.size.width, item.frame.size.height,
                          item.cornerRadius, item.opacity, item.shadowRadius, t.translation.x, t.translation.y, t.scaleX, t.scaleY,
                          t.rotation.radians, t.zPosition, t.rotation3D.angle.radians, t.rotation3D.perspective,
                          g.m11, g.m12, g.m13, g.m21, g.m22, g.m23, g.m31, g.m32, g.m33] {
                    digest.append(UInt64(v.bitPattern))
                }
                digest.append(UInt64(UInt32(bitPattern: item.zIndex)) << 8 | (item.allowsHitTesting ? 1 : 0) << 1 | (item.clipsContent ? 1 : 0))
                digest.append(UInt64(UInt32(bitPattern: item.clip)))
            }
            for clip in world.clipList {
                let t = clip.transform
                for v in [clip.size.width, clip.size.height, clip.cornerRadius, t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33] {
                    digest.append(UInt64(v.bitPattern))
                }
                digest.append(UInt64(UInt32(bitPattern: clip.parent)))
            }
            self.frames.append(digest)
            self.events.append(contentsOf: world.drainEvents())
        }
    }
}

@Suite struct TraceTests {
    @Test func numbersRoundTripBitForBit() throws {
        var specials: [Float] = [0, -0, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                 .leastNormalMagnitude, .greatestFiniteMagnitude, 0.1, 1.0 / 3, .pi, Float(bitPattern: 0x0001_0000)]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { specials.append(Float(bitPattern: rng.next())) }
        for v in specials where !v.isNaN {
            let parsed = try #require(Float(v.description))
            #expect(parsed.bitPattern == v.bitPattern, "\(v)")
            var text = ""
            v.write(to: &text)
            #expect(text == v.description)
        }
        var doubles: [Double] = [0, -0, .infinity, -.infinity, .leastNonzeroMagnitude, 1.0 / 120, 1.0 / 60]
        for _ in 0..<20_000 { doubles.append(Double(bitPattern: rng.next())) }
        for v in doubles where !v.isNaN {
            #expect(try #require(Double(v.description)).bitPattern == v.bitPattern, "\(v)")
        }
        // NaN is written `nan` and read back as a NaN (its payload is not kept: no call accepts one).
        #expect(Float("nan")?.isNaN == true)
        #expect(Double("nan")?.isNaN == true)
        #expect(Float("-0.0")?.sign == .minus)
    }

    @Test func aSmallSessionReplays() throws {
        let world = World()
        try world.startRecording()
        let card = try world.spawnView(frame: Rect(x: 20, y: 30, width: 90, height: 90), cornerRadius: 6)
        try world.animate(card, to: ViewProperties(frame: Rect(x: 290, y: 170, width: 110, height: 110), opacity: 0.4), with: .smooth)
        #expect(throws: PortalError.self) { try world.setFrame(Rect(x: .nan, y: 0, width: 1, height: 1), of: card) }
        world.advance(by: 1.0 / 60)
        world.tick()
        let text = try #require(world.stopRecording())
        print(text)
        let replayed = try Trace(text).replay()
        #expect(replayed.renderList == world.renderList)
    }
}

@Suite struct TraceRoundTripTests {
    /// A seeded random session of every feature's calls (the fuzzer's, less systems and user
    /// components), recorded, replayed on a fresh world: every render list, clip list and event
    /// is the same bit for bit, and the trace recorded from the replay is the same text.
    @Test(arguments: [UInt64(15)])
    func aFuzzSessionReplaysBitForBit(seed: UInt64) throws {
        // 5,000 calls with PORTAL_LONG_TESTS=1 (LongTests.swift); fewer still make every verb.
        let calls = LongTests.size(1_200, long: 5_000)
        let world = World()
        let log = FrameLog()
        log.attach(to: world)
        try world.startRecording(capacity: 1 << 22)
        let failure = Fuzzer.session(seed: seed, calls: calls, world: world, events: { log.events.append($0) })
        #expect(failure == nil, "\(failure.map { "\($0.kind): \($0.detail)" } ?? "")")
        let text = try #require(world.stopRecording())
        let trace = try Trace(text)
        #expect(trace.callCount >= calls * 2 / 3)

        // Every kind of call the format knows appears, accepted and refused.
        let verbs = Set(text.split(separator: "\n").dropFirst().map { line -> String in
            let words = line.split(separator: " ")
            return String(words[1] == "refused" ? words[2] : words[1])
        })
        let refused = text.split(separator: "\n").filter { $0.contains(" refused ") }.count
        #expect(refused > 100)
        for verb in ["spawn", "spawnView", "despawn", "update", "animate", "zIndex", "hitTesting", "hidden", "cornerStyle",
                     "setParent", "contentOffset", "setFrames", "clipsToBounds", "portal", "removePortal", "portalTransition", "portalItem",
                     "portalGroup", "transfer", "reduceMotion", "popupPolicy", "navigationStack", "push", "pop", "popToRoot",
                     "setStack", "beginPop", "updatePop", "endPop", "flowingHeader", "headerAnchors", "scroll", "popupContainer",
                     "presentPopup", "dismissPopup", "dismissTopPopup", "tap", "advance", "tick", "pointer", "makeScrollView",
                     "removeScrollView", "scrollTo"] {
            #expect(verbs.contains(verb), "no \(verb) in the session")
        }

        let replayer = TraceReplayer(trace, atomicTransitions: Fuzzer.atomicTransitions,
                                     navigationTransitions: Fuzzer.navigationTransitions)
        let replayLog = FrameLog()
        replayLog.attach(to: replayer.world)
        try replayer.world.startRecording(capacity: 1 << 22)
        while try replayer.step() { replayLog.events.append(contentsOf: replayer.world.drainEvents()) }

        #expect(log.frames.count == replayLog.frames.count)
        #expect(log.frames.count > calls / 30)
        let firstFrame = (0..<min(log.frames.count, replayLog.frames.count)).first { log.frames[$0] != replayLog.frames[$0] }
        #expect(firstFrame == nil, "render lists differ first at frame \(firstFrame ?? -1)")
        #expect(log.events == replayLog.events)
        #expect(log.events.count > 100)
        let again = try #require(replayer.world.recordedTrace).split(separator: "\n", omittingEmptySubsequences: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let firstLine = (0..<min(again.count, lines.count)).first { again[$0] != lines[$0] }
        #expect(firstLine == nil && again.count == lines.count,
                "the re-recorded trace differs at line \(firstLine.map { $0 + 1 } ?? min(again.count, lines.count)): \(firstLine.map { "\(lines[$0]) / \(again[$0])" } ?? "")")
    }
}

@Suite struct BadTraceTests {
    static let valid = """
        portal-trace 1 tickRate=120 maxCatchUpTicks=8 settleTolerance=0.001 reservedCapacity=0 reduceMotion=false
        @0 spawnView frame=20.0,30.0,90.0,90.0 radius=6.0 opacity=1.0 -> e1
        @0 animate view=e1 frame=290.0,170.0,110.0,110.0 opacity=0.4 with=spring(duration,0.5,0.0,0.0,0.0,1.0)
        @0 refused update view=e1 frame=nan,0.0,1.0,1.0 ! frame is nan
        @0 advance seconds=0.016666666666666666
        @2 tick

        """

    func error(_ text: String) -> TraceError? {
        do {
            _ = try Trace(text).replay()
            return nil
        } catch {
            return error
        }
    }

    @Test func theValidTraceReplays() throws {
        let world = try Trace(Self.valid).replay()
        #expect(world.tickCount == 3)
        #expect(world.renderList.count == 1)
    }

    @Test func aTruncatedTraceNamesItsLastLine() {
        let cut = String(Self.valid.dropLast(4))   // inside the last line
        #expect(error(cut) == TraceError(line: 6, kind: .truncated))
        #expect(error("") == TraceError(line: 1, kind: .truncated))
        #expect(error("portal-trace 1 tickRate=120\n") == TraceError(line: 1, kind: .truncated))
    }

    @Test func anUnknownVersionIsRefused() {
        let text = Self.valid.replacingOccurrences(of: "portal-trace 1 ", with: "portal-trace 3 ")
        #expect(error(text) == TraceError(line: 1, kind: .unknownVersion("3")))
        for version in ["0", "-1", "x"] {
            let other = Self.valid.replacingOccurrences(of: "portal-trace 1 ", with: "portal-trace \(version) ")
            #expect(error(other) == TraceError(line: 1, kind: .unknownVersion(version)))
        }
        // Versions 1 (the valid text's) and 2 (the one written now) read.
        #expect(error(Self.valid) == nil)
        #expect(error(Self.valid.replacingOccurrences(of: "portal-trace 1 ", with: "portal-trace 2 ")) == nil)
        #expect(error("hello\n") == TraceError(line: 1, kind: .notATrace))
    }

    @Test func anEntityNeverSpawnedNamesItsLine() {
        let text = Self.valid.replacingOccurrences(of: "animate view=e1", with: "animate view=e2")
        #expect(error(text) == TraceError(line: 3, kind: .unknownEntity("e2")))
    }

    @Test func aNaNWrittenByHandIsRefusedWhereNoCallTakesOne() {
        let text = Self.valid.replacingOccurrences(of: "opacity=0.4", with: "opacity=nan")
        #expect(error(text) == TraceError(line: 3, kind: .notANumber(field: "opacity")))
        // A refused call may hold one (the host passed it); so may a frame time.
        #expect(throws: Never.self) { try Trace(Self.valid.replacingOccurrences(of: "seconds=0.016666666666666666", with: "seconds=nan")) }
    }

    @Test func anUnknownCallNamesItsLine() {
        let text = Self.valid.replacingOccurrences(of: "@2 tick", with: "@2 teleport view=e1")
        #expect(error(text) == TraceError(line: 6, kind: .unknownCall("teleport")))
    }

    @Test func malformedLinesNameTheirLine() {
        for (bad, line) in [("@0 animate view=e1 frame=290.0,170.0 opacity=0.4", 3), ("@x tick", 6), ("@0 animate view=e1 frame=(1,2", 3),
                            ("@0 animate view=e1 frame=290.0,170.0,110.0,110.0 with=spring(sideways,1,2,3,4,5)", 3),
                            ("@0 animate view=e1 frame=290.0,170.0,110.0,110.0 color=red with=spring(duration,0.5,0.0,0.0,0.0,1.0)", 3)] {
            let lines = Self.valid.split(separator: "\n", omittingEmptySubsequences: false)
            var replaced = lines.map(String.init)
            replaced[line - 1] = bad
            let e = error(replaced.joined(separator: "\n"))
            #expect(e?.line == line, "\(bad): \(String(describing: e))")
            if case .malformed = e?.kind {} else { Issue.record("\(bad): \(String(describing: e))") }
        }
    }

    @Test func aReplayThatDivergesNamesTheLine() {
        // The trace says the update was refused; an opacity of 0.5 is accepted.
        let text = Self.valid.replacingOccurrences(of: "frame=nan,0.0,1.0,1.0", with: "opacity=0.5")
        #expect(error(text)?.line == 4)
        if case .diverged = error(text)?.kind {} else { Issue.record("expected a divergence") }
        // A tick number that does not follow.
        #expect(error(Self.valid.replacingOccurrences(of: "@2 tick", with: "@5 tick"))?.line == 6)
    }

    /// Random damage to a real trace is a typed error or a replay, never a crash.
    @Test func damagedTracesNeverCrash() throws {
        let world = World()
        try world.startRecording()
        _ = Fuzzer.session(seed: 99, calls: 400, world: world)
        let text = try #require(world.stopRecording())
        var rng = SeededGenerator(seed: 5)
        let alphabet = Array("@=,()\"\\ #-e0123456789.nan>!\n".utf8)
        var errors = 0
        let damaged = LongTests.size(100, long: 300)
        for _ in 0..<damaged {
            var bytes = Array(text.utf8)
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let at = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 4 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                case 2: bytes[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                default: bytes.removeSubrange(at...)
                }
                if bytes.isEmpty { break }
            }
            do {
                _ = try Trace(String(decoding: bytes, as: UTF8.self)).replay(atomicTransitions: Fuzzer.atomicTransitions,
                                                                             navigationTransitions: Fuzzer.navigationTransitions)
            } catch {
                errors += 1
                #expect(error.line >= 1)
            }
        }
        #expect(errors > damaged / 3)     // most damage is caught; the rest still replays
    }
}

@Suite struct GoldenTests {
    @Test func aMismatchNamesTickEntityFieldAndBothValues() throws {
        let trace = try Trace(BadTraceTests.valid)
        let golden = try Golden.snapshot(of: trace).text
        let changed = try Golden.snapshot(of: Trace(BadTraceTests.valid.replacingOccurrences(of: "opacity=0.4", with: "opacity=0.5"))).text
        let difference = try #require(SnapshotDifference.first(expected: golden, actual: changed))
        // The animation starts at tick 1 from the presented values; its first step shows at tick 2.
        #expect(difference.tick == 2)
        #expect(difference.entity == "e1")
        #expect(difference.field == "opacity")
        // Both values are the worlds' opacities at tick 2, to the snapshot's 3 places.
        func opacity(at target: Float) throws -> Float {
            let world = World()
            let card = try world.spawnView(frame: Rect(x: 20, y: 30, width: 90, height: 90), cornerRadius: 6)
            try world.animate(card, to: ViewProperties(frame: Rect(x: 290, y: 170, width: 110, height: 110), opacity: target),
                              with: .spring(duration: 0.5))
            world.tick()
            world.tick()
            return world.renderList[0].opacity
        }
        let expected = RenderSnapshot().number(try opacity(at: 0.4)), actual = RenderSnapshot().number(try opacity(at: 0.5))
        #expect(difference.expected == expected)
        #expect(difference.actual == actual)
        #expect(expected != actual)
        #expect(difference.description == "tick 2, e1, opacity: expected \(expected), got \(actual) (golden line 5)")
        #expect(SnapshotDifference.first(expected: golden, actual: golden) == nil)
    }

    @Test("expectGolden on a world records, then matches, then names the first call that changed")
    func expectGoldenNamesAChangedCall() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("portal-golden-\(UInt64.random(in: 0 ... .max))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func failure(to target: Float) throws -> String? {
            let world = World()
            try world.startRecording()
            let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200))
            try world.animate(card, to: ViewProperties(frame: Rect(x: target, y: 0, width: 390, height: 420)))
            world.step(toTime: 0.5)
            return try goldenFailure(world, named: "card-flies", in: directory, every: 1, precision: 3, transitions: [:],
                                     navigationTransitions: [:], setUp: { _ in })
        }
        #expect(try failure(to: 0) == nil)   // records
        #expect(try failure(to: 0) == nil)   // matches
        let trace = directory + "/card-flies.trace"
        let line = try #require(String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").firstIndex { $0.contains(" animate ") })
        let changed = try #require(try failure(to: 1))
        #expect(changed.hasPrefix("the calls differ from the golden trace \(trace) at line \(line + 1): expected @0 animate view=e1 frame=0.0,0.0,"),
                "\(changed)")
        #expect(changed.contains(", got @0 animate view=e1 frame=1.0,0.0,"), "\(changed)")
    }
}

@Suite struct PortalTestingHelperTests {
    @Test func steppingToATimeATickAndAnEvent() throws {
        let world = World()
        #expect(world.step(toTime: 0.5) == 60)
        #expect(world.tickCount == 60)
        #expect(world.step(toTick: 64) == 4)
        #expect(world.step(toTick: 10) == 0)
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let id = try world.animate(view, to: ViewProperties(opacity: 0), with: .linear(duration: 0.25))
        let event = world.step(untilEvent: { if case let .animationCompleted(c) = $0 { c.id == id && c.criterion == .removed } else { false } })
        guard case let .animationCompleted(c)? = event else { Issue.record("no completion"); return }
        // 0.25 s is 30 ticks; the animation starts at the first tick after the call.
        #expect(c.tick == 64 + 30)
        #expect(world.tickCount == c.tick)
        #expect(world.step(untilEvent: { _ in true }, maxTicks: 5) == nil)
    }

    @Test func expectFrameChecksTheFrameAtTheTick() throws {
        let world = World()
        let card = try world.spawnView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        try world.animate(card, to: ViewProperties(frame: Rect(x: 120, y: 0, width: 50, height: 50)), with: .linear(duration: 1))
        // Linear over 120 ticks: at tick 60 the frame is exactly half way.
        expectFrame(of: card, in: world, atTick: 60, equals: Rect(x: 60, y: 0, width: 50, height: 50), tolerance: 0)
        // What expectFrame records when the frame is off, and when the world is past the tick.
        #expect(frameFailure(of: card, in: world, atTick: 61, equals: Rect(x: 60, y: 0, width: 50, height: 50), tolerance: 0.5)
                == "tick 61, \(card), frame.x: expected 60.0 ± 0.5, got 61.0")
        #expect(frameFailure(of: card, in: world, atTick: 10, equals: .zero, tolerance: 0) == "the world is at tick 61, past tick 10")
    }

    @Test func exactlyOneOfSourceLayerDestinationThroughAFlight() throws {
        let world = World()
        let source = try world.spawnView(frame: Rect(x: 20, y: 20, width: 100, height: 100))
        let destination = try world.spawnView(frame: Rect(x: 200, y: 300, width: 180, height: 180))
        try world.portal(source, id: "hero", as: .source)
        try world.portal(destination, id: "hero", as: .destination)
        // What expectExactlyOneDrawn records before the first tick: nothing drawn yet.
        #expect(exactlyOneDrawnFailure(portal: "hero", source: source, destination: destination, in: world)
                == "tick 0, portal hero: expected exactly one of source, layer, destination drawn, found none")
        world.tick()
        try world.portalTransition(id: "hero", isActive: true)
        var sawLayer = false
        for _ in 0..<120 {
            world.tick()
            if world.portalLayer("hero") != nil { sawLayer = true }
            expectExactlyOneDrawn(portal: "hero", source: source, destination: destination, in: world)
        }
        #expect(sawLayer)
        #expect(world.renderList.contains { $0.entity == destination })
    }
}
