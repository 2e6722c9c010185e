import Portal

// Scenes of a photo app driven by a finger (issue 26): a grid of photos in a scrolling list on
// the root screen of a navigation stack, and a detail screen whose image is the destination of
// the tapped photo's portal. `PhotoApp` builds the app and answers the finger as a host does —
// a tap on a photo pushes the detail with its photo flying in, the back button pops it, and a
// pop begun by the stack's own edge swipe sends the photo home with the finger — so a scene is
// its pointer script, its caption and what it plots. A scene with another push passes its own
// `transition` (a zoom out of the tapped cell: `{ .zoom(source: $0) }`, with `flies: false`),
// another dismissal (a drag on the image) adds its case to `respond`.

/// The photo app the finger-driven scenes share.
struct PhotoApp {
    static let stage = Size(width: 390, height: 760)
    static let bounds = Rect(x: 0, y: 0, width: stage.width, height: stage.height)
    static let barHeight: Float = 60
    static let photoCount = 24
    /// Photo `i` in the list's content space: three columns of 122-pt squares, 6 pt apart.
    static func photo(_ i: Int) -> Rect {
        Rect(x: 6 + Float(i % 3) * 128, y: 6 + Float(i / 3) * 128, width: 122, height: 122)
    }
    /// Photo `i`'s global frame while the list rests at its top, for aiming a scripted finger.
    static func photoOnScreen(_ i: Int) -> Rect {
        let f = photo(i)
        return Rect(x: f.minX, y: barHeight + f.minY, width: f.width, height: f.height)
    }
    /// The back button in the detail's bar, and the detail's image, in the detail screen.
    static let back = Rect(x: 12, y: 20, width: 60, height: 28)
    static let image = Rect(x: 0, y: barHeight, width: 390, height: 390)

    let stack: Entity, gallery: Entity, list: Entity, photos: [Entity]
    let detail: Entity, back: Entity, image: Entity
    /// The scenes' push and pop so far: a slide, ease-in-out 0.5 s, whatever the photo.
    static let slide: @Sendable (Entity) -> NavigationTransition = { _ in NavigationTransition.slide.animation(.easeInOut(duration: 0.5)) }
    /// The push and pop of the detail, given the tapped photo.
    let transition: (Entity) -> NavigationTransition
    /// Whether the tapped photo flies to the detail's image (a portal following the stack).
    let flies: Bool
    /// The photo's flight: it follows the stack, so it moves with the push, the pop and the
    /// finger, turns round with them, and lands when they end.
    let hero: PortalTransitionConfig
    /// The photo the detail shows.
    private(set) var shown: Int?
    /// A pointer that went down on the back button while the stack was moving (hit-testing
    /// names the busy stack then, so the app tests the button's drawn frame at the press).
    private var backPress: Int?

    /// Builds the app in `world`, its colours in `cast`; photo `highlight` is green, the others pastel.
    init(_ world: World, cast: inout Cast, highlight: Int, flies: Bool = true,
         transition: @escaping (Entity) -> NavigationTransition = PhotoApp.slide) throws {
        (self.flies, self.transition) = (flies, transition)
        gallery = try world.spawnView(frame: Self.bounds)
        cast.fills[gallery] = "#e6e9ef"
        list = try world.spawnView(frame: Rect(x: 0, y: Self.barHeight, width: Self.stage.width, height: Self.stage.height - Self.barHeight),
                                   in: gallery)
        try world.setClipsToBounds(true, of: list)
        cast.fills[list] = "#e6e9ef"
        var photos: [Entity] = []
        for i in 0..<Self.photoCount {
            let photo = try world.spawnView(frame: Self.photo(i), cornerRadius: 6, in: list)
            cast.fills[photo] = i == highlight ? green : pastels[i % pastels.count]
            try world.portal(photo, item: Photo(id: i), as: .source)
            photos.append(photo)
        }
        self.photos = photos
        let rows = Float((Self.photoCount + 2) / 3)
        try world.makeScrollView(list, configuration: ScrollViewConfiguration(contentSize: Size(width: Self.stage.width, height: rows * 128 + 6),
                                                                              axes: .vertical))
        let bar = try world.spawnView(frame: Rect(x: 0, y: 0, width: Self.stage.width, height: Self.barHeight), in: gallery)
        cast.fills[bar] = "#1d2330"
        let title = try world.spawnView(frame: Rect(x: 16, y: 22, width: 110, height: 20), cornerRadius: 5, in: bar)
        cast.fills[title] = "#e8eaf0"

        stack = try world.spawnNavigationStack(frame: Self.bounds, root: gallery)
        cast.fills[stack] = "#e6e9ef"
        detail = try world.spawnScreen(for: stack)
        cast.fills[detail] = "#ffffff"
        let detailBar = try world.spawnView(frame: Rect(x: 0, y: 0, width: Self.stage.width, height: Self.barHeight), in: detail)
        cast.fills[detailBar] = "#1d2330"
        back = try world.spawnView(frame: Self.back, cornerRadius: 14, in: detailBar)
        cast.fills[back] = "#5a6684"
        image = try world.spawnView(frame: Self.image, in: detail)
        for line in 0..<4 {
            let text = try world.spawnView(frame: Rect(x: 20, y: Self.image.maxY + 24 + Float(line) * 34, width: line == 3 ? 180 : 350, height: 18),
                                           cornerRadius: 4, in: detail)
            cast.fills[text] = "#c9cdd6"
        }
        var hero = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.45), delay: 0, duration: 0.45),
                                          corners: PortalCorners(source: 6, destination: 0, style: .continuous))
        hero.following = stack
        self.hero = hero
    }

    private func id(_ photo: Int) -> PortalID { PortalID(item: Photo(id: photo)) }

    /// Answers the last tick's events and the pointer events about to be sent, as the app's
    /// host: a tap on a photo pushes the detail with the photo flying in; a tap on the back
    /// button pops it (turning a running push round, the photo with it); a pop that starts
    /// while the photo rests on the detail (the stack's edge swipe) sends the photo home,
    /// following the finger.
    static func respond(_ world: World, _ cast: inout Cast, sending presses: [PointerEvent]) throws {
        guard var app = cast.app else { return }
        let moving = try world.navigationProgress(of: app.stack) != nil
        // A zoom's dimming view, which the stack makes: painted black, UIKit's dimming colour.
        if let dimming = try world.zoomDimmingView(of: app.stack) { cast.fills[dimming] = "#000000" }
        for event in cast.events {
            switch event {
            case let .tapped(tap) where tap.pointer == app.backPress:
                app.backPress = nil
                try world.pop(app.stack, transition: app.pushed)         // turns the push round; the photo follows
            case let .tapped(tap) where tap.hit?.entity == app.back && !moving:
                try app.popSendingPhotoHome(world)
            case let .tapped(tap):
                if let k = app.photos.firstIndex(where: { $0 == tap.hit?.entity }), !moving, try world.screens(of: app.stack).count == 1 {
                    app.shown = k
                    cast.fills[app.image] = cast.fills[app.photos[k]]
                    if app.flies {
                        try world.portal(app.image, item: Photo(id: k), as: .destination)
                        try world.portalTransition(id: app.id(k), isActive: true, config: app.hero)
                    }
                    try world.push(app.detail, onto: app.stack, transition: app.pushed)
                }
            case let .navigationWillStart(e) where e.stack == app.stack && e.operation == .pop:
                // A pop the app did not start (the edge swipe): the photo goes home with it.
                if let k = app.shown, app.flies, world.isPortalActive(app.id(k)) == true {
                    try world.portalTransition(id: app.id(k), isActive: false, config: app.hero)
                }
            default: break
            }
        }
        for press in presses where press.phase == .began && moving {
            if try world.presentation(of: app.back).globalFrame.contains(press.location) { app.backPress = press.pointer }
        }
        cast.app = app
    }

    /// The back button at rest: pops, the photo flying home with the pop.
    private func popSendingPhotoHome(_ world: World) throws {
        if let k = shown, flies { try world.portalTransition(id: id(k), isActive: false, config: hero) }
        try world.pop(stack, transition: pushed)
    }

    /// The transition of the shown photo's push, and of its pop.
    private var pushed: NavigationTransition { transition(photos[shown ?? 0]) }
}

/// A scene of the photo app: `highlight` is the photo the finger taps (green), and the script
/// sends `input`'s pointer events, the app answering them (`flies` and `transition` as
/// ``PhotoApp``'s); `host` makes the host's own calls at each tick (a scroll). Plotted: the detail screen, and the portal layer (green).
func photoAppScene(name: String, title: String, caption: String, summary: String, ticks: Int, markers: [Int],
                   highlight: Int, flies: Bool = true, transition: @escaping (Entity) -> NavigationTransition = PhotoApp.slide,
                   input: PointerScript, host: @escaping (World, Int, PhotoApp) throws -> Void = { _, _, _ in }) -> Scene {
    Scene(name: name, title: title, caption: caption, summary: summary, stage: PhotoApp.stage, ticks: ticks, markers: markers,
          setUp: { world in
              var cast = Cast(plotsLayer: true)
              let app = try PhotoApp(world, cast: &cast, highlight: highlight, flies: flies, transition: transition)
              cast.plotted = [(app.detail, "detail screen", purple)]
              cast.app = app
              return cast
          },
          script: { world, tick, cast in
              try PhotoApp.respond(world, &cast, sending: input.events[tick] ?? [])
              if let app = cast.app { try host(world, tick, app) }
              try input.feed(world, tick: tick, cast: &cast)
          })
}

/// Where the detail's back button's centre is drawn `k` ticks into the detail's push (the slide
/// of `PhotoApp`'s transition), for aiming a finger at it mid-push.
private func backButtonCentre(ticksIntoPush k: Int) -> Point {
    let progress = Float(UnitCurve.easeInOut.value(at: Double(k) / 60))
    return Point(x: PhotoApp.stage.width * (1 - progress) + PhotoApp.back.midX, y: PhotoApp.back.midY)
}

func pushReversedScene() -> Scene {
    let hero = 5, photo = PhotoApp.photoOnScreen(hero)
    let centre = Point(x: photo.midX, y: photo.midY)
    var input = PointerScript()
    input.tap(at: centre, start: 10)                                  // lifts at 16: the push starts at 17
    // The back button, mid-push: a quick tap (25 ms) aimed a little ahead of the sliding button,
    // which passes under the finger; the pop at 41.
    let back = backButtonCentre(ticksIntoPush: 20)
    input.tap(2, at: Point(x: back.x - 10, y: back.y), start: 37, hold: 3)
    input.tap(at: centre, start: 145)                                 // again, left alone: the whole push at 152
    return photoAppScene(
        name: "input-push-reversed", title: "Input: a push reversed mid-flight, the photo with it",
        caption: "A tap on the green photo pushes its detail as the photo flies in (tick 17); a tap on the back button a third of the way in (41) turns the push round from where it is — screen and photo together, without a stop; a second tap (152) plays the whole push.",
        summary: "A photo grid in a scrolling list on the root of a navigation stack; the detail's image is the destination of the tapped photo's portal, whose flight follows the stack (PortalTransitionConfig.following): every tick it is placed between the photo in the list and the image, both as drawn, mixed by the push's progress. A finger taps the photo: the app pushes the detail (slide, ease-in-out 0.5 s) and activates the portal. 24 ticks in, a third of the way (33 %), a second finger taps the back button as it slides in (hit-testing names the busy stack during a transition, so the app tests the button's drawn frame at the press) and the app pops. The pop turns the running push round instead of queueing behind it: the screens head back from where they are with their velocity, on the critically damped spring of the curve's duration, and the photo, tied to the push, shrinks back into its cell with them and lands as the push completes, cancelled. Plotted: the detail screen (purple) and the photo's layer (green) — at the turn (41) both bend smoothly, on the same tick; the layer's width peaks there at 224 pt and returns to the cell's 122. Then the same tap again, left alone, for the whole push.",
        ticks: 240, markers: [17, 41, 152], highlight: hero, input: input)
}

func swipeBackHeroScene() -> Scene {
    let hero = 6, photo = PhotoApp.photoOnScreen(hero)
    var input = PointerScript()
    input.tap(at: Point(x: photo.midX, y: photo.midY), start: 4)      // the push with the photo, at 11
    // From the edge, out 41 % and slowly back to 17 %, rested and lifted: under 20 % at rest, it cancels.
    input.drag(through: [Point(x: 6, y: 420), Point(x: 180, y: 430), Point(x: 86, y: 440)], start: 100, moves: [40, 50], hold: 8)
    // A flick from the edge: 160 pt in 10 ticks, lifted moving — it finishes.
    input.stroke(from: Point(x: 6, y: 420), to: Point(x: 166, y: 412), start: 260, moves: 10)
    return photoAppScene(
        name: "input-swipe-back-hero", title: "Input: a swipe-back with a shared photo, cancelled, then finished",
        caption: "An edge swipe (tick 100) pulls the detail back and the photo with it, out and slowly back, and lets go at rest under 20 %: both return (199). A flick from the edge (260) finishes the pop: the photo flies home into its cell with the screen.",
        summary: "The detail is pushed with its photo (the photo's portal follows the stack). From tick 100 a finger drags from the screen's leading edge: the stack takes the pan (the list under it cannot scroll sideways) and drives an interactive pop; the app, told the pop started (navigationWillStart), deactivates the portal, and the flight, following the pop, is placed between the image as drawn on the leaving detail and the cell as drawn on the returning grid, mixed by the pop's progress — the finger's travel since the 10 pt slop ÷ 390. The finger goes out to 41 % and slowly back to 17 %, rests 8 ticks and lifts at 199: velocity 0, progress 17 %, and UIKit's rule (above 675 pt/s, or 20 % and above −200 pt/s) cancels — screens and photo play their progress back in 7 ticks, the photo lands on the image and the portal is active again. At 260 a flick (160 pt in 10 ticks, about 1,900 pt/s) releases at 37 %: the pop finishes at 2.25× its speed and the photo lands in its cell on the tick the pop completes. Plotted: the detail screen (purple) and the photo's layer (green), which move together throughout.",
        ticks: 320, markers: [11, 100, 199, 260], highlight: hero, input: input)
}

/// The zoom of the photo app's detail out of the tapped photo: the detail's image lines up with
/// the photo (the alignment rect), its corners at the photo's 6 pt, a soft shadow while it flies,
/// the default dimming (black at 20 %) and drag to dismiss in any direction; a smooth spring.
private let photoZoom: @Sendable (Entity) -> NavigationTransition = { photo in
    NavigationTransition.zoom(source: photo, options: ZoomOptions(alignmentRect: PhotoApp.image, shadowRadius: 10))
        .animation(.smooth(duration: 0.5))
}

func zoomDragDismissScene() -> Scene {
    let hero = 10, photo = PhotoApp.photoOnScreen(hero)
    var input = PointerScript()
    input.tap(at: Point(x: photo.midX, y: photo.midY), start: 6)      // lifts at 12: the zoom push at 13
    // The detail up, the grid scrolls behind it (the host: scroll(to:animated:) at 100). Then a
    // finger drags the detail down 150 pt in 15 ticks and lifts moving (about 1,200 pt/s).
    input.stroke(from: Point(x: 200, y: 330), to: Point(x: 220, y: 480), start: 150, moves: 15)
    return photoAppScene(
        name: "zoom-drag-dismiss", title: "Input: a zoom push, then a drag down shrinks the photo into its cell, scrolled meanwhile",
        caption: "A tap zooms the detail out of the green photo (13): its image grows from the photo, the cell empty, the grid dimming behind. The grid scrolls up under the detail (100). A drag down (150) moves the detail with the finger as it shrinks and the dimming fades; the flick zooms it into the cell where the cell is now (166).",
        summary: "The photo app with the detail pushed by NavigationTransition.zoom(source: cell) on a smooth spring of 0.5 s, its alignment rect the detail's image (390 × 390 at y 60): at the start the image has the cell's width and centre, so the photo grows into the image; the source cell is hidden while the screen flies, and the stack's dimming view (painted black) fades in to 20 % behind it. At tick 100, the detail at rest, the host scrolls the grid 200 pt (scroll(to:animated:)): the green cell moves from y 450 to about 250, unseen. At 150 a finger presses on the detail and drags 150 pt down, 20 pt right: the stack's pan takes the drag on the zoomed screen — the screen's centre follows the finger 1:1, its scale falls from 1 towards 0.6 over a quarter of the stack's height (190 pt), the dimming fades by the same fraction. It lifts at 166 moving about 1,200 pt/s: projected 150 + 1,200 × 0.499 pt, beyond an eighth of the height (95 pt), so the pop finishes — from where the screen was let go to the zoom's placement at the cell's current frame, on the spring, starting at the finger's velocity along the path; the cell shows again as the pop completes. The screen is cropped from its image's rect at the cell's end to the whole screen at rest (the crop grows with the zoom, its corners rounded), so the push starts as the photo and the pop ends as the photo, with no jump between the cell and the screen. Plotted: the detail screen (purple).",
        ticks: 260, markers: [13, 100, 150, 166], highlight: hero, flies: false, transition: photoZoom, input: input,
        host: { world, tick, app in
            if tick == 100 { try world.scroll(app.list, to: Point(x: 0, y: 200), animated: true) }
        })
}

func dragDismissCancelledScene() -> Scene {
    let hero = 7, photo = PhotoApp.photoOnScreen(hero)
    var input = PointerScript()
    input.tap(at: Point(x: photo.midX, y: photo.midY), start: 6)      // the zoom push at 13
    // A short slow drag: 60 pt down over 40 ticks (180 pt/s), rested 10 ticks, lifted at rest.
    input.stroke(from: Point(x: 195, y: 300), to: Point(x: 195, y: 360), start: 110, moves: 40, hold: 10)
    // Then a flick: it dismisses.
    input.stroke(from: Point(x: 195, y: 300), to: Point(x: 195, y: 420), start: 250, moves: 10)
    return photoAppScene(
        name: "drag-dismiss-cancelled", title: "Input: a drag to dismiss released early, cancelled; then a flick that dismisses",
        caption: "The detail zoomed out of the green photo (13) is dragged down slowly (110): it shrinks with the finger and the grid shows through the fading dimming; held still and let go after 60 pt (161), it springs back to fill the screen. A flick (250) dismisses it into its cell.",
        summary: "The photo app with the detail pushed by a zoom out of the green cell (alignment rect: the image; smooth spring of 0.5 s). At 110 a finger drags the detail 60 pt down over 40 ticks: the screen follows 1:1 and shrinks to 1 − 0.4 × 60 / 190 ≈ 0.87 of its size, the dimming fading by the same fraction. It rests 10 ticks and lifts at 161 with no velocity: projected travel 60 pt, under an eighth of the stack's height (95 pt), so the drag cancels — the screen goes from where it was let go back to rest, translation, scale, radius and dimming together on the spring, and the zoom completes as cancelled: the detail stays. At 250 a flick of 120 pt in 10 ticks (about 1,400 pt/s) dismisses it: the screen zooms into the cell. Plotted: the detail screen (purple).",
        ticks: 340, markers: [13, 110, 161, 250], highlight: hero, flies: false, transition: photoZoom, input: input)
}

/// The photo app's grid with a photo viewer over it instead of a pushed detail: a black backdrop
/// and the photo's large image, the destination of the tapped photo's portal, whose flight has
/// drag to dismiss. The script answers as the host: a tap on the photo shows the viewer (the
/// backdrop fades in as the photo flies); the photo landing home hides it.
func portalDragDismissScene() -> Scene {
    let hero = 9, photo = PhotoApp.photoOnScreen(hero)
    let viewerImage = Rect(x: 0, y: 185, width: 390, height: 390)
    var input = PointerScript()
    input.tap(at: Point(x: photo.midX, y: photo.midY), start: 6)      // lifts at 12: the flight at 13
    // The viewer up, the grid scrolls behind it (the host, at 100); then a flick down on the
    // photo: 160 pt in 14 ticks, lifted moving.
    input.stroke(from: Point(x: 190, y: 360), to: Point(x: 180, y: 520), start: 150, moves: 14)
    return Scene(
        name: "portal-drag-dismiss", title: "Input: a portal's destination dragged down flies home into its cell, scrolled meanwhile",
        caption: "A tap flies the green photo into a viewer over a black backdrop (13). The grid scrolls behind it (100). A drag down (150) takes the photo with the finger, shrinking it as the backdrop fades and the grid shows; the flick (164) flies it home to its cell where the cell is now.",
        summary: "The photo grid of the photo app (no push): over it, a black backdrop view and a 390 × 390 image, the destination of the tapped photo's portal. On the tap the app shows both, fades the backdrop in and activates the portal with dragToDismiss (PortalDragDismiss(backdrop:), style .down, the curve 1 → 0.6 over a quarter of the container's height, 190 pt): the photo flies from its cell to the image. At 100 the host scrolls the grid 128 pt (scroll(to:animated:)) behind the viewer. At 150 a finger presses on the image and drags down: the destination is hidden and the portal's layer follows the finger 1:1, its scale falling from 1 towards 0.6, its corners growing towards the cell's 6 pt, the backdrop's opacity 1 − p. It lifts at 164 moving about 1,370 pt/s: projected travel far beyond an eighth of the height (95 pt), so the layer flies home on the portal's spring, starting at the finger's velocity, to the cell's frame as drawn each tick — one row higher than where it started — and the backdrop fades to 0; on the landing the app hides the viewer. Plotted: the portal layer (green).",
        stage: PhotoApp.stage, ticks: 240, markers: [13, 100, 150, 164],
        setUp: { world in
            var cast = Cast(plotsLayer: true)
            let app = try PhotoApp(world, cast: &cast, highlight: hero, flies: false)
            let backdrop = try world.spawnView(frame: PhotoApp.bounds, opacity: 0)
            cast.fills[backdrop] = "#000000"
            let image = try world.spawnView(frame: viewerImage)
            cast.fills[image] = green
            for view in [backdrop, image] { try world.setHidden(true, of: view) }
            try world.portal(image, item: Photo(id: hero), as: .destination)
            cast.views = [app.list, app.photos[hero], backdrop, image]
            return cast
        },
        script: { world, tick, cast in
            let (list, cell, backdrop, image) = (cast.views[0], cast.views[1], cast.views[2], cast.views[3])
            var config = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.45), delay: 0, duration: 0.45),
                                                corners: PortalCorners(source: 6, destination: 0, style: .continuous))
            config.dragToDismiss = PortalDragDismiss(backdrop: backdrop)
            for event in cast.events {
                switch event {
                case let .tapped(tap) where tap.hit?.entity == cell:
                    for view in [backdrop, image] { try world.setHidden(false, of: view) }
                    try world.animate(backdrop, to: ViewProperties(opacity: 1), with: .smooth(duration: 0.45))
                    try world.portalTransition(id: PortalID(item: Photo(id: hero)), isActive: true, config: config)
                case let .portalDidComplete(landing) where landing.direction == .reverse:
                    for view in [backdrop, image] { try world.setHidden(true, of: view) }
                default: break
                }
            }
            if tick == 100 { try world.scroll(list, to: Point(x: 0, y: 128), animated: true) }
            try input.feed(world, tick: tick, cast: &cast)
        })
}
