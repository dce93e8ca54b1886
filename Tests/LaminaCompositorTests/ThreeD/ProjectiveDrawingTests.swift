// ProjectiveDrawing: perspective-correct sampling, anti-aliased clipped edges, mip-mapping,
// opacity and clip, crisp projected rounded rects. Goldens in ThreeD/Goldens (look at each).
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

@Suite struct ProjectiveDrawingTests {
    private let drawing = ProjectiveDrawing()

    /// A pure translation by whole pixels copies the source exactly (bilinear at texel centres).
    @Test func wholePixelTranslationCopiesExactly() throws {
        let src = TD.quadrants(20, 20)
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 20, height: 20),
                                                transform: CATransform3DMakeTranslation(10, 5, 0)))
        let out = try Surface(width: 40, height: 40)
        drawing.drawImage(SampledImage(src), plane: plane, into: ProjectiveTarget(out))
        #expect(out[10, 5] == TD.red)
        #expect(out[29, 5] == TD.green)
        #expect(out[10, 24] == TD.blue)
        #expect(out[29, 24] == TD.white)
        #expect(out[9, 5] == .transparent)
        #expect(out[30, 24] == .transparent)
    }

    /// Under 60° about y with m34 = −1/500 the image's vertical midline lands on the
    /// projection of the bounds centre, not halfway between the projected left and right
    /// edges (where an affine interpolation would put it).
    @Test func samplingIsPerspectiveCorrect() throws {
        let t = CATransform3DRotate(TD.perspective(200), .pi / 3, 0, 1, 0)
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                                                transform: TD.placed(t, w: 100, h: 100, px: 80, py: 80)))
        let out = try Surface(width: 160, height: 160)
        drawing.drawImage(SampledImage(TD.quadrants(100, 100)), plane: plane, into: ProjectiveTarget(out))
        let mid = try #require(plane.project(CGPoint(x: 50, y: 25)))
        let top = plane.polygon[0], right = plane.polygon[1]
        // The two guesses differ by several pixels, so the check below can tell them apart.
        #expect(abs((top.x + right.x) / 2 - mid.x) > 3)
        let y = Int(mid.y)
        #expect(out[Int(mid.x) - 2, y] == TD.red)
        #expect(out[Int(mid.x) + 2, y] == TD.green)
    }

    /// A source rect (image pixels) onto an image rect (bounds points): the green quadrant of
    /// a 20x20 image stretched over the right half of a 40x20 layer, magnified 2x.
    @Test func sourceRectAndImageRect() throws {
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 40, height: 20), transform: CATransform3DIdentity))
        let out = try Surface(width: 40, height: 20)
        drawing.drawImage(SampledImage(TD.quadrants(20, 20)), imageRect: CGRect(x: 20, y: 0, width: 20, height: 20),
                          sourceRect: CGRect(x: 10, y: 0, width: 10, height: 10), plane: plane, into: ProjectiveTarget(out))
        #expect(out[19, 10] == .transparent)
        #expect(out[21, 1] == TD.green)
        #expect(out[38, 18] == TD.green)
        #expect(ProjectiveDrawing.imageShader(SampledImage(TD.quadrants(4, 4)), sourceRect: CGRect(x: 0, y: 0, width: 0, height: 4), plane: plane) == nil)
    }

    /// An offscreen rendering at 2 pixels per point of bounds (−10, −10, 20, 20): its top-left
    /// quadrant lands on device [0, 10)² under a translation by (10, 10).
    @Test func offscreenSurfaceAtTwoPixelsPerPoint() throws {
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: -10, y: -10, width: 20, height: 20),
                                                transform: CATransform3DMakeTranslation(10, 10, 0)))
        let out = try Surface(width: 24, height: 24)
        drawing.drawSurface(TD.quadrants(40, 40), pixelsPerPoint: 2, plane: plane, into: ProjectiveTarget(out))
        #expect(out[1, 1] == TD.red && out[18, 1] == TD.green && out[1, 18] == TD.blue && out[18, 18] == TD.white)
        #expect(out[20, 20] == .transparent)
    }

    @Test func edgesAreAntiAliasedAndOpacityScales() throws {
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                                                transform: CATransform3DMakeTranslation(2.5, 2, 0)))
        let out = try Surface(width: 16, height: 16)
        drawing.drawImage(SampledImage(TD.solid(10, 10, TD.white)), plane: plane, into: ProjectiveTarget(out), opacity: 0.5)
        #expect(out[5, 5].a == 128)
        // Column 2 is half covered: alpha ≈ 0.5 · 0.5.
        #expect(abs(Int(out[2, 5].a) - 64) <= 1)
        #expect(out[1, 5] == .transparent)
    }

    @Test func clipRectAndOriginAreHonoured() throws {
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 20, height: 20),
                                                transform: CATransform3DMakeTranslation(100, 100, 0)))
        let out = try Surface(width: 20, height: 20)
        // The surface sits at device (100, 100); only device x < 110 may be touched.
        let target = ProjectiveTarget(out, originX: 100, originY: 100, clip: PixelRect(x0: 0, y0: 0, x1: 110, y1: 1000))
        drawing.drawImage(SampledImage(TD.quadrants(20, 20)), plane: plane, into: target)
        #expect(out[0, 0] == TD.red)
        #expect(out[9, 15] == TD.blue)
        #expect(out[10, 0] == .transparent)
    }

    /// A 1-pixel checkerboard shown at ~1/4 size: with mips (chosen automatically) every
    /// pixel is close to the average grey instead of aliasing to black or white.
    @Test func minifiedImagesUseMipmaps() throws {
        let img = SampledImage(TD.checker(64, 64, cell: 1), mipmapped: true)
        let t = CATransform3DRotate(TD.perspective(300), .pi / 6, 0, 1, 0)
        let m = CATransform3DConcat(TD.placed(t, w: 64, h: 64, px: 20, py: 20), CATransform3DMakeScale(0.25, 0.25, 1))
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 64, height: 64), transform: m))
        #expect(ProjectiveDrawing.isMinified(imageWidth: 64, imageRect: plane.bounds, plane: plane))
        #expect(ProjectiveDrawing.imageShader(img, plane: plane)?.filter == .trilinear)
        let out = try Surface(width: 12, height: 12)
        drawing.drawImage(img, plane: plane, into: ProjectiveTarget(out))
        for (x, y) in [(5, 5), (6, 6), (5, 6), (6, 5)] {
            let p = out[x, y]
            #expect(p.a == 255)
            #expect(p.r > 90 && p.r < 165)
        }
        // Magnified, the same image stays bilinear.
        let big = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 64, height: 64), transform: CATransform3DMakeScale(2, 2, 1)))
        #expect(ProjectiveDrawing.imageShader(img, plane: big)?.filter == .bilinear)
    }

    /// A rounded rect under perspective: the projected bounds corner stays empty (the corner
    /// is round), the centre is solid, and nothing crashes for huge radii.
    @Test func projectedRoundedRectIsRoundAndSolid() throws {
        let t = CATransform3DRotate(TD.perspective(300), -.pi / 4, 1, 0, 0)
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 80, height: 60),
                                                transform: TD.placed(t, w: 80, h: 60, px: 50, py: 50)))
        let out = try Surface(width: 100, height: 100)
        let path = ProjectiveDrawing.roundedRectPath(CGRect(x: 0, y: 0, width: 80, height: 60), radius: 20)
        drawing.fillPath(path, plane: plane, color: TD.blue, into: ProjectiveTarget(out))
        let c = try #require(plane.project(CGPoint(x: 40, y: 30)))
        #expect(out[Int(c.x), Int(c.y)] == TD.blue)
        let corner = try #require(plane.project(CGPoint(x: 2, y: 2)))
        #expect(out[Int(corner.x), Int(corner.y)] == .transparent)
        let huge = ProjectiveDrawing.roundedRectPath(CGRect(x: 0, y: 0, width: 80, height: 60), radius: 1e9)
        drawing.fillPath(huge, plane: plane, color: TD.red, into: ProjectiveTarget(out))
        #expect(out[Int(c.x), Int(c.y)] == TD.red)
    }

    /// Golden: a picture turned 60° about y (m34 = −1/500), a layer crossing the eye plane
    /// (clipped before the divide) and a rounded-rect background with a border under
    /// perspective.
    @Test func perspectiveGolden() throws {
        let out = try Surface(width: 160, height: 160)
        out.fill(PremultipliedRGBA8(r: 235, g: 235, b: 235, a: 255))
        let t1 = CATransform3DRotate(TD.perspective(500), .pi / 3, 0, 1, 0)
        if let p = ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 70, height: 70), transform: TD.placed(t1, w: 70, h: 70, px: 42, py: 42)) {
            drawing.drawImage(SampledImage(TD.picture(70, 70, base: TD.green), mipmapped: true), plane: p, into: ProjectiveTarget(out))
        }
        var t2 = CATransform3DMakeRotation(.pi / 3, 1, 0, 0)
        t2 = CATransform3DConcat(t2, CATransform3DMakeTranslation(0, 0, 40))
        t2 = CATransform3DConcat(t2, TD.perspective(80))
        if let p = ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 60, height: 100), transform: TD.placed(t2, w: 60, h: 100, px: 118, py: 40)) {
            drawing.drawImage(SampledImage(TD.quadrants(60, 100)), plane: p, into: ProjectiveTarget(out, clip: PixelRect(x0: 84, y0: 0, x1: 160, y1: 80)))
        }
        let t3 = CATransform3DRotate(TD.perspective(250), -.pi / 4, 1, 0.3, 0)
        if let p = ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 110, height: 60), transform: TD.placed(t3, w: 110, h: 60, px: 80, py: 120)) {
            let rect = CGRect(x: 0, y: 0, width: 110, height: 60)
            drawing.fillPath(ProjectiveDrawing.roundedRectPath(rect, radius: 16), plane: p,
                             color: PremultipliedRGBA8(r: 250, g: 190, b: 40, a: 255), into: ProjectiveTarget(out))
            drawing.strokeBorder(rect: rect, cornerRadius: 16, width: 4, plane: p, color: TD.blue, into: ProjectiveTarget(out))
        }
        TD.golden(out, "perspective.png")
    }
}

@Suite struct ProjectiveDrawingStressTests {
    /// A layer whose near edge almost touches the eye (w down to the clipping epsilon): huge
    /// projected coordinates are clipped and drawn without trapping; pixels get painted.
    @Test func nearlyAtTheEye() throws {
        let drawing = ProjectiveDrawing()
        var drawn = 0
        for z in [99.0, 99.9, 99.999, 100.0, 100.5] {
            var t = CATransform3DMakeRotation(.pi / 2.2, 1, 0, 0)
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(0, 0, CGFloat(z) - 50))
            t = CATransform3DConcat(t, TD.perspective(100))
            guard let plane = ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), transform: TD.placed(t, w: 100, h: 100, px: 32, py: 32)) else { continue }
            let out = try Surface(width: 64, height: 64)
            drawing.drawImage(SampledImage(TD.checker(100, 100, cell: 10), mipmapped: true), plane: plane, into: ProjectiveTarget(out))
            drawing.fillPath(ProjectiveDrawing.roundedRectPath(plane.bounds, radius: 30), plane: plane, color: TD.red, into: ProjectiveTarget(out), opacity: 0.5)
            #expect(plane.polygon.allSatisfy { $0.x.isFinite && $0.y.isFinite })
            var painted = 0
            for y in 0..<64 { for x in 0..<64 where out[x, y].a > 0 { painted += 1 } }
            #expect(painted > 0, "z = \(z)")
            drawn += 1
        }
        #expect(drawn == 5)
    }
}
