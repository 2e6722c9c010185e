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

    @Test("an accessory of height 0 (not laid out) starts the flow at the original's fallback, 5 pt, flowing or not")
    func zeroHeightAccessory() {
        // The original: `hasFlowingAccessory && accessorySourceHeight > 0 ? h / 3 : (h > 0 ? h : fallbackStartOffset)`.
        for flows in [true, false] {
            #expect(FlowingHeaderGeometry.start(accessoryHeight: 0, accessoryFlows: flows) == 5)
            #expect(FlowingHeaderGeometry.progress(offset: 25, accessoryHeight: 0, accessoryFlows: flows) == 0.5)
            #expect(FlowingHeaderGeometry.progress(offset: 5, accessoryHeight: 0, accessoryFlows: flows) == 0)
        }
        #expect(FlowingHeaderGeometry.start(accessoryHeight: 60, accessoryFlows: true) == 20)
        #expect(FlowingHeaderGeometry.start(accessoryHeight: 60, accessoryFlows: false) == 60)
        #expect(FlowingHeaderGeometry.start(accessoryHeight: nil, accessoryFlows: true) == 5)
    }

    /// Aeastr/Portal's `PortalHeaderCalculationsTests`, progress section: (offset, start, range, expected).
    @Test("progress over a start and a range: the original's test values")
    func originalProgressValues() {
        let cases: [(Float, Float, Float, Float)] = [
            (-30, -20, 40, 0),      // before the start
            (-20, -20, 40, 0),      // at the start
            (0, -20, 40, 0.5),      // midpoint
            (20, -20, 40, 1),       // end
            (100, -20, 40, 1),      // clamped at 1
            (0, 0, 0, 1),           // a zero range counts as fully flowed
            (10, 0, -40, 0),        // a negative range clamps to 0
            (50, 10, 100, 0.4),
            (50, 100, 10, 0),       // negative progress clamps to 0
            (-50, -20, 40, 0),      // a negative offset before the start
            (100, 100, 40, 0),      // the start equal to the offset
        ]
        for (offset, start, range, expected) in cases {
            #expect(FlowingHeaderGeometry.progress(offset: offset, start: start, range: range) == expected, "\(offset) \(start) \(range)")
        }
        #expect(abs(FlowingHeaderGeometry.progress(offset: 1.0 / 3.0, start: 0, range: 1) - 0.333333) < 0.0001)
        // The lifecycle test: start 0, range 100.
        for (offset, expected) in [(Float(-10), Float(0)), (0, 0), (50, 0.5), (100, 1), (150, 1)] {
            #expect(FlowingHeaderGeometry.progress(offset: offset, start: 0, range: 100) == expected)
        }
        // And finite, in 0…1, whatever it is given.
        for (offset, start, range) in [(Float.nan, 0, 1), (1, .nan, 1), (1, 0, .nan), (1, 0, .infinity), (.infinity, 0, .leastNonzeroMagnitude), (1, 0, -.infinity)] as [(Float, Float, Float)] {
            let p = FlowingHeaderGeometry.progress(offset: offset, start: start, range: range)
            #expect(p >= 0 && p <= 1, "\(offset) \(start) \(range)")
        }
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
        #expect(snapper.report(offset: 20, phase: .idle, progress: 0.7) == .snap(1))
    }

    @Test("nearest remembers its snap as the original does: a snap to 1 holds while scrolling down, to 0 while scrolling up")
    func nearestMemory() {
        var snapper = HeaderSnapper(behavior: .nearest)
        #expect(snapper.report(offset: 20, phase: .idle, progress: 0.7) == .snap(1))
        #expect(snapper.report(offset: 21, phase: .interacting, progress: 0.72) == .hold(1))     // on down: held
        #expect(snapper.report(offset: 30, phase: .interacting, progress: 0.95) == .hold(1))
        #expect(snapper.report(offset: 25, phase: .interacting, progress: 0.8) == .follow(0.8))  // up: released
        #expect(snapper.snapped == nil)
        // Scrolling up and stopping below the middle snaps to 0, which holds while scrolling up…
        #expect(snapper.report(offset: 12, phase: .interacting, progress: 0.4) == .follow(0.4))
        #expect(snapper.report(offset: 12, phase: .idle, progress: 0.4) == .snap(0))
        #expect(snapper.report(offset: 11, phase: .interacting, progress: 0.38) == .hold(0))
        // …and is released by scrolling down, even if down is where it was heading when it snapped.
        #expect(snapper.report(offset: 14, phase: .interacting, progress: 0.45) == .follow(0.45))
        // A snap to 0 made while scrolling down does not hold on the next move down.
        #expect(snapper.report(offset: 14, phase: .idle, progress: 0.45) == .snap(0))
        #expect(snapper.report(offset: 16, phase: .interacting, progress: 0.5) == .follow(0.5))
    }

    @Test("the direction starts as the original's, from offset 0 scrolling down: a first report part-way snaps that way")
    func initialDirection() {
        var fresh = HeaderSnapper(behavior: .directional)
        #expect(fresh.direction == .down && fresh.lastOffset == 0 && fresh.snapped == nil)
        #expect(fresh.report(offset: 20, phase: .idle, progress: 0.375) == .snap(1))          // 0 → 20: down
        var jitter = HeaderSnapper(behavior: .directional)
        #expect(jitter.report(offset: 0.05, phase: .idle, progress: 0.4) == .snap(1))         // no move: still down
        var up = HeaderSnapper(behavior: .directional)
        #expect(up.report(offset: -20, phase: .idle, progress: 0.4) == .snap(0))              // 0 → −20: up
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

    /// Aeastr/Portal's `PortalHeaderCalculationsTests`, position, scale and fade sections, through
    /// Portal's placements: the accessory's size is the original's source size × its per-axis scale.
    @Test("position, scale and fade: the original's test values")
    func originalPlacementValues() {
        let source = Rect(x: 0, y: 0, width: 100, height: 100), destination = Rect(x: 200, y: 400, width: 50, height: 50)
        for (p, center) in [(Float(0), Point(x: 50, y: 50)), (1, Point(x: 225, y: 425)), (0.5, Point(x: 137.5, y: 237.5))] {
            #expect(FlowingHeaderGeometry.accessory(progress: p, header: source, bar: destination).center == center)
            #expect(FlowingHeaderGeometry.title(progress: p, header: source, bar: destination).center == center)
        }
        let same = Rect(x: 100, y: 100, width: 50, height: 50)
        #expect(FlowingHeaderGeometry.accessory(progress: 0.5, header: same, bar: same).center == Point(x: 125, y: 125))
        #expect(FlowingHeaderGeometry.accessory(progress: 0.5, header: Rect(x: -100, y: -200, width: 50, height: 50),
                                                bar: Rect(x: 100, y: 200, width: 50, height: 50)).center == Point(x: 25, y: 25))
        #expect(FlowingHeaderGeometry.accessory(progress: 0.5, header: Rect(x: 10000, y: 10000, width: 100, height: 100),
                                                bar: Rect(x: 20000, y: 20000, width: 50, height: 50)).center == Point(x: 15037.5, y: 15037.5))
        // Scale (source size → destination size, progress): the original's (x, y) factors.
        let scales: [(Size, Size, Float, Float, Float)] = [
            (Size(width: 100, height: 100), Size(width: 50, height: 50), 0, 1, 1),
            (Size(width: 100, height: 100), Size(width: 50, height: 50), 1, 0.5, 0.5),
            (Size(width: 100, height: 100), Size(width: 50, height: 50), 0.5, 0.75, 0.75),
            (Size(width: 100, height: 200), Size(width: 50, height: 50), 0.5, 0.75, 0.625),
            (Size(width: 50, height: 50), Size(width: 100, height: 100), 0.5, 1.5, 1.5),
            (Size(width: 100, height: 100), Size(width: 0, height: 0), 0.5, 0.5, 0.5),
            (Size(width: 100, height: 100), Size(width: 100, height: 100), 0.5, 1, 1),
        ]
        for (from, to, p, sx, sy) in scales {
            let size = FlowingHeaderGeometry.accessory(progress: p, header: Rect(origin: .zero, size: from),
                                                       bar: Rect(origin: .zero, size: to)).size
            #expect(size == Size(width: from.width * sx, height: from.height * sy), "\(from) \(to) \(p)")
        }
        // The full transition: offset 10 over start 0, range 20 → 0.5; the title's scale is the ratio of heights.
        let p = FlowingHeaderGeometry.progress(offset: 10, start: 0, range: 20)
        let title = FlowingHeaderGeometry.title(progress: p, header: Rect(x: 0, y: 100, width: 100, height: 100),
                                                bar: Rect(x: 200, y: 50, width: 50, height: 50))
        #expect(p == 0.5 && title.center == Point(x: 137.5, y: 112.5) && title.scale == 0.75)
        // Fade: max(minimum, 1 − multiplier × progress).
        let fades: [(Float, Float, Float, Float)] = [   // progress, multiplier, minimum, expected
            (0, 4, 0.6, 1), (0.1, 4, 0.6, 0.6), (0.25, 4, 0.6, 0.6), (0.5, 4, 0.6, 0.6), (1, 4, 0.6, 0.6),
            (0.1, 2, 0.6, 0.8), (0.5, 4, 0.3, 0.3), (0.5, 0, 0.6, 1), (0.05, 4, 0.6, 0.8),
        ]
        for (progress, rate, minimum, expected) in fades {
            let tokens = FlowingHeaderTokens(accessoryMinimumOpacity: minimum, accessoryFadeRate: rate)
            #expect(FlowingHeaderGeometry.accessory(progress: progress, header: source, bar: destination, tokens: tokens).opacity == expected,
                    "\(progress) \(rate) \(minimum)")
        }
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
        // A duration whose `.smooth` spring cannot run is refused by name.
        #expect(throws: PortalError.invalidValue("FlowingHeaderTokens.transitionDuration", 1e-300,
                                                 reason: "is too short for a spring; use at least a microsecond")) {
            try FlowingHeaderTokens(transitionDuration: 1e-300).validate()
        }
        #expect(throws: PortalError.invalidValue("FlowingHeaderTokens.scrollAnimationDuration", 1e-300,
                                                 reason: "is too short for a spring; use at least a microsecond")) {
            try FlowingHeaderTokens(scrollAnimationDuration: 1e-300).validate()
        }
        try FlowingHeaderTokens(transitionDuration: 1e-6, scrollAnimationDuration: 1e-6).validate()
    }
}
