// The scroll views' entry point for the benchmark target, behind the Benchmarking SPI: a flick
// applied at once, as the pointer arbiter applies a pan during a tick's first stage.

@_spi(Benchmarking)
extension World {
    /// A finger's flick on the scroll view `view`: a vertical pan that begins and ends at once,
    /// released at the finger velocity `velocity` (points per second), applied immediately
    /// through the scroll views' pan handler. For the benchmarks, which have no pointer events.
    public func _flickScrollView(_ view: Entity, velocity: Point) throws(PortalError) {
        try requireScrollView(view)
        guard scrollViews.index.contains(view) else { throw .notAScrollView(view) }
        let tick = clock.tick + 1
        scrollViewPan(view, PanUpdate(phase: .began, axis: .vertical, translation: .zero, velocity: velocity, location: .zero), tick: tick)
        scrollViewPan(view, PanUpdate(phase: .ended, axis: .vertical, translation: .zero, velocity: velocity, location: .zero), tick: tick)
    }
}
