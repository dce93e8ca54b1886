import Foundation
import Testing
@testable import UIKit

/// CATiledLayer the way an iOS app uses it: a layer subclass that turns the fade off, a view
/// backed by it through `layerClass`, and `draw(_:)` drawing the tile it is given. This file
/// is the example: it must compile unchanged against Apple's SDK.
final class NoFadeTiledLayer: CATiledLayer {
    override class var fadeDuration: CFTimeInterval { 0 }
}

final class CheckerboardView: UIView {
    override class var layerClass: AnyClass { NoFadeTiledLayer.self }

    var tiledLayer: CATiledLayer { layer as! CATiledLayer }
    var drawnRects: [CGRect] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        tiledLayer.tileSize = CGSize(width: 32, height: 32)
        tiledLayer.levelsOfDetail = 4
        tiledLayer.levelsOfDetailBias = 2
    }

    required init?(coder: NSCoder) { nil }

    /// `rect` is the tile being drawn; each tile is one square of the board.
    override func draw(_ rect: CGRect) {
        drawnRects.append(rect)
        let column = Int((rect.minX / 32).rounded(.down)), row = Int((rect.minY / 32).rounded(.down))
        ((column + row) % 2 == 0 ? UIColor.black : UIColor.white).setFill()
        UIRectFill(rect)
    }
}

@Suite struct TiledViewExampleTests {
    @Test func aTiledViewDrawsEachTileThroughDrawRect() {
        let view = CheckerboardView(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
        #expect(view.layer is NoFadeTiledLayer)
        #expect(NoFadeTiledLayer.fadeDuration == 0 && CATiledLayer.fadeDuration == 0.25)
        let pixels = renderView(view)
        #expect(view.drawnRects.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) } == [
            CGRect(x: 0, y: 0, width: 32, height: 32), CGRect(x: 32, y: 0, width: 32, height: 32),
            CGRect(x: 0, y: 32, width: 32, height: 32), CGRect(x: 32, y: 32, width: 32, height: 32),
        ])
        #expect(pixels[10, 10] == [0, 0, 0, 255] && pixels[40, 10] == [255, 255, 255, 255])
        #expect(pixels[10, 40] == [255, 255, 255, 255] && pixels[40, 40] == [0, 0, 0, 255])
    }
}
