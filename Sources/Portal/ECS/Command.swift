/// A validated host call, waiting for the next tick boundary: a despawn, a placement, or one of
/// a folder's commands. Each folder declares its command enum and applies it beside its calls; a command
/// stays small (a configuration or a frame batch waits in side storage the command indexes), as
/// the list is copied entry by entry.
enum Command {
    case despawn(Entity)
    /// The placements (`update`, `setFrame`, `setContentOffset`), a host's thousands of calls a
    /// frame: top-level cases, so the layout capture's run reads each one in place, with no
    /// folder's command copied out of it (`Views/Placement.swift`).
    case update(Entity, ViewProperties)
    /// `count` frames of `World.stagedFrames` from `first` on (one `setFrames` call).
    case setFrames(first: Int, count: Int)
    /// `Views/ViewCalls.swift`.
    case view(ViewCommand)
    /// `Portals/PortalCalls.swift`.
    case portal(PortalCommand)
    /// `Navigation/NavigationCalls.swift`.
    case navigation(NavigationCommand)
    /// `Headers/HeaderCalls.swift`.
    case header(HeaderCommand)
    /// `Popups/PopupCalls.swift`.
    case popup(PopupCommand)
    /// `Input/PointerCalls.swift`.
    case pointer(PointerEvent)
    /// `Input/ScrollViewCalls.swift`.
    case scrollView(ScrollViewCommand)
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
        if !stagedFrames.isEmpty { stagedFrames.removeAll(keepingCapacity: true) }
        if !stagedConfigs.isEmpty { stagedConfigs.removeAll(keepingCapacity: true) }
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
