// swift-tools-version:6.0
import PackageDescription

/// Debug builds (and so `swift test`) compile the storage invariant checkers in;
/// release builds compile them out.
let invariantChecks: [SwiftSetting] = [
    .define("PORTAL_CHECK_INVARIANTS", .when(configuration: .debug)),
]

let package = Package(
    name: "Portal",
    products: [
        .library(name: "Portal", targets: ["Portal"]),
        .executable(name: "portal-demo", targets: ["PortalDemo"]),
        .executable(name: "PortalBenchmarks", targets: ["PortalBenchmarks"]),
    ],
    targets: [
        .target(name: "Portal", swiftSettings: invariantChecks),
        .executableTarget(name: "PortalDemo", dependencies: ["Portal"]),
        .executableTarget(name: "PortalBenchmarks", dependencies: ["Portal"], path: "Benchmarks/PortalBenchmarks"),
        // The fuzzer (issue 12): the engine, its command line, and the bounded run in the tests.
        .target(name: "PortalFuzzing", dependencies: ["Portal"]),
        .executableTarget(name: "portal-fuzz", dependencies: ["PortalFuzzing"], path: "Sources/PortalFuzz"),
        .testTarget(name: "PortalTests", dependencies: ["Portal", "PortalFuzzing"]),
    ],
    swiftLanguageModes: [.v6]
)
