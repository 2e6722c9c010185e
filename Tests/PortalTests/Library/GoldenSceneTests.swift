// The demo scenes' goldens: each scene's trace (written by `portal-demo --record`, which
// `.ci/run` checks against these files) and the snapshot of its replay, every 12th tick. A
// behaviour change shows up as a reviewed diff of a snapshot:
// `PORTAL_RECORD_GOLDENS=1 swift test --filter GoldenScene` re-records them.

import Foundation
import Portal
import PortalDemoScenes
import PortalTesting
import Testing

@Suite struct GoldenSceneTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens").path

    static let scenes: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasSuffix(".trace") }
        .map { String($0.dropLast(".trace".count)) }
        .sorted()

    @Test func everyDemoSceneHasAGolden() {
        #expect(Self.scenes.count >= 20)
        for scene in Self.scenes {
            #expect(FileManager.default.fileExists(atPath: "\(Self.directory)/\(scene).snapshot") || Golden.isRecording, "\(scene)")
        }
    }

    @Test(arguments: scenes)
    func sceneMatchesItsGolden(_ scene: String) throws {
        try expectGolden(trace: "\(Self.directory)/\(scene).trace", snapshot: "\(Self.directory)/\(scene).snapshot", every: 12,
                         transitions: demoAtomicTransitions)
    }
}
