import QuartzCore

/// Every named scene, in the order `lamina list` prints them.
package enum SceneCatalog {
    package static let all: [SceneDescriptor] = [
        SceneDescriptor(
            name: "sketch-fold",
            summary: "Seeds 000/001: draw on a canvas, tap to fold it like a book, pinch to fold, release to flatten.",
            size: CGSize(width: 480, height: 320), duration: 6.0,
            keyTimes: [1.9, 2.4, 3.0, 4.6, 5.0, 6.0],
            make: { SketchFoldScene() }),
    ]

    /// The scene called `name`, or nil.
    package static func named(_ name: String) -> SceneDescriptor? {
        all.first { $0.name == name }
    }
}
