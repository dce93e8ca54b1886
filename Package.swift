// swift-tools-version:6.1
//
// Lamina — Core Animation for Linux, in Swift.
//
// Module layering (dependencies point one way; see DESIGN.md in the project's shared notes):
//
//   LaminaRaster      pixels only: surfaces, coverage, paint, sampling, blur, tiles
//   CLaminaImageIO    a thin C shim over libpng / libjpeg (Debian's -dev packages)
//   CLaminaFreeType   FreeType 2 headers and library (Debian's libfreetype-dev, via pkg-config)
//   CLaminaFontconfig, CLaminaHarfBuzz, CLaminaFriBidi  font matching, shaping and bidi for text
//                     (Debian's libfontconfig-dev, libharfbuzz-dev, libfribidi-dev, via pkg-config)
//   CoreGraphics      Apple's CG API over LaminaRaster (re-exports Foundation)
//   CoreImage         CIFilter as a description of the transition filters QuartzCore renders
//   LaminaCompositor  render tree of plain values, the render server (committed trees, animations as
//                     plain data, frames at a time t), CATransform3D, timing math, draw lists
//   QuartzCore        Apple's CA API: CALayer, CATransaction, CAAnimation... (re-exports CoreGraphics)
//   ImageIO           Apple's ImageIO API (CGImageSource, CGImageDestination) over CoreGraphics' codecs
//   LaminaKit         app host: window backends, run loop, display link, input, gestures, View
//   UIKit             opt-in: UIKit's names (UIView, UIColor, UIBezierPath, UIImage…) over LaminaKit
//   LaminaScenes      named scenes (the seed demos, feature scenes) with scripted interaction
//   lamina            the command-line tool
//   LaminaSnapshotTesting  opt-in (trait `SnapshotTesting`): swift-snapshot-testing's image
//                     strategies for CALayer and UIView on Linux
//
// Test support (under Tests/, in no product; only test targets depend on it, as in
// swift-collections' `_CollectionsTestSupport`):
//
//   _LaminaTestSupport  goldens (LAMINA_RECORD_GOLDENS=1 re-records), SplitMix64, stderr capture;
//                       CoreGraphics level
//   _UIKitTestSupport   a headless UIKit screen on a manual clock (LaminaKit + UIKit)
import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreImage", targets: ["CoreImage"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "LaminaKit", targets: ["LaminaKit"]),
        // Opt-in: only targets that depend on this product can `import UIKit`.
        .library(name: "UIKit", targets: ["UIKit"]),
        // Opt-in through the `SnapshotTesting` trait (empty without it).
        .library(name: "LaminaSnapshotTesting", targets: ["LaminaSnapshotTesting"]),
        .executable(name: "lamina", targets: ["lamina"]),
    ],
    // Off by default, so a package depending on Lamina resolves nothing more: enabling
    // `SnapshotTesting` adds pointfreeco/swift-snapshot-testing and the LaminaSnapshotTesting
    // product's image strategies.
    traits: [
        .trait(name: "SnapshotTesting",
               description: "LaminaSnapshotTesting: swift-snapshot-testing's CALayer/UIView image strategies on Linux"),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // No unsafeFlags anywhere: they would stop other packages from depending on Lamina.
        // AVX2 span kernels in C, selected at run time (a function attribute, not a flag).
        .target(name: "CLaminaKernels"),
        .target(name: "LaminaRaster", dependencies: ["CLaminaKernels"]),
        // Animation evaluation benchmark (issue 5): `swift run -c release AnimationBench`.
        .executableTarget(name: "AnimationBench", dependencies: ["QuartzCore"]),
        .target(
            name: "CLaminaImageIO",
            linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg"), .linkedLibrary("z")]
        ),
        // FreeType for text (CATextLayer); the include path comes from pkg-config, not flags.
        .systemLibrary(
            name: "CLaminaFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        // fontconfig (font matching, Apple names, fallback), HarfBuzz (shaping) and FriBidi
        // (bidirectional text), each through pkg-config like FreeType.
        .systemLibrary(name: "CLaminaFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CLaminaHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CLaminaFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .target(name: "CoreGraphics", dependencies: ["LaminaRaster", "CLaminaKernels", "CLaminaImageIO", "CLaminaFreeType",
                                                    "CLaminaFontconfig", "CLaminaHarfBuzz", "CLaminaFriBidi", "_Testing_CoreGraphics"]),
        // Empty on purpose: see the comment in its only file.
        .target(name: "_Testing_CoreGraphics"),
        .target(name: "LaminaCompositor", dependencies: ["CoreGraphics", "LaminaRaster"]),
        // Core Image's CIFilter as Core Animation code uses it (transition filters); QuartzCore
        // re-exports it, as on macOS.
        .target(name: "CoreImage", dependencies: ["CoreGraphics", "_Testing_CoreImage"]),
        // Empty on purpose: see the comment in its only file.
        .target(name: "_Testing_CoreImage"),
        .target(name: "QuartzCore", dependencies: ["LaminaCompositor", "CoreGraphics", "CoreImage", "LaminaRaster"]),
        .target(name: "ImageIO", dependencies: ["CoreGraphics", "LaminaRaster"]),
        .target(name: "LaminaKit", dependencies: ["QuartzCore", "ImageIO"]),
        .target(name: "UIKit", dependencies: ["QuartzCore", "LaminaKit", "ImageIO", "_Testing_UIKit"]),
        // Empty on purpose: see the comment in its only file.
        .target(name: "_Testing_UIKit"),
        .target(name: "LaminaScenes", dependencies: ["QuartzCore", "LaminaKit"]),
        .target(name: "LaminaSnapshotTesting", dependencies: [
            "QuartzCore", "UIKit", "ImageIO",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
        ]),
        .executableTarget(name: "lamina", dependencies: [
            "QuartzCore", "LaminaScenes", "LaminaKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The raster benchmark of the shared scenes S1–S5 (release build; see bench/compare.sh).
        .executableTarget(name: "LaminaBench", dependencies: ["LaminaRaster", "CoreGraphics"]),

        .target(name: "_LaminaTestSupport", dependencies: ["CoreGraphics", "LaminaRaster"], path: "Tests/_LaminaTestSupport"),
        .target(name: "_UIKitTestSupport", dependencies: ["UIKit", "LaminaKit"], path: "Tests/_UIKitTestSupport"),
        .testTarget(name: "LaminaRasterTests", dependencies: ["LaminaRaster", "_LaminaTestSupport"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "_LaminaTestSupport"], exclude: ["Context/Goldens"]),
        .testTarget(name: "LaminaCompositorTests", dependencies: ["LaminaCompositor", "_LaminaTestSupport"],
                    exclude: ["Render/Goldens", "ThreeD/Goldens", "Transitions/Goldens", "Integration/Goldens"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "_LaminaTestSupport"], exclude: ["Text/Goldens", "Emitter/Goldens"]),
        // QuartzCore's public host API (CARenderer, MediaClock) through a plain `import QuartzCore`.
        .testTarget(name: "HostAPITests", dependencies: ["QuartzCore"]),
        .testTarget(name: "LaminaKitTests", dependencies: ["LaminaKit", "LaminaRaster"]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO"]),
        .testTarget(name: "CoreImageTests", dependencies: ["CoreImage", "QuartzCore"]),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "_UIKitTestSupport"]),
        // Real iOS Core Animation code, written the way iOS developers write it (`import UIKit`,
        // no `#if`), compiled unchanged: the corpus programs and the seed documents' listings.
        .target(name: "UIKitCorpus", dependencies: ["UIKit"], path: "Examples/Corpus"),
        .testTarget(name: "UIKitCorpusTests", dependencies: ["UIKitCorpus", "UIKit", "LaminaScenes", "LaminaKit",
                                                           "_LaminaTestSupport", "_UIKitTestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "SeedListingTests", dependencies: ["UIKit", "LaminaKit", "QuartzCore", "_LaminaTestSupport", "_UIKitTestSupport"]),
        .testTarget(name: "LaminaScenesTests", dependencies: ["LaminaScenes", "LaminaKit", "_LaminaTestSupport"], exclude: ["Goldens"]),
        // The command-line tool's option checks and archive rendering (bad input must not trap).
        .testTarget(name: "LaminaCLITests", dependencies: ["lamina"]),
        // Lamina vs headless Chromium on equivalent HTML/CSS (skipped when chromium is absent).
        .testTarget(name: "CrossCheckTests", dependencies: ["QuartzCore", "CoreGraphics"], exclude: ["Output"]),
    ]
)
