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
