// The view calls (see `ECS/HostCall.swift`): spawning views, placing and animating them, and
// their styles. Each validates at the call and stages a `ViewCommand`, applied at the next tick
// (`ViewCommand.swift`).

/// ``World/spawnView(frame:cornerRadius:opacity:)`` and, with a parent (or an explicit root),
/// ``World/spawnView(frame:cornerRadius:opacity:in:)``.
struct SpawnViewCall: SpawningCall {
    static var verb: String { "spawnView" }
    var frame: Rect, cornerRadius: Float, opacity: Float
    /// `nil` for the call without a parent; `.some(nil)` for an explicit root.
    var parent: Entity??
    init(frame: Rect, cornerRadius: Float, opacity: Float, parent: Entity??) {
        (self.frame, self.cornerRadius, self.opacity, self.parent) = (frame, cornerRadius, opacity, parent)
    }
    func write(to trace: inout TraceWriter) {
        trace.put("frame", frame); trace.put("radius", cornerRadius); trace.put("opacity", opacity)
        if let parent { trace.put("parent", parent) }
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        frame = try trace.rect(key: "frame")
        cornerRadius = try trace.float(key: "radius")
        opacity = try trace.float(key: "opacity")
        parent = nil
        if let p = try trace.takeIfPresent("parent") { parent = .some(try trace.optionalEntity(p)) }
    }

    func perform(on world: World) throws(PortalError) -> Entity {
        try ViewProperties(frame: frame, cornerRadius: cornerRadius, opacity: opacity).validate()
        var parentSlot: Int?
        if let parent = parent ?? nil {
            try world.requireAppView(parent)
            parentSlot = world.views.slot(of: parent)
        }
        let entity = try world.spawn()
        let slot = world.views.insert(entity, frame: frame, cornerRadius: cornerRadius, opacity: opacity, role: .view)
        if let parentSlot { world.views.setParent(parentSlot, of: slot) }
        return entity
    }
}

/// ``World/update(_:to:)``.
struct UpdateCall: HostCall {
    static var verb: String { "update" }
    var view: Entity, properties: ViewProperties
    init(view: Entity, properties: ViewProperties) { (self.view, self.properties) = (view, properties) }
    func write(to trace: inout TraceWriter) { trace.put("view", view); trace.properties(properties) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        properties = try trace.properties()
    }
    @inline(__always)
    func perform(on world: World) throws(PortalError) {
        try world.requireView(view)
        try properties.validate()
        // A `setFrame` (the frame alone) joins the open run of frames (`Staging`).
        if let frame = properties.frame, properties.cornerRadius == nil, properties.opacity == nil, properties.transform == nil,
           properties.shadowRadius == nil, properties.contentOffset == nil {
            world.staging.stageFrame(ViewFrame(view: view, frame: frame))
        } else {
            world.commands.append(.update(view, properties))
        }
    }
}

/// ``World/animate(_:to:with:)``.
struct AnimateCall: HostCall {
    static var verb: String { "animate" }
    var view: Entity, properties: ViewProperties, animation: Animation
    init(view: Entity, properties: ViewProperties, animation: Animation) {
        (self.view, self.properties, self.animation) = (view, properties, animation)
    }
    func write(to trace: inout TraceWriter) { trace.put("view", view); trace.properties(properties); trace.put("with", animation) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        properties = try trace.properties()
        animation = try trace.animation(key: "with")
    }
    @inline(__always)
    func perform(on world: World) throws(PortalError) -> AnimationID {
        try world.requireView(view)
        try properties.validate()
        try animation.validate(step: world.clock.step, steps: &world.tracks.springSteps)
        let id = AnimationID(rawValue: world.nextAnimationID)
        world.nextAnimationID += 1
        world.commands.append(.view(.animate(view, properties, animation, id)))
        return id
    }
}

/// ``World/setZIndex(_:of:)``.
struct SetZIndex: HostCall {
    static var verb: String { "zIndex" }
    var view: Entity, z: Int32
    init(view: Entity, z: Int32) { (self.view, self.z) = (view, z) }
    func write(to trace: inout TraceWriter) { trace.put("view", view); trace.key("z"); trace.int(z) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        let word = try trace.atom(trace.one(trace.take("z")))
        guard let z = TraceInteger.int32(word) else { throw trace.malformed("‘\(word)’ is not a 32-bit integer") }
        self.z = z
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireView(view)
        world.commands.append(.view(.setZIndex(view, z)))
    }
}

/// A call that sets one flag of a view at the next tick: `view=` and one boolean key, refused
/// for anything but a live view. ``World/setHidden(_:of:)``, ``World/setAllowsHitTesting(_:of:)``
/// and ``World/setClipsToBounds(_:of:)`` differ only in the key and the command they stage.
protocol ViewFlagCall: HostCall where Output == Void {
    /// The flag's key in a trace line.
    static var flagKey: String { get }
    /// The staged command that sets the flag.
    static func command(_ view: Entity, _ flag: Bool) -> ViewCommand
    var view: Entity { get }
    var flag: Bool { get }
    init(view: Entity, flag: Bool)
}

extension ViewFlagCall {
    func write(to trace: inout TraceWriter) { trace.put("view", view); trace.put(Self.flagKey, flag) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        let view = try trace.entity(key: "view")
        self.init(view: view, flag: try trace.bool(key: Self.flagKey))
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireView(view)
        world.commands.append(.view(Self.command(view, flag)))
    }
}

/// ``World/setAllowsHitTesting(_:of:)``.
struct SetAllowsHitTesting: ViewFlagCall {
    static var verb: String { "hitTesting" }
    static var flagKey: String { "allows" }
    var view: Entity, flag: Bool
    static func command(_ view: Entity, _ allows: Bool) -> ViewCommand { .setAllowsHitTesting(view, allows) }
}

/// ``World/setHidden(_:of:)``.
struct SetHidden: ViewFlagCall {
    static var verb: String { "hidden" }
    static var flagKey: String { "hidden" }
    var view: Entity, flag: Bool
    static func command(_ view: Entity, _ hidden: Bool) -> ViewCommand { .setHidden(view, hidden) }
}

/// ``World/setCornerStyle(_:clipsContent:of:)``.
struct SetCornerStyle: HostCall {
    static var verb: String { "cornerStyle" }
    var view: Entity, style: CornerStyle, clipsContent: Bool
    init(view: Entity, style: CornerStyle, clipsContent: Bool) { (self.view, self.style, self.clipsContent) = (view, style, clipsContent) }
    func write(to trace: inout TraceWriter) {
        trace.put("view", view); trace.key("style"); trace.raw(style == .circular ? "circular" : "continuous"); trace.put("clips", clipsContent)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        style = try trace.word(key: "style", ["circular", "continuous"], [.circular, .continuous])
        clipsContent = try trace.bool(key: "clips")
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireView(view)
        world.commands.append(.view(.setCornerStyle(view, style, clipsContent)))
    }
}

/// ``World/setFrames(_:)``: the frames are the host's buffer for the call (no copy), or the
/// decoded trace's.
struct SetFramesCall: HostCall {
    static var verb: String { "setFrames" }
    var frames: UnsafeBufferPointer<ViewFrame>
    /// The frames read from a trace, which `frames` points into.
    private var decoded: FrameStorage?
    init(frames: UnsafeBufferPointer<ViewFrame>) { self.frames = frames }

    func write(to trace: inout TraceWriter) {
        // `frames=f(e1,x,y,w,h),f(e2,…)`, or `-` for an empty batch.
        trace.put("frames", list: frames) { trace, element in
            trace.raw("f("); trace.entity(element.view); trace.comma(); trace.rect(element.frame); trace.raw(")")
        }
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        let list = try trace.list(key: "frames") { trace, v throws(TraceError) in
            let (name, items) = try trace.node(v)
            guard name == "f", let first = items.first else { throw trace.malformed("expected f(entity,x,y,width,height)") }
            return ViewFrame(view: try trace.entity(first), frame: try trace.rect(Array(items.dropFirst())))
        }
        let storage = FrameStorage(list)
        decoded = storage
        frames = UnsafeBufferPointer(storage.buffer)
    }

    func perform(on world: World) throws(PortalError) {
        if let i = world.views.firstBadFrame(frames, allocator: world.allocator) {
            do throws(PortalError) {
                try world.requireAppView(frames[i].view)
                try frames[i].frame.validate("frame")
            } catch {
                throw .invalidElement("frames[\(i)]", error)
            }
        }
        guard !frames.isEmpty else { return }
        let first = world.stagedFrames.count
        world.stagedFrames.append(contentsOf: frames)
        world.commands.append(.setFrames(first: first, count: frames.count))
    }

    /// Frames a decoded call owns.
    final class FrameStorage {
        let buffer: UnsafeMutableBufferPointer<ViewFrame>
        init(_ frames: [ViewFrame]) {
            buffer = .allocate(capacity: frames.count)
            _ = buffer.initialize(from: frames)
        }
        deinit { buffer.deallocate() }
    }
}

/// A staged view or tree call (placements are `Command`'s own cases).
enum ViewCommand {
    case animate(Entity, ViewProperties, Animation, AnimationID)
    case setZIndex(Entity, Int32)
    case setAllowsHitTesting(Entity, Bool)
    case setHidden(Entity, Bool)
    case setCornerStyle(Entity, CornerStyle, Bool)
    case setParent(Entity, Entity?, keepingGlobalFrame: Bool)
    case setClipsToBounds(Entity, Bool)
}

extension World {
    /// Applies a staged view command (placements are `Command`'s own: `applyPlacements`).
    func apply(_ command: ViewCommand, tick: UInt64) {
        switch command {
        case let .animate(entity, properties, animation, id):
            guard let slot = views.slot(of: entity) else { return }
            if let transform = properties.transform { views.styles[slot].rotationAxis = transform.rotation3D }
            tracks.start(animation, id: id, view: entity, slot: slot, targets: properties.channelValues, tick: tick,
                         step: clock.step, tolerance: configuration.settleTolerance, views: &views, events: &events)
        case let .setZIndex(entity, z):
            if let slot = views.slot(of: entity) { views.setZIndex(z, slot: slot) }
        case let .setAllowsHitTesting(entity, allows):
            if let slot = views.slot(of: entity) { views.styles[slot].allowsHitTesting = allows }
        case let .setHidden(entity, hidden):
            if let slot = views.slot(of: entity) { views.setHidden(hidden, by: .app, slot: slot) }
        case let .setCornerStyle(entity, style, clips):
            if let slot = views.slot(of: entity) {
                views.styles[slot].cornerStyle = style
                views.styles[slot].clipsContent = clips
            }
        case let .setParent(view, parent, keeping):
            applySetParent(parent, of: view, keepingGlobalFrame: keeping, tick: tick)
        case let .setClipsToBounds(view, clips):
            if let slot = views.slot(of: view) { views.setClipsToBounds(clips, slot: slot) }
        }
    }
}
