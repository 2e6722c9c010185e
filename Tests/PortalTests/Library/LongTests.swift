// The test suite's two sizes (issue 24).
//
// `swift test` runs every test, each long campaign at a small size that still exercises every
// path it checks and can still fail, so the everyday loop stays within a minute: the bounded
// fuzz run (FuzzTests), the random model runs (navigation stacks, storage, portal sequences,
// random trees against the reference and the change list, drawing order), the fuzz-session
// replay (TraceRoundTripTests), the settle sweep (SpringStepsTests) and an hour of a world's
// clock. Everything at full size, as CI runs it in its own step after `swift test`:
//
//     PORTAL_LONG_TESTS=1 swift test
//
// A campaign states both sizes where it runs, with `LongTests.size(quick, long:)`; regression
// tests (the fuzz reproducers, the bug repros) have one size and always run.

import Foundation

enum LongTests {
    /// Whether `PORTAL_LONG_TESTS=1` asks for the long campaigns at full size.
    static let enabled = ProcessInfo.processInfo.environment["PORTAL_LONG_TESTS"] == "1"

    /// `quick` in the everyday run, `long` under `PORTAL_LONG_TESTS=1`.
    static func size<T>(_ quick: T, long: T) -> T { enabled ? long : quick }
}
