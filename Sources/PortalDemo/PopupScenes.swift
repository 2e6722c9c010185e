import Portal

/// Six sources — each third × each half — with a popup presented from each in turn, and a
/// seventh popup whose source is a cell of a list that scrolls (one content-offset call per tick)
/// while it is shown. The middle sources sit nearer the list than the side ones, so that their
/// popups, as wide as the margins allow, have bands of their own: all six are seen at once.
func popupScene() -> Scene {
    Scene(name: "popups", title: "Popups: placed around sources in every third and both halves, one following a scrolling source",
          caption: "Six popups grow out of their sources in turn, each with its tail on its source — below in the top half, above in the bottom half, the two middle ones as wide as the margins allow; at tick 140 they go and a seventh rides up with its cell as the list scrolls.",
          summary: "Each popup (120 wide, except the two middle ones at .infinity, which take the whole width inside the 10 pt margins; 56 high) is placed below a source in the top half and above one in the bottom half, aligned by the third its source is in, scaling in about its tail (ease-in-out 0.2 s). The middle sources are nearer the list, so the wide popups lie in bands of their own and all six are seen at once; they stack without backdrops here. Portal places a popup and its tail's point (PopupPlacement.anchor); the page draws the body 8 pt clear of the source's edge and the tail across the gap, pointing at the source. At 140 the six are dismissed and a seventh, from the purple cell of a clipped list, follows its cell as the list scrolls up (its content offset, one call per tick): placed from the cell's global frame, drawn in the overlay.",
          stage: Size(width: 390, height: 820), ticks: 260, markers: [0, 140, 180],
          setUp: { world in
              var cast = Cast()
              try world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 390, height: 820), safeArea: EdgeInsets(top: 20, bottom: 20))
              let positions: [(Float, Float)] = [(30, 30), (165, 130), (300, 30), (30, 754), (165, 654), (300, 754)]
              for (i, (x, y)) in positions.enumerated() {
                  let source = try world.spawnView(frame: Rect(x: x, y: y, width: 60, height: 36), cornerRadius: 8)
                  let content = try world.spawnView(frame: .zero, cornerRadius: 10)
                  try world.setHidden(true, of: content)
                  cast.views += [source, content]
                  cast.fills[source] = palette[i]
                  cast.fills[content] = palette[i]
              }
              // A clipped list of cells (y 260…560 on screen); cell 3 (y 392) is the source.
              let list = try world.spawnView(frame: Rect(x: 0, y: 260, width: 390, height: 300), in: nil)
              try world.setClipsToBounds(true, of: list)
              cast.fills[list] = "#e4e7ee"
              var scrolling = list
              for i in 0..<14 {
                  let cell = try world.spawnView(frame: Rect(x: 120, y: Float(i) * 44, width: 150, height: 40), cornerRadius: 8, in: list)
                  cast.fills[cell] = "#c9cdd6"
                  if i == 3 { scrolling = cell }
              }
              let follower = try world.spawnView(frame: .zero, cornerRadius: 10)
              try world.setHidden(true, of: follower)
              cast.views += [scrolling, follower, list]
              cast.fills[scrolling] = purple
              cast.fills[follower] = purple
              cast.plotted = [(follower, "following popup", purple)]
              return cast
          },
          script: { world, tick, cast in
              if tick < 120, tick % 20 == 0 {
                  let i = tick / 20
                  try world.setHidden(false, of: cast.views[2 * i + 1])
                  try world.presentPopup(cast.views[2 * i + 1], from: cast.views[2 * i], width: i == 1 || i == 4 ? .infinity : 120,
                                         height: 56, backdrop: false)
              }
              if tick == 140 {
                  for i in 0..<6 { try world.dismissPopup(cast.views[2 * i + 1]) }
                  try world.setHidden(false, of: cast.views[13])
                  try world.presentPopup(cast.views[13], from: cast.views[12], width: 200, height: 80, backdrop: false)
              }
              if tick >= 180, tick < 240 {
                  try world.setContentOffset(Point(x: 0, y: Float(tick - 179) * 2), of: cast.views[14])
              }
          })
}
