import Portal

/// A screen with a navigation bar, a large title and an accessory, scrolled by a script: down
/// part-way and stop, further and stop, back up part-way and stop.
func headerScene(name: String, title: String, caption: String, summary: String, displays: FlowingHeaderDisplays,
                 layout: FlowingHeaderLayout, snapping: SnappingBehavior) -> Scene {
    Scene(name: name, title: title, caption: caption, summary: summary, stage: Size(width: 390, height: 420), ticks: 300, markers: [0, 60, 110, 170, 220],
          setUp: { world in
              var cast = Cast()
              let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 420))
              // The bar, title and accessory are the screen's children (the header makes its
              // parts children itself); among them a part that flows into the bar draws above
              // it, and an accessory that does not flow scrolls away under it, as content does.
              let bar = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 60), in: screen)
              try world.setZIndex(1, of: bar)
              let titleView = try world.spawnView(frame: Rect(x: 20, y: 170, width: 220, height: 44), cornerRadius: 6)
              let accessory = try world.spawnView(frame: Rect(x: 20, y: 80, width: 72, height: 72), cornerRadius: 36)
              try world.setZIndex(2, of: titleView)
              if displays.contains(.accessory) { try world.setZIndex(2, of: accessory) }
              let header = try world.flowingHeader(on: screen, title: titleView, accessory: accessory, displays: displays,
                                                   layout: layout, snappingBehavior: snapping)
              try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 170, width: 220, height: 44),
                                                accessory: Rect(x: 20, y: 80, width: 72, height: 72),
                                                bar: Rect(x: 0, y: 10, width: 390, height: 50), barTitleSize: Size(width: 110, height: 22))
              cast.views = [header]
              cast.fills = [screen: "#f0f2f6", bar: "#d9dde6", titleView: blue, accessory: "#e0a624"]
              cast.plotted = [(titleView, "title", blue), (accessory, "accessory", "#e0a624")]
              return cast
          },
          script: { world, tick, cast in
              let header = cast.views[0]
              // Down 0 → 45 over 60 ticks and stop; down to 120 and stop; up to 95 and stop.
              let offset: Float
              let phase: ScrollPhase
              switch tick {
              case 0..<60: (offset, phase) = (Float(tick) * 0.75, .interacting)
              case 60..<110: (offset, phase) = (45, .idle)
              case 110..<170: (offset, phase) = (45 + Float(tick - 110) * 1.25, .interacting)
              case 170..<220: (offset, phase) = (120, .idle)
              case 220..<240: (offset, phase) = (120 - Float(tick - 220) * 1.25, .interacting)
              default: (offset, phase) = (95, .idle)
              }
              try world.reportScroll(header, offset: offset, phase: phase)
          })
}

/// Two screens in a navigation stack, each with its own flowing header: the first is scrolled
/// into its bar, a push brings the second (its header at rest) and back.
func headerNavigationScene() -> Scene {
    Scene(name: "header-navigation", title: "Flowing headers across a push and a pop",
          caption: "The blue title flows into the bar; the pink screen slides in with its title in its content, and after the pop the blue title is still in the bar.",
          summary: "Each screen has its own header. The first screen's title flows into its bar, then a slide pushes the second screen, whose header is still in its content; the second scrolls, and a pop brings the first back with its header still in the bar — the original breaks after navigation.",
          stage: Size(width: 390, height: 420), ticks: 300, markers: [0, 70, 130, 200],
          setUp: { world in
              var cast = Cast()
              var headers: [Entity] = []
              var screens: [Entity] = []
              for (i, name) in [("first", blue), ("second", "#d13f6a")].enumerated() {
                  let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 420))
                  // The screen's navigation bar (the header's bar rect, y 10…60, under a 10 pt
                  // status strip), under the title that flows into it (z 1 and 2).
                  let bar = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 60), in: screen)
                  try world.setZIndex(1, of: bar)
                  cast.fills[bar] = "#1d2330"
                  let titleView = try world.spawnView(frame: Rect(x: 20, y: 110, width: 200, height: 40), cornerRadius: 6)
                  let subtitle = try world.spawnView(frame: Rect(x: 20, y: 160, width: 150, height: 16), cornerRadius: 4)
                  try world.setZIndex(2, of: titleView)
                  let header = try world.flowingHeader(on: screen, title: titleView, subtitle: subtitle)
                  try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 110, width: 200, height: 40),
                                                    bar: Rect(x: 0, y: 10, width: 390, height: 50), barTitleSize: Size(width: 100, height: 20))
                  cast.fills[screen] = i == 0 ? "#eef1f7" : "#f7eef1"
                  cast.fills[titleView] = name.1
                  cast.fills[subtitle] = "#9aa3b5"
                  if i == 1 { for v in [screen, titleView, subtitle] { try world.setHidden(true, of: v) } }
                  cast.plotted.append((titleView, "\(name.0) title", name.1))
                  headers.append(header)
                  screens.append(screen)
                  cast.views += [screen, titleView, subtitle]
              }
              let stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 420), root: screens[0])
              cast.fills[stack] = "#ffffff"   // the stack's own view, behind its screens
              cast.views += headers + [stack]
              return cast
          },
          script: { world, tick, cast in
              let (first, second, stack) = (cast.views[6], cast.views[7], cast.views[8])
              switch tick {
              case 0..<60: try world.reportScroll(first, offset: Float(tick), phase: .interacting)
              case 60: try world.reportScroll(first, offset: 60, phase: .idle)
              case 70:
                  for v in cast.views[3...5] { try world.setHidden(false, of: v) }
                  try world.push(cast.views[3], onto: stack, transition: .slide)
              case 130..<170: try world.reportScroll(second, offset: Float(tick - 130) / 2, phase: .interacting)
              case 170: try world.reportScroll(second, offset: 20, phase: .idle)
              case 200: try world.pop(stack, transition: .slide)
              default: break
              }
          })
}

func headerScenes() -> [Scene] {
    [
        headerScene(name: "header-directional", title: "Flowing header: directional snapping",
                    caption: "The blue title shrinks into the grey bar as the content scrolls; each stop snaps the way the scroll was going.",
                    summary: "The title flows into the bar as the content scrolls (the accessory scrolls away with the content, under the bar). Stopping part-way snaps the way the user was scrolling — and on the way back up, it snaps back up.",
                    displays: [.title], layout: .horizontal, snapping: .directional),
        headerScene(name: "header-nearest", title: "Flowing header: nearest, with a flowing accessory",
                    caption: "Title and yellow accessory both flow into the bar; each stop snaps to the nearer end.",
                    summary: "Title and accessory both flow (the flow starts at a third of the accessory's height); stopping snaps to the nearer end. The accessory fades to 60 % and lands beside the title.",
                    displays: [.title, .accessory], layout: .horizontal, snapping: .nearest),
        headerScene(name: "header-vertical", title: "Flowing header: no snapping, vertical layout",
                    caption: "The header stays wherever the scroll stops; the accessory lands above the title.",
                    summary: "With .none the header stays wherever the scroll stops; in the vertical layout the accessory lands above the title.",
                    displays: [.title, .accessory], layout: .vertical, snapping: .none),
        headerNavigationScene(),
    ]
}
