import Portal

/// A portal anchor's frame as a debug box: outline colour, and dashed when the anchor is hidden.
struct DebugBox: Equatable {
    var frame: Rect
    var colour: String
    var hidden: Bool
}

/// One tick as a host would draw it: the render list, the clip list its items' clip chains
/// index, debug boxes, and the fill colour of each content entity at that tick.
struct RecordedTick {
    var items: [RenderItem]
    var clips: [RenderClip]
    var boxes: [DebugBox] = []
    /// Fill colour by content entity; an entity without one is drawn in a colour picked from
    /// its index (see ``Reel/colour(of:at:)``).
    var fills: [Entity: String] = [:]
    /// The pointers down after the tick, by id (scenes driven by scripted pointer input).
    var pointers: [Int: Point] = [:]
    /// The tail of each popup, by its content entity (a host draws a popup's chrome: Portal
    /// places the popup, the host draws its body and its tail in that frame).
    var tails: [Entity: PopupTail] = [:]
}

/// Where a popup's tail is: along the edge facing its source, in the popup's unit width
/// (``PopupPlacement/anchor``'s x), on the top edge when the popup is below its source. The page
/// draws the body ``popupTailHeight`` clear of that edge and the tail across the gap, its tip on
/// the edge, pointing at the source.
struct PopupTail: Equatable {
    var x: Float
    var below: Bool
}

/// The height of a popup's tail as the page draws it, in the popup's points.
let popupTailHeight: Float = 8

/// A scene as the page shows it: a named list of recorded ticks at 120 Hz, from any source — a
/// scripted scene run here, or a trace replayed — with what to plot and how to caption it.
struct Reel {
    /// The anchor name in the page (and the `scene=` of its URL hash).
    var name: String
    var title: String
    /// One line: what to watch.
    var caption: String
    /// The longer description under the player.
    var summary: String = ""
    /// The size of the stage the views move on, in points.
    var stage: Size
    /// Ticks at which a change of course is first drawn, marked on the plots and the filmstrip.
    var markers: [Int] = []
    var ticks: [RecordedTick]
    /// Views whose drawn values are plotted: entity, label, colour.
    var plotted: [(Entity, String, String)] = []
    /// Also plot the first portal layer of each tick, in green.
    var plotsLayer = false
    /// The portal anchors drawn as debug boxes: entity, outline colour (the recorded ticks hold
    /// their boxes; a live reel's page computes them).
    var anchors: [(Entity, String)] = []
    /// The trace of the scene's calls, when there is one: the page replays it live in Portal's
    /// WebAssembly module instead of embedding the recorded ticks (``encodeLive(_:)``).
    var trace: String?
    /// Whether the legend explains debug boxes (portal scenes).
    var hasDebugBoxes: Bool { ticks.contains { !$0.boxes.isEmpty } }
    /// Whether a pointer is ever down (the page then draws the pointers).
    var hasPointers: Bool { ticks.contains { !$0.pointers.isEmpty } }

    /// The colour an item is filled with at a tick: its content's, else its own, else a stable
    /// colour picked from the content entity's index (a replayed trace names no colours).
    func colour(of item: RenderItem, at tick: Int) -> String {
        let fills = ticks[tick].fills
        return fills[item.content] ?? fills[item.entity] ?? fallbackPalette[Int(item.content.index) % fallbackPalette.count]
    }
}

/// The colours of items whose content names none (a replayed trace's), by content index.
let fallbackPalette = ["#7f8fa6", "#2f6fde", "#e0a624", "#8a3fd1", "#d13f6a", "#3fb6d1", "#6ab04c", "#c0763a"]

/// The stage's background colour (drawn under every tick).
let stageBackground = "#f6f7f9"
