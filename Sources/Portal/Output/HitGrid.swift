// A uniform grid over the render list, so hit testing looks at the items near the point
// instead of all of them. Built lazily — on the first hit test after the render list changed —
// and kept until the next tick, so a host that never hit-tests pays nothing and one that tests
// many points per frame pays the build once. The build also works out, once per item, what a
// query would otherwise recompute per candidate (the inverse of each item's transform, the
// sine and cosine of its rotation), in a compact record per item, and bins only the items a
// hit test may return.

/// What a query tests of one hittable item of a flat render list: ``Transform/inverseMap(_:in:)``
/// with its rotation's cosine and sine worked out, and the frame's edges, for the same
/// operations in the same order (so the same answer to the last bit).
struct FlatHitShape {
    var translationX: Float = 0, translationY: Float = 0
    var midX: Float = 0, midY: Float = 0
    var scaleX: Float = 0, scaleY: Float = 0
    var cos: Float = 1, sin: Float = 0
    var minX: Float = 0, minY: Float = 0, maxX: Float = 0, maxY: Float = 0
    var rotated = false

    init() {}

    init(_ item: RenderItem) {
        let t = item.transform, f = item.frame
        translationX = t.translation.x; translationY = t.translation.y
        midX = f.midX; midY = f.midY
        scaleX = t.scaleX; scaleY = t.scaleY
        rotated = t.rotation.radians != 0
        if rotated { cos = PortalMath.cos(t.rotation.radians); sin = PortalMath.sin(t.rotation.radians) }
        minX = f.minX; minY = f.minY; maxX = f.maxX; maxY = f.maxY
    }

    /// Whether `point` maps into the frame (as `inverseMap` then `Rect.contains`).
    @inline(__always)
    func contains(_ point: Point) -> Bool {
        guard scaleX != 0, scaleY != 0 else { return false }
        var x = point.x - translationX - midX
        var y = point.y - translationY - midY
        if rotated { (x, y) = (cos * x + sin * y, -sin * x + cos * y) }
        let lx = x / scaleX + midX, ly = y / scaleY + midY
        return lx >= minX && lx < maxX && ly >= minY && ly < maxY
    }
}

/// What a query tests of one hittable item of a tree's render list: the inverse of its global
/// transform (`nil` when it has none), its size and its clip.
struct TreeHitShape {
    var inverse: ProjectionTransform?
    var width: Float = 0, height: Float = 0
    var clip: Int32 = -1
}

struct HitGrid {
    private var origin = Point.zero
    private var cellSize: Float = 64
    private var columns = 0, rows = 0
    /// CSR layout: the items of cell c are `items[starts[c] ..< starts[c + 1]]`, ascending.
    private var starts: [Int32] = []
    private var items: [Int32] = []
    /// Items that cover too many cells to bin (full-screen views, backdrops): checked always.
    private var large: [Int32] = []
    private var scratch: [Int32] = []
    /// Per render item (by index), what a query tests of it: for a flat list in `flatShapes`,
    /// for a tree in `treeShapes` (the other stays empty). Only hittable items are binned, so
    /// only theirs are read.
    private(set) var flatShapes: [FlatHitShape] = []
    private(set) var treeShapes: [TreeHitShape] = []
    /// Per item of a tree's render list, whether its path passes taps by opacity
    /// (`markOpaquePaths`); per view slot, the same for the view's last item met.
    private var opaquePaths: [Bool] = []
    private var opaqueSlots: [Bool] = []
    /// Per clip of the render list, the inverse of its transform (`nil` when it has none).
    private(set) var clipInverses: [ProjectionTransform?] = []
    /// The render-list version the grid was built for.
    private(set) var version: UInt64 = .max

    /// Items spanning more cells than this go to the `large` list.
    private static let maxCellsPerItem = 64

    /// The axis-aligned box an item covers on screen (its frame through scale, rotation and
    /// translation; the 3D rotation is not considered, as in hit testing).
    static func bounds(_ item: RenderItem) -> Rect {
        let t = item.transform
        let hw = abs(item.frame.width * t.scaleX) / 2, hh = abs(item.frame.height * t.scaleY) / 2
        let c = abs(PortalMath.cos(t.rotation.radians)), s = abs(PortalMath.sin(t.rotation.radians))
        let ex = hw * c + hh * s, ey = hw * s + hh * c
        let cx = item.frame.midX + t.translation.x, cy = item.frame.midY + t.translation.y
        return Rect(x: cx - ex, y: cy - ey, width: 2 * ex, height: 2 * ey)
    }

    /// The box to bin an item by: for a flat list its screen bounds as above; for a tree its
    /// global bounding box, or an infinite box (never binned: the `large` list, always checked)
    /// when part of it turns behind the viewer.
    static func bounds(_ item: RenderItem, tree: Bool) -> Rect {
        guard tree else { return bounds(item) }
        return item.globalTransform.boundingBox(of: item.frame.size)
            ?? Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity)
    }

    /// Whether a hit test may return an item of a flat list at all: it allows hit testing and
    /// is not all but invisible (a backdrop takes taps at any opacity). With no parents, its
    /// opacity is its own, so this is UIKit's rule (see `markOpaquePaths`).
    static func isHittable(_ item: RenderItem) -> Bool {
        item.allowsHitTesting && (item.opacity >= 0.01 || item.role == .backdrop)
    }

    /// Whether a hit test may return the item at `index` of the list being built: for a tree,
    /// it and its ancestors allow hit testing and none of them is all but invisible by its own
    /// opacity (`opaquePaths`); for a flat list, ``isHittable(_:)``.
    private func isHittable(_ item: RenderItem, at index: Int, tree: Bool) -> Bool {
        tree ? item.allowsHitTesting && opaquePaths[index] : HitGrid.isHittable(item)
    }

    /// Per item of a tree's render list, whether no view on its path to its root has an
    /// opacity *of its own* below 0.01 (a backdrop excepted: it takes taps at any opacity).
    ///
    /// This is UIKit's rule: `hitTest(_:with:)` ignores a view whose own `alpha` is below 0.01,
    /// with its subtree, whatever the product of the alphas above it (a child at 0.05 under a
    /// parent at 0.05 is hit, drawn at 0.0025) — as CSS, which hit-tests any opacity. The item's
    /// opacity is that product, so the rule is worked out here, once per list, from the value
    /// blocks: the list is depth first, so a drawn view's parent was met before it, and its
    /// answer is kept by slot (`opaqueSlots`). A portal layer's content copies follow the layer,
    /// which stands in for the content: the content's slot takes the layer's answer.
    private mutating func markOpaquePaths(_ list: [RenderItem], views: ViewStore) {
        opaquePaths.removeAll(keepingCapacity: true)
        if opaqueSlots.count < views.entities.count {
            opaqueSlots.append(contentsOf: repeatElement(false, count: views.entities.count - opaqueSlots.count))
        }
        for item in list {
            guard let slot = views.slot(of: item.entity) else { opaquePaths.append(false); continue }
            var opaque = item.role == .backdrop || views.ownOpacity(slot: slot) >= 0.01
            if let parent = views.parent(slot: slot) { opaque = opaque && opaqueSlots[parent] }
            opaqueSlots[slot] = opaque
            if item.content != item.entity, let content = views.slot(of: item.content) { opaqueSlots[content] = opaque }
            opaquePaths.append(opaque)
        }
    }

    mutating func build(_ list: [RenderItem], clips: [RenderClip] = [], version: UInt64, views: ViewStore? = nil) {
        let tree = views != nil
        self.version = version
        large.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        flatShapes.removeAll(keepingCapacity: true)
        treeShapes.removeAll(keepingCapacity: true)
        clipInverses.removeAll(keepingCapacity: true)
        if let views {
            markOpaquePaths(list, views: views)
            for (index, item) in list.enumerated() {
                treeShapes.append(isHittable(item, at: index, tree: true)
                    ? TreeHitShape(inverse: item.globalTransform.inverted(), width: item.frame.width, height: item.frame.height, clip: item.clip)
                    : TreeHitShape())
            }
            for clip in clips { clipInverses.append(clip.transform.inverted()) }
        } else {
            for item in list { flatShapes.append(HitGrid.isHittable(item) ? FlatHitShape(item) : FlatHitShape()) }
        }
        guard !list.isEmpty else { columns = 0; rows = 0; return }
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for (index, item) in list.enumerated() where isHittable(item, at: index, tree: tree) {
            let b = HitGrid.bounds(item, tree: tree)
            guard HitGrid.isBinnable(b) else { continue }
            minX = min(minX, b.minX); minY = min(minY, b.minY); maxX = max(maxX, b.maxX); maxY = max(maxY, b.maxY)
        }
        guard minX.isFinite else { columns = 0; rows = 0; return }
        origin = Point(x: minX, y: minY)
        // About two items per cell, at most 256 × 256 cells.
        let area = max((maxX - minX) * (maxY - minY), 1)
        cellSize = max(8, (area / Float(max(list.count, 1)) * 2).squareRoot())
        columns = min(256, max(1, Int(PortalMath.rounded((maxX - minX) / cellSize, .up))))
        rows = min(256, max(1, Int(PortalMath.rounded((maxY - minY) / cellSize, .up))))
        cellSize = max((maxX - minX) / Float(columns), (maxY - minY) / Float(rows), 1)
        let cellCount = columns * rows
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: repeatElement(0, count: cellCount + 1))
        // Pass 1: count; pass 2: fill.
        for pass in 0..<2 {
            if pass == 1 {
                for c in 0..<cellCount { starts[c + 1] += starts[c] }
                items.append(contentsOf: repeatElement(0, count: Int(starts[cellCount])))
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: starts.dropLast())
            }
            for (index, item) in list.enumerated() where isHittable(item, at: index, tree: tree) {
                let b = HitGrid.bounds(item, tree: tree)
                guard HitGrid.isBinnable(b) else {
                    // A flat item with non-finite bounds cannot be hit; a tree item without a
                    // finite box (partly behind the viewer) may be: it is checked always.
                    if tree && pass == 0 { large.append(Int32(index)) }
                    continue
                }
                let (c0, r0, c1, r1) = cells(b)
                if (c1 - c0 + 1) * (r1 - r0 + 1) > HitGrid.maxCellsPerItem {
                    if pass == 0 { large.append(Int32(index)) }
                    continue
                }
                for r in r0...r1 {
                    for c in c0...c1 {
                        let cell = r * columns + c
                        if pass == 0 {
                            starts[cell + 1] += 1
                        } else {
                            items[Int(scratch[cell])] = Int32(index)
                            scratch[cell] += 1
                        }
                    }
                }
            }
        }
    }

    /// Bounds with non-finite numbers (a renderer-side NaN from custom code) are not binned.
    static func isBinnable(_ b: Rect) -> Bool {
        b.minX.isFinite && b.minY.isFinite && b.maxX.isFinite && b.maxY.isFinite
    }

    private func cells(_ b: Rect) -> (Int, Int, Int, Int) {
        func column(_ x: Float) -> Int { min(columns - 1, max(0, Int((x - origin.x) / cellSize))) }
        func row(_ y: Float) -> Int { min(rows - 1, max(0, Int((y - origin.y) / cellSize))) }
        return (column(b.minX), row(b.minY), column(b.maxX), row(b.maxY))
    }

    /// Calls `visit` with the indices of the items that may contain `point`, topmost first,
    /// until it returns `true`.
    func candidates(at point: Point, _ visit: (Int) -> Bool) {
        var first = 0, end = 0
        if columns > 0, point.isFinite {
            let x = (point.x - origin.x) / cellSize, y = (point.y - origin.y) / cellSize
            if x >= 0, y >= 0, x < Float(columns), y < Float(rows) {
                let cell = Int(y) * columns + Int(x)
                first = Int(starts[cell]); end = Int(starts[cell + 1])
            }
        }
        // Merge the cell's items and the large items from the top (both ascending), through
        // buffer pointers (a slice of the cell retained and released the array per query).
        items.withUnsafeBufferPointer { inCell in
            large.withUnsafeBufferPointer { large in
                var i = end - 1, j = large.count - 1
                while i >= first || j >= 0 {
                    let next: Int32
                    if j < 0 || (i >= first && inCell[i] > large[j]) {
                        next = inCell[i]; i -= 1
                    } else {
                        next = large[j]; j -= 1
                    }
                    if visit(Int(next)) { return }
                }
            }
        }
    }

    /// Whether `point` hits the (hittable) item at `index` of a tree's render list: inside its
    /// bounds under its global transform, and inside every clip of its chain.
    func treeItemContains(_ index: Int, _ point: Point, clips: [RenderClip]) -> Bool {
        let shape = treeShapes[index]
        guard let inverse = shape.inverse else { return false }
        let local = inverse.map(point)
        guard local.x >= 0, local.y >= 0, local.x <= shape.width, local.y <= shape.height else { return false }
        var clip = shape.clip
        while clip >= 0 {
            let c = clips[Int(clip)]
            guard let clipInverse = clipInverses[Int(clip)],
                  RenderClip.roundedRectContains(clipInverse.map(point), size: c.size, radius: c.cornerRadius) else { return false }
            clip = c.parent
        }
        return true
    }
}

extension ViewStore {
    /// The view's own presented opacity (not its ancestors' product), as the render list clamps it.
    func ownOpacity(slot: Int) -> Float {
        ViewStore.unit(values.elements[slot * ViewChannel.stride + ViewChannel.opacity.rawValue])
    }
}
