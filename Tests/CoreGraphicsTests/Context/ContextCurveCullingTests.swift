// Curve culling (CurveCulling.swift): curves that cannot change a pixel are passed to the
// rasterizer as their chords instead of being flattened. The work is counted (curves culled,
// polygon vertices), never timed; the pixels are compared byte for byte with culling off.
import CoreGraphics
import Foundation
import LaminaRaster
import Testing

@Suite struct ContextCurveCullingTests {
    /// The path fuzzer's slow input: 64 turns of a circle of radius 1e299 around the canvas
    /// (256 cubics, each flattened to the 65,536-chord cap before culling).
    static func hugeArc() -> CGMutablePath {
        let p = CGMutablePath()
        p.addRelativeArc(center: CGPoint(x: 16, y: 16), radius: 1e299, startAngle: 0.3, delta: 1e300)
        return p
    }

    static func curveCount(_ path: CGPath) -> Int {
        var n = 0
        path.applyWithBlock { e in
            if e.pointee.type == .addCurveToPoint || e.pointee.type == .addQuadCurveToPoint { n += 1 }
        }
        return n
    }

    @Test func aHugeArcStrokedWithAHairlineCullsEveryCurve() {
        let path = Self.hugeArc()
        let curves = Self.curveCount(path)
        #expect(curves >= 200)
        let ctx = ContextTest.make(32, 32)
        ctx.setLineWidth(0)
        ctx.addPath(path)
        guard let polygon = ctx.strokePixelPolygon() else { Issue.record("no stroke"); return }
        // Every curve is stroked as its chord: a few points per curve (offsets and joins),
        // where flattening them gave 65,536 chords each.
        #expect(ctx.culledCurves.culled == curves)
        let points = polygon.subpaths.reduce(0) { $0 + $1.count }
        #expect(points < 40 * curves, "\(points) outline points for \(curves) curves")
    }

    /// Starting at angle 0, each quarter turn's control box reaches the centre (its box spans
    /// from the centre's x or y to the radius): the curves are split until their pieces lie
    /// outside, and the stroke is a few points per piece.
    @Test func aHugeArcStartingOnAnAxisIsSplitUntilItsPiecesAreOutside() {
        let path = CGMutablePath()
        path.addRelativeArc(center: CGPoint(x: 16, y: 16), radius: 1e299, startAngle: 0, delta: 1e300)
        let curves = Self.curveCount(path)
        let ctx = ContextTest.make(32, 32)
        ctx.setLineWidth(0)
        ctx.addPath(path)
        guard let polygon = ctx.strokePixelPolygon() else { Issue.record("no stroke"); return }
        let points = polygon.subpaths.reduce(0) { $0 + $1.count }
        #expect(ctx.culledCurves.culled >= curves)
        #expect(points < 200 * curves, "\(points) outline points for \(curves) curves")
        let fill = ctx.pixelPolygon(path, visible: ctx.drawablePixels)
        #expect(fill.subpaths.reduce(0) { $0 + $1.count } < 20 * curves)
    }

    /// A huge curve that does cross the canvas: its far parts are culled, the part over the
    /// canvas is flattened finely enough to draw a straight-looking stroke through it.
    @Test func aHugeCurveThroughTheCanvasIsFlattenedOnlyNearIt() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -1e12, y: 16))
        path.addCurve(to: CGPoint(x: 1e12, y: 16), control1: CGPoint(x: -3e11, y: 16), control2: CGPoint(x: 3e11, y: 16.000001))
        let ctx = ContextTest.make(32, 32)
        ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.setLineWidth(4)
        ctx.addPath(path)
        guard let polygon = ctx.strokePixelPolygon() else { Issue.record("no stroke"); return }
        #expect(polygon.subpaths.reduce(0) { $0 + $1.count } < 5_000)
        #expect(ctx.culledCurves.culled > 0)
        ctx.strokePath()
        // A 4-pixel band along y = 16 (device rows 14...17).
        for x in [0, 10, 20, 31] {
            #expect(ContextTest.pixel(ctx, x, 15) == ContextTest.red && ContextTest.pixel(ctx, x, 16) == ContextTest.red)
            #expect(ContextTest.pixel(ctx, x, 10).a == 0 && ContextTest.pixel(ctx, x, 21).a == 0)
        }
    }

    /// The path fuzzer's timeout after culling: a line out to y = −greatestFiniteMagnitude and
    /// curves along it. Their flattening overflows (every interior vertex is infinite or NaN,
    /// 65,536 per curve), so a fill drops the subpath and a stroke the pieces through them;
    /// one NaN vertex per curve does the same. `count` curves; the same bytes either way.
    static func curvesAtTheLargestDouble(_ count: Int) -> CGMutablePath {
        let big = CGFloat.greatestFiniteMagnitude
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 28, y: 4.2))
        p.addLine(to: CGPoint(x: -13.2, y: -big))
        for i in 0..<count {
            let x = CGFloat(i % 3) * 10 - 13
            p.addCurve(to: CGPoint(x: x + 22, y: -big), control1: CGPoint(x: x + 3, y: -big), control2: CGPoint(x: x + 13, y: -big))
        }
        p.addLine(to: CGPoint(x: 4, y: 30))
        p.addEllipse(in: CGRect(x: 6, y: 6, width: 12, height: 20))
        return p
    }

    @Test func curvesAtTheLargestDoubleStandInAsOneNaNVertex() {
        for mode in [CGPathDrawingMode.fill, .stroke] {
            for width in [CGFloat(0), 3] {
                var images: [[UInt8]] = []
                for culling in [true, false] {
                    let ctx = ContextTest.make(32, 32)
                    ctx.cullsCurves = culling
                    ctx.setLineWidth(width)
                    ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                    ctx.addPath(Self.curvesAtTheLargestDouble(3))
                    ctx.drawPath(using: mode)
                    var bytes: [UInt8] = []
                    for y in 0..<32 { for x in 0..<32 { let p = ctx.surface[x, y]; bytes += [p.r, p.g, p.b, p.a] } }
                    images.append(bytes)
                }
                #expect(images[0] == images[1], "\(mode) width \(width)")
                #expect(images[0].contains { $0 != 0 }, "the finite parts draw")
            }
        }
        // 256 such curves: a few points each, not 65,536.
        let ctx = ContextTest.make(32, 32)
        ctx.addPath(Self.curvesAtTheLargestDouble(256))
        let points = ctx.pixelPolygon(ctx.path!, transform: ctx.userToPixel, visible: ctx.drawablePixels)
            .subpaths.reduce(0) { $0 + $1.count }
        #expect(points < 1_000)
        ctx.setLineWidth(0)
        let outline = ctx.strokePixelPolygon()?.subpaths.reduce(0) { $0 + $1.count } ?? 0
        #expect(outline < 20_000, "\(outline) outline points")
    }

    /// The path fuzzer's second timeout: the same curves stroked with a clip off the canvas.
    /// Nothing can be drawn, so nothing is flattened (it was: culling had no rectangle).
    @Test func anEmptyClipFlattensNothing() {
        let ctx = ContextTest.make(32, 32)
        ctx.clip(to: CGRect(x: -12, y: -12, width: 8, height: 8))
        #expect(ctx.drawablePixels.isEmpty)
        for curves in [Self.curvesAtTheLargestDouble(256), Self.hugeArc()] {
            ctx.addPath(curves)
            ctx.strokePath()
            ctx.addPath(curves)
            ctx.fillPath()
        }
        #expect(ctx.strokeScratch.isUnused)
        #expect(ContextTest.count(ctx, ContextTest.clear) == 32 * 32)
    }

    /// The path fuzzer's third timeout: curves around 1e300 with a control point just past it
    /// (the culling limit was 1e300, now 1e306), then a line into the canvas, hairline-stroked.
    @Test func curvesJustBeyond1e300AreCulled() {
        let p = CGMutablePath()
        let a = CGPoint(x: 4.2461388804245095e299, y: -8.178819121159085e299)
        p.move(to: a)
        for _ in 0..<8 {
            p.addCurve(to: a, control1: CGPoint(x: 8.693776326692952e299, y: -1.1307765708307146e300),
                       control2: CGPoint(x: -2.0149856584393323e298, y: -5.049872534011025e299))
        }
        p.addLine(to: CGPoint(x: 24.5, y: 4.2))
        let ctx = ContextTest.make(32, 32)
        ctx.setLineWidth(0)
        ctx.addPath(p)
        let outline = ctx.strokePixelPolygon()?.subpaths.reduce(0) { $0 + $1.count } ?? 0
        #expect(ctx.culledCurves.culled >= 8)
        #expect(outline < 2_000, "\(outline) outline points")
    }

    @Test func aHugeArcFilledCullsEveryCurve() {
        let path = Self.hugeArc()
        let ctx = ContextTest.make(32, 32)
        let polygon = ctx.pixelPolygon(path, visible: ctx.drawablePixels)
        #expect(ctx.culledCurves.culled == Self.curveCount(path))
        #expect(polygon.subpaths.reduce(0) { $0 + $1.count } <= Self.curveCount(path) + 1)
        // The fill still covers the canvas: the circle contains it.
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.addPath(path)
        ctx.fillPath()
        #expect(ContextTest.count(ctx, ContextTest.blue) == 32 * 32)
    }

    @Test func visibleCurvesAreFlattened() {
        let ctx = ContextTest.make(32, 32)
        ctx.addEllipse(in: CGRect(x: 4, y: 4, width: 24, height: 24))
        ctx.fillPath()
        ctx.addEllipse(in: CGRect(x: -8, y: -8, width: 48, height: 48)) // every curve crosses the canvas
        ctx.strokePath()
        #expect(ctx.culledCurves.culled == 0)
    }

    /// An ellipse wholly left of the clip (a rect inside the canvas) though partly on the
    /// canvas: the clip, not the canvas, decides, and all four curves are culled.
    @Test func curvesOutsideTheClipAreCulled() {
        let ctx = ContextTest.make(64, 64)
        ctx.clip(to: CGRect(x: 24, y: 0, width: 40, height: 64))
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: -40, y: 8, width: 56, height: 48)) // x from -40 to 16
        ctx.addPath(path)
        ctx.fillPath()
        #expect(ctx.culledCurves.culled == 4)
    }

    // MARK: The same pixels

    /// A small deterministic generator (the same cases on every run).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        mutating func unit() -> CGFloat { CGFloat(next() % 1_000_001) / 1_000_000 }
        mutating func range(_ lo: CGFloat, _ hi: CGFloat) -> CGFloat { lo + (hi - lo) * unit() }
        mutating func pick<T>(_ xs: [T]) -> T { xs[Int(next() % UInt64(xs.count))] }
    }

    /// A path of lines, quads and cubics wandering in and far out of a 32-point canvas, with
    /// closed and open subpaths.
    static func wanderingPath(_ g: inout Generator) -> CGMutablePath {
        let p = CGMutablePath()
        func point() -> CGPoint {
            switch g.next() % 4 {
            case 0: return CGPoint(x: g.range(-4, 36), y: g.range(-4, 36))
            case 1: return CGPoint(x: g.range(-300, 330), y: g.range(-300, 330))
            case 2: return CGPoint(x: g.range(-80, -10), y: g.range(-40, 70))
            default: return CGPoint(x: g.range(-40, 70), y: g.range(40, 120))
            }
        }
        for _ in 0..<(1 + g.next() % 3) {
            p.move(to: point())
            for _ in 0..<(2 + g.next() % 7) {
                switch g.next() % 4 {
                case 0: p.addLine(to: point())
                case 1: p.addQuadCurve(to: point(), control: point())
                default: p.addCurve(to: point(), control1: point(), control2: point())
                }
            }
            if g.next() % 2 == 0 { p.closeSubpath() }
        }
        return p
    }

    /// Draws `path` into a fresh 32 × 32 context set up from `g` (CTM, clip, shadow, fill or
    /// stroke style), with culling on or off; returns the bytes and the curves culled.
    static func draw(_ path: CGPath, seed: UInt64, culling: Bool) -> (pixels: [UInt8], culled: Int) {
        var g = Generator(state: seed)
        let ctx = ContextTest.make(32, 32)
        ctx.cullsCurves = culling
        switch g.next() % 4 {
        case 0: ctx.rotate(by: g.range(-1, 1))
        case 1: ctx.scaleBy(x: g.range(0.3, 2), y: g.range(0.3, 2))
        default: break
        }
        if g.next() % 3 == 0 { ctx.clip(to: CGRect(x: g.range(0, 12), y: g.range(0, 12), width: g.range(8, 20), height: g.range(8, 20))) }
        if g.next() % 4 == 0 { ctx.setShadow(offset: CGSize(width: g.range(-30, 30), height: g.range(-30, 30)), blur: g.range(0, 8)) }
        ctx.setShouldAntialias(g.next() % 5 != 0)
        ctx.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8))
        ctx.setStrokeColor(CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.9))
        ctx.setLineWidth(g.pick([0, 1, 3, 8, 20]))
        ctx.setLineCap(g.pick([.butt, .round, .square]))
        ctx.setLineJoin(g.pick([.miter, .round, .bevel]))
        ctx.setMiterLimit(g.pick([1, 4, 10]))
        ctx.addPath(path)
        ctx.drawPath(using: g.pick([.fill, .eoFill, .stroke, .fillStroke, .eoFillStroke]))
        let s = ctx.surface
        var bytes: [UInt8] = []
        for y in 0..<s.height { for x in 0..<s.width { let p = s[x, y]; bytes += [p.r, p.g, p.b, p.a] } }
        return (bytes, ctx.culledCurves.culled)
    }

    @Test func culledDrawingsMatchFullyFlattenedOnesByteForByte() {
        var g = Generator(state: 19)
        var culled = 0, differing: [Int] = []
        for i in 0..<500 {
            let path = Self.wanderingPath(&g)
            let seed = g.next()
            let with = Self.draw(path, seed: seed, culling: true)
            let without = Self.draw(path, seed: seed, culling: false)
            culled += with.culled
            #expect(without.culled == 0)
            if with.pixels != without.pixels { differing.append(i) }
        }
        #expect(differing.isEmpty, "cases \(differing) differ")
        // The cases exercise culling: a good share of their curves lie outside.
        #expect(culled > 300, "\(culled) curves culled")
    }
}
