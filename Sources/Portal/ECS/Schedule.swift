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
