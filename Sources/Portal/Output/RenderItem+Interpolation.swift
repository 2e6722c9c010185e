// Presented-value interpolation between two ticks' render items, for hosts whose frames do not
// line up with the 120 Hz ticks (a frame that runs no tick and the next that runs two).

extension RenderItem {
    /// This item `fraction` of the way to `next` (the same view's item one tick later): what a
    /// host draws when it draws one tick behind, `fraction` being
    /// ``World/interpolationFraction``.
    ///
    /// The numbers that move — ``frame``, ``cornerRadius``, ``opacity``, ``shadowRadius``,
    /// every number of ``transform`` and of ``globalTransform`` — are blended linearly
    /// (a 3×3 matrix entry by entry: exact for translation and scale, and for a rotation off
    /// the composed motion only in the second order of the angle turned in one tick); the rest (the entity and content, ``role``, ``zIndex``, hit testing,
    /// corner style and ``clip``) are `next`'s. `fraction` is clamped into 0…1: 0 gives this
    /// item's values, 1 gives `next`.
    ///
    /// Pair the two items by ``RenderKey`` (``World/renderKey(at:)``), not by entity: a view
    /// can be drawn in its place and, at once, as a copy under a portal layer.
    public func interpolated(to next: RenderItem, by fraction: Float) -> RenderItem {
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        func mix(_ a: Float, _ b: Float) -> Float { a + (b - a) * t }
        var item = next
        item.frame = Rect(x: mix(frame.minX, next.frame.minX), y: mix(frame.minY, next.frame.minY),
                          width: mix(frame.width, next.frame.width), height: mix(frame.height, next.frame.height))
        item.cornerRadius = mix(cornerRadius, next.cornerRadius)
        item.opacity = mix(opacity, next.opacity)
        item.shadowRadius = mix(shadowRadius, next.shadowRadius)
        let a = transform, b = next.transform
        item.transform.translation = Point(x: mix(a.translation.x, b.translation.x), y: mix(a.translation.y, b.translation.y))
        item.transform.scaleX = mix(a.scaleX, b.scaleX)
        item.transform.scaleY = mix(a.scaleY, b.scaleY)
        item.transform.rotation = Angle(radians: mix(a.rotation.radians, b.rotation.radians))
        item.transform.zPosition = mix(a.zPosition, b.zPosition)
        item.transform.rotation3D.angle = Angle(radians: mix(a.rotation3D.angle.radians, b.rotation3D.angle.radians))
        let g = globalTransform, h = next.globalTransform
        item.globalTransform = ProjectionTransform(m11: mix(g.m11, h.m11), m12: mix(g.m12, h.m12), m13: mix(g.m13, h.m13),
                                                   m21: mix(g.m21, h.m21), m22: mix(g.m22, h.m22), m23: mix(g.m23, h.m23),
                                                   m31: mix(g.m31, h.m31), m32: mix(g.m32, h.m32), m33: mix(g.m33, h.m33))
        return item
    }
}
