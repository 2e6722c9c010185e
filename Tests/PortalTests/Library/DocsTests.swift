import Foundation
import Testing
import Portal
import PortalTesting

// The code of the DocC catalog (Sources/Portal/Documentation.docc), as written there, so that it
// cannot rot: every line of every Swift snippet of the catalog appears in this file (checked by
// the first test below), and the tests run those lines and check what the articles say about
// them. Only `import Portal` (and `import PortalTesting` for the golden-test snippet): the
// snippets use the public API alone.

// MARK: - Writing a host: the renderer, the frame loop, taps and events, verbatim.

protocol Canvas {
    func save()
    func restore()
    func clip(to size: Size, cornerRadius: Float, through transform: ProjectionTransform)
    func fill(_ size: Size, cornerRadius: Float, opacity: Float, shadowRadius: Float,
              through transform: ProjectionTransform, content: Entity)
}

func draw(_ world: World, on canvas: some Canvas) {
    world.withClipList { clips in
        world.withRenderList { items in
            for item in items {
                canvas.save()
                var index = item.clip
                while index >= 0 {                                 // the whole chain, innermost first
                    let clip = clips[Int(index)]
                    canvas.clip(to: clip.size, cornerRadius: clip.cornerRadius, through: clip.transform)
                    index = clip.parent
                }
                canvas.fill(item.frame.size, cornerRadius: item.cornerRadius, opacity: item.opacity,
                            shadowRadius: item.shadowRadius, through: item.globalTransform, content: item.content)
                canvas.restore()
            }
        }
    }
}

func frame(_ world: World, elapsed seconds: Double, on canvas: some Canvas) {
    let report = world.advance(by: seconds)
    if report.ticksRun > 0 {
        draw(world, on: canvas)
    }
}

func runFrame(_ world: World, elapsed seconds: Double, log: inout [String]) -> Bool {
    world.advance(by: seconds)
    handleEvents(of: world, log: &log)             // an event left undrained keeps the world busy
    return !world.isIdle                           // false: pause the display link until the next call
}

final class PreviousTick {
    private(set) var items: [RenderKey: RenderItem] = [:]
    private var latest: [RenderKey: RenderItem] = [:]

    init(_ world: World) {
        world.addSystem("keep the last two ticks' items by key", stage: .output) { world in
            swap(&self.items, &self.latest)
            self.latest.removeAll(keepingCapacity: true)
            world.withRenderList { list in
                for index in list.indices {
                    if let key = try? world.renderKey(at: index) { self.latest[key] = list[index] }
                }
            }
        }
    }

    /// The render list's item at `index`, drawn one tick behind.
    func presented(_ item: RenderItem, at index: Int, in world: World) -> RenderItem {
        guard let key = try? world.renderKey(at: index), let before = items[key] else { return item }
        return before.interpolated(to: item, by: Float(world.interpolationFraction))
    }
}

// MARK: - Writing a host: the gallery driven by raw pointer events, verbatim.

final class GalleryHost {
    let world: World
    let stack: Entity, gallery: Entity, list: Entity, detail: Entity
    private(set) var rows: [Entity] = []
    private(set) var opened: Entity?

    init(_ world: World) throws {
        self.world = world
        gallery = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 844), root: gallery)
        list = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844), in: gallery)
        try world.setClipsToBounds(true, of: list)
        try world.makeScrollView(list, configuration: ScrollViewConfiguration(
            contentSize: Size(width: 390, height: 4000), axes: .vertical))
        for row in 0..<40 {
            rows.append(try world.spawnView(frame: Rect(x: 16, y: Float(row) * 100 + 8, width: 358, height: 84), in: list))
        }
        detail = try world.spawnScreen(for: stack)
    }

    /// One display frame: the touches since the last one, then the ticks, then the events.
    func frame(elapsed seconds: Double, touches: [PointerEvent]) throws {
        for touch in touches {
            try world.pointer(touch)
        }
        world.advance(by: seconds)
        for event in world.drainEvents() {
            if case let .tapped(tap) = event, let row = tap.hit?.entity, rows.contains(row),
               try world.screens(of: stack).count == 1 {
                opened = row
                try world.push(detail, onto: stack)
            }
        }
    }
}

// MARK: - Building a photo app: the host, verbatim.

final class PhotoAppHost {
    let world = World()
    let stack: Entity, gallery: Entity, grid: Entity, detail: Entity
    let header: Entity, barBackground: Entity, menu: Entity
    let photoRect = Rect(x: 0, y: 97, width: 390, height: 390)
    private(set) var cells: [Entity] = []
    private var reported: (offset: Float, phase: ScrollPhase)?

    init() throws {
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        gallery = try world.spawnView(frame: bounds)
        stack = try world.spawnNavigationStack(frame: bounds, root: gallery)
        try world.setPopupContainer(bounds: bounds, safeArea: EdgeInsets(top: 47, bottom: 34))
        grid = try world.spawnView(frame: bounds, in: gallery)
        try world.setClipsToBounds(true, of: grid)
        try world.makeScrollView(grid, configuration: ScrollViewConfiguration(
            contentSize: Size(width: 390, height: 160 + 20 * 128), axes: .vertical))
        for i in 0..<60 {
            let frame = Rect(x: 6 + Float(i % 3) * 128, y: 160 + Float(i / 3) * 128, width: 122, height: 122)
            cells.append(try world.spawnView(frame: frame, cornerRadius: 6, in: grid))
        }

        barBackground = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 97), opacity: 0, in: gallery)
        try world.setZIndex(1, of: barBackground)
        let title = try world.spawnView(frame: Rect(x: 16, y: 105, width: 220, height: 41), in: gallery)
        try world.setZIndex(2, of: title)
        header = try world.flowingHeader(on: gallery, title: title)
        try world.setFlowingHeaderAnchors(header, title: Rect(x: 16, y: 105, width: 220, height: 41),
                                          bar: Rect(x: 0, y: 47, width: 390, height: 50), barTitleSize: Size(width: 120, height: 22))

        detail = try world.spawnScreen(for: stack)
        _ = try world.spawnView(frame: photoRect, in: detail)          // the photo, 390 × 390 under the bar
        menu = try world.spawnView(frame: .zero, cornerRadius: 12)
        try world.setHidden(true, of: menu)                              // presenting shows it
    }

    /// One display frame: the touches since the last one, the ticks, then the host's answers.
    func frame(elapsed seconds: Double, touches: [PointerEvent]) throws {
        for touch in touches {
            try world.pointer(touch)
        }
        world.advance(by: seconds)
        try followScroll()
        for event in world.drainEvents() {
            try handle(event)
        }
    }

    /// Tells the header where the grid is, and fades the bar's background in with the title.
    private func followScroll() throws {
        let scroll = try world.scrollViewState(of: grid)
        let phase: ScrollPhase = scroll.isDragging ? .interacting
            : scroll.isDecelerating || scroll.isScrollAnimating ? .decelerating : .idle
        if reported?.offset != scroll.contentOffset.y || reported?.phase != phase {
            try world.reportScroll(header, offset: scroll.contentOffset.y, phase: phase)
            reported = (scroll.contentOffset.y, phase)
        }
        let progress = min(max(try world.flowingHeaderProgress(header), 0), 1)
        if try world.presentation(of: barBackground).opacity != progress {
            try world.update(barBackground, to: ViewProperties(opacity: progress))
        }
    }

    /// Every event the host answers (the tests' addition, as `clearLog`).
    private(set) var log: [WorldEvent] = []
    func clearLog() { log.removeAll() }
    private func handle(_ event: WorldEvent) throws {
        log.append(event)
        switch event {
        case .tapped(let tap):
            if let cell = tap.hit?.entity, cells.contains(cell), try world.screens(of: stack) == [gallery] {
                try world.push(detail, onto: stack, transition: .zoom(source: cell, options: ZoomOptions(
                    alignmentRect: photoRect, shadowRadius: 12)))
            }
        case .longPressed(let press):
            if let cell = press.hit?.entity, cells.contains(cell) {
                try world.presentPopup(menu, from: cell, width: 220, height: 132)
            }
        default:
            break
        }
    }
}

/// Drives `PhotoAppHost` with one finger at 60 Hz (the tests' side of the article).
final class PhotoAppDriver {
    let app: PhotoAppHost
    var time = 100.0
    init(_ app: PhotoAppHost) { self.app = app }
    func frame(_ touches: [(PointerPhase, Float, Float)] = []) throws {
        time += 1.0 / 60
        try app.frame(elapsed: 1.0 / 60, touches: touches.map {
            PointerEvent(pointer: 1, phase: $0.0, location: Point(x: $0.1, y: $0.2), time: time)
        })
    }
    func frames(_ n: Int) throws { for _ in 0..<n { try frame() } }
}

// MARK: - Input: a host's touches, sent as the article sends them.

struct HostTouch {
    var id: Int
    var phase: PointerPhase
    var location: Point
    var timestamp: Double
}

func send(_ touches: [HostTouch], to world: World) throws {
    for touch in touches {
        try world.pointer(PointerEvent(pointer: touch.id, phase: touch.phase, location: touch.location, time: touch.timestamp))
    }
}

func touchUp(_ world: World, at point: Point) -> Entity? {
    guard let hit = world.tap(at: point), !hit.isBusy, hit.role != .backdrop else {
        return nil                                                 // nothing, busy, or a backdrop (now dismissed)
    }
    return hit.entity
}

func handleEvents(of world: World, log: inout [String]) {
    world.drainEvents { event in
        switch event {
        case .portalDidComplete(let landed):
            log.append("\(landed.id) landed \(landed.direction) at tick \(landed.tick)")
        case .navigationDidComplete(let done) where !done.wasCancelled:
            log.append("\(done.operation) finished")
        case .ticksDropped(let count):
            log.append("dropped \(count) ticks")
        default:
            break
        }
    }
}

/// The article's retained scene: applies the last call's change list to `scene`.
func applyChanges(of world: World, to scene: RetainedScene) {
    world.withRenderChanges { changes in
        let items = world.renderList
        for key in changes.removed { scene.remove(key) }
        for u in changes.updated {
            scene.update(try! world.renderKey(at: Int(u.index)), to: items[Int(u.index)], fields: u.fields)
        }
        for j in changes.inserted {
            scene.insert(items[Int(j)], key: try! world.renderKey(at: Int(j)), at: Int(j))
        }
        if changes.orderChanged { scene.reorder(items.indices.map { try! world.renderKey(at: $0) }) }
    }
}

/// A canvas that records what it was asked to do.
final class RecordingCanvas: Canvas {
    enum Call: Equatable {
        case save, restore
        case clip(Size, Float, ProjectionTransform)
        case fill(Size, Float, Float, Float, ProjectionTransform, Entity)
    }
    var calls: [Call] = []
    func save() { calls.append(.save) }
    func restore() { calls.append(.restore) }
    func clip(to size: Size, cornerRadius: Float, through transform: ProjectionTransform) {
        calls.append(.clip(size, cornerRadius, transform))
    }
    func fill(_ size: Size, cornerRadius: Float, opacity: Float, shadowRadius: Float,
              through transform: ProjectionTransform, content: Entity) {
        calls.append(.fill(size, cornerRadius, opacity, shadowRadius, transform, content))
    }
    var fills: [Call] { calls.filter { if case .fill = $0 { true } else { false } } }
}

private extension World {
    func ticks(_ n: Int) { for _ in 0..<n { tick() } }
    func item(_ entity: Entity) -> RenderItem? { renderList.first { $0.entity == entity } }
    func drawn(_ entity: Entity) throws -> Bool { try presentation(of: entity).isDrawn }
}

@Suite("Documentation examples")
struct DocsTests {
    // MARK: Scroll views (ScrollViews.md)

    @Test("Scroll views: a list made a scroll view scrolls to 600 with the animation spring, and settles there")
    func scrollViewsArticle() throws {
        let world = World()
        let list = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try world.setClipsToBounds(true, of: list)
        try world.makeScrollView(list, configuration: ScrollViewConfiguration(
            contentSize: Size(width: 390, height: 3000),
            contentInset: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)))
        try world.scroll(list, to: Point(x: 0, y: 600), animated: true)
        world.tick()
        #expect(try world.scrollViewState(of: list).isScrollAnimating)
        world.ticks(120)
        #expect(try world.scrollViewState(of: list).contentOffset == Point(x: 0, y: 600))
        #expect(world.isIdle)
        #expect(world.drainEvents().contains { if case .scrollViewDidEndScrollingAnimation(list, _) = $0 { true } else { false } })
        // The article's check values: b(100) = 52.02 and b(400) = 178.98 for d = 960; 3.80 s of
        // glide from 1,000 pt/s with `.normal`, 0.60 s with `.fast`.
        #expect(abs(ScrollPhysics.rubberBand(100, extent: 960) - 52.02) < 0.005)
        #expect(abs(ScrollPhysics.rubberBand(400, extent: 960) - 178.98) < 0.005)
        #expect(abs(ScrollPhysics.decelerationDuration(1000, rate: .normal) - 3.80) < 0.005)
        #expect(abs(ScrollPhysics.decelerationDuration(1000, rate: .fast) - 0.60) < 0.005)
    }

    // MARK: Building a photo app (BuildingAPhotoApp.md)

    @Test("the photo app: a flick glides the grid and the title flows into the bar as its background fades in; the world then goes idle")
    func photoAppScrollAndHeader() throws {
        let app = try PhotoAppHost()
        let driver = PhotoAppDriver(app)
        try driver.frames(4)
        #expect(try app.world.flowingHeaderProgress(app.header) == 0 && app.world.presentation(of: app.barBackground).opacity == 0)
        // A flick up on the grid: 20 pt a frame (1,200 pt/s) from y 700 to 460, lifted moving.
        try driver.frame([(.began, 200, 700)])
        for k in 1...12 { try driver.frame([(.moved, 200, 700 - 20 * Float(k))]) }
        #expect(try app.world.scrollViewState(of: app.grid).isDragging)
        try driver.frame([(.ended, 200, 460)])
        #expect(try app.world.scrollViewState(of: app.grid).isDecelerating)
        try driver.frames(60 * 5)
        let state = try app.world.scrollViewState(of: app.grid)
        #expect(!state.isDecelerating && state.velocity == Point(x: 0, y: 0) && state.contentOffset.y > 200, "\(state)")
        // The title is in the bar, the bar's background opaque, and with nothing left to report
        // the world is idle (a host that reported every frame would keep it busy).
        #expect(try app.world.flowingHeaderProgress(app.header) == 1)
        #expect(try app.world.presentation(of: app.barBackground).opacity == 1)
        #expect(app.world.isIdle)
        #expect(app.log.contains { if case .scrollViewDidEndDecelerating(app.grid, _) = $0 { true } else { false } })
    }

    @Test("the photo app: a tap zooms the detail out of the cell; a drag dismisses it into the cell where it is now, scrolled meanwhile")
    func photoAppZoomAndDragDismiss() throws {
        let app = try PhotoAppHost()
        let driver = PhotoAppDriver(app)
        try driver.frames(4)
        // Cell 4 (second row, middle column) is at (134, 288) on screen: tap its centre.
        let cell = app.cells[4]
        #expect(try app.world.presentation(of: cell).globalFrame == Rect(x: 134, y: 288, width: 122, height: 122))
        try driver.frame([(.began, 195, 349)])
        try driver.frame([(.ended, 196, 350)])
        #expect(app.log.contains { if case .tapped(let tap) = $0 { tap.hit?.entity == cell } else { false } })
        try driver.frame()                       // the push, staged by the host, runs
        #expect(try app.world.navigationProgress(of: app.stack) != nil && app.world.zoomDimmingView(of: app.stack) != nil)
        // The detail's photo rect grows out of the cell: its width is the cell's at the start.
        let early = try app.world.presentation(of: app.detail).globalFrame
        #expect(early.width < 200, "the detail starts near the cell's size: \(early)")
        #expect(!app.world.renderList.contains { $0.entity == cell }, "the cell is hidden while the screen flies")
        try driver.frames(90)
        #expect(try app.world.screens(of: app.stack) == [app.gallery, app.detail])
        #expect(try app.world.navigationProgress(of: app.stack) == nil && app.world.zoomDimmingView(of: app.stack) == nil)
        // Behind the detail the grid scrolls two rows (the host's own call).
        try app.world.scroll(app.grid, to: Point(x: 0, y: 256), animated: false)
        try driver.frames(2)
        let scrolled = try app.world.presentation(of: cell).globalFrame
        #expect(scrolled == Rect(x: 134, y: 32, width: 122, height: 122))
        // A drag down on the detail, 20 pt a frame, lifted moving: the zoom's drag to dismiss.
        app.clearLog()
        try driver.frame([(.began, 195, 400)])
        for k in 1...8 { try driver.frame([(.moved, 195, 400 + 20 * Float(k))]) }
        #expect(app.log.contains { if case .navigationWillStart(let e) = $0 { e.operation == .pop } else { false } })
        try driver.frame([(.ended, 195, 560)])
        #expect(app.log.contains { if case .interactivePopDidEnd = $0 { true } else { false } })
        // It zooms into the cell where the cell is now: the last frame it is drawn in, its photo
        // rect (all that is left of it) is on the scrolled cell.
        var last: Rect?, frames = 0
        while try app.world.screens(of: app.stack).count == 2, frames < 120 {
            if app.world.renderList.contains(where: { $0.entity == app.detail }) {
                last = try app.world.presentation(of: app.detail).globalFrame
            }
            try driver.frame()
            frames += 1
        }
        #expect(try app.world.screens(of: app.stack) == [app.gallery])
        let end = try #require(last)
        #expect(abs(end.minX - 134) < 2 && abs(end.minY - 32) < 2 && abs(end.width - 122) < 2 && abs(end.height - 122) < 2, "\(end)")
        #expect(app.log.contains { if case .navigationDidComplete(let e) = $0 { e.operation == .pop && !e.wasCancelled } else { false } })
        #expect(app.world.renderList.contains { $0.entity == cell }, "the cell shows again")
    }

    @Test("the photo app: a long press shows the menu as a popup by the cell; a tap outside dismisses it and opens nothing")
    func photoAppLongPress() throws {
        let app = try PhotoAppHost()
        let driver = PhotoAppDriver(app)
        try driver.frames(4)
        let cell = app.cells[1]                       // (134, 160) on screen, in the top half
        try driver.frame([(.began, 195, 220)])
        // Held still: the long press fires 0.5 s (60 ticks) after the press, 30 frames at 60 Hz.
        try driver.frames(29)
        #expect(!app.log.contains { if case .longPressed = $0 { true } else { false } })
        try driver.frame()
        #expect(app.log.contains { if case .longPressed(let press) = $0 { press.hit?.entity == cell } else { false } })
        try driver.frame([(.ended, 195, 220)])
        try driver.frames(20)
        #expect(app.world.presentedPopups == [app.menu])
        let placement = try #require(app.world.popupPlacement(of: app.menu))
        #expect(placement.isBelowSource && placement.frame.minY == 282 && placement.frame.width == 220 && placement.frame.height == 132,
                "\(placement)")
        #expect(!app.log.contains { if case .tapped = $0 { true } else { false } }, "the long press's lift is no tap")
        // A tap on another cell, under the backdrop: the popup goes, nothing is pushed.
        try driver.frame([(.began, 70, 600)])
        try driver.frame([(.ended, 70, 600)])
        #expect(app.log.contains { if case .tapped(let tap) = $0 { tap.hit?.role == .backdrop } else { false } })
        try driver.frames(30)
        #expect(app.log.contains { if case .popupDidDismiss(app.menu, reason: .tappedOutside, _) = $0 { true } else { false } },
                "\(app.log.suffix(6))")
        #expect(app.world.presentedPopups.isEmpty && app.world.popupPlacement(of: app.menu) == nil)
        #expect(try app.world.screens(of: app.stack) == [app.gallery] && app.world.navigationProgress(of: app.stack) == nil)
    }

    // MARK: Writing a host: raw pointer events (WritingAHost.md)

    @Test("the gallery host: a flick glides the list to the closed-form rest, a tap pushes the row's detail, an edge drag pops it")
    func galleryHostFromRawEvents() throws {
        let host = try GalleryHost(World())
        let dt = 1.0 / 60
        var time = 100.0
        func frame(_ touches: [(PointerPhase, Float, Float)] = []) throws {
            time += dt
            try host.frame(elapsed: dt, touches: touches.map {
                PointerEvent(pointer: 1, phase: $0.0, location: Point(x: $0.1, y: $0.2), time: time)
            })
        }
        for _ in 0..<4 { try frame() }
        // A flick up: 25 pt a frame (1,500 pt/s) from y 700 to y 400, lifted a frame later.
        try frame([(.began, 200, 700)])
        for k in 1...12 { try frame([(.moved, 200, 700 - 25 * Float(k))]) }
        // Locked at the first move (25 pt past the slop): the content followed the 275 pt since.
        #expect(try host.world.scrollViewState(of: host.list).contentOffset == Point(x: 0, y: 275))
        try frame([(.ended, 200, 400)])
        // Constant speed: the degree-2 fit is exact, v₀ = 1,500 pt/s; rest = x₀ − v₀ / (1000·ln r).
        let rest = 275 - 1500 / (1000 * log(0.998))
        for _ in 0..<(60 * 5) { try frame() }
        let state = try host.world.scrollViewState(of: host.list)
        #expect(!state.isDecelerating && abs(Double(state.contentOffset.y) - rest) < 0.5, "rests at \(state.contentOffset.y), closed form \(rest)")
        #expect(try host.world.screens(of: host.stack) == [host.gallery])
        // A tap at y 300 hits the row under it, which the host opens: the detail is pushed.
        let offset = state.contentOffset.y
        let row = Int(((300 + offset) / 100).rounded(.down))
        #expect((300 + offset).truncatingRemainder(dividingBy: 100) > 8)      // on the row, not between rows
        try frame([(.began, 100, 300)])
        try frame([(.ended, 102, 301)])
        #expect(host.opened == host.rows[row])
        for _ in 0..<60 { try frame() }
        #expect(try host.world.screens(of: host.stack) == [host.gallery, host.detail])
        #expect(try host.world.navigationProgress(of: host.stack) == nil)
        // A drag from the leading edge, 30 pt a frame: the stack's pan takes it and the release finishes the pop.
        try frame([(.began, 5, 400)])
        for k in 1...8 { try frame([(.moved, 5 + 30 * Float(k), 400)]) }
        #expect(try host.world.navigationProgress(of: host.stack) != nil)
        try frame([(.ended, 245, 400)])
        for _ in 0..<60 { try frame() }
        #expect(try host.world.screens(of: host.stack) == [host.gallery])
        #expect(try host.world.navigationProgress(of: host.stack) == nil)
        // The list did not move under the pop, nor under the tap.
        #expect(try host.world.scrollViewState(of: host.list).contentOffset.y == offset)
    }

    // MARK: The catalog's snippets are these tests.

    @Test("Navigation transitions, Zoom: the photo's alignment rect starts at the cell's width and centre; the dimming fades in")
    func zoomArticle() throws {
        let world = World()
        let home = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 844), root: home)
        let cell = try world.spawnView(frame: Rect(x: 20, y: 300, width: 117, height: 117), cornerRadius: 12)
        try world.setParent(home, of: cell)
        let detail = try world.spawnScreen(for: stack)
        world.tick()
        let zoom = NavigationTransition.zoom(source: cell, options: ZoomOptions(
            alignmentRect: Rect(x: 0, y: 0, width: 390, height: 390),   // the photo at the screen's top
            cornerRadius: 12, shadowRadius: 8, dimmingOpacity: 0.2))
        try world.push(detail, onto: stack, transition: zoom)
        world.tick()
        // After one tick of the ease-in-out 0.35 s (42 ticks), z = easeInOut(1 / 42): the photo
        // (the alignment rect) is 117 + (390 − 117)·z wide, centred on the cell's centre moved
        // towards the rect's by z.
        let z = Float(UnitCurve.easeInOut.value(at: 1.0 / 42))
        let g = try world.presentation(of: detail).globalFrame
        let s = (117 + (390 - 117) * z) / 390
        let centre = Point(x: 78.5 + (195 - 78.5) * z, y: 358.5 + (195 - 358.5) * z)
        #expect(abs(g.width - 390 * s) < 2e-3 && abs(g.minX - (centre.x - 195 * s)) < 2e-3 && abs(g.minY - (centre.y - 195 * s)) < 2e-3, "\(g)")
        let dimming = try #require(try world.zoomDimmingView(of: stack))
        #expect(abs(try world.presentation(of: dimming).opacity - 0.2 * z) < 1e-6)
        world.ticks(60)
        #expect(try world.screens(of: stack) == [home, detail] && world.zoomDimmingView(of: stack) == nil)
        // … the back button: a pop given no transition zooms back into the cell.
        try world.pop(stack)
        world.tick()
        #expect(try world.zoomDimmingView(of: stack) != nil, "the pop zooms (a slide has no dimming view)")
        world.ticks(60)
        #expect(try world.screens(of: stack) == [home] && world.zoomDimmingView(of: stack) == nil)
    }

    @Test("every line of every Swift snippet in the DocC catalog is in this file")
    func snippetsAreMirrored() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = root.appendingPathComponent("Sources/Portal/Documentation.docc")
        let mirror = Set(try String(contentsOf: here, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) })
        let files = try FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
        var snippets = 0
        for file in files {
            var block: [String]?
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if block == nil {
                    if trimmed == "```swift" { block = [] }
                    continue
                }
                guard trimmed != "```" else {
                    // A manifest excerpt (`dependencies: […]`) belongs in Package.swift, not here.
                    if block?.first?.hasPrefix("dependencies:") == false {
                        snippets += 1
                        for code in block! where !code.isEmpty {
                            let mirrored = mirror.contains(code)
                            #expect(mirrored, "\(file.lastPathComponent): `\(code)` is not in DocsTests.swift")
                        }
                    }
                    block = nil
                    continue
                }
                block?.append(trimmed)
            }
        }
        #expect(snippets >= 20, "found \(snippets) snippets in \(catalog.path)")
    }

    // MARK: Portal.md and Getting started

    @Test("input: touches sent as the article sends them make a tap on the view pressed, on the tick that applies the lift")
    func inputTouches() throws {
        let world = World()
        let card = try world.spawnView(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        world.tick()
        try send([HostTouch(id: 7, phase: .began, location: Point(x: 50, y: 50), timestamp: 20.0),
                  HostTouch(id: 7, phase: .ended, location: Point(x: 52, y: 51), timestamp: 20.1)], to: world)
        #expect(world.drainEvents().isEmpty)
        world.tick()
        let events = world.drainEvents()
        guard events.count == 1, case let .tapped(tap)? = events.first else { Issue.record("\(events)"); return }
        #expect(tap.pointer == 7 && tap.location == Point(x: 50, y: 50) && tap.hit?.entity == card && tap.tick == world.tickCount)
    }

    @Test("the landing page's example draws the card")
    func landingPage() throws {
        var drawn: [(Size, Float)] = []
        func draw(_ size: Size, cornerRadius: Float, opacity: Float, through transform: ProjectionTransform) {
            drawn.append((size, cornerRadius))
        }
        let world = World()
        let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200), cornerRadius: 8)
        try world.animate(card, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 390, height: 420)),
                          with: .smooth(duration: 0.4))
        world.advance(by: 1.0 / 60)
        for item in world.renderList {                    // back to front
            draw(item.frame.size, cornerRadius: item.cornerRadius, opacity: item.opacity,
                 through: item.globalTransform)
        }
        #expect(drawn.count == 1 && drawn[0].1 == 8)
        #expect(drawn[0].0.width > 160 && drawn[0].0.width < 390)   // two ticks into the animation
    }

    @Test("getting started: the animation, the events, the tree and an error, as the article says")
    func gettingStarted() throws {
        var drawn: [ProjectionTransform] = []
        var finished: [AnimationCompletionCriteria] = []
        var message = ""
        func draw(_ size: Size, cornerRadius: Float, opacity: Float, through transform: ProjectionTransform) {
            drawn.append(transform)
        }

        let world = World()
        let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200), cornerRadius: 8)
        let grow = try world.animate(card, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 390, height: 420),
                                                              cornerRadius: 16),
                                     with: .spring(duration: 0.4, bounce: 0.2))
        for _ in 0..<90 {
            world.advance(by: 1.0 / 60)                       // two ticks
            for item in world.renderList {
                draw(item.frame.size, cornerRadius: item.cornerRadius, opacity: item.opacity,
                     through: item.globalTransform)
            }
            for case .animationCompleted(let completion) in world.drainEvents() where completion.id == grow {
                finished.append(completion.criterion)         // .logicallyComplete, then .removed
            }
        }
        #expect(world.tickCount == 180 && drawn.count == 90)
        #expect(finished == [.logicallyComplete, .removed])
        #expect(drawn.last == ProjectionTransform.translation(x: 0, y: 0))

        let list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600))
        try world.setClipsToBounds(true, of: list)
        let row = try world.spawnView(frame: Rect(x: 0, y: 240, width: 390, height: 76), in: list)
        let icon = try world.spawnView(frame: Rect(x: 8, y: 8, width: 60, height: 60), cornerRadius: 6, in: row)
        try world.setContentOffset(Point(x: 0, y: 120), of: list)    // scrolls every row at once
        world.tick()
        let item = try #require(world.item(icon))
        #expect(item.globalTransform.map(Point(x: 0, y: 0)) == Point(x: 8, y: 228))
        #expect(item.clip >= 0 && world.clipList[Int(item.clip)].size == Size(width: 390, height: 600))

        let before = world.renderList
        do {
            try world.animate(card, to: ViewProperties(opacity: 0.5), with: .spring(duration: -1))
        } catch {
            message = "\(error)"                          // names `duration` and why it was refused
        }
        #expect(message.contains("duration"))
        world.tick()
        #expect(world.renderList == before)                   // refused: nothing changed
    }

    // MARK: Writing a host

    @Test("the frame loop draws after the frames that ran ticks, and the fraction is what the article says")
    func frameLoop() throws {
        let world = World()
        let canvas = RecordingCanvas()
        _ = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        frame(world, elapsed: 1.0 / 60, on: canvas)
        #expect(world.tickCount == 2 && canvas.fills.count == 1)
        for _ in 0..<10 { frame(world, elapsed: 1.0 / 60, on: canvas) }
        #expect(world.tickCount == 22 && world.interpolationFraction < 1e-6)
        // 144 Hz: 5/6 of a tick per frame; the fraction walks 0.83, 0.67, 0.5, 0.33, 0.17, 0.
        var fractions: [Double] = []
        for _ in 0..<6 {
            frame(world, elapsed: 1.0 / 144, on: canvas)
            fractions.append(world.interpolationFraction)
        }
        for (fraction, expected) in zip(fractions, [5.0 / 6, 4.0 / 6, 3.0 / 6, 2.0 / 6, 1.0 / 6, 0]) {
            #expect(abs(fraction - expected) < 1e-6)
        }
        #expect(world.tickCount == 27 && canvas.fills.count == 16)  // the first 144 Hz frame ran no tick
        // A stall runs 8 ticks and drops the rest.
        let report = world.advance(by: 1)
        #expect(report.ticksRun == 8 && report.ticksDropped == 112)
    }

    @Test("the frame loop stops when the world is idle: after a push has finished and its events are drained")
    func stoppingTheClock() throws {
        let world = World()
        var log: [String] = []
        let screenFrame = Rect(x: 0, y: 0, width: 390, height: 844)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: try world.spawnView(frame: screenFrame))
        #expect(runFrame(world, elapsed: 1.0 / 60, log: &log) == false)
        try world.push(try world.spawnScreen(for: stack), onto: stack)
        var frames = 0
        while runFrame(world, elapsed: 1.0 / 60, log: &log) { frames += 1 }
        // The 0.35 s push is 42 ticks, 21 frames from the one that starts it; the last frame
        // reports the finish and stops the clock.
        #expect(frames == 20 && log == ["push finished"])
        #expect(world.isIdle)
    }

    @Test("the output system keeps the last two render lists")
    func lastTwoFrames() throws {
        let world = World()
        let frames = PreviousTick(world)
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try world.animate(view, to: ViewProperties(frame: Rect(x: 200, y: 0, width: 100, height: 100)), with: .linear(duration: 0.5))
        world.ticks(10)
        let tenth = world.renderList
        world.tick()
        #expect(frames.items[RenderKey(entity: view)] == tenth[0] && tenth != world.renderList)
        // A 144 Hz frame after it runs no tick: drawn 5/6 of the way from tick 10 to tick 11.
        world.advance(by: 1.0 / 144)
        let drawn = frames.presented(world.renderList[0], at: 0, in: world)
        let x10 = tenth[0].frame.minX, x11 = world.renderList[0].frame.minX
        #expect(abs(drawn.frame.minX - (x10 + (x11 - x10) * 5 / 6)) < 1e-3 && x11 - x10 > 3)
        #expect(abs(drawn.globalTransform.m31 - drawn.frame.minX) < 1e-3)
    }

    @Test("drawn one tick behind, a portal layer's content copy blends with its own previous copy, not with the view drawn in its place")
    func interpolatedLayerCopies() throws {
        let world = World()
        let frames = PreviousTick(world)
        // The layer draws `card` (with its badge) while the card stays in its place: the badge is
        // drawn twice, in place and as a copy under the flying layer.
        let card = try world.spawnView(frame: Rect(x: 20, y: 20, width: 100, height: 100))
        let badge = try world.spawnView(frame: Rect(x: 10, y: 10, width: 20, height: 20), in: card)
        let thumb = try world.spawnView(frame: Rect(x: 200, y: 20, width: 100, height: 100))
        let detail = try world.spawnView(frame: Rect(x: 0, y: 400, width: 300, height: 300))
        try world.portal(thumb, id: "photo", as: .source)
        try world.portal(detail, id: "photo", as: .destination)
        try world.portalTransition(id: "photo", isActive: true, config: PortalTransitionConfig(layerContent: card))
        world.ticks(30)
        let before = world.renderList
        world.tick()
        world.advance(by: 1.0 / 240)                                    // half a tick left over
        #expect(abs(world.interpolationFraction - 0.5) < 1e-6)
        let list = world.renderList
        let copies = list.indices.filter { list[$0].entity == badge && list[$0].role == .overlay }
        let places = list.indices.filter { list[$0].entity == badge && list[$0].role != .overlay }
        #expect(copies.count == 1 && places.count == 1)
        let copy = try #require(copies.first), place = try #require(places.first)
        let previousCopy = try #require(before.first { $0.entity == badge && $0.role == .overlay })
        #expect(previousCopy.globalTransform != list[copy].globalTransform, "the copy moves with the layer")
        let drawn = frames.presented(list[copy], at: copy, in: world)
        let p = drawn.globalTransform.map(.zero)
        let a = previousCopy.globalTransform.map(.zero), b = list[copy].globalTransform.map(.zero)
        #expect(abs(p.x - (a.x + b.x) / 2) < 1e-3 && abs(p.y - (a.y + b.y) / 2) < 1e-3)
        // The badge in its place does not move: drawn where it is.
        #expect(frames.presented(list[place], at: place, in: world) == list[place])
    }

    @Test("a retained scene kept from the change lists of 60 Hz frames equals the render list; a value set back within a frame is not reported")
    func retainedScene() throws {
        let world = World()
        let scene = RetainedScene()
        world.tracksRenderChanges = true
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var cards: [Entity] = []
        for i in 0..<6 { cards.append(try world.spawnView(frame: Rect(x: 0, y: Float(i) * 100, width: 390, height: 90), in: root)) }
        // A system sets one card's opacity to 0.5 at one tick and back to 1 at the next (each
        // call applies at the tick after the system's): a frame of both ticks changes nothing.
        nonisolated(unsafe) var ticks = 0
        world.addSystem("blink", stage: .output) { world in
            ticks += 1
            if ticks == 30 { try? world.update(cards[1], to: ViewProperties(opacity: 0.5)) }
            if ticks == 31 { try? world.update(cards[1], to: ViewProperties(opacity: 1)) }
        }
        var blinked = false
        for frame in 0..<30 {
            if frame == 3 { try world.animate(cards[2], to: ViewProperties(opacity: 0.4), with: .linear(duration: 0.1)) }
            if frame == 8 { try world.despawn(cards[0]) }
            if frame == 12 { cards.append(try world.spawnView(frame: Rect(x: 0, y: 700, width: 390, height: 90), in: root)) }
            if frame == 16 { try world.setZIndex(3, of: cards[4]) }
            let before = world.renderList.first { $0.entity == cards[1] }
            world.advance(by: 1.0 / 60)
            applyChanges(of: world, to: scene)
            #expect(scene.order.map { scene.nodes[$0] } == world.renderList, "frame \(frame)")
            if ticks == 32 {
                // This frame ran ticks 31 and 32: the opacity went to 0.5 and back.
                blinked = true
                #expect(before == world.renderList.first { $0.entity == cards[1] })
                #expect(!world.renderChanges.updated.contains { world.renderList[Int($0.index)].entity == cards[1] })
            }
        }
        #expect(blinked && scene.updates > 0 && scene.inserts > 0 && scene.removals > 0)
    }

    @Test("a retained scene kept from the change lists through an animation, a scroll, a despawn, a spawn and a z change equals the render list every frame")
    func retainedSceneThroughChanges() throws {
        let world = World()
        let scene = RetainedScene()
        world.tracksRenderChanges = true
        let list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600))
        try world.setClipsToBounds(true, of: list)
        var cells: [Entity] = []
        for i in 0..<8 { cells.append(try world.spawnView(frame: Rect(x: 0, y: Float(i) * 80, width: 390, height: 76), in: list)) }
        for frame in 0..<40 {
            switch frame {
            case 5: try world.animate(cells[2], to: ViewProperties(opacity: 0.4), with: .linear(duration: 0.1))
            case 10: try world.setContentOffset(Point(x: 0, y: 120), of: list)
            case 15: try world.despawn(cells[0])
            case 20: cells.append(try world.spawnView(frame: Rect(x: 0, y: 700, width: 390, height: 76), in: list))
            case 25: try world.setZIndex(5, of: cells[3])
            default: break
            }
            world.advance(by: 1.0 / 60)
            applyChanges(of: world, to: scene)
            #expect(scene.order.map { scene.nodes[$0] } == world.renderList, "frame \(frame)")
        }
        #expect(scene.updates > 0 && scene.inserts > 0 && scene.removals > 0)
    }

    @Test("drawing applies every clip of the chain and the global transform")
    func drawing() throws {
        let world = World()
        let list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600))
        try world.setClipsToBounds(true, of: list)
        let cell = try world.spawnView(frame: Rect(x: 10, y: 20, width: 370, height: 80), cornerRadius: 12, in: list)
        try world.setClipsToBounds(true, of: cell)
        let image = try world.spawnView(frame: Rect(x: 5, y: 5, width: 60, height: 60), in: cell)
        world.tick()
        let canvas = RecordingCanvas()
        draw(world, on: canvas)
        let drawnImage = try #require(world.item(image))
        // The image's turn: save, the cell's clip, the list's clip, fill, restore.
        let fill = RecordingCanvas.Call.fill(Size(width: 60, height: 60), 0, 1, 0, drawnImage.globalTransform, image)
        let at = try #require(canvas.calls.firstIndex(of: fill))
        #expect(canvas.calls[at - 3] == .save)
        #expect(canvas.calls[at - 2] == .clip(Size(width: 370, height: 80), 12, .translation(x: 10, y: 120)))
        #expect(canvas.calls[at - 1] == .clip(Size(width: 390, height: 600), 0, .translation(x: 0, y: 100)))
        #expect(canvas.calls[at + 1] == .restore)
        #expect(drawnImage.globalTransform == .translation(x: 15, y: 125))
        #expect(canvas.fills.count == 3)
    }

    @Test("a tap returns the view, dismisses a popup through its backdrop, and returns nothing on a busy stack")
    func taps() throws {
        let world = World()
        let screenFrame = Rect(x: 0, y: 0, width: 390, height: 844)
        let home = try world.spawnView(frame: screenFrame)
        let button = try world.spawnView(frame: Rect(x: 20, y: 120, width: 44, height: 44), in: home)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: home)
        world.tick()
        #expect(touchUp(world, at: Point(x: 30, y: 130)) == button)
        try world.setPopupContainer(bounds: screenFrame)
        let menu = try world.spawnView(frame: .zero)
        try world.presentPopup(menu, from: button, width: 200, height: 100)
        world.ticks(30)
        #expect(world.presentedPopups == [menu])
        #expect(touchUp(world, at: Point(x: 300, y: 700)) == nil)
        world.ticks(30)
        #expect(world.presentedPopups.isEmpty)
        try world.push(try world.spawnView(frame: screenFrame), onto: stack)
        world.ticks(5)
        #expect(world.hitTest(Point(x: 30, y: 130))?.isBusy == true)
        #expect(touchUp(world, at: Point(x: 30, y: 130)) == nil)
    }

    @Test("hiding: the app's hidden flag, and a stack's, are separate")
    func hiding() throws {
        let world = World()
        let banner = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 60))
        try world.setHidden(true, of: banner)
        world.tick()
        let drawn = try world.presentation(of: banner).isDrawn       // false: hidden by the app
        #expect(drawn == false)
        try world.setHidden(false, of: banner)
        world.tick()
        #expect(try world.drawn(banner))

        let screenFrame = Rect(x: 0, y: 0, width: 390, height: 844)
        let home = try world.spawnView(frame: screenFrame)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: home)
        try world.push(try world.spawnView(frame: screenFrame), onto: stack)
        world.ticks(60)
        try world.setHidden(false, of: home)                          // the stack still hides it
        world.tick()
        #expect(try world.drawn(home) == false)
    }

    @Test("the event handler logs a landing, a push and dropped ticks")
    func events() throws {
        let world = World()
        var log: [String] = []
        let card = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let detail = try world.spawnView(frame: Rect(x: 0, y: 200, width: 300, height: 300))
        try world.portal(card, id: "photo", as: .source)
        try world.portal(detail, id: "photo", as: .destination)
        try world.portalTransition(id: "photo", isActive: true)
        let screenFrame = Rect(x: 400, y: 0, width: 390, height: 844)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: try world.spawnView(frame: screenFrame))
        try world.push(try world.spawnView(frame: screenFrame), onto: stack)
        world.ticks(120)
        handleEvents(of: world, log: &log)
        world.advance(by: 1)
        handleEvents(of: world, log: &log)
        #expect(log.count == 3)
        #expect(log.contains { $0.hasPrefix("photo landed forward at tick ") })
        #expect(log.contains("push finished"))
        #expect(log.last == "dropped 112 ticks")
    }

    // MARK: Portal transitions

    @Test("the hero example: the layer starts at the scrolled cell's global frame and lands on the detail")
    func hero() throws {
        let world = World()
        let grid = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let cell = try world.spawnView(frame: Rect(x: 16, y: 300, width: 160, height: 200), cornerRadius: 8, in: grid)
        let detail = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 420), cornerRadius: 16)
        try world.setContentOffset(Point(x: 0, y: 100), of: grid)   // the grid is scrolled: the cell is at y = 200

        try world.portal(cell, id: "photo", as: .source)
        try world.portal(detail, id: "photo", as: .destination)
        try world.portalTransition(id: "photo", isActive: true,
                                   config: PortalTransitionConfig(corners: PortalCorners(source: 8, destination: 16)))
        world.tick()
        let state = try #require(world.portalLayer("photo"))
        let layer = try #require(world.item(state.layer))
        #expect(layer.role == .overlay && layer.content == cell)
        #expect(layer.frame == Rect(x: 16, y: 200, width: 160, height: 200))
        #expect(try !world.drawn(cell) && !world.drawn(detail))
        world.ticks(120)
        #expect(world.renderList.map(\.entity) == [grid, detail])
        #expect(world.isPortalActive("photo") == true)
        try world.portalTransition(id: "photo", isActive: false)
        world.ticks(120)
        #expect(world.renderList.map(\.entity) == [grid, cell])
    }

    @Test("the configuration example: effects while active, a fade on landing")
    func configuration() throws {
        let world = World()
        let card = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 8)
        let detail = try world.spawnView(frame: Rect(x: 0, y: 300, width: 390, height: 400), cornerRadius: 16)
        try world.portal(card, id: "card", as: .source)
        try world.portal(detail, id: "card", as: .destination)
        let config = PortalTransitionConfig(
            animation: PortalAnimation(.bouncy, delay: 0, duration: 0.5),
            corners: PortalCorners(source: 8, destination: 16, style: .continuous),
            removal: .fade,                                   // the layer fades out over the landing view
            effects: [.scale(1.1), .shadowRadius(12)]         // while active, each with its own spring
        )
        try world.portalTransition(id: "card", isActive: true, config: config)
        world.ticks(30)
        let layer = try #require(world.portalLayer("card").flatMap { world.item($0.layer) })
        #expect(layer.transform.scaleX > 1 && layer.shadowRadius > 0 && layer.cornerStyle == .continuous)
        world.ticks(240)
        #expect(world.renderList.map(\.entity) == [detail])
    }

    @Test("the drag-to-dismiss example: a flick down on the presented photo flies it home, the backdrop fades out")
    func dragToDismiss() throws {
        let world = World()
        let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844), in: nil)
        let thumbnail = try world.spawnView(frame: Rect(x: 20, y: 100, width: 80, height: 80), cornerRadius: 8, in: screen)
        let dimmingView = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 80), in: screen)
        let photo = try world.spawnView(frame: Rect(x: 0, y: 200, width: 390, height: 400), cornerRadius: 24, in: screen)
        try world.portal(thumbnail, id: "photo", as: .source)
        try world.portal(photo, id: "photo", as: .destination)
        var config = PortalTransitionConfig(corners: PortalCorners(source: 8, destination: 24))
        config.dragToDismiss = PortalDragDismiss(backdrop: dimmingView)
        try world.portalTransition(id: "photo", isActive: true, config: config)
        world.ticks(240)
        _ = world.drainEvents()
        for k in 0...6 {
            let phase: PointerPhase = k == 0 ? .began : (k == 6 ? .ended : .moved)
            try world.pointer(PointerEvent(pointer: 1, phase: phase, location: Point(x: 195, y: 300 + Float(k) * 15), time: 1 + Double(k) * 0.008))
            world.tick()
        }
        #expect(world.drainEvents().contains { if case let .portalWillStart(e) = $0 { e.direction == .reverse } else { false } })
        world.ticks(240)
        #expect(world.renderList.map(\.entity) == [screen, thumbnail, dimmingView])
        #expect(world.renderList[2].opacity == 0)
    }

    @Test("the item example: present, transfer to the next photo, fly it back")
    func items() throws {
        let world = World()
        let thumbnails = try (0..<2).map { i in
            try world.spawnView(frame: Rect(x: Float(i) * 100, y: 0, width: 90, height: 90), cornerRadius: 4)
        }
        let pages = try (0..<2).map { _ in try world.spawnView(frame: Rect(x: 0, y: 200, width: 390, height: 390)) }
        struct Photo: Identifiable { let id: Int }
        let photos = [Photo(id: 1), Photo(id: 2)]
        for (index, photo) in photos.enumerated() {
            try world.portal(thumbnails[index], item: photo, as: .source)
            try world.portal(pages[index], item: photo, as: .destination)
        }
        try world.portalTransition(item: photos[0])            // photo 1 flies into the viewer
        world.ticks(120)
        #expect(try world.drawn(pages[0]) && !world.drawn(thumbnails[0]))
        try world.portalTransition(item: photos[1])            // the viewer swiped to photo 2
        world.ticks(120)
        #expect(world.isPortalActive(PortalID(item: photos[0])) == false)
        #expect(world.isPortalActive(PortalID(item: photos[1])) == true)
        try world.portalTransition(item: nil)                  // photo 2 flies back to its thumbnail
        world.ticks(120)
        #expect(world.isPortalActive(PortalID(item: photos[1])) == false)
        #expect(try world.drawn(thumbnails[1]) && !world.drawn(pages[1]))
        #expect(world.renderList.allSatisfy { $0.role == .view })
        #expect(world.lastPortalItem() == PortalID(item: photos[1]))
    }

    @Test("the group example reports the group's completion once every member has landed")
    func group() throws {
        let world = World()
        for (i, id) in ["a", "b", "c"].enumerated() {
            try world.portal(try world.spawnView(frame: Rect(x: Float(i) * 50, y: 0, width: 40, height: 40)), id: PortalID(id), as: .source)
            try world.portal(try world.spawnView(frame: Rect(x: Float(i) * 100, y: 300, width: 90, height: 90)), id: PortalID(id), as: .destination)
        }
        try world.portalTransition(ids: ["a", "b", "c"], groupID: "cards", isActive: true, staggerDelay: 0.05)
        world.ticks(150)
        let completions = world.drainEvents().filter {
            if case .portalGroupDidComplete(groupID: "cards", direction: .forward, tick: _) = $0 { true } else { false }
        }
        #expect(completions.count == 1)
    }

    // MARK: Navigation transitions

    @Test("the navigation examples: push, composed transitions, a custom one and an interactive pop")
    func navigation() throws {
        let world = World()
        let screenFrame = Rect(x: 0, y: 0, width: 390, height: 844)
        let home = try world.spawnView(frame: screenFrame)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: home)
        let detail = try world.spawnScreen(for: stack)                  // not drawn until pushed
        let title = try world.spawnView(frame: Rect(x: 20, y: 60, width: 200, height: 40), in: detail)

        // Until the push, neither the screen nor its content is drawn or hit: only home is.
        world.ticks(30)
        #expect(world.renderList.map(\.entity) == [stack, home])
        #expect(world.hitTest(Point(x: 30, y: 70))?.entity == home)
        try world.setHidden(false, of: detail)                          // the stack's to show, not the app's
        world.ticks(1)
        #expect(try !world.drawn(detail) && !world.drawn(title))
        #expect(try world.presentation(of: detail).frame == screenFrame)
        // … later, when the user taps a row:
        try world.push(detail, onto: stack, transition: .slide)
        world.ticks(21)                                               // the middle of 42 ticks
        let progress = try #require(try world.navigationProgress(of: stack))
        #expect(progress > 0.3 && progress < 0.7)
        // The title rides with its screen.
        let titleOnScreen = try world.presentation(of: title).globalFrame.minX
        let screenOnScreen = try world.presentation(of: detail).globalFrame.minX
        #expect(screenOnScreen > 0 && screenOnScreen < 390 && abs(titleOnScreen - (screenOnScreen + 20)) < 1e-3)
        world.ticks(30)
        #expect(try world.screens(of: stack) == [home, detail])

        let zoom = NavigationTransition.asymmetric(
            push: AtomicTransition.scale(0.5).combined(with: .opacity),
            pop: .opacity
        ).animation(.spring(duration: 0.4))
        let swing = NavigationTransition.mirrorPush(
            .rotate3D(.degrees(90), axis: (x: 0, y: 1, z: 0), perspective: 0.5).combined(with: .opacity)
        )
        let fadeIn = NavigationTransition.fade(.in).combined(with: .slide)
        try world.pop(stack, transition: zoom)
        try world.push(detail, onto: stack, transition: swing)
        try world.pop(stack, transition: fadeIn)
        world.ticks(200)
        #expect(try world.screens(of: stack) == [home])
        #expect(try world.drawn(home) && !world.drawn(detail))

        let drop = NavigationTransition.custom("drop") { from, to, operation, container in
            to.initial.translate(y: operation == .push ? -container.height : 0)
            to.animation.translate(y: 0)
            from.animation.opacity = 0.5
            from.completion.opacity = 1
        }
        try world.push(detail, onto: stack, transition: drop)
        world.ticks(20)
        let dropping = try world.presentation(of: detail).transform.translation.y
        let fading = try world.presentation(of: home).opacity
        #expect(dropping < 0 && dropping > -844 && fading < 1 && fading > 0.5)
        world.ticks(40)
        #expect(try world.presentation(of: detail).transform.translation.y == 0)

        var popped = false
        if try world.beginInteractivePop(stack, at: Point(x: 8, y: 400)) {
            try world.updateInteractivePop(stack, translation: 150)     // the finger moved 150 pt
            try world.endInteractivePop(stack, velocity: 900)           // flicked: the pop finishes
            popped = true
        }
        #expect(popped)
        world.ticks(60)
        #expect(try world.screens(of: stack) == [home])
        let done = world.drainEvents().compactMap { event -> NavigationEvent? in
            if case .navigationDidComplete(let e) = event { e } else { nil }
        }
        #expect(done.last?.operation == .pop && done.last?.wasCancelled == false)
    }

    // MARK: Flowing headers

    @Test("the header example: halfway at 25 pt, snapped into the bar when the scroll stops there")
    func flowingHeader() throws {
        let world = World()
        let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40), in: screen)
        let header = try world.flowingHeader(on: screen, title: title, snappingBehavior: .directional)
        try world.setFlowingHeaderAnchors(header,
                                          title: Rect(x: 20, y: 100, width: 200, height: 40),   // in the content
                                          bar: Rect(x: 0, y: 40, width: 390, height: 44),       // the navigation bar
                                          barTitleSize: Size(width: 100, height: 20))           // the title's size there
        try world.reportScroll(header, offset: 25, phase: .interacting)   // the finger is on the content
        world.ticks(120)
        #expect(try world.flowingHeaderProgress(header) == 0.5)
        try world.reportScroll(header, offset: 25, phase: .idle)          // it stopped there
        world.ticks(120)
        #expect(try world.flowingHeaderProgress(header) == 1)
        // In the bar: the title centred on it at the bar title's size (scale 20 / 40).
        let placed = try #require(world.item(title))
        #expect(placed.frame.center == Point(x: 195, y: 62) && placed.transform.scaleX == 0.5)

        let halfway = FlowingHeaderGeometry.progress(offset: 25, accessoryHeight: nil, accessoryFlows: false)
        #expect(halfway == 0.5)
    }

    // MARK: Popups

    @Test("the popup example: placed below the button from its leading edge, dismissed by a tap on the backdrop")
    func popup() throws {
        let world = World()
        try world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 390, height: 844),
                                    safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0))
        let button = try world.spawnView(frame: Rect(x: 20, y: 120, width: 44, height: 44))
        let menu = try world.spawnView(frame: .zero)
        let item = try world.spawnView(frame: Rect(x: 12, y: 12, width: 150, height: 20), in: menu)
        try world.presentPopup(menu, from: button, width: 220, height: 160)
        world.ticks(30)
        let placement = try #require(world.popupPlacement(of: menu))
        #expect(placement.frame == Rect(x: 20, y: 164, width: 220, height: 160) && placement.isBelowSource)
        #expect(placement.anchor == UnitPoint(x: Double(Float(42 - 20) / 220), y: 0))   // the tail at the button's centre
        let order = world.renderList.map(\.entity)
        #expect(world.item(menu)?.role == .overlay && order.firstIndex(of: item) == order.firstIndex(of: menu).map { $0 + 1 })
        #expect(placement == PopupPlacement.place(source: Rect(x: 20, y: 120, width: 44, height: 44), width: 220, height: 160,
                                                  container: Rect(x: 0, y: 0, width: 390, height: 844),
                                                  safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)))
        world.tap(at: Point(x: 300, y: 700))        // outside the menu: on its backdrop
        world.ticks(30)
        #expect(world.presentedPopups.isEmpty && world.popupPlacement(of: menu) == nil)
        #expect(try !world.drawn(menu))
    }

    @Test("the popup events example: a popup whose source scrolls out of its list leaves with reason .sourceCulled")
    func popupEvents() throws {
        let world = World()
        try world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 390, height: 844))
        let list = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600))
        try world.setClipsToBounds(true, of: list)
        let button = try world.spawnView(frame: Rect(x: 20, y: 20, width: 44, height: 44), in: list)
        let menu = try world.spawnView(frame: .zero)
        try world.presentPopup(menu, from: button, width: 220, height: 160)
        world.ticks(30)
        _ = world.drainEvents()
        try world.setContentOffset(Point(x: 0, y: 100), of: list)   // the button's bottom, 64, above the list's top
        world.tick()
        var scrolledAway: [Entity] = []
        world.drainEvents { event in
            if case let .popupDidDismiss(menu, reason: .sourceCulled, _) = event { scrolledAway.append(menu) }
        }
        #expect(scrolledAway == [menu])
        #expect(try !world.drawn(menu) && !world.drawn(button))
    }

    // MARK: Determinism and testing

    @Test("the determinism examples: an exact halfway value, and two runs equal item for item")
    func determinism() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try world.animate(view, to: ViewProperties(opacity: 0), with: .linear(duration: 0.5))
        for _ in 0..<30 { world.tick() }                       // 30 of the 60 ticks
        let halfway = try world.presentation(of: view).opacity // exactly 0.5
        #expect(halfway == 0.5)

        func run() throws -> [RenderItem] {
            let world = World()
            let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200))
            try world.animate(card, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 390, height: 420)),
                              with: .bouncy)
            for frame in [1.0 / 60, 1.0 / 144, 1.0 / 30, 0.005] { world.advance(by: frame) }
            return world.renderList
        }
        let same = try run() == run()                          // true, bit for bit
        #expect(same)
    }

    // MARK: Determinism and testing: traces and goldens

    @Test("the trace example: a recorded world replays to the same render list")
    func traceReplay() throws {
        let world = World()
        try world.startRecording()
        let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200))
        try world.animate(card, to: ViewProperties(opacity: 0.5), with: .smooth)
        world.advance(by: 1.0 / 60)
        let text = world.stopRecording()!                      // the trace
        let replayed = try Trace(text).replay()                // a fresh world, the same calls
        let same = replayed.renderList == world.renderList     // true, bit for bit
        #expect(same)
        #expect(replayed.tickCount == 2)
        #expect(text.split(separator: "\n").count == 4)        // the header and three calls
    }

    /// Where the golden example writes: a fresh directory per run of this suite.
    static let goldensDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("portal-docs-goldens-\(UInt64.random(in: 0 ... .max))").path
    var goldens: String { Self.goldensDirectory }

    @Test func cardFlies() throws {
        let world = World()
        try world.startRecording()
        let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200))
        try world.animate(card, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 390, height: 420)))
        world.step(toTime: 0.5)
        try expectGolden(world, named: "card-flies", in: goldens)
    }

    @Test("the golden example records, then matches (TraceTests checks what it says when the calls change)")
    func goldenExample() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("portal-docs-golden-\(UInt64.random(in: 0 ... .max))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func run(to target: Float) throws {
            let world = World()
            try world.startRecording()
            let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200))
            try world.animate(card, to: ViewProperties(frame: Rect(x: target, y: 0, width: 390, height: 420)))
            world.step(toTime: 0.5)
            try expectGolden(world, named: "card-flies", in: directory)
        }
        try run(to: 0)                                         // records
        #expect(FileManager.default.fileExists(atPath: directory + "/card-flies.snapshot"))
        #expect(FileManager.default.fileExists(atPath: directory + "/card-flies.trace"))
        try run(to: 0)                                         // matches
        // 0.5 s is 60 ticks: the snapshot holds ticks 1…60 of one item each.
        let snapshot = try String(contentsOfFile: directory + "/card-flies.snapshot", encoding: .utf8)
        #expect(snapshot.split(separator: "\n").filter { $0.hasPrefix("@") }.count == 60)
    }
}

/// The article's retained scene: nodes by key, in drawing order.
final class RetainedScene {
    var nodes: [RenderKey: RenderItem] = [:]
    var order: [RenderKey] = []
    var updates = 0, inserts = 0, removals = 0
    func remove(_ key: RenderKey) {
        nodes[key] = nil
        order.removeAll { $0 == key }
        removals += 1
    }
    func update(_ key: RenderKey, to item: RenderItem, fields: RenderFields) {
        nodes[key] = item
        updates += 1
    }
    func insert(_ item: RenderItem, key: RenderKey, at index: Int) {
        nodes[key] = item
        order.insert(key, at: min(index, order.count))
        inserts += 1
    }
    func reorder(_ keys: [RenderKey]) { order = keys }

}
