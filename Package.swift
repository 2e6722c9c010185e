// swift-tools-version:6.0
import PackageDescription

/// Debug builds (and so `swift test`) compile the storage invariant checkers in;
/// release builds compile them out.
let invariantChecks: [SwiftSetting] = [
    .define("PORTAL_CHECK_INVARIANTS", .when(configuration: .debug)),
]

let package = Package(
    name: "Portal",
    // Linux, Windows and WebAssembly need no entry. The library itself needs nothing newer than
    // the Swift 5.1 runtime (macOS 10.15: `Identifiable`, SIMD types), but the platforms apply
    // to every target, and the demo and the benchmarks time ticks with `ContinuousClock`
    // (macOS 13 / iOS 16 / tvOS 16 / watchOS 9), which sets the floor for the package.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1), .macCatalyst(.v16)],
    // Only libraries are products, so a dependent sees `Portal` alone. The executables below
    // are still runnable from a checkout: SwiftPM gives each executable target of the root
    // package a product of the target's name (`swift run -c release portal-demo`,
    // `PortalBenchmarks`, `portal-fuzz`).
    products: [
        .library(name: "Portal", targets: ["Portal"]),
        // Golden snapshots of replayed traces and expectations, for tests (issue 15).
        .library(name: "PortalTesting", targets: ["PortalTesting"]),
        // The C interface (issue 27): one shared library, `Sources/CPortal/include/portal.h` its
        // contract. Build it self-contained with `swift build -c release --product PortalC
        // --static-swift-stdlib`.
        .library(name: "PortalC", type: .dynamic, targets: ["PortalC"]),
    ],
    targets: [
        // Portal's math is its own (Support/PortalMath.swift) and it imports no C library, but
        // on Linux the standard library's `squareRoot()` is the instruction plus a call of libm's
        // `sqrt` for a negative argument (to set errno), so a program that links Portal needs
        // libm there; nothing else would link it for a host that imports no Foundation or Glibc.
        .target(name: "Portal", swiftSettings: invariantChecks,
                linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]),
        .target(name: "PortalTesting", dependencies: ["Portal"]),
        // The C interface: the header and the C half (handles, files), and the Swift half.
        .target(name: "CPortal"),
        .target(name: "PortalC", dependencies: ["Portal", "CPortal"]),
        // The code the demo's scenes and the replays of their traces share (transition handlers).
        .target(name: "PortalDemoScenes", dependencies: ["Portal"]),
        .executableTarget(name: "portal-demo", dependencies: ["Portal", "PortalDemoScenes"], path: "Sources/PortalDemo"),
        .executableTarget(name: "PortalBenchmarks", dependencies: ["Portal", "PortalC", "CPortal"], path: "Benchmarks/PortalBenchmarks"),
        // The fuzzer (issue 12): the engine, its command line, and the bounded run in the tests.
        .target(name: "PortalFuzzing", dependencies: ["Portal"]),
        .executableTarget(name: "portal-fuzz", dependencies: ["PortalFuzzing"], path: "Sources/PortalFuzz"),
        .testTarget(name: "PortalTests", dependencies: ["Portal", "PortalFuzzing", "PortalTesting", "PortalDemoScenes"],
                    exclude: ["Goldens", "MathReferences"]),
    ],
    swiftLanguageModes: [.v6]
)
