// A uniform grid over the render list, so hit testing looks at the items near the point
// instead of all of them. Built lazily — on the first hit test after the render list changed —
// and kept until the next tick, so a host that never hit-tests pays nothing and one that tests
// many points per frame pays the build once.

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
    /// The render-list version the grid was built for.
    private(set) var version: UInt64 = .max

    /// Items spanning more cells than this go to the `large` list.
    private static let maxCellsPerItem = 64

    /// The axis-aligned box an item covers on screen (its frame through scale, rotation and
    /// translation; the 3D rotation is not considered, as in hit testing).
    static func bounds(_ item: RenderItem) -> Rect {
        let t = item.transform
        let hw = abs(item.frame.width * t.scaleX) / 2, hh = abs(item.frame.height * t.scaleY) / 2
        let c = abs(libcCosf(t.rotation.radians)), s = abs(libcSinf(t.rotation.radians))
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

    mutating func build(_ list: [RenderItem], version: UInt64, tree: Bool = false) {
        self.version = version
        large.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        guard !list.isEmpty else { columns = 0; rows = 0; return }
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for item in list {
            let b = HitGrid.bounds(item, tree: tree)
            guard HitGrid.isBinnable(b) else { continue }
            minX = min(minX, b.minX); minY = min(minY, b.minY); maxX = max(maxX, b.maxX); maxY = max(maxY, b.maxY)
        }
        guard minX.isFinite else { columns = 0; rows = 0; return }
        origin = Point(x: minX, y: minY)
        // About two items per cell, at most 256 × 256 cells.
        let area = max((maxX - minX) * (maxY - minY), 1)
        cellSize = max(8, (area / Float(max(list.count, 1)) * 2).squareRoot())
        columns = min(256, max(1, Int(((maxX - minX) / cellSize).rounded(.up))))
        rows = min(256, max(1, Int(((maxY - minY) / cellSize).rounded(.up))))
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
            for (index, item) in list.enumerated() {
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
        var inCell: ArraySlice<Int32> = []
        if columns > 0, point.isFinite {
            let x = (point.x - origin.x) / cellSize, y = (point.y - origin.y) / cellSize
            if x >= 0, y >= 0, x < Float(columns), y < Float(rows) {
                let cell = Int(y) * columns + Int(x)
                inCell = items[Int(starts[cell])..<Int(starts[cell + 1])]
            }
        }
        // Merge the cell's items and the large items from the top (both ascending).
        var i = inCell.endIndex - 1, j = large.count - 1
        while i >= inCell.startIndex || j >= 0 {
            let next: Int32
            if j < 0 || (i >= inCell.startIndex && inCell[i] > large[j]) {
                next = inCell[i]; i -= 1
            } else {
                next = large[j]; j -= 1
            }
            if visit(Int(next)) { return }
        }
    }
}
