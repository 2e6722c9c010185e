import Foundation
import Portal

/// A number for the page's JSON, rounded to `decimals` places with trailing zeros dropped.
func q(_ x: Float, _ decimals: Int) -> String {
    guard x.isFinite else { return "0" }
    var s = String(format: "%.\(decimals)f", x)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}

/// A transform's entries as the page reads them: the six affine ones (translation to 0.01 pt,
/// the rest to 1e-5), and the perspective column only when the transform is not affine.
private func entries(_ t: ProjectionTransform) -> [String] {
    var e = [q(t.m11, 5), q(t.m12, 5), q(t.m21, 5), q(t.m22, 5), q(t.m31, 2), q(t.m32, 2)]
    if !t.isAffine { e += [String(format: "%.7g", t.m13), String(format: "%.7g", t.m23), String(format: "%.7g", t.m33)] }
    return e
}

/// The tail an item is drawn with: a popup's content, drawn in the overlay as itself.
func tail(of item: RenderItem, in tick: RecordedTick) -> PopupTail? {
    item.role == .overlay && item.content == item.entity ? tick.tails[item.entity] : nil
}

/// Whether an item is a portal layer: drawn in the overlay in place of another view.
func isLayer(_ item: RenderItem) -> Bool { item.role == .overlay && item.content != item.entity }

/// A reel encoded for the player: a JSON object whose frames hold, per tick, only what changed
/// since the tick before — the draw order when it changed, each item whose quantized state
/// changed, the clip list and debug boxes when they changed — and, per tick, whether anything did.
struct EncodedReel {
    let json: String
    /// `changed[t]`: tick `t` draws differently from tick `t − 1` (tick 0 always does).
    let changed: [Bool]
}

/// Encodes a reel. Item state, in order: width, height, corner radius, opacity, shadow radius,
/// clip index, colour index, 1 for a portal layer, the popup's tail (0 for none, else
/// ±(1 + x), + on the top edge: ``PopupTail``), then the global transform's entries. A reel
/// with pointers (``Reel/hasPointers``) has a fifth entry per frame: the pointers down after the
/// tick, `[id, x, y]` each, by id; other reels are encoded without it.
func encode(_ reel: Reel, strip: [(tick: Int, until: Int)]? = nil) -> EncodedReel {
    var table = ColourTable()
    func colour(_ c: String) -> Int { table.index(of: c) }
    var keyIndex: [String: Int] = [:]
    var lastState: [Int: String] = [:]
    var lastOrder: [Int] = [], lastClips = "", lastBoxes = ""
    var frames: [String] = []
    var changed: [Bool] = []
    let hasPointers = reel.hasPointers
    for (t, tick) in reel.ticks.enumerated() {
        var order: [Int] = []
        var itemChanges: [String] = []
        var seen: [String: Int] = [:]
        for item in tick.items {
            let base = "\(item.entity.bits)/\(item.content.bits)/\(item.role.rawValue)"
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            let key = "\(base)/\(occurrence)"
            let index = keyIndex[key] ?? keyIndex.count
            keyIndex[key] = index
            order.append(index)
            let state = ([q(item.frame.width, 2), q(item.frame.height, 2), q(item.cornerRadius, 2), q(item.opacity, 3),
                          q(item.shadowRadius, 2), "\(item.clip)", "\(colour(reel.colour(of: item, at: t)))", isLayer(item) ? "1" : "0",
                          tail(of: item, in: tick).map { q(($0.below ? 1 : -1) * (1 + $0.x), 4) } ?? "0"]
                         + entries(item.globalTransform)).joined(separator: ",")
            if lastState[index] != state {
                lastState[index] = state
                itemChanges.append("[\(index),\(state)]")
            }
        }
        let clips = tick.clips.map { c in
            "[" + ([q(c.size.width, 2), q(c.size.height, 2), q(c.cornerRadius, 2), "\(c.parent)"] + entries(c.transform)).joined(separator: ",") + "]"
        }.joined(separator: ",")
        let boxes = tick.boxes.map { b in
            "[\(q(b.frame.minX, 2)),\(q(b.frame.minY, 2)),\(q(b.frame.width, 2)),\(q(b.frame.height, 2)),\(colour(b.colour)),\(b.hidden ? 1 : 0)]"
        }.joined(separator: ",")
        let orderChanged = t == 0 || order != lastOrder
        let clipsChanged = t == 0 || clips != lastClips
        let boxesChanged = t == 0 || boxes != lastBoxes
        let pointers = hasPointers
            ? ",[" + tick.pointers.sorted { $0.key < $1.key }.map { "[\($0.key),\(q($0.value.x, 2)),\(q($0.value.y, 2))]" }
                .joined(separator: ",") + "]"
            : ""
        frames.append("[\(orderChanged ? "[\(order.map(String.init).joined(separator: ","))]" : "0"),[\(itemChanges.joined(separator: ","))],"
                      + "\(clipsChanged ? "[\(clips)]" : "0"),\(boxesChanged ? "[\(boxes)]" : "0")\(pointers)]")
        let pointersChanged = t > 0 && tick.pointers != reel.ticks[t - 1].pointers
        changed.append(orderChanged || clipsChanged || boxesChanged || !itemChanges.isEmpty || pointersChanged)
        (lastOrder, lastClips, lastBoxes) = (order, clips, boxes)
    }
    let json = head(reel, colours: table, strip: strip ?? filmstripTicks(reel, changed: changed))
        + ",\n\"frames\":[\n\(frames.joined(separator: ",\n"))]}"
    return EncodedReel(json: json, changed: changed)
}

/// What both encodings of a reel start with: its name, stage, markers, colours and filmstrip
/// panels, as the opening of a JSON object (the caller adds its ticks and closes it).
private func head(_ reel: Reel, colours: ColourTable, strip: [(tick: Int, until: Int)]) -> String {
    let panels = strip.map { "[\($0.tick),\($0.until),\(reel.markers.contains($0.tick) ? 1 : 0)]" }
    return "{\"name\":\(jsonString(reel.name)),\"stage\":[\(q(reel.stage.width, 2)),\(q(reel.stage.height, 2))],"
        + "\"markers\":[\(reel.markers.map(String.init).joined(separator: ","))],"
        + "\"colours\":[\(colours.colours.map(jsonString).joined(separator: ","))],"
        + "\"strip\":[\(panels.joined(separator: ","))]"
}

/// The colours a reel draws with, each once, indexed in order of first use: the stage's first.
struct ColourTable {
    private(set) var colours = [stageBackground]
    private var indices = [stageBackground: 0]

    /// The index of `colour`, added when it is new.
    mutating func index(of colour: String) -> Int {
        if let i = indices[colour] { return i }
        colours.append(colour)
        indices[colour] = colours.count - 1
        return colours.count - 1
    }
}

/// An entity as a live reel names it: `index,generation`, as the page reads a render item's words.
private func key(_ e: Entity) -> String { "\"\(e.index),\(e.generation)\"" }

/// Encodes a reel whose scene the page runs live: instead of its recorded ticks, the trace of
/// its calls, which the page replays in Portal's WebAssembly module one tick at a time
/// (`portal_replay_open`), reading each tick's render list, clip list, anchors' frames and popups'
/// placements from the world as a host does. What a trace does not hold travels beside it:
/// `fills`, the colour of each content entity from the tick it is set (`[tick, key, colour]`,
/// colour −1 when unset), `fallback`, the colours of the rest by content index, `anchors`, the
/// debug boxes' entities and colours, and `pointers`, the scripted pointers down after each tick
/// where they change (`[tick, [[id, x, y], …]]`). The filmstrip's panels come from the recording.
func encodeLive(_ reel: Reel) -> String {
    guard let trace = reel.trace else { return encode(reel).json }
    var table = ColourTable()
    var fills: [String] = []
    var last: [Entity: String] = [:]
    var pointers: [String] = []
    for (t, tick) in reel.ticks.enumerated() {
        for (entity, colour) in tick.fills.sorted(by: { $0.key.bits < $1.key.bits }) where last[entity] != colour {
            fills.append("[\(t),\(key(entity)),\(table.index(of: colour))]")
        }
        for entity in last.keys.sorted(by: { $0.bits < $1.bits }) where tick.fills[entity] == nil {
            fills.append("[\(t),\(key(entity)),-1]")
        }
        last = tick.fills
        if t == 0 ? !tick.pointers.isEmpty : tick.pointers != reel.ticks[t - 1].pointers {
            let down = tick.pointers.sorted { $0.key < $1.key }.map { "[\($0.key),\(q($0.value.x, 2)),\(q($0.value.y, 2))]" }
            pointers.append("[\(t),[\(down.joined(separator: ","))]]")
        }
    }
    let fallback = fallbackPalette.map { String(table.index(of: $0)) }
    let anchors = reel.anchors.map { "[\"\($0.0.bits)\",\(table.index(of: $0.1))]" }
    return head(reel, colours: table, strip: filmstripTicks(reel, changed: encode(reel).changed))
        + ",\"ticks\":\(reel.ticks.count),"
        + "\"fills\":[\(fills.joined(separator: ","))],\"fallback\":[\(fallback.joined(separator: ","))],"
        + "\"anchors\":[\(anchors.joined(separator: ","))],\"pointers\":[\(pointers.joined(separator: ","))],"
        + "\n\"trace\":\(jsonString(trace))}"
}

/// The filmstrip's panels: one every `every` ticks, and one at each tick where the script
/// changed course; a panel is left out when nothing was drawn differently since the panel
/// before, which then says until which tick it stood still.
func filmstripTicks(_ reel: Reel, changed: [Bool], every: Int = 12) -> [(tick: Int, until: Int)] {
    let count = reel.ticks.count
    let wanted = Set(stride(from: 0, to: count, by: every)).union(reel.markers.filter { $0 < count }).sorted()
    var panels: [(tick: Int, until: Int)] = []
    for tick in wanted {
        if let last = panels.last, !changed[(last.tick + 1)...tick].contains(true) {
            panels[panels.count - 1].until = tick
        } else {
            panels.append((tick, tick))
        }
    }
    // A still panel stands until the next change (or the end), not just the last wanted tick.
    for i in panels.indices {
        var until = panels[i].until
        let end = i + 1 < panels.count ? panels[i + 1].tick : count
        while until + 1 < end, !changed[until + 1] { until += 1 }
        panels[i].until = until
    }
    return panels
}
