import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// `ClearTiles` flags against their definition: block (bx, by) is clear exactly when every
/// texel of columns 8·bx ... 8·bx + 8 and rows 8·by ... 8·by + 8 inside the image is 0.
@Suite struct ClearTilesTests {
    static func definition(_ s: Surface, _ bx: Int, _ by: Int) -> Bool {
        for y in (by * 8)...min(s.height - 1, by * 8 + 8) {
            for x in (bx * 8)...min(s.width - 1, bx * 8 + 8) where s.row32(y)[x] != 0 { return false }
        }
        return true
    }

    @Test func flagsMatchTheDefinitionOnSparseImages() throws {
        var rng = SplitMix64(808)
        var clearBlocks = 0, busyBlocks = 0
        for _ in 0..<40 {
            // Odd sizes (partial last blocks) with a few random dots and strokes on clear.
            let s = try Surface(width: 1 + Int(rng.next() % 70), height: 1 + Int(rng.next() % 50))
            for _ in 0..<Int(rng.next() % 12) {
                let x = Int(rng.next() % UInt64(s.width)), y = Int(rng.next() % UInt64(s.height))
                for k in 0..<Int(rng.next() % 9) where x + k < s.width { s.row32(y)[x + k] = rng.premultiplied() | 0x0100_0000 }
            }
            guard let tiles = ClearTiles(s) else {
                // nil only when no block is clear.
                for by in 0..<(s.height + 7) / 8 { for bx in 0..<(s.width + 7) / 8 { #expect(!Self.definition(s, bx, by)) } }
                continue
            }
            #expect(tiles.columns == (s.width + 7) / 8 && tiles.rows == (s.height + 7) / 8)
            for by in 0..<tiles.rows {
                for bx in 0..<tiles.columns {
                    let want = Self.definition(s, bx, by)
                    #expect(tiles.isClear(i: bx * 8, j: by * 8) == want, "block \(bx),\(by) of \(s.width)x\(s.height)")
                    if want { clearBlocks += 1 } else { busyBlocks += 1 }
                }
            }
        }
        #expect(clearBlocks > 100 && busyBlocks > 100)
    }

    /// A texel that is transparent black in colour but not in alpha is not clear: only words
    /// equal to 0 are.
    @Test func onlyAllZeroWordsAreClear() throws {
        let s = try Surface(width: 16, height: 16)
        s.row32(3)[3] = 0x0100_0000
        let tiles = try #require(ClearTiles(s))
        #expect(!tiles.isClear(i: 0, j: 0))
        #expect(tiles.isClear(i: 8, j: 8))
        // Block (1, 0) reaches back to column 8 only, so the texel at (3, 3) does not touch it.
        #expect(tiles.isClear(i: 8, j: 0))
    }

    @Test func opaqueAndBusyImagesHaveNoTiles() throws {
        let s = try Surface(width: 20, height: 20)
        for y in 0..<20 { for x in 0..<20 { s.row32(y)[x] = 0xFF00_00FF } }
        #expect(SampledImage(s, findClearTiles: true).clearTiles == nil) // opaque: not even looked for
        s.row32(0)[0] = 0x8000_0000
        #expect(ClearTiles(s) == nil) // no zero block
        #expect(SampledImage(s).clearTiles == nil) // not asked for
    }
}
