import Portal

/// A demo scene: views, a script of host calls keyed by tick, and how long to run.
struct Scene {
    let name: String
    let title: String
    let summary: String
    /// The size of the stage the views move on, in points.
    let stage: Size
    let ticks: Int
    /// Ticks at which the script retargets, marked on the plots.
    let markers: [Int]
    /// Creates the views; returns the ones to plot, with a label and a colour each.
    let setUp: (World) throws -> [(Entity, String, String)]
    /// Host calls to make before the given tick runs.
    let script: (World, Int, [Entity]) throws -> Void
}

/// One view animated in frame, radius and opacity, then retargeted mid-flight.
func retargetScene(name: String, title: String, animation: Animation, note: String) -> Scene {
    Scene(name: name, title: title,
          summary: "A card moves from the top-left towards the bottom-right, growing its corner radius and fading to 40 %. At tick 36 (0.3 s) it is retargeted to the bottom-left. \(note)",
          stage: Size(width: 420, height: 300), ticks: 240, markers: [36],
          setUp: { world in
              [(try world.spawnView(frame: Rect(x: 20, y: 30, width: 90, height: 90), cornerRadius: 6), "card", "#2f6fde")]
          },
          script: { world, tick, views in
              switch tick {
              case 0:
                  try world.animate(views[0], to: ViewProperties(frame: Rect(x: 290, y: 170, width: 110, height: 110),
                                                                 cornerRadius: 40, opacity: 0.4), with: animation)
              case 36:
                  try world.animate(views[0], to: ViewProperties(frame: Rect(x: 30, y: 200, width: 160, height: 80),
                                                                 cornerRadius: 10, opacity: 1), with: animation)
              default: break
              }
          })
}

func sideBySideScene() -> Scene {
    Scene(
    name: "side-by-side", title: "Spring, ease-in-out and bouncy, side by side",
    summary: "The same script on three cards at once: each moves right and fades, and at tick 30 is sent back half way. The spring (blue) and the bouncy spring (purple) turn round with their velocity; the curve (orange) restarts from where it is.",
    stage: Size(width: 420, height: 300), ticks: 150, markers: [30],
    setUp: { world in
        [(try world.spawnView(frame: Rect(x: 10, y: 20, width: 70, height: 70), cornerRadius: 8), "smooth spring", "#2f6fde"),
         (try world.spawnView(frame: Rect(x: 10, y: 115, width: 70, height: 70), cornerRadius: 8), "easeInOut", "#e07b24"),
         (try world.spawnView(frame: Rect(x: 10, y: 210, width: 70, height: 70), cornerRadius: 8), "bouncy", "#8a3fd1")]
    },
    script: { world, tick, views in
        let animations: [Animation] = [.smooth, .easeInOut(duration: 0.5), .bouncy]
        for (i, view) in views.enumerated() {
            let y: Float = [20, 115, 210][i]
            if tick == 0 {
                try world.animate(view, to: ViewProperties(frame: Rect(x: 330, y: y, width: 70, height: 70), cornerRadius: 35, opacity: 0.3),
                                  with: animations[i])
            } else if tick == 30 {
                try world.animate(view, to: ViewProperties(frame: Rect(x: 170, y: y, width: 70, height: 70), cornerRadius: 8, opacity: 1),
                                  with: animations[i])
            }
        }
    })
}

/// Every built-in scene, in page order.
func allScenes() -> [Scene] { [
    retargetScene(name: "spring", title: "Spring, interrupted and retargeted",
                  animation: .smooth(duration: 0.5),
                  note: "A smooth spring keeps its presented value and velocity, so the turn is a curve, not a corner."),
    retargetScene(name: "ease-in-out", title: "Ease-in-out, interrupted and retargeted",
                  animation: .easeInOut(duration: 0.5),
                  note: "A timing curve restarts from the presented value: the motion eases out of the turn again."),
    retargetScene(name: "bouncy", title: "Bouncy spring, interrupted and retargeted",
                  animation: .bouncy,
                  note: "A bouncy spring overshoots its target and rings down; the retarget carries its velocity."),
    sideBySideScene(),
] }
