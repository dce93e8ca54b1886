// A region render draws only the rows of a 3D plane's surface that its own rows sample
// (PlaneRows.swift): the rows cover every bilinear tap of every pixel the region can write,
// they are few for a thin region, and the region's pixels stay the whole frame's — drawn on
// one thread (the plane's surface limited to the rows) and on two (the plane banded, only
// the needed bands drawn).
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite struct PlaneRowsTests {
    static let width = 200, height = 150

    /// A bordered card (the border keeps its plane surface: DirectPlaneChoice.swift) turned
    /// `angle` radians about `axis` in perspective over a dark root.
    static func tree(angle: CGFloat, axis: (CGFloat, CGFloat)) -> RenderTree {
        let root = RenderNode(id: RenderNodeID(0), bounds: CGRect(x: 0, y: 0, width: width, height: height),
                              position: CGPoint(x: width / 2, y: height / 2),
                              backgroundColor: CGColor(red: 0.2, green: 0.25, blue: 0.3, alpha: 1))
        var card = RenderNode(id: RenderNodeID(1), bounds: CGRect(x: 0, y: 0, width: 150, height: 110),
                              position: CGPoint(x: 100, y: 75))
        card.backgroundColor = CGColor(red: 0.9, green: 0.6, blue: 0.2, alpha: 1)
        card.borderWidth = 3
        card.borderColor = CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
        card.cornerRadius = 9
        var t = CATransform3DIdentity
        t.m34 = -1 / 300
        card.transform = CATransform3DConcat(CATransform3DMakeRotation(angle, axis.0, axis.1, 0), t)
        var stripe = RenderNode(id: RenderNodeID(2), bounds: CGRect(x: 0, y: 0, width: 130, height: 7),
                                position: CGPoint(x: 75, y: 40))
        stripe.backgroundColor = CGColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 1)
        stripe.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        card.children = [stripe.id]
        var root2 = root
        root2.children = [card.id]
        return RenderTree(root: root2.id, nodes: [root2, card, stripe])
    }

    static let angles: [(CGFloat, (CGFloat, CGFloat))] = [(0.7, (0, 1)), (-1.1, (0, 1)), (0.9, (1, 0)), (0.5, (1, 1)), (1.35, (0, 1))]

    static func plane(_ list: DrawList) -> ProjectiveSpec? {
        for c in list.commands { if case let .beginProjective(p) = c { return p } }
        return nil
    }

    @Test func theSampledRowsHoldEveryTapOfTheRegionsRows() throws {
        for (angle, axis) in Self.angles {
            let list = Compositor().drawList(tree: Self.tree(angle: angle, axis: axis), width: Self.width, height: Self.height)
            let spec = try #require(Self.plane(list), "angle \(angle): the card keeps its plane surface")
            let forward = spec.surfaceToDevice
            let inverse = try #require(forward.paintMap.inverted())
            let parent = RasterTarget(surface: try Surface(width: Self.width, height: Self.height), originX: 0, originY: 0, group: nil)
            // Without a limit every row of the output may change: all of the plane's rows.
            #expect(PlaneRows.sampled(spec, below: parent) == nil)
            for y0 in stride(from: 0, to: Self.height, by: 7) {
                let y1 = min(Self.height, y0 + 1 + y0 % 5)
                parent.limit = PixelRect(x0: 0, y0: y0, x1: Self.width, y1: y1)
                let rows = PlaneRows.sampled(spec, below: parent) ?? 0..<spec.bounds.height
                // Every pixel of those rows (and its anti-aliased neighbours) whose centre
                // maps onto the surface reads the texel rows around its source point.
                for y in y0..<y1 {
                    for x in 0..<Self.width {
                        guard let p = inverse.apply(Double(x) + 0.5, Double(y) + 0.5),
                              p.x > -1, p.x < Double(spec.bounds.width) + 1, p.y > -1, p.y < Double(spec.bounds.height) + 1 else { continue }
                        let v = Int((p.y - 0.5).rounded(.down))
                        for tap in [v, v + 1] where tap >= 0 && tap < spec.bounds.height {
                            #expect(rows.contains(tap), "angle \(angle), rows \(y0)..<\(y1): pixel (\(x), \(y)) reads row \(tap), not in \(rows)")
                        }
                    }
                }
                // A thin region reads a thin part of a plane turned about one axis by up to
                // 0.9 rad (not vacuous: not every row). Turned about a slanted axis, device rows
                // cross many surface rows; turned further, rows near the far edge fan out.
                if y1 - y0 <= 3, axis.0 == 0 || axis.1 == 0, abs(angle) <= 0.9 {
                    let sampled = try #require(PlaneRows.sampled(spec, below: parent), "angle \(angle), rows \(y0)..<\(y1)")
                    #expect(sampled.count < spec.bounds.height / 3, "angle \(angle), rows \(y0)..<\(y1): \(sampled)")
                }
            }
        }
    }

    /// Thin and odd regions over the turned card, on one thread and on two (the plane banded
    /// from 64 px): the whole frame's bytes in the region, the rest untouched; on two threads
    /// the bands drawn are a fraction of the plane.
    @Test(arguments: [1, 2])
    func regionsOverTheTurnedCardGiveTheWholeFramesBytes(_ threads: Int) throws {
        let pool = threads > 1 ? WorkerPool(threadCount: threads) : nil
        var rng = SplitMix64(UInt64(31 + threads))
        for (angle, axis) in Self.angles {
            let tree = Self.tree(angle: angle, axis: axis)
            let compositor = Compositor()
            let full = try Compositor().render(tree: tree, width: Self.width, height: Self.height, background: RegionRandomTreeTests.background)
            let list = compositor.drawList(tree: tree, width: Self.width, height: Self.height)
            let planeHeight = try #require(Self.plane(list)).bounds.height
            let kept = RegionRenderScratch()
            let before = RegionCheck.junk(width: Self.width, height: Self.height, seed: 3)
            for k in 0..<12 {
                var r = RegionCheck.oddRect(width: Self.width, height: Self.height, rng: &rng)
                if k % 2 == 0 { r = PixelRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: min(r.y1, r.y0 + 1 + k % 4)) }
                let out = before.copy()
                let drawn = kept.planeRowsDrawn
                try compositor.render(list, into: out, regions: [PixelBox(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1)],
                                      background: RegionRandomTreeTests.background, pool: pool, minimumSplitPixels: 64, kept: kept)
                let bad = RegionCheck.mismatch(result: out, full: full, before: before, region: r)
                #expect(bad == nil, "angle \(angle), \(threads) thread(s), region \(r): \(bad ?? "")")
                if pool != nil, r.height <= 4 {
                    #expect(kept.planeRowsDrawn - drawn < planeHeight / 2,
                            "angle \(angle): \(kept.planeRowsDrawn - drawn) of \(planeHeight) plane rows drawn for region \(r)")
                }
            }
        }
    }
}

/// A plane seen exactly edge-on projects onto a segment and covers no pixel: the executor
/// skips it (surface, body, shadow blur) and the frame is the frame without it.
@Suite struct EdgeOnPlaneTests {
    /// The bordered card of `PlaneRowsTests` with a wide shadow, turned `angle` about the y
    /// axis (through its centre, where its perspective is centred), over the root; nil: no card.
    static func tree(angle: CGFloat?) -> RenderTree {
        var root = RenderNode(id: RenderNodeID(0), bounds: CGRect(x: 0, y: 0, width: 200, height: 150),
                              position: CGPoint(x: 100, y: 75), backgroundColor: CGColor(red: 0.2, green: 0.25, blue: 0.3, alpha: 1))
        guard let angle else { return RenderTree(root: root.id, nodes: [root]) }
        var card = RenderNode(id: RenderNodeID(1), bounds: CGRect(x: 0, y: 0, width: 120, height: 100), position: CGPoint(x: 101, y: 75))
        card.backgroundColor = CGColor(red: 0.9, green: 0.6, blue: 0.2, alpha: 1)
        card.borderWidth = 3
        card.borderColor = CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
        card.shadowOpacity = 0.8
        card.shadowRadius = 40
        card.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        var t = CATransform3DIdentity
        t.m34 = -1 / 300
        card.transform = CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 1, 0), t)
        root.children = [card.id]
        return RenderTree(root: root.id, nodes: [root, card])
    }

    @Test(arguments: [CGFloat.pi / 2, -CGFloat.pi / 2])
    func anEdgeOnPlaneDrawsNothingAndMakesNoSurface(_ angle: CGFloat) throws {
        let budget = PixelMemoryBudget(limit: 1 << 30)
        let compositor = Compositor(memoryBudget: budget)
        let list = compositor.drawList(tree: Self.tree(angle: angle), width: 200, height: 150)
        // Not vacuous: the card is a plane with a surface (not culled, not drawn direct).
        #expect(list.commands.contains { if case .beginProjective = $0 { return true } else { return false } })
        let edgeOn = try compositor.render(tree: Self.tree(angle: angle), width: 200, height: 150)
        let without = try Compositor().render(tree: Self.tree(angle: nil), width: 200, height: 150)
        #expect(edgeOn.bytes() == without.bytes())
        // No surface beside the output was made (without the skip: the plane's, cropped to the segment).
        #expect(budget.peak <= 200 * 150 * 4, "peak \(budget.peak) bytes")
    }

    /// Short of edge-on the card shows (a sliver): not skipped.
    @Test func aNearlyEdgeOnPlaneIsDrawn() throws {
        let nearly = try Compositor().render(tree: Self.tree(angle: CGFloat.pi / 2 - 0.02), width: 200, height: 150)
        let without = try Compositor().render(tree: Self.tree(angle: nil), width: 200, height: 150)
        #expect(nearly.bytes() != without.bytes())
    }

    @Test func gridLines() {
        #expect(PlaneRows.onOneGridLine([960, 960.0000000000001, 959.9999999999998]))
        #expect(PlaneRows.onOneGridLine([10.5, 10.5 + 1e-9]))
        #expect(!PlaneRows.onOneGridLine([960, 960.002]))
        // Near a rounding tie vertices could round apart: not one line.
        #expect(!PlaneRows.onOneGridLine([1 / 512.0, 1 / 512.0 + 1e-12]))
        #expect(!PlaneRows.onOneGridLine([.nan, .nan]) && !PlaneRows.onOneGridLine([]))
    }
}
