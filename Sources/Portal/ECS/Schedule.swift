/// The five stages of a tick, run in this order every tick.
///
/// Built-in work runs first in each stage, then the user systems added to that stage, in the
/// order they were added:
/// 1. ``layoutCapture``: staged host calls are applied (spawns become visible, frames move,
///    animations start or retarget).
/// 2. ``matching``: features pair things up and start their animations.
/// 3. ``interpolation``: every running track advances by exactly one tick.
/// 4. ``finish``: completions are reported and settled tracks retire.
/// 5. ``output``: presented values are written back and the render list is rebuilt; systems
///    here can read the finished render list.
public enum TickStage: Int, CaseIterable, Hashable, Sendable {
    /// Staged host calls are applied.
    case layoutCapture
    /// Matching and animation starts.
    case matching
    /// Every running track advances one tick.
    case interpolation
    /// Completion, snapping, retirement.
    case finish
    /// Write-back and the render list.
    case output
}

/// A handle to a system added with ``World/addSystem(_:stage:_:)``.
public struct SystemID: Hashable, Sendable {
    /// A number unique within one world.
    public let rawValue: UInt64
}

/// A user system: a named closure run once per tick in its stage.
struct UserSystem {
    let id: SystemID
    let name: String
    let run: (World) -> Void
}

// MARK: - The tick, as one table

/// One step of a tick (see ``TickSchedule``).
enum TickStep {
    /// The staged host calls apply.
    case applyCommands
    /// The user systems of a stage run, in the order they were added.
    case userSystems(TickStage)
    /// The features' systems at a point run, in ``TickSchedule/systemOrder``.
    case features(FeaturePoint)
    /// Every timing's step matrix is brought up to date (curves are solved).
    case curves
    /// Every lane advances one tick.
    case lanes
    /// Completions are reported and settled tracks retire.
    case trackFinish
    /// Presented values are copied into the views.
    case writeBack
    /// The drawing order takes in the views spawned and despawned this tick.
    case drawOrder
    /// The render list is rebuilt.
    case renderList
    /// The clock moves on by one tick.
    case advanceClock
    /// The tick's work is done (the benchmarks' probe reports it).
    case end
}

/// The tick, as one table (as Bevy's `main_schedule.rs` names its schedules once): every step
/// in the order `World.runTick()` runs it, each inside its ``TickStage``; then, where the order of
/// features' work matters, that order, by ``Feature/name``. Registration order decides nothing.
enum TickSchedule {
    /// Every step of a tick, in order.
    static let steps: [TickStep] = [
        // layoutCapture
        .applyCommands, .userSystems(.layoutCapture),
        // matching
        .features(.matching), .userSystems(.matching),
        // interpolation
        .curves, .lanes, .userSystems(.interpolation),
        // finish
        .trackFinish, .features(.finish), .userSystems(.finish),
        // output: features place views from this tick's presented values, then follow what moved
        .writeBack, .features(.placement), .features(.follow), .drawOrder, .renderList, .advanceClock, .userSystems(.output),
        .end,
    ]

    /// The features whose systems run at each ``FeaturePoint`` (indexed by it), in the order
    /// they run. A feature that registers a system at a point not listed here for it is a
    /// programming error (`FeatureRegistry.register(_:)` stops it), so the order is always this
    /// table's.
    static let systemOrder: [[String]] = [
        // matching: the pointer pass first; scroll views move before portal matching and the
        // headers, which read this tick's offsets.
        ["pointers", "scrollViews", "portals", "headers"],
        // finish
        ["portals", "navigation", "popups"],
        // placement
        ["navigation", "headers", "popups"],
        // follow
        ["portals"],
    ]

    /// Pan priority: the order of the features' pan handlers (`Input/Pan.swift`), in which the
    /// pointer arbiter asks them about a view's candidates. Features not listed come after
    /// these, in registration order (tests add fakes).
    static let panOrder: [String] = ["scrollViews", "portals", "navigation"]
}
