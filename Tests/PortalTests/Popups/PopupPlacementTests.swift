import Testing
@testable import Portal

/// A 390 × 844 screen with no safe area: the available area is (10, 10, 370, 824); thirds at
/// x = 130 and 260; the middle at y = 422.
private let screen = Rect(x: 0, y: 0, width: 390, height: 844)

private func place(_ source: Rect, width: Float = 120, height: Float = 200, safeArea: EdgeInsets = .zero) -> PopupPlacement {
    PopupPlacement.place(source: source, width: width, height: height, container: screen, safeArea: safeArea)
}

@Suite("Popup placement, by hand")
struct PopupPlacementTests {
    @Test("each third × each half, width 120")
    func thirdsAndHalves() {
        let table: [(Rect, Rect, Bool, Double)] = [
            // source                                 expected frame                                   below  tail x
            (Rect(x: 20, y: 100, width: 60, height: 40), Rect(x: 20, y: 140, width: 120, height: 200), true, 0.25),   // leading, top
            (Rect(x: 165, y: 100, width: 60, height: 40), Rect(x: 135, y: 140, width: 120, height: 200), true, 0.5),  // middle, top
            (Rect(x: 300, y: 100, width: 60, height: 40), Rect(x: 240, y: 140, width: 120, height: 200), true, 0.75), // trailing, top
            (Rect(x: 20, y: 600, width: 60, height: 40), Rect(x: 20, y: 400, width: 120, height: 200), false, 0.25),  // leading, bottom
            (Rect(x: 165, y: 600, width: 60, height: 40), Rect(x: 135, y: 400, width: 120, height: 200), false, 0.5), // middle, bottom
            (Rect(x: 300, y: 600, width: 60, height: 40), Rect(x: 240, y: 400, width: 120, height: 200), false, 0.75),// trailing, bottom
        ]
        for (source, frame, below, tail) in table {
            let p = place(source)
            #expect(p.frame == frame, "\(source)")
            #expect(p.isBelowSource == below && p.anchor == UnitPoint(x: tail, y: below ? 0 : 1), "\(source)")
        }
    }

    @Test("width .infinity takes the available width; wider than the screen is capped; centred never overflows")
    func widths() {
        let source = Rect(x: 165, y: 100, width: 60, height: 40)
        #expect(place(source, width: .infinity).frame == Rect(x: 10, y: 140, width: 370, height: 200))
        #expect(place(source, width: 1000).frame == Rect(x: 10, y: 140, width: 370, height: 200))
        // A centred 300-wide popup under a source near the first third would overflow on the left.
        #expect(place(Rect(x: 131, y: 100, width: 10, height: 10), width: 300).frame.minX == 10)
    }

    /// SamplePopup's `PopupGeometry`: in the leading third the width is
    /// `min(max(width, 1), available.maxX − source.minX)` from the source's leading edge, in the
    /// trailing third `min(max(width, 1), source.maxX − available.minX)` up to its trailing edge,
    /// and the tail sits at the source's centre (`source.width / 2 / width` from that edge).
    @Test("leading and trailing thirds: the edge aligns with the source's and the width shrinks to the room left")
    func edgeThirds() {
        let leading = Rect(x: 20, y: 100, width: 60, height: 40), trailing = Rect(x: 300, y: 100, width: 60, height: 40)
        let table: [(Rect, Float, Rect, Float)] = [
            // source   width       expected frame                                  tail x (source centre − x) / width
            (leading, .infinity, Rect(x: 20, y: 140, width: 360, height: 200), 30.0 / 360),   // room: 380 − 20
            (leading, 1000, Rect(x: 20, y: 140, width: 360, height: 200), 30.0 / 360),
            (leading, 300, Rect(x: 20, y: 140, width: 300, height: 200), 0.1),               // fits: kept
            (leading, 0.5, Rect(x: 20, y: 140, width: 1, height: 200), 1),                    // at least 1 pt; the tail clamped to the popup
            (trailing, .infinity, Rect(x: 10, y: 140, width: 350, height: 200), 320.0 / 350), // room: 360 − 10
            (trailing, 1000, Rect(x: 10, y: 140, width: 350, height: 200), 320.0 / 350),
            (trailing, 300, Rect(x: 60, y: 140, width: 300, height: 200), 270.0 / 300),
            (Rect(x: -30, y: 600, width: 70, height: 40), .infinity, Rect(x: 10, y: 400, width: 370, height: 200), 15.0 / 370), // clipped to 10…40
            (Rect(x: 350, y: 600, width: 70, height: 40), .infinity, Rect(x: 10, y: 400, width: 370, height: 200), 355.0 / 370), // clipped to 350…380
        ]
        for (source, width, frame, tail) in table {
            let p = place(source, width: width)
            #expect(p.frame == frame, "\(source) \(width)")
            #expect(p.anchor == UnitPoint(x: Double(tail), y: p.isBelowSource ? 0 : 1), "\(source) \(width)")
        }
        // The middle third is unchanged: centred on the source, capped by the area, clamped inside it.
        #expect(place(Rect(x: 165, y: 100, width: 60, height: 40), width: .infinity).frame == Rect(x: 10, y: 140, width: 370, height: 200))
    }

    @Test("any width gives a finite frame of non-negative width inside the area, the tail on the popup")
    func hostileWidths() {
        let sources = [Rect(x: 20, y: 100, width: 60, height: 40), Rect(x: 165, y: 100, width: 60, height: 40), Rect(x: 300, y: 100, width: 60, height: 40)]
        for source in sources {
            for width in [Float.nan, -5, 0, .leastNonzeroMagnitude, 1e9, .infinity, -.infinity] {
                let p = place(source, width: width)
                #expect(p.frame.isValidGeometry && p.frame.minX >= 10 && p.frame.maxX <= 380, "\(source) \(width)")
                #expect(p.anchor.x >= 0 && p.anchor.x <= 1, "\(source) \(width)")
            }
        }
        // A container too small for the margins leaves no room: a zero-width popup, not a negative one.
        let p = PopupPlacement.place(source: Rect(x: 2, y: 2, width: 4, height: 4), width: .infinity, height: 10,
                                     container: Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(p.frame.width == 0 && p.frame.height == 0 && p.anchor.x == 0.5)
    }

    @Test("the height is capped by the room on its side")
    func heightCap() {
        #expect(place(Rect(x: 20, y: 300, width: 60, height: 40), height: 2000).frame == Rect(x: 20, y: 340, width: 120, height: 494))
        #expect(place(Rect(x: 20, y: 500, width: 60, height: 40), height: 2000).frame == Rect(x: 20, y: 10, width: 120, height: 490))
    }

    @Test("a source partly off-screen is clipped into the area first")
    func offscreenSource() {
        let p = place(Rect(x: -40, y: 50, width: 80, height: 40))      // clipped to x 10…40
        #expect(p.frame == Rect(x: 10, y: 90, width: 120, height: 200))
        #expect(p.anchor == UnitPoint(x: 0.125, y: 0))
    }

    @Test("non-zero safe areas shrink the area")
    func safeAreas() {
        let insets = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        let p = place(Rect(x: 300, y: 20, width: 60, height: 30), height: 100, safeArea: insets)   // source clipped to y 57…57
        #expect(p.frame == Rect(x: 240, y: 57, width: 120, height: 100))
        let up = place(Rect(x: 20, y: 790, width: 60, height: 40), height: 900, safeArea: insets)  // clipped to 790…800
        #expect(up.frame == Rect(x: 20, y: 57, width: 120, height: 733))
    }
}
