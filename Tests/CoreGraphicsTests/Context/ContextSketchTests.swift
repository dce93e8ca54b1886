import CoreGraphics
import LaminaRaster
import Testing
import _LaminaTestSupport

/// Seed 001's sketch canvas (CanvasView) on our CGContext: touches are smoothed into cubic
/// Béziers five points at a time, and each finished stroke is accumulated into a bitmap
/// (`incrementalImage`), which the next stroke draws first.
///
/// The seed's logic, kept as written there: the first touch is pts[0]; each move appends a
/// point; at the fifth point pts[3] becomes the midpoint of pts[2] and pts[4], the path gets
/// move(pts[0]) + curve(to: pts[3], control1: pts[1], control2: pts[2]), and the window slides
/// (pts[0] = pts[3], pts[1] = pts[4]). On touch end the path is stroked in blue, width 6, into
/// a fresh image context (UIKit space: y down, scale 1) over the previous image.
struct SketchCanvas {
    let width: Int, height: Int
    private(set) var incrementalImage: CGImage?
    private var path = CGMutablePath()
    private var pts = [CGPoint](repeating: .zero, count: 5)
    private var ctr = 0

    init(width: Int, height: Int) { self.width = width; self.height = height }

    mutating func touchesBegan(_ p: CGPoint) {
        ctr = 0
        pts[0] = p
    }

    mutating func touchesMoved(_ p: CGPoint) {
        ctr += 1
        pts[ctr] = p
        if ctr == 4 {
            pts[3] = CGPoint(x: (pts[2].x + pts[4].x) / 2, y: (pts[2].y + pts[4].y) / 2)
            path.move(to: pts[0])
            path.addCurve(to: pts[3], control1: pts[1], control2: pts[2])
            pts[0] = pts[3]
            pts[1] = pts[4]
            ctr = 1
        }
    }

    mutating func touchesEnded() {
        drawBitmap()
        path = CGMutablePath()
        ctr = 0
    }

    /// UIGraphicsBeginImageContext + drawAtPoint + stroke + UIGraphicsGetImageFromCurrentImageContext.
    private mutating func drawBitmap() {
        guard let c = CGContext.makeLayerContext(width: width, height: height, scale: 1) else { return }
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        if let image = incrementalImage {
            // UIImage.draw(at:) draws upright in a flipped context: flip around the rect.
            c.saveGState()
            c.translateBy(x: 0, y: bounds.height)
            c.scaleBy(x: 1, y: -1)
            c.draw(image, in: bounds)
            c.restoreGState()
        } else {
            c.setFillColor(CGColor.clear)
            c.fill(bounds)
        }
        c.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1) // UIColor.blueColor
        c.setLineWidth(6)
        c.setLineCap(.round)
        c.setLineJoin(.round)
        c.addPath(path)
        c.strokePath()
        incrementalImage = c.makeImage()
    }

    mutating func stroke(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        touchesBegan(first)
        for p in points.dropFirst() { touchesMoved(p) }
        touchesEnded()
    }
}

@Suite("CGContext draws seed 001's sketch canvas")
struct ContextSketchTests {
    static let first = [CGPoint(x: 10, y: 40), CGPoint(x: 25, y: 15), CGPoint(x: 45, y: 10),
                        CGPoint(x: 60, y: 30), CGPoint(x: 80, y: 50)]
    static let second = [CGPoint(x: 8, y: 58), CGPoint(x: 20, y: 50), CGPoint(x: 34, y: 56), CGPoint(x: 46, y: 48),
                         CGPoint(x: 58, y: 56), CGPoint(x: 70, y: 46), CGPoint(x: 80, y: 56), CGPoint(x: 88, y: 40),
                         CGPoint(x: 90, y: 20)]

    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)

    @Test func fivePointStrokeIsOneSmoothCurve() throws {
        var canvas = SketchCanvas(width: 96, height: 64)
        canvas.stroke(ContextSketchTests.first)
        let image = try #require(canvas.incrementalImage).premultipliedRGBA8
        // UIKit space = image pixel space (y down, scale 1).
        #expect(image[10, 40] == ContextSketchTests.blue, "start point (round cap)")
        #expect(image[62, 30] == ContextSketchTests.blue, "end: the midpoint of points 2 and 4")
        #expect(image[78, 49] == .transparent, "the seed does not draw past the last midpoint")
        #expect(image[40, 40] == .transparent)
        // The curve passes near its midpoint B(½) = (p0 + 3c1 + 3c2 + p3) / 8.
        let mid = CGPoint(x: (10 + 3 * 25 + 3 * 45 + 62.5) / 8, y: (40 + 3 * 15 + 3 * 10 + 30) / 8)
        #expect(image[Int(mid.x), Int(mid.y)] == ContextSketchTests.blue)
        // Round caps: the stroke is 6 px wide, so 4 px left of the start is outside.
        #expect(image[5, 40].a < 64)
    }

    @Test func strokesAccumulateIntoTheBitmap() throws {
        var canvas = SketchCanvas(width: 96, height: 64)
        canvas.stroke(ContextSketchTests.first)
        let one = try #require(canvas.incrementalImage).premultipliedRGBA8
        canvas.stroke(ContextSketchTests.second)
        let two = try #require(canvas.incrementalImage).premultipliedRGBA8
        // The first stroke survives the round trip through the image, upright and unchanged.
        var same = true
        for y in 0..<40 { for x in 0..<96 where one[x, y] != two[x, y] { same = false } }
        #expect(same, "rows above the second stroke are identical")
        #expect(two[10, 40] == ContextSketchTests.blue)
        #expect(two[8, 58] == ContextSketchTests.blue, "second stroke start")
        let result = GoldenImage.compare(actual: two, goldenPath: GoldenImage.path("sketch.png"), tolerance: 1)
        #expect(result.passed, "\(result)")
    }
}
