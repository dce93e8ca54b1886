// swift-tools-version:6.0
//
// MinimalHost — a layer-tree host of its own, written against QuartzCore's public host API
// only (`CARenderer`, `MediaClock`): no window library, no LaminaKit. Being a separate
// package, it cannot see any `package` member of Lamina: that it builds is the proof that
// anyone can write a host (CI builds and runs it).
//
//   swift run MinimalHost                      # 40 frames into ./frames as PPM, and a checksum
//   swift run MinimalHost --frames 90 --out /tmp/frames --bgra
import PackageDescription

let package = Package(
    name: "MinimalHost",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "MinimalHost", dependencies: [
            .product(name: "QuartzCore", package: "Lamina"),
        ]),
    ]
)
