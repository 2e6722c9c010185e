import Foundation
import Portal

/// What a scene produced: the render list of every tick, the debug boxes, and tick timings.
struct Recording {
    let scene: Scene
    let cast: Cast
    var frames: [[RenderItem]] = []
    /// The clip list of every tick (``World/clipList``), which the items' clip chains index.
    var clips: [[RenderClip]] = []
    /// Per tick: each portal anchor's frame, outline colour, and whether it is hidden.
    var debugBoxes: [[(Rect, String, Bool)]] = []
    var tickNanoseconds: [Double] = []
    var events: [WorldEvent] = []
}

func record(_ scene: Scene) throws -> Recording {
    let world = try World(configuration: scene.configuration)
    let cast = try scene.setUp(world)
    world.tick()
    var recording = Recording(scene: scene, cast: cast)
    func capture() throws {
        recording.frames.append(world.renderList)
        recording.clips.append(world.clipList)
        let drawn = Set(world.renderList.map(\.entity))
        recording.debugBoxes.append(try cast.anchors.map { entity, colour in
            (try world.presentation(of: entity).frame, colour, !drawn.contains(entity))
        })
    }
    try capture()
    let clock = ContinuousClock()
    for tick in 0..<scene.ticks {
        try scene.script(world, tick, cast)
        let start = clock.now
        world.tick()
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        recording.tickNanoseconds.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
        try capture()
        recording.events += world.drainEvents()
    }
    return recording
}

private func f(_ x: Float) -> String { String(format: "%.1f", x) }
private func f(_ x: Double) -> String { String(format: "%.1f", x) }

/// A rounded rectangle (0, 0)-(size) drawn through `transform`: an SVG `matrix` when it is
/// affine; else (a 3D rotation's perspective) the quadrilateral of its mapped corners, which a
/// projective map makes exact but for the corners' rounding.
private func shape(_ size: Size, radius: Float, through t: ProjectionTransform, _ attributes: String) -> String {
    guard size.width > 0, size.height > 0 else { return "" }
    if t.isAffine {
        return "<rect width='\(f(size.width))' height='\(f(size.height))' rx='\(f(min(radius, size.width / 2, size.height / 2)))' "
            + "transform='matrix(\(t.m11) \(t.m12) \(t.m21) \(t.m22) \(t.m31) \(t.m32))' \(attributes)/>"
    }
    let corners = [(0, 0), (size.width, 0), (size.width, size.height), (0, size.height)].map { t.map(Point(x: $0.0, y: $0.1)) }
    guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return "" }
    return "<polygon points='\(corners.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " "))' \(attributes)/>"
}

/// A strip of small panels, one every `every` ticks, each showing the views as drawn.
func filmstrip(_ recording: Recording, every: Int = 12, scale: Float = 0.42) -> String {
    let stage = recording.scene.stage
    let panelW = stage.width * scale, panelH = stage.height * scale
    let indices = Array(stride(from: 0, to: recording.frames.count, by: every))
    let columns = max(2, min(6, Int(1050 / (panelW + 8))))
    let rows = (indices.count + columns - 1) / columns
    let gap: Float = 8, label: Float = 14
    let width = Float(columns) * (panelW + gap), height = Float(rows) * (panelH + gap + label)
    var colours = recording.cast.fills
    for (entity, _, colour) in recording.cast.plotted { colours[entity] = colour }
    var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(f(width))' height='\(f(height))' font-family='sans-serif' font-size='10'>"
    for (n, index) in indices.enumerated() {
        let ox = Float(n % columns) * (panelW + gap), oy = Float(n / columns) * (panelH + gap + label)
        svg += "<text x='\(f(ox))' y='\(f(oy + 10))' fill='#555'>tick \(index)\(recording.scene.markers.contains(index) ? " ⟲" : "")</text>"
        svg += "<clipPath id='panel-\(recording.scene.name)-\(n)'><rect width='\(f(stage.width))' height='\(f(stage.height))'/></clipPath>"
        svg += "<g transform='translate(\(f(ox)),\(f(oy + label))) scale(\(scale))' clip-path='url(#panel-\(recording.scene.name)-\(n))'>"
        svg += "<rect width='\(f(stage.width))' height='\(f(stage.height))' fill='#f6f7f9' stroke='#ccd'/>"
        // Each clip of the tick as an SVG clip path inside its enclosing one: an item is drawn
        // alone, through its global transform, inside its clip chain.
        let clips = recording.clips[index]
        let clipID = { (i: Int32) in "clip-\(recording.scene.name)-\(n)-\(i)" }
        for (i, clip) in clips.enumerated() {
            let parent = clip.parent >= 0 ? " clip-path='url(#\(clipID(clip.parent)))'" : ""
            svg += "<clipPath id='\(clipID(Int32(i)))'\(parent)>" + shape(clip.size, radius: clip.cornerRadius, through: clip.transform, "") + "</clipPath>"
        }
        for item in recording.frames[index] {
            let layer = item.role == .overlay
            let attributes = "fill='\(colours[item.content] ?? colours[item.entity] ?? "#888")' fill-opacity='\(String(format: "%.3f", item.opacity))'"
                + (layer ? " stroke='\(green)' stroke-width='4'" : "")
            let drawn = shape(item.frame.size, radius: item.cornerRadius, through: item.globalTransform, attributes)
            svg += item.clip >= 0 ? "<g clip-path='url(#\(clipID(item.clip)))'>\(drawn)</g>" : drawn
        }
        for (frame, colour, hidden) in recording.debugBoxes[index] {
            svg += "<rect x='\(f(frame.minX))' y='\(f(frame.minY))' width='\(f(frame.width))' height='\(f(frame.height))' fill='none' "
                + "stroke='\(colour)' stroke-width='3'\(hidden ? " stroke-dasharray='8,6'" : "")/>"
        }
        svg += "</g>"
    }
    return svg + "</svg>"
}

/// A line plot of one presented value of every tracked view over the ticks.
func plot(_ recording: Recording, title: String, value: (RenderItem) -> Float) -> String {
    let w: Float = 300, h: Float = 130, left: Float = 40, top: Float = 18, bottom: Float = 18
    var series: [(String, [Float])] = []
    for (entity, _, colour) in recording.cast.plotted {
        series.append((colour, recording.frames.map { frame in frame.first { $0.entity == entity }.map(value) ?? .nan }))
    }
    if recording.cast.plotsLayer {
        series.append((green, recording.frames.map { frame in frame.first { $0.role == .overlay }.map(value) ?? .nan }))
    }
    let all = series.flatMap(\.1).filter { $0.isFinite }
    var low = all.min() ?? 0, high = all.max() ?? 1
    if high - low < 1e-6 { low -= 1; high += 1 }
    let count = Float(max(1, recording.frames.count - 1))
    func px(_ i: Int) -> Float { left + Float(i) / count * (w - left - 6) }
    func py(_ v: Float) -> Float { top + (1 - (v - low) / (high - low)) * (h - top - bottom) }
    var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(f(w))' height='\(f(h))' font-family='sans-serif' font-size='10'>"
    svg += "<text x='\(f(left))' y='11' fill='#333' font-weight='bold'>\(title)</text>"
    svg += "<rect x='\(f(left))' y='\(f(top))' width='\(f(w - left - 6))' height='\(f(h - top - bottom))' fill='none' stroke='#ccd'/>"
    svg += "<text x='2' y='\(f(top + 8))' fill='#666'>\(String(format: "%.2f", high))</text>"
    svg += "<text x='2' y='\(f(h - bottom))' fill='#666'>\(String(format: "%.2f", low))</text>"
    svg += "<text x='\(f(left))' y='\(f(h - 4))' fill='#666'>0</text><text x='\(f(w - 40))' y='\(f(h - 4))' fill='#666'>tick \(recording.frames.count - 1)</text>"
    for marker in recording.scene.markers {
        svg += "<line x1='\(f(px(marker)))' x2='\(f(px(marker)))' y1='\(f(top))' y2='\(f(h - bottom))' stroke='#d33' stroke-dasharray='3,3'/>"
    }
    for (colour, values) in series {
        let points = values.enumerated().filter { $0.element.isFinite }.map { "\(f(px($0.offset))),\(f(py($0.element)))" }
        svg += "<polyline fill='none' stroke='\(colour)' stroke-width='1.5' points='\(points.joined(separator: " "))'/>"
    }
    return svg + "</svg>"
}

func page(_ recordings: [Recording], summary: String) -> String {
    var html = """
    <!doctype html><html><head><meta charset='utf-8'><title>Portal demo</title>
    <style>body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}section{margin-bottom:36px}
    .plots{display:flex;flex-wrap:wrap;gap:10px}.legend span{margin-right:14px}code{background:#eef;padding:1px 4px}</style></head><body>
    <h1>Portal demo</h1><p>Every scene ran headless in Portal's fixed 120 Hz tick loop; what you see is the render list of the ticks shown.
    Plots show presented values every tick; the dashed red line marks the tick at which the script retargeted.</p>
    <p><code>\(summary)</code></p>
    """
    for r in recordings {
        var legend = r.cast.plotted.map { "<span style='color:\($0.2)'>■ \($0.1)</span>" }.joined()
        if r.cast.plotsLayer {
            legend += "<span style='color:\(sourceBlue)'>▢ source</span><span style='color:\(destinationOrange)'>▢ destination</span>"
                + "<span style='color:\(green)'>■ layer (plotted)</span>"
        }
        html += "<section id='\(r.scene.name)'><h2>\(r.scene.title)</h2><p>\(r.scene.summary)</p><p class='legend'>\(legend)</p>"
        html += filmstrip(r)
        html += "<div class='plots'>"
        html += plot(r, title: "drawn y (pt)") { $0.globalTransform.map(.zero).y }
        html += plot(r, title: "drawn x (pt)") { $0.globalTransform.map(.zero).x }
        html += plot(r, title: "width (pt)") { $0.frame.width }
        html += plot(r, title: "corner radius (pt)") { $0.cornerRadius }
        html += plot(r, title: "opacity") { $0.opacity }
        html += "</div></section>"
    }
    return html + "</body></html>\n"
}
