// Navigation stacks: entities holding an ordered list of screens (views), one transition at a
// time, and a queue of the operations requested while it runs (a request back to the screens
// the transition started from turns it round instead).
//
// A transition's motion is the stage values of its NavigationTransition applied to the two
// screens' channels, all with the transition's animation. Beside them, a hidden internal
// "progress view" animates 0 → 1 with the same animation: its value is the transition's
// progress, every tick, and its completion is the transition's.

/// A stack operation waiting for the current transition to finish.
enum NavigationRequest {
    case push(Entity, NavigationTransition)
    case pop(NavigationTransition)
    case popToRoot(NavigationTransition)
    case setStack([Entity], NavigationTransition)

    /// Calls `body` with each screen the request names (no array: a push names one).
    func forEachScreen(_ body: (Entity) -> Void) {
        switch self {
        case let .push(screen, _): body(screen)
        case .pop, .popToRoot: return
        case let .setStack(screens, _): for screen in screens { body(screen) }
        }
    }

    /// Whether the request names `screen`.
    func names(_ screen: Entity) -> Bool {
        switch self {
        case let .push(pushed, _): return pushed == screen
        case .pop, .popToRoot: return false
        case let .setStack(screens, _): return screens.contains(screen)
        }
    }
}

/// A screen released from a stack by a staged call, which the stack still holds.
struct LeavingScreen {
    /// The stack that holds it.
    var stack: Entity
    /// How many of the stack's requests still to run drop it.
    var releases: Int
}

/// The values one stage of a transition sets, channel by channel, inline (a mask and eight
/// floats), so building a transition's stages allocates nothing. It lists its channels in the
/// order of `StageValues.channels` (opacity, translation, scale, rotation, 3D angle, depth),
/// the order lanes start in and values are written.
struct StageValues: Sequence, IteratorProtocol {
    /// The channels a stage can set, in listing order.
    static let channels: [ViewChannel] = [.opacity, .translationX, .translationY, .scaleX, .scaleY, .rotation, .rotation3DAngle, .zPosition]

    private var mask: UInt8 = 0
    private var values = SIMD8<Float>()

    private static func position(of channel: ViewChannel) -> Int {
        switch channel {
        case .opacity: return 0
        case .translationX: return 1
        case .translationY: return 2
        case .scaleX: return 3
        case .scaleY: return 4
        case .rotation: return 5
        case .rotation3DAngle: return 6
        case .zPosition: return 7
        default: preconditionFailure("navigation: a transition never sets \(channel)")
        }
    }

    var isEmpty: Bool { mask == 0 }

    /// Sets `channel`'s value (replacing any set before).
    mutating func set(_ channel: ViewChannel, _ value: Float) {
        let i = StageValues.position(of: channel)
        mask |= 1 << UInt8(i)
        values[i] = value
    }

    /// The value set for `channel`, if any.
    func value(of channel: ViewChannel) -> Float? {
        let i = StageValues.position(of: channel)
        return mask & (1 << UInt8(i)) != 0 ? values[i] : nil
    }

    mutating func next() -> (ViewChannel, Float)? {
        guard mask != 0 else { return nil }
        let i = mask.trailingZeroBitCount
        mask &= mask - 1
        return (StageValues.channels[i], values[i])
    }
}

/// The values of the animated channels a transition touches, for one screen.
struct ScreenStages {
    /// The screen's values before the transition, in the order of `NavigationStore.channels`:
    /// what a cancelled transition restores.
    var rest: SIMD8<Float>
    /// Start values of the channels the transition sets at its start.
    var initial: StageValues
    /// End values of the channels the animation drives.
    var animation: StageValues
    /// Values set once the transition has finished.
    var completion: StageValues
    /// The 3D rotation axis to show while transitioning, if the transition rotates in 3D.
    var rotationAxis: Rotation3D?
}

/// The transition a stack is running.
struct ActiveNavigation {
    var operation: NavigationTransition.Operation
    var from: Entity
    var to: Entity
    var fromStages: ScreenStages
    var toStages: ScreenStages
    var animation: Animation
    /// The screens released by the calls this transition settles — the request that started
    /// it (a pop, pop-to-root, set), a request that turned it round, a finishing interactive
    /// pop — one entry per release: when it completes, at whichever end, each entry is
    /// dropped once, and a screen that end does not hold leaves the stack.
    var leaving: [Entity]
    /// The screens after the transition.
    var finalScreens: [Entity]
    var progress: TimingHandle?
    var isInteractive: Bool
    /// Heading back to the screens it started from: it completes as cancelled.
    var isCancelling = false
    /// While a finger drives it: the finger's pop progress q is the transition's progress
    /// 1 − q (a push caught by an interactive pop runs backwards) rather than q.
    var fingerReversed = false
    /// The screen the finger pops: owed to `leaving` when its release finishes the pop.
    var interactiveScreen: Entity?
    /// A zoom (``NavigationTransition/zoom(source:options:)``): its source, and the zooming screen's
    /// corner radius and clip flag at rest (restored as it completes).
    var zoom: NavigationZoom?
}

/// A running zoom transition's state.
struct NavigationZoom {
    var source: Entity
    /// The zooming screen: the pushed one, or the popped one.
    var screen: Entity
    /// Whether the screen grows (a push: full size at progress 1) or shrinks (a pop).
    var grows: Bool
    var options: ZoomOptions
    /// The screen's corner radius, clip flag and shadow radius at rest (restored as it ends).
    var restRadius: Float, restClips: Bool, restShadow: Float
    /// The screen's frame (in the stack's space) and content offset at rest: the crop moves
    /// them while the zoom runs (`World.zoomCrop`), and they are restored as it ends.
    var restFrame = Rect.zero, restOffset = Point.zero
    /// The crop applied (screen-local; the whole screen until cropped), and whether the screen
    /// is cropped at all: not a screen that is a scroll view, whose content offset is its
    /// scroll (its motion and a flowing header read it).
    var crop = Rect.zero, crops = true
    /// Whether the zoom set the source's navigation hidden bit (it was clear: not a screen a
    /// stack keeps hidden), so that it clears only what it set.
    var hidesSource: Bool
    /// The dimming view the stack made for this zoom (Portal's own, a child of the stack behind
    /// the screen), removed as the zoom ends; `nil` when the options ask for none.
    var dimming: Entity?
    /// The source's frame and radius in the stack's space when last seen.
    var lastSource: Rect?, lastRadius: Float = 0
    /// While a finger drags the screen (the stack's pan): where it took the screen over.
    var held: ZoomHold?
    /// After the drag's release: where the screen was let go, heading for the source or back.
    var released: ZoomRelease?
}

/// A zoomed screen under the finger: the drag-to-dismiss curve applied on top of the screen's
/// placement where the finger took it over (its presented translation, scale, zoom progress and
/// dimming opacity).
struct ZoomHold {
    var style: DragDismissStyle
    /// The finger's travel since the pan began.
    var translation = Point.zero
    var baseTranslation: Point, baseScale: Float, baseZ: Float, baseDimming: Float
    /// The crop drawn when the finger took the screen over (screen-local), kept while held:
    /// the whole screen for a drag from rest; `baseTranslation` is about its centre.
    var crop: Rect
}

/// A drag released: the screen goes from where it was let go (`translation`, `scale`, the zoom
/// progress `z` its radius and shadow were drawn at, `dimming`) to the zoom's placement at
/// `targetZ` (0: the source, dismissing; 1: at rest, returning), by the release progress u
/// (the progress view's y, 0 → 1 on a spring that starts with the finger's velocity); the
/// transition's progress goes from `progressFrom` to `progressTo` with it.
struct ZoomRelease {
    /// `translation` is about the uncropped screen's centre; `crop` is the crop drawn when let
    /// go, mixed by u with the crop at `targetZ`.
    var translation: Point, scale: Float, z: Float, dimming: Float, crop: Rect
    var targetZ: Float
    var progressFrom: Float, progressTo: Float
}

/// The zoom that pushed a stack's top screen, kept so that a drag on it pops it with the same zoom.
struct ZoomedTop {
    var screen: Entity, source: Entity, options: ZoomOptions, animation: Animation
}

/// Whether a stack runs a transition that is not under a finger (`running`), and its progress
/// timing: what `World.runNavigationFinish` checks each tick.
struct FinishWatch {
    var running: Bool
    var progress: TimingHandle?

    init(_ active: ActiveNavigation?) {
        running = active.map { !$0.isInteractive } ?? false
        progress = active?.progress
    }
}

struct NavigationStackState {
    var screens: [Entity]
    let progressView: Entity
    /// The running transition, if any. A change of whether it runs, is under a finger, or of its
    /// progress timing is followed by `noteActiveChanged()` (the debug invariant checks it).
    var active: ActiveNavigation?
    /// What the finish pass reads of `active` every tick, for every stack, kept beside it: a
    /// small value read in place, where reading `active` itself (a large optional) took an
    /// out-of-line call per field. (Not an observer on `active`: the zoom's placement writes
    /// through `active` every tick, and an observed property is copied out and back to do so.)
    private(set) var finishWatch = FinishWatch(nil)

    /// Brings `finishWatch` up to date with `active`.
    mutating func noteActiveChanged() { finishWatch = FinishWatch(active) }
    var queue: [NavigationRequest] = []
    var interactiveStart: InteractivePopStart
    /// Storage for the next transition's `finalScreens` and `leaving` lists: a completed
    /// transition hands back the list it replaced and its leaving list, so a stack that keeps
    /// pushing and popping allocates nothing once its lists have grown.
    var spareScreens: [Entity] = []
    var spareLeaving: [Entity] = []
    /// The zoom that pushed the top screen, while it is the top (a drag on it pops it so).
    var zoomedTop: ZoomedTop?

    /// Whether the stack's list, running transition or queue names `screen`.
    func holds(_ screen: Entity) -> Bool {
        screens.contains(screen) || active.map { $0.from == screen || $0.to == screen || $0.finalScreens.contains(screen) } == true
            || queue.contains { $0.names(screen) }
    }
}
