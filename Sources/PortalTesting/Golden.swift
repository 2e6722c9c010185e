// Golden tests: a trace and the snapshot of its replay, kept in the repository and compared
// on every run; re-recorded on purpose with an environment variable.

import Foundation
import Portal
import Testing

/// Goldens: snapshots of replayed traces, compared with files kept beside the tests.
public enum Golden {
    /// Set this environment variable to `1` to re-record goldens instead of comparing them:
    /// `PORTAL_RECORD_GOLDENS=1 swift test`. Review the diff, then commit it.
    public static let recordVariable = "PORTAL_RECORD_GOLDENS"

    /// Whether goldens are being re-recorded (``recordVariable`` is `1`).
    public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// Replays `trace` and snapshots the render list after every `every`-th tick.
    ///
    /// - Parameters:
    ///   - transitions: the handlers of the custom atomic transitions the trace names.
    ///   - navigationTransitions: the handlers of the custom navigation transitions it names.
    ///   - setUp: runs on the replay's fresh world first (add the recorded world's systems).
    public static func snapshot(of trace: Trace, every: Int = 1, precision: Int = 3,
                                transitions: [String: AtomicTransition.Handler] = [:],
                                navigationTransitions: [String: NavigationTransition.Handler] = [:],
                                setUp: (World) -> Void = { _ in }) throws(TraceError) -> RenderSnapshot {
        let replayer = TraceReplayer(trace, atomicTransitions: transitions, navigationTransitions: navigationTransitions)
        setUp(replayer.world)
        let box = SnapshotBox(RenderSnapshot(precision: precision))
        let step = UInt64(max(1, every))
        replayer.world.addSystem("golden snapshot", stage: .output) { world in
            if world.tickCount % step == 0 { box.snapshot.append(world, naming: replayer.name(of:)) }
        }
        while try replayer.step() {}
        return box.snapshot
    }

    /// Compares the snapshot of `trace`'s replay with the snapshot file at `snapshotPath`
    /// (or writes it, when re-recording or when it does not exist yet, and returns nil).
    ///
    /// - Returns: the first difference, or nil when they match.
    public static func check(_ trace: Trace, snapshot snapshotPath: String, every: Int = 1, precision: Int = 3,
                             transitions: [String: AtomicTransition.Handler] = [:],
                             navigationTransitions: [String: NavigationTransition.Handler] = [:],
                             setUp: (World) -> Void = { _ in }) throws -> SnapshotDifference? {
        let actual = try snapshot(of: trace, every: every, precision: precision, transitions: transitions,
                                  navigationTransitions: navigationTransitions, setUp: setUp).text
        guard !isRecording, let expected = try? String(contentsOfFile: snapshotPath, encoding: .utf8) else {
            try write(actual, to: snapshotPath)
            return nil
        }
        return SnapshotDifference.first(expected: expected, actual: actual)
    }

    static func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// Holds the snapshot a system appends to.
private final class SnapshotBox {
    var snapshot: RenderSnapshot
    init(_ snapshot: RenderSnapshot) { self.snapshot = snapshot }
}

/// Expects the recording `world`'s calls to give the golden snapshot `name.snapshot` in
/// `directory`, and its trace to be the golden `name.trace` — recording both when they do not
/// exist yet or when ``Golden/recordVariable`` is set.
///
/// ```swift
/// @Test func cardFlies() throws {
///     let world = World()
///     try world.startRecording()
///     let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200))
///     try world.animate(card, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 390, height: 420)))
///     world.step(toTime: 0.5)
///     try expectGolden(world, named: "card-flies", in: "Tests/MyTests/Goldens")
/// }
/// ```
///
/// A mismatch is recorded as an issue naming the first tick, entity and field that differ,
/// with both values.
public func expectGolden(_ world: World, named name: String, in directory: String, every: Int = 1, precision: Int = 3,
                         transitions: [String: AtomicTransition.Handler] = [:],
                         navigationTransitions: [String: NavigationTransition.Handler] = [:],
                         setUp: (World) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let failure = try goldenFailure(world, named: name, in: directory, every: every, precision: precision, transitions: transitions,
                                       navigationTransitions: navigationTransitions, setUp: setUp) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Expects the replay of the trace file at `tracePath` to give the snapshot file at
/// `snapshotPath` (recorded when it does not exist yet or when ``Golden/recordVariable`` is set).
public func expectGolden(trace tracePath: String, snapshot snapshotPath: String, every: Int = 1, precision: Int = 3,
                         transitions: [String: AtomicTransition.Handler] = [:],
                         navigationTransitions: [String: NavigationTransition.Handler] = [:],
                         setUp: (World) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let failure = try goldenFailure(trace: tracePath, snapshot: snapshotPath, every: every, precision: precision, transitions: transitions,
                                       navigationTransitions: navigationTransitions, setUp: setUp) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

// What the expectations above record, or nil when they pass: apart, so that the tests of these
// helpers check the message a failing expectation gives without recording an issue.

func goldenFailure(_ world: World, named name: String, in directory: String, every: Int, precision: Int,
                   transitions: [String: AtomicTransition.Handler], navigationTransitions: [String: NavigationTransition.Handler],
                   setUp: (World) -> Void) throws -> String? {
    guard let text = world.recordedTrace else {
        return "expectGolden needs a recording world: call world.startRecording() before the first call"
    }
    let tracePath = (directory as NSString).appendingPathComponent(name + ".trace")
    if !Golden.isRecording, let golden = try? String(contentsOfFile: tracePath, encoding: .utf8), golden != text {
        let a = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return "the calls differ from the golden trace \(tracePath) at line \(i + 1): expected \(i < a.count ? String(a[i]) : "(end)"), got \(i < b.count ? String(b[i]) : "(end)")"
    }
    try Golden.write(text, to: tracePath)
    return try goldenFailure(trace: tracePath, snapshot: (directory as NSString).appendingPathComponent(name + ".snapshot"),
                             every: every, precision: precision, transitions: transitions, navigationTransitions: navigationTransitions,
                             setUp: setUp)
}

func goldenFailure(trace tracePath: String, snapshot snapshotPath: String, every: Int, precision: Int,
                   transitions: [String: AtomicTransition.Handler], navigationTransitions: [String: NavigationTransition.Handler],
                   setUp: (World) -> Void) throws -> String? {
    let trace = try Trace(String(contentsOfFile: tracePath, encoding: .utf8))
    guard let difference = try Golden.check(trace, snapshot: snapshotPath, every: every, precision: precision, transitions: transitions,
                                            navigationTransitions: navigationTransitions, setUp: setUp) else { return nil }
    return "the replay of \(tracePath) differs from \(snapshotPath): \(difference) — if the change is intended, re-record with \(Golden.recordVariable)=1 and review the diff"
}
