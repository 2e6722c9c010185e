// portal-fuzz: runs Portal's fuzzer (issue 12) over many seeds, shrinks every failure to a
// minimal call sequence and prints it as a Swift Testing test.
//
//     swift run -c release portal-fuzz --seeds '0..<200' --calls 5000   # quote: < is a redirection
//     swift run portal-fuzz --seeds 7 --calls 3000          # debug: the invariant checkers run too
//     swift run portal-fuzz --print --seed 7 --calls 3000 --keep 0-4,17,90   # a reproducer as Swift
//
// Options: `--seeds A..<B | A...B | A` (default 0..<20), `--calls N` (default 2000),
// `--no-shrink`, `--in-process` (no subprocesses: faster, but a trap ends the run),
// `--stop-after K` (stop after K failing seeds), `--max-shrink-runs N` (default 600), `--ignore TEXT` (repeatable: look past failure
// classes containing TEXT — a temporary aid while known bugs are open, so a run finds the others).
//
// Design (traps): a Swift trap (precondition, index out of range, overflow) cannot be caught in
// the process that hits it, so the driver runs every seed, and every shrinking candidate, in a
// child process: this same executable with `--child-run`. On a seed's first run the child writes
// "FUZZ-AT i" (one unbuffered write) before each call, so a trap leaves the index of the call it
// died in; the Swift runtime's backtracer (enabled for children) prints the trapping frames. The
// driver reads the child's exit, its `FUZZ-FAIL` line (a failed check) or its trap message (the
// runtime's "Fatal error" line and the innermost frame in `Sources/Portal`, or AddressSanitizer's
// report), names the failure class from it with the numbers taken out, and shrinks: first to the calls up to the failing one, then by delta
// debugging (drop halves, quarters, … single calls), keeping a candidate only when the child
// fails with the same class. The minimal sequence is printed by a last child (`--child-print`)
// that writes each line of Swift before the call it describes runs, so a trap loses nothing.
// A sequence depends only on its seed (calls name entities by the index of the call that made
// them), so a subsequence is a valid sequence and replays exactly.

import Foundation
import PortalFuzzing
#if canImport(Glibc)
import Glibc
#endif

/// Writes "FUZZ-AT i" on stdout with one unbuffered write, so a trap leaves the failing call's index.
func traceCall(_ i: Int) {
    let line = Array("FUZZ-AT \(i)\n".utf8)
    _ = line.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
}

struct Options {
    var seeds: Range<UInt64> = 0..<20
    var calls = 2000
    var shrink = true
    var inProcess = false
    var mode = "drive"
    var keep: [Int]?
    var stopAfter = Int.max
    var trace = false
    var ignore: [String] = []
    var maxShrinkRuns = 600
}

func parse() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    func value() -> String {
        guard let v = args.popFirst() else { fatalError("portal-fuzz: an option is missing its value") }
        return v
    }
    while let arg = args.popFirst() {
        switch arg {
        case "--seeds", "--seed":
            let text = value()
            if let r = text.range(of: "..<") {
                o.seeds = UInt64(text[..<r.lowerBound])!..<UInt64(text[r.upperBound...])!
            } else if let r = text.range(of: "...") {
                o.seeds = UInt64(text[..<r.lowerBound])!..<(UInt64(text[r.upperBound...])! + 1)
            } else {
                let s = UInt64(text)!
                o.seeds = s..<(s + 1)
            }
        case "--calls": o.calls = Int(value())!
        case "--keep": o.keep = Fuzzer.decode(value())
        case "--no-shrink": o.shrink = false
        case "--in-process": o.inProcess = true
        case "--stop-after": o.stopAfter = Int(value())!
        case "--child-run": o.mode = "child-run"
        case "--trace": o.trace = true
        case "--ignore": o.ignore.append(value())
        case "--max-shrink-runs": o.maxShrinkRuns = Int(value())!
        case "--child-print", "--print": o.mode = "print"
        case "--help", "-h":
            print("usage: portal-fuzz [--seeds A..<B] [--calls N] [--no-shrink] [--in-process] [--stop-after K] [--ignore TEXT] [--max-shrink-runs N]\n"
                  + "       portal-fuzz --print --seed S --calls N [--keep 0-4,7]")
            exit(0)
        default: fatalError("portal-fuzz: unknown option \(arg)")
        }
    }
    return o
}

/// What one run of a (sub)sequence gave.
struct Outcome {
    var kind: String?          // nil: passed
    var detail = ""
    var index: Int?
}

func keepFunction(_ keep: [Int]?) -> (Int) -> Bool {
    guard let keep else { return { _ in true } }
    let set = Set(keep)
    return { set.contains($0) }
}

func runInProcess(seed: UInt64, calls: Int, keep: [Int]?, trace: Bool = false) -> Outcome {
    guard let (failure, index) = Fuzzer.run(seed: seed, calls: calls, keep: keepFunction(keep), ignore: options.ignore, trace: trace ? { traceCall($0) } : nil) else {
        return Outcome()
    }
    return Outcome(kind: Fuzzer.normalized(failure.kind), detail: failure.detail, index: index)
}

let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path

func child(_ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    // The runtime's backtracer names the function that trapped (about 0.1 s per trap).
    environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none"
    // Under AddressSanitizer: memory errors, not leaks at exit (Foundation's and the runtime's).
    environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { fatalError("portal-fuzz: cannot run \(executable): \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

func runInChild(seed: UInt64, calls: Int, keep: [Int]?) -> Outcome {
    var arguments = ["--child-run", "--seed", "\(seed)", "--calls", "\(calls)"]
    if keep == nil { arguments.append("--trace") }
    for text in options.ignore { arguments += ["--ignore", text] }
    if let keep { arguments += ["--keep", Fuzzer.encode(keep)] }
    let (status, output) = child(arguments)
    if status == 0 { return Outcome() }
    let lines = output.split(separator: "\n").map(String.init)
    if let line = lines.first(where: { $0.hasPrefix("FUZZ-FAIL ") }) {
        let fields = line.dropFirst("FUZZ-FAIL ".count).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return Outcome(kind: fields[1], detail: fields.count > 2 ? fields[2] : "", index: Int(fields[0]))
    }
    let index = lines.last(where: { $0.hasPrefix("FUZZ-AT ") }).flatMap { Int($0.dropFirst("FUZZ-AT ".count)) }
    let message = lines.first(where: { line in
        ["Fatal error", "Precondition failed", "Assertion failed", "ERROR: AddressSanitizer", "SUMMARY: AddressSanitizer"].contains { line.contains($0) }
    }) ?? "exit status \(status)"
    // Keep the message, drop addresses and numbers (entities, lines) so that the class is stable.
    var cleaned = message.replacingOccurrences(of: #"0x[0-9a-f]+"#, with: "0x…", options: .regularExpression)
    if let range = cleaned.range(of: #"(Fatal error|Precondition failed|Assertion failed)"#, options: .regularExpression) { cleaned = String(cleaned[range.lowerBound...]) + " (" + String(message.prefix { $0 != ":" }) + ")" }
    // The innermost frame in Portal's own sources names where (the function, not the line).
    let frame = lines.first(where: { $0.contains("/Sources/Portal/") }) ?? lines.first(where: { $0.contains(" in portal-fuzz") && !$0.contains("Fuzz") })
    if let frame, let start = frame.range(of: #"0x[0-9a-f]+ "#, options: .regularExpression), let end = frame.range(of: " + ") {
        cleaned += " in " + frame[start.upperBound..<end.lowerBound]
    }
    return Outcome(kind: "trap: " + Fuzzer.normalized(cleaned), detail: message + (frame.map { "\n  " + $0 } ?? ""), index: index)
}

/// Writes a line to stdout unbuffered (a trap right after loses nothing).
func out(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let options = parse()

switch options.mode {
case "child-run":
    let outcome = runInProcess(seed: options.seeds.lowerBound, calls: options.calls, keep: options.keep, trace: options.trace)
    if let kind = outcome.kind {
        print("FUZZ-FAIL \(outcome.index ?? -1)\t\(kind)\t\(outcome.detail)")
        exit(1)
    }
    exit(0)

case "print":
    let seed = options.seeds.lowerBound
    let result = Fuzzer.run(seed: seed, calls: options.calls, keep: keepFunction(options.keep),
                            ignore: options.ignore, sink: { out("FUZZ-LINE " + $0) })
    if let (failure, index) = result {
        for line in (failure.expectation ?? "").split(separator: "\n") { out("FUZZ-EXPECT " + line) }
        out("FUZZ-FAIL \(index)\t\(Fuzzer.normalized(failure.kind))\t\(failure.detail)")
    }
    exit(result == nil ? 0 : 1)

default:
    let run: (UInt64, Int, [Int]?) -> Outcome = options.inProcess ? { runInProcess(seed: $0, calls: $1, keep: $2) } : { runInChild(seed: $0, calls: $1, keep: $2) }
    var classes: [String: [UInt64]] = [:]
    var order: [String] = []
    var failingSeeds = 0
    let start = Date()
    for seed in options.seeds {
        let outcome = run(seed, options.calls, nil)
        guard let kind = outcome.kind else { continue }
        failingSeeds += 1
        if classes[kind] == nil { order.append(kind) }
        classes[kind, default: []].append(seed)
        out("seed \(seed): FAIL after call #\(outcome.index ?? -1): \(kind)\n  \(outcome.detail)")
        if options.shrink, classes[kind]!.count == 1 {
            let prefix = Array(0...(outcome.index ?? options.calls - 1))
            var runs = 0
            let minimal = Fuzzer.shrink(prefix) { candidate in
                guard runs < options.maxShrinkRuns else { return false }   // a bound: the result is then not minimal
                runs += 1
                return run(seed, options.calls, candidate).kind == kind
            }
            var lines: [String] = []
            var expectation: [String] = []
            var tail = ""
            if options.inProcess {
                let result = Fuzzer.run(seed: seed, calls: options.calls, keep: keepFunction(minimal), ignore: options.ignore, sink: { lines.append($0) })
                if let text = result?.failure.expectation { expectation = [text] }
            } else {
                let (_, output) = child(["--child-print", "--seed", "\(seed)", "--calls", "\(options.calls)", "--keep", Fuzzer.encode(minimal)]
                                        + options.ignore.flatMap { ["--ignore", $0] })
                for line in output.split(separator: "\n") {
                    if line.hasPrefix("FUZZ-LINE ") { lines.append(String(line.dropFirst("FUZZ-LINE ".count))) }
                    if line.hasPrefix("FUZZ-EXPECT ") { expectation.append(String(line.dropFirst("FUZZ-EXPECT ".count))) }
                    if line.contains("Fatal error") || line.contains("Precondition failed") { tail = String(line) }
                }
            }
            out("  shrunk to \(minimal.count) calls in \(runs) runs; reproducer:\n")
            out(Fuzzer.testSource(seed: seed, calls: options.calls, indices: minimal,
                                    failure: kind + (tail.isEmpty ? "" : " — " + tail), lines: lines,
                                    expectation: expectation.isEmpty ? nil : expectation.joined(separator: "\n")))
            out("")
        }
        if failingSeeds >= options.stopAfter { break }
    }
    let seconds = Date().timeIntervalSince(start)
    out("portal-fuzz: \(options.seeds.count) seeds × \(options.calls) calls, \(failingSeeds) failing, "
          + "\(order.count) distinct failure classes, \(String(format: "%.1f", seconds)) s")
    for kind in order { out("  \(classes[kind]!.count) seeds (first \(classes[kind]![0])): \(kind)") }
    exit(failingSeeds == 0 ? 0 : 1)
}
