// swift-tools-version:6.0
//
// libFuzzer targets for Lamina (issue 19): each executable defines `LLVMFuzzerTestOneInput`
// and is built with the fuzzer and address sanitizers, so it links libFuzzer's own `main`:
//
//   swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// `Fuzz/run.sh [seconds]` builds them all and runs each on its seed corpus (Corpus/<name>/).
// A separate package, so the flags above never reach Lamina's own manifest (packages that
// depend on Lamina cannot use unsafeFlags) and a plain `swift build` of Lamina never sees an
// executable without `main`. Lamina is a path dependency: the fuzzers test this checkout.
import PackageDescription

let package = Package(
    name: "LaminaFuzz",
    dependencies: [
        .package(name: "Lamina", path: ".."),
    ],
    targets: [
        // Reading fuzzer bytes as numbers, choices and counts.
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),
        // JSON layer archives (CALayerArchive.unarchivedLayer), then a small render of the decoded tree.
        .executableTarget(name: "ArchiveFuzzer", dependencies: [
            "FuzzSupport", .product(name: "QuartzCore", package: "Lamina"),
        ]),
        // PNG and JPEG decoding through CGImage's providers and ImageIO's CGImageSource.
        .executableTarget(name: "ImageFuzzer", dependencies: [
            "FuzzSupport", .product(name: "CoreGraphics", package: "Lamina"),
            .product(name: "ImageIO", package: "Lamina"),
        ]),
        // CGPath building, stroking, dashing and rasterising into a small CGContext.
        .executableTarget(name: "PathFuzzer", dependencies: [
            "FuzzSupport", .product(name: "CoreGraphics", package: "Lamina"),
        ]),
        // Basic, keyframe, spring and group animations with random timing, drawn by CARenderer.
        .executableTarget(name: "AnimationFuzzer", dependencies: [
            "FuzzSupport", .product(name: "QuartzCore", package: "Lamina"),
        ]),
    ]
)
