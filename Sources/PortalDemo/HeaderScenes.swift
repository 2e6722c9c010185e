import Portal

/// A screen with a navigation bar, a large title and an accessory, scrolled by a script: down
/// part-way and stop, further and stop, back up part-way and stop.
func headerScene(name: String, title: String, summary: String, displays: FlowingHeaderDisplays,
                 layout: FlowingHeaderLayout, snapping: SnappingBehavior) -> Scene {
    Scene(name: name, title: title, summary: summary, stage: Size(width: 390, height: 420), ticks: 300, markers: [0, 60, 110, 170, 220],
          setUp: { world in
              var cast = Cast()
              let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 420))
              let bar = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 60))
              try world.setZIndex(1, of: bar)
              let titleView = try world.spawnView(frame: Rect(x: 20, y: 170, width: 220, height: 44), cornerRadius: 6)
              let accessory = try world.spawnView(frame: Rect(x: 20, y: 80, width: 72, height: 72), cornerRadius: 36)
              for v in [titleView, accessory] { try world.setZIndex(2, of: v) }
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

func headerScenes() -> [Scene] {
    [
        headerScene(name: "header-directional", title: "Flowing header: directional snapping",
                    summary: "The title flows into the bar as the content scrolls (the accessory scrolls away with the content). Stopping part-way snaps the way the user was scrolling — and on the way back up, it snaps back up.",
                    displays: [.title], layout: .horizontal, snapping: .directional),
        headerScene(name: "header-nearest", title: "Flowing header: nearest, with a flowing accessory",
                    summary: "Title and accessory both flow (the flow starts at a third of the accessory's height); stopping snaps to the nearer end. The accessory fades to 60 % and lands beside the title.",
                    displays: [.title, .accessory], layout: .horizontal, snapping: .nearest),
        headerScene(name: "header-vertical", title: "Flowing header: no snapping, vertical layout",
                    summary: "With .none the header stays wherever the scroll stops; in the vertical layout the accessory lands above the title.",
                    displays: [.title, .accessory], layout: .vertical, snapping: .none),
    ]
}
