import Portal

/// A point of the stage whose colour the player must draw at a tick, for the browser check.
struct PixelSample {
    var x: Float
    var y: Float
    var colour: String
    var what: String
}

/// Whether the screen point `p` is inside the rounded rectangle (0, 0)-(size) placed by `t`.
private func inside(_ p: Point, size: Size, radius: Float, through t: ProjectionTransform) -> Bool {
    guard size.width > 0, size.height > 0, let inverse = t.inverted() else { return false }
    let l = inverse.map(p)
    guard l.x >= 0, l.y >= 0, l.x <= size.width, l.y <= size.height else { return false }
    let r = min(radius, size.width / 2, size.height / 2)
    let dx = l.x < r ? r - l.x : (l.x > size.width - r ? l.x - (size.width - r) : 0)
    let dy = l.y < r ? r - l.y : (l.y > size.height - r ? l.y - (size.height - r) : 0)
    return dx * dx + dy * dy <= r * r
}

/// The indices of the items that paint the point — inside their shape and their whole clip
/// chain, not fully transparent — bottom first.
private func painters(_ p: Point, in tick: RecordedTick) -> [Int] {
    tick.items.indices.filter { i in
        let item = tick.items[i]
        guard item.opacity > 0.001, inside(p, size: item.frame.size, radius: item.cornerRadius, through: item.globalTransform) else { return false }
        var clip = item.clip
        while clip >= 0, Int(clip) < tick.clips.count {
            if !tick.clips[Int(clip)].contains(p) { return false }
            clip = tick.clips[Int(clip)].parent
        }
        return true
    }
}

/// `#rrggbb` as three channels.
private func rgb(_ hex: String) -> [Float] {
    let v = Int(hex.dropFirst(), radix: 16) ?? 0
    return [Float(v >> 16 & 255), Float(v >> 8 & 255), Float(v & 255)]
}

/// Up to `count` points where the colour on screen follows from the render list alone — the
/// stage, then each item painting the point composited over it with its opacity ("source
/// over") — where the same items paint everything 5 pt around (so no edge, corner rounding or
/// outline is near), away from debug boxes and shadows. Candidates are the centre and quarter
/// points of each item, top first, then one point of bare stage.
func pixelSamples(_ reel: Reel, at t: Int, count: Int = 5) -> [PixelSample] {
    let tick = reel.ticks[t]
    let margin: Float = 5
    func clear(_ p: Point, above floor: Int = -1) -> Bool {
        guard p.x > margin, p.y > margin, p.x < reel.stage.width - margin, p.y < reel.stage.height - margin else { return false }
        for box in tick.boxes {
            let f = box.frame
            let outer = Rect(x: f.minX - margin, y: f.minY - margin, width: f.width + 2 * margin, height: f.height + 2 * margin)
            let inner = Rect(x: f.minX + margin, y: f.minY + margin, width: f.width - 2 * margin, height: f.height - 2 * margin)
            if outer.contains(p) && !(inner.width > 0 && inner.height > 0 && inner.contains(p)) { return false }
        }
        // A shadow could darken the point, unless an opaque item is drawn over it.
        for item in tick.items[(floor + 1)...] where item.shadowRadius > 0 {
            let reach = 3 * item.shadowRadius + margin
            let corners = [Point(x: 0, y: 0), Point(x: item.frame.width, y: 0), Point(x: 0, y: item.frame.height),
                           Point(x: item.frame.width, y: item.frame.height)].map(item.globalTransform.map)
            if p.x > corners.map(\.x).min()! - reach, p.x < corners.map(\.x).max()! + reach,
               p.y > corners.map(\.y).min()! - reach, p.y < corners.map(\.y).max()! + reach { return false }
        }
        return true
    }
    func steady(_ p: Point) -> [Int]? {
        let here = painters(p, in: tick)
        for (dx, dy) in [(-margin, 0), (margin, 0), (0, -margin), (0, margin), (-margin, -margin), (margin, margin), (-margin, margin), (margin, -margin)] {
            if painters(Point(x: p.x + dx, y: p.y + dy), in: tick) != here { return nil }
        }
        return here
    }
    func composite(_ indices: [Int]) -> String {
        var c = rgb(stageBackground)
        for i in indices {
            let a = min(1, max(0, tick.items[i].opacity)), fill = rgb(reel.colour(of: tick.items[i], at: t))
            c = zip(fill, c).map { a * $0 + (1 - a) * $1 }
        }
        return "#" + c.map { String(format: "%02x", Int($0.rounded())) }.joined()
    }
    var samples: [PixelSample] = []
    for (i, item) in tick.items.enumerated().reversed() where samples.count < count - 1 && item.opacity > 0.05 {
        let (w, h) = (item.frame.width, item.frame.height)
        for (u, v) in [(0.5, 0.5), (0.25, 0.25), (0.75, 0.75), (0.25, 0.75), (0.75, 0.25)] as [(Float, Float)] {
            let p = item.globalTransform.map(Point(x: w * u, y: h * v))
            guard p.x.isFinite, p.y.isFinite, let painted = steady(p), painted.last == i,
                  clear(p, above: painted.last { tick.items[$0].opacity >= 0.999 } ?? -1) else { continue }
            let kind = isLayer(item) ? "portal layer for entity \(item.content.index)" : "\(item.role) entity \(item.entity.index)"
            samples.append(PixelSample(x: p.x, y: p.y, colour: composite(painted),
                                       what: kind + (painted.count > 1 || item.opacity < 0.999 ? " (opacity \(q(item.opacity, 3)), over \(painted.count - 1) items)" : "")))
            break
        }
    }
    // Bare stage: the first point of a coarse grid that no item paints near.
    search: for y in stride(from: Float(12), to: reel.stage.height - 12, by: 17) {
        for x in stride(from: Float(12), to: reel.stage.width - 12, by: 17) {
            let p = Point(x: x, y: y)
            if steady(p)?.isEmpty == true, clear(p) {
                samples.append(PixelSample(x: x, y: y, colour: stageBackground, what: "bare stage"))
                break search
            }
        }
    }
    return samples
}

/// The tick a check samples, in mid-motion: the middle one of the ticks at which the most
/// items changed.
func checkTick(_ encoded: EncodedReel) -> Int {
    let most = encoded.changes.dropFirst().max() ?? 0
    let busiest = encoded.changes.indices.dropFirst().filter { encoded.changes[$0] == most }
    return busiest.isEmpty ? 0 : busiest[busiest.count / 2]
}
