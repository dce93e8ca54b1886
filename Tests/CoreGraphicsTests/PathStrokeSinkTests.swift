import Testing
import CoreGraphics
import LaminaRaster

/// The stroker's polygon sink and scratch reuse (used by fast renderers such as the S4 bench)
/// must give exactly the polygons of the CGPath route: same points, same order, bit for bit.
@Suite struct PathStrokeSinkTests {
    /// The CGPath outline read back as polygons, as a renderer flattening it would: a subpath
    /// starts at its first segment, a close adds no point.
    static func polygons(of path: CGPath) -> [[RasterPoint]] {
        var out: [[RasterPoint]] = []
        var start = CGPoint.zero, started = false, k = 0
        let points = path.storage.points
        for verb in path.storage.verbs {
            switch verb {
            case .move: start = points[k]; k += 1; started = false
            case .line:
                if !started { out.append([RasterPoint(start.x, start.y)]); started = true }
                out[out.count - 1].append(RasterPoint(points[k].x, points[k].y)); k += 1
            case .close: started = false
            case .quad, .cubic: Issue.record("stroke outlines are polygons")
            }
        }
        return out
    }

    /// Random paths: cubics, quads and lines, open and closed, some with repeated points.
    static func randomPaths(count: Int, seed: UInt64) -> [CGPath] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        func pt() -> CGPoint { CGPoint(x: next() * 400 - 50, y: next() * 300 - 50) }
        return (0..<count).map { i in
            let p = CGMutablePath()
            p.move(to: pt())
            for _ in 0..<(1 + i % 4) {
                switch Int(next() * 4) {
                case 0: p.addLine(to: pt())
                case 1: p.addQuadCurve(to: pt(), control: pt())
                case 2: let q = pt(); p.addLine(to: q); p.addLine(to: q) // a zero-length segment
                default: p.addCurve(to: pt(), control1: pt(), control2: pt())
                }
            }
            if i % 3 == 0 { p.closeSubpath() }
            if i % 5 == 0 { p.move(to: pt()); p.addCurve(to: pt(), control1: pt(), control2: pt()) }
            if i % 7 == 0 { p.move(to: pt()); p.addLine(to: p.currentPoint) } // a dot
            return p
        }
    }

    @Test func builderGivesThePathsPolygonsBitForBit() {
        let scratch = StrokeScratch()
        var reused = Polygon()
        let styles: [(CGFloat, CGLineCap, CGLineJoin)] = [(6, .round, .round), (1.5, .butt, .miter), (12, .square, .bevel),
                                                          (40, .round, .miter), (0.3, .round, .round)]
        for (n, path) in Self.randomPaths(count: 60, seed: 42).enumerated() {
            let (w, cap, join) = styles[n % styles.count]
            let tolerance: CGFloat = n % 2 == 0 ? 0.1 : 0.02
            let viaPath = Self.polygons(of: path.strokeOutline(width: w, lineCap: cap, lineJoin: join, miterLimit: 10,
                                                               tolerance: tolerance))
            // With a scratch reused from the previous paths, and into a polygon reused too.
            var builder = OutlinePolygonBuilder(reusing: reused)
            reused = Polygon()
            path.strokeOutline(width: w, lineCap: cap, lineJoin: join, miterLimit: 10, tolerance: tolerance,
                               into: &builder, scratch: scratch)
            reused = builder.finish()
            #expect(reused.subpaths == viaPath, "path \(n)")
            let ys = viaPath.joined().map(\.y)
            #expect(builder.minY == (ys.min() ?? .infinity) && builder.maxY == (ys.max() ?? -.infinity), "path \(n)")
            // The tracked bounds are exactly the rasterizer's (it skips its own pass with them).
            let b = builder.bounds, r = reused.bounds
            #expect(b?.minX == r?.minX && b?.minY == r?.minY && b?.maxX == r?.maxX && b?.maxY == r?.maxY, "path \(n)")
            // And without a scratch.
            var fresh = OutlinePolygonBuilder()
            path.strokeOutline(width: w, lineCap: cap, lineJoin: join, miterLimit: 10, tolerance: tolerance, into: &fresh)
            #expect(fresh.finish().subpaths == viaPath, "path \(n)")
        }
    }

    /// The CGPath outline with a scratch reused from path to path (large strokes among small
    /// ones, so buffers come back grown) is the outline made without one, element for element.
    @Test func pathOutlineWithAReusedScratchIsTheSame() {
        let scratch = StrokeScratch()
        let styles: [(CGFloat, CGLineCap, CGLineJoin)] = [(60, .round, .round), (1.5, .butt, .miter), (12, .square, .bevel),
                                                          (0.3, .round, .miter)]
        for (n, path) in Self.randomPaths(count: 60, seed: 9).enumerated() {
            let (w, cap, join) = styles[n % styles.count]
            let fresh = path.strokeOutline(width: w, lineCap: cap, lineJoin: join, miterLimit: 4, tolerance: 0.05)
            let reused = path.strokeOutline(width: w, lineCap: cap, lineJoin: join, miterLimit: 4, tolerance: 0.05,
                                            scratch: scratch)
            #expect(reused == fresh, "path \(n)")
        }
    }

    @Test func badWidthsGiveNothing() {
        let path = Self.randomPaths(count: 1, seed: 7)[0]
        for w in [0, -1, CGFloat.nan, .infinity] {
            var builder = OutlinePolygonBuilder()
            path.strokeOutline(width: w, lineCap: .round, lineJoin: .round, miterLimit: 10, tolerance: 0.1, into: &builder)
            #expect(builder.bounds == nil)
            #expect(builder.finish().subpaths.isEmpty)
        }
    }
}
