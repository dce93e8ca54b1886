import Foundation
import Testing
@testable import LaminaRaster

/// Paint and blur through the raster helper's rasterizers and blitter: a perspective image
/// quad (S2-like), a rect with an analytic blurred shadow (S3-like), and a gradient-filled
/// rounded rect, end to end into one surface.
@Suite struct PaintPipelineTests {
    @Test func paintShadersThroughTheBlitter() throws {
        let w = 128, h = 96
        let dst = try Surface(width: w, height: h)
        dst.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        let scratch = ScanlineScratch(width: w)
        let clip = PixelRect(dst)

        // S3-like: shadow (σ 3, offset (0, 3), 50% black), then the opaque rect.
        let shadow = BlurredRoundedRect(x0: 8, y0: 11, x1: 58, y1: 49, cornerRadius: 0, sigma: 3)
        var sb = Blitter(surface: dst, paint: .shader(shadow.shader(color: PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128).packed)),
                         scratch: scratch)
        AnalyticCoverage.fillRect(x0: Double(shadow.boundsX), y0: Double(shadow.boundsY),
                                  x1: Double(shadow.boundsX + shadow.boundsWidth), y1: Double(shadow.boundsY + shadow.boundsHeight),
                                  clip: clip, into: &sb)
        let stops = [GradientStop(offset: 0, red: 0.9, green: 0.3, blue: 0.1, alpha: 1),
                     GradientStop(offset: 1, red: 1, green: 0.8, blue: 0.2, alpha: 1)]
        let grad = LinearGradientShader(start: (0, 8), end: (0, 46), table: GradientColorTable(stops: stops, extend: .pad))
        var gb = Blitter(surface: dst, paint: .shader(grad), scratch: scratch)
        AnalyticCoverage.fillRect(x0: 8, y0: 8, x1: 58, y1: 46, clip: clip, into: &gb)

        // S2-like: a 32x32 checkerboard image rotated about its vertical axis, perspective.
        let img = try Surface(width: 32, height: 32)
        for y in 0..<32 { for x in 0..<32 {
            img[x, y] = ((x >> 2) + (y >> 2)) & 1 == 0 ? PremultipliedRGBA8(r: 40, g: 90, b: 200, a: 255) : PremultipliedRGBA8(r: 240, g: 240, b: 250, a: 255)
        } }
        let t = 50.0 * .pi / 180, d = 120.0, cx = 94.0, cy = 48.0, half = 16.0
        let c = cos(t), s = sin(t), a = c + cx * s / d
        // Image 32 px scaled to 64 on screen: H = P · S(2).
        let hm = PaintProjective(m00: 2 * a, m01: 0, m02: cx - 2 * half * a,
                                 m10: 2 * cy * s / d, m11: 2, m12: cy - 2 * half - 2 * half * cy * s / d,
                                 m20: 2 * s / d, m21: 0, m22: 1 - 2 * half * s / d)
        let inv = try #require(hm.inverted())
        let corners = try [(0.0, 0.0), (32.0, 0.0), (32.0, 32.0), (0.0, 32.0)].map { try #require(hm.apply($0.0, $0.1)) }
        let shader = ImageShader(image: SampledImage(img, mipmapped: true), inverse: inv, filter: .trilinear, edge: .clamp)
        var ib = Blitter(surface: dst, paint: .shader(shader), scratch: scratch)
        PolygonRasterizer().fillQuad(RasterPoint(corners[0].x, corners[0].y), RasterPoint(corners[1].x, corners[1].y),
                                     RasterPoint(corners[2].x, corners[2].y), RasterPoint(corners[3].x, corners[3].y),
                                     clip: clip, into: &ib)

        // Shadow below the rect (rows 46..52) darker than white, fading with distance.
        #expect(dst[30, 47].r < 200 && dst[30, 47].r < dst[30, 52].r && dst[30, 58].r > 250)
        // Gradient top to bottom inside the rect.
        #expect(dst[30, 9].g < dst[30, 44].g && dst[30, 20].a == 255)
        // The quad's centre samples the image centre (a checker corner: either colour),
        // and a point right of the quad stays white.
        let centre = dst[Int(hm.apply(16, 16)!.x), Int(hm.apply(16, 16)!.y)]
        #expect(centre.b >= 200)
        #expect(dst[127, 10] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        PaintTestSupport.dump("pipeline", width: w, height: h, rgbaPremultiplied: dst.bytes())
    }
}
