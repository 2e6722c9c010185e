import Portal

/// input/pointer: a frame's worth of raw pointer events — 4 pointers, 8 events each (began, six
/// moves, ended), interleaved as a multi-touch screen reports them — sent with `World.pointer`
/// and applied, with arbitration, by the frame's tick; over a tree of `n` views: a navigation
/// stack showing a screen over its root, and on it a vertical list (a scroll view) of about
/// n / 2 cells with a label each, whose top holds a horizontal carousel (a scroll view of eight
/// cards). The calls and the tick are timed together (as `host/*`), so a frame's figure
/// includes the events; ns/item is the whole frame per event.
///
/// Each frame: pointer 1 drags the carousel (it owns the pan, alternating direction, and glides
/// after the lift); pointer 2 drags the list leftwards (the list cannot scroll across, the
/// stack pops only rightwards: unclaimed); pointer 3 taps a cell; pointer 4 swipes from the
/// leading edge, right then back left (the stack owns it: its interactive pop begins, follows
/// and cancels).
///
/// The references run the same world's frame without the events: reference/pointer-frame moves
/// the carousel with one `setContentOffset` as far as pointer 1 moves it, then ticks — the
/// frame's work that is not the events' — so the events' own cost is the difference;
/// reference/pointer-hitTest adds a `hitTest` per event, a host routing its events itself.
final class InputPointer: Scenario {
    enum Mode { case events, frame, hitTest }
    let n: Int
    let mode: Mode
    var name: String {
        switch mode {
        case .events: "input/pointer"
        case .frame: "reference/pointer-frame"
        case .hitTest: "reference/pointer-hitTest"
        }
    }
    var itemsPerTick: Int { 32 }
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    private var world = World()
    private var stack: Entity?
    private var list: Entity?, carousel: Entity?
    private var frame = 0
    private var time = 1000.0
    private var owned = 0, cancelledPops = 0, taps = 0, hits = 0, offset: Float = 0

    init(n: Int, mode: Mode) {
        self.n = n
        self.mode = mode
    }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: n + 64))
        let root = try world.spawnView(frame: InputPointer.screen)
        let stack = try world.spawnNavigationStack(frame: InputPointer.screen, root: root)
        world.tick()
        let top = try world.spawnScreen(for: stack)
        let list = try world.spawnView(frame: InputPointer.screen, in: top)
        try world.setClipsToBounds(true, of: list)
        let carousel = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 200), in: list)
        try world.setClipsToBounds(true, of: carousel)
        for i in 0..<8 {
            let card = try world.spawnView(frame: Rect(x: Float(i) * 200 + 10, y: 10, width: 180, height: 180), in: carousel)
            _ = try world.spawnView(frame: Rect(x: 10, y: 10, width: 100, height: 24), in: card)
        }
        let cells = max(1, (n - 24) / 2)
        for i in 0..<cells {
            let cell = try world.spawnView(frame: Rect(x: 0, y: 200 + Float(i) * 44, width: 390, height: 44), in: list)
            _ = try world.spawnView(frame: Rect(x: 16, y: 10, width: 200, height: 24), in: cell)
        }
        try world.makeScrollView(list, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 200 + Float(cells) * 44), axes: .vertical))
        try world.makeScrollView(carousel, configuration: ScrollViewConfiguration(contentSize: Size(width: 1610, height: 200), axes: .horizontal))
        try world.push(top, onto: stack)
        for _ in 0..<80 { world.tick() }
        // Start the carousel mid-way, so its drags never meet an edge.
        try world.setContentOffset(Point(x: InputPointer.carouselStart, y: 0), of: carousel)
        world.tick()
        world.drainEvents { _ in }
        (self.stack, self.list, self.carousel) = (stack, list, carousel)
    }

    static let carouselStart: Float = 600

    /// Pointer p's k-th event (0…7) of this frame.
    private func event(_ p: Int, _ k: Int) -> PointerEvent {
        let phase: PointerPhase = k == 0 ? .began : (k == 7 ? .ended : .moved)
        let step = Float(k)
        let location: Point
        switch p {
        case 0: location = Point(x: 200 + (frame % 2 == 0 ? -12 : 12) * step, y: 100)           // the carousel's drag
        case 1: location = Point(x: 300, y: 600 - 0.5 * step)                                    // leftwards, below
            .offset(dx: -14 * step)
        case 2: location = Point(x: 100, y: 500 + 0.5 * step)                                    // a tap on a cell
        default: location = Point(x: 5 + (k <= 3 ? 6 * step : 18 - 4 * (step - 3)), y: 700)     // the edge swipe, out and back
        }
        return PointerEvent(pointer: p + 1, phase: phase, location: location, time: time + Double(k) * 0.002)
    }

    func prepareTick() {
        world.drainEvents { event in
            switch event {
            case let .scrollViewWillBeginDragging(view, _) where view == carousel: owned += 1
            case .tapped: taps += 1
            case let .interactivePopDidEnd(decision, _) where !decision.finishes: cancelledPops += 1
            default: break
            }
        }
        frame += 1
        time += 1.0 / 60
    }

    func runTick() {
        if mode != .events {
            if mode == .hitTest {
                var count = 0
                for k in 0..<8 {
                    for p in 0..<4 where world.hitTest(event(p, k).location) != nil { count += 1 }
                }
                hits = count
            }
            if let carousel {
                offset += frame % 2 == 0 ? 60 : -60
                try? world.setContentOffset(Point(x: InputPointer.carouselStart + offset, y: 0), of: carousel)
            }
        } else {
            for k in 0..<8 {
                for p in 0..<4 { try? world.pointer(event(p, k)) }
            }
        }
        world.tick()
    }

    var fullTickWorld: World? { world }

    func verify() throws {
        if mode != .events {
            guard mode == .frame || hits == 32 else { throw BenchmarkFailure(description: "\(name): \(hits) of 32 events hit a view") }
            return
        }
        guard let stack, owned >= frame - 2, cancelledPops >= frame - 2, taps >= frame - 2, try world.screens(of: stack).count == 2 else {
            throw BenchmarkFailure(description: "\(name): \(owned) drags, \(cancelledPops) cancelled pops, \(taps) taps in \(frame) frames")
        }
    }
}

private extension Point {
    func offset(dx: Float) -> Point { Point(x: x + dx, y: y) }
}
