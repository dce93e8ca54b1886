import Testing
@testable import LaminaRaster

@Suite struct SurfaceTests {
    @Test func newSurfaceIsTransparent() throws {
        let s = try Surface(width: 3, height: 2)
        #expect(s.bytesPerRow == 12)
        #expect(s.bytes().allSatisfy { $0 == 0 })
    }

    @Test func pixelByteOrderIsRGBA() throws {
        let s = try Surface(width: 2, height: 2)
        s[1, 1] = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)
        #expect(Array(s.bytes()[12..<16]) == [1, 2, 3, 4])
        #expect(s.row32(1)[1] == 0x0403_0201)
    }

    @Test func viewsShareStorageAndClamp() throws {
        let s = try Surface(width: 4, height: 4)
        let v = try #require(s.view(x: 2, y: 1, width: 10, height: 1))
        #expect(v.width == 2 && v.height == 1)
        v.fill(PremultipliedRGBA8(r: 9, g: 9, b: 9, a: 255))
        #expect(s[2, 1].a == 255 && s[3, 1].a == 255 && s[1, 1].a == 0 && s[2, 2].a == 0)
        #expect(s.view(x: 5, y: 0, width: 2, height: 2) == nil)
    }

    @Test func badSizesAreErrors() {
        #expect(throws: Surface.Error.invalidSize(width: 0, height: 5)) { try Surface(width: 0, height: 5) }
        #expect(throws: Surface.Error.tooLarge(width: 100_000, height: 10)) { try Surface(width: 100_000, height: 10) }
        #expect(throws: Surface.Error.tooLarge(width: 30_000, height: 30_000)) { try AlphaMask(width: 30_000, height: 30_000) }
    }

    @Test func premultiplication() {
        let p = PremultipliedRGBA8(straightRed: 1, green: 0.5, blue: .nan, alpha: 0.5)
        #expect(p == PremultipliedRGBA8(r: 128, g: 64, b: 0, a: 128))
        #expect(PremultipliedRGBA8(packed: p.packed) == p)
    }
}

@Suite struct MaskAndRectTests {
    @Test func maskIntersection() throws {
        let a = try AlphaMask(width: 4, height: 3), b = try AlphaMask(width: 2, height: 2)
        a.fill(200); b.fill(128)
        a.intersect(with: b, dx: 1, dy: 1)
        #expect(a[0, 0] == 0 && a[1, 1] == 100 && a[2, 2] == 100 && a[3, 1] == 0 && a[1, 0] == 0)
        #expect(a.coveredBounds == PixelRect(x0: 1, y0: 1, x1: 3, y1: 3))
        a.intersect(with: b, dx: 100, dy: 0) // disjoint: everything cleared
        #expect(a.bytes().allSatisfy { $0 == 0 } && a.coveredBounds.isEmpty)
    }

    @Test func pixelRectOperations() {
        let r = PixelRect(x: 2, y: 3, width: 5, height: -4)
        #expect(r.isEmpty && r.height == 0)
        let a = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10), b = PixelRect(x0: 5, y0: -5, x1: 15, y1: 5)
        #expect(a.intersection(b) == PixelRect(x0: 5, y0: 0, x1: 10, y1: 5))
        #expect(a.union(b) == PixelRect(x0: 0, y0: -5, x1: 15, y1: 10))
        #expect(a.union(.empty) == a && a.contains(x: 9, y: 9) && !a.contains(x: 10, y: 0))
        #expect(PixelRect.covering(minX: 0.5, minY: -0.5, maxX: 3.01, maxY: 2) == PixelRect(x0: 0, y0: -1, x1: 4, y1: 2))
        #expect(PixelRect.covering(minX: .nan, minY: 0, maxX: 1, maxY: 1).isEmpty)
        #expect(PixelRect.covering(minX: -.infinity, minY: 0, maxX: .infinity, maxY: 1).width == 1 << 31)
        #expect(a.rows(3..<20) == PixelRect(x0: 0, y0: 3, x1: 10, y1: 10))
        #expect(Blitter.alpha8(0.5) == 128 && Blitter.alpha8(.nan) == 0 && Blitter.alpha8(7) == 255 && Blitter.alpha8(-1) == 0)
    }
}
