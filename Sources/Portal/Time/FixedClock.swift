// The fixed-step clock.
//
// Why 120 Hz: it is the refresh rate of ProMotion displays and of most high-refresh monitors,
// and it divides 60, 30 and 24 fps frames into whole ticks (2, 4 and 5), so the common hosts run
// a whole number of ticks per frame and nothing beats against the display. A fixed step makes
// every tick the same computation — same inputs, same outputs, bit for bit — and lets springs
// advance by a precomputed matrix instead of an integrator.
//
// Why integer ticks: 1/120 has no exact binary form, so adding it up drifts (after an hour of
// 1/120 additions a Double is off by microseconds, a Float by whole frames). The clock counts
// ticks in an integer and derives seconds by one multiplication, which never drifts.

/// Counts fixed ticks and turns the host's variable frame times into whole ticks.
struct FixedClock {
    let tickRate: Int
    let step: Double
    let maxCatchUpTicks: Int
    /// Ticks run since the world was created.
    private(set) var tick: UInt64 = 0
    /// Host time received but not yet run as a tick, in seconds; always in 0..<step.
    private(set) var pending: Double = 0

    init(tickRate: Int, maxCatchUpTicks: Int) {
        self.tickRate = tickRate
        self.step = 1 / Double(tickRate)
        self.maxCatchUpTicks = maxCatchUpTicks
    }

    /// Seconds since the world was created, derived from the tick count.
    var time: Double { Double(tick) * step }

    /// How far the host is between the last tick and the next, in 0..<1.
    var interpolationFraction: Double { pending / step }

    /// Absorbs a frame time and says how many ticks to run now and how many were dropped by the
    /// catch-up cap. Rejects (without changing anything) frame times that are not finite or
    /// are negative.
    mutating func absorb(_ seconds: Double) -> (run: Int, dropped: Int, rejected: AdvanceReport.Rejection?) {
        guard !seconds.isNaN else { return (0, 0, .notANumber) }
        guard seconds.isFinite else { return (0, 0, seconds > 0 ? .infinite : .negative) }
        guard seconds >= 0 else { return (0, 0, .negative) }
        if seconds == 0 { return (0, 0, .zero) }
        // A frame time a few ulps short of a whole number of ticks (1/60 is not exactly 2/120
        // in binary) must still run those ticks, so whole ticks are counted with a tolerance of
        // a millionth of a tick.
        let total = pending + seconds
        let whole = PortalMath.rounded(total / step + 1e-6, .down)
        if whole > Double(maxCatchUpTicks) {
            // Time beyond the cap is dropped, its fraction of a tick with it: a stalled host
            // resumes on a tick boundary.
            pending = 0
            let dropped = whole - Double(maxCatchUpTicks)
            return (maxCatchUpTicks, dropped >= Double(Int.max / 2) ? Int.max / 2 : Int(dropped), nil)
        }
        // The total is at most (cap + 1) ticks here, so this difference is exact enough; it is
        // a hair below zero when the tolerance above counted a tick a few ulps early.
        pending = min(max(0, total - whole * step), step.nextDown)
        return (Int(whole), 0, nil)
    }

    mutating func advanceOneTick() { tick += 1 }
}

/// What one call of ``World/advance(by:)`` did.
public struct AdvanceReport: Hashable, Sendable {
    /// Why a frame time ran no ticks although time was given.
    public enum Rejection: Hashable, Sendable {
        /// The frame time was NaN.
        case notANumber
        /// The frame time was +∞.
        case infinite
        /// The frame time was negative (or −∞): clocks do not run backwards.
        case negative
        /// The frame time was zero: nothing to do, not an error.
        case zero
        /// ``World/advance(by:)`` was called from inside a system, during a tick.
        case insideTick
    }

    /// The number of ticks run.
    public let ticksRun: Int
    /// Whole ticks of host time discarded because the frame exceeded the catch-up cap
    /// (``World/Configuration/maxCatchUpTicks``). The clock does not try to run them later.
    public let ticksDropped: Int
    /// Set when the frame time was not usable; the clock is unchanged then.
    public let rejection: Rejection?
}
