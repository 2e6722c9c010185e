import Foundation

/// The page's live section: the photo app running in Portal's WebAssembly module, in the page.
///
/// The module (`scripts/build-wasm`'s `.build/wasm/portal.wasm.gz`, which this brings up to date)
/// is embedded as base64, and the JavaScript host (`Web/portal.js`, `photo-app.js`,
/// `canvas-renderer.js`, `bench.js`, `live.js`) is inlined as one module script: the page still opens from
/// disk with no server. When the module cannot be built, the section says why instead.
struct LiveSection {
    /// The section's markup, with the module embedded.
    let html: String
    /// The host's scripts as one module script's text (the page adds its player after them: the
    /// scenes run in the same module).
    let script: String
    /// How big the embedded module is (gzipped), or nil when there is none.
    let moduleBytes: Int?
    /// Why the module is missing, when it is.
    let problem: String?
}

/// The repository's root: the working directory when it holds `Web/portal.js` (the README runs
/// portal-demo from there), else the checkout this file was compiled from.
private func repositoryRoot() -> String {
    let fm = FileManager.default
    if fm.fileExists(atPath: "Web/portal.js") { return fm.currentDirectoryPath }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}

/// Runs `scripts/build-wasm` in `root`; returns its output's last lines when it fails.
private func buildModule(in root: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", "scripts/build-wasm"]
    process.currentDirectoryURL = URL(fileURLWithPath: root)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return "cannot run scripts/build-wasm: \(error)" }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 0 { return nil }
    return output.split(separator: "\n").suffix(3).joined(separator: " ")
}

/// The host's ES modules as one module script: each file's imports dropped and its `export`
/// keywords removed (the files share no top-level name), in dependency order.
private func bundle(_ root: String) throws -> String {
    var script = ""
    for name in ["portal.js", "photo-app.js", "canvas-renderer.js", "bench.js", "live.js"] {
        let text = try String(contentsOfFile: root + "/Web/" + name, encoding: .utf8)
        script += "// ---- Web/\(name)\n"
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("import ") { continue }
            script += line.hasPrefix("export ") ? String(line.dropFirst("export ".count)) : String(line)
            script += "\n"
        }
    }
    return script + "startLive(document.getElementById('live'));\n"
}

/// Builds the live section (bringing the module up to date first).
func liveSection() -> LiveSection {
    let root = repositoryRoot()
    let modulePath = root + "/.build/wasm/portal.wasm.gz"
    var problem: String?
    // (scripts/build-wasm returns at once when the module is up to date.)
    print("portal-demo: the WebAssembly module for the live section (scripts/build-wasm)")
    if let failure = buildModule(in: root) {
        if FileManager.default.fileExists(atPath: modulePath) {
            print("portal-demo: warning: scripts/build-wasm failed (\(failure)); the page embeds the module built before")
        } else {
            problem = failure
        }
    }
    var module = ""
    var moduleBytes: Int?
    if problem == nil {
        if let data = FileManager.default.contents(atPath: modulePath) {
            module = data.base64EncodedString()
            moduleBytes = data.count
        } else {
            problem = "\(modulePath) is missing"
        }
    }
    let script: String
    do { script = try bundle(root) } catch {
        script = "document.querySelector('#live .live-status').textContent = 'The live photo app is missing its scripts (Web/*.js).';"
        problem = problem ?? "cannot read Web/*.js: \(error)"
    }
    let missing = problem.map { "The live photo app cannot run: the page was written without its WebAssembly module (\(html($0)))." }
    let body = """
    <section id='live' class='live-section'><h2>Live: the photo app, running in this page</h2>
    <p class='caption'>Portal itself, compiled to WebAssembly (Embedded Swift), runs this app in your browser: nothing
    here is recorded. The page hands the world raw pointer events; the world decides what each is. Fling the grid (the
    title flows into the bar), tap a photo (the detail zooms out of it), drag the detail down (it shrinks back into its
    cell), swipe back from the left edge, press and hold a photo (a popup). Mouse, finger or pen.</p>
    <div class='live-row'><canvas class='live'></canvas><div class='live-side'>
    <p class='live-status' data-state='\(missing == nil ? "loading" : "error")'>\(missing ?? "Loading the WebAssembly module…")</p>
    <p><button class='live-trace'>Save this session's trace</button></p>
    <p>A saved session replays natively, to the same frames: <code>swift run -c release portal-demo --replay portal-live-session.trace</code>.
    \(missing == nil ? "The scenes below run live in the module too: each replays its scene's calls." : "The scenes below play recordings.")</p></div></div></section>
    <script id='portal-wasm' type='application/octet-stream'>\(module)</script>

    """
    return LiveSection(html: body, script: script, moduleBytes: moduleBytes, problem: problem)
}

/// The live section's style.
let liveStyle = """
.live-row{display:flex;gap:24px;flex-wrap:wrap}.live-row canvas.live{touch-action:none;user-select:none;border:1px solid #ccd;display:block}
.live-side{max-width:420px}.live-status[data-state=error]{color:#b00020;font-weight:bold}
body.focus h1.top{display:none}body.live-only{margin:0}body.live-only h1.top,body.live-only header,body.live-only section.scene,body.live-only #live h2,body.live-only #live .caption,
body.live-only .live-side,body.live-only #status{display:none}body.live-only #live{margin:0}body.live-only canvas.live{border:0}
"""
