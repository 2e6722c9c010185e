// Drag to dismiss's entry point for the benchmark target, behind the Benchmarking SPI: one step of
// a drag applied at once, as the pointer arbiter applies a pan step to its owner during a tick's
// first stage — the per-layer placement and release path, without the arbitration (whose pointer
// table is sized for the few fingers of a touch screen, and is searched per event).

@_spi(Benchmarking)
extension World {
    /// One step of a drag owned by `view` (a presented destination with drag to dismiss, or a
    /// flying layer, caught), applied immediately through the portals' pan handler as the arbiter
    /// applies it to the owner: `.began`, `.moved` to `translation` (points from where the drag
    /// began), `.ended` released at `velocity` (points per second), `.cancelled`. A step the drag
    /// cannot take does nothing, as for a pan. For the benchmarks, which send no pointer events
    /// for this.
    public func _dragPortal(from view: Entity, _ phase: PointerPhase, translation: Point, velocity: Point) throws(PortalError) {
        try requireView(view)
        let panPhase: PanPhase
        switch phase {
        case .began: panPhase = .began
        case .moved: panPhase = .changed
        case .ended: panPhase = .ended
        case .cancelled: panPhase = .cancelled
        }
        portalFollowsPan(view, PanUpdate(phase: panPhase, axis: .vertical, translation: translation, velocity: velocity, location: .zero),
                         tick: clock.tick + 1)
    }
}
