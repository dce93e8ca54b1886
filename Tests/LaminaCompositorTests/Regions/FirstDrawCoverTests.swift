import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

/// A region is not filled with the background first when the draw list's first drawing
/// overwrites all of it (FirstDrawCover.swift): the frame's bytes are the same.
@Suite struct FirstDrawCoverTests {
    /// An opaque root over the whole 100 × 100 frame, a translucent square on it and a turned
    /// page (casting a wide shadow) over that.
    static func nodes(root: (inout RenderNode) -> Void = { _ in }) -> [RenderNode] {
        var nodes = LaterCoversTests.scene()
        nodes[0].contents = .none
        nodes[0].backgroundColor = IT.color(0.45, 0.47, 0.5)
        root(&nodes[0])
        nodes[0].children.append(RT.id(9))
        nodes.append(IT.layer(9, frame: CGRect(x: 10, y: 10, width: 60, height: 40), background: IT.color(0.9, 0.2, 0.1, 0.5)))
        return nodes
    }

    static let frame = PixelRect(x0: 0, y0: 0, x1: 200, y1: 200)

    @Test func onlyAnOpaqueUntintedRectangleOverTheRegionCovers() {
        let region = PixelRect(x0: 20, y0: 30, x1: 120, y1: 90)
        #expect(RT.drawList(Self.nodes(), size: 200).firstDrawCovers(Self.frame))
        #expect(RT.drawList(Self.nodes(), size: 200).firstDrawCovers(region))
        #expect(!RT.drawList(Self.nodes(), size: 200).firstDrawCovers(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)))
        // Translucent colour, layer opacity, rounded corners, a turn, a rect short of the region.
        #expect(!RT.drawList(Self.nodes { $0.backgroundColor = IT.color(0.45, 0.47, 0.5, 0.99) }, size: 200).firstDrawCovers(Self.frame))
        #expect(!RT.drawList(Self.nodes { $0.opacity = 0.9 }, size: 200).firstDrawCovers(Self.frame))
        #expect(!RT.drawList(Self.nodes { $0.cornerRadius = 8 }, size: 200).firstDrawCovers(Self.frame))
        #expect(!RT.drawList(Self.nodes { $0.transform = CATransform3DMakeRotation(0.01, 0, 0, 1) }, size: 200)
            .firstDrawCovers(Self.frame))
        // (Centred: device x 0.25 ..< 199.75, so whole pixels 1 ..< 199 only.)
        let short = RT.drawList(Self.nodes { $0.bounds.size.width = 199.5 }, size: 200)
        #expect(!short.firstDrawCovers(Self.frame))
        #expect(!short.firstDrawCovers(PixelRect(x0: 0, y0: 0, x1: 199, y1: 200)))
        #expect(short.firstDrawCovers(PixelRect(x0: 1, y0: 0, x1: 199, y1: 200)))
        // No background on the root: its first drawing is the square.
        #expect(!RT.drawList(Self.nodes { $0.backgroundColor = nil }, size: 200).firstDrawCovers(region))
    }

    /// Regions drawn over a surface full of other pixels (nothing fills them when the root
    /// covers), on one thread and in bands, equal the whole frame drawn over a fill.
    @Test func regionsOverOldPixelsGiveTheWholeFramesBytes() throws {
        for tweak in [{ (_: inout RenderNode) in }, { $0.backgroundColor = IT.color(0.45, 0.47, 0.5, 0.6) }] {
            let list = RT.drawList(Self.nodes(root: tweak), size: 200)
            let whole = try Compositor().render(tree: RT.tree(Self.nodes(root: tweak)), width: 200, height: 200,
                                                background: IT.color(0, 0, 0))
            let regions = [PixelBox(x0: 0, y0: 0, x1: 200, y1: 60), PixelBox(x0: 30, y0: 60, x1: 170, y1: 140),
                           PixelBox(x0: 0, y0: 140, x1: 200, y1: 200)]
            for pool in [nil, WorkerPool(threadCount: 2)] {
                let out = try Surface(width: 200, height: 200)
                out.fill(PremultipliedRGBA8(r: 0, g: 200, b: 0, a: 255)) // the pixels a previous frame left
                _ = try Compositor().render(list, into: out, regions: regions, background: IT.color(0, 0, 0), pool: pool,
                                            minimumSplitPixels: 1)
                var differing = 0, green = 0
                for y in 0..<200 {
                    for x in 0..<200 {
                        let inside = regions.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }
                        if inside && out[x, y] != whole[x, y] { differing += 1 }
                        if !inside && out[x, y] == PremultipliedRGBA8(r: 0, g: 200, b: 0, a: 255) { green += 1 }
                    }
                }
                #expect(differing == 0)
                #expect(green == 2 * 30 * 80) // beside the middle region, the old pixels are kept
            }
        }
    }
}
