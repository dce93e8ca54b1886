import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

/// A perspective layer of only a background and an image is drawn straight through its
/// homography (prepare chooses it: DirectPlaneChoice.swift); anything more goes through a
/// plane surface. Both must show the same picture.
@Suite struct DirectPlanePixelTests {
    static func scene() -> [RenderNode] {
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 250
        var p = RT.layer(1, frame: CGRect(x: 20, y: 20, width: 60, height: 60), background: RT.color(0.2, 0.6, 0.3))
        p.transform = CATransform3DRotate(CATransform3DRotate(persp, 0.6, 0, 1, 0), -0.3, 1, 0, 0)
        p.contents = .image(RT.quadrantImage(16, 16))
        p.contentsGravity = .center
        return [RT.root(100, children: [1]), p]
    }

    @Test func directPlaneMatchesThePlaneSurface() throws {
        let compositor = Compositor()
        let tree = RT.tree(Self.scene())
        let list = compositor.drawList(tree: tree, width: 100, height: 100)
        #expect(list.outline == ["plane #1 [direct: background, contents]"])
        // The same layer drawn flat into its plane surface, then projected.
        let forced = RT.surfacePlanesDrawList(Self.scene())
        #expect(forced.outline == ["begin #1 [plane]", "draw #1 background", "draw #1 contents", "end #1 [plane]"])
        let direct = try Surface(width: 100, height: 100), viaSurface = try Surface(width: 100, height: 100)
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        direct.fill(white); viaSurface.fill(white)
        try compositor.execute(list, into: direct)
        try compositor.execute(forced, into: viaSurface)
        var total = 0, far = 0, drawn = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let a = direct[x, y], b = viaSurface[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                total += d
                if d > 48 { far += 1 }
                if a.r < 250 || a.g < 250 || a.b < 250 { drawn += 1 }
            }
        }
        #expect(drawn > 1500)
        // One resampling fewer: only edges and texel boundaries may differ, by little.
        #expect(far < drawn / 50)
        #expect(Double(total) / Double(drawn) < 3)
    }

    /// Prepare skips the plane surface only for bodies of backgrounds and single images.
    @Test func onlySimpleBodiesQualify() throws {
        let list = RT.surfacePlanesDrawList(Self.scene())
        guard case let .beginProjective(spec) = list.commands[0], case let .draw(bg) = list.commands[1] else {
            Issue.record("expected a plane"); return
        }
        let body = list.commands[1..<(list.commands.count - 1)]
        guard case let .drawPlaneDirect(plane)? = DirectPlaneChoice.command(for: spec, body: body) else {
            Issue.record("expected a direct plane"); return
        }
        #expect(plane.items.count == 2 && plane.plane == spec)
        var extra = bg
        if case let .background(shape, _) = bg.piece { extra.piece = .border(shape, width: 1, color: RT.black) }
        var forced = Array(body)
        forced.insert(.draw(extra), at: 1)
        #expect(DirectPlaneChoice.command(for: spec, body: forced[...]) == nil)
        var cached = spec
        cached.cacheKey = 7
        #expect(DirectPlaneChoice.command(for: cached, body: body) == nil)
    }

    /// Interpolated perspective only where w stays within a factor 2 over the plane.
    @Test func interpolatedSamplingOnlyAwayFromTheEyePlane() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let mild = Homography([1, 0, 0, 0, 1, 0, 0.004, 0, 1])     // w from 1 to 1.4
        let steep = Homography([1, 0, 0, 0, 1, 0, 0.02, 0, 1])     // w from 1 to 3
        let crossing = Homography([1, 0, 0, 0, 1, 0, -0.02, 0, 1]) // w from 1 to −1
        #expect(DirectPlaneDrawing.sampling(mild, over: rect) == .interpolated)
        #expect(DirectPlaneDrawing.sampling(steep, over: rect) == .exact)
        #expect(DirectPlaneDrawing.sampling(crossing, over: rect) == .exact)
    }

    /// A wide shadow drawn from the quarter-resolution mask matches the full-resolution
    /// mask blurred by GaussianBlur within a few levels.
    @Test func wideShadowMatchesTheFullResolutionBlur() throws {
        let surface = try Surface(width: 200, height: 160)
        let target = RasterTarget(surface: surface, originX: 0, originY: 0, group: nil)
        let sigma = 36.0
        #expect(sigma >= PieceRasterizer.quarterResolutionSigma)
        let path = CGPath(rect: CGRect(x: 61, y: 50, width: 78, height: 61), transform: nil)
        try PieceRasterizer().blurredShadow(path, sigma: sigma, color: RT.black, .identity, into: target, alpha: 1)
        let mask = try AlphaMask(width: 200, height: 160)
        for y in 50..<111 { for x in 61..<139 { mask[x, y] = 255 } }
        let reference = try GaussianBlur.blurred(mask, sigma: sigma)
        let m = GaussianBlur.margin(sigma: sigma)
        var worst = 0
        for y in stride(from: 0, to: 160, by: 3) {
            for x in stride(from: 0, to: 200, by: 3) {
                worst = max(worst, abs(Int(surface[x, y].a) - Int(reference[x + m, y + m])))
            }
        }
        #expect(worst <= 3)
        #expect(surface[100, 80].a > 100)
    }

    /// A plane surface keeps only what projects onto the target (plus the filter margin).
    @Test func planeIsCroppedToWhatTheTargetShows() {
        // Surface pixel (u, v) → device (u − 50, v + 10): columns 50 ..< 150 land on a 100-wide target.
        let spec = ProjectiveSpec(layer: RT.id(1), bounds: PixelBox(x0: 0, y0: 0, x1: 400, y1: 100),
                                  surfaceToDevice: Homography([1, 0, -50, 0, 1, 10, 0, 0, 1]), cacheKey: nil)
        let c = PlaneCrop.cropped(spec, targetOriginX: 0, targetOriginY: 0, width: 100, height: 100)
        #expect(c.bounds == PixelBox(x0: 48, y0: 0, x1: 152, y1: 92))
        // The kept pixels still land where they did.
        let p = c.surfaceToDevice.apply(0, 0)
        #expect(p.x == -2 && p.y == 10 && p.w == 1)
        var cached = spec
        cached.cacheKey = 1
        #expect(PlaneCrop.cropped(cached, targetOriginX: 0, targetOriginY: 0, width: 100, height: 100) == cached)
        // Wholly visible: unchanged.
        #expect(PlaneCrop.cropped(spec, targetOriginX: -60, targetOriginY: 0, width: 500, height: 200) == spec)
    }
}
