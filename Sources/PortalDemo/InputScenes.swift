import Portal

/// A script of timestamped pointer events, as a touch screen sampling at 120 Hz sends them: each
/// event is sent with ``World/pointer(_:)`` before the tick it belongs to, its time the tick's
/// (tick t at t / 120 s), so the scene is a deterministic golden like any other.
struct PointerScript {
    private(set) var events: [Int: [PointerEvent]] = [:]

    private mutating func add(_ id: Int, _ phase: PointerPhase, _ at: Point, tick: Int) {
        events[tick, default: []].append(PointerEvent(pointer: id, phase: phase, location: at, time: Double(tick) / 120))
    }

    /// A stroke of pointer `id`: down at `from` before tick `start`, a move every tick along the
    /// straight line to `to` (`moves` of them, at constant speed), then — after resting `hold`
    /// ticks where it is (a rest of 5 ticks, 42 ms, releases at zero velocity) — lifted.
    mutating func stroke(_ id: Int = 1, from: Point, to: Point, start: Int, moves: Int, hold: Int = 0) {
        drag(id, through: [from, to], start: start, moves: [moves], hold: hold)
    }

    /// A stroke along a path: down at `points[0]` before tick `start`, then straight to each
    /// next point in turn at constant speed, `moves[i]` moves for leg `i` (a finger that goes
    /// out and comes back), resting `hold` ticks at the end before it lifts.
    mutating func drag(_ id: Int = 1, through points: [Point], start: Int, moves: [Int], hold: Int = 0) {
        add(id, .began, points[0], tick: start)
        var tick = start
        for (leg, count) in moves.enumerated() {
            let (from, to) = (points[leg], points[leg + 1])
            for k in 1...count {
                let f = Float(k) / Float(count)
                add(id, .moved, Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), tick: tick + k)
            }
            tick += count
        }
        add(id, .ended, points[moves.count], tick: tick + 1 + hold)
    }

    /// A tap of pointer `id` at `at`: down before tick `start`, lifted `hold` ticks later
    /// without moving (a finger's tap lasts about 50–100 ms: 6–12 ticks).
    mutating func tap(_ id: Int = 1, at: Point, start: Int, hold: Int = 6) {
        add(id, .began, at, tick: start)
        add(id, .ended, at, tick: start + hold)
    }

    /// Sends the events of `tick` and keeps where each pointer down is in `cast`.
    func feed(_ world: World, tick: Int, cast: inout Cast) throws {
        for event in events[tick] ?? [] {
            try world.pointer(event)
            switch event.phase {
            case .began, .moved: cast.pointers[event.pointer] = event.location
            case .ended, .cancelled: cast.pointers[event.pointer] = nil
            }
        }
    }
}

/// A list's rows: `count` rounded rows `pitch` apart in `list`, coloured in runs of the pastels,
/// each with a darker line of "text".
private func rows(_ count: Int, pitch: Float, top: Float = 0, in list: Entity, _ world: World, _ cast: inout Cast) throws -> [Entity] {
    var rows: [Entity] = []
    for k in 0..<count {
        let row = try world.spawnView(frame: Rect(x: 12, y: top + Float(k) * pitch + 6, width: 366, height: pitch - 12), cornerRadius: 10, in: list)
        cast.fills[row] = pastels[k % pastels.count]
        let text = try world.spawnView(frame: Rect(x: 16, y: (pitch - 12) / 2 - 7, width: k % 3 == 0 ? 200 : 150, height: 14), cornerRadius: 4, in: row)
        cast.fills[text] = "#7f8799"
        rows.append(row)
    }
    return rows
}

func inputFlingScene() -> Scene {
    var input = PointerScript()
    input.stroke(from: Point(x: 200, y: 620), to: Point(x: 200, y: 380), start: 10, moves: 12)      // 2,400 pt/s
    input.stroke(from: Point(x: 200, y: 640), to: Point(x: 200, y: 340), start: 200, moves: 10)     // 3,600 pt/s
    return Scene(name: "input-fling", title: "Input: a fling of a long list, its glide and the rubber band at its end",
          caption: "A flick (tick 10) and the list glides on with UIScrollView's deceleration; a second touch (200) stops the glide and flicks harder: the list overshoots its end and springs back.",
          summary: "Raw pointer events only, sampled at 120 Hz and sent with World.pointer: the list (a clipped scroll view of 40 rows) follows the finger 1:1 after the 10 pt slop, and the release hands the velocity tracker's least-squares velocity (2,400 pt/s) to the glide, v(t) = v₀·0.998^(1000t), resting at x₀ − v₀/(1000·ln 0.998). At tick 200 a touch lands on the still-gliding list: it stops (no tap) and flicks at 3,600 pt/s; the glide crosses the content's end and hands its velocity to the critically damped bounce spring back to the edge. The dot is the finger; its trail, its last 12 ticks.",
          stage: Size(width: 390, height: 760), ticks: 480, markers: [10, 23, 200, 211],
          setUp: { world in
              var cast = Cast()
              let list = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 760))
              try world.setClipsToBounds(true, of: list)
              cast.fills[list] = "#ffffff"
              let all = try rows(40, pitch: 90, in: list, world, &cast)
              try world.makeScrollView(list, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 3600), axes: .vertical))
              cast.views = [list]
              cast.plotted = [(all[0], "first row", blue), (all[39], "last row", purple)]
              return cast
          },
          script: { world, tick, cast in try input.feed(world, tick: tick, cast: &cast) })
}

func inputPagingScene() -> Scene {
    var input = PointerScript()
    for start in [20, 130, 240] {                                                                     // three flicks left: pages 2, 3, 4
        input.stroke(from: Point(x: 300, y: 250), to: Point(x: 220, y: 250), start: start, moves: 8)
    }
    input.stroke(from: Point(x: 90, y: 250), to: Point(x: 170, y: 250), start: 350, moves: 8)        // a flick right: page 3
    input.stroke(from: Point(x: 330, y: 250), to: Point(x: 110, y: 250), start: 460, moves: 44, hold: 8)   // a slow drag, let go: page 4
    return Scene(name: "input-paging", title: "Input: a paging scroll view flicked page by page",
          caption: "Three flicks left (ticks 20, 130, 240) each move one page; a flick right (350) one page back; a slow drag past half a page, let go at rest (460), goes on to the page that shows most.",
          summary: "A horizontal scroll view with isPagingEnabled, five pages, driven by raw pointer events. A release goes to the page nearest its glide's rest point, at most one page from where the drag began (UIKit's pager), and the bounce spring carries the release velocity there; the slow drag ends at rest, so the page more than half of which shows wins.",
          stage: Size(width: 390, height: 500), ticks: 620, markers: [20, 130, 240, 350, 460],
          setUp: { world in
              var cast = Cast()
              let pager = try world.spawnView(frame: Rect(x: 0, y: 60, width: 390, height: 380))
              try world.setClipsToBounds(true, of: pager)
              cast.fills[pager] = "#ffffff"
              var pages: [Entity] = []
              for k in 0..<5 {
                  let page = try world.spawnView(frame: Rect(x: Float(k) * 390 + 16, y: 16, width: 358, height: 348), cornerRadius: 18, in: pager)
                  cast.fills[page] = palette[k]
                  for line in 0...k {                                                                   // page k + 1 shows k + 1 bars
                      let bar = try world.spawnView(frame: Rect(x: 24, y: 24 + Float(line) * 34, width: 120, height: 20), cornerRadius: 5, in: page)
                      cast.fills[bar] = "#ffffff"
                  }
                  pages.append(page)
              }
              try world.makeScrollView(pager, configuration: ScrollViewConfiguration(contentSize: Size(width: 5 * 390, height: 380),
                                                                                     axes: .horizontal, isPagingEnabled: true))
              cast.views = [pager]
              cast.plotted = [(pages[0], "page 1", blue), (pages[2], "page 3", purple)]
              return cast
          },
          script: { world, tick, cast in try input.feed(world, tick: tick, cast: &cast) })
}

func inputCarouselScene() -> Scene {
    var input = PointerScript()
    input.stroke(from: Point(x: 200, y: 420), to: Point(x: 200, y: 300), start: 90, moves: 40, hold: 8)   // vertical, on the carousel: the list
    input.stroke(from: Point(x: 320, y: 300), to: Point(x: 240, y: 300), start: 200, moves: 10)           // horizontal: the carousel glides
    input.stroke(from: Point(x: 120, y: 300), to: Point(x: 280, y: 300), start: 330, moves: 10)           // back: past its leading edge, a bounce
    input.stroke(from: Point(x: 6, y: 300), to: Point(x: 246, y: 300), start: 520, moves: 16)             // from the edge: the stack's pop
    return Scene(name: "input-carousel", title: "Input: a carousel in a list in a navigation stack — who owns the touch",
          caption: "A vertical drag on the carousel scrolls the list (tick 90); a horizontal one the carousel (200, and back past its edge at 330); at its leading edge a rightward drag from the screen's edge goes to the stack: the interactive pop (520).",
          summary: "The pushed screen holds a vertical list (a scroll view) holding a horizontal carousel (a scroll view); the stack pops from a 20 pt edge drag. The axis locks after 10 pt of travel; the innermost scroll view that can move that way takes the pan. The vertical drag starts on the carousel, which cannot scroll vertically: the list takes it. The horizontal flicks go to the carousel; the one back overshoots its leading edge and bounces. Once the carousel rests at its leading edge, a rightward drag from the edge strip is declined by it and taken by the stack, whose pan drives the pop (progress = travel ÷ width) and, released at speed, finishes it.",
          stage: Size(width: 390, height: 760), ticks: 660, markers: [0, 90, 200, 330, 520],
          setUp: { world in
              var cast = Cast()
              let bounds = Rect(x: 0, y: 0, width: 390, height: 760)
              let root = try world.spawnView(frame: bounds)
              cast.fills[root] = "#eef0f4"
              let rootBar = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 60), in: root)
              cast.fills[rootBar] = "#1d2330"
              _ = try rows(7, pitch: 100, top: 70, in: root, world, &cast)
              let stack = try world.spawnNavigationStack(frame: bounds, root: root)
              cast.fills[stack] = "#eef0f4"
              let screen = try world.spawnScreen(for: stack)
              cast.fills[screen] = "#ffffff"
              let bar = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 60), in: screen)
              try world.setZIndex(1, of: bar)
              cast.fills[bar] = "#1d2330"
              let back = try world.spawnView(frame: Rect(x: 12, y: 20, width: 60, height: 28), cornerRadius: 14, in: bar)
              cast.fills[back] = "#3a4256"
              let list = try world.spawnView(frame: Rect(x: 0, y: 60, width: 390, height: 700), in: screen)
              try world.setClipsToBounds(true, of: list)
              cast.fills[list] = "#ffffff"
              _ = try rows(2, pitch: 90, in: list, world, &cast)
              let carousel = try world.spawnView(frame: Rect(x: 0, y: 190, width: 390, height: 200), in: list)
              try world.setClipsToBounds(true, of: carousel)
              cast.fills[carousel] = "#f4f5f8"
              var cards: [Entity] = []
              for k in 0..<6 {
                  let card = try world.spawnView(frame: Rect(x: Float(k) * 200 + 10, y: 10, width: 180, height: 180), cornerRadius: 14, in: carousel)
                  cast.fills[card] = palette[k]
                  cards.append(card)
              }
              _ = try rows(14, pitch: 90, top: 400, in: list, world, &cast)
              try world.makeScrollView(list, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 1660), axes: .vertical))
              try world.makeScrollView(carousel, configuration: ScrollViewConfiguration(contentSize: Size(width: 1210, height: 200), axes: .horizontal))
              cast.views = [stack, screen]
              cast.plotted = [(carousel, "carousel", orange), (cards[0], "first card", blue), (screen, "pushed screen", purple)]
              return cast
          },
          script: { world, tick, cast in
              if tick == 0 { try world.push(cast.views[1], onto: cast.views[0]) }
              try input.feed(world, tick: tick, cast: &cast)
          })
}

func inputHeaderScene() -> Scene {
    var input = PointerScript()
    input.stroke(from: Point(x: 200, y: 400), to: Point(x: 200, y: 360), start: 20, moves: 40, hold: 8)   // a slow drag up, let go at rest
    input.stroke(from: Point(x: 200, y: 450), to: Point(x: 200, y: 330), start: 150, moves: 8)           // a flick up: the glide
    input.stroke(from: Point(x: 200, y: 200), to: Point(x: 200, y: 440), start: 380, moves: 10)          // a flick down: back past the top
    return Scene(name: "input-header", title: "Input: a flowing header driven by its scroll view",
          caption: "The screen is a scroll view: a slow drag of 40 pt (tick 20), let go at rest, flows the title part-way into the bar and leaves it there, a flick (150) all the way as the list glides, a flick down (380) brings the content back past its top, and the title with it.",
          summary: "The screen itself is a scroll view and carries a flowing header (no snapping): no reportScroll — each tick the header reads the scroll view's offset from the top of its content and its phase (interacting while dragged, decelerating while gliding or bouncing, idle) as a host's report would be. The bar is transparent, as iOS 26's: the rows scroll on under the title once it sits in the bar. The title is a part of the header, placed against the content offset, so it stays where the header puts it while the rows scroll.",
          stage: Size(width: 390, height: 600), ticks: 640, markers: [20, 150, 380],
          setUp: { world in
              var cast = Cast()
              let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
              cast.fills[screen] = "#f4f5f8"
              _ = try rows(24, pitch: 90, top: 150, in: screen, world, &cast)
              let titleView = try world.spawnView(frame: Rect(x: 20, y: 90, width: 220, height: 44), cornerRadius: 6)
              try world.setZIndex(2, of: titleView)
              cast.fills[titleView] = blue
              let header = try world.flowingHeader(on: screen, title: titleView, snappingBehavior: .none)
              try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 90, width: 220, height: 44),
                                                bar: Rect(x: 0, y: 10, width: 390, height: 50), barTitleSize: Size(width: 110, height: 22))
              try world.makeScrollView(screen, configuration: ScrollViewConfiguration(
                  contentSize: Size(width: 390, height: 2340), axes: .vertical))
              cast.views = [screen, header]
              cast.plotted = [(titleView, "title", blue)]
              return cast
          },
          script: { world, tick, cast in try input.feed(world, tick: tick, cast: &cast) })
}

/// The scenes recorded from scripted pointer input, in page order.
func inputScenes() -> [Scene] {
    [inputFlingScene(), inputPagingScene(), inputCarouselScene(), inputHeaderScene(), pushReversedScene(), swipeBackHeroScene(),
     zoomDragDismissScene(), dragDismissCancelledScene(), portalDragDismissScene()]
}
