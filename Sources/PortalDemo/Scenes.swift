import Portal

/// What a scene created: the views its script drives, what to plot, and how to draw them.
struct Cast {
    /// The views the script refers to, by index.
    var views: [Entity] = []
    /// Views whose values are plotted: entity, label, colour.
    var plotted: [(Entity, String, String)] = []
    /// Also plot the first portal layer in the overlay (green).
    var plotsLayer = false
    /// Debug boxes around portal anchors: entity, outline colour (sources blue, destinations orange).
    var anchors: [(Entity, String)] = []
    /// Fill colour by content entity: a layer is filled like the view it stands in for.
    var fills: [Entity: String] = [:]
    /// Where each pointer the script holds down is, by pointer id (``PointerScript`` keeps it).
    var pointers: [Int: Point] = [:]
    /// The events the last tick reported, for a script that reacts as a host does (a tap pushes
    /// a screen); both runners (`record` and `trace`) hand them over before each script call.
    var events: [WorldEvent] = []
    /// The photo app of the scenes built on ``PhotoApp``.
    var app: PhotoApp?
}

/// A demo scene: a world configuration, a cast, a script of host calls keyed by tick.
struct Scene {
    let name: String
    let title: String
    /// One line: what to watch.
    let caption: String
    let summary: String
    /// The size of the stage the views move on, in points.
    let stage: Size
    /// The ticks the script runs for; the world then runs on, untouched, until it is idle
    /// (``settleLimit`` more at most), so a scene ends with its motion settled.
    let ticks: Int
    /// Ticks at which the script changes course, marked on the plots.
    let markers: [Int]
    var configuration = World.Configuration()
    let setUp: (World) throws -> Cast
    /// Host calls to make before the given tick runs; a call that changes what a view shows
    /// (a carousel's photo) also changes its fill in the cast.
    let script: (World, Int, inout Cast) throws -> Void

    /// How many ticks past ``ticks`` a scene may run on to settle: 5 s.
    static let settleLimit = 600

    /// Whether the runner ticks `tick` (counted from 0): every tick of the script, then on while
    /// the world is not idle, up to ``settleLimit`` more. Both runners (`record` and `trace`)
    /// ask it, so a scene's trace holds every tick its page draws.
    func runs(_ tick: Int, _ world: World) -> Bool {
        tick < ticks || (tick < ticks + Scene.settleLimit && !world.isIdle)
    }
}

let blue = "#2f6fde", orange = "#e07b24", purple = "#8a3fd1", green = "#22a34a", sourceBlue = "#1f5fff", destinationOrange = "#ff8a00"
let palette = ["#2f6fde", "#e0a624", "#8a3fd1", "#d13f6a", "#3fb6d1", "#6ab04c"]

/// One view animated in frame, radius and opacity, then retargeted mid-flight.
func retargetScene(name: String, title: String, caption: String, animation: Animation, note: String) -> Scene {
    Scene(name: name, title: title, caption: caption,
          summary: "A card moves from the top-left towards the bottom-right, growing its corner radius and fading to 40 %. At tick 36 (0.3 s) it is retargeted to the bottom-left. \(note)",
          stage: Size(width: 420, height: 300), ticks: 240, markers: [36],
          setUp: { world in
              let card = try world.spawnView(frame: Rect(x: 20, y: 30, width: 90, height: 90), cornerRadius: 6)
              return Cast(views: [card], plotted: [(card, "card", blue)])
          },
          script: { world, tick, cast in
              switch tick {
              case 0:
                  try world.animate(cast.views[0], to: ViewProperties(frame: Rect(x: 290, y: 170, width: 110, height: 110),
                                                                      cornerRadius: 40, opacity: 0.4), with: animation)
              case 36:
                  try world.animate(cast.views[0], to: ViewProperties(frame: Rect(x: 30, y: 200, width: 160, height: 80),
                                                                      cornerRadius: 10, opacity: 1), with: animation)
              default: break
              }
          })
}

func sideBySideScene() -> Scene {
    Scene(
        name: "side-by-side", title: "Spring, ease-in-out and bouncy, side by side",
        caption: "Watch tick 30: the springs turn round carrying their speed; the orange curve stops dead and eases out again from where it was.",
        summary: "The same script on three cards at once: each moves right and fades, and at tick 30 — the ease-in-out curve half way, the springs further — is sent back towards the start. The spring (blue) and the bouncy spring (purple) turn round with their velocity; the curve (orange) restarts from where it is, at rest, and eases in again.",
        stage: Size(width: 420, height: 300), ticks: 150, markers: [30],
        setUp: { world in
            let cards = try [20, 115, 210].map { y in try world.spawnView(frame: Rect(x: 10, y: Float(y), width: 70, height: 70), cornerRadius: 8) }
            return Cast(views: cards, plotted: [(cards[0], "smooth spring", blue), (cards[1], "easeInOut", orange), (cards[2], "bouncy", purple)])
        },
        script: { world, tick, cast in
            let animations: [Animation] = [.smooth, .easeInOut(duration: 0.5), .bouncy]
            for (i, view) in cast.views.enumerated() {
                let y: Float = [20, 115, 210][i]
                if tick == 0 {
                    try world.animate(view, to: ViewProperties(frame: Rect(x: 330, y: y, width: 70, height: 70), cornerRadius: 35, opacity: 0.3),
                                      with: animations[i])
                } else if tick == 30 {
                    try world.animate(view, to: ViewProperties(frame: Rect(x: 60, y: y, width: 70, height: 70), cornerRadius: 8, opacity: 1),
                                      with: animations[i])
                }
            }
        })
}

// MARK: - Portals

/// A 2 × 3 grid of cards and a detail view; card `hero` is the portal's source.
func cardGrid(_ world: World, hero: Int, id: PortalID = "hero") throws -> Cast {
    var cast = Cast(plotsLayer: true)
    for i in 0..<6 {
        let card = try world.spawnView(frame: Rect(x: 20 + Float(i % 3) * 125, y: 20 + Float(i / 3) * 140, width: 110, height: 125), cornerRadius: 8)
        cast.views.append(card)
        cast.fills[card] = palette[i]
    }
    let detail = try world.spawnView(frame: Rect(x: 10, y: 310, width: 380, height: 280), cornerRadius: 16)
    cast.views.append(detail)
    cast.fills[detail] = palette[hero]
    try world.portal(cast.views[hero], id: id, as: .source)
    try world.portal(detail, id: id, as: .destination)
    cast.anchors = [(cast.views[hero], sourceBlue), (detail, destinationOrange)]
    return cast
}

let heroConfig = PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.45), delay: 0.06, duration: 0.45),
                                        corners: PortalCorners(source: 8, destination: 16, style: .continuous))

/// Sends the hero card to the detail view at tick 0 and back at `returnTick`.
func heroScript(returnTick: Int) -> (World, Int, inout Cast) throws -> Void {
    { world, tick, _ in
        if tick == 0 { try world.portalTransition(id: "hero", isActive: true, config: heroConfig) }
        if tick == returnTick { try world.portalTransition(id: "hero", isActive: false, config: heroConfig) }
    }
}

func heroScene() -> Scene {
    Scene(name: "hero", title: "Portal: card grid → detail",
          caption: "The cyan card (card 5) lifts into the overlay, flies and grows into the detail view (corner radius 8 → 16), and flies back at tick 160.",
          summary: "Card 5 flies from the grid into the detail view on a smooth spring, its corner radius going from 8 to 16, in the overlay above every app view; at tick 160 it flies back. Debug boxes as in the original's overlays: source blue, destination orange, layer green (dashed when hidden). Exactly one of source, layer and destination is drawn on every tick.",
          stage: Size(width: 400, height: 600), ticks: 300, markers: [0, 160],
          setUp: { world in try cardGrid(world, hero: 4) },
          script: heroScript(returnTick: 160))
}

func reversalScene() -> Scene {
    Scene(name: "reversal", title: "Portal: reversed mid-flight, twice",
          caption: "The yellow card is called back at tick 22 and sent again at tick 40: each turn starts where the layer is, without a jump.",
          summary: "The card is sent to the detail view on a bouncy spring, called back at tick 22 and sent again at tick 40. Each turn starts from where the layer is, with its velocity: no jump, no kink, no stale layer.",
          stage: Size(width: 400, height: 600), ticks: 240, markers: [0, 22, 40],
          setUp: { world in try cardGrid(world, hero: 1) },
          script: { world, tick, _ in
              let config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.bouncy(duration: 0.5), delay: 0),
                                                  corners: PortalCorners(source: 8, destination: 16))
              switch tick {
              case 0, 40: try world.portalTransition(id: "hero", isActive: true, config: config)
              case 22: try world.portalTransition(id: "hero", isActive: false, config: config)
              default: break
              }
          })
}

struct Photo: Identifiable { let id: Int }

func photosScene() -> Scene {
    Scene(name: "photos", title: "Portal: photo grid driven by an optional item, with a carousel transfer",
          caption: "Photo 2 flies into the viewer; at tick 130 the viewer swipes to photo 3 (it turns purple, yellow photo 2 returns to the grid); at 170 photo 3 flies home.",
          summary: "Selecting photo 2 flies it into the viewer (item-driven: portalTransition(item:)). At tick 130 the viewer swipes to photo 3: the presentation transfers without a fly-back — photo 2 reappears in the grid, photo 3 leaves it. At tick 170 the selection is cleared (nil) and the last item, photo 3, flies home.",
          stage: Size(width: 400, height: 600), ticks: 300, markers: [0, 130, 170],
          setUp: { world in
              var cast = Cast(plotsLayer: true)
              for i in 0..<6 {
                  let cell = try world.spawnView(frame: Rect(x: 20 + Float(i % 3) * 125, y: 20 + Float(i / 3) * 125, width: 110, height: 110), cornerRadius: 4)
                  try world.portal(cell, item: Photo(id: i), as: .source)
                  cast.views.append(cell)
                  cast.fills[cell] = palette[i]
              }
              let viewer = try world.spawnView(frame: Rect(x: 0, y: 290, width: 400, height: 300))
              cast.views.append(viewer)
              cast.fills[viewer] = palette[1]
              try world.portal(viewer, item: Photo(id: 1), as: .destination)
              cast.anchors = [(cast.views[1], sourceBlue), (cast.views[2], sourceBlue), (viewer, destinationOrange)]
              return cast
          },
          script: { world, tick, cast in
              let config = PortalTransitionConfig(animation: PortalAnimation(.snappy(duration: 0.4), duration: 0.4),
                                                  corners: PortalCorners(source: 4, destination: 0))
              switch tick {
              case 0: try world.portalTransition(item: Photo(id: 1), config: config)
              case 130:
                  try world.portal(cast.views[6], item: Photo(id: 2), as: .destination)
                  cast.fills[cast.views[6]] = palette[2]   // the viewer now shows photo 3
                  try world.portalTransition(item: Photo(id: 2), config: config)
              case 170: try world.portalTransition(item: Photo?.none, config: config)
              default: break
              }
          })
}

func stackScene() -> Scene {
    Scene(name: "stack", title: "Portal: a staggered group",
          caption: "Four cards leave 0.08 s apart, each scaled by 1.1 with a soft shadow while it flies; at tick 170 they return in the same order.",
          summary: "Four cards fly into a stack as one group, 0.08 s apart, each with a scale effect of 1.1 and a shadow while active; at tick 170 they fly back in the same order. One group completion event follows the last member.",
          stage: Size(width: 400, height: 600), ticks: 400, markers: [0, 170],
          setUp: { world in
              var cast = Cast(plotsLayer: true)
              for i in 0..<4 {
                  let card = try world.spawnView(frame: Rect(x: 20 + Float(i) * 95, y: 30, width: 80, height: 100), cornerRadius: 6)
                  let slot = try world.spawnView(frame: Rect(x: 90 + Float(i) * 14, y: 300 + Float(i) * 40, width: 220, height: 150), cornerRadius: 14)
                  try world.portal(card, id: PortalID("card\(i)"), as: .source)
                  try world.portal(slot, id: PortalID("card\(i)"), as: .destination)
                  try world.setZIndex(Int32(i), of: slot)
                  cast.views.append(card)
                  cast.fills[card] = palette[i]
                  cast.fills[slot] = palette[i]
                  cast.anchors += [(card, sourceBlue), (slot, destinationOrange)]
              }
              return cast
          },
          script: { world, tick, _ in
              let config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.smooth(duration: 0.5), delay: 0),
                                                  corners: PortalCorners(source: 6, destination: 14), effects: [.scale(1.1), .shadowRadius(12)])
              let ids = (0..<4).map { PortalID("card\($0)") }
              if tick == 0 { try world.portalTransition(ids: ids, groupID: "stack", isActive: true, config: config, staggerDelay: 0.08) }
              if tick == 170 { try world.portalTransition(ids: ids, groupID: "stack", isActive: false, config: config, staggerDelay: 0.08) }
          })
}

func reduceMotionScene() -> Scene {
    var scene = Scene(name: "reduce-motion", title: "Portal: reduced motion",
                      caption: "Nothing flies: the card fades out in the grid while the detail fades in, 0.2 s, and back at tick 80.",
                      summary: "The hero transition with World.Configuration(reduceMotion: true): no flight — the card fades out where it is while the detail fades in where it is, in 0.2 s. The green layers are the two halves of the cross-fade.",
                      stage: Size(width: 400, height: 600), ticks: 160, markers: [0, 80],
                      setUp: { world in try cardGrid(world, hero: 4) },
                      script: heroScript(returnTick: 80))
    scene.configuration.reduceMotion = true
    return scene
}

/// Every built-in scene, in page order.
func allScenes() -> [Scene] {
    [
        retargetScene(name: "spring", title: "Spring, interrupted and retargeted",
                      caption: "At tick 36 the card turns towards the bottom-left in a smooth curve, keeping its speed.", animation: .smooth(duration: 0.5),
                      note: "A smooth spring keeps its presented value and velocity, so the turn is a curve, not a corner."),
        retargetScene(name: "ease-in-out", title: "Ease-in-out, interrupted and retargeted",
                      caption: "At tick 36 the card stops short and eases out of the turn: a timing curve keeps no velocity.", animation: .easeInOut(duration: 0.5),
                      note: "A timing curve restarts from the presented value: the motion eases out of the turn again."),
        retargetScene(name: "bouncy", title: "Bouncy spring, interrupted and retargeted",
                      caption: "The card overshoots and rings down; the turn at tick 36 carries its velocity.", animation: .bouncy,
                      note: "A bouncy spring overshoots its target and rings down; the retarget carries its velocity."),
        sideBySideScene(),
        heroScene(),
        reversalScene(),
        photosScene(),
        stackScene(),
        reduceMotionScene(),
    ] + navigationScenes() + headerScenes() + [popupScene(), appScene()] + inputScenes()
}
