import CPortal
import Portal
import PortalC

/// c/host-calls: `host/calls`' frame made through the C interface (libPortalC's exported
/// functions, the path a C host takes: a handle lookup, C structs converted, result codes), with
/// the same views, calls, arguments built each frame and events drained into a C buffer. Its
/// ratio to `host/calls` in the same run is the interface's cost.
final class CHostCalls: Scenario {
    let n: Int
    var name: String { "c/host-calls" }
    var itemsPerTick: Int { swift.callsPerFrame }
    /// The Swift scenario, for its sizes and frames (its world is not used).
    private let swift: HostCalls
    private var world: OpaquePointer?
    private var lists: [UInt64] = []
    private var cells: [UInt64] = []
    private var cards: [UInt64] = []
    private var portalIDs: [[CChar]] = []
    private var portalActive: [Bool] = []
    private var headers: [UInt64] = []
    private var events = [PortalWorldEvent](repeating: PortalWorldEvent(), count: 64)
    private var frame = 0
    private var completions = 0

    init(n: Int) {
        self.n = n
        swift = HostCalls(n: n)
    }

    deinit { _ = portalWorldDestroy(world) }

    private func check(_ result: PortalResult, _ what: String) throws {
        guard result == PORTAL_OK else {
            throw BenchmarkFailure(description: "\(name): \(what) returned \(result): \(String(cString: portalLastError(world)!))")
        }
    }

    private static func rect(_ r: Rect) -> PortalRect { PortalRect(x: r.minX, y: r.minY, width: r.width, height: r.height) }

    func setUp() throws {
        var config = PortalWorldConfig()
        portalWorldConfigDefault(&config)
        config.reserved_capacity = Int32(2 * swift.callsPerFrame)
        try check(portalWorldCreateChecked(portalVersion(), portalc_layout_signature(), &config, &world), "portal_world_create")
        var e: UInt64 = 0
        for l in 0..<swift.listCount {
            try check(portalSpawnView(world, PortalRect(x: Float(l % 10) * 40, y: 0, width: 390, height: 400), 0, 1, UInt64.max, &e), "spawn")
            try check(portalSetClipsToBounds(world, e, true), "clips")
            lists.append(e)
            let list = e
            for c in 0..<swift.cellsPerList {
                try check(portalSpawnView(world, Self.rect(HostCalls.cellFrame(c, frame: 0)), 0, 1, list, &e), "spawn")
                cells.append(e)
            }
        }
        for i in 0..<swift.cardCount {
            try check(portalSpawnView(world, PortalRect(x: Float(i % 20) * 20, y: 500, width: 60, height: 80), 8, 1, UInt64.max, &e), "spawn")
            cards.append(e)
        }
        for i in 0..<swift.portalCount {
            let id = Array("host-\(i)".utf8CString)
            var source: UInt64 = 0, destination: UInt64 = 0
            try check(portalSpawnView(world, PortalRect(x: Float(i) * 10, y: 700, width: 40, height: 40), 0, 1, UInt64.max, &source), "spawn")
            try check(portalSpawnView(world, PortalRect(x: 0, y: 100, width: 390, height: 300), 0, 1, UInt64.max, &destination), "spawn")
            try id.withUnsafeBufferPointer { id in
                try check(portalSetAnchor(world, source, id.baseAddress, PORTAL_ROLE_SOURCE), "anchor")
                try check(portalSetAnchor(world, destination, id.baseAddress, PORTAL_ROLE_DESTINATION), "anchor")
            }
            portalIDs.append(id)
            portalActive.append(false)
        }
        for _ in 0..<swift.headerCount {
            var screen: UInt64 = 0, title: UInt64 = 0, header: UInt64 = 0
            try check(portalSpawnView(world, PortalRect(x: 0, y: 0, width: 390, height: 844), 0, 1, UInt64.max, &screen), "spawn")
            try check(portalSpawnView(world, PortalRect(x: 20, y: 100, width: 200, height: 40), 0, 1, screen, &title), "spawn")
            var parts = PortalHeaderParts(screen: screen, title: title, subtitle: UInt64.max, accessory: UInt64.max, bar_title: UInt64.max,
                                          bar_accessory: UInt64.max, snapping: PORTAL_SNAP_DIRECTIONAL)
            try check(portalFlowingHeader(world, &parts, &header), "header")
            try check(portalSetFlowingHeaderAnchors(world, header, PortalRect(x: 20, y: 100, width: 200, height: 40), nil,
                                                    PortalRect(x: 0, y: 40, width: 390, height: 44), PortalSize(width: 100, height: 20)), "anchors")
            headers.append(header)
        }
        try check(portalTick(world), "tick")
        for _ in 0..<240 { runTick() }
    }

    /// One frame, as `HostCalls.runTick` makes it, through the C functions.
    func runTick() {
        frame += 1
        let f = frame
        for (i, cell) in cells.enumerated() { _ = portalSetFrame(world, cell, Self.rect(HostCalls.cellFrame(i, frame: f))) }
        for (i, list) in lists.enumerated() { _ = portalSetContentOffset(world, list, PortalPoint(x: 0, y: Float((f * 3 + i) % 200))) }
        var properties = PortalProperties()
        for (i, card) in cards.enumerated() {
            let up = (f + i) % 2 == 0
            properties.fields = UInt32(PORTAL_PROPERTY_FRAME | PORTAL_PROPERTY_OPACITY)
            properties.frame = PortalRect(x: Float(i % 20) * 20, y: up ? 480 : 520, width: 60, height: up ? 80 : 90)
            properties.opacity = up ? 1 : 0.8
            // .smooth(duration: 0.4) is .spring(duration: 0.4, bounce: 0); easeInOut's control points.
            var animation = i % 2 == 0
                ? PortalAnimationParams(kind: PORTAL_ANIMATION_SPRING, a: 0.4, b: 0, c: 0, d: 0, duration: 0, initial_velocity: 0, delay: 0, speed: 1)
                : PortalAnimationParams(kind: PORTAL_ANIMATION_CURVE, a: 0.42, b: 0, c: 0.58, d: 1, duration: 0.3, initial_velocity: 0, delay: 0, speed: 1)
            _ = portalAnimate(world, card, &properties, &animation, nil)
        }
        for i in stride(from: f % 2, to: portalIDs.count, by: 2) {
            portalActive[i].toggle()
            var options = PortalTransitionOptions()
            options.animation = PortalAnimationParams(kind: PORTAL_ANIMATION_SPRING, a: 0.3, b: 0, c: 0, d: 0, duration: 0, initial_velocity: 0,
                                                      delay: 0, speed: 1)
            options.delay = 0
            options.duration = 0.3
            options.has_corners = true
            options.source_corner_radius = 4
            options.destination_corner_radius = 12
            options.corner_style = PORTAL_CORNER_CIRCULAR
            let active = portalActive[i]
            _ = portalIDs[i].withUnsafeBufferPointer { portalPortalTransition(world, $0.baseAddress, active, &options) }
        }
        for (i, header) in headers.enumerated() {
            let t = Float((f + 7 * i) % 240)
            _ = portalReportScroll(world, header, t < 120 ? t : 240 - t, PORTAL_SCROLL_INTERACTING)
        }
        _ = portalTick(world)
        var count: Int32 = 0
        repeat {
            let capacity = Int32(events.count)
            events.withUnsafeMutableBufferPointer { _ = portalDrainEvents(world, $0.baseAddress, capacity, &count) }
            for e in events[0..<Int(count)] where e.kind == PORTAL_EVENT_ANIMATION_COMPLETED { completions += 1 }
        } while count == Int32(events.count)
    }

    func verify() throws {
        var p = PortalPresentation()
        for (i, cell) in cells.enumerated() {
            try check(portalPresentation(world, cell, &p), "presentation")
            guard Self.rect(HostCalls.cellFrame(i, frame: frame)) == p.frame else {
                throw BenchmarkFailure(description: "\(name): cell \(i) at \(p.frame)")
            }
        }
        var info = PortalWorldInfo()
        try check(portalWorldInfo(world, &info), "info")
        guard info.running_animation_count >= Int32(cards.count), completions > 0 else {
            throw BenchmarkFailure(description: "\(name): \(info.running_animation_count) animations running, \(completions) completions")
        }
        var state: Int32 = -1
        try portalIDs[0].withUnsafeBufferPointer { try check(portalPortalState(world, $0.baseAddress, &state), "state") }
        guard state >= 0 else { throw BenchmarkFailure(description: "\(name): portal 0 unknown") }
    }
}

extension PortalRect: @retroactive Equatable {
    public static func == (a: PortalRect, b: PortalRect) -> Bool { a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height }
}
