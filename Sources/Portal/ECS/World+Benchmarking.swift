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
        tracks.prepare(tick: now)
        tracks.advanceLanes()
        tracks.finish(tick: now, views: &views, events: &events)
        clock.advanceOneTick()
    }
}
