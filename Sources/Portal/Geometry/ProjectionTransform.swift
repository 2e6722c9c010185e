// The 3×3 projective matrix that places a view on screen, as SwiftUI's `ProjectionTransform`.
//
// Why 3×3 and not Core Animation's 4×4: SwiftUI's `rotation3DEffect` and Core Animation's
// default flattening of a sublayer tree compose as 2D homographies of the plane, so a 3×3
// matrix is exact for everything Portal draws, and it is cheaper to compose and to invert.

/// A projective transform of the plane (SwiftUI's `ProjectionTransform`), in the row-vector
/// convention of `CGAffineTransform`: a point (x, y) maps to
/// `((m11·x + m21·y + m31) / w, (m12·x + m22·y + m32) / w)` with `w = m13·x + m23·y + m33`.
///
/// `a * b` applies `a` first, then `b` (as `a.concatenating(b)` in Core Graphics): a view's
/// global transform is `local(view) * translate(−parent.contentOffset) * global(parent)`.
public struct ProjectionTransform: Hashable, Sendable {
    /// Row 1, column 1 (x scale).
    public var m11: Float
    /// Row 1, column 2.
    public var m12: Float
    /// Row 1, column 3 (perspective from x).
    public var m13: Float
    /// Row 2, column 1.
    public var m21: Float
    /// Row 2, column 2 (y scale).
    public var m22: Float
    /// Row 2, column 3 (perspective from y).
    public var m23: Float
    /// Row 3, column 1 (x translation).
    public var m31: Float
    /// Row 3, column 2 (y translation).
    public var m32: Float
    /// Row 3, column 3.
    public var m33: Float

    /// Creates a transform from its nine entries, row by row.
    public init(m11: Float, m12: Float, m13: Float, m21: Float, m22: Float, m23: Float, m31: Float, m32: Float, m33: Float) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The transform that changes nothing.
    public static let identity = ProjectionTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// A translation by (x, y).
    public static func translation(x: Float, y: Float) -> ProjectionTransform {
        ProjectionTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: x, m32: y, m33: 1)
    }

    /// `true` when the last column is (0, 0, 1): no perspective, so the transform is affine.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// `lhs` then `rhs`: the matrix product `lhs · rhs` in the row-vector convention.
    @inline(__always)
    public static func * (a: ProjectionTransform, b: ProjectionTransform) -> ProjectionTransform {
        ProjectionTransform(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// This transform followed by a translation by (x, y) (cheaper than a full product).
    @inline(__always)
    func translated(x: Float, y: Float) -> ProjectionTransform {
        var t = self
        t.m11 += m13 * x; t.m12 += m13 * y
        t.m21 += m23 * x; t.m22 += m23 * y
        t.m31 += m33 * x; t.m32 += m33 * y
        return t
    }

    /// Where `point` lands. A point that the projection sends to infinity (w = 0) maps to a
    /// non-finite point.
    @inline(__always)
    public func map(_ point: Point) -> Point {
        let w = m13 * point.x + m23 * point.y + m33
        return Point(x: (m11 * point.x + m21 * point.y + m31) / w, y: (m12 * point.x + m22 * point.y + m32) / w)
    }

    /// The inverse transform, or `nil` when the transform is singular (it collapses the plane
    /// to a line or a point, as a zero scale does), which nothing can hit.
    public func inverted() -> ProjectionTransform? {
        let c11 = m22 * m33 - m23 * m32, c12 = m23 * m31 - m21 * m33, c13 = m21 * m32 - m22 * m31
        let det = m11 * c11 + m12 * c12 + m13 * c13
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        return ProjectionTransform(
            m11: c11 * r, m12: (m13 * m32 - m12 * m33) * r, m13: (m12 * m23 - m13 * m22) * r,
            m21: c12 * r, m22: (m11 * m33 - m13 * m31) * r, m23: (m13 * m21 - m11 * m23) * r,
            m31: c13 * r, m32: (m12 * m31 - m11 * m32) * r, m33: (m11 * m22 - m12 * m21) * r)
    }

    /// The smallest axis-aligned box holding the rectangle (0, 0)-(size) under this transform,
    /// or `nil` when part of it goes behind the viewer (w ≤ 0), where no finite box holds it.
    @inline(__always)
    func boundingBox(of size: Size) -> Rect? {
        let w = size.width, h = size.height
        if isAffine {
            // Four corners without divisions (the common case: no perspective anywhere above).
            let x0 = m31, x1 = m11 * w + m31, x2 = m21 * h + m31, x3 = m11 * w + m21 * h + m31
            let y0 = m32, y1 = m12 * w + m32, y2 = m22 * h + m32, y3 = m12 * w + m22 * h + m32
            let minX = min(min(x0, x1), min(x2, x3)), maxX = max(max(x0, x1), max(x2, x3))
            let minY = min(min(y0, y1), min(y2, y3)), maxY = max(max(y0, y1), max(y2, y3))
            guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        return perspectiveBoundingBox(of: size)
    }

    /// ``boundingBox(of:)`` with perspective, kept out of line so the affine case inlines into
    /// the render walk (called out of line, the whole matrix was copied to the stack per view).
    @inline(never)
    func perspectiveBoundingBox(of size: Size) -> Rect? {
        let w = size.width, h = size.height
        // With perspective, each corner is divided by its w; a corner at or behind the viewer
        // (w ≤ 0) has no finite image, so there is no box.
        let w0 = m33, w1 = m13 * w + m33, w2 = m23 * h + m33, w3 = m13 * w + m23 * h + m33
        guard w0 > 0, w1 > 0, w2 > 0, w3 > 0 else { return nil }
        let x0 = m31 / w0, x1 = (m11 * w + m31) / w1, x2 = (m21 * h + m31) / w2, x3 = (m11 * w + m21 * h + m31) / w3
        let y0 = m32 / w0, y1 = (m12 * w + m32) / w1, y2 = (m22 * h + m32) / w2, y3 = (m12 * w + m22 * h + m32) / w3
        let minX = min(min(x0, x1), min(x2, x3)), maxX = max(max(x0, x1), max(x2, x3))
        let minY = min(min(y0, y1), min(y2, y3)), maxY = max(max(y0, y1), max(y2, y3))
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The local matrix of a view: it maps the view's bounds (0, 0)-(frame.size) into its
    /// parent's content space — about the frame's centre, `transform` in the order of
    /// ``Transform``'s documentation (scale, rotation, 3D rotation, translation), then the
    /// frame's origin. The 3D rotation is the rotation about the (normalised) axis through the
    /// centre, seen from a distance of `max(width, height) / perspective` (perspective 0 is
    /// orthographic): a quarter turn about y collapses the width, as the demo renderer's
    /// foreshortening draws it. `zPosition` is a drawing-order hint and not in the matrix.
    @inline(__always)
    static func local(frame: Rect, transform t: Transform) -> ProjectionTransform {
        if t.rotation.radians == 0 && t.rotation3D.angle.radians == 0 {
            return unrotatedLocal(frame: frame, translation: t.translation, scaleX: t.scaleX, scaleY: t.scaleY)
        }
        return rotatedLocal(frame: frame, transform: t)
    }

    /// ``local(frame:transform:)`` with no rotation: scale about the centre and translate, the
    /// common case, no trigonometry.
    @inline(__always)
    static func unrotatedLocal(frame: Rect, translation: Point, scaleX: Float, scaleY: Float) -> ProjectionTransform {
        let hw = frame.width / 2, hh = frame.height / 2
        return ProjectionTransform(m11: scaleX, m12: 0, m13: 0, m21: 0, m22: scaleY, m23: 0,
                                   m31: frame.minX + hw + translation.x - hw * scaleX,
                                   m32: frame.minY + hh + translation.y - hh * scaleY, m33: 1)
    }

    /// ``local(frame:transform:)`` with a rotation or a 3D rotation.
    @inline(never)
    static func rotatedLocal(frame: Rect, transform t: Transform) -> ProjectionTransform {
        let hw = frame.width / 2, hh = frame.height / 2
        // Translate the centre to the origin, scale.
        var m = ProjectionTransform(m11: t.scaleX, m12: 0, m13: 0, m21: 0, m22: t.scaleY, m23: 0,
                                    m31: -hw * t.scaleX, m32: -hh * t.scaleY, m33: 1)
        if t.rotation.radians != 0 {
            let c = PortalMath.cos(t.rotation.radians), s = PortalMath.sin(t.rotation.radians)
            // Clockwise on a y-down screen: (x, y) → (c·x − s·y, s·x + c·y).
            m = m * ProjectionTransform(m11: c, m12: s, m13: 0, m21: -s, m22: c, m23: 0, m31: 0, m32: 0, m33: 1)
        }
        let r3 = t.rotation3D
        if r3.angle.radians != 0 {
            let n = (r3.axisX * r3.axisX + r3.axisY * r3.axisY + r3.axisZ * r3.axisZ).squareRoot()
            if n > 0 {
                let (x, y, z) = (r3.axisX / n, r3.axisY / n, r3.axisZ / n)
                let c = PortalMath.cos(r3.angle.radians), s = PortalMath.sin(r3.angle.radians), k = 1 - c
                // Rodrigues' rotation matrix (column-vector rows r0, r1, r2), restricted to z = 0.
                let r00 = c + x * x * k, r01 = x * y * k - z * s
                let r10 = y * x * k + z * s, r11 = c + y * y * k
                let r20 = z * x * k - y * s, r21 = z * y * k + x * s
                let extent = max(frame.width, frame.height)
                // Held to ±maxMagnitude: a sliver of a view (a subnormal side) would put the eye
                // at distance 0 and the matrix at infinity.
                let p = extent > 0 ? min(max(r3.perspective / extent, -Rect.maxMagnitude), Rect.maxMagnitude) : 0
                // w = 1 − p·z': points turned towards the viewer (z' > 0 in a y-down, z-out
                // frame seen from +z) grow.
                m = m * ProjectionTransform(m11: r00, m12: r10, m13: -p * r20,
                                            m21: r01, m22: r11, m23: -p * r21,
                                            m31: 0, m32: 0, m33: 1)
            }
        }
        return m.translated(x: frame.minX + hw + t.translation.x, y: frame.minY + hh + t.translation.y)
    }
}
