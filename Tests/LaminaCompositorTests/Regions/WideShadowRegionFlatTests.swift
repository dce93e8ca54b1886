// Flat blurred shadows drawn by regions: each region blurs only the mask rows its rows read
// (WideShadow.swift: σ ≥ 32 px from a quarter-resolution mask; `blurredShadow` below that),
// and must still give the whole frame's bytes — in bands, in odd rectangles, with a shadow
// path and without.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite struct WideShadowRegionFlatTests {
    static func scene(path: Bool, radius: CGFloat) -> RenderTree {
        var card = IT.layer(2, frame: CGRect(x: 40, y: 30, width: 70, height: 50), background: IT.coral)
        card.shadowOpacity = 0.9
        card.shadowRadius = radius // σ = radius / 2
        card.shadowOffset = CGSize(width: 6, height: 14)
        if path { card.shadowPath = CGPath(ellipseIn: CGRect(x: -10, y: 0, width: 90, height: 60), transform: nil) }
        var tilted = IT.layer(3, frame: CGRect(x: 20, y: 90, width: 40, height: 30), background: IT.teal,
                              transform: CATransform3DMakeRotation(0.4, 0, 0, 1))
        tilted.shadowOpacity = 1
        tilted.shadowRadius = radius * 0.8
        return IT.tree([IT.layer(1, frame: CGRect(x: 0, y: 0, width: 150, height: 130), background: IT.white, children: [2, 3]),
                        card, tilted])
    }

    @Test(arguments: [false, true], [90.0, 24.0]) func regionsMatchTheWholeFrame(path: Bool, radius: Double) throws {
        let w = 150, h = 130
        let compositor = Compositor()
        let tree = Self.scene(path: path, radius: CGFloat(radius))
        #expect((radius / 2 >= PieceRasterizer.quarterResolutionSigma) == (radius == 90))
        let full = try compositor.render(tree: tree, width: w, height: h)
        let list = compositor.drawList(tree: tree, width: w, height: h)
        for count in [2, 3, 7, 13] {
            let banded = RegionCheck.junk(width: w, height: h, seed: UInt64(count))
            try compositor.render(list, into: banded, regions: Compositor.bands(width: w, height: h, count: count), pool: nil)
            let same = banded.bytes() == full.bytes()
            #expect(same, "\(count) bands differ from the whole frame")
        }
        var rng = SplitMix64(path ? 9 : 8)
        let before = RegionCheck.junk(width: w, height: h, seed: 1)
        for _ in 0..<12 {
            let r = RegionCheck.oddRect(width: w, height: h, rng: &rng)
            let out = before.copy()
            try compositor.render(list, into: out, region: PixelBox(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1))
            let bad = RegionCheck.mismatch(result: out, full: full, before: before, region: r)
            #expect(bad == nil, "\(bad ?? "")")
        }
    }
}
