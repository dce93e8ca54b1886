// swift-tools-version:6.0
//
// HelloLamina — an app in its own package using LaminaKit the way any Swift developer on Linux
// would: as a dependency (here by relative path; elsewhere `.package(url: …)`). It proves the
// public API is enough for an app outside the Lamina package.
//
//   swift run HelloLamina                                # a window (SDL2), or headless
//   LAMINA_HEADLESS=1 LAMINA_FRAMES=60 LAMINA_INPUT="tap 300 200" LAMINA_OUTPUT=hello.png swift run HelloLamina
//   swift run HelloUIKit                                 # the README's UIKit example
import PackageDescription

let package = Package(
    name: "HelloLamina",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "HelloLamina", dependencies: [
            .product(name: "LaminaKit", package: "Lamina"),
        ]),
        // The README's UIKit example: iOS code through the opt-in UIKit product.
        .executableTarget(name: "HelloUIKit", dependencies: [
            .product(name: "UIKit", package: "Lamina"),
        ]),
    ]
)
