import Portal

/// A point of the stage whose colour the player must draw at a tick, for the browser check.
struct PixelSample {
    var x: Float
    var y: Float
    var colour: String
    var what: String
    /// Instead of `colour` exactly: darker than `colour` (a shadow on the stage, whose exact
    /// shade depends on the browser's blur).
    var darker = false
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
/// over") — where the same items paint everything 4 pt around (so no edge, corner rounding or
/// outline is near), away from debug boxes and shadows: points 6 pt either side of the items'
/// edges, moving items first, then a shadow on the stage if one is drawn, and bare stage.
/// How many ticks back the page's pointer trail reaches, and the radius of a pointer's dot, in
/// points (the player script draws them so).
let pointerTrailTicks = 12, pointerDotRadius: Float = 12

func pixelSamples(_ reel: Reel, at t: Int, count: Int = 8) -> [PixelSample] {
    let tick = reel.ticks[t]
    let margin: Float = 4
    func clear(_ p: Point, above floor: Int = -1) -> Bool {
        guard p.x > margin, p.y > margin, p.x < reel.stage.width - margin, p.y < reel.stage.height - margin else { return false }
        // A popup's tail strip: the page draws the body clear of it and the tail across it.
        for item in tick.items {
            guard let tail = tail(of: item, in: tick), let inverse = item.globalTransform.inverted() else { continue }
            let l = inverse.map(p), h = item.frame.height
            let band: ClosedRange<Float> = tail.below ? -margin...(popupTailHeight + margin) : (h - popupTailHeight - margin)...(h + margin)
            if band.contains(l.y), l.x > -margin, l.x < item.frame.width + margin { return false }
        }
        for box in tick.boxes {
            let f = box.frame
            let outer = Rect(x: f.minX - margin, y: f.minY - margin, width: f.width + 2 * margin, height: f.height + 2 * margin)
            let inner = Rect(x: f.minX + margin, y: f.minY + margin, width: f.width - 2 * margin, height: f.height - 2 * margin)
            if outer.contains(p) && !(inner.width > 0 && inner.height > 0 && inner.contains(p)) { return false }
        }
        // The page draws the pointers over the render list: a dot and a trail of the last
        // `pointerTrailTicks` ticks' positions.
        for earlier in reel.ticks[max(0, t - pointerTrailTicks)...t] {
            for (_, at) in earlier.pointers where abs(at.x - p.x) < pointerDotRadius + margin && abs(at.y - p.y) < pointerDotRadius + margin {
                return false
            }
        }
        // A shadow could darken the point, unless an opaque item is drawn over it.
        for item in tick.items[(floor + 1)...] where item.shadowRadius > 0 {
            let reach = 3 * drawnShadowRadius(item) + margin
            let corners = [Point(x: 0, y: 0), Point(x: item.frame.width, y: 0), Point(x: 0, y: item.frame.height),
                           Point(x: item.frame.width, y: item.frame.height)].map(item.globalTransform.map)
            if p.x > corners.map(\.x).min()! - reach, p.x < corners.map(\.x).max()! + reach,
               p.y > corners.map(\.y).min()! - reach, p.y < corners.map(\.y).max()! + reach { return false }
        }
        return true
    }
    // Each item's drawn quadrilateral: a point near one of its edges is not steady even when
    // the item is too thin (a screen seen edge-on) for the neighbours to land in it.
    let quads = tick.items.map { item in
        [(0, 0), (item.frame.width, 0), (item.frame.width, item.frame.height), (0, item.frame.height)].map {
            item.globalTransform.map(Point(x: $0.0, y: $0.1))
        }
    }
    func nearEdge(_ p: Point) -> Bool {
        quads.contains { quad in
            (0..<4).contains { e in
                let (a, b) = (quad[e], quad[(e + 1) % 4])
                let (dx, dy) = (b.x - a.x, b.y - a.y)
                let length = dx * dx + dy * dy
                let u = length > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length)) : 0
                let (ex, ey) = (a.x + u * dx - p.x, a.y + u * dy - p.y)
                return !(ex * ex + ey * ey >= margin * margin)   // NaN (a point at infinity) counts as near
            }
        }
    }
    func steady(_ p: Point) -> [Int]? {
        if nearEdge(p) { return nil }
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
    // Moving items first (drawn elsewhere the tick before), top first: points 6 pt inside and
    // outside the middle of each edge, where a layer drawn a few points off changes colour.
    var samples: [PixelSample] = []
    let before = t > 0 ? reel.ticks[t - 1].items : []
    func moving(_ item: RenderItem) -> Bool {
        before.first { $0.entity == item.entity && $0.role == item.role }?.globalTransform != item.globalTransform
    }
    let order = tick.items.indices.reversed().filter { moving(tick.items[$0]) } + tick.items.indices.reversed().filter { !moving(tick.items[$0]) }
    for i in order where samples.count < count - 2 && tick.items[i].opacity > 0.05 {
        let item = tick.items[i]
        let (w, h, d) = (item.frame.width, item.frame.height, Float(6))
        let candidates: [(Float, Float)] = [(d, h / 2), (w + d, h / 2), (w / 2, h - d), (w / 2, -d), (w - d, h / 2), (-d, h / 2), (w / 2, d), (w / 2, h + d), (w / 2, h / 2)]
        var taken = 0
        for (u, v) in candidates where taken < 2 && samples.count < count - 2 {
            let p = item.globalTransform.map(Point(x: u, y: v))
            guard p.x.isFinite, p.y.isFinite, let painted = steady(p),
                  clear(p, above: painted.last { tick.items[$0].opacity >= 0.999 } ?? -1),
                  !samples.contains(where: { abs($0.x - p.x) < 4 && abs($0.y - p.y) < 4 }) else { continue }
            let name = isLayer(item) ? "portal layer for entity \(item.content.index)" : "\(item.role) entity \(item.entity.index)"
            let side = painted.last == i ? "inside" : "outside"
            let top = painted.last.map { tick.items[$0] }
            let detail = top.map { " (topmost entity \($0.entity.index), opacity \(q($0.opacity, 3)), over \(painted.count - 1) items)" } ?? " (bare stage)"
            samples.append(PixelSample(x: p.x, y: p.y, colour: composite(painted), what: "\(side) \(name) by 6 pt\(detail)"))
            taken += 1
        }
    }
    // A shadow: just outside the middle of an edge of an opaque shadowed item, on bare stage
    // (other shadows there can only darken it more).
    shadow: for item in tick.items.reversed() where drawnShadowRadius(item) >= 6 && item.opacity >= 0.999 {
        let shadowRadius = drawnShadowRadius(item)
        let c = drawnCentre(item), (w, h) = (item.frame.width, item.frame.height)
        edges: for edge in [Point(x: w / 2, y: h), Point(x: w / 2, y: 0), Point(x: 0, y: h / 2), Point(x: w, y: h / 2)] {
            let b = item.globalTransform.map(edge)
            let length = ((b.x - c.x) * (b.x - c.x) + (b.y - c.y) * (b.y - c.y)).squareRoot()
            guard length > 1 else { continue }
            let p = Point(x: b.x + (b.x - c.x) / length * shadowRadius * 0.3, y: b.y + (b.y - c.y) / length * shadowRadius * 0.3)
            guard p.x > 2, p.y > 2, p.x < reel.stage.width - 2, p.y < reel.stage.height - 2 else { continue }
            for (dx, dy) in [(0, 0), (-2, 0), (2, 0), (0, -2), (0, 2)] as [(Float, Float)] {
                if !painters(Point(x: p.x + dx, y: p.y + dy), in: tick).isEmpty { continue edges }
            }
            for box in tick.boxes {
                let f = box.frame
                if Rect(x: f.minX - 4, y: f.minY - 4, width: f.width + 8, height: f.height + 8).contains(p) { continue edges }
            }
            samples.append(PixelSample(x: p.x, y: p.y, colour: stageBackground, what: "shadow (radius \(q(item.shadowRadius, 1))) beside entity \(item.entity.index)", darker: true))
            break shadow
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

/// The tick a check samples, in mid-motion: the one at which the items changed most since the
/// tick before — drawn centres and widths in points, opacity counted 100 pt for a full fade.
func checkTick(_ reel: Reel) -> Int {
    func motion(_ t: Int) -> Float {
        reel.ticks[t].items.reduce(0) { sum, item in
            guard let old = reel.ticks[t - 1].items.first(where: { $0.entity == item.entity && $0.role == item.role }) else { return sum }
            let (a, b) = (drawnCentre(old), drawnCentre(item))
            let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                + abs(drawnWidth(old) - drawnWidth(item)) + 100 * abs(old.opacity - item.opacity)
            return d.isFinite ? sum + d : sum
        }
    }
    return (1..<max(1, reel.ticks.count)).max { motion($0) < motion($1) } ?? 0
}
