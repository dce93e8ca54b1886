// swift-tools-version:6.1
//
// Lamina's benchmarks in the Swift ecosystem's harness, ordo-one/benchmark (issue 24 item 4): a
// package of its own that depends on Lamina by path, so Lamina itself gains no dependency (as
// Examples/SnapshotTesting does). Wall and CPU time and malloc counts per frame, saved baselines
// and threshold checks; see README.md.
//
//     swift package benchmark                      # every benchmark (release build)
//     swift package benchmark --filter "spinner"   # the ones whose name matches
//
// Targets (the harness finds benchmark executables under Benchmarks/):
//
//   AnimationBenchmarks  the model level on QuartzCore's public API: a transaction's commit, the
//                        animation clock's tick, the presentation tree, keyed adds, a frame's
//                        preparation — AnimationBench's measurements (Sources/AnimationBench)
//   FrameBenchmarks      whole frames of the scene catalog drawn by a CARenderer into the
//                        caller's pixels: bench-layers, bench-perspective, bench-particles, the
//                        page fold while it animates, a spinner over the 500-layer scene
//   LaminaBenchmarkSupport  what both share: the metrics, the thresholds, the quick mode for CI
//   LaminaSceneCatalog   Lamina's scene catalog (Sources/LaminaScenes, through a symbolic link,
//                        without its LaminaKit window): the scenes `lamina bench` draws, compiled
//                        here against QuartzCore's public API only — Lamina ships no scene
//                        product, and a copy would drift
import PackageDescription

let package = Package(
    name: "LaminaBenchmarks",
    dependencies: [
        .package(name: "Lamina", path: ".."),
        // The MallocInterposer trait (its default on Swift 6.3, named explicitly because naming
        // traits replaces the defaults) counts mallocs and frees by interposing malloc: no
        // jemalloc, nothing to install.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "LaminaBenchmarkSupport",
            dependencies: [.product(name: "Benchmark", package: "benchmark")]
        ),
        .target(
            name: "LaminaSceneCatalog",
            dependencies: [.product(name: "QuartzCore", package: "Lamina")],
            // The window host is LaminaKit's, which the frames here do not need.
            exclude: ["SceneWindow.swift"]
        ),
        .executableTarget(
            name: "AnimationBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "QuartzCore", package: "Lamina"),
                "LaminaBenchmarkSupport",
            ],
            path: "Benchmarks/AnimationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FrameBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "QuartzCore", package: "Lamina"),
                "LaminaBenchmarkSupport",
                "LaminaSceneCatalog",
            ],
            path: "Benchmarks/FrameBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
