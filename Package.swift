// swift-tools-version:6.0
//
// Lamina — Core Animation for Linux, in Swift.
//
// Module layering (dependencies point one way; see DESIGN.md in the project's shared notes):
//
//   LaminaRaster      pixels only: surfaces, coverage, paint, sampling, blur, tiles
//   CLaminaImageIO    a thin C shim over libpng / libjpeg (Debian's -dev packages)
//   CoreGraphics      Apple's CG API over LaminaRaster (re-exports Foundation)
//   LaminaCompositor  render tree of plain values, CATransform3D, timing math, draw lists
//   QuartzCore        Apple's CA API: CALayer, CATransaction, CAAnimation... (re-exports CoreGraphics)
//   lamina            the command-line tool
import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .executable(name: "lamina", targets: ["lamina"]),
    ],
    targets: [
        // No unsafeFlags anywhere: they would stop other packages from depending on Lamina.
        .target(name: "LaminaRaster"),
        // Animation evaluation benchmark (issue 5): `swift run -c release AnimationBench`.
        .executableTarget(name: "AnimationBench", dependencies: ["QuartzCore"]),
        .target(
            name: "CLaminaImageIO",
            linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg"), .linkedLibrary("z")]
        ),
        .target(name: "CoreGraphics", dependencies: ["LaminaRaster", "CLaminaImageIO", "_Testing_CoreGraphics"]),
        // Empty on purpose: see the comment in its only file.
        .target(name: "_Testing_CoreGraphics"),
        .target(name: "LaminaCompositor", dependencies: ["CoreGraphics", "LaminaRaster"]),
        .target(name: "QuartzCore", dependencies: ["LaminaCompositor", "CoreGraphics"]),
        .executableTarget(name: "lamina", dependencies: ["QuartzCore"]),

        .testTarget(name: "LaminaRasterTests", dependencies: ["LaminaRaster"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"]),
        .testTarget(name: "LaminaCompositorTests", dependencies: ["LaminaCompositor"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore"]),
    ]
)
