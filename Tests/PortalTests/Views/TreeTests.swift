import Testing
@testable import Portal
import PortalFuzzing

// The view tree (issue 13, step A): propagation and the render list against a naive recursive
// reference on seeded random trees, hit testing against a brute-force scan, bad input, and the
// despawn of a subtree.
//
// The reference is independent of the world's matrices: it maps points one at a time, in
// Double, through each view's frame, transform (scale, rotation, 3D rotation seen with
// perspective, translation, about the centre) and then up through each ancestor's content
// offset and own local map, recursively from scratch every tick. Only the tree's structure (who
// is whose parent, z indices, hidden, clipping, hit testing) is tracked by the test itself; the
// presented local values (frames, opacities, transforms, content offsets, mid-animation
// included) are read from the world, since the animation system is tested elsewhere.

/// The test's model of the tree's structure.
private struct TreeModel {
    var parent: [Entity: Entity] = [:]
    var created: [Entity: Int] = [:]
    var z: [Entity: Int32] = [:]
    var hidden: Set<Entity> = []
    var clips: Set<Entity> = []
    var noHit: Set<Entity> = []
    var views: [Entity] = []
    var next = 0

    mutating func add(_ e: Entity, in p: Entity?) {
        parent[e] = p; created[e] = next; next += 1; z[e] = 0; views.append(e)
    }

    func children(of p: Entity?) -> [Entity] {
        views.filter { parent[$0] == p }.sorted { (z[$0]!, created[$0]!) < (z[$1]!, created[$1]!) }
    }

    func isInSubtree(_ e: Entity, of root: Entity) -> Bool {
        var up: Entity? = e
        while let u = up { if u == root { return true }; up = parent[u] ?? nil }
        return false
    }

    func subtree(of root: Entity) -> [Entity] { views.filter { isInSubtree($0, of: root) } }

    mutating func remove(subtreeOf root: Entity) {
        let gone = Set(subtree(of: root))
        views.removeAll { gone.contains($0) }
        for e in gone { parent[e] = nil; created[e] = nil; z[e] = nil; hidden.remove(e); clips.remove(e); noHit.remove(e) }
    }
}

private struct P2 { var x: Double; var y: Double }

/// One item of the reference render list.
private struct RefItem {
    var entity: Entity
    var corners: [P2]
    var opacity: Double
    var hittable: Bool
    /// Innermost first: each clip's size and mapped corners.
    var clips: [(Size, [P2])]
    /// Whether every corner stays well in front of the viewer at every level (w ≥ 0.05): the
    /// transform comparison is well-conditioned.
    var wellConditioned: Bool
}

/// A view's local map of a point of its bounds into its parent's content space, in Double;
/// `minW` takes the perspective divisor (≤ 0: the point is behind the viewer).
private func localMap(_ p: P2, _ v: ViewPresentation, minW: inout Double) -> P2 {
    let f = v.frame, t = v.transform
    let cx = Double(f.width) / 2, cy = Double(f.height) / 2
    var x = (p.x - cx) * Double(t.scaleX), y = (p.y - cy) * Double(t.scaleY)
    let a = Double(t.rotation.radians)
    let rx = PortalMath.cos(a) * x - PortalMath.sin(a) * y, ry = PortalMath.sin(a) * x + PortalMath.cos(a) * y
    x = rx; y = ry
    let r = t.rotation3D
    if r.angle.radians != 0 {
        var (kx, ky, kz) = (Double(r.axisX), Double(r.axisY), Double(r.axisZ))
        let n = (kx * kx + ky * ky + kz * kz).squareRoot()
        if n > 0 {
            kx /= n; ky /= n; kz /= n
            let th = Double(r.angle.radians), c = PortalMath.cos(th), s = PortalMath.sin(th), dot = kx * x + ky * y
            // Rodrigues: v cos θ + (k × v) sin θ + k (k · v)(1 − cos θ), v = (x, y, 0).
            let X = x * c + (-kz * y) * s + kx * dot * (1 - c)
            let Y = y * c + (kz * x) * s + ky * dot * (1 - c)
            let Z = (kx * y - ky * x) * s + kz * dot * (1 - c)
            let extent = Double(max(f.width, f.height))
            let w = 1 - (extent > 0 ? Double(r.perspective) / extent : 0) * Z
            minW = min(minW, w)
            x = X / w; y = Y / w
        }
    }
    return P2(x: x + cx + Double(f.minX) + Double(t.translation.x), y: y + cy + Double(f.minY) + Double(t.translation.y))
}

private func globalMap(_ p: P2, _ e: Entity, _ world: World, _ model: TreeModel, minW: inout Double) throws -> P2 {
    let q = localMap(p, try world.presentation(of: e), minW: &minW)
    guard let parent = model.parent[e] ?? nil else { return q }
    let offset = world.views.contentOffset(slot: world.views.slot(of: parent)!)
    return try globalMap(P2(x: q.x - Double(offset.x), y: q.y - Double(offset.y)), parent, world, model, minW: &minW)
}

private func corners(_ s: Size) -> [P2] {
    [P2(x: 0, y: 0), P2(x: Double(s.width), y: 0), P2(x: 0, y: Double(s.height)), P2(x: Double(s.width), y: Double(s.height))]
}

private func box(_ ps: [P2]) -> (Double, Double, Double, Double) {
    (ps.map(\.x).min()!, ps.map(\.y).min()!, ps.map(\.x).max()!, ps.map(\.y).max()!)
}

/// The reference render list, recomputed recursively from scratch. `ambiguous` is set when a
/// cull decision is within 0.01 pt of its edge (Float and Double may then disagree).
private func reference(_ world: World, _ model: TreeModel, ambiguous: inout Bool) throws -> [RefItem] {
    var out: [RefItem] = []
    func visit(_ e: Entity, opacity: Double, hit: Bool, clips: [(Size, [P2])], cull: (Double, Double, Double, Double)?) throws {
        guard !model.hidden.contains(e) else { return }
        let p = try world.presentation(of: e)
        let size = p.frame.size
        var minW = Double.infinity
        let mapped = try corners(size).map { try globalMap($0, e, world, model, minW: &minW) }
        // Part of the view behind the viewer: no finite box, so it is never culled (the world
        // culls only when certainly outside). Near that edge Float and Double may disagree.
        let b: (Double, Double, Double, Double)? = minW > 0 ? box(mapped) : nil
        if minW < 0.05 && (cull != nil || model.clips.contains(e)) { ambiguous = true }
        if let c = cull, let b {
            let gap = max(c.0 - b.2, b.0 - c.2, c.1 - b.3, b.1 - c.3)
            if abs(gap) < 0.01 { ambiguous = true }
            if gap > 0 { return }
        }
        let o = opacity * Double(p.opacity), h = hit && !model.noHit.contains(e)
        out.append(RefItem(entity: e, corners: mapped, opacity: o, hittable: h, clips: clips, wellConditioned: minW >= 0.05))
        var childClips = clips, childCull = cull
        if model.clips.contains(e) {
            childClips.insert((size, mapped), at: 0)
            if let b {
                childCull = cull.map { (max($0.0, b.0), max($0.1, b.1), max(max($0.0, b.0), min($0.2, b.2)), max(max($0.1, b.1), min($0.3, b.3))) } ?? b
            }
        }
        for c in model.children(of: e) { try visit(c, opacity: o, hit: h, clips: childClips, cull: childCull) }
    }
    for root in model.children(of: nil) { try visit(root, opacity: 1, hit: true, clips: [], cull: nil) }
    return out
}

private func close(_ a: Point, _ b: P2, _ tolerance: Double = 1e-4) -> Bool {
    abs(Double(a.x) - b.x) <= tolerance * max(1, abs(b.x)) && abs(Double(a.y) - b.y) <= tolerance * max(1, abs(b.y))
}

/// Compares the world's render list, clip list and presentations with the reference.
private func compare(_ world: World, _ model: TreeModel, tick: Int) throws -> Bool {
    var ambiguous = false
    let ref = try reference(world, model, ambiguous: &ambiguous)
    if ambiguous { return false }
    let items = world.renderList, clipList = world.clipList
    try #require(items.map(\.entity) == ref.map(\.entity), "tick \(tick): drawn set or order differs")
    for (item, r) in zip(items, ref) {
        let mapped = corners(item.frame.size).map { item.globalTransform.map(Point(x: Float($0.x), y: Float($0.y))) }
        #expect(!r.wellConditioned || zip(mapped, r.corners).allSatisfy { close($0, $1) }, "tick \(tick): global transform of \(item.entity)")
        #expect(abs(Double(item.opacity) - r.opacity) <= 1e-6, "tick \(tick): opacity of \(item.entity)")
        #expect(item.allowsHitTesting == r.hittable, "tick \(tick): hit testing of \(item.entity)")
        var chain: [RenderClip] = []
        var c = item.clip
        while c >= 0 { chain.append(clipList[Int(c)]); c = clipList[Int(c)].parent }
        try #require(chain.count == r.clips.count, "tick \(tick): clip chain length of \(item.entity)")
        for (clip, (size, pts)) in zip(chain, r.clips) where r.wellConditioned {
            #expect(clip.size == size)
            let m = corners(size).map { clip.transform.map(Point(x: Float($0.x), y: Float($0.y))) }
            #expect(zip(m, pts).allSatisfy { close($0, $1) }, "tick \(tick): clip of \(item.entity)")
        }
        let g = try world.presentation(of: item.entity).globalTransform
        #expect(!r.wellConditioned || zip(corners(item.frame.size).map { g.map(Point(x: Float($0.x), y: Float($0.y))) }, r.corners).allSatisfy { close($0, $1) })
    }
    let drawn = Set(ref.map(\.entity))
    for e in model.views { #expect(try world.presentation(of: e).isDrawn == drawn.contains(e), "tick \(tick): isDrawn of \(e)") }
    return true
}

private func randomFrame(_ g: inout SeededGenerator) -> Rect {
    Rect(x: Float.random(in: -60...300, using: &g), y: Float.random(in: -60...500, using: &g),
         width: Float.random(in: 0.5...200, using: &g), height: Float.random(in: 0.5...200, using: &g))
}

private func randomTransform(_ g: inout SeededGenerator) -> Transform {
    Transform(translation: Point(x: Float.random(in: -30...30, using: &g), y: Float.random(in: -30...30, using: &g)),
              scaleX: Float.random(in: 0.5...1.5, using: &g), scaleY: Float.random(in: 0.5...1.5, using: &g),
              rotation: Angle(radians: Float.random(in: -0.6...0.6, using: &g)),
              rotation3D: Int.random(in: 0..<4, using: &g) != 0 ? .identity
                  : Rotation3D(angle: Angle(radians: Float.random(in: -0.8...0.8, using: &g)),
                               axis: ([(0, 1, 0), (1, 0, 0), (0.3, 0.7, 0.2)] as [(Float, Float, Float)]).randomElement(using: &g)!,
                               perspective: Float.random(in: 0...1, using: &g)))
}

/// Runs `operations` random tree operations on a world and its model, calling `check` after
/// every tick.
/// With `quietTicks`, each batch is followed by that many ticks with no call, in which only
/// running animations change views: the ticks the propagation patches instead of rebuilding.
private func randomTree(seed: UInt64, operations: Int, maxViews: Int = 40, quietTicks: Int = 0,
                        check: (World, TreeModel, Int) throws -> Void) throws {
    var g = SeededGenerator(seed: seed)
    let world = World()
    var model = TreeModel()
    var done = 0, tick = 0
    while done < operations {
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            done += 1
            let target = model.views.randomElement(using: &g)
            switch Int.random(in: 0..<14, using: &g) {
            case 0, 1, 2:
                guard model.views.count < maxViews else { continue }
                let parent = Int.random(in: 0..<4, using: &g) == 0 ? nil : target
                let e = try world.spawnView(frame: randomFrame(&g), opacity: Float.random(in: 0.2...1, using: &g), in: parent)
                model.add(e, in: parent)
            case 3:
                guard let v = target else { continue }
                let p = Int.random(in: 0..<5, using: &g) == 0 ? nil : model.views.randomElement(using: &g)
                if let p, model.isInSubtree(p, of: v) {
                    let before = world.fingerprint
                    #expect(throws: PortalError.parentCycle(v, parent: p)) { try world.setParent(p, of: v) }
                    #expect(world.fingerprint == before)
                } else {
                    try world.setParent(p, of: v, keepingGlobalFrame: Bool.random(using: &g))
                    model.parent[v] = p
                }
            case 4:
                guard let v = target else { continue }
                try world.setFrame(randomFrame(&g), of: v)
            case 5:
                guard let v = target else { continue }
                try world.setContentOffset(Point(x: Float.random(in: -100...100, using: &g), y: Float.random(in: -300...300, using: &g)), of: v)
            case 6:
                guard let v = target else { continue }
                let props = ViewProperties(frame: Bool.random(using: &g) ? randomFrame(&g) : nil,
                                           opacity: Bool.random(using: &g) ? Float.random(in: 0...1, using: &g) : nil,
                                           transform: Bool.random(using: &g) ? randomTransform(&g) : nil,
                                           contentOffset: Bool.random(using: &g) ? Point(x: Float.random(in: -50...50, using: &g), y: Float.random(in: -200...200, using: &g)) : nil)
                try world.animate(v, to: props, with: .linear(duration: Double.random(in: 0.02...0.3, using: &g)))
            case 7:
                guard let v = target else { continue }
                let hide = !model.hidden.contains(v)
                try world.setHidden(hide, of: v)
                if hide { model.hidden.insert(v) } else { model.hidden.remove(v) }
            case 8, 9:
                guard let v = target else { continue }
                let clip = !model.clips.contains(v)
                try world.setClipsToBounds(clip, of: v)
                if clip { model.clips.insert(v) } else { model.clips.remove(v) }
            case 10:
                guard let v = target else { continue }
                let z = Int32.random(in: -2...2, using: &g)
                try world.setZIndex(z, of: v)
                model.z[v] = z
            case 11:
                guard let v = target, Int.random(in: 0..<3, using: &g) == 0 else { continue }
                try world.despawn(v)
                let gone = model.subtree(of: v)
                model.remove(subtreeOf: v)
                #expect(gone.allSatisfy { !world.isAlive($0) }, "a despawned subtree's handles die at once")
            case 12:
                guard let v = target else { continue }
                let allow = model.noHit.contains(v)
                try world.setAllowsHitTesting(allow, of: v)
                if allow { model.noHit.remove(v) } else { model.noHit.insert(v) }
            default:
                guard let v = target else { continue }
                try world.update(v, to: ViewProperties(transform: randomTransform(&g)))
            }
        }
        for _ in 0...quietTicks {
            world.tick()
            tick += 1
            try check(world, model, tick)
        }
    }
}

@Suite("View tree")
struct TreeTests {
    /// Seeds 1–3 of 600 operations; seeds 1–5 of 2,400 with PORTAL_LONG_TESTS=1 (LongTests.swift).
    @Test(arguments: LongTests.size([1, 2, 3], long: [1, 2, 3, 4, 5]) as [UInt64])
    func propagationMatchesRecursiveReference(seed: UInt64) throws {
        var compared = 0, skipped = 0
        // Two quiet ticks per batch: half the ticks are patched in place (only lanes ran).
        try randomTree(seed: seed, operations: LongTests.size(600, long: 2_400), quietTicks: 2) { world, model, tick in
            if try compare(world, model, tick: tick) { compared += 1 } else { skipped += 1 }
        }
        // Ticks with a cull decision within 0.01 pt of its edge, or a view turned (nearly) behind
        // the viewer where a cull decision is made, are skipped (Float and Double may disagree
        // there): at most 1 in 10.
        #expect(skipped * 10 <= compared + skipped, "\(skipped) ambiguous ticks of \(compared + skipped)")
    }

    @Test("propagation is incremental: an idle tick changes nothing, an animating view patches its item")
    func incrementalPropagation() throws {
        let world = World()
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 300, height: 600))
        try world.setClipsToBounds(true, of: root)
        let cells = try (0..<50).map { try world.spawnView(frame: Rect(x: 0, y: Float($0) * 40, width: 300, height: 40), in: root) }
        world.tick()
        let version = world.renderVersion, before = world.renderList
        world.tick()
        #expect(world.renderVersion == version, "an idle tick leaves the list, and its version, alone")
        #expect(world.renderList == before)
        try world.animate(cells[3], to: ViewProperties(frame: Rect(x: 20, y: 120, width: 200, height: 40), opacity: 0.5),
                          with: .linear(duration: 0.5))
        world.tick(); world.tick()
        #expect(world.renderVersion != version)
        let item = try #require(world.renderList.first { $0.entity == cells[3] })
        let p = try world.presentation(of: cells[3])
        #expect(item.frame == p.frame && item.opacity == p.opacity && p.frame.minX > 0 && p.frame.minX < 20)
        #expect(world.renderList.count == before.count, "patched in place: same drawn set")
        // Scrolling a cell out of the clip changes the drawn set: the list is rebuilt without it.
        try world.setContentOffset(Point(x: 0, y: 700), of: root)
        world.tick()
        let drawn = try world.presentation(of: cells[0]).isDrawn
        #expect(!world.renderList.contains { $0.entity == cells[0] } && !drawn)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func hitTestingMatchesBruteForce(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed &* 977)
        var tested = 0, ambiguous = 0, hits = 0
        try randomTree(seed: seed, operations: 600, maxViews: 40) { world, model, tick in
            guard tick % 4 == 0 else { return }
            let items = world.renderList, clips = world.clipList
            // UIKit's rule (`hitTest(_:with:)` ignores views whose alpha is below 0.01, and so
            // their subviews): each view's own opacity on the path, not their product.
            func opaquePath(_ e: Entity) -> Bool {
                guard let p = try? world.presentation(of: e), p.opacity >= 0.01 else { return false }
                return model.parent[e].map { opaquePath($0) } ?? true
            }
            for _ in 0..<50 {
                let point = Point(x: Float.random(in: -20...350, using: &g), y: Float.random(in: -20...450, using: &g))
                // Brute force: front to back, each item's inverse transform in Double, and its
                // clip chain; `nil` when a decision falls within 1e-3 of an edge.
                func inside(_ t: ProjectionTransform, _ size: Size, radius: Float) -> Bool? {
                    let (a, b, c, d, e, f, gg, h, i) = (Double(t.m11), Double(t.m12), Double(t.m13), Double(t.m21), Double(t.m22),
                                                       Double(t.m23), Double(t.m31), Double(t.m32), Double(t.m33))
                    let det = a * (e * i - f * h) - b * (d * i - f * gg) + c * (d * h - e * gg)
                    guard abs(det) > 1e-9 else { return false }
                    // Solve [x y 1]·M = s·[px py 1] for the local (x, y).
                    let px = Double(point.x), py = Double(point.y)
                    // x·(a − c·px) + y·(d − f·px) = i·px − gg ; x·(b − c·py) + y·(e − f·py) = i·py − h
                    let a11 = a - c * px, a12 = d - f * px, b1 = i * px - gg
                    let a21 = b - c * py, a22 = e - f * py, b2 = i * py - h
                    let dd = a11 * a22 - a12 * a21
                    guard abs(dd) > 1e-12 else { return false }
                    let x = (b1 * a22 - a12 * b2) / dd, y = (a11 * b2 - a21 * b1) / dd
                    let w = Double(size.width), hh = Double(size.height)
                    let margin = min(x, y, w - x, hh - y)
                    if abs(margin) < 1e-3 { return nil }
                    guard margin > 0 else { return false }
                    let r = min(Double(radius), w / 2, hh / 2)
                    guard r > 0 else { return true }
                    let dx = x < r ? r - x : (x > w - r ? x - (w - r) : 0)
                    let dy = y < r ? r - y : (y > hh - r ? y - (hh - r) : 0)
                    let dist = (dx * dx + dy * dy).squareRoot() - r
                    if abs(dist) < 1e-3 { return nil }
                    return dist <= 0
                }
                var expected: Entity?, unsure = false
                scan: for item in items.reversed() where item.allowsHitTesting && opaquePath(item.entity) {
                    guard let hitSelf = inside(item.globalTransform, item.frame.size, radius: 0) else { unsure = true; break }
                    guard hitSelf else { continue }
                    var c = item.clip
                    while c >= 0 {
                        guard let inClip = inside(clips[Int(c)].transform, clips[Int(c)].size, radius: clips[Int(c)].cornerRadius) else {
                            unsure = true; break scan
                        }
                        if !inClip { continue scan }
                        c = clips[Int(c)].parent
                    }
                    expected = item.entity
                    break
                }
                if unsure { ambiguous += 1; continue }
                tested += 1
                if expected != nil { hits += 1 }
                #expect(world.hitTest(point)?.entity == expected, "tick \(tick), point \(point)")
            }
        }
        #expect(tested >= 1_700 && ambiguous * 100 <= tested, "\(tested) points tested, \(ambiguous) ambiguous")
        #expect(hits * 8 >= tested, "too few points hit anything to test much: \(hits)")
    }

    @Test("a parent despawned this frame is never returned: a view moving out of it reports its new parent (fuzzer seed 2403)")
    func parentDespawnedWhileItsChildMoves() throws {
        let world = World()
        let old = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 300, height: 600))
        let title = try world.spawnView(frame: Rect(x: 10, y: 10, width: 80, height: 20), in: old)
        let loose = try world.spawnView(frame: Rect(x: 10, y: 40, width: 80, height: 20), in: old)
        world.tick()
        // A header takes the title as its part (a staged move to the screen); the other child
        // is moved to be a root; then their old parent is despawned in the same frame.
        _ = try world.flowingHeader(on: screen, title: title)
        try world.setParent(nil, of: loose)
        try world.despawn(old)
        #expect(!world.isAlive(old) && world.isAlive(title) && world.isAlive(loose))
        #expect(try world.parent(of: title) == screen)
        #expect(try world.parent(of: loose) == nil)
        world.tick()
        #expect(try world.parent(of: title) == screen)
        #expect(try world.parent(of: loose) == nil)
        // The tree is the staged calls' (as setParent validates against it): a staged move shows
        // at once.
        try world.setParent(loose, of: title)
        #expect(try world.parent(of: title) == loose)
    }

    @Test("views leaving and joining the roots between two ticks: each drawn once, at its key (band, z index, creation)")
    func rootsLeavingAndJoiningKeepTheDrawingOrder() throws {
        let world = World()
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let a = try world.spawnView(frame: frame), b = try world.spawnView(frame: frame)
        let c = try world.spawnView(frame: frame), holder = try world.spawnView(frame: frame)
        world.tick()
        #expect(world.renderList.map(\.entity) == [a, b, c, holder])
        // `a` leaves the roots, is given z index 5 as a child, and comes back: it must move
        // above the others (merged in at its new key), not stay where it was.
        try world.setParent(holder, of: a)
        try world.setZIndex(5, of: a)
        try world.setParent(nil, of: a)
        // `b` goes under the holder and back twice: drawn once, where it was.
        for _ in 0..<2 {
            try world.setParent(holder, of: b)
            try world.setParent(nil, of: b)
        }
        world.tick()
        #expect(world.renderList.map(\.entity) == [b, c, holder, a])
        // `c` leaves for good (drawn after its parent, as its child); a view spawned this tick
        // joins at its key too.
        try world.setParent(holder, of: c)
        let d = try world.spawnView(frame: frame)
        try world.setParent(holder, of: d)
        try world.setParent(nil, of: d)
        world.tick()
        #expect(world.renderList.map(\.entity) == [b, holder, c, d, a])
        // `c` joins the roots again: z index 0, between `b` and the holder by creation order.
        try world.setParent(nil, of: c)
        world.tick()
        #expect(world.renderList.map(\.entity) == [b, c, holder, d, a])
        // A few joins among many roots (each placed by binary search): against the rule itself.
        let many = try (0..<60).map { _ in try world.spawnView(frame: frame) }
        world.tick()
        var z: [Entity: Int32] = [a: 5]
        for (i, zIndex) in [(7, 0), (30, -1), (31, 2), (59, 0)] as [(Int, Int32)] {
            try world.setParent(holder, of: many[i])
            try world.setZIndex(zIndex, of: many[i])
            try world.setParent(nil, of: many[i])
            z[many[i]] = zIndex
        }
        world.tick()
        let creation = [a, b, c, holder, d] + many
        let expected = creation.enumerated().sorted { l, r in
            let (zl, zr) = (z[l.element] ?? 0, z[r.element] ?? 0)
            return zl != zr ? zl < zr : l.offset < r.offset
        }.map(\.element)
        #expect(world.renderList.map(\.entity) == expected)
        #expect(expected.first == many[30] && expected.suffix(2) == [many[31], a])
    }

    @Test("a clip culls the same children, with their subtrees, whether it has a few (each left to the exact test) or many (pre-culled)",
          arguments: [1, 2, 3, 4, 5, 9])
    func aClipCullsTheSameChildrenFewOrMany(children: Int) throws {
        let world = World()
        let clip = try world.spawnView(frame: Rect(x: 20, y: 30, width: 100, height: 100))
        try world.setClipsToBounds(true, of: clip)
        // Far outside, half a point outside, touching the right edge (touching overlaps: drawn),
        // inside; the first `children` of them, in that order, then more inside.
        let frames = [Rect(x: 500, y: 0, width: 10, height: 10), Rect(x: 100.5, y: 0, width: 10, height: 10),
                      Rect(x: 100, y: 50, width: 10, height: 10), Rect(x: 10, y: 10, width: 10, height: 10)]
        var kids: [Entity] = []
        for i in 0..<children { kids.append(try world.spawnView(frame: frames[min(i, frames.count - 1)], in: clip)) }
        // A grandchild of each child, across the clip's box: drawn exactly when its parent is.
        let grandchildren = try kids.map { try world.spawnView(frame: Rect(x: -600, y: 0, width: 1200, height: 10), in: $0) }
        world.tick()
        var expected = [clip]
        for (i, kid) in kids.enumerated() where i >= 2 { expected += [kid, grandchildren[i]] }
        #expect(world.renderList.map(\.entity) == expected)
        // A scroll by a point brings the half-point one in; by 2 more the other way, the touching
        // one goes out.
        try world.setContentOffset(Point(x: 1, y: 0), of: clip)
        world.tick()
        expected = [clip]
        for (i, kid) in kids.enumerated() where i >= 1 { expected += [kid, grandchildren[i]] }
        #expect(world.renderList.map(\.entity) == expected)
        try world.setContentOffset(Point(x: -1, y: 0), of: clip)
        world.tick()
        expected = [clip]
        for (i, kid) in kids.enumerated() where i >= 3 { expected += [kid, grandchildren[i]] }
        #expect(world.renderList.map(\.entity) == expected)
    }

    @Test func aFlatWorldIsUnchangedByTheTree() throws {
        // Roots only: the render list is today's, with each item's own matrix and no clip.
        let world = World()
        let a = try world.spawnView(frame: Rect(x: 10, y: 20, width: 100, height: 50), opacity: 0.5)
        try world.update(a, to: ViewProperties(transform: Transform(translation: Point(x: 5, y: 0), scaleX: 2)))
        world.tick()
        let item = world.renderList[0]
        #expect(item.clip == -1 && item.opacity == 0.5 && item.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        // Scale 2 about the centre (60, 45), then translate by 5: (0, 0) → (10 − 50 + 5, 20).
        #expect(item.globalTransform.map(.zero) == Point(x: -35, y: 20))
        #expect(item.globalTransform.map(Point(x: 100, y: 50)) == Point(x: 165, y: 70))
    }

    @Test("hit testing skips a view by its own opacity below 0.01, with its subtree, not by the product down the tree (UIKit)")
    func hitTestingUsesEachViewsOwnOpacity() throws {
        // UIKit's hitTest(_:with:) ignores views that are hidden, have user interaction
        // disabled, or have an alpha below 0.01 — each view's own alpha.
        let world = World()
        let parent = try world.spawnView(frame: Rect(x: 0, y: 0, width: 200, height: 200), opacity: 0.05)
        let child = try world.spawnView(frame: Rect(x: 10, y: 10, width: 50, height: 50), opacity: 0.05, in: parent)
        let faint = try world.spawnView(frame: Rect(x: 300, y: 0, width: 200, height: 200), opacity: 0.005)
        let opaque = try world.spawnView(frame: Rect(x: 10, y: 10, width: 50, height: 50), in: faint)
        world.tick()
        let childItem = try #require(world.renderList.first { $0.entity == child })
        #expect(childItem.opacity < 0.01, "drawn at 0.05 × 0.05")
        #expect(world.hitTest(Point(x: 20, y: 20))?.entity == child)
        #expect(world.hitTest(Point(x: 150, y: 150))?.entity == parent)
        // Under a parent below 0.01 of its own, a fully opaque child is skipped with it.
        #expect(world.renderList.contains { $0.entity == opaque })
        #expect(world.hitTest(Point(x: 320, y: 20)) == nil)
        #expect(world.hitTest(Point(x: 450, y: 150)) == nil)
        // The rule follows the presented values: the faint parent brought to 0.01 is hit, its child too.
        try world.update(faint, to: ViewProperties(opacity: 0.01))
        world.tick()
        #expect(world.hitTest(Point(x: 320, y: 20))?.entity == opaque)
        #expect(world.hitTest(Point(x: 450, y: 150))?.entity == faint)
        // A view's own corner radius does not round its hit area (UIKit's point(inside:with:)).
        try world.update(child, to: ViewProperties(cornerRadius: 25))
        world.tick()
        #expect(world.hitTest(Point(x: 11, y: 11))?.entity == child)
    }

    @Test("a portal layer's content copies follow the same rule: each copied view's own opacity counts, not the product")
    func hitTestingThroughLayerCopies() throws {
        let world = World()
        let source = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = try world.spawnView(frame: Rect(x: 10, y: 10, width: 60, height: 60), opacity: 0.05, in: source)
        let badge = try world.spawnView(frame: Rect(x: 10, y: 10, width: 30, height: 30), opacity: 0.05, in: inner)
        let destination = try world.spawnView(frame: Rect(x: 0, y: 300, width: 200, height: 200))
        try world.portal(source, id: "card", as: .source)
        try world.portal(destination, id: "card", as: .destination)
        try world.portalTransition(id: "card", isActive: true, config: PortalTransitionConfig(allowsHitTesting: true))
        world.run(ticks: 3)
        let copy = try #require(world.renderList.first { $0.entity == badge && $0.role == .overlay })
        #expect(!world.renderList.contains { $0.entity == badge && $0.role != .overlay }, "the content is drawn by the layer only")
        // Drawn at the layer's opacity × 0.05 × 0.05: the product rule skipped it.
        #expect(copy.opacity < 0.01 && copy.allowsHitTesting)
        #expect(world.hitTest(copy.globalTransform.map(Point(x: 15, y: 15)))?.entity == badge)
    }

    @Test func childrenComposeFramesOffsetsOpacityAndClip() throws {
        let world = World()
        let list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 300, height: 400), opacity: 0.5)
        try world.setClipsToBounds(true, of: list)
        var cells: [Entity] = []
        for i in 0..<100 {
            cells.append(try world.spawnView(frame: Rect(x: 0, y: Float(i) * 50, width: 300, height: 50), opacity: 0.5, in: list))
        }
        let label = try world.spawnView(frame: Rect(x: 10, y: 10, width: 100, height: 20), in: cells[3])
        try world.setContentOffset(Point(x: 0, y: 120), of: list)
        world.tick()
        // Visible: the list, cells whose y − 120 overlaps 0…400 (cells 2…10 touch; 2 ends at 130 − 120 = 10 > 0).
        let drawn = world.renderList.map(\.entity)
        #expect(drawn == [list] + cells[2...3] + [label] + cells[4...10])
        let labelItem = world.renderList.first { $0.entity == label }!
        #expect(labelItem.globalTransform.map(.zero) == Point(x: 10, y: 100 + 150 - 120 + 10))
        #expect(labelItem.opacity == 0.25 && labelItem.clip == 0 && world.clipList.count == 1)
        #expect(world.clipList[0].size == Size(width: 300, height: 400) && world.clipList[0].parent == -1)
        #expect(try world.presentation(of: label).globalFrame == Rect(x: 10, y: 140, width: 100, height: 20))
        #expect(try !world.presentation(of: cells[50]).isDrawn)
        // A hit on the label; above the list's clip nothing of the list is hit.
        #expect(world.hitTest(Point(x: 20, y: 145))?.entity == label)
        #expect(world.hitTest(Point(x: 20, y: 95)) == nil)
        #expect(try world.children(of: list).count == 100 && world.parent(of: label) == cells[3])
    }

    @Test func badParentsAreTypedErrorsAndLeaveTheWorldUnchanged() throws {
        let world = World()
        let a = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: a)
        let c = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let gone = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try world.despawn(gone)
        world.tick()
        let notView = try world.spawn()
        let before = world.fingerprint
        #expect(throws: PortalError.parentCycle(a, parent: b)) { try world.setParent(b, of: a) }
        #expect(throws: PortalError.parentCycle(a, parent: a)) { try world.setParent(a, of: a) }
        #expect(throws: PortalError.staleEntity(gone)) { try world.setParent(gone, of: c) }
        #expect(throws: PortalError.staleEntity(gone)) { _ = try world.spawnView(frame: .zero, in: gone) }
        #expect(throws: PortalError.notAView(notView)) { try world.setParent(notView, of: c) }
        #expect(throws: PortalError.notAView(notView)) { try world.setParent(c, of: notView) }
        do {
            try world.setContentOffset(Point(x: 0, y: .nan), of: a)
            Issue.record("a NaN content offset was accepted")
        } catch let PortalError.invalidGeometry(field, value, _) {
            #expect(field == "contentOffset" && value.isNaN)
        }
        #expect(throws: PortalError.invalidGeometry("contentOffset", 2e9, reason: "a content offset must be finite and within ±1e9")) {
            try world.setContentOffset(Point(x: 2e9, y: 0), of: a)
        }
        // A cycle made of a staged change: c under b is staged; a under c would close a loop.
        try world.setParent(b, of: c)
        let staged = world.fingerprint
        #expect(throws: PortalError.parentCycle(a, parent: c)) { try world.setParent(c, of: a) }
        #expect(world.fingerprint == staged)
        world.tick()
        #expect(try world.parent(of: c) == b)
        #expect(before != staged)
    }

    @Test func portalOwnedViewsAreNeitherParentsNorChildren() throws {
        let (world, _) = try heroWorld()
        let card = Entity(index: 0, generation: 0)
        try world.portalTransition(id: "hero", isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(.linear(duration: 0.5), delay: 0, duration: 0.5)))
        world.run(ticks: 3)
        let layer = try #require(world.renderList.first { $0.role == .overlay }?.entity)
        let before = world.fingerprint
        #expect(throws: PortalError.portalLayer(layer)) { try world.setParent(card, of: layer) }
        #expect(throws: PortalError.portalLayer(layer)) { try world.setParent(layer, of: card) }
        #expect(throws: PortalError.portalLayer(layer)) { _ = try world.spawnView(frame: .zero, in: layer) }
        #expect(world.fingerprint == before)
    }

    @Test func despawningAParentDespawnsItsSubtreeWithInterruptedAnimations() throws {
        let world = World()
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let keep = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: root)
        let b = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: a)
        let moved = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: a)
        world.tick()
        let ids = try [a, b].map { try world.animate($0, to: ViewProperties(opacity: 0), with: .linear(duration: 1)) }
        world.run(ticks: 2)
        _ = world.drainEvents()
        try world.setParent(keep, of: moved)   // staged: moved leaves the subtree before it goes
        try world.despawn(root)
        #expect(!world.isAlive(root) && !world.isAlive(a) && !world.isAlive(b) && world.isAlive(moved))
        world.tick()
        let interrupted = world.drainEvents().compactMap { event -> AnimationID? in
            if case let .animationCompleted(c) = event, c.wasInterrupted { return c.id }
            return nil
        }
        #expect(Set(interrupted) == Set(ids))
        #expect(world.viewCount == 2 && world.renderList.map(\.entity) == [keep, moved])
        #expect(try world.parent(of: moved) == keep)
    }

    @Test func reparentingKeepsTheGlobalFrameUnderTranslationAndScale() throws {
        let world = World()
        let a = try world.spawnView(frame: Rect(x: 100, y: 50, width: 200, height: 200))
        try world.setContentOffset(Point(x: 0, y: 30), of: a)
        let b = try world.spawnView(frame: Rect(x: 10, y: 300, width: 100, height: 100))
        // b's content space is b's bounds scaled by 2 about its centre: origin at (−40, 250).
        try world.update(b, to: ViewProperties(transform: Transform(scaleX: 2, scaleY: 2)))
        let v = try world.spawnView(frame: Rect(x: 20, y: 40, width: 30, height: 10), in: a)
        world.tick()
        let before = try world.presentation(of: v).globalFrame
        #expect(before == Rect(x: 120, y: 60, width: 30, height: 10))
        try world.setParent(b, of: v, keepingGlobalFrame: true)
        world.tick()
        let after = try world.presentation(of: v)
        #expect(isClose(after.globalFrame, before, tolerance: 1e-4))
        // In b's space: (120 + 40) / 2, (60 − 250) / 2, and half the size.
        #expect(isClose(after.frame, Rect(x: 80, y: -95, width: 15, height: 5), tolerance: 1e-4))
        // Without keeping, the local frame stays and the view moves with its new parent.
        try world.setParent(nil, of: v)
        world.tick()
        #expect(try world.presentation(of: v).globalFrame == after.frame)
    }

    @Test func aChildPresentedAsAPopupKeepsItsSiblingOrder() throws {
        // A nested popup content is lifted to a root in the overlay while presented (a child
        // draws in its root's band) and goes back among its siblings, sorted by z index and
        // creation order, when it leaves (the debug invariants check the lists).
        let world = World()
        try world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 400, height: 800))
        let list = try world.spawnView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let first = try world.spawnView(frame: Rect(x: 0, y: 0, width: 400, height: 40), in: list)
        let content = try world.spawnView(frame: .zero, in: list)
        let last = try world.spawnView(frame: Rect(x: 0, y: 80, width: 400, height: 40), in: list)
        world.tick()
        try world.presentPopup(content, from: first, width: 100, height: 60, animation: .linear(duration: 0.1), backdrop: false)
        world.run(ticks: 3)
        try world.setZIndex(0, of: last)
        let late = try world.spawnView(frame: .zero, in: list)
        world.tick()
        let z = try #require(world.renderList.first { $0.entity == content }).zIndex
        #expect(z > 0, "the popup system raised its content")
        #expect(try world.children(of: list) == [first, last, late])
        #expect(try world.parent(of: content) == nil)
        try world.dismissPopup(content)
        world.run(ticks: 14)
        #expect(world.presentedPopups.isEmpty)
        #expect(try world.parent(of: content) == list)
        #expect(try world.children(of: list) == [first, content, last, late])
    }

    @Test func contentOffsetAnimatesLikeAnyProperty() throws {
        let world = World()
        let list = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let cell = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 10), in: list)
        world.tick()
        try world.animate(list, to: ViewProperties(contentOffset: Point(x: 0, y: 60)), with: .linear(duration: 0.5))
        world.run(ticks: 30)   // half way (60 ticks at 120 Hz), linear
        let y = world.renderList.first { $0.entity == cell }!.globalTransform.map(.zero).y
        #expect(abs(y - -30) <= 1e-3)
        world.run(ticks: 40)
        #expect(world.renderList.first { $0.entity == cell }!.globalTransform.map(.zero).y == -60)
    }

    @Test func projectionTransformAlgebra() throws {
        let a = ProjectionTransform(m11: 2, m12: 0.5, m13: 0.001, m21: -0.3, m22: 1.5, m23: 0.002, m31: 10, m32: -4, m33: 1)
        let b = ProjectionTransform.translation(x: 3, y: 7)
        let p = Point(x: 12, y: -5)
        let ab = (a * b).map(p), seq = b.map(a.map(p))
        #expect(abs(ab.x - seq.x) < 1e-4 && abs(ab.y - seq.y) < 1e-4)
        let back = try #require(a.inverted()).map(a.map(p))
        #expect(abs(back.x - p.x) < 1e-3 && abs(back.y - p.y) < 1e-3)
        #expect(b.isAffine && !a.isAffine)
        #expect(ProjectionTransform(m11: 0, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1).inverted() == nil)
    }

    /// Found by the fuzzer: `children(of:)` listed a child despawned since the last tick, a
    /// handle already dead to every other call.
    @Test func childrenSkipAChildDespawnedThisFrame() throws {
        let world = World()
        let parent = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let kept = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: parent)
        let doomed = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: parent)
        world.tick()
        try world.despawn(doomed)
        #expect(try world.children(of: parent) == [kept])
        world.tick()
        #expect(try world.children(of: parent) == [kept])
    }
}

// MARK: - The change list (issue 16)

/// The fields in which `a` and `b` differ, one comparison per stored field (the brute force the
/// change list's masks must equal).
private func bruteForceFields(_ a: RenderItem, _ b: RenderItem) -> RenderFields {
    var f: RenderFields = []
    if a.content != b.content { f.insert(.content) }
    if a.frame != b.frame { f.insert(.frame) }
    if a.cornerRadius != b.cornerRadius { f.insert(.cornerRadius) }
    if a.cornerStyle != b.cornerStyle { f.insert(.cornerStyle) }
    if a.clipsContent != b.clipsContent { f.insert(.clipsContent) }
    if a.opacity != b.opacity { f.insert(.opacity) }
    if a.shadowRadius != b.shadowRadius { f.insert(.shadowRadius) }
    if a.transform != b.transform { f.insert(.transform) }
    if a.zIndex != b.zIndex { f.insert(.zIndex) }
    if a.role != b.role { f.insert(.role) }
    if a.allowsHitTesting != b.allowsHitTesting { f.insert(.allowsHitTesting) }
    if a.globalTransform != b.globalTransform { f.insert(.globalTransform) }
    if a.clip != b.clip { f.insert(.clip) }
    return f
}

/// Checks the last tick's change list against a brute-force diff of the lists before and after
/// it, and applies it to `mirror`, which must then equal the render list exactly.
private struct ChangeListChecker {
    var mirror = RenderMirror()
    var previous: [RenderKey: RenderItem] = [:]
    var counts = (ticks: 0, empty: 0, inserted: 0, removed: 0, updated: 0, moved: 0)

    mutating func start(_ world: World) {
        world.tracksRenderChanges = true
        mirror.load(world)
        previous = snapshot(world)
    }

    func snapshot(_ world: World) -> [RenderKey: RenderItem] {
        var s: [RenderKey: RenderItem] = [:]
        for (j, item) in world.renderList.enumerated() {
            let key = try! world.renderKey(at: j)
            #expect(s[key] == nil, "render keys are unique: \(key) twice")
            s[key] = item
        }
        return s
    }

    mutating func check(_ world: World, tick: Int) {
        let changes = world.renderChanges
        let now = snapshot(world)
        // Brute force: the keys gone, the keys new, and for each kept key the fields that differ.
        let removed = Set(previous.keys).subtracting(now.keys)
        var inserted = Set<Int32>(), expected: [Int32: RenderFields] = [:]
        for j in world.renderList.indices {
            let key = try! world.renderKey(at: j)
            if let old = previous[key] {
                let f = bruteForceFields(old, world.renderList[j])
                if !f.isEmpty { expected[Int32(j)] = f }
            } else {
                inserted.insert(Int32(j))
            }
        }
        #expect(Set(changes.removed) == removed && changes.removed.count == removed.count, "tick \(tick): removed")
        #expect(changes.inserted == inserted.sorted(), "tick \(tick): inserted")
        var reported: [Int32: RenderFields] = [:]
        for u in changes.updated { reported[u.index] = u.fields }
        #expect(reported == expected && reported.count == changes.updated.count, "tick \(tick): updated masks \(reported) vs \(expected)")
        if let problem = mirror.apply(world) { Issue.record("tick \(tick): \(problem)") }
        previous = now
        counts.ticks += 1
        if changes.isEmpty { counts.empty += 1 }
        counts.inserted += changes.inserted.count
        counts.removed += changes.removed.count
        counts.updated += changes.updated.count
        if changes.orderChanged { counts.moved += 1 }
    }
}

@Suite("Render change list")
struct RenderChangeTests {
    /// Seeds 21–22 of 500 operations; seeds 21–24 of 1,500 with PORTAL_LONG_TESTS=1 (LongTests.swift).
    @Test(arguments: LongTests.size([21, 22], long: [21, 22, 23, 24]) as [UInt64])
    func changeListReproducesTheListOnRandomTrees(seed: UInt64) throws {
        var checker = ChangeListChecker()
        var started = false
        let operations = LongTests.size(500, long: 1_500)
        try randomTree(seed: seed, operations: operations, quietTicks: 2) { world, _, tick in
            if !started { checker.start(world); started = true; return }
            checker.check(world, tick: tick)
        }
        let c = checker.counts
        // Every kind of change occurs (the checks above are not vacuous).
        #expect(c.inserted > 0 && c.removed > 0 && c.updated > 0 && c.moved > 0 && c.ticks > operations / 3, "\(c)")
    }

    @Test("a flat world: patched and rebuilt lists, spawns, despawns, z order, calls of several ticks")
    func flatWorld() throws {
        var g = SeededGenerator(seed: 31)
        let world = World()
        var views: [Entity] = []
        var checker = ChangeListChecker()
        checker.start(world)
        for tick in 0..<600 {
            for _ in 0..<Int.random(in: 0...3, using: &g) {
                let v = views.randomElement(using: &g)
                switch Int.random(in: 0..<8, using: &g) {
                case 0: views.append(try world.spawnView(frame: randomFrame(&g)))
                case 1: if let v, Bool.random(using: &g) { try world.despawn(v); views.removeAll { $0 == v } }
                case 2: if let v { try world.setZIndex(Int32.random(in: -2...2, using: &g), of: v) }
                case 3: if let v { try world.setHidden(Bool.random(using: &g), of: v) }
                case 4, 5: if let v { try world.animate(v, to: ViewProperties(frame: randomFrame(&g), opacity: Float.random(in: 0...1, using: &g)),
                                                        with: .linear(duration: 0.1)) }
                default: if let v { try world.update(v, to: ViewProperties(transform: randomTransform(&g))) }
                }
            }
            // One tick, or a host frame of several (the change list covers the whole call).
            if tick % 3 == 0 { world.advance(by: Double(Int.random(in: 0...4, using: &g)) / 120) } else { world.tick() }
            checker.check(world, tick: tick)
        }
        let c = checker.counts
        #expect(c.inserted > 0 && c.removed > 0 && c.updated > 0 && c.moved > 0 && c.empty > 0, "\(c)")
    }

    @Test("the field mask: each field changed alone, and each float of a vector-compared group alone, reports exactly that field")
    func fieldMaskPerField() throws {
        // The float groups the mask compares as vectors: contiguous floats, where it loads them.
        let f = MemoryLayout<Float>.stride
        #expect(MemoryLayout<Rect>.offset(of: \.size.height) == 3 * f
            && MemoryLayout<Transform>.offset(of: \.rotation3D.perspective) == 10 * f && MemoryLayout<Transform>.size == 11 * f
            && MemoryLayout<ProjectionTransform>.offset(of: \.m33) == 8 * f && MemoryLayout<ProjectionTransform>.size == 9 * f)
        #expect(MemoryLayout<RenderItem>.offset(of: \.frame) == RenderFields.frameOffset
            && MemoryLayout<RenderItem>.offset(of: \.transform) == RenderFields.transformOffset
            && MemoryLayout<RenderItem>.offset(of: \.globalTransform) == RenderFields.globalTransformOffset)
        let e = Entity(index: 3, generation: 1)
        let base = RenderItem(entity: e, content: e, frame: Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: 5,
                              cornerStyle: .circular, clipsContent: false, opacity: 0.5, shadowRadius: 6,
                              transform: Transform(translation: Point(x: 1, y: 2), scaleX: 3, scaleY: 4, rotation: Angle(radians: 5),
                                                   zPosition: 6, rotation3D: Rotation3D(angle: Angle(radians: 7), axis: (8, 9, 10), perspective: 11)),
                              zIndex: 2, role: .view, allowsHitTesting: true,
                              globalTransform: ProjectionTransform(m11: 1, m12: 2, m13: 3, m21: 4, m22: 5, m23: 6, m31: 7, m32: 8, m33: 9),
                              clip: 3)
        func changed(_ field: RenderFields, _ edit: (inout RenderItem) -> Void) {
            var item = base
            edit(&item)
            #expect(RenderFields.difference(base, item) == field, "\(field): \(RenderFields.difference(base, item))")
            #expect(RenderFields.difference(item, base) == field)
            #expect(bruteForceFields(base, item) == field)
        }
        changed(.content) { $0.content = Entity(index: 4, generation: 1) }
        changed(.content) { $0.content = Entity(index: 3, generation: 2) }
        changed(.cornerRadius) { $0.cornerRadius = 5.5 }
        changed(.cornerStyle) { $0.cornerStyle = .continuous }
        changed(.clipsContent) { $0.clipsContent = true }
        changed(.opacity) { $0.opacity = 0.25 }
        changed(.shadowRadius) { $0.shadowRadius = 0 }
        changed(.zIndex) { $0.zIndex = -2 }
        changed(.role) { $0.role = .overlay }
        changed(.allowsHitTesting) { $0.allowsHitTesting = false }
        changed(.clip) { $0.clip = -1 }
        // Every float of the vector-compared groups, alone (the frame's 4, the transform's 11,
        // the global transform's 9: a group's lanes and the overlap of its two loads).
        for k in 0..<4 { changed(.frame) { withUnsafeMutableBytes(of: &$0.frame) { $0.storeBytes(of: Float(-1), toByteOffset: 4 * k, as: Float.self) } } }
        for k in 0..<11 { changed(.transform) { withUnsafeMutableBytes(of: &$0.transform) { $0.storeBytes(of: Float(-1), toByteOffset: 4 * k, as: Float.self) } } }
        for k in 0..<9 { changed(.globalTransform) { withUnsafeMutableBytes(of: &$0.globalTransform) { $0.storeBytes(of: Float(-1), toByteOffset: 4 * k, as: Float.self) } } }
        changed([.frame, .opacity, .globalTransform]) { $0.frame.size.width = 0; $0.opacity = 1; $0.globalTransform.m33 = 1 }
        changed([]) { $0.entity = Entity(index: 9, generation: 9) }   // the key, not a field
        // `==` per lane: −0 equals 0, NaN equals nothing (as RenderItem's own equality).
        var zero = base, negativeZero = base
        zero.opacity = 0; zero.globalTransform.m13 = 0; zero.transform.zPosition = 0
        negativeZero.opacity = -0.0; negativeZero.globalTransform.m13 = -0.0; negativeZero.transform.zPosition = -0.0
        #expect(RenderFields.difference(zero, negativeZero).isEmpty && zero == negativeZero)
        var nan = base
        nan.frame.origin.x = Float.nan; nan.transform.rotation3D.perspective = Float.nan
        #expect(RenderFields.difference(nan, nan) == [.frame, .transform] && nan != nan)
        #expect(RenderFields.difference(base, base).isEmpty)
    }

    @Test("through the patch: each property written alone reports its fields; the same value written again reports nothing")
    func patchedFieldsAlone() throws {
        for flat in [false, true] {
            let world = World()
            let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let view = flat ? try world.spawnView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
                            : try world.spawnView(frame: Rect(x: 10, y: 10, width: 20, height: 20), in: root)
            world.tracksRenderChanges = true
            world.tick()
            let index = Int32(world.renderList.firstIndex { $0.entity == view }!)
            func expectFields(_ properties: ViewProperties, _ fields: RenderFields) throws {
                try world.update(view, to: properties)
                world.tick()
                let expected = fields.isEmpty ? [] : [RenderUpdate(index: index, fields: fields)]
                #expect(world.renderChanges.updated == expected, "flat \(flat), \(properties): \(world.renderChanges.updated)")
                #expect(world.renderChanges.inserted.isEmpty && world.renderChanges.removed.isEmpty && !world.renderChanges.orderChanged)
            }
            try expectFields(ViewProperties(opacity: 0.5), .opacity)
            try expectFields(ViewProperties(opacity: 0.5), [])
            try expectFields(ViewProperties(cornerRadius: 4), .cornerRadius)
            try expectFields(ViewProperties(cornerRadius: 4), [])
            try expectFields(ViewProperties(shadowRadius: 3), .shadowRadius)
            try expectFields(ViewProperties(shadowRadius: 3), [])
            try expectFields(ViewProperties(frame: Rect(x: 11, y: 10, width: 20, height: 20)), [.frame, .globalTransform])
            try expectFields(ViewProperties(frame: Rect(x: 11, y: 10, width: 20, height: 20)), [])
            try expectFields(ViewProperties(transform: Transform(scaleX: 2)), [.transform, .globalTransform])
            try expectFields(ViewProperties(transform: Transform(scaleX: 2)), [])
            _ = root
        }
    }

    @Test("a host call of several ticks: a value that changes and comes back reports nothing; patches before a compose in one tick")
    func severalTicksPerCall() throws {
        for flat in [false, true] {
            let world = World()
            let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            func spawn(_ x: Float) throws -> Entity {
                flat ? try world.spawnView(frame: Rect(x: x, y: 0, width: 10, height: 10))
                     : try world.spawnView(frame: Rect(x: x, y: 0, width: 10, height: 10), in: root)
            }
            let toggled = try spawn(0), moving = try spawn(20)
            let other = try world.spawnView(frame: Rect(x: 0, y: 100, width: 50, height: 50))
            // A system alternates one view's opacity every tick (its call applies at the next
            // tick), and moves another a little further each tick.
            nonisolated(unsafe) var step = 0
            world.addSystem("toggle", stage: .output) { world in
                step += 1
                try? world.update(toggled, to: ViewProperties(opacity: step % 2 == 0 ? 1 : 0.5))
                try? world.update(moving, to: ViewProperties(frame: Rect(x: 20 + Float(step), y: 0, width: 10, height: 10)))
            }
            var checker = ChangeListChecker()
            world.tick()
            world.tick()
            checker.start(world)
            var g = SeededGenerator(seed: 41)
            var extra: [Entity] = []
            for call in 0..<60 {
                let ticks = [1, 2, 2, 3, 4][call % 5]
                // Sometimes a structural change under another root in the same call: a compose
                // after the patches (in the call's last tick, or an earlier one).
                if call % 4 == 1 {
                    extra.append(flat ? try world.spawnView(frame: Rect(x: 1, y: 1, width: 2, height: 2))
                                      : try world.spawnView(frame: Rect(x: 1, y: 1, width: 2, height: 2), in: other))
                }
                if call % 4 == 3, let c = extra.randomElement(using: &g) {
                    try world.despawn(c)
                    extra.removeAll { $0 == c }
                }
                let before = world.renderList.first { $0.entity == toggled }!.opacity
                world.advance(by: Double(ticks) / 120)
                checker.check(world, tick: call)
                let index = Int32(world.renderList.firstIndex { $0.entity == toggled }!)
                let reported = world.renderChanges.updated.first { $0.index == index }?.fields ?? []
                // An even number of ticks brings the toggled opacity back: not reported.
                #expect(reported.contains(.opacity) == (ticks % 2 == 1), "flat \(flat), call \(call), \(ticks) ticks from \(before): \(reported)")
            }
            #expect(checker.counts.updated > 60 && checker.counts.inserted > 0 && checker.counts.removed > 0, "\(checker.counts)")
        }
    }

    @Test("a flat world with every view animating: its items' values rewritten in place, reported, as a rebuild would")
    func everyViewAnimatingFlat() throws {
        var g = SeededGenerator(seed: 43)
        let world = World()
        var checker = ChangeListChecker()
        checker.start(world)
        // Rotations, 3D rotations about several axes (the axis is a style field the rewrite
        // keeps from the item), springs that overshoot sizes and opacity past their ranges.
        let views = try (0..<60).map { _ in try world.spawnView(frame: randomFrame(&g)) }
        for view in views { try world.update(view, to: ViewProperties(transform: randomTransform(&g))) }
        let rewritesBefore = world.views.render.flatValueRewrites
        for tick in 0..<240 {
            if tick % 60 == 0 {
                for view in views {
                    try world.animate(view, to: ViewProperties(frame: randomFrame(&g), cornerRadius: Float.random(in: 0...20, using: &g),
                                                               opacity: Float.random(in: 0...1, using: &g), transform: randomTransform(&g)),
                                      with: .spring(duration: 0.4, bounce: 0.6))
                }
            }
            // Now and then a style or structural change in the same tick: the list is rebuilt.
            switch tick % 37 {
            case 5: try world.setCornerStyle(Bool.random(using: &g) ? .continuous : .circular, of: views.randomElement(using: &g)!)
            case 11: try world.setHidden(Bool.random(using: &g), of: views.randomElement(using: &g)!)
            case 23: try world.setZIndex(Int32.random(in: -1...1, using: &g), of: views.randomElement(using: &g)!)
            default: break
            }
            world.tick()
            checker.check(world, tick: tick)
            // Each item against the view's presentation, composed apart from the list.
            for item in world.renderList {
                let p = try world.presentation(of: item.entity)
                #expect(item.frame == p.frame && item.cornerRadius == p.cornerRadius && item.opacity == p.opacity
                        && item.shadowRadius == p.shadowRadius && item.transform == p.transform
                        && item.globalTransform == p.globalTransform, "tick \(tick), \(item.entity)")
            }
        }
        // Most ticks took the values-only rewrite (the others rebuilt, or had settled views).
        #expect(world.views.render.flatValueRewrites - rewritesBefore >= 150, "\(world.views.render.flatValueRewrites - rewritesBefore) rewrites")
        #expect(checker.counts.updated > 0)
    }

    @Test("an idle tick reports nothing; tracking off reports nothing")
    func idleTick() throws {
        let world = World()
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = try world.spawnView(frame: Rect(x: 10, y: 10, width: 20, height: 20), in: root)
        world.tracksRenderChanges = true
        world.tick()
        #expect(world.renderChanges.inserted == [0, 1] && world.renderChanges.removed.isEmpty)
        world.tick()
        #expect(world.renderChanges.isEmpty)
        try world.update(child, to: ViewProperties(opacity: 0.5))
        world.tick()
        #expect(world.withRenderChanges { $0.updated } == [RenderUpdate(index: 1, fields: .opacity)])
        try world.update(root, to: ViewProperties(frame: Rect(x: 5, y: 0, width: 100, height: 100)))
        world.tick()
        let updated = world.renderChanges.updated.sorted { $0.index < $1.index }
        #expect(updated == [RenderUpdate(index: 0, fields: [.frame, .globalTransform]), RenderUpdate(index: 1, fields: .globalTransform)])
        world.tick()
        #expect(world.renderChanges.isEmpty)
        #expect(try world.renderKey(at: 1) == RenderKey(entity: child))
        #expect(throws: PortalError.self) { try world.renderKey(at: 2) }
        world.tracksRenderChanges = false
        try world.despawn(child)
        world.tick()
        #expect(world.renderChanges.isEmpty && !world.tracksRenderChanges)
    }
}
