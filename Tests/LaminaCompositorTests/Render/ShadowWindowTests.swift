// Alpha shadows are computed only where they show (ShadowWindow): the work for a huge
// shadowed layer in a small view follows the view, and the pixels are those of the whole blur.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct ShadowWindowTests {
    /// A shadowed layer with a sublayer (so its shadow is cast by its composited alpha).
    private func shadowed(frame: CGRect, radius: CGFloat, offset: CGSize) -> [RenderNode] {
        var a = RT.layer(1, frame: frame, background: RT.color(1, 0, 0, 0.8), children: [2])
        a.shadowOpacity = 1
        a.shadowRadius = radius
        a.shadowOffset = offset
        let b = RT.layer(2, frame: CGRect(x: 3, y: 3, width: 9, height: 9), background: RT.blue)
        return [a, b]
    }

    /// A 10,000-point layer whose shadow reaches 769 px (σ = 256) and is offset by 300, drawn
    /// into a 24-point view: the frame's pixel memory (surfaces, masks, the blur's planes) at
    /// its peak. Blurring the whole group (1,826 × 1,826 pixels of content, a 3,362-pixel-square
    /// blur plane of 8-byte values and its tinted copy) took over 150 MiB; the window the 576
    /// visible pixels sample needs the content that can cast into them and a plane of about
    /// 1,600 pixels square.
    @Test func aHugeShadowedLayerInASmallViewCostsWhatTheViewNeeds() throws {
        let nodes = [RT.root(24, children: [1])]
            + shadowed(frame: CGRect(x: -5000, y: -5000, width: 10_000, height: 10_000), radius: 256, offset: CGSize(width: 0, height: 300))
        let budget = PixelMemoryBudget(limit: 1 << 30)
        let s = try Compositor(memoryBudget: budget).render(tree: RT.tree(nodes), width: 24, height: 24)
        #expect(s[12, 12].a > 204) // the layer over its shadow
        #expect(budget.peak < 48 << 20, "peak \(budget.peak) bytes")
    }

    /// Each pixel of a view of a shadowed layer partly outside it is the same as in a larger
    /// view that holds the whole layer and shadow (no clipping of the group at all), for the
    /// three blur methods: three boxes (σ = 3), downsampled by 2 (σ = 12) and by 4 (σ = 40),
    /// with fractional offsets (bilinear taps) in every direction.
    @Test(arguments: [(3.0, CGSize(width: 2.5, height: -3.25)), (12.0, CGSize(width: -7.75, height: 5.5)),
                      (40.0, CGSize(width: 30.5, height: 20.25)), (1.5, CGSize(width: 0, height: -3))])
    func aLayerPartlyOffTheViewKeepsItsShadowPixels(_ args: (Double, CGSize)) throws {
        let (radius, offset) = args
        let layer = shadowed(frame: CGRect(x: 20, y: 14, width: 40, height: 44), radius: CGFloat(radius), offset: offset)
        let big = try RT.render([RT.root(400, children: [1])] + layer, size: 400)
        let small = try RT.render([RT.root(48, children: [1])] + layer, size: 48)
        var differing = 0
        for y in 0..<48 {
            for x in 0..<48 where small[x, y] != big[x, y] { differing += 1 }
        }
        #expect(differing == 0)
        #expect(small[19, 30].a > 0 || small[30, 13].a > 0) // some shadow shows beside the layer
    }
}
