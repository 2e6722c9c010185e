import Portal

/// The layout of the app scene: a stack filling the stage, a gallery screen whose clipped list
/// holds a three-column photo grid, and a detail screen.
enum AppLayout {
    static let stage = Size(width: 390, height: 760)
    /// The list's frame in its screen: the whole screen, so the photos scroll on under the bar
    /// once the title has flowed into it, as a real app's list does.
    static let list = Rect(x: 0, y: 0, width: 390, height: 760)
    /// Where the list's content starts, below the header's title (UIKit's content inset).
    static let contentInset: Float = 130
    /// Photo `i` in the list's content space.
    static func photo(_ i: Int) -> Rect {
        Rect(x: 6 + Float(i % 3) * 128, y: contentInset + 6 + Float(i / 3) * 128, width: 122, height: 122)
    }
    static let photoCount = 30
    /// The photo that flies to the detail, and the one a popup opens from.
    static let hero = 4, popupSource = 10
    /// The detail's image in its screen.
    static let detailImage = Rect(x: 0, y: 60, width: 390, height: 390)
    /// The list's content offset at `tick`: 60 points down over ticks 0–49, 80 more over
    /// 370–409 (the popup's source stays in the container's bottom half, so the popup stays
    /// above it).
    static func offset(at tick: Int) -> Float {
        switch tick {
        case ..<0: 0
        case 0..<50: Float(tick + 1) * 1.2
        case 50..<370: 60
        case 370..<410: 60 + Float(tick - 369) * 2
        default: 140
        }
    }
}

/// Light photo colours, so the hero (green) and the popup's source (pink) stand out.
let pastels = ["#b9cdf2", "#f2dfae", "#d4bdec", "#f0bccb", "#bde3ec", "#cfe6c2"]

/// An app: a photo grid in a clipped, scrolling list on a screen with a flowing header, in a
/// navigation stack (the list runs under the bar, its content inset below the title); a photo flies to its detail while the detail pushes, flies home on the pop,
/// and a popup from a cell rides with it as the list scrolls.
func appScene() -> Scene {
    Scene(name: "app", title: "An app: photo grid, hero to a pushed detail, a popup over a scrolling list",
          caption: "The title flows into the bar as the grid scrolls; the green photo flies into the detail as it slides in (tick 70) and home on the pop (230); the popup from the pink photo (340) rides up with it as the list scrolls (370).",
          summary: "One view tree: a navigation stack (clipping) holds a gallery screen — bar, a flowing header's title, and a clipped list of 30 photos in three columns that fills the screen, its content inset below the title so the photos scroll on under the bar — and a detail screen. The list scrolls 60 points (setContentOffset, and reportScroll for the header: the title shrinks into the bar). At tick 70 photo 5 is the source of a hero to the detail's image while the detail pushes with a slide: the layer follows the image's global frame as its screen moves, and carries the photo's badge. At 230 the stack pops and the photo flies home into the list. At 340 a popup opens from photo 11; from 370 the list scrolls 80 more and the popup follows its cell, above it, in the overlay; at 460 it is dismissed. Exactly one of source, layer and destination is drawn on every tick.",
          stage: AppLayout.stage, ticks: 520, markers: [0, 70, 230, 340, 370, 460],
          setUp: { world in
              var cast = Cast(plotsLayer: true)
              let bounds = Rect(x: 0, y: 0, width: AppLayout.stage.width, height: AppLayout.stage.height)
              try world.setPopupContainer(bounds: bounds, safeArea: EdgeInsets(top: 60, bottom: 10))

              // The gallery: background, bar, header title, and the list of photos.
              let gallery = try world.spawnView(frame: bounds)
              cast.fills[gallery] = "#f4f5f8"
              let list = try world.spawnView(frame: AppLayout.list, in: gallery)
              try world.setClipsToBounds(true, of: list)
              cast.fills[list] = "#ffffff"
              var photos: [Entity] = []
              for i in 0..<AppLayout.photoCount {
                  let photo = try world.spawnView(frame: AppLayout.photo(i), cornerRadius: 6, in: list)
                  cast.fills[photo] = i == AppLayout.hero ? green : i == AppLayout.popupSource ? "#d13f6a" : pastels[i % pastels.count]
                  photos.append(photo)
              }
              // The hero photo carries a badge, which flies with it.
              let badge = try world.spawnView(frame: Rect(x: 90, y: 8, width: 24, height: 24), cornerRadius: 12, in: photos[AppLayout.hero])
              cast.fills[badge] = "#ffffff"
              let bar = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 60), in: gallery)
              try world.setZIndex(1, of: bar)
              cast.fills[bar] = "#1d2330"
              let titleFrame = Rect(x: 16, y: 74, width: 200, height: 40)
              let titleView = try world.spawnView(frame: titleFrame, cornerRadius: 6)
              try world.setZIndex(2, of: titleView)
              cast.fills[titleView] = blue
              let header = try world.flowingHeader(on: gallery, title: titleView, snappingBehavior: .none)
              try world.setFlowingHeaderAnchors(header, title: titleFrame, bar: Rect(x: 0, y: 10, width: 390, height: 50),
                                                barTitleSize: Size(width: 110, height: 22))

              // The detail: its bar with a back button, the image, and lines of text.
              let detail = try world.spawnView(frame: bounds)
              try world.setHidden(true, of: detail)   // pushing shows it
              cast.fills[detail] = "#ffffff"
              let detailBar = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 60), in: detail)
              cast.fills[detailBar] = "#1d2330"
              let back = try world.spawnView(frame: Rect(x: 12, y: 20, width: 60, height: 28), cornerRadius: 14, in: detailBar)
              cast.fills[back] = "#3a4256"
              let image = try world.spawnView(frame: AppLayout.detailImage, in: detail)
              cast.fills[image] = green
              // The photo's badge at the image's scale (390 / 122), so the landing hands over
              // what the layer drew.
              let scale: Float = 390 / 122
              let bigBadge = try world.spawnView(frame: Rect(x: 90 * scale, y: 8 * scale, width: 24 * scale, height: 24 * scale),
                                                 cornerRadius: 12 * scale, in: image)
              cast.fills[bigBadge] = "#ffffff"
              for line in 0..<4 {
                  let text = try world.spawnView(frame: Rect(x: 20, y: 474 + Float(line) * 34, width: line == 3 ? 180 : 350, height: 18),
                                                 cornerRadius: 4, in: detail)
                  cast.fills[text] = "#c9cdd6"
              }
              try world.portal(photos[AppLayout.hero], id: "photo", as: .source)
              try world.portal(image, id: "photo", as: .destination)

              let stack = try world.spawnNavigationStack(frame: bounds, root: gallery)
              cast.fills[stack] = "#f4f5f8"

              // The popup's content: a card with two lines, hidden until presented.
              let popup = try world.spawnView(frame: .zero, cornerRadius: 12)
              try world.setHidden(true, of: popup)
              cast.fills[popup] = "#2a3142"
              for line in 0..<2 {
                  let text = try world.spawnView(frame: Rect(x: 14, y: 18 + Float(line) * 30, width: line == 0 ? 170 : 110, height: 16),
                                                 cornerRadius: 4, in: popup)
                  cast.fills[text] = "#e8eaf0"
              }

              cast.views = [stack, list, header, detail, photos[AppLayout.hero], image, photos[AppLayout.popupSource], popup]
              // No debug boxes: the scene is drawn as the app, nothing on top of it.
              cast.plotted = [(titleView, "title", blue), (popup, "popup", "#d13f6a")]
              return cast
          },
          script: { world, tick, cast in
              let (stack, list, header, detail) = (cast.views[0], cast.views[1], cast.views[2], cast.views[3])
              let (cell, popup) = (cast.views[6], cast.views[7])
              // Handed off when the spring is perceptually done: the layer rides the image as the
              // detail slides in (and the photo as the list scrolls), so it lands on it.
              let hero = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.smooth(duration: 0.45), delay: 0,
                                                                                         completionCriteria: .logicallyComplete),
                                                corners: PortalCorners(source: 6, destination: 0, style: .continuous))
              let slide = NavigationTransition.slide.animation(.easeInOut(duration: 0.4))
              // The scroll: one offset call on the list and one report to the header per tick.
              if (0..<50).contains(tick) || (370..<410).contains(tick) {
                  let offset = AppLayout.offset(at: tick)
                  try world.setContentOffset(Point(x: 0, y: offset), of: list)
                  try world.reportScroll(header, offset: offset, phase: .interacting)
              }
              switch tick {
              case 50, 410: try world.reportScroll(header, offset: AppLayout.offset(at: tick), phase: .idle)
              case 70:
                  try world.portalTransition(id: "photo", isActive: true, config: hero)
                  try world.push(detail, onto: stack, transition: slide)
              case 230:
                  try world.portalTransition(id: "photo", isActive: false, config: hero)
                  try world.pop(stack, transition: slide)
              case 340:
                  try world.setHidden(false, of: popup)
                  try world.presentPopup(popup, from: cell, width: 210, height: 84, backdrop: false)
              case 460: try world.dismissPopup(popup)
              default: break
              }
          })
}
