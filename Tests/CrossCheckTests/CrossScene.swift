import Foundation
import QuartzCore

/// One cross-check scene: a layer tree and its HTML twin (both in `root`), the output size and
/// how closely the two renderings must agree.
///
/// The output is the root layer's superlayer space at scale 1 (points = px), origin top-left,
/// over white; the HTML twin is placed in a `width` × `height` cell of the same page, also over
/// white, with the root element at the cell's origin.
struct CrossScene {
    let name: String
    let width: Int
    let height: Int
    let root: TwinNode
    let tolerance: Agreement.Tolerance
    /// Set when Lamina is known not to render the scene correctly yet: the comparison still
    /// runs, and a failure is recorded as a known issue instead of failing the suite.
    var knownIssue: String?

    /// A scene in a `size` × `size` cell whose root is a transparent layer covering it.
    init(_ name: String, size: Int = CrossScene.defaultSize, tolerance: Agreement.Tolerance,
         knownIssue: String? = nil, build: (TwinNode) -> Void) {
        self.name = name
        width = size
        height = size
        root = TwinNode(frame: CGRect(x: 0, y: 0, width: size, height: size))
        self.tolerance = tolerance
        self.knownIssue = knownIssue
        build(root)
    }

    static let defaultSize = 160
}

/// Every scene, by name. Builders are cheap (a few layers), so each use builds afresh: the
/// Chromium batch needs only the HTML, each test its own layer tree.
enum SceneCatalog {
    static let builders: [(name: String, build: @Sendable () -> CrossScene)] = [
        ("roundedBorder", FlatScenes.roundedBorder),
        ("roundedClip", FlatScenes.roundedClip),
        ("groupOpacity", FlatScenes.groupOpacity),
        ("zPositionOrder", FlatScenes.zPositionOrder),
        ("gradientMask", FlatScenes.gradientMask),
        ("shapes", FlatScenes.shapes),
        ("shadowRectPath", FlatScenes.shadowRectPath),
        ("shadowRoundedPath", FlatScenes.shadowRoundedPath),
        ("shadowFromAlpha", FlatScenes.shadowFromAlpha),
        ("axialGradients", FlatScenes.axialGradients),
        ("radialGradient", FlatScenes.radialGradient),
        ("contentsGravity", FlatScenes.contentsGravity),
        ("affineRotation", FlatScenes.affineRotation),
        ("affineSkew", FlatScenes.affineSkew),
        ("rotatedShadow", FlatScenes.rotatedShadow),
        ("rotatedClip", FlatScenes.rotatedClip),
        ("perspectiveRotateY60", PerspectiveScenes.perspectiveRotateY60),
        ("sublayerPerspective", PerspectiveScenes.sublayerPerspective),
        ("backfaceHidden", PerspectiveScenes.backfaceHidden),
        ("perspectiveGroupOpacity", PerspectiveScenes.perspectiveGroupOpacity),
        ("eyePlaneCrossing", PerspectiveScenes.eyePlaneCrossing),
        ("nestedFlattening", PerspectiveScenes.nestedFlattening),
        ("intersectingPlanes", PerspectiveScenes.intersectingPlanes),
        ("cube", PerspectiveScenes.cube),
    ]

    static var names: [String] { builders.map(\.name) }

    static func scene(named name: String) -> CrossScene? {
        builders.first { $0.name == name }?.build()
    }
}
