import QuartzCore

/// Every named scene, in the order `lamina list` prints them.
package enum SceneCatalog {
    package static let all: [SceneDescriptor] = [
        SceneDescriptor(
            name: "sketch-fold",
            summary: "Seeds 000/001: draw on a canvas, tap to fold it like a book, pinch to fold, release to flatten.",
            size: CGSize(width: 480, height: 320), duration: 6.0,
            keyTimes: [1.9, 2.1, 2.4, 4.6, 5.2, 6.0],
            commands: SketchFoldScene.commands, gestures: SketchFoldScene.gestures,
            make: { SketchFoldScene() }),
        SceneDescriptor(
            name: "implicit",
            summary: "Seed 002: implicit animations, a 1 s transaction, a completion-block spin, a view's layer that does not animate, a push action, presentation hit testing.",
            size: CGSize(width: 480, height: 320), duration: 6.5,
            keyTimes: [0.0, 0.8, 1.5, 3.0, 4.5, 6.5],
            commands: ImplicitScene.commands, gestures: ImplicitScene.gestures,
            make: { ImplicitScene() }),
        SceneDescriptor(
            name: "transitions",
            summary: "Seed 003: push transition between two views, every transition type, beginTime chains, timeOffset inside animation groups, autoreverse, pause/resume, nested transactions, perspective.",
            size: CGSize(width: 480, height: 320), duration: 6.5,
            keyTimes: [0.0, 0.9, 1.8, 3.0, 4.0, 6.5],
            commands: TransitionsScene.commands,
            make: { TransitionsScene() }),
        SceneDescriptor(
            name: "page-curl",
            summary: "Seed 004: a page cut into strips winds onto a rolling many-sided tube, revealing the view beneath.",
            size: CGSize(width: 480, height: 320), duration: 3.5,
            keyTimes: [0.0, 1.0, 1.6, 2.2, 3.5],
            commands: PageCurlScene.commands, gestures: PageCurlScene.gestures,
            make: { PageCurlScene() }),
        SceneDescriptor(
            name: "gallery",
            summary: "Feature gallery: shadows, corners, borders, clipping, masks, gradients, strokes, group opacity, contents, perspective, a transform-layer cube.",
            size: CGSize(width: 448, height: 448), duration: 0,
            keyTimes: [0],
            make: { GalleryScene() }),
        SceneDescriptor(
            name: "text",
            summary: "CATextLayer: alignment modes, wrapping, truncation, fonts by Apple's names, a tilted card; a tap changes a label.",
            size: CGSize(width: 480, height: 320), duration: 1.0,
            keyTimes: [0, 1.0],
            gestures: [SceneGesture("click", "count a tap on the label")],
            make: { TextScene() }),
        SceneDescriptor(
            name: "particles",
            summary: "CAEmitterLayer: a confetti burst, snow, fire with additive rendering, a firework of rockets whose sub-cells trail and burst.",
            size: ParticlesScene.size, duration: 4.0,
            keyTimes: [0.4, 1.0, 2.0, 3.0, 4.0],
            commands: ParticlesScene.commands,
            make: { ParticlesScene() }),
        SceneDescriptor(
            name: "tiled",
            summary: "CATiledLayer: a map drawn tile by tile on demand in a scrolling window, and zoomed out at a coarser level of detail.",
            size: TiledScene.size, duration: 1.1,
            keyTimes: [0, 1.1],
            commands: TiledScene.commands,
            make: { TiledScene() }),
    ]

    /// Scenes for `lamina bench` (1920 x 1080 points): not demos, so `all` leaves them out.
    package static let benchmarks: [SceneDescriptor] = [
        SceneDescriptor(
            name: "bench-layers",
            summary: "500 layers: 300 bordered rounded rects, 100 image layers, 50 shapes, 50 shadowPath shadows (issue 6 target ≤ 16 ms).",
            size: BenchScenes.size, duration: 0, keyTimes: [0],
            make: { StillScene(BenchScenes.layers()) }),
        SceneDescriptor(
            name: "bench-spinner",
            summary: "The 500-layer scene with a 40x40 spinner turning (issue 21: an incremental frame ≤ 5 % of a full one).",
            size: BenchScenes.size, duration: 1, keyTimes: [0.5],
            make: { StillScene(BenchScenes.spinner()) }),
        SceneDescriptor(
            name: "bench-perspective",
            summary: "S2 through the layer API: 200 perspective image layers 256x256 (issue 7 target ≤ 100 ms).",
            size: BenchScenes.size, duration: 0, keyTimes: [0],
            make: { StillScene(BenchScenes.perspectiveImages()) }),
        SceneDescriptor(
            name: "bench-page-fold",
            summary: "The sketch-fold pages at 1920x1080, folded by two taps (issue 7 target ≤ 16 ms).",
            size: BenchScenes.size, duration: 2.4, keyTimes: [2.4],
            make: { SketchFoldScene(size: BenchScenes.size) }),
        SceneDescriptor(
            name: "bench-siblings-10k",
            summary: "10,000 small opaque sibling layers (issue 19: frame preparation at scale).",
            size: BenchScenes.size, duration: 0, keyTimes: [0],
            make: { StillScene(BenchScenes.siblings(10_000)) }),
        SceneDescriptor(
            name: "bench-siblings-100k",
            summary: "100,000 small opaque sibling layers (issue 19 target: ≤ 2 s a frame).",
            size: BenchScenes.size, duration: 0, keyTimes: [0],
            make: { StillScene(BenchScenes.siblings(100_000)) }),
        SceneDescriptor(
            name: "bench-particles",
            summary: "One emitter with 10,000 live 16-pt particles across the frame (issue 22 target: ≥ 60 fps on one core).",
            size: BenchScenes.size, duration: 4, keyTimes: [3],
            make: { StillScene(BenchScenes.particles()) }),
    ]

    /// The scene called `name` (demo or benchmark), or nil.
    package static func named(_ name: String) -> SceneDescriptor? {
        (all + benchmarks).first { $0.name == name }
    }
}
