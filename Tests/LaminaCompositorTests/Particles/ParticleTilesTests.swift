import Testing
import LaminaRaster
@testable import LaminaCompositor

/// The binning behind tile-by-tile particle drawing: every box lands in each tile it touches,
/// in order, and tiles partition the surface.
@Suite struct ParticleTilesTests {
    @Test func boxesLandInEveryTileTheyTouchInOrder() {
        let tiles = ParticleTiles(width: 300, height: 100)   // 3 × 2 tiles of 128 × 64
        #expect(tiles.columns == 3 && tiles.rows == 2)
        let boxes = [
            SpriteBox(x0: 120, y0: 60, x1: 140, y1: 70),   // the four tiles around (128, 64)
            SpriteBox(x0: -5, y0: -5, x1: 3, y1: 3),       // off the top-left corner: tile 0
            SpriteBox(x0: 290, y0: 90, x1: 320, y1: 120),  // past the bottom-right: tile 5
            SpriteBox(x0: 400, y0: 10, x1: 420, y1: 20),   // wholly outside: nowhere
            SpriteBox(x0: 10, y0: 10, x1: 20, y1: 20),     // tile 0
        ]
        let scratch = ParticleScratch()
        tiles.bin(count: boxes.count, box: { boxes[$0] }, into: scratch)
        #expect(scratch.starts.count == tiles.count + 1)
        var byTile: [String: [Int32]] = [:]
        for t in 0..<tiles.count where scratch.starts[t] < scratch.starts[t + 1] {
            let r = tiles.rect(t)
            byTile["\(r.x0),\(r.y0)"] = Array(scratch.order[Int(scratch.starts[t])..<Int(scratch.starts[t + 1])])
        }
        #expect(byTile["0,0"] == [0, 1, 4])
        #expect(byTile["128,0"] == [0])
        #expect(byTile["0,64"] == [0])
        #expect(byTile["128,64"] == [0])
        #expect(byTile["256,64"] == [2])
        #expect(byTile["256,0"] == nil)
        #expect(tiles.rect(5) == SpriteBox(x0: 256, y0: 64, x1: 300, y1: 100), "edge tiles stop at the surface")
        #expect(scratch.order.count == 7, "a box lands once in each tile it touches")
    }
}
