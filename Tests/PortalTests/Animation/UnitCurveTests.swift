import Testing
@testable import Portal

@Suite("UnitCurve")
struct UnitCurveTests {
    /// Chromium's published values for cubic-bezier(0.25, 0, 0.75, 1)
    /// (ui/gfx/geometry/cubic_bezier_unittest.cc, CubicBezierTest.Basic), tolerance 1.5e-4.
    @Test("cubic-bezier(0.25, 0, 0.75, 1) against Chromium's reference values")
    func chromiumBasic() {
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0), endControlPoint: UnitPoint(x: 0.75, y: 1))
        let reference: [(Double, Double)] = [
            (0, 0), (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.079780), (0.2, 0.12803), (0.25, 0.18235),
            (0.3, 0.24115), (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345), (0.5, 0.5), (0.6, 0.63238),
            (0.65, 0.69676), (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196), (0.85, 0.92021),
            (0.9, 0.96021), (0.95, 0.98863), (1, 1),
        ]
        for (x, y) in reference { #expect(abs(curve.value(at: x) - y) < 1.5e-4, "at \(x)") }
    }

    /// Chromium's CubicBezierTest.UnclampedYValues: control points with y outside 0…1.
    @Test("y control points outside 0…1 overshoot, against Chromium's reference values")
    func chromiumUnclampedY() {
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.5, y: -1), endControlPoint: UnitPoint(x: 0.5, y: 2))
        let reference: [(Double, Double)] = [
            (0, 0), (0.05, -0.08954), (0.1, -0.15613), (0.15, -0.19641), (0.2, -0.20651), (0.25, -0.18232),
            (0.3, -0.11992), (0.35, -0.01672), (0.4, 0.12660), (0.45, 0.30349), (0.5, 0.5), (0.55, 0.69651),
            (0.6, 0.87340), (0.65, 1.01672), (0.7, 1.11992), (0.75, 1.18232),
        ]
        for (x, y) in reference { #expect(abs(curve.value(at: x) - y) < 1.5e-4, "at \(x)") }
        // Chromium's exact midpoints: (0.5, 1, 0.5, 1) → 0.875; (0.5, 2, 0.5, 2) → 1.625;
        // (0.5, −1, 0.5, −1) → −0.625.
        func mid(_ y: Double) -> Double {
            UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.5, y: y), endControlPoint: UnitPoint(x: 0.5, y: y)).value(at: 0.5)
        }
        #expect(abs(mid(1) - 0.875) < 1e-7)
        #expect(abs(mid(2) - 1.625) < 1e-7)
        #expect(abs(mid(-1) - -0.625) < 1e-7)
    }

    @Test("x control points outside 0…1 are clamped into it")
    func clampedX() {
        let wild = UnitCurve.bezier(startControlPoint: UnitPoint(x: -2, y: 0), endControlPoint: UnitPoint(x: 3, y: 1))
        let clamped = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
        #expect(wild == clamped)
        for x in stride(from: 0.0, through: 1, by: 0.05) { #expect(wild.value(at: x) == clamped.value(at: x)) }
    }

    @Test("the named curves: control points and symmetric values")
    func namedCurves() {
        #expect(UnitCurve.easeIn.startControlPoint == UnitPoint(x: 0.42, y: 0))
        #expect(UnitCurve.easeOut.endControlPoint == UnitPoint(x: 0.58, y: 1))
        #expect(UnitCurve.easeInOut.startControlPoint == UnitPoint(x: 0.42, y: 0))
        #expect(UnitCurve.easeInOut.endControlPoint == UnitPoint(x: 0.58, y: 1))
        for x in stride(from: 0.0, through: 1, by: 0.1) {
            #expect(abs(UnitCurve.linear.value(at: x) - x) < 1e-7)
            // ease-in-out is point-symmetric about (0.5, 0.5); ease-in and ease-out mirror each other.
            #expect(abs(UnitCurve.easeInOut.value(at: x) + UnitCurve.easeInOut.value(at: 1 - x) - 1) < 1e-7)
            #expect(abs(UnitCurve.easeIn.value(at: x) + UnitCurve.easeOut.value(at: 1 - x) - 1) < 1e-7)
        }
        #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-7)
        #expect(UnitCurve.easeIn.value(at: 0.25) < 0.25)
        #expect(UnitCurve.easeOut.value(at: 0.25) > 0.25)
        // Progress outside 0…1 is clamped.
        #expect(UnitCurve.easeInOut.value(at: -1) == 0)
        #expect(UnitCurve.easeInOut.value(at: 2) == 1)
    }

    @Test("velocity is the derivative of value")
    func velocity() {
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, .linear] {
            for x in stride(from: 0.1, through: 0.9, by: 0.1) {
                let h = 1e-5
                let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
                #expect(abs(curve.velocity(at: x) - numeric) < 1e-4, "\(curve) at \(x)")
            }
        }
    }

    @Test("at an end point with a tangent, velocity is the limit along the curve (a difference quotient along the curve agrees)",
          arguments: [UnitCurve.easeIn, .easeOut, .easeInOut,
                      .bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.7, y: 1.4)),
                      .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.5), endControlPoint: UnitPoint(x: 1, y: 1))])
    func endPointVelocity(curve: UnitCurve) {
        // The difference quotient between the end point and a point of the curve a parameter
        // step h away, (y(h) − y(0)) / (x(h) − x(0)), from the Bernstein form of the control
        // points: near an end the slope as a function of progress can have a √x term, so
        // quotients through value(at:) converge too slowly to test against; along the parameter
        // they converge like h. An end whose control point sits on it (0/0) follows SwiftUI's
        // convention instead, tested below.
        func point(_ t: Double) -> (x: Double, y: Double) {
            let (p1, p2) = (curve.startControlPoint, curve.endControlPoint), u = 1 - t
            return (3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t, 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t)
        }
        let h = 1e-6
        let (a, b) = (point(h), point(1 - h))
        let atStart = a.y / a.x, atEnd = (1 - b.y) / (1 - b.x)
        if curve.startControlPoint != .zero {
            #expect(abs(curve.velocity(at: 0) - atStart) < 1e-4, "\(curve) at 0: \(curve.velocity(at: 0)) vs \(atStart)")
        }
        if curve.endControlPoint != UnitPoint(x: 1, y: 1) {
            #expect(abs(curve.velocity(at: 1) - atEnd) < 1e-4, "\(curve) at 1: \(curve.velocity(at: 1)) vs \(atEnd)")
        }
    }

    @Test("a 0/0 end point is SwiftUI's: 1 at the start, 0 at the end (OpenSwiftUI's compatibility tests, run against SwiftUI)")
    func endPointConvention() {
        #expect(UnitCurve.easeOut.velocity(at: 0) == 1)
        #expect(UnitCurve.easeIn.velocity(at: 1) == 0)
        #expect(UnitCurve.easeOut.velocity(at: -3) == 1)
        #expect(UnitCurve.easeIn.velocity(at: 7) == 0)
        // Every curve with a control point on its end, not only the named ones.
        #expect(UnitCurve.bezier(startControlPoint: .zero, endControlPoint: UnitPoint(x: 0.7, y: 1.4)).velocity(at: 0) == 1)
        #expect(UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.5), endControlPoint: UnitPoint(x: 1, y: 1)).velocity(at: 1) == 0)
        // Not 0/0: a flat tangent is 0 (easeInOut at both ends, easeIn at 0, easeOut at 1).
        #expect(UnitCurve.easeInOut.velocity(at: 0) == 0 && UnitCurve.easeInOut.velocity(at: 1) == 0)
        #expect(UnitCurve.easeIn.velocity(at: 0) == 0 && UnitCurve.easeOut.velocity(at: 1) == 0)
        #expect(UnitCurve.linear.velocity(at: 0) == 1 && UnitCurve.linear.velocity(at: 1) == 1)
    }

    @Test("velocities and values inside the curve agree with SwiftUI's (OpenSwiftUI's compatibility tests, to their stated 0.01)")
    func swiftUIValues() {
        let expected: [(UnitCurve, [(x: Double, value: Double, velocity: Double)])] = [
            (.easeIn, [(0.25, 0.09, 0.67), (0.5, 0.32, 1.07), (0.75, 0.62, 1.37)]),
            (.easeOut, [(0.25, 0.38, 1.37), (0.5, 0.68, 1.07), (0.75, 0.91, 0.67)]),
            (.easeInOut, [(0.25, 0.13, 1.06), (0.5, 0.5, 1.72), (0.75, 0.87, 1.06)]),
        ]
        for (curve, points) in expected {
            for p in points {
                #expect(abs(curve.value(at: p.x) - p.value) <= 0.01, "\(curve) value at \(p.x)")
                #expect(abs(curve.velocity(at: p.x) - p.velocity) <= 0.01, "\(curve) velocity at \(p.x)")
            }
        }
        let bezier = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.75, y: 0.9))
        #expect(abs(bezier.value(at: 0.5) - 0.5) <= 0.01)
        #expect(abs(bezier.velocity(at: 0.5) - 1.20) <= 0.01)
        // x outside 0…1 is clamped: (0, 2) and (1, −1), point-symmetric about (0.5, 0.5).
        let extreme = UnitCurve.bezier(startControlPoint: UnitPoint(x: -0.5, y: 2), endControlPoint: UnitPoint(x: 1.5, y: -1))
        #expect(abs(extreme.value(at: 0.5) - 0.5) < 1e-6)
        #expect(abs(extreme.velocity(at: 0.5) - -1) < 1e-6)
    }

    /// A curve whose control points both lie on the diagonal is exactly y = x: no solve, so no
    /// rounding, at every progress; a curve with one point just off it is solved.
    @Test("a curve with both control points on the diagonal is exactly y = x")
    func diagonalCurveIsExact() {
        let diagonal = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.3, y: 0.3), endControlPoint: UnitPoint(x: 0.8, y: 0.8))
        let nearly = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.3, y: 0.3), endControlPoint: UnitPoint(x: 0.8, y: 0.81))
        var solved = 0
        for i in 0...1000 {
            let x = Double(i) / 1000
            #expect(diagonal.value(at: x) == x, "at \(x)")
            #expect(diagonal.velocity(at: x) == 1, "at \(x)")
            if nearly.value(at: x) != x { solved += 1 }
        }
        #expect(solved > 900)
        // Clamping x onto the diagonal counts: (−0.5, 0) is (0, 0) once clamped.
        let clamped = UnitCurve.bezier(startControlPoint: UnitPoint(x: -0.5, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
        #expect(clamped.value(at: 0.37) == 0.37)
    }

    /// `Animation.Motion` keeps its case in a byte of its own, after the larger payload (the
    /// curve's: 80 bytes of `UnitCurve`, 8 of duration), not in spare bits of a payload word.
    /// With spare bits in `UnitCurve` (a stored `Bool`), the case shared a word with bits a
    /// `.spring` leaves unwritten, and the release build's `switch` over a motion tested the
    /// whole word: valgrind's memcheck reported every spring start as a branch on uninitialised
    /// memory (see ARCHITECTURE.md, *Robustness*).
    @Test("a motion's case is a tag byte of its own, not spare bits shared with a payload")
    func motionTagHasItsOwnByte() {
        #expect(MemoryLayout<UnitCurve>.size == 80 && MemoryLayout<UnitCurve>.stride == 80)
        #expect(MemoryLayout<Animation.Motion>.size == 80 + 8 + 1)
    }
}
