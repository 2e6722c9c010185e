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
