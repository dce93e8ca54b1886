import CoreGraphics
import Foundation
import LaminaRaster

/// Per-worker raster state: a rasterizer and blit scratch, reused frame after frame, so a
/// steady-state frame does not allocate them. One per worker of the pool (not thread-safe).
final class WorkerTools {
    let rasterizer = PolygonRasterizer()
    let scratch = ScanlineScratch(width: BenchScenes.width)
    /// The stroker's working arrays (S4).
    let strokeScratch = StrokeScratch()
}

/// One benchmark scene rendered straight on LaminaRaster (no CGContext in between, so the
/// numbers are the raster engine's). `prepare` holds everything the peers also do outside their
/// timed region (image decode, path construction); `render` is the timed frame.
///
/// Threading: `render` receives a pool; every scene renders horizontal bands (rows clipped
/// to the band), so the bytes do not depend on the thread count or band height.
protocol BenchScene: AnyObject {
    var name: String { get }
    /// The colour the frame is reset to before each (timed) render — not timed.
    var background: PremultipliedRGBA8 { get }
    func render(into surface: Surface, pool: WorkerPool, tools: [WorkerTools], bandHeight: Int)
}

extension BenchScene {
    /// The band of rows `rows` as a clip rect across the whole surface.
    func band(_ surface: Surface, _ rows: Range<Int>) -> PixelRect {
        PixelRect(x0: 0, y0: rows.lowerBound, x1: surface.width, y1: rows.upperBound)
    }
}

private let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
private let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)

/// A straight 8-bit colour at 8-bit alpha, premultiplied with rounding to nearest (as Skia's
/// SkPreMultiplyARGB does: c·a/255 rounded).
func premultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, alpha a: UInt8) -> PremultipliedRGBA8 {
    func m(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * UInt32(a) + 127) / 255) }
    return PremultipliedRGBA8(r: m(r), g: m(g), b: m(b), a: a)
}

// MARK: S1

/// S1: rotated anti-aliased rounded rects. The rounded rect is flattened once in its own
/// space (corner arcs within 0.05 px) and mapped per rect and frame, then filled by the
/// exact-area polygon rasterizer with a solid source-over blitter.
final class SceneS1: BenchScene {
    let name = "S1"
    let background = white
    private let rects = BenchScenes.s1()
    private let colors: [PremultipliedRGBA8]
    /// The outline centred on the origin (x right, y down).
    private let local: [(x: Double, y: Double)]
    /// Distance of the farthest outline point from the centre (culling per band).
    private let reach: Double

    init() {
        colors = rects.map { premultiplied($0.r, $0.g, $0.b, alpha: BenchScenes.s1Alpha) }
        let (w, h, r) = BenchScenes.s1Size
        // Chord error r·(1 − cos(π/4/n)) with n = 9 chords per quarter: 12·(1 − cos(π/36)) ≈ 0.046 px
        // (12 chords cost 3% more instructions and moved no pixel closer to the peers' renders).
        let n = 9
        var pts: [(x: Double, y: Double)] = []
        let corners: [(Double, Double, Double)] = [(w / 2 - r, -h / 2 + r, -Double.pi / 2), (w / 2 - r, h / 2 - r, 0),
                                                   (-w / 2 + r, h / 2 - r, Double.pi / 2), (-w / 2 + r, -h / 2 + r, Double.pi)]
        for (cx, cy, a0) in corners {
            for i in 0...n {
                let a = a0 + Double(i) / Double(n) * Double.pi / 2
                pts.append((cx + r * cos(a), cy + r * sin(a)))
            }
        }
        local = pts
        reach = (w * w + h * h).squareRoot() / 2
    }

    func render(into surface: Surface, pool: WorkerPool, tools: [WorkerTools], bandHeight: Int) {
        pool.forEachBand(height: surface.height, bandHeight: bandHeight) { rows, worker in
            let t = tools[worker]
            let clip = band(surface, rows)
            var polygon = Polygon([[RasterPoint]](repeating: [], count: 1))
            polygon.subpaths[0].reserveCapacity(local.count)
            for (k, rr) in rects.enumerated() {
                if rr.cy + reach < Double(rows.lowerBound) || rr.cy - reach > Double(rows.upperBound) { continue }
                let c = cos(rr.angle), s = sin(rr.angle)
                polygon.subpaths[0].removeAll(keepingCapacity: true)
                for p in local {
                    polygon.subpaths[0].append(RasterPoint(rr.cx + p.x * c - p.y * s, rr.cy + p.x * s + p.y * c))
                }
                var blitter = Blitter(surface: surface, paint: .solid(colors[k]), scratch: t.scratch)
                t.rasterizer.fill(polygon, rule: .nonZero, clip: clip, into: &blitter)
            }
        }
    }
}

// MARK: S2

/// S2: perspective image quads. Per quad and frame: the inverse homography, an
/// `ImageShader` (bilinear, clamp, `.interpolated` perspective: 2 divides per 16 columns), and
/// the projected quad filled with exact-area coverage.
final class SceneS2: BenchScene {
    let name = "S2"
    let background = white
    private let image: SampledImage
    private let quads: [(forward: PaintProjective, corners: [RasterPoint])]
    /// `.interpolated` (2 divides per 16 columns) unless LAMINA_S2_EXACT is set.
    private let perspective: PerspectiveSampling =
        ProcessInfo.processInfo.environment["LAMINA_S2_EXACT"] != nil ? .exact : .interpolated

    init() throws {
        let n = BenchScenes.s2ImageSize
        let surface = try Surface(width: n, height: n)
        let bytes = BenchScenes.s2ImageRGBA()
        bytes.withUnsafeBufferPointer { b in
            for y in 0..<n { surface.row(y).update(from: b.baseAddress! + y * n * 4, count: n * 4) }
        }
        image = SampledImage(surface)
        let size = Double(n)
        quads = BenchScenes.s2().compactMap { q in
            guard let h = PaintProjective(rowMajor: q.h) else { return nil }
            // Every S2 quad has w > 0 at its corners (|θ| ≤ 60°, d = 1000): no w-clipping needed.
            let corners = [(0.0, 0.0), (size, 0.0), (size, size), (0.0, size)].compactMap { h.apply($0.0, $0.1) }
            guard corners.count == 4 else { return nil }
            return (h, corners.map { RasterPoint($0.x, $0.y) })
        }
    }

    func render(into surface: Surface, pool: WorkerPool, tools: [WorkerTools], bandHeight: Int) {
        pool.forEachBand(height: surface.height, bandHeight: bandHeight) { rows, worker in
            let t = tools[worker]
            let clip = band(surface, rows)
            for q in quads {
                let ys = q.corners.map(\.y)
                if ys.max()! < Double(rows.lowerBound) || ys.min()! > Double(rows.upperBound) { continue }
                guard let inverse = q.forward.inverted() else { continue }
                let shader = ImageShader(image: image, inverse: inverse, filter: .bilinear, edge: .clamp,
                                         perspective: perspective)
                var blitter = Blitter(surface: surface, paint: .shader(shader), scratch: t.scratch)
                t.rasterizer.fillQuad(q.corners[0], q.corners[1], q.corners[2], q.corners[3], clip: clip, into: &blitter)
            }
        }
    }
}

// MARK: S3

/// S3: rects with blurred shadows. The shadow is the analytic blurred rect
/// (`BlurredRoundedRect`, radius 0, sigma 5) built per rect and frame and painted over its
/// bounds; the rect itself is an exact-area analytic fill.
final class SceneS3: BenchScene {
    let name = "S3"
    let background = white
    private let rects = BenchScenes.s3()
    private let colors: [PremultipliedRGBA8]
    private let shadowColor = premultiplied(0, 0, 0, alpha: BenchScenes.s3Shadow.alpha).packed

    init() { colors = rects.map { premultiplied($0.r, $0.g, $0.b, alpha: 255) } }

    func render(into surface: Surface, pool: WorkerPool, tools: [WorkerTools], bandHeight: Int) {
        let (w, h) = BenchScenes.s3Size
        let sh = BenchScenes.s3Shadow
        let reach = 3 * sh.sigma + 2
        pool.forEachBand(height: surface.height, bandHeight: bandHeight) { rows, worker in
            let t = tools[worker]
            let clip = band(surface, rows)
            for (k, r) in rects.enumerated() {
                let sy0 = r.y + sh.dy, sy1 = r.y + sh.dy + h
                if min(r.y, sy0) - reach > Double(rows.upperBound) || max(r.y + h, sy1) + reach < Double(rows.lowerBound) { continue }
                // Tables only for this band's rows: the shadow's coverage at a pixel does not
                // depend on the clip, so bands agree with the whole frame.
                let shadow = BlurredRoundedRect(x0: r.x + sh.dx, y0: sy0, x1: r.x + sh.dx + w, y1: sy1,
                                                cornerRadius: 0, sigma: sh.sigma, clip: clip)
                if shadow.boundsWidth > 0 && shadow.boundsHeight > 0 {
                    var blitter = Blitter(surface: surface, paint: .shader(shadow.shader(color: shadowColor)), scratch: t.scratch)
                    for y in shadow.boundsY..<(shadow.boundsY + shadow.boundsHeight) {
                        blitter.blendRun(y: y, x: shadow.boundsX, count: shadow.boundsWidth, coverage: 255)
                    }
                }
                var solid = Blitter(surface: surface, paint: .solid(colors[k]), scratch: t.scratch)
                AnalyticCoverage.fillRect(x0: r.x, y0: r.y, x1: r.x + w, y1: r.y + h, clip: clip, into: &solid)
            }
        }
    }
}

// MARK: S4

/// S4: stroked cubics. Per curve and frame: CoreGraphics' stroker makes the outline
/// (width 6, round caps and joins, flattened within 0.1 px), which the polygon rasterizer
/// fills non-zero with a solid source-over blitter. Outlines are built first (spread over
/// the workers), then filled band by band.
final class SceneS4: BenchScene {
    let name = "S4"
    let background = white
    private let paths: [CGPath]
    private let colors: [PremultipliedRGBA8]
    /// Filled per frame (worker-disjoint slots): the outline polygon and its bounds.
    private let polygons: UnsafeMutableBufferPointer<Polygon>
    private let bounds: UnsafeMutableBufferPointer<(minX: Double, minY: Double, maxX: Double, maxY: Double)?>
    /// One thread, one band: each outline in turn (see `render`).
    private let flat = FlatPolygon()
    /// Flattening tolerance in px for the curve and the round caps/joins (Cairo's default; 0.2
    /// measurably moved the render away from Blend2D's and Cairo's on the pixel comparison).
    static let tolerance = 0.1

    init() {
        let curves = BenchScenes.s4()
        paths = curves.map { c in
            let p = CGMutablePath()
            p.move(to: CGPoint(x: c.p[0].x, y: c.p[0].y))
            p.addCurve(to: CGPoint(x: c.p[3].x, y: c.p[3].y), control1: CGPoint(x: c.p[1].x, y: c.p[1].y),
                       control2: CGPoint(x: c.p[2].x, y: c.p[2].y))
            return p
        }
        colors = curves.map { premultiplied($0.r, $0.g, $0.b, alpha: BenchScenes.s4Alpha) }
        polygons = .allocate(capacity: curves.count)
        _ = polygons.initialize(from: repeatElement(Polygon(), count: curves.count))
        bounds = .allocate(capacity: curves.count)
        _ = bounds.initialize(from: repeatElement(nil, count: curves.count))
    }

    deinit {
        polygons.baseAddress!.deinitialize(count: polygons.count)
        polygons.deallocate()
        bounds.deallocate()
    }

    func render(into surface: Surface, pool: WorkerPool, tools: [WorkerTools], bandHeight: Int) {
        let n = paths.count
        let polygons = self.polygons, bounds = self.bounds
        if pool.workerCount == 1 && bandHeight >= surface.height {
            // One thread, one band: each outline is filled as soon as it is built, while its
            // points are still in cache (a CGContext's strokePath does the same).
            // The outline goes into one reused flat buffer, read by the rasterizer in place.
            let t = tools[0], clip = band(surface, 0..<surface.height)
            for i in 0..<n {
                var builder = FlatOutlineBuilder(into: flat)
                paths[i].strokeOutline(width: BenchScenes.s4Width, lineCap: .round, lineJoin: .round, miterLimit: 10,
                                       tolerance: Self.tolerance, into: &builder, scratch: t.strokeScratch)
                guard let b = builder.bounds else { continue }
                var blitter = Blitter(surface: surface, paint: .solid(colors[i]), scratch: t.scratch)
                t.rasterizer.fill(flat, bounds: b, rule: .nonZero, clip: clip, into: &blitter)
            }
            return
        }
        pool.forEachBand(height: n, bandHeight: pool.workerCount == 1 ? n : 50) { items, worker in
            let strokeScratch = tools[worker].strokeScratch
            for i in items {
                // The outline's polygons go straight into this curve's rasterizer polygon,
                // reusing the point arrays of its previous frame (no CGPath in between).
                var builder = OutlinePolygonBuilder(reusing: polygons[i])
                polygons[i] = Polygon()
                paths[i].strokeOutline(width: BenchScenes.s4Width, lineCap: .round, lineJoin: .round, miterLimit: 10,
                                       tolerance: Self.tolerance, into: &builder, scratch: strokeScratch)
                polygons[i] = builder.finish()
                bounds[i] = builder.bounds
            }
        }
        pool.forEachBand(height: surface.height, bandHeight: bandHeight) { rows, worker in
            let t = tools[worker]
            let clip = band(surface, rows)
            for i in 0..<n {
                guard let b = bounds[i], b.maxY >= Double(rows.lowerBound), b.minY <= Double(rows.upperBound) else { continue }
                var blitter = Blitter(surface: surface, paint: .solid(colors[i]), scratch: t.scratch)
                t.rasterizer.fill(polygons[i], bounds: b, rule: .nonZero, clip: clip, into: &blitter)
            }
        }
    }
}

// MARK: S5

/// S5: eight full-frame opaque layers composited at opacity 128/255 onto black.
final class SceneS5: BenchScene {
    let name = "S5"
    let background = black
    private let layers: [Surface]

    init() throws {
        layers = try (0..<BenchScenes.s5Layers).map { k in
            let s = try Surface(width: BenchScenes.width, height: BenchScenes.height)
            BenchScenes.s5Layer(k) { s.row32($0) }
            return s
        }
    }

    func render(into surface: Surface, pool: WorkerPool, tools: [WorkerTools], bandHeight: Int) {
        pool.forEachBand(height: surface.height, bandHeight: bandHeight) { rows, _ in
            let clip = band(surface, rows)
            for layer in layers { surface.composite(layer, dx: 0, dy: 0, alpha: BenchScenes.s5Alpha, clip: clip) }
        }
    }
}
