import Portal

/// The user component the fuzzer inserts (a reproducer declares `struct Glow { var level: Int }`).
public struct Glow: Sendable {
    /// A counter systems bump.
    public var level: Int
    /// A glow at `level`.
    public init(level: Int) { self.level = level }
}

/// An item for the item-based portal calls.
struct FuzzItem: Identifiable, Hashable, Sendable { let id: Int }

/// What went wrong: `kind` names the class (no numbers, so a shrunk sequence must keep it),
/// `detail` says the particulars.
public struct Failure: Sendable, Equatable {
    /// The class of failure, e.g. "render item opacity out of 0…1".
    public var kind: String
    /// The particulars (values, entities).
    public var detail: String
    /// The Swift expectation that fails after the reproducer's calls (nil for a trap).
    public var expectation: String?
}

/// One run of a call sequence against a fresh world, checking after every call.
final class Execution {
    let world: World
    /// Receives the events the checks drain after each tick (a session's observer keeps them).
    var eventSink: ((WorldEvent) -> Void)?

    init(world: World = World()) {
        self.world = world
        world.tracksRenderChanges = true
        mirror.load(world)
    }
    /// A retained scene kept from the change lists alone (checked after every tick).
    var mirror = RenderMirror()
    /// Whether this is a world's shadow (`Findings.swift`): it makes the same calls but the
    /// read-only ones, checks nothing, and keeps its ticks' digests to compare.
    var isShadow = false
    /// Per tick checked, a digest of the render list and the events, and the call it ran in.
    var tickDigests: [Int] = []
    var tickCalls: [Int] = []
    /// The index of the call running.
    var currentCall = 0
    var vars: [Int: Entity] = [:]
    var order: [Int] = []               // variable indices in creation order
    var stacks: [Int] = []
    var headers: [Int] = []
    var viewVars: [Int] = []
    var systemIDs: [Int: SystemID] = [:]
    /// The user systems that can move or despawn any rendered view (or run more ticks).
    var movers: Set<Int> = []
    /// Whether the checks drain every event (`false` when the host's own systems may drain
    /// some first, as a session's observer does).
    var seesAllEvents = true
    /// The views reported by `globalFrameNotKept` since `keepFrame` last cleared it.
    var framesNotKept: Set<Entity> = []
    var lines: [String] = []
    var lastEventTick: UInt64 = 0
    /// Where each line of Swift goes as soon as it is known (a trap loses nothing printed before it).
    var sink: ((String) -> Void)?

    /// Marks a sink line that names a call about to run (dropped unless the process dies in it).
    static let pending = "// about to call: "
    /// Follows an `advance(by:)` line with the ticks it ran: a reproducer replaces both with
    /// that many `tick()` calls (the same ticks between the same calls).
    static let ran = "// ticks run: "

    /// Records a line of Swift and passes it to the sink at once.
    func say(_ line: String) {
        lines.append(line)
        sink?(line)
    }
    var glowRegistered = false
    /// A failure a read call found itself (`clipList`), reported after the call.
    var failure: Failure?

    enum Outcome { case ok, refused(PortalError), skipped }

    func name(_ ref: Ref) -> String {
        switch ref {
        case let .v(i): return "e\(i)"
        case let .never(bits): return "Entity(bits: 0x\(String(bits, radix: 16)))"
        }
    }
    func resolve(_ ref: Ref) -> Entity? {
        switch ref {
        case let .v(i): return vars[i]
        case let .never(bits): return Entity(bits: bits)
        }
    }

    // MARK: Observable state

    /// A digest of what the public API can see (bit patterns, so NaN compares equal to itself).
    func fingerprint() -> [UInt64] {
        var d: [UInt64] = [world.tickCount, UInt64(world.entityCount), UInt64(world.viewCount),
                           UInt64(world.runningAnimationCount), UInt64(world.runningTrackCount),
                           world.reduceMotion ? 1 : 0, world.popupPolicy == .stack ? 1 : 0,
                           UInt64(world.count(of: Glow.self))]
        for item in world.renderList { digest(item, into: &d) }
        for i in order.suffix(64) { d.append(world.isAlive(vars[i]!) ? 1 : 0) }
        for i in stacks.suffix(8) {
            if let screens = try? world.screens(of: vars[i]!) { d.append(contentsOf: screens.map(\.bits)) } else { d.append(.max) }
            d.append(UInt64(((try? world.navigationProgress(of: vars[i]!)) ?? nil)?.bitPattern ?? 7))
        }
        for i in headers.suffix(8) { d.append(UInt64((try? world.flowingHeaderProgress(vars[i]!))?.bitPattern ?? 9)) }
        for i in viewVars.suffix(16) {
            if let p = try? world.presentation(of: vars[i]!) {
                d.append(contentsOf: ([p.frame.minX, p.frame.minY, p.frame.width, p.frame.height, p.opacity, p.cornerRadius] + Self.entries(p.globalTransform))
                    .map { UInt64($0.bitPattern) })
            }
        }
        d.append(contentsOf: world.presentedPopups.map(\.bits))
        for clip in world.clipList { digest(clip, into: &d) }
        for i in viewVars.suffix(16) {   // the tree as the public API shows it
            d.append(((try? world.parent(of: vars[i]!)) ?? nil)?.bits ?? 1)
            d.append(contentsOf: (try? world.children(of: vars[i]!))?.map(\.bits) ?? [2])
        }
        for layer in world.portalLayers() {
            d.append(contentsOf: [layer.layer.bits, UInt64(layer.progress.bitPattern), layer.isActive ? 1 : 0])
        }
        for k in 0..<5 {
            d.append(world.isPortalActive(PortalID("p\(k)")).map { $0 ? 1 : 0 } ?? 2)
            d.append(world.isPortalActive(PortalID(item: FuzzItem(id: k))).map { $0 ? 1 : 0 } ?? 2)
        }
        for id in 1...8 {   // pointers as the last tick left them
            if let p = world.pointerState(id) {
                d.append(contentsOf: [p.location.x, p.location.y, p.start.x, p.start.y].map { UInt64($0.bitPattern) })
                d.append(p.time.bitPattern)
            } else { d.append(3) }
        }
        for k in scrollVars.suffix(8) {   // scroll views
            guard let v = vars[k], let s = try? world.scrollViewState(of: v) else { d.append(world.isScrollView(vars[k]!) ? 5 : 4); continue }
            d.append(contentsOf: [s.contentOffset.x, s.contentOffset.y, s.velocity.x, s.velocity.y].map { UInt64($0.bitPattern) })
            d.append((s.isDragging ? 1 : 0) | (s.isDecelerating ? 2 : 0) | (s.isScrollAnimating ? 4 : 0))
        }
        for scope in ["", "s1"] {   // a stable digest (`hashValue` is seeded per process)
            d.append(world.lastPortalItem(scope: scope)?.rawValue.utf8.reduce(UInt64(1)) { $0 &* 31 &+ UInt64($1) } ?? 0)
        }
        return d
    }

    func digest(_ item: RenderItem, into d: inout [UInt64]) {
        d.append(item.entity.bits)
        d.append(item.content.bits)
        let t = item.transform
        for f in [item.frame.minX, item.frame.minY, item.frame.width, item.frame.height, item.cornerRadius, item.opacity,
                  item.shadowRadius, t.translation.x, t.translation.y, t.scaleX, t.scaleY, t.rotation.radians, t.zPosition] {
            d.append(UInt64(f.bitPattern))
        }
        d.append(UInt64(bitPattern: Int64(item.zIndex)) &+ UInt64(item.role.rawValue) << 40)
        d.append(contentsOf: Self.entries(item.globalTransform).map { UInt64($0.bitPattern) })
        d.append(UInt64(bitPattern: Int64(item.clip)))
    }

    func digest(_ clip: RenderClip, into d: inout [UInt64]) {
        d.append(contentsOf: ([clip.size.width, clip.size.height, clip.cornerRadius] + Self.entries(clip.transform)).map { UInt64($0.bitPattern) })
        d.append(UInt64(bitPattern: Int64(clip.parent)) &+ (clip.cornerStyle == .continuous ? 1 << 40 : 0))
    }

    /// A projection transform's nine entries.
    static func entries(_ t: ProjectionTransform) -> [Float] { [t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33] }

    /// The last point a tree hit test (`hitItem`) used, for its reproducer.
    var lastPoint = Point(x: 0, y: 0)

    // MARK: Checks

    /// Failure classes to look past (`--ignore`): a check whose class contains one of these
    /// passes, so a run can find the failures behind a known one.
    var ignore: [String] = []

    /// A failure, or nil when its class is ignored.
    func flag(_ kind: String, _ detail: String, _ expectation: String) -> Failure? {
        ignore.contains(where: { kind.contains($0) }) ? nil : Failure(kind: kind, detail: detail, expectation: expectation)
    }

    /// An entity as the reproducer names it: its variable, or its bits.
    func ref(_ entity: Entity) -> String {
        order.last(where: { vars[$0] == entity }).map { "e\($0)" } ?? "Entity(bits: 0x\(String(entity.bits, radix: 16)))"
    }

    /// A check over every render item, as Swift.
    func everyItem(_ predicate: String) -> String { "#expect(world.renderList.allSatisfy { \(predicate) })" }

    func finite(_ values: [Float]) -> Bool { values.allSatisfy(\.isFinite) }

    func checkItem(_ item: RenderItem, clips: Int, dead: Set<UInt64>) -> Failure? {
        let t = item.transform
        let r3 = t.rotation3D
        if !finite([item.frame.minX, item.frame.minY, item.frame.width, item.frame.height]) {
            if let f = flag("render item frame not finite", "\(item)",
                            everyItem("$0.frame.minX.isFinite && $0.frame.minY.isFinite && $0.frame.width.isFinite && $0.frame.height.isFinite")) { return f }
        }
        if !finite([item.cornerRadius, item.opacity, item.shadowRadius]) {
            if let f = flag("render item radius/opacity/shadow not finite", "\(item)",
                            everyItem("$0.cornerRadius.isFinite && $0.opacity.isFinite && $0.shadowRadius.isFinite")) { return f }
        }
        if !finite([t.translation.x, t.translation.y, t.scaleX, t.scaleY, t.rotation.radians, t.zPosition]) {
            if let f = flag("render item transform not finite", "\(item)", everyItem("$0.transform.isValid")) { return f }
        }
        if !finite([r3.angle.radians, r3.axisX, r3.axisY, r3.axisZ, r3.perspective]) {
            if let f = flag("render item rotation3D not finite", "\(item)",
                            everyItem("[$0.transform.rotation3D.angle.radians, $0.transform.rotation3D.axisX, $0.transform.rotation3D.axisY, "
                                      + "$0.transform.rotation3D.axisZ, $0.transform.rotation3D.perspective].allSatisfy(\\.isFinite)")) { return f }
        }
        if !finite(Self.entries(item.globalTransform)) {
            if let f = flag("render item globalTransform not finite", "\(item)",
                            everyItem("[$0.globalTransform.m11, $0.globalTransform.m12, $0.globalTransform.m13, $0.globalTransform.m21, $0.globalTransform.m22, "
                                      + "$0.globalTransform.m23, $0.globalTransform.m31, $0.globalTransform.m32, $0.globalTransform.m33].allSatisfy(\\.isFinite)")) { return f }
        }
        if item.clip != -1, !(0..<Int32(clips)).contains(item.clip) {
            if let f = flag("render item clip index outside the clip list", "\(item) with \(clips) clips",
                            "let clips = world.clipList.count; " + everyItem("$0.clip == -1 || (0..<Int32(clips)).contains($0.clip)")) { return f }
        }
        if !(0...1).contains(item.opacity) { if let f = flag("render item opacity out of 0…1", "\(item)", everyItem("(0...1).contains($0.opacity)")) { return f } }
        if item.frame.width < 0 || item.frame.height < 0 { if let f = flag("render item negative size", "\(item)", everyItem("$0.frame.width >= 0 && $0.frame.height >= 0")) { return f } }
        if item.cornerRadius < 0 { if let f = flag("render item negative corner radius", "\(item)", everyItem("$0.cornerRadius >= 0")) { return f } }
        if item.shadowRadius < 0 { if let f = flag("render item negative shadow radius", "\(item)", everyItem("$0.shadowRadius >= 0")) { return f } }
        if dead.contains(item.entity.bits) { if let f = flag("render list holds an entity dead before the tick", "\(item.entity)",
                                                     "#expect(!world.renderList.contains { $0.entity == \(ref(item.entity)) })") { return f } }
        if dead.contains(item.content.bits) {
            if let f = flag("render list content is an entity dead before the tick", "\(item.content)",
                              "#expect(!world.renderList.contains { $0.content == \(ref(item.content)) })") { return f }
        }
        return nil
    }

    /// After a `tick()` or `advance(by:)` call (of any number of ticks): its change list,
    /// applied to the mirror of the list before it, reproduces the render list exactly.
    func checkRenderChanges() -> Failure? {
        if let problem = mirror.apply(world) {
            mirror.load(world)
            return flag("render change list does not reproduce the render list", problem,
                        "// apply world.renderChanges to the list before the last tick: it must give world.renderList (\(problem))")
        }
        if (try? world.renderKey(at: -1)) != nil || (try? world.renderKey(at: world.renderList.count)) != nil {
            return flag("renderKey(at:) accepts an index outside the list", "\(world.renderList.count) items",
                        "#expect(throws: PortalError.self) { try world.renderKey(at: world.renderList.count) }")
        }
        return nil
    }

    /// After a tick: every output finite and in range, nothing dead, events in order.
    func checkTick(dead: Set<UInt64>, ticked: Bool = true) -> Failure? {
        let clips = world.clipList
        for item in world.renderList { if let f = checkItem(item, clips: clips.count, dead: dead) { return f } }
        if let f = checkClips(clips) { return f }
        for i in viewVars.suffix(32) where world.isAlive(vars[i]!) {
            var related = ((try? world.children(of: vars[i]!)) ?? []).map { ($0, "children") }
            if let p = (try? world.parent(of: vars[i]!)) ?? nil { related.append((p, "parent")) }
            if let (bad, call) = related.first(where: { dead.contains($0.0.bits) }) {
                if let f = flag("\(call)(of:) holds an entity dead before the tick", "\(bad) for \(vars[i]!)",
                                call == "parent" ? "#expect(try world.parent(of: e\(i)) != \(ref(bad)))"
                                                 : "#expect(try !world.children(of: e\(i)).contains(\(ref(bad))))") { return f }
            }
        }
        for layer in world.portalLayers() {
            if dead.contains(layer.layer.bits) { if let f = flag("portalLayers() holds an entity dead before the tick", "\(layer.layer)",
                                                             "#expect(!world.portalLayers().contains { $0.layer == \(ref(layer.layer)) })") { return f } }
            if !layer.progress.isFinite { if let f = flag("portal layer progress not finite", "\(layer)", "#expect(world.portalLayers().allSatisfy { $0.progress.isFinite })") { return f } }
        }
        for i in viewVars where world.isAlive(vars[i]!) {
            guard let p = try? world.presentation(of: vars[i]!) else { continue }
            let t = p.transform
            if !finite([p.frame.minX, p.frame.minY, p.frame.width, p.frame.height, p.cornerRadius, p.opacity, p.shadowRadius,
                        t.translation.x, t.translation.y, t.scaleX, t.scaleY, t.rotation.radians, t.zPosition,
                        p.globalFrame.minX, p.globalFrame.minY, p.globalFrame.width, p.globalFrame.height] + Self.entries(p.globalTransform)) {
                if let f = flag("presentation not finite", "\(vars[i]!): \(p)",
                                "let p = try world.presentation(of: \(ref(vars[i]!))); #expect([p.frame.minX, p.frame.minY, p.frame.width, p.frame.height, "
                                + "p.cornerRadius, p.opacity, p.shadowRadius, p.globalFrame.minX, p.globalFrame.minY, p.globalFrame.width, p.globalFrame.height, "
                                + "p.globalTransform.m11, p.globalTransform.m12, p.globalTransform.m13, p.globalTransform.m21, p.globalTransform.m22, "
                                + "p.globalTransform.m23, p.globalTransform.m31, p.globalTransform.m32, p.globalTransform.m33].allSatisfy(\\.isFinite) && p.transform.isValid)") { return f }
            }
            if !(0...1).contains(p.opacity) { if let f = flag("presentation opacity out of 0…1", "\(vars[i]!): \(p)",
                                                          "#expect((0...1).contains(try world.presentation(of: \(ref(vars[i]!))).opacity))") { return f } }
            if p.frame.width < 0 || p.frame.height < 0 || p.cornerRadius < 0 || p.shadowRadius < 0 {
                if let f = flag("presentation negative size/radius", "\(vars[i]!): \(p)",
                                "let p = try world.presentation(of: \(ref(vars[i]!))); #expect(p.frame.width >= 0 && p.frame.height >= 0 && p.cornerRadius >= 0 && p.shadowRadius >= 0)") { return f }
            }
        }
        for i in stacks where world.isAlive(vars[i]!) {
            if let screens = try? world.screens(of: vars[i]!), let bad = screens.first(where: { dead.contains($0.bits) }) {
                if let f = flag("screens(of:) holds an entity dead before the tick", "\(bad)",
                                "#expect(try !world.screens(of: e\(i)).contains(\(ref(bad))))") { return f }
            }
            // Documented to overshoot with a spring, so only finiteness is checked.
            if let p = (try? world.navigationProgress(of: vars[i]!)) ?? nil, !p.isFinite {
                if let f = flag("navigationProgress not finite", "\(p)", "#expect(try world.navigationProgress(of: e\(i))?.isFinite != false)") { return f }
            }
        }
        for i in headers where world.isAlive(vars[i]!) {
            if let p = try? world.flowingHeaderProgress(vars[i]!), !p.isFinite {
                if let f = flag("flowingHeaderProgress not finite", "\(p)", "#expect(try world.flowingHeaderProgress(e\(i)).isFinite)") { return f }
            }
        }
        if let bad = world.presentedPopups.first(where: { dead.contains($0.bits) }) {
            if let f = flag("presentedPopups holds an entity dead before the tick", "\(bad)",
                                "#expect(!world.presentedPopups.contains(\(ref(bad))))") { return f }
        }
        if glowRegistered {
            var bad: Entity?
            try? world.forEach(Glow.self) { e, _ in if dead.contains(e.bits) { bad = e } }
            if let bad { if let f = flag("a component table holds an entity dead before the tick", "\(bad)",
                                           "var seen: [Entity] = []; try world.forEach(Glow.self) { e, _ in seen.append(e) }; #expect(!seen.contains(\(ref(bad))))") { return f } }
        }
        // The drawn bits are the last tick's: a zero-tick `advance(by:)` checks none of them.
        if ticked, let f = checkInput(dead: dead) { return f }
        if ticked, let f = checkTreeOrder() { return f }
        let drained = world.drainEvents()
        recordTick(drained)
        for event in drained {
            eventSink?(event)
            if case let .globalFrameNotKept(view, _, _) = event { framesNotKept.insert(view) }
            let tick: UInt64?
            switch event {
            case let .animationCompleted(c): tick = c.tick
            case let .portalWillStart(e), let .portalDidComplete(e): tick = e.tick
            case let .portalGroupDidComplete(_, _, t): tick = t
            case let .navigationWillStart(e), let .navigationDidComplete(e): tick = e.tick
            default: tick = nil
            }
            guard let tick else { continue }
            if tick > world.tickCount { if let f = flag("event carries a tick after the current one", "\(event) at tick \(world.tickCount)", Self.eventTicks) { return f } }
            if tick < lastEventTick { if let f = flag("events out of tick order", "\(event) after tick \(lastEventTick)", Self.eventTicks) { return f } }
            lastEventTick = tick
        }
        return nil
    }

    /// The clip list: each clip's parent −1 or an earlier clip (so every chain ends), its values
    /// finite and its size and radius ≥ 0; `withClipList` sees the same list as `clipList`.
    func checkClips(_ clips: [RenderClip]) -> Failure? {
        for (k, clip) in clips.enumerated() {
            if clip.parent != -1, !(0..<Int32(k)).contains(clip.parent) {
                if let f = flag("clip parent index not −1 or an earlier clip", "clip \(k): \(clip)",
                                "#expect(world.clipList.indices.allSatisfy { world.clipList[$0].parent == -1 || (0..<Int32($0)).contains(world.clipList[$0].parent) })") { return f }
            }
            if !finite([clip.size.width, clip.size.height, clip.cornerRadius] + Self.entries(clip.transform)) {
                if let f = flag("clip not finite", "clip \(k): \(clip)",
                                "#expect(world.clipList.allSatisfy { [$0.size.width, $0.size.height, $0.cornerRadius, $0.transform.m11, $0.transform.m12, $0.transform.m13, "
                                + "$0.transform.m21, $0.transform.m22, $0.transform.m23, $0.transform.m31, $0.transform.m32, $0.transform.m33].allSatisfy(\\.isFinite) })") { return f }
            }
            if clip.size.width < 0 || clip.size.height < 0 || clip.cornerRadius < 0 {
                if let f = flag("clip negative size or radius", "clip \(k): \(clip)",
                                "#expect(world.clipList.allSatisfy { $0.size.width >= 0 && $0.size.height >= 0 && $0.cornerRadius >= 0 })") { return f }
            }
        }
        if world.withClipList({ $0 }) != clips {
            if let f = flag("withClipList differs from clipList", "\(clips.count) clips", "#expect(world.withClipList { $0 } == world.clipList)") { return f }
        }
        return nil
    }

    /// The events' ticks, in order and none in the future, as Swift.
    static let eventTicks = """
        let ticks = world.drainEvents().compactMap { event -> UInt64? in
            switch event {
            case let .animationCompleted(c): return c.tick
            case let .portalWillStart(e), let .portalDidComplete(e): return e.tick
            case let .portalGroupDidComplete(_, _, tick): return tick
            case let .navigationWillStart(e), let .navigationDidComplete(e): return e.tick
            default: return nil
            }
        }
        #expect(ticks == ticks.sorted() && ticks.allSatisfy { $0 <= world.tickCount })
        """

    /// The result of a query must not hold an entity the host already despawned.
    func checkQuery(_ entities: [Entity], _ op: Op) -> Failure? {
        guard let bad = entities.first(where: { !world.isAlive($0) }) else { return nil }
        let expectation: String
        switch op {
        case let .hitTest(x, y): expectation = "#expect(world.hitTest(Point(x: \(lit(x)), y: \(lit(y)))).map { world.isAlive($0.entity) } != false)"
        case let .tap(x, y): expectation = "#expect(world.hitTest(Point(x: \(lit(x)), y: \(lit(y)))).map { world.isAlive($0.entity) } != false)"
        case .hitItem: expectation = "#expect(world.hitTest(Point(x: \(lit(lastPoint.x)), y: \(lit(lastPoint.y)))).map { world.isAlive($0.entity) } != false)"
        case let .parentOf(view): expectation = "#expect(try world.parent(of: \(name(view))).map { world.isAlive($0) } != false)"
        case let .childrenOf(view): expectation = "#expect(try world.children(of: \(name(view))).allSatisfy { world.isAlive($0) })"
        case let .screens(stack): expectation = "#expect(try world.screens(of: \(name(stack))).allSatisfy { world.isAlive($0) })"
        default: expectation = "var seen: [Entity] = []; try world.forEach(Glow.self) { e, _ in seen.append(e) }; #expect(seen.allSatisfy { world.isAlive($0) })"
        }
        return flag("\(opName(op)) returns a dead entity", "\(bad)", expectation)
    }

    // MARK: Running

    /// Starts recording the calls to a trace (the world is fresh), so that the recorder runs
    /// under every call of the sequence.
    func startRecording() {
        guard (try? world.startRecording()) != nil else { return }
        say("try world.startRecording()")
    }

    /// A failure when `text`, a trace the world recorded, does not parse.
    func checkTrace(_ text: String) -> Failure? {
        do throws(TraceError) {
            _ = try Trace(text)
            return nil
        } catch {
            return flag("the recorded trace does not parse", "\(error)", "#expect(throws: Never.self) { try Trace(world.recordedTrace!) }")
        }
    }

    /// Runs `ops[i]` for each kept `i`; stops at the first failure.
    func run(_ ops: [Op], keep: (Int) -> Bool, trace: ((Int) -> Void)? = nil) -> Failure? {
        for (i, op) in ops.enumerated() where keep(i) {
            trace?(i)
            currentCall = i
            let isTick: Bool
            switch op { case .tick, .advance: isTick = true; default: isTick = false }
            if isShadow {
                // The same calls but the queries; nothing checked, each tick's digest kept.
                guard !op.isQuery else { continue }
                var queried: [Entity] = []
                _ = try? perform(op, i, queried: &queried)
                failure = nil
                if isTick { recordTick(world.drainEvents()) }
                continue
            }
            var dead = Set<UInt64>()
            if isTick { for (_, e) in vars where !world.isAlive(e) { dead.insert(e.bits) } }
            let before = isTick ? nil : fingerprint()
            let ticksBefore = world.tickCount
            let outcome: Outcome
            var queried: [Entity] = []
            do throws(PortalError) {
                outcome = try perform(op, i, queried: &queried)
            } catch {
                outcome = .refused(error)
            }
            if let f = failure { return f }
            switch outcome {
            case .skipped: continue
            case let .refused(error):
                if let before, fingerprint() != before {
                    if let f = flag("refused \(opName(op)) changed observable state", "\(error)",
                                           "// the refused call above changed what the public API shows (\(error))") { return f }
                }
            case .ok: break
            }
            // `advance(by:)` may run no tick: then the render list is the last tick's, legitimately.
            if isTick, let failure = checkTick(dead: world.tickCount == ticksBefore ? [] : dead, ticked: world.tickCount != ticksBefore) { return failure }
            if isTick, let failure = checkRenderChanges() { return failure }
            if !queried.isEmpty, let failure = checkQuery(queried, op) { return failure }
        }
        return nil
    }

    func opName(_ op: Op) -> String {
        let text = "\(op)"
        return String(text.prefix { $0.isLetter || $0.isNumber })
    }

    /// Records the Swift for a call: `call` as it succeeded or as it was refused.
    func emit(_ call: String, refused: Bool, binding: String? = nil) {
        if refused {
            say("#expect(throws: PortalError.self) { \(binding == nil ? "" : "_ = ")try \(call) }")
        } else if let binding {
            say("let \(binding) = try \(call)")
        } else {
            say("try \(call)")
        }
    }

    /// Runs a throwing call and records it.
    func call<T>(_ code: String, binding: String? = nil, _ body: () throws(PortalError) -> T) throws(PortalError) -> T {
        sink?(Self.pending + code)   // a trap inside the call leaves it as the last line
        do throws(PortalError) {
            let value = try body()
            if let entity = value as? Entity { created.append(entity) }
            emit(code, refused: false, binding: binding)
            return value
        } catch {
            emit(code, refused: true, binding: binding)
            throw error
        }
    }

    func bind(_ i: Int, _ entity: Entity, kind: inout [Int]) {
        vars[i] = entity
        order.append(i)
        kind.append(i)
    }

    func config(_ c: ConfigSpec) -> (PortalTransitionConfig, String)? {
        var content: Entity?
        if let ref = c.layerContent {
            guard let e = resolve(ref) else { return nil }
            content = e
        }
        let corners = c.corners.map { PortalCorners(source: $0.0, destination: $0.1, style: $0.2 ? .continuous : .circular) }
        let cornersCode = c.corners.map { "PortalCorners(source: \(lit($0.0)), destination: \(lit($0.1)), style: \($0.2 ? ".continuous" : ".circular"))" }
        let effects = c.effects.map(\.effect)
        var tail = ""
        if let cornersCode { tail += ", corners: \(cornersCode)" }
        if c.removal { tail += ", removal: .fade" }
        if let ref = c.layerContent { tail += ", layerContent: \(name(ref))" }
        if c.hitTesting { tail += ", allowsHitTesting: true" }
        if !c.effects.isEmpty { tail += ", effects: [\(c.effects.map(\.code).joined(separator: ", "))]" }
        let config: PortalTransitionConfig, code: String
        if let duration = c.duration {
            config = PortalTransitionConfig(animation: PortalAnimation(c.animation.animation, delay: c.delay, duration: duration), corners: corners,
                                            removal: c.removal ? .fade : .none, layerContent: content, allowsHitTesting: c.hitTesting, effects: effects)
            code = "PortalTransitionConfig(animation: PortalAnimation(\(c.animation.code), delay: \(lit(c.delay)), duration: \(lit(duration)))\(tail))"
        } else {
            let criterion: AnimationCompletionCriteria = c.criterion ? .logicallyComplete : .removed
            config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(c.animation.animation, delay: c.delay, completionCriteria: criterion),
                                            corners: corners, removal: c.removal ? .fade : .none, layerContent: content,
                                            allowsHitTesting: c.hitTesting, effects: effects)
            code = "PortalTransitionConfig(animation: PortalAnimationWithCompletion(\(c.animation.code), delay: \(lit(c.delay)), "
                + "completionCriteria: \(c.criterion ? ".logicallyComplete" : ".removed"))\(tail))"
        }
        return c.dragDismiss ? Self.dragDismissing(config, code) : (config, code)
    }

    /// Portal drag to dismiss (issue 26) on a configuration and its Swift, for the half of the
    /// configurations that draw it: the pointer streams press and pan on portal destinations and
    /// flying layers (`PointerAim.anchor`, `.layer`), so drags begin, catch and release.
    static func dragDismissing(_ config: PortalTransitionConfig, _ code: String) -> (PortalTransitionConfig, String) {
        var c = config
        c.dragToDismiss = PortalDragDismiss()
        return (c, "{ var c = \(code); c.dragToDismiss = PortalDragDismiss(); return c }()")
    }

    static let stageNames: [TickStage: String] = [.layoutCapture: ".layoutCapture", .matching: ".matching", .interpolation: ".interpolation",
                                                  .finish: ".finish", .output: ".output"]

    func perform(_ op: Op, _ i: Int, queried: inout [Entity]) throws(PortalError) -> Outcome {
        let w = world
        switch op {
        case let .spawnView(r, radius, opacity):
            let e = try call("world.spawnView(frame: \(r.code), cornerRadius: \(lit(radius)), opacity: \(lit(opacity)))", binding: "e\(i)") { () throws(PortalError) in
                try w.spawnView(frame: r.rect, cornerRadius: radius, opacity: opacity)
            }
            bind(i, e, kind: &viewVars)
        case .spawn:
            let e = try call("world.spawn()", binding: "e\(i)") { () throws(PortalError) in try w.spawn() }
            var none: [Int] = []
            bind(i, e, kind: &none)
        case let .despawn(ref):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.despawn(\(name(ref)))") { () throws(PortalError) in try w.despawn(e) }
        case let .setFrame(r, ref):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.setFrame(\(r.code), of: \(name(ref)))") { () throws(PortalError) in try w.setFrame(r.rect, of: e) }
        case let .update(ref, p):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.update(\(name(ref)), to: \(p.code))") { () throws(PortalError) in try w.update(e, to: p.properties) }
        case let .animate(ref, p, a):
            guard let e = resolve(ref) else { return .skipped }
            _ = try call("world.animate(\(name(ref)), to: \(p.code), with: \(a.code))", binding: "_") { () throws(PortalError) in
                try w.animate(e, to: p.properties, with: a.animation)
            }
        case let .setZIndex(z, ref):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.setZIndex(\(z), of: \(name(ref)))") { () throws(PortalError) in try w.setZIndex(z, of: e) }
        case let .setHitTesting(b, ref):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.setAllowsHitTesting(\(b), of: \(name(ref)))") { () throws(PortalError) in try w.setAllowsHitTesting(b, of: e) }
        case let .setHidden(b, ref):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.setHidden(\(b), of: \(name(ref)))") { () throws(PortalError) in try w.setHidden(b, of: e) }
        case let .setCornerStyle(continuous, clips, ref):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.setCornerStyle(\(continuous ? ".continuous" : ".circular"), clipsContent: \(clips), of: \(name(ref)))") { () throws(PortalError) in
                try w.setCornerStyle(continuous ? .continuous : .circular, clipsContent: clips, of: e)
            }
        case let .presentation(ref):
            guard let e = resolve(ref) else { return .skipped }
            _ = try call("world.presentation(of: \(name(ref)))", binding: "_") { () throws(PortalError) in try w.presentation(of: e) }
        case .register:
            try call("world.register(Glow.self)") { () throws(PortalError) in try w.register(Glow.self) }
            glowRegistered = true
        case let .insertGlow(level, ref):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.insert(Glow(level: \(level)), for: \(name(ref)))") { () throws(PortalError) in try w.insert(Glow(level: level), for: e) }
        case let .removeGlow(ref):
            guard let e = resolve(ref) else { return .skipped }
            _ = try call("world.removeComponent(Glow.self, from: \(name(ref)))", binding: "_") { () throws(PortalError) in try w.removeComponent(Glow.self, from: e) }
        case let .glow(ref):
            guard let e = resolve(ref) else { return .skipped }
            _ = try call("world.component(Glow.self, of: \(name(ref)))", binding: "_") { () throws(PortalError) in try w.component(Glow.self, of: e) }
        case .forEachGlow:
            var seen: [Entity] = []
            try call("world.forEach(Glow.self) { _, _ in }") { () throws(PortalError) in try w.forEach(Glow.self) { e, _ in seen.append(e) } }
            queried = seen
        case .updateEachGlow:
            try call("world.updateEach(Glow.self) { _, glow in glow.level += 1 }") { () throws(PortalError) in
                try w.updateEach(Glow.self) { _, glow in glow.level += 1 }
            }
        case let .addSystem(kind, stage, p):
            let (body, code) = Self.system(kind, p, counter: "n\(i)")
            systemIDs[i] = w.addSystem("fuzz\(i)", stage: stage, body)
            if kind == .setFrameRendered || kind == .despawnRendered { movers.insert(i) }
            say("var n\(i) = 0")
            say("let s\(i) = world.addSystem(\"fuzz\(i)\", stage: \(Self.stageNames[stage]!)) { w in \(code) }; _ = s\(i)")
        case let .removeSystem(k):
            guard let id = systemIDs[k] else { return .skipped }
            try call("world.removeSystem(s\(k))") { () throws(PortalError) in try w.removeSystem(id) }
            movers.remove(k)
        case let .portal(ref, k, source):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.portal(\(name(ref)), id: \"p\(k)\", as: \(source ? ".source" : ".destination"))") { () throws(PortalError) in
                try mark(e, PortalID("p\(k)"), source ? .source : .destination)
            }
        case let .portalItem(ref, k, source):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.portal(\(name(ref)), item: Item(id: \(k)), as: \(source ? ".source" : ".destination"))") { () throws(PortalError) in
                try mark(e, PortalID(item: FuzzItem(id: k)), source ? .source : .destination)
            }
        case let .removePortal(ref):
            guard let e = resolve(ref) else { return .skipped }
            try call("world.removePortal(from: \(name(ref)))") { () throws(PortalError) in try w.removePortal(from: e) }
            marks.removeAll { $0.view == e }
        case let .portalTransition(k, active, c):
            guard let (config, code) = config(c) else { return .skipped }
            try call("world.portalTransition(id: \"p\(k)\", isActive: \(active), config: \(code))") { () throws(PortalError) in
                try w.portalTransition(id: PortalID("p\(k)"), isActive: active, config: config)
            }
            if c.removal { fadeIDs.insert(PortalID("p\(k)")) }
        case let .portalTransitionItem(item, c, scope):
            guard let (config, code) = config(c) else { return .skipped }
            let scopeName = scope == 0 ? "" : "s1"
            try call("world.portalTransition(item: \(item.map { "Item(id: \($0))" } ?? "Item?.none"), config: \(code), scope: \"\(scopeName)\")") { () throws(PortalError) in
                try w.portalTransition(item: item.map { FuzzItem(id: $0) }, config: config, scope: scopeName)
            }
            if c.removal { for k in 0..<5 { fadeIDs.insert(PortalID(item: FuzzItem(id: k))) } }
        case let .portalGroup(ids, group, active, c, stagger, asItems):
            guard let (config, code) = config(c) else { return .skipped }
            // Noted before the call: a refused call changes nothing, and a note too many only
            // looks past an overlap.
            if c.removal { for k in ids { fadeIDs.insert(asItems ? PortalID(item: FuzzItem(id: k)) : PortalID("p\(k)")) } }
            if asItems {
                try call("world.portalTransition(items: [\(ids.map { "Item(id: \($0))" }.joined(separator: ", "))], groupID: \"g\(group)\", isActive: \(active), config: \(code), staggerDelay: \(lit(stagger)))") { () throws(PortalError) in
                    try w.portalTransition(items: ids.map { FuzzItem(id: $0) }, groupID: "g\(group)", isActive: active, config: config, staggerDelay: stagger)
                }
            } else {
                try call("world.portalTransition(ids: [\(ids.map { "\"p\($0)\"" }.joined(separator: ", "))], groupID: \"g\(group)\", isActive: \(active), config: \(code), staggerDelay: \(lit(stagger)))") { () throws(PortalError) in
                    try w.portalTransition(ids: ids.map { PortalID("p\($0)") }, groupID: "g\(group)", isActive: active, config: config, staggerDelay: stagger)
                }
            }
        case let .transfer(a, b):
            try call("world.transferActivePortal(from: \"p\(a)\", to: \"p\(b)\")") { () throws(PortalError) in
                try w.transferActivePortal(from: PortalID("p\(a)"), to: PortalID("p\(b)"))
            }
            if fadeIDs.contains(PortalID("p\(a)")) || fadeIDs.contains(PortalID("p\(b)")) { fadeIDs.formUnion([PortalID("p\(a)"), PortalID("p\(b)")]) }
        case let .reduceMotion(on):
            w.reduceMotion = on
            if on { reducedMotionSeen = true }
            say("world.reduceMotion = \(on)")
        case let .captureRendered(k, special):
            let items = w.renderList
            let candidates = items.indices.filter { !special || items[$0].role != .view }
            guard !candidates.isEmpty else { return .skipped }
            let index = candidates[k % candidates.count]
            var none: [Int] = []
            bind(i, items[index].entity, kind: &none)
            say("let e\(i) = world.renderList[\(index)].entity  // \(items[index].role)")
        case let .captureLayer(k):
            let layers = w.portalLayers()
            guard !layers.isEmpty else { return .skipped }
            var none: [Int] = []
            bind(i, layers[k % layers.count].layer, kind: &none)
            say("let e\(i) = world.portalLayers()[\(k % layers.count)].layer")
        case let .spawnStack(r, root, edge):
            guard let e = resolve(root) else { return .skipped }
            let start: InteractivePopStart = edge.map { .edge(width: $0) } ?? .anywhere
            let s = try call("world.spawnNavigationStack(frame: \(r.code), root: \(name(root)), interactivePopStart: \(edge.map { ".edge(width: \(lit($0)))" } ?? ".anywhere"))", binding: "e\(i)") { () throws(PortalError) in
                try w.spawnNavigationStack(frame: r.rect, root: e, interactivePopStart: start)
            }
            bind(i, s, kind: &stacks)
        case let .spawnScreen(stack, radius):
            guard let s = resolve(stack) else { return .skipped }
            let e = try call("world.spawnScreen(for: \(name(stack)), cornerRadius: \(lit(radius)))", binding: "e\(i)") { () throws(PortalError) in
                try w.spawnScreen(for: s, cornerRadius: radius)
            }
            bind(i, e, kind: &viewVars)
        case let .push(screen, stack, t):
            guard let a = resolve(screen), let s = resolve(stack) else { return .skipped }
            try call("world.push(\(name(screen)), onto: \(name(stack)), transition: \(t.code))") { () throws(PortalError) in
                try w.push(a, onto: s, transition: t.transition)
            }
        case let .pop(stack, t):
            guard let s = resolve(stack) else { return .skipped }
            try call("world.pop(\(name(stack)), transition: \(t.code))") { () throws(PortalError) in try w.pop(s, transition: t.transition) }
        case let .popToRoot(stack, t):
            guard let s = resolve(stack) else { return .skipped }
            try call("world.popToRoot(\(name(stack)), transition: \(t.code))") { () throws(PortalError) in try w.popToRoot(s, transition: t.transition) }
        case let .setStack(stack, screens, t):
            guard let s = resolve(stack) else { return .skipped }
            var list: [Entity] = []
            for ref in screens { guard let e = resolve(ref) else { return .skipped }; list.append(e) }
            try call("world.setStack(\(name(stack)), screens: [\(screens.map(name).joined(separator: ", "))], transition: \(t.code))") { () throws(PortalError) in
                try w.setStack(s, screens: list, transition: t.transition)
            }
        case let .screens(stack):
            guard let s = resolve(stack) else { return .skipped }
            queried = try call("world.screens(of: \(name(stack)))", binding: "_") { () throws(PortalError) in try w.screens(of: s) }
        case let .navigationProgress(stack):
            guard let s = resolve(stack) else { return .skipped }
            _ = try call("world.navigationProgress(of: \(name(stack)))", binding: "_") { () throws(PortalError) in try w.navigationProgress(of: s) }
        case let .beginPop(stack, x, y, t):
            guard let s = resolve(stack) else { return .skipped }
            _ = try call("world.beginInteractivePop(\(name(stack)), at: Point(x: \(lit(x)), y: \(lit(y))), transition: \(t.code))", binding: "_") { () throws(PortalError) in
                try w.beginInteractivePop(s, at: Point(x: x, y: y), transition: t.transition)
            }
        case let .updatePop(stack, dx):
            guard let s = resolve(stack) else { return .skipped }
            try call("world.updateInteractivePop(\(name(stack)), translation: \(lit(dx)))") { () throws(PortalError) in try w.updateInteractivePop(s, translation: dx) }
        case let .endPop(stack, v):
            guard let s = resolve(stack) else { return .skipped }
            _ = try call("world.endInteractivePop(\(name(stack)), velocity: \(lit(v)))") { () throws(PortalError) in try w.endInteractivePop(s, velocity: v) }
        case let .header(screen, title, subtitle, accessory, barTitle, barAccessory, displays, horizontal, snapping, tokens):
            guard let sc = resolve(screen), let ti = resolve(title) else { return .skipped }
            var parts: [Entity?] = []
            var codes = ""
            for (label, ref) in [("subtitle", subtitle), ("accessory", accessory), ("barTitle", barTitle), ("barAccessory", barAccessory)] {
                if let ref {
                    guard let e = resolve(ref) else { return .skipped }
                    parts.append(e)
                    codes += ", \(label): \(name(ref))"
                } else {
                    parts.append(nil)
                }
            }
            let behaviors: [(SnappingBehavior, String)] = [(.directional, ".directional"), (.nearest, ".nearest"), (.none, ".none")]
            let h = try call("world.flowingHeader(on: \(name(screen)), title: \(name(title))\(codes), displays: FlowingHeaderDisplays(rawValue: \(displays)), "
                             + "layout: \(horizontal ? ".horizontal" : ".vertical"), snappingBehavior: \(behaviors[snapping].1), tokens: \(tokens.code))", binding: "e\(i)") { () throws(PortalError) in
                try w.flowingHeader(on: sc, title: ti, subtitle: parts[0], accessory: parts[1], barTitle: parts[2], barAccessory: parts[3],
                                    displays: FlowingHeaderDisplays(rawValue: displays), layout: horizontal ? .horizontal : .vertical,
                                    snappingBehavior: behaviors[snapping].0, tokens: tokens.tokens)
            }
            bind(i, h, kind: &headers)
        case let .headerAnchors(header, title, accessory, bar, width, height):
            guard let h = resolve(header) else { return .skipped }
            try call("world.setFlowingHeaderAnchors(\(name(header)), title: \(title.code), accessory: \(accessory?.code ?? "nil"), bar: \(bar.code), barTitleSize: Size(width: \(lit(width)), height: \(lit(height))))") { () throws(PortalError) in
                try w.setFlowingHeaderAnchors(h, title: title.rect, accessory: accessory?.rect, bar: bar.rect, barTitleSize: Size(width: width, height: height))
            }
        case let .scroll(header, offset, phase):
            guard let h = resolve(header) else { return .skipped }
            let phases: [(ScrollPhase, String)] = [(.interacting, ".interacting"), (.decelerating, ".decelerating"), (.idle, ".idle")]
            try call("world.reportScroll(\(name(header)), offset: \(lit(offset)), phase: \(phases[phase].1))") { () throws(PortalError) in
                try w.reportScroll(h, offset: offset, phase: phases[phase].0)
            }
        case let .headerProgress(header):
            guard let h = resolve(header) else { return .skipped }
            _ = try call("world.flowingHeaderProgress(\(name(header)))", binding: "_") { () throws(PortalError) in try w.flowingHeaderProgress(h) }
        case let .popupContainer(r, top, bottom):
            try call("world.setPopupContainer(bounds: \(r.code), safeArea: EdgeInsets(top: \(lit(top)), leading: 0, bottom: \(lit(bottom)), trailing: 0))") { () throws(PortalError) in
                try w.setPopupContainer(bounds: r.rect, safeArea: EdgeInsets(top: top, leading: 0, bottom: bottom, trailing: 0))
            }
        case let .presentPopup(content, source, width, height, a, backdrop):
            guard let c = resolve(content), let s = resolve(source) else { return .skipped }
            try call("world.presentPopup(\(name(content)), from: \(name(source)), width: \(lit(width)), height: \(lit(height)), animation: \(a.code), backdrop: \(backdrop))") { () throws(PortalError) in
                try w.presentPopup(c, from: s, width: width, height: height, animation: a.animation, backdrop: backdrop)
            }
        case let .dismissPopup(content):
            guard let c = resolve(content) else { return .skipped }
            try call("world.dismissPopup(\(name(content)))") { () throws(PortalError) in try w.dismissPopup(c) }
        case .dismissTop:
            say("world.dismissTopPopup()")
            w.dismissTopPopup()
        case let .popupPolicy(stack):
            w.popupPolicy = stack ? .stack : .oneAtATime
            say("world.popupPolicy = \(stack ? ".stack" : ".oneAtATime")")
        case let .hitTest(x, y):
            say("_ = world.hitTest(Point(x: \(lit(x)), y: \(lit(y))))")
            let hit = w.hitTest(Point(x: x, y: y))
            if let hit { queried = [hit.entity] }
            if let f = checkHit(Point(x: x, y: y), hit) { failure = f }
        case let .tap(x, y):
            say("world.tap(at: Point(x: \(lit(x)), y: \(lit(y))))")
            if let hit = w.tap(at: Point(x: x, y: y)) { queried = [hit.entity] }
        case let .advance(seconds):
            say("world.advance(by: \(lit(seconds)))")
            let before = w.tickCount
            w.advance(by: seconds)
            say(Self.ran + "\(w.tickCount - before)")
        case .tick:
            say("world.tick()")
            w.tick()
        case let .recording(kind, ref):
            switch kind {
            case 0: try call("world.startRecording()") { () throws(PortalError) in try w.startRecording() }
            case 1:
                say("_ = world.recordedTrace")
                _ = w.recordedTrace
                if let e = resolve(ref) {
                    say("_ = world.traceName(of: \(name(ref)))")
                    _ = w.traceName(of: e)
                }
            default:
                say("world.stopRecording()")
                if let text = w.stopRecording(), let f = checkTrace(text) { failure = f }
            }
        case let .spawnViewIn(r, radius, opacity, named):
            // A parent whose call bound nothing (refused or dropped) makes a root view, so one
            // refused spawn does not take its would-be subtree's calls with it.
            var parent = named
            if let ref = parent, resolve(ref) == nil { parent = nil }
            let p = parent.flatMap(resolve)
            let e = try call("world.spawnView(frame: \(r.code), cornerRadius: \(lit(radius)), opacity: \(lit(opacity)), in: \(parent.map(name) ?? "nil"))",
                             binding: "e\(i)") { () throws(PortalError) in
                try w.spawnView(frame: r.rect, cornerRadius: radius, opacity: opacity, in: p)
            }
            bind(i, e, kind: &viewVars)
        case let .setParent(parent, view, keeping):
            guard let v = resolve(view) else { return .skipped }
            var p: Entity?
            if let parent { guard let e = resolve(parent) else { return .skipped }; p = e }
            try call("world.setParent(\(parent.map(name) ?? "nil"), of: \(name(view)), keepingGlobalFrame: \(keeping))") { () throws(PortalError) in
                try w.setParent(p, of: v, keepingGlobalFrame: keeping)
            }
        case let .parentOf(view):
            guard let v = resolve(view) else { return .skipped }
            let p = try call("world.parent(of: \(name(view)))", binding: "_") { () throws(PortalError) in try w.parent(of: v) }
            queried = p.map { [$0] } ?? []
        case let .childrenOf(view):
            guard let v = resolve(view) else { return .skipped }
            queried = try call("world.children(of: \(name(view)))", binding: "_") { () throws(PortalError) in try w.children(of: v) }
        case let .setContentOffset(x, y, view):
            guard let v = resolve(view) else { return .skipped }
            try call("world.setContentOffset(Point(x: \(lit(x)), y: \(lit(y))), of: \(name(view)))") { () throws(PortalError) in
                try w.setContentOffset(Point(x: x, y: y), of: v)
            }
        case let .setFrames(elements, fromBuffer):
            var frames: [ViewFrame] = []
            for (rect, ref) in elements {
                guard let e = resolve(ref) else { return .skipped }
                frames.append(ViewFrame(view: e, frame: rect.rect))
            }
            let list = "[" + elements.map { "ViewFrame(view: \(name($0.1)), frame: \($0.0.code))" }.joined(separator: ", ") + "]"
            if fromBuffer {
                try call("\(list).withUnsafeBufferPointer { try world.setFrames($0) }") { () throws(PortalError) in
                    try frames.withUnsafeBufferPointer { buffer throws(PortalError) in try w.setFrames(buffer) }
                }
            } else {
                try call("world.setFrames(\(list))") { () throws(PortalError) in try w.setFrames(frames) }
            }
        case let .keepFrame(parentRect, sx, sy, degrees, viewRect):
            try keepFrame(i, parent: parentRect, scaleX: sx, scaleY: sy, degrees: degrees, view: viewRect)
        case let .turnedAnchorFlight(cardRect, anchorRect, angle, perspective, flight, radiusAnimation, radius, before, after):
            // Fresh views and a portal of this call's own ("t" and the index), so the scenario
            // happens whatever else the sequence did; the debug invariants judge it.
            let source = try call("world.spawnView(frame: Rect(x: 0, y: 0, width: 50, height: 50))", binding: "e\(i)") { () throws(PortalError) in
                try w.spawnView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            }
            bind(i, source, kind: &viewVars)
            let card = try call("world.spawnView(frame: \(cardRect.code))", binding: "c\(i)") { () throws(PortalError) in try w.spawnView(frame: cardRect.rect) }
            let anchor = try call("world.spawnView(frame: \(anchorRect.code), cornerRadius: 4, in: c\(i))", binding: "a\(i)") { () throws(PortalError) in
                try w.spawnView(frame: anchorRect.rect, cornerRadius: 4, in: card)
            }
            let id = PortalID("t\(i)")
            try call("world.portal(e\(i), id: \"t\(i)\", as: .source)") { () throws(PortalError) in try mark(source, id, .source) }
            try call("world.portal(a\(i), id: \"t\(i)\", as: .destination)") { () throws(PortalError) in try mark(anchor, id, .destination) }
            guard checkedTick() else { return .ok }
            try call("world.portalTransition(id: \"t\(i)\", isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(\(flight.code))))") { () throws(PortalError) in
                try w.portalTransition(id: id, isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(flight.animation)))
            }
            for _ in 0..<before { guard checkedTick() else { return .ok } }
            let turned = Transform(rotation3D: Rotation3D(angle: .degrees(angle), perspective: perspective))
            try call("world.update(c\(i), to: ViewProperties(transform: Transform(rotation3D: Rotation3D(angle: .degrees(\(lit(angle))), perspective: \(lit(perspective))))))") { () throws(PortalError) in
                try w.update(card, to: ViewProperties(transform: turned))
            }
            guard checkedTick() else { return .ok }
            _ = try call("world.animate(a\(i), to: ViewProperties(cornerRadius: \(lit(radius))), with: \(radiusAnimation.code))", binding: "_") { () throws(PortalError) in
                try w.animate(anchor, to: ViewProperties(cornerRadius: radius), with: radiusAnimation.animation)
            }
            for _ in 0..<after { guard checkedTick() else { return .ok } }
        case let .despawnedLayerContent(contentRect, otherRect, byApp, delay, ticks):
            let content = try call("world.spawnView(frame: \(contentRect.code))", binding: "e\(i)") { () throws(PortalError) in try w.spawnView(frame: contentRect.rect) }
            bind(i, content, kind: &viewVars)
            try call("world.setClipsToBounds(true, of: e\(i))") { () throws(PortalError) in try w.setClipsToBounds(true, of: content) }
            let home = try call("world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100), in: e\(i))", binding: "h\(i)") { () throws(PortalError) in
                try w.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100), in: content)
            }
            if byApp {
                try call("world.setHidden(true, of: h\(i))") { () throws(PortalError) in try w.setHidden(true, of: home) }
            } else {
                try call("world.portal(h\(i), id: \"h\(i)\", as: .destination)") { () throws(PortalError) in try mark(home, PortalID("h\(i)"), .destination) }
            }
            let a = try call("world.spawnView(frame: Rect(x: 20, y: 20, width: 40, height: 40), in: h\(i))", binding: "a\(i)") { () throws(PortalError) in
                try w.spawnView(frame: Rect(x: 20, y: 20, width: 40, height: 40), in: home)
            }
            let b = try call("world.spawnView(frame: Rect(x: 50, y: 50, width: 30, height: 30), in: h\(i))", binding: "b\(i)") { () throws(PortalError) in
                try w.spawnView(frame: Rect(x: 50, y: 50, width: 30, height: 30), in: home)
            }
            let id = PortalID("l\(i)")
            try call("world.portal(a\(i), id: \"l\(i)\", as: .source)") { () throws(PortalError) in try mark(a, id, .source) }
            try call("world.portal(b\(i), id: \"l\(i)\", as: .destination)") { () throws(PortalError) in try mark(b, id, .destination) }
            let other = try call("world.spawnView(frame: \(otherRect.code))", binding: "o\(i)") { () throws(PortalError) in try w.spawnView(frame: otherRect.rect) }
            try call("world.setClipsToBounds(true, of: o\(i))") { () throws(PortalError) in try w.setClipsToBounds(true, of: other) }
            _ = try call("world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: o\(i))", binding: "_") { () throws(PortalError) in
                try w.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), in: other)
            }
            let config = PortalTransitionConfig(animation: PortalAnimation(.smooth, delay: delay), layerContent: content)
            try call("world.portalTransition(id: \"l\(i)\", isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(.smooth, delay: \(lit(delay))), layerContent: e\(i)))") { () throws(PortalError) in
                try w.portalTransition(id: id, isActive: true, config: config)
            }
            for _ in 0...ticks { guard checkedTick() else { return .ok } }
            try call("world.despawn(e\(i))") { () throws(PortalError) in try w.despawn(content) }
            guard checkedTick() else { return .ok }
        case let .setClipsToBounds(clips, view):
            guard let v = resolve(view) else { return .skipped }
            try call("world.setClipsToBounds(\(clips), of: \(name(view)))") { () throws(PortalError) in try w.setClipsToBounds(clips, of: v) }
        case let .clipList(closure):
            let clips = closure ? w.withClipList { $0 } : w.clipList
            say(closure ? "_ = world.withClipList { $0.count }" : "_ = world.clipList")
            let items = w.renderList
            if let bad = items.first(where: { $0.clip != -1 && !(0..<Int32(clips.count)).contains($0.clip) }),
               let f = flag("render item clip index outside the clip list", "\(bad) with \(clips.count) clips",
                            "let clips = world.clipList.count; " + everyItem("$0.clip == -1 || (0..<Int32(clips)).contains($0.clip)")) {
                failure = f
            } else if let f = checkClips(clips) {
                failure = f
            }
        case let .pointer(id, raw, aim, step):
            let phase = PointerPhase(rawValue: raw) ?? .moved
            try sendPointer(id, phase, at: location(aim, pointer: id), time: pointerClock + step)
        case let .pan(id, aim, dx, dy, steps, step, end):
            let start = location(aim, pointer: id)
            try sendPointer(id, .began, at: start, time: pointerClock + step)
            guard pan(id, from: start, by: dx, dy, steps: steps, step: step, end: end) else { return .ok }
        case let .scrollScene(rect, spec, dy, steps, end):
            let v = try call("world.spawnView(frame: \(rect.code))", binding: "e\(i)") { () throws(PortalError) in try w.spawnView(frame: rect.rect) }
            bind(i, v, kind: &viewVars)
            _ = softly { () throws(PortalError) in try call("world.setZIndex(3, of: e\(i))") { () throws(PortalError) in try w.setZIndex(3, of: v) } }
            _ = softly { () throws(PortalError) in
                try call("world.makeScrollView(e\(i), configuration: \(spec.code))") { () throws(PortalError) in try w.makeScrollView(v, configuration: spec.configuration) }
            }
            scrollVars.append(i)
            guard checkedTick() else { return .ok }
            let start = location(.view(.v(i), 0.5, dy < 0 ? 0.8 : 0.2), pointer: 7)
            guard softly({ () throws(PortalError) in try sendPointer(7, .began, at: start, time: pointerClock + 1.0 / 60) }) != nil else { return .ok }
            guard pan(7, from: start, by: 0, dy, steps: steps, step: 1.0 / 60, end: end) else { return .ok }
            for _ in 0..<3 { guard checkedTick() else { return .ok } }
        case let .makeScrollView(view, spec):
            guard let v = resolve(view) else { return .skipped }
            try call("world.makeScrollView(\(name(view)), configuration: \(spec.code))") { () throws(PortalError) in
                try w.makeScrollView(v, configuration: spec.configuration)
            }
            if case let .v(k) = view { scrollVars.append(k) }
        case let .removeScrollView(view):
            guard let v = resolve(view) else { return .skipped }
            try call("world.removeScrollView(\(name(view)))") { () throws(PortalError) in try w.removeScrollView(v) }
        case let .scrollTo(view, x, y, animated):
            guard let v = resolve(view) else { return .skipped }
            try call("world.scroll(\(name(view)), to: Point(x: \(lit(x)), y: \(lit(y))), animated: \(animated))") { () throws(PortalError) in
                try w.scroll(v, to: Point(x: x, y: y), animated: animated)
            }
        case let .scrollState(view):
            guard let v = resolve(view) else { return .skipped }
            let state = try call("world.scrollViewState(of: \(name(view)))", binding: "_") { () throws(PortalError) in try w.scrollViewState(of: v) }
            let values = [state.contentOffset.x, state.contentOffset.y, state.velocity.x, state.velocity.y]
            if !finite(values), let f = flag("scroll view state not finite", "\(state)",
                                              "let s = try world.scrollViewState(of: \(name(view))); #expect([s.contentOffset.x, s.contentOffset.y, s.velocity.x, s.velocity.y].allSatisfy(\\.isFinite))") {
                failure = f
            }
        case let .following(k, stack, active, c):
            guard let s = resolve(stack), let (base, code) = config(c) else { return .skipped }
            var config = base
            config.following = s
            try call("world.portalTransition(id: \"p\(k)\", isActive: \(active), config: { var c = \(code); c.following = \(name(stack)); return c }())") { () throws(PortalError) in
                try w.portalTransition(id: PortalID("p\(k)"), isActive: active, config: config)
            }
            if c.removal { fadeIDs.insert(PortalID("p\(k)")) }
        case let .zoomPush(screen, stack, source, animation):
            guard let a = resolve(screen), let s = resolve(stack), let z = resolve(source) else { return .skipped }
            let (t, code) = zoom(z, source, animation)
            try call("world.push(\(name(screen)), onto: \(name(stack)), transition: \(code))") { () throws(PortalError) in try w.push(a, onto: s, transition: t) }
        case let .zoomPop(stack, source, animation):
            guard let s = resolve(stack), let z = resolve(source) else { return .skipped }
            let (t, code) = zoom(z, source, animation)
            try call("world.pop(\(name(stack)), transition: \(code))") { () throws(PortalError) in try w.pop(s, transition: t) }
        case let .zoomScene(stack, rect, anchor, ticks, then, animation):
            guard let s = resolve(stack) else { return .skipped }
            let screen = try call("world.spawnScreen(for: \(name(stack)))", binding: "q\(i)") { () throws(PortalError) in try w.spawnScreen(for: s) }
            let source = try call("world.spawnView(frame: \(rect.code))", binding: "e\(i)") { () throws(PortalError) in try w.spawnView(frame: rect.rect) }
            var none: [Int] = []
            bind(i, source, kind: &none)
            if anchor { _ = softly { () throws(PortalError) in try call("world.portal(e\(i), id: \"z\(i)\", as: .source)") { () throws(PortalError) in try mark(source, PortalID("z\(i)"), .source) } } }
            zoomSources.append(source)
            guard checkedTick() else { return .ok }
            // The zoom is the stack's running transition from the next tick if the stack is at rest now.
            let atRest = w.isAlive(s) && ((try? w.navigationProgress(of: s)) ?? nil) == nil
            let (t, code) = zoom(source, .v(i), animation)
            let pushed = softly({ () throws(PortalError) in
                try call("world.push(q\(i), onto: \(name(stack)), transition: \(code))") { () throws(PortalError) in try w.push(screen, onto: s, transition: t) }
            }) != nil
            for _ in 0...ticks {
                guard checkedTick() else { return .ok }
                if pushed, atRest, w.isAlive(source), ((try? w.navigationProgress(of: s)) ?? nil) != nil, (try? w.presentation(of: source))?.isDrawn == true,
                   let f = flag("a zoom's source is drawn while its zoom runs", "\(source) zooming on \(s)",
                                "#expect(try world.navigationProgress(of: \(name(stack))) == nil || !world.presentation(of: e\(i)).isDrawn)") {
                    failure = f
                    return .ok
                }
            }
            switch then {
            case 1: _ = softly { () throws(PortalError) in try call("world.despawn(e\(i))") { () throws(PortalError) in try w.despawn(source) } }
            case 2: _ = softly { () throws(PortalError) in try call("world.pop(\(name(stack)), transition: \(code))") { () throws(PortalError) in try w.pop(s, transition: t) } }
            case 3: _ = softly { () throws(PortalError) in try call("world.pop(\(name(stack)), transition: NavigationTransition.slide)") { () throws(PortalError) in try w.pop(s, transition: .slide) } }
            case 4: guard interactivePop(stack, s, transition: (t, code), translation: 120, velocity: 900) else { return .ok }
            case 5:
                if let other = softly({ () throws(PortalError) in try call("world.spawnScreen(for: \(name(stack)))", binding: "r\(i)") { () throws(PortalError) in try w.spawnScreen(for: s) } }) {
                    _ = softly { () throws(PortalError) in try call("world.push(r\(i), onto: \(name(stack)), transition: NavigationTransition.slide)") { () throws(PortalError) in try w.push(other, onto: s, transition: .slide) } }
                }
            default: break
            }
            for _ in 0..<3 { guard checkedTick() else { return .ok } }
        case let .interrupt(stack, first, ticks, what, dx, velocity, second):
            guard let s = resolve(stack) else { return .skipped }
            let screen = try call("world.spawnScreen(for: \(name(stack)))", binding: "e\(i)") { () throws(PortalError) in try w.spawnScreen(for: s) }
            bind(i, screen, kind: &viewVars)
            _ = softly { () throws(PortalError) in try call("world.push(e\(i), onto: \(name(stack)), transition: \(first.code))") { () throws(PortalError) in try w.push(screen, onto: s, transition: first.transition) } }
            for _ in 0..<ticks { guard checkedTick() else { return .ok } }
            switch what {
            case 0: _ = softly { () throws(PortalError) in try call("world.pop(\(name(stack)), transition: \(second.code))") { () throws(PortalError) in try w.pop(s, transition: second.transition) } }
            case 1:
                if let other = softly({ () throws(PortalError) in try call("world.spawnScreen(for: \(name(stack)))", binding: "r\(i)") { () throws(PortalError) in try w.spawnScreen(for: s) } }) {
                    _ = softly { () throws(PortalError) in try call("world.push(r\(i), onto: \(name(stack)), transition: \(second.code))") { () throws(PortalError) in try w.push(other, onto: s, transition: second.transition) } }
                }
            case 2: guard interactivePop(stack, s, transition: (second.transition, second.code), translation: dx, velocity: velocity) else { return .ok }
            case 3: _ = softly { () throws(PortalError) in try call("world.popToRoot(\(name(stack)), transition: \(second.code))") { () throws(PortalError) in try w.popToRoot(s, transition: second.transition) } }
            case 5:
                // A finger from the stack's leading edge once the push has landed (a stack takes
                // pans only at rest): the stack's own interactive pop, lifted or cancelled.
                for _ in 0..<60 where w.isAlive(s) && ((try? w.navigationProgress(of: s)) ?? nil) != nil { guard checkedTick() else { return .ok } }
                // In front of the other roots, so that the press lands on it.
                _ = softly { () throws(PortalError) in try call("world.setZIndex(3, of: \(name(stack)))") { () throws(PortalError) in try w.setZIndex(3, of: s) } }
                guard checkedTick() else { return .ok }
                let start = location(.edge(stack, 4, 0.5), pointer: 7)
                guard softly({ () throws(PortalError) in try sendPointer(7, .began, at: start, time: pointerClock + 1.0 / 60) }) != nil else { break }
                guard pan(7, from: start, by: max(abs(dx), 60), 0, steps: 6, step: 1.0 / 60, end: velocity < 0 ? 1 : 0) else { return .ok }
            default:
                _ = softly { () throws(PortalError) in try call("world.pop(\(name(stack)), transition: \(first.code))") { () throws(PortalError) in try w.pop(s, transition: first.transition) } }
                for _ in 0...(ticks % 4) { guard checkedTick() else { return .ok } }
                guard interactivePop(stack, s, transition: (second.transition, second.code), translation: dx, velocity: velocity) else { return .ok }
            }
            for _ in 0..<2 { guard checkedTick() else { return .ok } }
        case .probe, .veiledLayer, .sameFrame, .popupStackRoot:
            return try performFinding(op, i, queried: &queried)
        case let .hitItem(k, tap):
            let items = w.renderList
            guard !items.isEmpty else { return .skipped }
            let item = items[k % items.count]
            let point = item.globalTransform.map(Point(x: item.frame.width / 2, y: item.frame.height / 2))
            guard point.x.isFinite, point.y.isFinite else { return .skipped }
            lastPoint = point
            say("// the centre of world.renderList[\(k % items.count)] (\(ref(item.entity)))")
            return try perform(tap ? .tap(point.x, point.y) : .hitTest(point.x, point.y), i, queried: &queried)
        }
        return .ok
    }

    // MARK: Input and this round's transitions (issue 26)

    /// The pointer clock: every accepted event's time is at least the last one's (hosts' clocks
    /// do not go backwards; a generated step that does is refused for a pointer that is down).
    var pointerClock = 86_400.0
    /// Each pointer's last accepted location (moves are often relative to it).
    var pointerAt: [Int: Point] = [:]
    /// Each pointer's last accepted time (the clean-up's cancel may not go back before it).
    var pointerTime: [Int: Double] = [:]
    /// The variables made scroll views (for the fingerprint).
    var scrollVars: [Int] = []
    /// The portal marks as the accepted calls left them (a view carries one mark; the
    /// world refuses a second live view in the same role), in call order.
    var marks: [(view: Entity, id: PortalID, role: PortalRole)] = []
    /// The portals a `.fade` removal was ever requested for: their landing view and fading layer
    /// are drawn together (`PortalPhase.visibility`), so the overlap check looks past them.
    var fadeIDs: Set<PortalID> = []
    /// Every entity a call returned (composite calls' fresh views included), for the clean-up.
    var created: [Entity] = []
    /// The fresh root views the zoom scenes zoomed out of: drawn whenever no transition runs.
    var zoomSources: [Entity] = []
    /// Whether reduced motion was ever on: its cross-fade draws two layers at once.
    var reducedMotionSeen = false

    /// Marks `view` as `role` of `id`, noting the mark when the world accepts it.
    func mark(_ view: Entity, _ id: PortalID, _ role: PortalRole) throws(PortalError) {
        try world.portal(view, id: id, as: role)
        marks.removeAll { $0.view == view }
        marks.append((view, id, role))
    }

    /// A call inside a composite call: refused or not, the scenario goes on (its refusal
    /// was recorded by `call`). Returns nil when refused.
    func softly<T>(_ body: () throws(PortalError) -> T) -> T? {
        do throws(PortalError) { return try body() } catch { return nil }
    }

    /// Sends one pointer event and records it; the pointer clock and the pointer's location
    /// follow the accepted events.
    func sendPointer(_ id: Int, _ phase: PointerPhase, at location: Point, time: Double) throws(PortalError) {
        let event = PointerEvent(pointer: id, phase: phase, location: location, time: time)
        try call("world.pointer(PointerEvent(pointer: \(id), phase: .\(phase), location: Point(x: \(lit(location.x)), y: \(lit(location.y))), time: \(lit(time))))") { () throws(PortalError) in
            try world.pointer(event)
        }
        // A hostile jump (1e308) is sent but not followed, so later events keep their frame steps.
        if time - pointerClock < 1e6 { pointerClock = max(pointerClock, time) }
        if phase == .ended || phase == .cancelled { pointerAt[id] = nil } else { pointerAt[id] = location }
        pointerTime[id] = time
    }

    /// Where `aim` points now (a fixed point on screen when what it names is not there).
    func location(_ aim: PointerAim, pointer: Int) -> Point {
        let fallback = Point(x: 187.5, y: 400)
        // The point at the fractions of the entity's global frame, or, when something else is on
        // top there, the first point of a grid over the frame where a hit test finds the entity or
        // one of its descendants (so a press reaches the stack, scroll view or anchor aimed at).
        func inside(_ entity: Entity?, _ fx: Float, _ fy: Float, inset: Float? = nil) -> Point {
            guard let entity, let p = try? world.presentation(of: entity) else { return fallback }
            let f = p.globalFrame
            let first = Point(x: f.minX + (inset ?? fx * f.width), y: f.minY + fy * f.height)
            guard f.width.isFinite, f.height.isFinite, !hits(entity, at: first) else { return first }
            let xs: [Float] = inset.map { [$0, 2, 8, 14] } ?? [0.1, 0.3, 0.5, 0.7, 0.9].map { $0 * f.width }
            for y in [0.5, 0.2, 0.8, 0.35, 0.65, 0.05, 0.95] as [Float] {
                for x in xs {
                    let point = Point(x: f.minX + x, y: f.minY + y * f.height)
                    if hits(entity, at: point) { return point }
                }
            }
            return first
        }
        switch aim {
        case let .point(x, y): return Point(x: x, y: y)
        case let .delta(dx, dy):
            let from = pointerAt[pointer] ?? fallback
            return Point(x: from.x + dx, y: from.y + dy)
        case let .view(ref, fx, fy): return inside(resolve(ref), fx, fy)
        case let .edge(ref, inset, fy): return inside(resolve(ref), 0, fy, inset: inset)
        case let .anchor(k, destination, fx, fy):
            let id = PortalID("p\(k)"), role: PortalRole = destination ? .destination : .source
            return inside(marks.last { $0.id == id && $0.role == role && world.isAlive($0.view) }?.view, fx, fy)
        case let .layer(k, fx, fy):
            let layers = world.portalLayers()
            return layers.isEmpty ? fallback : inside(layers[k % layers.count].layer, fx, fy)
        case let .item(k):
            let items = world.renderList
            guard !items.isEmpty else { return fallback }
            let item = items[k % items.count]
            return item.globalTransform.map(Point(x: item.frame.width / 2, y: item.frame.height / 2))
        }
    }

    /// The rest of a pan whose press at `start` was sent: `steps` moves to `start` plus the
    /// translation (a tick after each), then a lift (0), a cancel (1) or nothing (2), and a
    /// tick. Names the pan's owner in a comment when one takes it. Returns `false` when a
    /// check failed.
    func pan(_ id: Int, from start: Point, by dx: Float, _ dy: Float, steps: Int, step: Double, end: UInt8) -> Bool {
        let w = world
        var announced = false
        for k in 1...max(steps, 1) {
            let f = Float(k) / Float(max(steps, 1))
            _ = softly { () throws(PortalError) in try sendPointer(id, .moved, at: Point(x: start.x + dx * f, y: start.y + dy * f), time: pointerClock + step) }
            guard checkedTick() else { return false }
            if !announced, case let .panning(owner, axis)? = w.pointerState(id)?.gesture {
                announced = true
                let kind = stacks.contains { vars[$0] == owner } ? "a stack" : w.isScrollView(owner) ? "a scroll view" : "another view"
                say("// pointer \(id) pans \(ref(owner)) (\(kind)) along \(axis)")
            }
        }
        if end < 2 { _ = softly { () throws(PortalError) in try sendPointer(id, end == 0 ? .ended : .cancelled, at: pointerAt[id] ?? start, time: pointerClock + step) } }
        return checkedTick()
    }

    /// Whether a hit test at `point` finds `entity` or one of its descendants.
    func hits(_ entity: Entity, at point: Point) -> Bool {
        guard point.x.isFinite, point.y.isFinite, var node = world.hitTest(point)?.entity else { return false }
        for _ in 0..<64 {
            if node == entity { return true }
            guard let parent = (try? world.parent(of: node)) ?? nil else { return false }
            node = parent
        }
        return false
    }

    /// A zoom out of `source` (named `ref`), with its animation if given, and its Swift.
    func zoom(_ source: Entity, _ ref: Ref, _ animation: AnimSpec?) -> (NavigationTransition, String) {
        let base = NavigationTransition.zoom(source: source)
        let code = "NavigationTransition.zoom(source: \(name(ref)))"
        guard let animation else { return (base, code) }
        return (base.animation(animation.animation), code + ".animation(\(animation.code))")
    }

    /// An interactive pop from 4 points inside the stack's leading edge: begun (catching a
    /// running transition if there is one), moved by `translation` a tick later, ended at
    /// `velocity` a tick after that. Returns `false` when a check failed.
    func interactivePop(_ ref: Ref, _ stack: Entity, transition: (NavigationTransition, String), translation: Float, velocity: Float) -> Bool {
        let w = world
        let frame = (try? w.presentation(of: stack))?.globalFrame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let point = Point(x: frame.minX + 4, y: frame.minY + frame.height / 2)
        _ = softly { () throws(PortalError) in
            try call("world.beginInteractivePop(\(name(ref)), at: Point(x: \(lit(point.x)), y: \(lit(point.y))), transition: \(transition.1))", binding: "_") { () throws(PortalError) in
                try w.beginInteractivePop(stack, at: point, transition: transition.0)
            }
        }
        guard checkedTick() else { return false }
        _ = softly { () throws(PortalError) in
            try call("world.updateInteractivePop(\(name(ref)), translation: \(lit(translation)))") { () throws(PortalError) in try w.updateInteractivePop(stack, translation: translation) }
        }
        guard checkedTick() else { return false }
        _ = softly { () throws(PortalError) in
            try call("world.endInteractivePop(\(name(ref)), velocity: \(lit(velocity)))", binding: "_") { () throws(PortalError) in try w.endInteractivePop(stack, velocity: velocity) }
        }
        return true
    }

    /// After a tick: at most one of each portal's source, layer and destination is drawn
    /// (except a `.fade` removal's landing view under its fading layer, and reduced motion's
    /// cross-fade); a zoom scene's source is drawn whenever no transition runs; no pointer's
    /// pan is owned by an entity that was dead before the tick.
    func checkInput(dead: Set<UInt64>) -> Failure? {
        func drawn(_ e: Entity?) -> Bool { e.map { (try? world.presentation(of: $0))?.isDrawn == true } ?? false }
        marks.removeAll { !world.isAlive($0.view) }   // a dead view's mark is gone with it
        zoomSources.removeAll { !world.isAlive($0) }
        var ids: [PortalID] = []
        for m in marks where !ids.contains(m.id) { ids.append(m.id) }
        let layers = world.portalLayers()
        for layer in layers where !ids.contains(layer.id) { ids.append(layer.id) }
        for id in ids {
            let source = marks.last { $0.id == id && $0.role == .source }?.view
            let destination = marks.last { $0.id == id && $0.role == .destination }?.view
            let layer = layers.first { $0.id == id }?.layer
            let (s, d, l) = (drawn(source), drawn(destination), drawn(layer))
            if s && d, let f = flag("a portal's source and destination are both drawn", "\(id): \(source!), \(destination!)",
                                    "#expect(!(try world.presentation(of: \(ref(source!))).isDrawn && world.presentation(of: \(ref(destination!))).isDrawn))") {
                return f
            }
            if l && (s || d) && !fadeIDs.contains(id) && !reducedMotionSeen {
                let anchor = s ? source! : destination!
                if let f = flag("a portal's layer and an anchor are both drawn", "\(id): layer \(layer!), \(s ? "source" : "destination") \(anchor)",
                                "#expect(!(try world.presentation(of: \(ref(layer!))).isDrawn && world.presentation(of: \(ref(anchor))).isDrawn))") {
                    return f
                }
            }
        }
        let stacksAtRest = stacks.allSatisfy { k in !world.isAlive(vars[k]!) || ((try? world.navigationProgress(of: vars[k]!)) ?? nil) == nil }
        if stacksAtRest, let hidden = zoomSources.first(where: { world.isAlive($0) && !drawn($0) }),
           let f = flag("a zoom's source is hidden with no transition running", "\(hidden)",
                        "#expect(try world.presentation(of: \(ref(hidden))).isDrawn)") {
            return f
        }
        for id in 1...8 {
            if case let .panning(owner, _)? = world.pointerState(id)?.gesture, dead.contains(owner.bits) || !world.isAlive(owner) {
                if let f = flag("a pointer's pan is owned by a dead entity", "pointer \(id): \(owner)",
                                "if case let .panning(owner, _)? = world.pointerState(\(id))?.gesture { #expect(world.isAlive(owner)) }") { return f }
            }
        }
        return nil
    }

    /// After the whole sequence: every system removed, every pointer cancelled, every entity
    /// despawned, and the ticks run until the world is idle (at most 120) leave nothing: no
    /// entity, view, render item, layer, popup, animation, track or pointer, and an idle world
    /// (no flight, transition, scroll motion or press waiting) — or, after 120 ticks, nothing
    /// but portal layers still flying.
    func checkCleanup() -> Failure? {
        let w = world
        say("// remove everything")
        for (k, id) in systemIDs.sorted(by: { $0.key < $1.key }) {
            _ = softly { () throws(PortalError) in try call("world.removeSystem(s\(k))") { () throws(PortalError) in try w.removeSystem(id) } }
        }
        systemIDs.removeAll()
        movers.removeAll()
        for id in 1...8 where pointerAt[id] != nil || w.pointerState(id) != nil {
            _ = softly { () throws(PortalError) in try sendPointer(id, .cancelled, at: pointerAt[id] ?? Point(x: 0, y: 0), time: max(pointerClock, pointerTime[id] ?? 0)) }
        }
        for _ in 0..<3 {
            for e in order.map({ vars[$0]! }) + created where w.isAlive(e) {
                _ = softly { () throws(PortalError) in try call("world.despawn(\(ref(e)))") { () throws(PortalError) in try w.despawn(e) } }
            }
            for item in w.renderList where w.isAlive(item.entity) && item.role == .view {
                _ = softly { () throws(PortalError) in try call("world.despawn(\(ref(item.entity)))") { () throws(PortalError) in try w.despawn(item.entity) } }
            }
            guard checkedTick() else { return failure }
        }
        // Two seconds: a flight whose anchors are gone lands at their last frames on its own
        // animation, and an underdamped spring can take longer (debug ticks are not cheap), so
        // past them only portal layers still in flight may be left.
        var ticks = 0
        while !w.isIdle && ticks < 120 {
            guard checkedTick() else { return failure }
            ticks += 1
        }
        let flying = w.portalLayers().count
        if !w.isIdle, flying > 0, w.entityCount == flying, w.viewCount == flying, w.renderList.allSatisfy({ $0.role == .overlay }) { return nil }
        let left: [(String, Bool)] = [("entities", w.entityCount != 0), ("views", w.viewCount != 0), ("render items", !w.renderList.isEmpty),
                                      ("portal layers", !w.portalLayers().isEmpty), ("popups", !w.presentedPopups.isEmpty),
                                      ("animations", w.runningAnimationCount != 0), ("tracks", w.runningTrackCount != 0),
                                      ("pointers", (1...8).contains { w.pointerState($0) != nil }), ("activity (not idle)", !w.isIdle)]
        if let (what, _) = left.first(where: { $0.1 }) {
            return flag("\(what) left over after removing everything",
                        "\(w.entityCount) entities, \(w.viewCount) views, \(w.renderList.count) items, \(w.portalLayers().count) layers, "
                        + "\(w.runningAnimationCount) animations, \(w.runningTrackCount) tracks, idle \(w.isIdle) after \(ticks) ticks",
                        "#expect(world.entityCount == 0 && world.viewCount == 0 && world.renderList.isEmpty && world.runningAnimationCount == 0 && world.isIdle)")
        }
        return nil
    }

    /// Moves a fresh view under a fresh, scaled (maybe turned) parent with `keepingGlobalFrame`
    /// and checks the shadow expectation: on the tick it moves, either the view is drawn where it
    /// was (the change is a positive scale and a translation), or the world reports
    /// `globalFrameNotKept` for it and its local frame is unchanged. Nothing else moves the two
    /// fresh views in that tick unless a user system sets rendered frames or despawns (then
    /// the check is skipped).
    func keepFrame(_ i: Int, parent parentRect: RectSpec, scaleX sx: Float, scaleY sy: Float, degrees: Float, view viewRect: RectSpec) throws(PortalError) {
        let w = world
        let p = try call("world.spawnView(frame: \(parentRect.code))", binding: "e\(i)") { () throws(PortalError) in
            try w.spawnView(frame: parentRect.rect)
        }
        bind(i, p, kind: &viewVars)
        let transform = Transform(scaleX: sx, scaleY: sy, rotation: .degrees(degrees))
        try call("world.update(e\(i), to: ViewProperties(transform: Transform(scaleX: \(lit(sx)), scaleY: \(lit(sy)), rotation: .degrees(\(lit(degrees))))))") { () throws(PortalError) in
            try w.update(p, to: ViewProperties(transform: transform))
        }
        let v = try call("world.spawnView(frame: \(viewRect.code))", binding: "k\(i)") { () throws(PortalError) in
            try w.spawnView(frame: viewRect.rect)
        }
        guard checkedTick(), w.isAlive(v), w.isAlive(p) else { return }
        let before = try w.presentation(of: v)
        try call("world.setParent(e\(i), of: k\(i), keepingGlobalFrame: true)") { () throws(PortalError) in
            try w.setParent(p, of: v, keepingGlobalFrame: true)
        }
        framesNotKept.removeAll()
        guard checkedTick(), movers.isEmpty, w.isAlive(v), w.isAlive(p), try w.parent(of: v) == p else { return }
        let after = try w.presentation(of: v)
        let reported = framesNotKept.contains(v)
        // The shadow model: a root view moved under a root parent keeps its place exactly when
        // the parent's transform is a positive scale (with no rotation).
        guard degrees == 0 || abs(degrees) >= 0.01 else { return }
        let keeps = sx > 0 && sy > 0 && degrees == 0
        let event = "world.drainEvents().contains { if case .globalFrameNotKept(k\(i), _, _) = $0 { true } else { false } }"
        if keeps {
            let a = before.globalFrame, b = after.globalFrame
            let scale = max(1, abs(a.minX), abs(a.minY), abs(a.maxX), abs(a.maxY))
            let moved = [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].contains { !(abs($0) <= 1e-3 * scale) }
            if moved, let f = flag("keepingGlobalFrame moved the view under a positively scaled parent", "\(a) → \(b) under scale \(sx) × \(sy)",
                                   "#expect(isClose(try world.presentation(of: k\(i)).globalFrame, \(Self.rectCode(a)), tolerance: 1e-3))") {
                failure = f
            } else if reported, let f = flag("globalFrameNotKept reported for a frame that was kept", "scale \(sx) × \(sy)", "#expect(!\(event))") {
                failure = f
            }
        } else if after.frame != before.frame {
            if let f = flag("a frame not kept changed the local frame", "\(before.frame) → \(after.frame) under scale \(sx) × \(sy), \(degrees)°",
                            "#expect(try world.presentation(of: k\(i)).frame == \(Self.rectCode(before.frame)))") { failure = f }
        } else if seesAllEvents && !reported {
            if let f = flag("a frame not kept was not reported", "scale \(sx) × \(sy), \(degrees)°", "#expect(\(event))") { failure = f }
        }
    }

    /// A tick inside a composite call, checked as a tick call is (and its events drained).
    /// Returns `false` when a check failed.
    func checkedTick() -> Bool {
        var dead = Set<UInt64>()
        for (_, e) in vars where !world.isAlive(e) { dead.insert(e.bits) }
        say("world.tick()")
        world.tick()
        if isShadow {
            recordTick(world.drainEvents())
            return true
        }
        if let f = checkTick(dead: dead) ?? checkRenderChanges() {
            failure = f
            return false
        }
        return true
    }

    static func rectCode(_ r: Rect) -> String { "Rect(x: \(lit(r.minX)), y: \(lit(r.minY)), width: \(lit(r.width)), height: \(lit(r.height)))" }

    /// A user system's body and its Swift (`n` is the system's own counter, `w` the world).
    static func system(_ kind: SystemKind, _ p: Int, counter n: String) -> ((World) -> Void, String) {
        final class Counter { var n = 0 }
        let c = Counter()
        switch kind {
        case .spawnViews:
            return ({ w in c.n += 1; if c.n <= 3 { _ = try? w.spawnView(frame: Rect(x: 10, y: 20, width: 60, height: 40)) } },
                    "\(n) += 1; if \(n) <= 3 { _ = try? w.spawnView(frame: Rect(x: 10, y: 20, width: 60, height: 40)) }")
        case .spawnDespawn:
            return ({ w in c.n += 1; if c.n <= p + 2, let v = try? w.spawnView(frame: Rect(x: 0, y: 0, width: 30, height: 30)) { try? w.despawn(v) } },
                    "\(n) += 1; if \(n) <= \(p + 2), let v = try? w.spawnView(frame: Rect(x: 0, y: 0, width: 30, height: 30)) { try? w.despawn(v) }")
        case .animateRendered:
            return ({ w in c.n += 1; let items = w.renderList
                      if c.n % 7 == 0, !items.isEmpty { _ = try? w.animate(items[p % items.count].entity, to: ViewProperties(opacity: 1), with: .bouncy) } },
                    "\(n) += 1; let items = w.renderList; if \(n) % 7 == 0, !items.isEmpty { _ = try? w.animate(items[\(p) % items.count].entity, to: ViewProperties(opacity: 1), with: .bouncy) }")
        case .despawnRendered:
            return ({ w in c.n += 1; let items = w.renderList; if c.n == p + 1, !items.isEmpty { try? w.despawn(items[p % items.count].entity) } },
                    "\(n) += 1; let items = w.renderList; if \(n) == \(p + 1), !items.isEmpty { try? w.despawn(items[\(p) % items.count].entity) }")
        case .updateGlows:
            return ({ w in try? w.updateEach(Glow.self) { _, g in g.level += 1 } },
                    "try? w.updateEach(Glow.self) { _, g in g.level += 1 }")
        case .togglePortal:
            return ({ w in c.n += 1; if c.n % 15 == 0 { try? w.portalTransition(id: PortalID("p\(p % 5)"), isActive: c.n % 30 == 15) } },
                    "\(n) += 1; if \(n) % 15 == 0 { try? w.portalTransition(id: \"p\(p % 5)\", isActive: \(n) % 30 == 15) }")
        case .insertGlow:
            return ({ w in c.n += 1; if c.n == p + 1, let e = w.renderList.last?.entity { try? w.insert(Glow(level: 0), for: e) } },
                    "\(n) += 1; if \(n) == \(p + 1), let e = w.renderList.last?.entity { try? w.insert(Glow(level: 0), for: e) }")
        case .dismissTop:
            return ({ w in c.n += 1; if c.n % 10 == p { w.dismissTopPopup() } },
                    "\(n) += 1; if \(n) % 10 == \(p) { w.dismissTopPopup() }")
        case .setFrameRendered:
            return ({ w in c.n += 1; let items = w.renderList
                      if c.n % 5 == 0, !items.isEmpty { try? w.setFrame(Rect(x: 5, y: 5, width: 80, height: 80), of: items[p % items.count].entity) } },
                    "\(n) += 1; let items = w.renderList; if \(n) % 5 == 0, !items.isEmpty { try? w.setFrame(Rect(x: 5, y: 5, width: 80, height: 80), of: items[\(p) % items.count].entity) }")
        case .reentrantTick:
            return ({ w in w.tick(); _ = w.advance(by: 1) }, "w.tick(); _ = w.advance(by: 1)")
        case .tapCentre:
            return ({ w in _ = w.tap(at: Point(x: Float(20 * p), y: 100)) }, "_ = w.tap(at: Point(x: \(Float(20 * p)), y: 100))")
        case .despawnLayer:
            return ({ w in c.n += 1; if c.n == p + 1, let layer = w.portalLayers().first?.layer { try? w.despawn(layer) } },
                    "\(n) += 1; if \(n) == \(p + 1), let layer = w.portalLayers().first?.layer { try? w.despawn(layer) }")
        }
    }
}
