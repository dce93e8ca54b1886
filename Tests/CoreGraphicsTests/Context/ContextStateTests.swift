import CoreGraphics
import LaminaRaster
import Testing

@Suite("CGContext graphics state and CTM")
struct ContextStateTests {
    @Test func yUpOrientation() {
        let c = ContextTest.make(20, 20)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        // Device row y 0..<10 is the bottom half: memory rows 10..<20.
        #expect(c.surface[5, 19] == ContextTest.red)
        #expect(c.surface[5, 10] == ContextTest.red)
        #expect(c.surface[5, 9] == ContextTest.clear)
        #expect(c.surface[5, 0] == ContextTest.clear)
        #expect(ContextTest.count(c, ContextTest.red) == 200)
    }

    @Test func ctmOperations() {
        let c = ContextTest.make(40, 40)
        c.translateBy(x: 10, y: 5)
        #expect(c.ctm == CGAffineTransform(translationX: 10, y: 5))
        c.scaleBy(x: 2, y: 3)
        #expect(c.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 5))
        #expect(c.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 8))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1)) // device [10, 12) × [5, 8)
        #expect(ContextTest.count(c, ContextTest.blue) == 6)
        #expect(ContextTest.pixel(c, 10, 5) == ContextTest.blue)
        #expect(ContextTest.pixel(c, 11, 7) == ContextTest.blue)
        #expect(ContextTest.pixel(c, 12, 7) == ContextTest.clear)

        let r = ContextTest.make(40, 40)
        r.translateBy(x: 20, y: 20)
        r.rotate(by: .pi / 2) // user +x → device +y
        r.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        r.fill(CGRect(x: 0, y: 0, width: 10, height: 2)) // device x [18, 20], y [20, 30]
        #expect(ContextTest.pixel(r, 19, 25) == ContextTest.green)
        #expect(ContextTest.pixel(r, 25, 19) == ContextTest.clear)
        #expect(ContextTest.count(r, ContextTest.green) == 20)

        let k = ContextTest.make(10, 10)
        k.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0))
        #expect(k.ctm == .identity, "a non-finite CTM is refused")
        k.scaleBy(x: .infinity, y: 1)
        #expect(k.ctm == .identity)
    }

    @Test func saveRestoreRestoresColourCTMAndClip() {
        let c = ContextTest.make(10, 10)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.saveGState()
        c.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        c.translateBy(x: 5, y: 0)
        c.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2))
        c.setAlpha(0.5)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ContextTest.count(c, PremultipliedRGBA8(r: 0, g: 128, b: 0, a: 128)) == 4, "clipped to 2x2")
        c.restoreGState()
        #expect(c.ctm == .identity)
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ContextTest.count(c, ContextTest.red) == 100, "opaque red everywhere: colour, alpha and clip restored")
        c.restoreGState() // unbalanced: ignored
        #expect(c.ctm == .identity)
    }

    @Test func pathPointsUseTheCTMWhenAdded() {
        let c = ContextTest.make(20, 20)
        c.move(to: CGPoint(x: 0, y: 0))
        c.translateBy(x: 10, y: 0)
        c.addLine(to: CGPoint(x: 0, y: 10)) // device (10, 10)
        c.addLine(to: CGPoint(x: -10, y: 10)) // device (0, 10)
        c.closePath()
        // Queried in the current user space (translated by 10).
        #expect(c.currentPointOfPath == CGPoint(x: -10, y: 0))
        #expect(c.boundingBoxOfPath == CGRect(x: -10, y: 0, width: 10, height: 10))
        let p = c.path
        #expect(p?.boundingBox == CGRect(x: -10, y: 0, width: 10, height: 10))
        c.translateBy(x: -10, y: 0)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fillPath()
        #expect(c.isPathEmpty, "filling consumes the path")
        // Triangle (0,0) (10,10) (0,10): pixel (1, 8) is inside, (8, 1) is not.
        #expect(ContextTest.pixel(c, 1, 8) == ContextTest.red)
        #expect(ContextTest.pixel(c, 8, 1) == ContextTest.clear)
    }

    @Test func pathQueriesOnEmptyPath() {
        let c = ContextTest.make(8, 8)
        #expect(c.isPathEmpty)
        #expect(c.path == nil)
        #expect(c.boundingBoxOfPath.isNull)
        #expect(c.currentPointOfPath == .zero)
        c.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(!c.isPathEmpty)
        c.beginPath()
        #expect(c.isPathEmpty)
    }

    @Test func replacePathWithStrokedPath() throws {
        let c = ContextTest.make(20, 20)
        c.setLineWidth(4)
        c.move(to: CGPoint(x: 2, y: 10))
        c.addLine(to: CGPoint(x: 18, y: 10))
        c.replacePathWithStrokedPath()
        let box = c.boundingBoxOfPath
        #expect(abs(box.minY - 8) < 1e-9 && abs(box.maxY - 12) < 1e-9)
        #expect(abs(box.minX - 2) < 1e-9 && abs(box.maxX - 18) < 1e-9)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fillPath()
        #expect(ContextTest.count(c, ContextTest.red) == 64)
    }

    @Test func shadowAndFlatnessSettersIgnoreBadInput() {
        let c = ContextTest.make(4, 4)
        c.setShadow(offset: CGSize(width: CGFloat.nan, height: 0), blur: 3)
        c.setShadow(offset: .zero, blur: .nan, color: nil)
        c.setFlatness(.nan)
        c.setLineWidth(-3)
        c.setAlpha(.nan)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ContextTest.count(c, ContextTest.red) == 16)
    }

    @Test func pathContainsFollowsTheMode() {
        let c = ContextTest.make(40, 40)
        c.translateBy(x: 10, y: 10)
        c.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        c.setLineWidth(2)
        #expect(c.pathContains(CGPoint(x: 10, y: 10), mode: .fill))
        #expect(!c.pathContains(CGPoint(x: 10, y: 10), mode: .eoFill))
        #expect(c.pathContains(CGPoint(x: 2, y: 2), mode: .eoFill))
        #expect(c.pathContains(CGPoint(x: 20.5, y: 10), mode: .stroke), "on the outer edge, within half the width")
        #expect(!c.pathContains(CGPoint(x: 10, y: 10), mode: .stroke))
        #expect(c.pathContains(CGPoint(x: 20.5, y: 10), mode: .eoFillStroke))
        #expect(!c.pathContains(CGPoint(x: 22, y: 10), mode: .fillStroke))
        #expect(!c.pathContains(CGPoint(x: CGFloat.nan, y: 10), mode: .fill))
        c.beginPath()
        #expect(!c.pathContains(CGPoint(x: 10, y: 10), mode: .fill))
    }

    @Test func cmykColours() {
        let c = ContextTest.make(2, 1)
        c.setFillColor(cyan: 1, magenta: 0, yellow: 1, black: 0, alpha: 1) // green
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.setStrokeColor(cyan: 0, magenta: 0, yellow: 0, black: 1, alpha: 1) // black
        c.setLineWidth(1)
        c.strokeLineSegments(between: [CGPoint(x: 1, y: 0.5), CGPoint(x: 2, y: 0.5)])
        #expect(ContextTest.pixel(c, 0, 0) == ContextTest.green)
        #expect(ContextTest.pixel(c, 1, 0) == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    }
}
