// LaminaSnapshotTesting — pointfreeco/swift-snapshot-testing's image strategies for layers and
// views, on Linux: `Snapshotting<CALayer, CGImage>`, `Snapshotting<UIView, CGImage>` and
// `Diffing<CGImage>`, drawn by Lamina's compositor, with media-time control
// (`.image(at: 0.5)` snapshots an animation half a second after it began).
//
//     import LaminaSnapshotTesting
//     assertSnapshot(of: badgeLayer, as: .image)
//     assertSnapshot(of: spinner, as: .image(at: 0.25))
//
// Behind the package trait `SnapshotTesting` (off by default), so Lamina gains no dependency
// unless a package asks for it:
//
//     .package(url: "<Lamina>", branch: "main", traits: ["SnapshotTesting"])
//     .product(name: "LaminaSnapshotTesting", package: "Lamina")
//
// Files: Snapshotting+CALayer.swift (how a layer becomes an image at a media time),
// Snapshotting+UIView.swift, Diffing+CGImage.swift (PNG storage and the comparison),
// ImageDifference.swift (precision, perceptual precision, the difference image).
#if SnapshotTesting
@_exported import SnapshotTesting
#endif
