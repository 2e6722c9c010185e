import Testing
@testable import Portal

@Suite("RenderItem.interpolated(to:by:)")
struct RenderInterpolationTests {
    private func item(_ x: Float, opacity: Float, rotation: Float, zIndex: Int32, hits: Bool) -> RenderItem {
        var item = RenderItem(entity: Entity(index: 1, generation: 0), content: Entity(index: 1, generation: 0),
                              frame: Rect(x: x, y: 2 * x, width: 100 + x, height: 50), cornerRadius: x / 10, cornerStyle: .circular,
                              clipsContent: true, opacity: opacity, shadowRadius: x / 5,
                              transform: Transform(translation: Point(x: x, y: -x), scaleX: 1 + x / 100, rotation: Angle(radians: rotation)),
                              zIndex: zIndex, role: .view, allowsHitTesting: hits)
        item.globalTransform = ProjectionTransform.local(frame: item.frame, transform: item.transform)
        return item
    }

    @Test("the moving numbers blend linearly, the rest is the later item's; the fraction is clamped")
    func blend() {
        let a = item(0, opacity: 0.2, rotation: 0, zIndex: 1, hits: false)
        let b = item(40, opacity: 0.6, rotation: 0.4, zIndex: 3, hits: true)
        let mid = a.interpolated(to: b, by: 0.25)
        #expect(mid.frame == Rect(x: 10, y: 20, width: 110, height: 50))
        #expect(abs(mid.opacity - 0.3) < 1e-6 && mid.cornerRadius == 1 && mid.shadowRadius == 2)
        #expect(mid.transform.translation == Point(x: 10, y: -10) && abs(mid.transform.rotation.radians - 0.1) < 1e-7)
        #expect(mid.zIndex == 3 && mid.allowsHitTesting)
        #expect(abs(mid.globalTransform.m31 - (a.globalTransform.m31 * 0.75 + b.globalTransform.m31 * 0.25)) < 1e-4)
        #expect(a.interpolated(to: b, by: 0) == RenderItem.with(b, valuesOf: a))
        #expect(a.interpolated(to: b, by: 1) == b && a.interpolated(to: b, by: 7) == b)
        #expect(a.interpolated(to: b, by: -1) == a.interpolated(to: b, by: 0))
        #expect(a.interpolated(to: b, by: .nan) == a.interpolated(to: b, by: 0))
    }
}

private extension RenderItem {
    /// `next` with `values`' moving numbers: what fraction 0 gives.
    static func with(_ next: RenderItem, valuesOf values: RenderItem) -> RenderItem {
        var item = next
        item.frame = values.frame; item.cornerRadius = values.cornerRadius; item.opacity = values.opacity
        item.shadowRadius = values.shadowRadius; item.transform = values.transform; item.globalTransform = values.globalTransform
        return item
    }
}
