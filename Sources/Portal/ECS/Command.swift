/// A validated host call, waiting for the next tick boundary: a despawn, a placement, or one of
/// a folder's commands. Each folder declares its command enum and applies it beside its calls; a command
/// stays small (a configuration or a frame batch waits in side storage the command indexes), as
/// the list is copied entry by entry.
enum Command {
    case despawn(Entity)
    /// The placements (`update`, `setContentOffset`; a `setFrame` joins a `setFrames` run, see
    /// ``Staging``), a host's thousands of calls a frame: top-level cases, so the layout
    /// capture's run reads each one in place, with no folder's command copied out of it
    /// (`Views/Placement.swift`).
    case update(Entity, ViewProperties)
    /// `count` frames of `World.stagedFrames` from `first` on: one `setFrames` call, or a run
    /// of consecutive `setFrame` calls (``Staging/stageFrame(_:)``).
    case setFrames(first: Int, count: Int)
    /// `Views/ViewCalls.swift`.
    case view(ViewCommand)
    /// `Portals/PortalCalls.swift`.
    case portal(PortalCommand)
    /// `Navigation/NavigationCalls.swift`.
    case navigation(NavigationCommand)
    /// `Headers/FlowingHeaderCalls.swift`.
    case header(HeaderCommand)
    /// `Popups/PopupCalls.swift`.
    case popup(PopupCommand)
    /// `Input/PointerCalls.swift`.
    case pointer(PointerEvent)
    /// `Input/ScrollViewCalls.swift`.
    case scrollView(ScrollViewCommand)
}

/// What the host calls staged for the next tick: the commands in call order, and the frames the
/// `setFrames` commands index.
///
/// A `setFrame` (a frame-only `update`) is the call a host makes most, thousands a frame from a
/// layout engine. Staged as a `Command` each, it would write a whole command (the size of the
/// largest folder's) and read it back at the tick; instead consecutive ones extend one
/// `setFrames` command and stage only their 24-byte `ViewFrame`s, which apply exactly as the
/// same frames in one `setFrames` call do (in order, each as a `setFrame`). The run stays open
/// while its command is the last one staged: any other command ends it, so the call order is
/// kept.
struct Staging {
    /// The staged commands, in call order.
    var commands: [Command] = []
    /// The frames of the staged `setFrames` commands; emptied, keeping its storage, when they
    /// apply.
    var frames: [ViewFrame] = []
    /// The index in `commands` of the run's `setFrames` command, or -1. The run is open while
    /// that command is the last one staged (`commands.count - 1`); its count is written when
    /// the run closes (`closeRun`), so a `setFrame` that extends it writes no command.
    private var run = -1
    /// The run's frames in `frames`.
    private var runFirst = 0, runEnd = 0

    /// Stages `element` as a validated `setFrame`: it extends the open run while the run's
    /// command is still the last one staged, and starts a run otherwise.
    @inline(__always)
    mutating func stageFrame(_ element: ViewFrame) {
        frames.append(element)
        if run == commands.count - 1 && run >= 0 {
            runEnd = frames.count
            return
        }
        closeRun()
        run = commands.count
        runFirst = frames.count - 1
        runEnd = frames.count
        commands.append(.setFrames(first: runFirst, count: 1))
    }

    /// Writes the last run's frame count into its command (a run's frames follow each other
    /// in `frames`: nothing else appends to it while the run's command is the last).
    mutating func closeRun() {
        guard run >= 0 else { return }
        if runEnd - runFirst > 1 { commands[run] = .setFrames(first: runFirst, count: runEnd - runFirst) }
        run = -1
    }
}

extension World {
    /// Applies the staged commands in call order. A command whose entity was despawned by an
    /// earlier command of the same batch is skipped: it was valid when made, and the despawn
    /// came first.
    ///
    /// The list is moved out of the world while it applies (a command staged meanwhile waits
    /// for the next tick), and each run of placements or of scroll reports is applied by one
    /// call that holds the stores it needs (see `Placement.swift`): a frame's thousands of calls
    /// then pay no access checks each.
    func applyCommands(tick: UInt64) {
        guard !commands.isEmpty else { return }
        staging.closeRun()
        var staged = commands
        commands = []
        staged.withUnsafeBufferPointer { list in
            var i = 0
            while i < list.count {
                // Each command's payload is taken out once, and a folder's command goes to its
                // folder's `apply`, unless it starts a run.
                switch list[i] {
                case .update, .setFrames:
                    i = applyPlacements(list, from: i)
                case let .despawn(entity):
                    remove(entity)
                    i += 1
                case let .view(command):
                    apply(command, tick: tick)
                    i += 1
                case let .portal(command):
                    if case .request = command { i = applyPortalRequests(list, from: i) } else { apply(command); i += 1 }
                case let .navigation(command):
                    apply(command, tick: tick)
                    i += 1
                case let .header(command):
                    if case .scroll = command { i = applyScrolls(list, from: i, tick: tick) } else { apply(command); i += 1 }
                case let .popup(command):
                    apply(command, tick: tick)
                    i += 1
                case let .pointer(event):
                    applyPointer(event, tick: tick)
                    i += 1
                case let .scrollView(command):
                    apply(command, tick: tick)
                    i += 1
                }
            }
        }
        staged.removeAll(keepingCapacity: true)
        if commands.isEmpty { commands = staged }
        // The side storage the applied commands indexed goes with them — unless a call made
        // during the apply staged a command (for the next tick) that indexes it too.
        guard commands.isEmpty else { return }
        if !stagedFrames.isEmpty { stagedFrames.removeAll(keepingCapacity: true) }
        if !stagedConfigs.isEmpty { stagedConfigs.removeAll(keepingCapacity: true) }
        if !stagedNavigations.isEmpty { stagedNavigations.removeAll(keepingCapacity: true) }
        if !stagedParents.isEmpty { stagedParents.removeAll(keepingCapacity: true) }
    }

    /// Applies the run of staged portal requests that starts at `start` in `list` with one
    /// access to each of the world's properties (each access to a stored property of `World` is
    /// a dynamically checked one), and returns the index of the first command
    /// after it: a host sends back hundreds of flights in one tick.
    private func applyPortalRequests(_ list: UnsafeBufferPointer<Command>, from start: Int) -> Int {
        stagedConfigs.withUnsafeBufferPointer { configs in
            portals.takeRequests(list, from: start, configs: configs)
        }
    }
}
