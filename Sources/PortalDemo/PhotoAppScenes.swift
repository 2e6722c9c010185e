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
/// ``PhotoApp``'s). Plotted: the detail screen, and the portal layer (green).
func photoAppScene(name: String, title: String, caption: String, summary: String, ticks: Int, markers: [Int],
                   highlight: Int, flies: Bool = true, transition: @escaping (Entity) -> NavigationTransition = PhotoApp.slide,
                   input: PointerScript) -> Scene {
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
