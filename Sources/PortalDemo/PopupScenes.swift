import Portal

/// Six sources — each third × each half — with a popup presented from each in turn, and a
/// seventh popup whose source scrolls while it is shown.
func popupScene() -> Scene {
    Scene(name: "popups", title: "Popups: placed around sources in every third and both halves, one following a scrolling source",
          summary: "Each popup (120 wide, except the middle ones at .infinity) is placed below a source in the top half and above one in the bottom half, aligned by the third its source is in, inside a 10 pt margin, scaling in about its tail (ease-in-out 0.2 s). They stack without backdrops here. The last one, from the purple source, follows it as the content scrolls up.",
          stage: Size(width: 390, height: 700), ticks: 260, markers: [0, 140, 180],
          setUp: { world in
              var cast = Cast()
              try world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 390, height: 700), safeArea: EdgeInsets(top: 20, bottom: 20))
              let positions: [(Float, Float)] = [(30, 60), (165, 120), (300, 60), (30, 600), (165, 540), (300, 600)]
              for (i, (x, y)) in positions.enumerated() {
                  let source = try world.spawnView(frame: Rect(x: x, y: y, width: 60, height: 36), cornerRadius: 8)
                  let content = try world.spawnView(frame: .zero, cornerRadius: 10)
                  try world.setHidden(true, of: content)
                  cast.views += [source, content]
                  cast.fills[source] = palette[i]
                  cast.fills[content] = palette[i]
              }
              let scrolling = try world.spawnView(frame: Rect(x: 120, y: 330, width: 150, height: 40), cornerRadius: 8)
              let follower = try world.spawnView(frame: .zero, cornerRadius: 10)
              try world.setHidden(true, of: follower)
              cast.views += [scrolling, follower]
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
                                         height: 90, backdrop: false)
              }
              if tick == 140 {
                  for i in 0..<6 { try world.dismissPopup(cast.views[2 * i + 1]) }
                  try world.setHidden(false, of: cast.views[13])
                  try world.presentPopup(cast.views[13], from: cast.views[12], width: 200, height: 80, backdrop: false)
              }
              if tick >= 180, tick < 240 {
                  try world.setFrame(Rect(x: 120, y: 330 - Float(tick - 180) * 3, width: 150, height: 40), of: cast.views[12])
              }
          })
}
