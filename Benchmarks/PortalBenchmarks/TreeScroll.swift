import Portal

/// tree/scroll and tree/idle: a tree six deep (app → stack → screen → list → cell → label), five
/// screens of which only the top one shows (the others hidden), each a clipping list of `n / 10`
/// cells with a label each — 100,012 views at n = 100,000. tree/scroll moves the visible list's
/// content offset by one `setContentOffset` call per tick (outside the timed region); tree/idle
/// changes nothing. Culling keeps the render list to the twenty-odd cells on screen.
final class TreeScroll: Scenario {
    let n: Int
    let scrolls: Bool
    var name: String { scrolls ? "tree/scroll" : "tree/idle" }
    var itemsPerTick: Int { n }
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    static let rowHeight: Float = 44
    private var world = World()
    private var list: Entity?
    private var cells: [Entity] = []
    private var tick = 0
    private var offset: Float = 0

    init(n: Int, scrolls: Bool) {
        self.n = n
        self.scrolls = scrolls
    }

    var cellsPerList: Int { max(1, n / 10) }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: n + 64))
        world.tracksRenderChanges = Workload.readsRenderChanges
        let app = try world.spawnView(frame: TreeScroll.screen)
        let stack = try world.spawnView(frame: TreeScroll.screen, in: app)
        try world.setClipsToBounds(true, of: stack)
        for s in 0..<5 {
            let screen = try world.spawnView(frame: TreeScroll.screen, in: stack)
            if s != 4 { try world.setHidden(true, of: screen) }
            let list = try world.spawnView(frame: TreeScroll.screen, in: screen)
            try world.setClipsToBounds(true, of: list)
            for i in 0..<cellsPerList {
                let cell = try world.spawnView(frame: Rect(x: 0, y: Float(i) * TreeScroll.rowHeight, width: 390, height: TreeScroll.rowHeight), in: list)
                _ = try world.spawnView(frame: Rect(x: 16, y: 10, width: 200, height: 24), in: cell)
                if s == 4 { cells.append(cell) }
            }
            if s == 4 { self.list = list }
        }
        world.tick()
    }

    func prepareTick() {
        guard scrolls, let list else { return }
        tick += 1
        let range = max(1, Float(cellsPerList) * TreeScroll.rowHeight - TreeScroll.screen.height)
        offset = (Float(tick) * 7).truncatingRemainder(dividingBy: range)
        try? world.setContentOffset(Point(x: 0, y: offset), of: list)
    }

    func runTick() {
        world.tick()
        if Workload.readsRenderChanges { Workload.changeSink &+= world.withRenderChanges { $0.updated.count + $0.inserted.count } }
    }

    var fullTickWorld: World? { world }

    func verify() throws {
        // The drawn cells are exactly those overlapping the screen, each at −offset + 44·i.
        let first = Int(offset / TreeScroll.rowHeight)
        let expected = Array(cells[first...min(cells.count - 1, Int((offset + TreeScroll.screen.height) / TreeScroll.rowHeight))])
        let drawn = world.renderList.filter { world.isAlive($0.entity) && cells.contains($0.entity) }
        guard drawn.map(\.entity) == expected else {
            throw BenchmarkFailure(description: "\(name): drew \(drawn.count) cells, expected \(expected.count)")
        }
        let y = drawn[0].globalTransform.map(.zero).y
        guard abs(y - (Float(first) * TreeScroll.rowHeight - offset)) < 1e-2 else {
            throw BenchmarkFailure(description: "\(name): first cell at \(y)")
        }
    }
}

/// The recursive object-graph reference for tree/scroll: a class per node with a children
/// array, every global frame (and opacity) recomputed from scratch each tick by recursion —
/// hidden screens' content too, as a scene graph without change detection does — and the
/// visible nodes on screen collected into a draw list.
final class ObjectGraphTree: Scenario {
    final class Node {
        var frame: Rect
        var offset = Point.zero
        var hidden = false
        var opacity: Float = 1
        var children: [Node] = []
        var global = Rect.zero
        var globalOpacity: Float = 1
        init(frame: Rect) { self.frame = frame }
    }

    let n: Int
    var name: String { "reference/object-graph/tree" }
    var itemsPerTick: Int { n }
    private var root = Node(frame: TreeScroll.screen)
    private var list: Node?
    private var drawn: [Node] = []
    private var tick = 0

    init(n: Int) { self.n = n }

    func setUp() throws {
        root = Node(frame: TreeScroll.screen)
        let stack = Node(frame: TreeScroll.screen)
        root.children.append(stack)
        for s in 0..<5 {
            let screen = Node(frame: TreeScroll.screen)
            screen.hidden = s != 4
            let list = Node(frame: TreeScroll.screen)
            for i in 0..<max(1, n / 10) {
                let cell = Node(frame: Rect(x: 0, y: Float(i) * TreeScroll.rowHeight, width: 390, height: TreeScroll.rowHeight))
                cell.children.append(Node(frame: Rect(x: 16, y: 10, width: 200, height: 24)))
                list.children.append(cell)
            }
            screen.children.append(list)
            stack.children.append(screen)
            if s == 4 { self.list = list }
        }
    }

    func prepareTick() {
        tick += 1
        let range = max(1, Float(max(1, n / 10)) * TreeScroll.rowHeight - TreeScroll.screen.height)
        list?.offset = Point(x: 0, y: (Float(tick) * 7).truncatingRemainder(dividingBy: range))
    }

    func runTick() {
        drawn.removeAll(keepingCapacity: true)
        func visit(_ node: Node, origin: Point, opacity: Float, clip: Rect, hidden: Bool) {
            let hidden = hidden || node.hidden
            node.global = Rect(x: origin.x + node.frame.minX, y: origin.y + node.frame.minY, width: node.frame.width, height: node.frame.height)
            node.globalOpacity = opacity * node.opacity
            if !hidden && node.global.maxY >= clip.minY && node.global.minY <= clip.maxY { drawn.append(node) }
            let inner = Point(x: node.global.minX - node.offset.x, y: node.global.minY - node.offset.y)
            for child in node.children { visit(child, origin: inner, opacity: node.globalOpacity, clip: clip, hidden: hidden) }
        }
        visit(root, origin: .zero, opacity: 1, clip: TreeScroll.screen, hidden: false)
        blackHole(drawn.count)
    }

    func verify() throws {
        guard drawn.count > 20 else { throw BenchmarkFailure(description: "\(name): drew \(drawn.count)") }
    }
}
