import Portal
import PortalDemoScenes

/// Three screens in a stack; the script pushes two and pops back, with one transition.
func navigationScene(name: String, title: String, caption: String, summary: String, transition: NavigationTransition) -> Scene {
    Scene(name: name, title: title, caption: caption, summary: summary, stage: Size(width: 400, height: 600), ticks: 200, markers: [0, 60, 120],
          setUp: { world in
              var cast = Cast()
              let frame = Rect(x: 20, y: 20, width: 360, height: 560)
              let screens = try (0..<3).map { _ in try world.spawnView(frame: frame, cornerRadius: 12) }
              for (i, screen) in screens.enumerated() {
                  cast.fills[screen] = palette[i]
                  if i > 0 { try world.setHidden(true, of: screen) }
              }
              let stack = try world.spawnNavigationStack(frame: frame, root: screens[0])
              cast.fills[stack] = "#f6f7f9"   // the stack's own view, behind its screens
              cast.views = screens + [stack]
              cast.plotted = [(screens[0], "root", palette[0]), (screens[1], "second", palette[1]), (screens[2], "third", palette[2])]
              return cast
          },
          script: { world, tick, cast in
              let stack = cast.views[3]
              switch tick {
              case 0:
                  try world.setHidden(false, of: cast.views[1])
                  try world.push(cast.views[1], onto: stack, transition: transition)
              case 60:
                  try world.setHidden(false, of: cast.views[2])
                  try world.push(cast.views[2], onto: stack, transition: transition)
              case 120:
                  try world.popToRoot(stack, transition: transition)
              default: break
              }
          })
}

/// A hand-written atomic transition: the arriving screen swings in about its top-leading corner
/// (its handler is in PortalDemoScenes, which the golden tests replay the scene's trace with).
let swing = AtomicTransition.custom("swing", swingHandler)

/// Content for a screen: a bar, rows, and a banner wider than the screen (clipped by its stack).
private func fillScreen(_ screen: Entity, width: Float, accent: String, in world: World, cast: inout Cast) throws {
    let bar = try world.spawnView(frame: Rect(x: 0, y: 0, width: width, height: 56), in: screen)
    cast.fills[bar] = "#1d2330"
    for row in 0..<5 {
        let cell = try world.spawnView(frame: Rect(x: 16, y: 76 + Float(row) * 70, width: width - 32, height: 56), cornerRadius: 10, in: screen)
        cast.fills[cell] = "#ffffff"
        let thumb = try world.spawnView(frame: Rect(x: 8, y: 8, width: 40, height: 40), cornerRadius: 6, in: cell)
        cast.fills[thumb] = accent
    }
    let banner = try world.spawnView(frame: Rect(x: width * 0.55, y: 440, width: width, height: 60), cornerRadius: 12, in: screen)
    cast.fills[banner] = "#f2c14e"
}

/// The interactive-pop scene's two stacks: side by side, 390 points wide, 20 apart, so each
/// clips its own screens with bare stage between them.
private func interactivePopStackFrame(_ side: Int) -> Rect {
    Rect(x: 20 + Float(side) * 410, y: 20, width: 390, height: 560)
}

func interactivePopScene() -> Scene {
    Scene(name: "interactive-pop", title: "Navigation: an interactive pop that finishes, next to one that cancels",
          caption: "From tick 30 a finger drags both top screens 45 % across; released at tick 60, the left one finishes the pop, the right one springs back.",
          summary: "The same swipe on two stacks side by side, 20 points apart, each clipping its screens (a stack is a container view, its screens its children, each with content children: a bar, rows with thumbnails, and a banner wider than the screen): from the leading edge, 45 % across over 0.25 s. The left one is released at +900 pt/s and finishes (faster than its animation, speed min(max(0.99, v/800), 2.25)); the right one at −300 pt/s and cancels — both screens, and everything on them, return exactly to rest. Nothing of one stack is ever drawn over the other.",
          stage: Size(width: 840, height: 600), ticks: 180, markers: [30, 60],
          setUp: { world in
              var cast = Cast()
              for side in 0..<2 {
                  let frame = interactivePopStackFrame(side)
                  let root = try world.spawnView(frame: .zero)   // the stack lays its screens out to fill it
                  let top = try world.spawnView(frame: .zero)
                  let stack = try world.spawnNavigationStack(frame: frame, root: root)
                  try world.setHidden(true, of: top)             // not drawn until pushed
                  cast.fills[stack] = "#ffffff"
                  cast.fills[root] = palette[0]
                  cast.fills[top] = palette[side == 0 ? 4 : 3]
                  try fillScreen(root, width: frame.width, accent: palette[1], in: world, cast: &cast)
                  try fillScreen(top, width: frame.width, accent: palette[side == 0 ? 2 : 5], in: world, cast: &cast)
                  cast.views += [root, top, stack]
              }
              cast.plotted = [(cast.views[1], "finishing", palette[4]), (cast.views[4], "cancelling", palette[3])]
              return cast
          },
          script: { world, tick, cast in
              let quick = NavigationTransition.slide.animation(.easeOut(duration: 0.15))
              for side in 0..<2 {
                  let (top, stack) = (cast.views[side * 3 + 1], cast.views[side * 3 + 2])
                  let frame = interactivePopStackFrame(side)
                  switch tick {
                  case 0: try world.push(top, onto: stack, transition: quick)   // pushing shows it
                  case 30: try world.beginInteractivePop(stack, at: Point(x: frame.minX + 5, y: 300))
                  case 31..<60: try world.updateInteractivePop(stack, translation: frame.width * 0.45 * Float(tick - 30) / 30)
                  case 60: try world.endInteractivePop(stack, velocity: side == 0 ? 900 : -300)
                  default: break
                  }
              }
          })
}

func navigationScenes() -> [Scene] {
    [
        navigationScene(name: "nav-slide", title: "Navigation: slide", caption: "Yellow slides in from the right, then purple; pop to root slides blue back in from the left.", summary: "Push, push, then pop to root with .slide (ease-in-out 0.35 s): the arriving screen enters from the trailing edge as the current one leaves to the leading edge, and back on pop.", transition: .slide),
        navigationScene(name: "nav-fade", title: "Navigation: cross-fade", caption: "Each push and the pop to root cross-fade the screens in place.", summary: "The same script with .fade(.cross).", transition: .fade(.cross)),
        navigationScene(name: "nav-zoom", title: "Navigation: zoom", caption: "The arriving screen grows from half size as it fades in; the pop mirrors it.", summary: "Scale from 0.5 with a fade-in on push, mirrored on pop: .asymmetric(push: .scale(0.5).combined(with: .opacity), pop: …), on a smooth spring.", transition: NavigationTransition.mirrorPush(AtomicTransition.scale(0.5).combined(with: .opacity)).animation(.smooth(duration: 0.45))),
        navigationScene(name: "nav-flip", title: "Navigation: flip", caption: "The arriving screen turns in about the vertical axis, in perspective, inside its stack's clip.", summary: "A 3D rotation about the y axis (drawn in perspective, clipped by its stack), arriving screen on insertion only, with the leaving screen fading out.", transition: NavigationTransition.asymmetric(push: AtomicTransition.asymmetric(insertion: .rotate3D(.degrees(-90), axis: (0, 1, 0)), removal: .opacity), pop: AtomicTransition.asymmetric(insertion: .rotate3D(.degrees(90), axis: (0, 1, 0)), removal: .opacity)).animation(.easeInOut(duration: 0.5))),
        navigationScene(name: "nav-swing", title: "Navigation: a custom swing", caption: "The arriving screen swings down about its top-left corner and bounces; the leaving one shrinks and dims.", summary: "A hand-written AtomicTransition (.custom): the arriving screen swings in about its top-leading corner while the leaving one shrinks and dims; combined with a z position so the arriving screen stays on top.", transition: NavigationTransition.mirrorPush(swing.combined(with: .zPosition(1))).animation(.bouncy(duration: 0.5))),
        interactivePopScene(),
    ]
}
