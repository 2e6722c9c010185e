// Golden render-list snapshots: a compact text form of what a world drew, tick by tick, and a
// comparison that names the first tick, entity and field that differ.

import Foundation
import Portal

/// Render lists in a compact, diffable text form: for each sampled tick a line `@TICK` and one
/// line per drawn item, numbers rounded to ``precision`` decimal places.
///
/// ```text
/// @12
/// e1 view frame=120.25,90.5,96.75,96.75 radius=19.5 opacity=0.75
/// p1 overlay content=e2 frame=40,300,180,120 radius=8 opacity=1 z=0 clip=0
/// ```
///
/// Entities are named as in the trace: `eN` for the Nth entity the host spawned; Portal's own
/// entities (layers, backdrops) are `pN`, numbered in the order the snapshot first meets them, so
/// a snapshot does not depend on how Portal numbers its internal entities. Defaults are left
/// out (a transform only when it is not the identity, a global transform only when it does more
/// than place the frame, a clip only when there is one).
///
/// The rounding keeps snapshots readable and stable against last-bit changes in the library's
/// own arithmetic. (Portal computes its own `exp`, `log`, `sin`, `cos` and `atan2`, so its
/// render lists are the same bit for bit on every platform; the rounding no longer has
/// platforms' C math libraries to absorb.)
public struct RenderSnapshot: Sendable, Equatable, CustomStringConvertible {
    /// Decimal places numbers are rounded to (3 unless given: 1/1000 of a point).
    public let precision: Int
    /// The snapshot text, one line per sampled tick and per item.
    public private(set) var text: String
    private var portalNames: [Entity: Int] = [:]

    /// An empty snapshot rounding to `precision` decimal places.
    public init(precision: Int = 3) {
        self.precision = max(0, min(precision, 9))
        self.text = "snapshot precision=\(self.precision)\n"
    }

    /// The text.
    public var description: String { text }

    /// Appends the world's current render list as tick ``World/tickCount``.
    ///
    /// - Parameter name: the trace's name of an entity the host spawned (``World/traceName(of:)``
    ///   or ``TraceReplayer/name(of:)``); a name starting with `#` is taken as Portal's own.
    public mutating func append(_ world: World, naming name: (Entity) -> String) {
        text += "@\(world.tickCount)\n"
        let clips = world.clipList
        for item in world.renderList {
            text += line(item, clips: clips.count, name: name)
            text += "\n"
        }
    }

    mutating func entityName(_ e: Entity, _ name: (Entity) -> String) -> String {
        let n = name(e)
        guard n.hasPrefix("#") else { return n }
        if let k = portalNames[e] { return "p\(k)" }
        let k = portalNames.count + 1
        portalNames[e] = k
        return "p\(k)"
    }

    /// `v` as the snapshot writes it: rounded to ``precision`` places, trailing zeros dropped.
    public func number(_ v: Float) -> String {
        guard v.isFinite else { return "\(v)" }
        let scaled = (Double(v) * pow(10, Double(precision))).rounded()
        let rounded = scaled / pow(10, Double(precision))
        if rounded == 0 { return "0" }   // no "-0"
        var s = String(format: "%.\(precision)f", rounded)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    func numbers(_ values: [Float]) -> String { values.map(number).joined(separator: ",") }

    mutating func line(_ item: RenderItem, clips: Int, name: (Entity) -> String) -> String {
        var parts = [entityName(item.entity, name)]
        switch item.role {
        case .view: parts.append("view")
        case .overlay: parts.append("overlay")
        case .backdrop: parts.append("backdrop")
        }
        if item.content != item.entity { parts.append("content=" + entityName(item.content, name)) }
        let f = item.frame
        parts.append("frame=" + numbers([f.origin.x, f.origin.y, f.size.width, f.size.height]))
        parts.append("radius=" + number(item.cornerRadius))
        parts.append("opacity=" + number(item.opacity))
        if item.shadowRadius != 0 { parts.append("shadow=" + number(item.shadowRadius)) }
        let t = item.transform
        if t != .identity {
            let r = t.rotation3D
            parts.append("transform=" + numbers([t.translation.x, t.translation.y, t.scaleX, t.scaleY, t.rotation.radians, t.zPosition,
                                                 r.angle.radians, r.axisX, r.axisY, r.axisZ, r.perspective]))
        }
        // The global transform, unless it only places the frame (a root's, untransformed).
        let g = item.globalTransform
        let placesFrame = g.m11 == 1 && g.m12 == 0 && g.m13 == 0 && g.m21 == 0 && g.m22 == 1 && g.m23 == 0
            && g.m31 == f.origin.x && g.m32 == f.origin.y && g.m33 == 1
        if !placesFrame {
            parts.append("global=" + numbers([g.m11, g.m12, g.m13, g.m21, g.m22, g.m23, g.m31, g.m32, g.m33]))
        }
        if item.zIndex != 0 { parts.append("z=\(item.zIndex)") }
        if item.cornerStyle != .circular { parts.append("corners=continuous") }
        if !item.clipsContent { parts.append("clipsContent=false") }
        if !item.allowsHitTesting { parts.append("hits=false") }
        if item.clip >= 0 { parts.append("clip=\(item.clip)") }
        return parts.joined(separator: " ")
    }
}

/// The first difference between two snapshots: where, which field, and both values.
public struct SnapshotDifference: Sendable, Equatable, CustomStringConvertible {
    /// The tick (`@N` line) where the snapshots first differ; nil when they differ before any tick.
    public let tick: UInt64?
    /// The entity whose line differs (nil when a whole tick or item is missing).
    public let entity: String?
    /// The field that differs (`frame`, `opacity`, …; `item` when an item is missing or extra,
    /// `tick` when a tick is).
    public let field: String
    /// The golden value.
    public let expected: String
    /// The value now.
    public let actual: String
    /// The line of the golden snapshot (1-based).
    public let line: Int

    /// "tick 42, e3, opacity: expected 0.4, got 0.41 (golden line 87)".
    public var description: String {
        var s = tick.map { "tick \($0)" } ?? "header"
        if let entity { s += ", \(entity)" }
        return s + ", \(field): expected \(expected), got \(actual) (golden line \(line))"
    }

    /// The first difference between `expected` and `actual` snapshot texts, or nil when they
    /// are equal.
    public static func first(expected: String, actual: String) -> SnapshotDifference? {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var tick: UInt64?
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? String(a[i]) : "(end)", y = i < b.count ? String(b[i]) : "(end)"
            if x.hasPrefix("@") { tick = UInt64(x.dropFirst()) }
            guard x != y else { continue }
            let line = i + 1
            if x.hasPrefix("@") || y.hasPrefix("@") || x == "(end)" || y == "(end)" {
                // A tick or an item is missing on one side.
                let field = x.hasPrefix("@") && y.hasPrefix("@") ? "tick" : "item"
                let entity = [x, y].first { !$0.hasPrefix("@") && $0 != "(end)" }.map { String($0.split(separator: " ").first ?? "") }
                return SnapshotDifference(tick: tick, entity: entity, field: field, expected: x, actual: y, line: line)
            }
            let fx = fields(x), fy = fields(y)
            if fx.name != fy.name {
                return SnapshotDifference(tick: tick, entity: fx.name, field: "item", expected: x, actual: y, line: line)
            }
            for (key, value) in fx.fields where fy.fields.first(where: { $0.0 == key })?.1 != value {
                return SnapshotDifference(tick: tick, entity: fx.name, field: key, expected: value,
                                          actual: fy.fields.first(where: { $0.0 == key })?.1 ?? "(absent)", line: line)
            }
            for (key, value) in fy.fields where !fx.fields.contains(where: { $0.0 == key }) {
                return SnapshotDifference(tick: tick, entity: fx.name, field: key, expected: "(absent)", actual: value, line: line)
            }
            return SnapshotDifference(tick: tick, entity: fx.name, field: "line", expected: x, actual: y, line: line)
        }
        return nil
    }

    static func fields(_ line: String) -> (name: String, fields: [(String, String)]) {
        let words = line.split(separator: " ")
        var fields: [(String, String)] = []
        for (k, word) in words.enumerated().dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1)
            fields.append(parts.count == 2 ? (String(parts[0]), String(parts[1])) : (k == 1 ? "role" : String(word), String(word)))
        }
        return (String(words.first ?? ""), fields)
    }
}
