// swift-tools-version:6.1
//
// Snapshot tests of layers and views on Linux, written as an iOS team writes them with
// pointfreeco/swift-snapshot-testing — through Lamina's `SnapshotTesting` trait and its
// LaminaSnapshotTesting product. `swift test` verifies the committed snapshots in
// Tests/LayerSnapshotTests/__Snapshots__ (CI runs it); `SNAPSHOT_TESTING_RECORD=all swift test`
// records them again.
import PackageDescription

let package = Package(
    name: "SnapshotTestingExample",
    dependencies: [
        .package(name: "Lamina", path: "../..", traits: ["SnapshotTesting"]),
    ],
    targets: [
        .testTarget(name: "LayerSnapshotTests", dependencies: [
            .product(name: "LaminaSnapshotTesting", package: "Lamina"),
            .product(name: "QuartzCore", package: "Lamina"),
            .product(name: "UIKit", package: "Lamina"),
        ], exclude: ["__Snapshots__"]),
    ]
)
