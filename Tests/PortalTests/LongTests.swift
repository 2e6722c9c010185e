// The test suite's two sizes (issue 24).
//
// `swift test` runs every test, each long campaign (the bounded fuzz run, many-seed random model
// runs, the long fuzz-session replay, the 60,000-motion settle sweep) at a small size that still
// exercises every path it checks and can still fail, so the everyday loop stays about a minute.
// Everything at full size, as CI runs it in its own step after `swift test`:
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
