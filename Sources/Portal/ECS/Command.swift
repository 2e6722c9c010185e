/// A validated host call, waiting for the next tick boundary.
enum Command {
    case despawn(Entity)
    case update(Entity, ViewProperties)
    /// `count` frames of `World.stagedFrames` from `first` on (one `setFrames` call).
    case setFrames(first: Int, count: Int)
    case animate(Entity, ViewProperties, Animation, AnimationID)
    case setZIndex(Entity, Int32)
    case setAllowsHitTesting(Entity, Bool)
    case setHidden(Entity, Bool)
    case setCornerStyle(Entity, CornerStyle, Bool)
    /// `config` indexes `World.stagedConfigs` (a configuration is large: the command list keeps
    /// small entries, and a group's members share one).
    case portalRequest(key: UInt32, isActive: Bool, config: Int, stagger: Double, group: Int?)
    case portalGroupRequest(group: Int, direction: PortalDirection)
    case portalTransfer(from: UInt32, to: UInt32)
    case navigate(Entity, NavigationRequest, interactive: Bool = false)
    case interactivePop(Entity, progress: Float)
    case interactivePopEnd(InteractivePopDecision)
    case headerAnchors(Entity, title: Rect, accessory: Rect?, bar: Rect, barTitleSize: Size)
    case scroll(Entity, offset: Float, phase: ScrollPhase)
    case popupContainer(Rect, EdgeInsets)
    case presentPopup(Entity, Entity, width: Float, height: Float, animation: Animation, backdrop: Bool)
    case dismissPopup(Entity, PopupDismissReason)
    case setParent(Entity, Entity?, keepingGlobalFrame: Bool)
    case setClipsToBounds(Entity, Bool)
    case makeScrollView(Entity, ScrollViewConfiguration)
    case removeScrollView(Entity)
    case scrollTo(Entity, Point, animated: Bool)
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
                switch list[i] {
                case .update, .setFrames:
                    i = applyPlacements(list, from: i)
                case .scroll:
                    i = applyScrolls(list, from: i, tick: tick)
                case .portalRequest:
                    i = applyPortalRequests(list, from: i)
                default:
                    apply(list[i], tick: tick)
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

    /// Applies one command (other than a placement or a scroll report).
    private func apply(_ command: Command, tick: UInt64) {
        switch command {
        case let .despawn(entity):
            remove(entity)
        case .update, .setFrames, .scroll, .portalRequest:
            break   // applied in runs
        case let .animate(entity, properties, animation, id):
            guard let slot = views.slot(of: entity) else { return }
            if let transform = properties.transform { views.styles[slot].rotationAxis = transform.rotation3D }
            tracks.start(animation, id: id, view: entity, slot: slot, targets: properties.channelValues, tick: tick,
                         step: clock.step, tolerance: configuration.settleTolerance, views: &views, events: &events)
        case let .setZIndex(entity, z):
            if let slot = views.slot(of: entity) { views.setZIndex(z, slot: slot) }
        case .popupContainer:
            break   // already in force for validation; the popups re-place in stage 2
        case let .presentPopup(content, source, width, height, animation, backdrop):
            applyPresentPopup(content, source: source, width: width, height: height, animation: animation, backdrop: backdrop, tick: tick)
        case let .dismissPopup(content, reason):
            dismiss(content, reason: reason, tick: tick)
        case let .headerAnchors(header, title, accessory, bar, barTitleSize):
            applyHeaderAnchors(header, title: title, accessory: accessory, bar: bar, barTitleSize: barTitleSize)
        case let .navigate(stack, request, interactive):
            applyNavigation(stack, request, interactive: interactive, tick: tick)
        case let .interactivePop(stack, progress):
            applyInteractivePop(stack, progress: progress)
        case let .interactivePopEnd(decision):
            endInteractivePop(decision, tick: tick)
        case let .portalGroupRequest(group, direction):
            portals.groups[group].direction = direction
            portals.groups[group].awaitingCompletion = true
        case let .portalTransfer(from, to):
            withPortalSystem { $0.transferPortal(from: Int(from), to: Int(to)) }
        case let .setCornerStyle(entity, style, clips):
            if let slot = views.slot(of: entity) {
                views.styles[slot].cornerStyle = style
                views.styles[slot].clipsContent = clips
            }
        case let .setHidden(entity, hidden):
            if let slot = views.slot(of: entity) { views.setHidden(hidden, by: .app, slot: slot) }
        case let .setAllowsHitTesting(entity, allows):
            if let slot = views.slot(of: entity) { views.styles[slot].allowsHitTesting = allows }
        case let .setParent(view, parent, keeping):
            applySetParent(parent, of: view, keepingGlobalFrame: keeping, tick: tick)
        case let .setClipsToBounds(view, clips):
            if let slot = views.slot(of: view) { views.setClipsToBounds(clips, slot: slot) }
        case let .makeScrollView(view, configuration):
            applyMakeScrollView(view, configuration)
        case let .removeScrollView(view):
            applyRemoveScrollView(view, tick: tick)
        case let .scrollTo(view, offset, animated):
            applyScroll(view, to: offset, animated: animated, tick: tick)
        }
    }
}
