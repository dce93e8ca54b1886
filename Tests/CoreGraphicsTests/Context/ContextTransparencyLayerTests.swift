import CoreGraphics
import LaminaRaster
import Testing

@Suite("CGContext transparency layers")
struct ContextTransparencyLayerTests {
    @Test func groupFadesAsOne() {
        let c = ContextTest.make(20, 10)
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 12, height: 10))
        c.fill(CGRect(x: 8, y: 0, width: 12, height: 10)) // overlaps at x 8..<12
        #expect(ContextTest.count(c, ContextTest.clear) == 200, "nothing reaches the context before the end")
        c.endTransparencyLayer()
        let half = PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128)
        #expect(ContextTest.pixel(c, 2, 5) == half)
        #expect(ContextTest.pixel(c, 10, 5) == half, "the overlap is not darker: the group was faded as one")
        #expect(c.ctm == .identity)
    }

    @Test func groupCastsOneShadowAndStateIsRestored() {
        let c = ContextTest.make(30, 10)
        c.setShadow(offset: CGSize(width: 0, height: -4), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.saveGState() // left unbalanced on purpose: ending the layer drops it
        c.translateBy(x: 3, y: 0)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 5, width: 10, height: 5))
        c.fill(CGRect(x: 5, y: 5, width: 10, height: 5))
        c.endTransparencyLayer()
        #expect(c.ctm == .identity, "the state from before the layer is back")
        // One shadow under the union: the overlap of the two shapes' shadows is not darker.
        let a = ContextTest.pixel(c, 5, 2), b = ContextTest.pixel(c, 10, 2)
        #expect(a == b && a.b == 128 && a.a == 128)
        c.endTransparencyLayer() // none open: ignored
        c.restoreGState()        // the unbalanced save was dropped: nothing to restore
        #expect(c.ctm == .identity)
    }

    @Test func layerInRectClips() {
        let c = ContextTest.make(10, 10)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 5, height: 10), auxiliaryInfo: nil)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        c.endTransparencyLayer()
        #expect(ContextTest.count(c, ContextTest.red) == 50)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ContextTest.count(c, ContextTest.red) == 100, "the clip ended with the layer")
    }
}
