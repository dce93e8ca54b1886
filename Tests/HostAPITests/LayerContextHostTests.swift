import Foundation
import QuartzCore
import Testing

// `CGContext.makeLayerContext` as UIKit (or any host drawing as layers do) uses it: public.

@Suite struct LayerContextHostTests {
    /// Alpha of pixel (x, y), row 0 first in memory.
    private func alpha(_ context: CGContext, _ x: Int, _ y: Int) throws -> UInt8 {
        let data = try #require(context.data)
        return data.load(fromByteOffset: y * context.bytesPerRow + x * 4 + 3, as: UInt8.self)
    }

    @Test func userSpaceIsTheLayersPointsWithTheOriginTopLeft() throws {
        let context = try #require(CGContext.makeLayerContext(width: 8, height: 8, scale: 2))
        #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 8), "y-up device space, as Apple reports")
        context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))   // one point: 2 × 2 pixels, top-left
        #expect(try alpha(context, 0, 0) == 255 && alpha(context, 1, 1) == 255)
        #expect(try alpha(context, 2, 0) == 0 && alpha(context, 0, 2) == 0 && alpha(context, 7, 7) == 0)
    }

    @Test func aPositiveShadowHeightCastsDownward() throws {
        let context = try #require(CGContext.makeLayerContext(width: 20, height: 20, scale: 1))
        context.setShadow(offset: CGSize(width: 0, height: 6), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 5, y: 2, width: 4, height: 4))
        #expect(try alpha(context, 6, 10) == 255, "the shadow lies below the square (y down)")
        #expect(try alpha(context, 6, 0) == 0)
    }

    @Test func badScalesAndSizesGiveNil() {
        #expect(CGContext.makeLayerContext(width: 8, height: 8, scale: .nan) == nil)
        #expect(CGContext.makeLayerContext(width: 8, height: 8, scale: 0) == nil)
        #expect(CGContext.makeLayerContext(width: 0, height: 8, scale: 1) == nil)
    }
}
