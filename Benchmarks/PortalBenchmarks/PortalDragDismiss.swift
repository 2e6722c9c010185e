@_spi(Benchmarking) import Portal

// portal/drag-dismiss: n portals presented with drag to dismiss, each dragged: every tick each
// drag takes a step (`World._dragPortal`, the Benchmarking SPI: the portal's pan handler applied at
// once, as the arbiter applies a pan step at the tick — the arbitration itself is not run, see
// portal/drag-dismiss-pointers), and each portal places its layer by the drag's curve (frame,
// corner radius). The drags swing between 0 and 320 pt down over 64 ticks, each at its
// own phase, so at any tick some are shrinking, some at the full shrink. The destinations are
// 40 × 40 cells of a 1,600 × 1,000 root (the container), the sources a row of cards beside them.
//
// portal/drag-dismiss-release: the same portals, each gesture 64 ticks long — press, lock, 61
// moves, release — at its own phase, so every tick about n / 64 drags are released (alternately
// flicked down, dismissing, and let go slowly, springing back), their flights run and land, the
// host presents the dismissed ones again, and their next gesture begins once they are presented
// (so a dismissed portal skips a turn or two, and fewer than half the releases dismiss: about a
// sixth).
//
// portal/drag-dismiss-pointers: portal/drag-dismiss driven by real pointer events, n pointers
// down at once (n `World.pointer` events a tick, applied with the arbitration by the tick): each
// event's call (validation, staging), its lookup, velocity fit and owner check on top of the
// drag's step.
//
// reference/drag-frames: the same world with no portals: the host moves the n destination views
// itself to the frames the drags give (one `setFrames` of n frames), then ticks — what a host
// that ran the drags itself would hand over.

final class PortalDragDismissScenario: Scenario {
    enum Mode { case drag, release, pointers, reference }
    let n: Int
    let mode: Mode
    var name: String {
        switch mode {
        case .drag: "portal/drag-dismiss"
        case .release: "portal/drag-dismiss-release"
        case .pointers: "portal/drag-dismiss-pointers"
        case .reference: "reference/drag-frames"
        }
    }
    var itemsPerTick: Int { n }
    var fullTickWorld: World? { world }
    private var world = World()
    private var ids: [PortalID] = []
    private var destinations: [Entity] = []
    private var frames: [ViewFrame] = []
    private var config = PortalTransitionConfig()
    private var tick = 0
    private var time = 100.0
    /// Per portal (release mode): the tick its current gesture began, or -1 while it is not down.
    private var gestureStart: [Int] = []
    private var presented: [Bool] = []
    private var index: [PortalID: Int] = [:]
    private(set) var releases = 0, dismissals = 0

    static let period = 64
    static let root = Rect(x: 0, y: 0, width: 1_600, height: 1_000)
    static func cell(_ i: Int) -> Rect { Rect(x: Float(i % 40) * 40, y: Float(i / 40) * 40, width: 36, height: 36) }
    static func card(_ i: Int) -> Rect { Rect(x: 1_600 + Float(i % 10) * 8, y: Float(i / 10) * 8, width: 6, height: 6) }
    /// The drag's travel at `k` ticks into a swing: 0 → 320 → 0 pt over a period.
    static func swing(_ k: Int) -> Float {
        let phase = k % period
        return Float(phase < period / 2 ? phase : period - phase) * 10
    }

    init(n: Int, mode: Mode) {
        self.n = n
        self.mode = mode
    }

    func setUp() throws {
        world = try World(configuration: .init(reservedCapacity: 3 * n + 8))
        let root = try world.spawnView(frame: PortalDragDismissScenario.root, in: nil)
        var drag = PortalDragDismiss()
        drag.style = DragDismissStyle(minimumScale: 0.6, scaleDistance: 0.25, dismissDistance: 0.125)
        config = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.3), delay: 0, duration: 0),
                                        corners: PortalCorners(source: 2, destination: 8))
        config.dragToDismiss = drag
        for i in 0..<n {
            let destination = try world.spawnView(frame: PortalDragDismissScenario.cell(i), cornerRadius: 8, in: root)
            destinations.append(destination)
            frames.append(ViewFrame(view: destination, frame: PortalDragDismissScenario.cell(i)))
            guard mode != .reference else { continue }
            let card = try world.spawnView(frame: PortalDragDismissScenario.card(i), cornerRadius: 2, in: root)
            let id = PortalID("drag-\(i)")
            ids.append(id)
            index[id] = i
            try world.portal(card, id: id, as: .source)
            try world.portal(destination, id: id, as: .destination)
        }
        world.tick()
        presented = Array(repeating: mode != .reference, count: n)
        gestureStart = Array(repeating: -1, count: n)
        guard mode != .reference else { return }
        for id in ids { try world.portalTransition(id: id, isActive: true, config: config) }
        for _ in 0..<240 { world.tick() }
        world.drainEvents { _ in }
        if mode == .pointers {
            // Every pointer presses its destination and locks a pan down: every portal is dragged.
            for i in 0..<n { try world.pointer(event(i, .began, travel: -12)) }
            world.tick()
            time += 1.0 / 120
            for i in 0..<n { try world.pointer(event(i, .moved, travel: 0)) }
            world.tick()
            time += 1.0 / 120
        } else if mode == .drag {
            for view in destinations { try world._dragPortal(from: view, .began, translation: .zero, velocity: .zero) }
            world.tick()
        }
    }

    /// Pointer i's event at `travel` points below the lock (the press is 12 pt above it).
    private func event(_ i: Int, _ phase: PointerPhase, travel: Float) -> PointerEvent {
        let cell = PortalDragDismissScenario.cell(i)
        return PointerEvent(pointer: i + 1, phase: phase, location: Point(x: cell.midX, y: cell.minY + 12 + travel), time: time)
    }

    func prepareTick() {
        tick += 1
        time += 1.0 / 120
        guard mode == .release else { return }
        world.drainEvents { event in
            switch event {
            case let .portalDidComplete(e):
                guard let i = index[e.id] else { return }
                if e.direction == .reverse {
                    try? world.portalTransition(id: e.id, isActive: true, config: config)   // presented again
                } else {
                    presented[i] = true
                }
            case let .portalWillStart(e) where e.direction == .reverse:
                dismissals += 1
            default: break
            }
        }
    }

    func runTick() {
        switch mode {
        case .drag:
            for i in 0..<n {
                try? world._dragPortal(from: destinations[i], .moved, translation: Point(x: 0, y: PortalDragDismissScenario.swing(tick + i)), velocity: .zero)
            }
        case .pointers:
            for i in 0..<n { try? world.pointer(event(i, .moved, travel: PortalDragDismissScenario.swing(tick + i))) }
        case .release:
            for i in 0..<n { releaseStep(i) }
        case .reference:
            for i in 0..<n {
                let cell = PortalDragDismissScenario.cell(i), travel = PortalDragDismissScenario.swing(tick + i)
                let scale = 1 - 0.4 * min(travel / 250, 1)
                let w = cell.width * scale, h = cell.height * scale
                frames[i].frame = Rect(x: cell.midX - w / 2, y: cell.midY + travel - h / 2, width: w, height: h)
            }
            try? world.setFrames(frames)
        }
        world.tick()
    }

    /// Drag i's step in the release mode: a drag begun on a presented destination at its phase,
    /// moves down, and after a period the release — even gestures flicked (12 pt a
    /// tick), odd ones held still at 40 pt.
    private func releaseStep(_ i: Int) {
        let start = gestureStart[i]
        if start < 0 {
            guard presented[i], (tick + i) % PortalDragDismissScenario.period == 0 else { return }
            gestureStart[i] = tick
            presented[i] = false
            try? world._dragPortal(from: destinations[i], .began, translation: .zero, velocity: .zero)
            return
        }
        let k = tick - start, flick = (start / PortalDragDismissScenario.period + i) % 2 == 0
        let travel = flick ? Float(k) * 12 : min(Float(k) * 12, 40)
        if k >= PortalDragDismissScenario.period - 1 {
            try? world._dragPortal(from: destinations[i], .ended, translation: Point(x: 0, y: travel), velocity: Point(x: 0, y: flick ? 1_440 : 0))
            gestureStart[i] = -1
            releases += 1
        } else {
            try? world._dragPortal(from: destinations[i], .moved, translation: Point(x: 0, y: travel), velocity: .zero)
        }
    }

    func verify() throws {
        switch mode {
        case .drag, .pointers:
            let layers = world.portalLayers().count
            guard layers == n else { throw BenchmarkFailure(description: "\(name): \(layers) of \(n) portals dragged") }
        case .release:
            // A gesture is released `period − 1` ticks after it began, and a portal's first one
            // begins within `period` ticks: at least half of the gestures that could have ended
            // by now have (a dismissed portal skips a turn or two), and some dismissed.
            let couldEnd = n * max(tick - PortalDragDismissScenario.period, 0) / PortalDragDismissScenario.period
            guard releases >= couldEnd / 2, releases > 0, dismissals >= releases / 8 else {
                throw BenchmarkFailure(description: "\(name): \(releases) releases, \(dismissals) dismissals in \(tick) ticks")
            }
        case .reference:
            break
        }
    }
}
