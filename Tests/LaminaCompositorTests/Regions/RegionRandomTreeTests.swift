// Seeded random layer trees drawn whole and by regions: random layers with 2D and 3D
// perspective transforms, masks, shadows (from alpha and from paths, narrow and wide),
// opacity groups, corner radii, borders, masksToBounds, shouldRasterize, images, gradients,
// shapes, 3D rendering contexts (transform layers, depth-sorted and split) and replicators. Four bands and odd-sized random rectangles must give the whole frame's bytes
// inside and leave the rest alone.
import CoreGraphics
import Foundation
@testable import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite struct RegionRandomTreeTests {
    static let background = CGColor(red: 0.93, green: 0.93, blue: 0.9, alpha: 1)

    /// A random tree of `count` layers under a root of `size` points, from `rng`.
    static func randomTree(size: CGFloat, count: Int, rng: inout SplitMix64) -> RenderTree {
        func u() -> CGFloat { CGFloat(rng.uniform()) }
        func chance(_ p: Double) -> Bool { rng.uniform() < p }
        func color(alpha: CGFloat = 1) -> CGColor { CGColor(red: u(), green: u(), blue: u(), alpha: alpha) }
        var nodes: [RenderNode] = [RenderNode(id: RenderNodeID(0), bounds: CGRect(x: 0, y: 0, width: size, height: size),
                                              position: CGPoint(x: size / 2, y: size / 2),
                                              backgroundColor: CGColor(red: 0.2, green: 0.25, blue: 0.3, alpha: 1))]
        var next: UInt64 = 1
        // Parents are any layer made so far that is not a mask.
        var parents: [Int] = [0]
        for _ in 0..<count {
            let id = RenderNodeID(next); next += 1
            let w = 8 + u() * size * 0.6, h = 8 + u() * size * 0.6
            var n = RenderNode(id: id, bounds: CGRect(x: 0, y: 0, width: w, height: h),
                               position: CGPoint(x: u() * size, y: u() * size))
            n.backgroundColor = chance(0.85) ? color(alpha: chance(0.7) ? 1 : 0.3 + 0.6 * u()) : nil
            if chance(0.4) { n.cornerRadius = u() * min(w, h) / 2 }
            if chance(0.35) { n.borderWidth = 0.5 + u() * 4; n.borderColor = color(alpha: 0.5 + 0.5 * u()) }
            switch rng.next() % 6 {
            case 0: n.transform = CATransform3DMakeRotation(u() * 2 * .pi, 0, 0, 1)
            case 1:
                var t = CATransform3DIdentity
                t.m34 = -1 / (150 + 400 * u())
                n.transform = CATransform3DConcat(CATransform3DMakeRotation((u() - 0.5) * 2.2, chance(0.5) ? 1 : 0, 1, 0), t)
            case 2: n.transform = CATransform3DMakeScale(0.5 + u(), 0.5 + u(), 1)
            default: break
            }
            if chance(0.15) {
                var t = CATransform3DIdentity
                t.m34 = -1 / (200 + 300 * u())
                n.sublayerTransform = t
            }
            if chance(0.3) { n.opacity = Float(0.3 + 0.6 * u()); n.allowsGroupOpacity = chance(0.8) }
            if chance(0.3) { n.masksToBounds = true }
            if chance(0.3) {
                n.shadowOpacity = Float(0.4 + 0.6 * u())
                n.shadowRadius = chance(0.2) ? 20 + u() * 60 : u() * 10
                n.shadowOffset = CGSize(width: (u() - 0.5) * 12, height: (u() - 0.5) * 12)
                n.shadowColor = color()
                if chance(0.4) {
                    n.shadowPath = chance(0.5) ? CGPath(rect: n.bounds.insetBy(dx: 2, dy: 2), transform: nil)
                        : CGPath(ellipseIn: n.bounds, transform: nil)
                }
            }
            if chance(0.1) { n.shouldRasterize = true }
            if chance(0.2) { n.zPosition = (u() - 0.5) * 60 }
            switch rng.next() % 10 {
            case 0: n.contents = .image(Self.image(seed: rng.next()))
                n.minificationFilter = chance(0.5) ? .trilinear : .linear
            case 1: n.kind = .gradient(GradientContent(type: chance(0.5) ? .axial : .radial, colors: [color(), color(alpha: 0.5)]))
            case 2:
                let p = CGMutablePath()
                p.move(to: CGPoint(x: u() * w, y: u() * h))
                for _ in 0..<3 { p.addQuadCurve(to: CGPoint(x: u() * w, y: u() * h), control: CGPoint(x: u() * w, y: u() * h)) }
                p.closeSubpath()
                n.kind = .shape(ShapeContent(path: p, fillColor: color(alpha: 0.8), strokeColor: chance(0.5) ? color() : nil,
                                             lineWidth: 1 + 3 * u()))
            case 3:
                // A 3D rendering context: its sublayers are depth-sorted and split (BSP).
                n.kind = .transformLayer
                var t = CATransform3DIdentity
                t.m34 = -1 / (200 + 300 * u())
                n.sublayerTransform = t
            case 4:
                n.kind = .replicator(ReplicatorContent(instanceCount: 2 + Int(rng.next() % 3),
                                                       instanceTransform: CATransform3DMakeTranslation(6 + 10 * u(), 4 * u(), 0),
                                                       instanceRedOffset: -0.2, instanceAlphaOffset: -0.15))
            default: break
            }
            let parent = parents[Int(rng.next() % UInt64(parents.count))]
            nodes[parent].children.append(id)
            nodes.append(n)
            parents.append(nodes.count - 1)
            if chance(0.15) {
                // A mask: an ellipse shape or a rounded rect, not itself a parent.
                let mid = RenderNodeID(next); next += 1
                var m = RenderNode(id: mid, bounds: CGRect(x: 0, y: 0, width: w * (0.5 + u()), height: h * (0.5 + u())),
                                   position: CGPoint(x: u() * w, y: u() * h))
                if chance(0.5) {
                    m.kind = .shape(ShapeContent(path: CGPath(ellipseIn: m.bounds, transform: nil), fillColor: color(alpha: 0.5 + 0.5 * u())))
                } else {
                    m.backgroundColor = color(alpha: 0.4 + 0.6 * u()); m.cornerRadius = 6
                }
                nodes[nodes.count - 1].mask = mid
                nodes.append(m)
            }
        }
        return RenderTree(root: RenderNodeID(0), nodes: nodes)
    }

    /// A small opaque-and-translucent image, different per seed.
    static func image(seed: UInt64) -> CGImage {
        var rng = SplitMix64(seed)
        let w = 6 + Int(rng.next() % 40), h = 6 + Int(rng.next() % 40)
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = i % 5 == 0 ? rng.byte() : 255
            px[4 * i] = rng.byte() & a; px[4 * i + 1] = rng.byte() & a; px[4 * i + 2] = rng.byte() & a; px[4 * i + 3] = a
        }
        let provider = CGDataProvider(data: Data(px) as CFData)!
        return CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4 * w,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
    }

    /// Draws `tree` whole, by four bands over junk, and by three odd rectangles into junk, and
    /// returns the first mismatch (nil when all agree).
    static func check(_ tree: RenderTree, width: Int, height: Int, scale: Double, rng: inout SplitMix64,
                      background: CGColor? = Self.background, compositor: Compositor = Compositor()) throws -> String? {
        let full = try compositor.render(tree: tree, width: width, height: height, scale: scale, background: background)
        let list = compositor.drawList(tree: tree, width: width, height: height, scale: scale)
        let banded = RegionCheck.junk(width: width, height: height, seed: 1)
        try compositor.render(list, into: banded, regions: Compositor.bands(width: width, height: height, count: 4),
                              background: background, pool: nil)
        if let bad = RegionCheck.mismatch(result: banded, full: full, before: banded, region: PixelRect(full)) {
            return "bands: " + bad
        }
        let before = RegionCheck.junk(width: width, height: height, seed: 2)
        for _ in 0..<3 {
            let r = RegionCheck.oddRect(width: width, height: height, rng: &rng)
            let out = before.copy()
            try compositor.render(list, into: out, region: PixelBox(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1), background: background)
            if let bad = RegionCheck.mismatch(result: out, full: full, before: before, region: r) { return bad }
        }
        return nil
    }

    @Test(arguments: 0..<8)
    func randomTreesRenderTheSameByRegions(_ batch: Int) throws {
        for k in 0..<25 {
            let seed = UInt64(batch * 25 + k)
            var rng = SplitMix64(seed &* 7919 &+ 1)
            let size = 48 + CGFloat(rng.next() % 64)
            let tree = Self.randomTree(size: size, count: 3 + Int(rng.next() % 10), rng: &rng)
            let scale = [1.0, 1.5, 0.75][Int(rng.next() % 3)]
            let px = Int((size * CGFloat(scale)).rounded())
            // Every other tree over a transparent frame (no background fill).
            let bad = try Self.check(tree, width: px, height: px - 7, scale: scale, rng: &rng,
                                     background: k % 2 == 0 ? Self.background : nil)
            #expect(bad == nil, "seed \(seed): \(bad ?? "")")
        }
    }
}
