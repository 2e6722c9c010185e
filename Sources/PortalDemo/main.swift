// portal-demo: runs the built-in scenes in Portal's fixed tick loop and writes
// portal-demo-output/index.html — a page with the live photo app in Portal's WebAssembly module
// and, per scene, a player that runs the scene's trace in that module as the page opens and
// draws its render lists on a canvas, with a filmstrip and plots below (recorded render lists
// instead when the module cannot be built) — and expected-samples.json (pixels, from the native
// run, that the browser check compares with the page's), then prints how long the ticks took.
//
//   swift run -c release portal-demo [--out DIR] [--scene NAME] [--list]
//   portal-demo --record DIR     writes each scene's trace (Traces.swift)
//   portal-demo --replay FILE    draws a trace as the page

import Foundation
import Portal

var outDirectory = "portal-demo-output"
var selected: String?
var recordDirectory: String?, replayFile: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("portal-demo: \(message)\n".utf8))
    exit(2)
}

while let argument = arguments.next() {
    switch argument {
    case "--out":
        guard let value = arguments.next() else { fail("--out needs a directory") }
        outDirectory = value
    case "--scene":
        guard let value = arguments.next() else { fail("--scene needs a name; see --list") }
        selected = value
    case "--record":
        guard let value = arguments.next() else { fail("--record needs a directory") }
        recordDirectory = value
    case "--replay":
        guard let value = arguments.next() else { fail("--replay needs a trace file") }
        replayFile = value
    case "--list":
        for scene in allScenes() { print("\(scene.name)\t\(scene.title)") }
        exit(0)
    case "--help", "-h":
        print("usage: portal-demo [--out DIR] [--scene NAME] [--list] [--record DIR] [--replay FILE]")
        exit(0)
    default:
        fail("unknown option \(argument); see --help")
    }
}

let scenes = selected.map { name in allScenes().filter { $0.name == name } } ?? allScenes()
if scenes.isEmpty { fail("no scene named \(selected ?? ""); see --list") }

if let recordDirectory {
    do { try writeTraces(of: scenes, to: recordDirectory) } catch { fail("cannot write the traces: \(error)") }
    exit(0)
}

var recordings: [Recording] = []
do {
    if let replayFile { recordings = [try replayRecording(replayFile)] }
    for scene in scenes where replayFile == nil {
        // The page replays the scene's trace live in the WebAssembly module (the recording gives
        // the pixel samples the browser check compares it with, and the filmstrip's ticks).
        var recording = try record(scene)
        recording.reel.trace = try trace(of: scene)
        recordings.append(recording)
    }
} catch {
    fail("a scene failed: \(error)")
}

let samples = recordings.flatMap(\.tickNanoseconds).sorted()
func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int((Double(samples.count - 1) * p).rounded()))] }
let budget = 1e9 / 120
let median = percentile(0.5), p99 = percentile(0.99)
let summary = String(format: "%d scenes, %d ticks; time per tick: median %.2f µs, p99 %.2f µs — %.3f%% of the 8.33 ms budget at the median",
                     recordings.count, samples.count, median / 1000, p99 / 1000, 100 * median / budget)

do {
    try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
    let path = (outDirectory as NSString).appendingPathComponent("index.html")
    let live = liveSection()
    let demo = page(recordings.map(\.reel), summary: summary, live: live)
    try demo.html.write(toFile: path, atomically: true, encoding: .utf8)
    try demo.expectedSamples.write(toFile: (outDirectory as NSString).appendingPathComponent("expected-samples.json"), atomically: true, encoding: .utf8)
    for r in recordings {
        var animations = 0, landings = 0
        for event in r.events {
            switch event {
            case .animationCompleted: animations += 1
            case .portalDidComplete: landings += 1
            default: break
            }
        }
        print("\(r.reel.name): \(r.reel.ticks.count - 1) ticks, \(animations) animation completions, \(landings) portal landings")
    }
    print(summary)
    if let bytes = live.moduleBytes {
        print("the live photo app: the WebAssembly module embedded (\(bytes / 1024) KiB gzipped, base64 in the page)")
    } else {
        print("portal-demo: warning: the page's live photo app has no module: \(live.problem ?? "")")
    }
    print("wrote \(path) (\(demo.html.utf8.count / 1024) KiB)")
} catch {
    fail("cannot write the page: \(error)")
}
