import Foundation
import Portal

/// HTML-escapes text.
func html(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "'", with: "&#39;")
}

/// What the page writer produces: the page, and the pixel samples the browser check compares.
struct DemoPage {
    let html: String
    /// JSON: per reel, a tick in mid-motion and points whose colour the player must draw there.
    let expectedSamples: String
}

/// A self-contained page (no network) with a table of contents, the live photo app (`live`: the
/// WebAssembly module and its host, LiveSection.swift) and, per reel, a player that draws the
/// recorded ticks on a canvas at 120 ticks per second, then its filmstrip and plots.
func page(_ reels: [Reel], summary: String, live: LiveSection) -> DemoPage {
    // With the module in the page, each scene runs live in it (its trace replayed); without it,
    // the page plays the recorded ticks.
    let encoded = reels.map { live.moduleBytes != nil ? encodeLive($0) : encode($0).json }
    // The live photo app comes first: it is the one thing a recording cannot show.
    var body = "<h1 class='top'>Portal demo</h1>\n" + live.html + """
    <header>
    <p>Below the live app, \(live.moduleBytes != nil
        ? "every scene runs in this page: as it opens, the WebAssembly module replays each scene's calls (its trace) in Portal's fixed 120 Hz tick loop, and each player draws the render list of every tick"
        : "every scene ran headless in Portal's fixed 120 Hz tick loop. Each player draws the recorded render list of every tick")
    on a canvas — global transforms (with perspective), clip chains, corner radii, opacity and shadows — at the recorded rate
    (or a quarter of it); drag the scrubber to step through the ticks. Below each player, a filmstrip of still panels and plots
    of the drawn geometry per tick (the dashed red line: the first tick drawn after the script changed course; the dark line:
    the player's tick). Link a scene paused at a tick with <code>#scene=NAME&amp;tick=N&amp;paused</code>: the scene alone,
    its stage at the top-left corner, its title, caption and summary below the player.</p>
    <p><code>\(html(summary))</code></p>
    <nav><ol>
    """
    for reel in reels { body += "<li><a href='#\(html(reel.name))'>\(html(reel.title))</a> — \(html(reel.caption))</li>" }
    body += "</ol></nav></header>\n"
    for (i, reel) in reels.enumerated() {
        var legend = reel.plotted.map { "<span style='color:\($0.2)'>■ \(html($0.1))</span>" }.joined()
        if reel.plotsLayer { legend += "<span style='color:\(green)'>■ portal layer (plotted: the first one in the overlay)</span>" }
        if reel.hasDebugBoxes {
            legend += "<span style='color:\(sourceBlue)'>▢ source anchor</span><span style='color:\(destinationOrange)'>▢ destination anchor</span>"
                + "<span style='color:\(green)'>▢ portal layer outline</span><span>(dashed: anchor not drawn)</span>"
        }
        let debugToggle = reel.hasDebugBoxes ? "<label><input type='checkbox' class='debug' checked> debug boxes</label>" : ""
        body += """
        <section id='\(html(reel.name))' class='scene'><h2>\(html(reel.title))</h2><p class='caption'>\(html(reel.caption))</p>
        <div class='player' data-reel='\(i)'><canvas class='stage'></canvas>
        <div class='controls'><button class='play' title='play / pause'>❚❚</button><button class='step' data-step='-1' title='one tick back'>◀</button><button class='step' data-step='1' title='one tick on'>▶</button>
        <input type='range' class='scrub' min='0' max='\(reel.ticks.count - 1)' value='0'><span class='tick'>tick 0</span>
        <span class='speeds'><button class='speed on' data-speed='1'>1×</button><button class='speed' data-speed='0.25'>0.25×</button></span>\(debugToggle)</div></div>
        <div class='below'><p class='legend'>\(legend)</p><p>\(html(reel.summary))</p><p class='all'><a href='#\(html(reel.name))'>All scenes</a></p>
        <h3>Filmstrip</h3><canvas class='strip' data-reel='\(i)'></canvas>
        <h3>Plots of the drawn geometry, per tick</h3><div class='plots' data-reel='\(i)'></div></div></section>

        """
    }
    let data = "[" + encoded.joined(separator: ",\n") + "]"
    // The plots (SVG, 0.5 MB) travel as data too: the player puts them in their sections.
    let plotsJSON = "[" + reels.map { jsonString(plots($0).joined()) }.joined(separator: ",") + "]"
    let document = """
    <!doctype html><html lang='en'><head><meta charset='utf-8'><title>Portal demo</title>
    <meta name='viewport' content='width=device-width'>
    <style>\(pageStyle)\(liveStyle)</style></head><body>
    \(body)
    <pre id='status' data-state='loading'>the player has not started (is JavaScript off?)</pre>
    \(embeddedJSON(id: "portal-data", data))
    \(embeddedJSON(id: "portal-plots", plotsJSON))
    <script type='module'>\((live.script + playerScript).replacingOccurrences(of: "</script", with: "<\\/script"))</script>
    </body></html>

    """
    var checks: [String] = []
    for reel in reels {
        let tick = checkTick(reel)
        let samples = pixelSamples(reel, at: tick).map { s in
            "{\"x\":\(q(s.x, 2)),\"y\":\(q(s.y, 2)),\"colour\":\"\(s.colour)\",\"darker\":\(s.darker),\"what\":\"\(s.what)\"}"
        }
        checks.append("{\"scene\":\"\(reel.name)\",\"tick\":\(tick),\"stage\":[\(q(reel.stage.width, 2)),\(q(reel.stage.height, 2))],"
                      + "\"samples\":[\(samples.joined(separator: ","))]}")
    }
    return DemoPage(html: document, expectedSamples: "[\n" + checks.joined(separator: ",\n") + "\n]\n")
}

private let pageStyle = """
body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}section{margin:28px 0 44px}h2{margin-bottom:4px}
.caption{margin-top:0;font-size:15px;color:#333}.player canvas{display:block;border:1px solid #ccd;background:#f6f7f9}
.controls{display:flex;align-items:center;gap:6px;margin:6px 0;flex-wrap:wrap}.controls .scrub{width:320px}
.controls .tick{font:13px monospace;min-width:190px}.controls button{font-size:13px;min-width:30px}
.speed.on{background:#2f6fde;color:#fff;border-color:#2f6fde}.plots{display:flex;flex-wrap:wrap;gap:10px}
.legend span{margin-right:14px}code{background:#eef;padding:1px 4px}nav ol{line-height:1.5}
#status{font-size:11px;color:#666}
section .all{display:none}
body.focus{margin:0}body.focus header,body.focus section:not(.focused),body.focus .below h3,body.focus .below .strip,body.focus .plots{display:none}
body.focus section.focused{margin:0;display:flex;flex-direction:column}body.focus .player canvas{border:0}
body.focus .focused .player{order:0}body.focus .focused h2{order:1}body.focus .focused .caption{order:2}body.focus .focused .below{order:3}
body.focus .focused h2,body.focus .focused .caption,body.focus .focused .below{margin-left:8px;margin-right:8px;max-width:900px}
body.focus .focused .all{display:block}
"""

/// A JSON string literal of `text`.
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "<": out += "\\u003c"   // (no "</script" inside the script element)
        default:
            if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}

/// A script element holding JSON for the player: gzipped and base64-encoded (the recorded
/// render lists shrink tenfold; the player gunzips them itself, synchronously),
/// or as it is when this machine has no `gzip`.
private func embeddedJSON(id: String, _ json: String) -> String {
    if let packed = gzip(Data(json.utf8)) {
        return "<script id='\(id)' type='application/octet-stream' data-encoding='gzip-base64'>\(packed.base64EncodedString())</script>"
    }
    return "<script id='\(id)' type='application/json' data-encoding='json'>\(json.replacingOccurrences(of: "</", with: "<\\/"))</script>"
}

/// `data` gzipped by the system's gzip (deterministic: -n, no name or time), or nil.
private func gzip(_ data: Data) -> Data? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-9", "-n", "-c"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    // Written from another thread: gzip's output pipe must be read while its input is written.
    let writer = Thread {
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
    }
    writer.start()
    let packed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 && !packed.isEmpty ? packed : nil
}
