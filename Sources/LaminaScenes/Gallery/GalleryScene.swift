import QuartzCore

/// Feature gallery: one tile per compositor feature, for golden tests and for the eye.
/// 16 tiles of 100 x 100 points on a 448 x 448 stage (4 x 4, 8-point gutters), each tile a
/// rounded panel holding one demonstration:
///
///  0 rect shadowPath        1 shadow from alpha      2 corners + border     3 continuous corners
///  4 masksToBounds clip     5 mask layer (circle)     6 axial gradient       7 radial gradient
///  8 conic gradient         9 dashed stroke, caps    10 strokeEnd 0.65      11 group opacity
/// 12 contentsGravity       13 nine-slice            14 perspective tilt    15 transform-layer cube
///
/// Still: nothing animates, so every key time shows the same picture.
package final class GalleryScene: SceneModel {
    package let root = CALayer()
    package let script: [ScriptStep] = []
    package private(set) var tiles: [CALayer] = []

    package init() {
        root.bounds = CGRect(x: 0, y: 0, width: 448, height: 448)
        root.position = CGPoint(x: 224, y: 224)
        root.backgroundColor = CGColor(red: 0.94, green: 0.94, blue: 0.96, alpha: 1)
        root.name = "gallery"
        tiles = (0..<16).map { i in
            let tile = CALayer()
            tile.frame = CGRect(x: 8 + CGFloat(i % 4) * 110, y: 8 + CGFloat(i / 4) * 110, width: 100, height: 100)
            tile.name = "tile\(i)"
            root.addSublayer(tile)
            return tile
        }
        let builders: [(CALayer) -> Void] = [
            GalleryTiles.rectShadow, GalleryTiles.alphaShadow, GalleryTiles.cornersAndBorder, GalleryTiles.continuousCorners,
            GalleryTiles.masksToBounds, GalleryTiles.maskLayer, GalleryTiles.axialGradient, GalleryTiles.radialGradient,
            GalleryTiles.conicGradient, GalleryTiles.dashedStroke, GalleryTiles.partialStroke, GalleryTiles.groupOpacity,
            GalleryTiles.contentsGravity, GalleryTiles.nineSlice, GalleryTiles.perspectiveTilt, GalleryTiles.cube,
        ]
        for (tile, build) in zip(tiles, builders) { build(tile) }
    }

    package func handle(_ input: SceneInput) {}
}
