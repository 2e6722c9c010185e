// The flowing headers' table: one `FlowingHeaderState` per header in a `ComponentTable` (the
// world's `headers`), laid out so that a scroll report touches two cache lines, and the report's
// decision taken in place.

struct FlowingHeaderState {
    // First, together, what a scroll report reads and writes: reports arrive for every scrolling
    // header every frame, and a report touching two cache lines of the state instead of six was
    // a tenth of `header/scroll`'s tick.

    /// A hidden view whose x channel is the animated progress, and its slot (a view keeps its
    /// slot for life, and the progress view lives as long as the header).
    let progressView: Entity
    let progressSlot: Int
    var snapper: HeaderSnapper
    var offset: Float = 0
    /// What the header last read of its screen's scroll view (`runHeaderScrollFeed`), or `nil`
    /// when it has read nothing since its screen became one.
    var fedScroll: (offset: Float, phase: ScrollPhase)?
    /// Whether the screen is a scroll view: the parts, its children, are then placed against its
    /// content offset, so they stay where the header puts them as the content scrolls.
    var screenScrolls = false
    /// The duration of the `.smooth` spring the progress ran last (every progress animation is
    /// one), if any.
    var progressDuration: Double?
    let tokens: FlowingHeaderTokens
    let displays: FlowingHeaderDisplays
    let accessory: Entity?
    /// Header anchors in content coordinates (they scroll), and the bar's frame, in the
    /// screen's space.
    var accessoryAnchor: Rect?

    // Then what the placement reads.
    let screen: Entity
    let title: Entity
    let subtitle: Entity?
    let barTitle: Entity?
    let barAccessory: Entity?
    let layout: FlowingHeaderLayout
    var titleAnchor: Rect
    var subtitleAnchor: Rect?
    var bar: Rect
    /// The title's size in the bar (as the host lays it out there).
    var barTitleSize: Size
    /// Where the screen, title and accessory were when the header was made: the placement
    /// checks a hint (one read) before it looks a part up (two), as a part keeps its slot for
    /// life.
    let slotHints: (screen: Int, title: Int, accessory: Int)
}

extension ComponentTable where Value == FlowingHeaderState {
    /// Takes a scroll report for the header in `row`: the snapper decides, the offset is noted.
    /// Returns the progress view, the progress to animate to and the duration of the `.smooth`
    /// spring to animate it with, the duration of the one the progress ran last, and whether the
    /// decision is to follow the scroll (not a snap or a hold).
    mutating func scroll(row: Int, offset: Float, phase: ScrollPhase)
        -> (progressView: Entity, target: Float, duration: Double, previous: Double?, follows: Bool) {
        values.withUnsafeMutableBufferPointer { states in
            let tokens = states[row].tokens
            let accessoryHeight = states[row].accessoryAnchor?.height
            let raw = FlowingHeaderGeometry.progress(offset: offset, accessoryHeight: states[row].accessory == nil ? nil : accessoryHeight,
                                                     accessoryFlows: states[row].displays.contains(.accessory), tokens: tokens)
            let decision = states[row].snapper.report(offset: offset, phase: phase, progress: raw, tokens: tokens)
            states[row].offset = offset
            let (target, duration, follows): (Float, Double, Bool)
            switch decision {
            case let .follow(p): (target, duration, follows) = (p, tokens.scrollAnimationDuration, true)
            case let .snap(p): (target, duration, follows) = (p, tokens.transitionDuration, false)
            case let .hold(p): (target, duration, follows) = (p, tokens.transitionDuration, false)
            }
            return (states[row].progressView, target, duration, states[row].progressDuration, follows)
        }
    }
}
