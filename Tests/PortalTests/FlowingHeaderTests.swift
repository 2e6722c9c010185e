import Testing
@testable import Portal

@Suite("Flowing header geometry and snapping")
struct FlowingHeaderTests {
    @Test("progress starts at 5 pt without an accessory, h/3 when it flows, h when it does not, and runs over 40 pt")
    func progress() {
        let none: [(Float, Float)] = [(-10, 0), (5, 0), (25, 0.5), (45, 1), (100, 1)]
        for (offset, expected) in none {
            #expect(FlowingHeaderGeometry.progress(offset: offset, accessoryHeight: nil, accessoryFlows: false) == expected, "\(offset)")
        }
        #expect(FlowingHeaderGeometry.progress(offset: 40, accessoryHeight: 60, accessoryFlows: true) == 0.5)    // starts at 20
        #expect(FlowingHeaderGeometry.progress(offset: 80, accessoryHeight: 60, accessoryFlows: false) == 0.5)   // starts at 60
        var tokens = FlowingHeaderTokens()
        tokens.transitionRange = 80
        #expect(FlowingHeaderGeometry.progress(offset: 45, accessoryHeight: nil, accessoryFlows: false, tokens: tokens) == 0.5)
    }

    @Test("nearest: above 0.5 snaps to 1, exactly 0.5 and below to 0; no snap at the ends or while moving")
    func nearest() {
        for (progress, target) in [(Float(0.51), Float(1)), (0.5, 0), (0.49, 0)] {
            var snapper = HeaderSnapper(behavior: .nearest)
            #expect(snapper.report(offset: 10, phase: .idle, progress: progress) == .snap(target), "\(progress)")
        }
        var snapper = HeaderSnapper(behavior: .nearest)
        #expect(snapper.report(offset: 10, phase: .idle, progress: 1) == .follow(1))
        #expect(snapper.report(offset: 10, phase: .idle, progress: 0) == .follow(0))
        #expect(snapper.report(offset: 20, phase: .decelerating, progress: 0.7) == .follow(0.7))
        // A snap is not remembered: the next movement follows the scroll again.
        #expect(snapper.report(offset: 20, phase: .idle, progress: 0.7) == .snap(1))
        #expect(snapper.report(offset: 21, phase: .interacting, progress: 0.72) == .follow(0.72))
    }

    @Test("none: the header stays where the scroll left it")
    func none() {
        var snapper = HeaderSnapper(behavior: .none)
        #expect(snapper.report(offset: 10, phase: .idle, progress: 0.3) == .follow(0.3))
    }

    @Test("directional: snaps the way the user was scrolling, holds while they keep going, releases when they reverse")
    func directional() {
        var snapper = HeaderSnapper(behavior: .directional)
        #expect(snapper.report(offset: 10, phase: .interacting, progress: 0.1) == .follow(0.1))
        #expect(snapper.report(offset: 17, phase: .interacting, progress: 0.3) == .follow(0.3))
        #expect(snapper.report(offset: 17, phase: .idle, progress: 0.3) == .snap(1))      // was scrolling down
        #expect(snapper.report(offset: 20, phase: .interacting, progress: 0.4) == .hold(1))   // keeps going down
        #expect(snapper.report(offset: 20.1, phase: .interacting, progress: 0.4) == .hold(1)) // 0.1 pt is no change
        #expect(snapper.report(offset: 15, phase: .interacting, progress: 0.25) == .follow(0.25)) // reversed
        #expect(snapper.report(offset: 15, phase: .idle, progress: 0.25) == .snap(0))     // was scrolling up
        #expect(snapper.report(offset: 12, phase: .interacting, progress: 0.18) == .hold(0))
        #expect(snapper.report(offset: 12.11, phase: .interacting, progress: 0.18) == .follow(0.18)) // 0.11 pt down releases
    }

    @Test("the direction threshold: moves of 0.1 pt or less do not change the direction")
    func threshold() {
        var snapper = HeaderSnapper(behavior: .directional)
        _ = snapper.report(offset: 10, phase: .interacting, progress: 0.6)
        _ = snapper.report(offset: 5, phase: .interacting, progress: 0.5)                 // up
        _ = snapper.report(offset: 5.1, phase: .interacting, progress: 0.5)               // jitter, not down
        #expect(snapper.direction == .up)
        #expect(snapper.report(offset: 5.1, phase: .idle, progress: 0.5) == .snap(0))
    }

    @Test("title: the centre moves linearly, the scale follows the ratio of heights")
    func title() {
        let header = Rect(x: 20, y: 100, width: 200, height: 40), bar = Rect(x: 150, y: 10, width: 100, height: 20)
        let half = FlowingHeaderGeometry.title(progress: 0.5, header: header, bar: bar)
        #expect(half.center == Point(x: 160, y: 70) && half.scale == 0.75 && half.size == header.size && half.opacity == 1)
        #expect(FlowingHeaderGeometry.title(progress: 0, header: header, bar: bar).frame == header)
        #expect(FlowingHeaderGeometry.title(progress: 1, header: header, bar: bar).center == bar.center)
    }

    @Test("accessory: centre and size per axis, opacity max(0.6, 1 − 4·progress); bar-only parts fade in with progress")
    func accessory() {
        let header = Rect(x: 20, y: 30, width: 64, height: 64), bar = Rect(x: 100, y: 10, width: 25, height: 25)
        let half = FlowingHeaderGeometry.accessory(progress: 0.5, header: header, bar: bar)
        #expect(half.center == Point(x: 82.25, y: 42.25) && half.size == Size(width: 44.5, height: 44.5) && half.opacity == 0.6)
        #expect(FlowingHeaderGeometry.accessory(progress: 0.05, header: header, bar: bar).opacity == 0.8)
        #expect(FlowingHeaderGeometry.accessory(progress: 1, header: header, bar: bar).frame == bar)
        #expect(FlowingHeaderGeometry.barOnlyOpacity(progress: 0.3) == 0.3)
    }

    @Test("bar anchors: a 25 pt accessory beside or above the title, the pair centred, 6 pt apart")
    func barAnchors() {
        let bar = Rect(x: 0, y: 40, width: 390, height: 44), title = Size(width: 100, height: 20)
        let horizontal = FlowingHeaderGeometry.barAnchors(bar: bar, titleSize: title, layout: .horizontal)
        #expect(horizontal.accessory == Rect(x: 129.5, y: 49.5, width: 25, height: 25))
        #expect(horizontal.title == Rect(x: 160.5, y: 52, width: 100, height: 20))
        let vertical = FlowingHeaderGeometry.barAnchors(bar: bar, titleSize: title, layout: .vertical)
        #expect(vertical.accessory == Rect(x: 182.5, y: 36.5, width: 25, height: 25))
        #expect(vertical.title == Rect(x: 145, y: 67.5, width: 100, height: 20))
    }

    @Test("tokens are validated")
    func tokens() throws {
        try FlowingHeaderTokens().validate()
        for bad in [FlowingHeaderTokens(transitionRange: 0), FlowingHeaderTokens(accessoryStartDivisor: -1),
                    FlowingHeaderTokens(accessoryMinimumOpacity: 2), FlowingHeaderTokens(barAccessorySize: .nan),
                    FlowingHeaderTokens(transitionDuration: 0)] {
            #expect(throws: PortalError.self) { try bad.validate() }
        }
    }
}
