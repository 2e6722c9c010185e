// Entry points for the benchmark target, behind an SPI so they are not part of the public API:
// `@_spi(Benchmarking) import Portal`.

@_spi(Benchmarking)
extension World {
    /// Runs only the interpolation and finish stages' built-in work for the next tick, and
    /// advances the clock: what the `interpolation/*` benchmarks time. Staged commands, user
    /// systems, write-back and the render list are skipped, so presented values are stale until
    /// the next full ``tick()``.
    public func _advanceTracksOnly() {
        let now = clock.tick + 1
        tracks.currentTick = now
        tracks.prepare(tick: now)
        tracks.advanceLanes()
        tracks.finish(tick: now, views: &views, events: &events)
        clock.advanceOneTick()
    }
}

/// The phases of a tick, in the order they run, as the phase probe reports them. ``end`` comes
/// after the output stage's systems, so the time from one phase to the next covers the
/// built-in work and the user systems between them.
@_spi(Benchmarking)
public enum TickPhase: Int, CaseIterable, Sendable {
    /// Staged host calls are applied; layout-capture systems run.
    case applyCommands
    /// Scroll views in motion advance one tick (glides, bounces, pages, animated scrolls).
    case scrollViews
    /// Portal matching, anchor following and flight starts; matching systems.
    case portalMatching
    /// Every timing's step matrix is brought up to date (curves are solved).
    case curves
    /// Every lane advances one tick; interpolation systems.
    case lanes
    /// Completions are reported, settled animations retire.
    case trackFinish
    /// Portal landings and hand-offs; navigation, popup and finish systems.
    case portalFinish
    /// Presented values are copied into the views; header placement, popups following their
    /// sources, portal layers following anchors that moved late.
    case writeBack
    /// The drawing order takes in the views spawned and despawned this tick.
    case drawOrder
    /// The render list is rebuilt; output systems.
    case renderList
    /// The tick's work is done.
    case end
}

@_spi(Benchmarking)
extension World {
    /// Sets (or with `nil` clears) a function called as each phase of a tick begins, so that a
    /// profiler can time the phases with its own clock. The library reads no clock itself.
    public func _setPhaseProbe(_ probe: ((TickPhase) -> Void)?) {
        phaseProbe = probe
    }
}
