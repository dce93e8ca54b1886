import CoreGraphics

/// The stroke smoothing of seed 001's `CanvasView`: every four new touch points become one
/// cubic Bézier segment whose end point is moved to the midpoint between the third and the
/// fifth point, so consecutive segments share a tangent and the stroke has no corners.
///
/// Points are in the canvas's coordinate space (points, origin top-left, y down). A class
/// because it owns the growing mutable path. Feed it points with `begin`/`move`, read `path`
/// while the stroke is live (what `drawRect:` strokes), and `end` returns the finished
/// stroke's path (what `drawBitmap` burns into the incremental image).
package final class SketchSmoother {
    /// The pending points: `pts[0]` is where the next segment starts.
    private var pts = [CGPoint](repeating: .zero, count: 5)
    private var count = 0
    /// The segments of the stroke so far.
    package private(set) var path = CGMutablePath()

    package init() {}

    /// `touchesBegan`: the stroke starts at `p`.
    package func begin(at p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return }
        count = 0
        pts[0] = p
    }

    /// `touchesMoved`: adds `p`; every fourth point completes a segment. Non-finite points
    /// (a broken input device) are ignored rather than poisoning the path.
    package func move(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return }
        count += 1
        pts[count] = p
        guard count == 4 else { return }
        // Move the end point to the middle of the line joining the second control point of
        // this segment and the first control point of the next one (seed 001).
        pts[3] = CGPoint(x: (pts[2].x + pts[4].x) / 2, y: (pts[2].y + pts[4].y) / 2)
        path.move(to: pts[0])
        path.addCurve(to: pts[3], control1: pts[1], control2: pts[2])
        pts[0] = pts[3]
        pts[1] = pts[4]
        count = 1
    }

    /// `touchesEnded`: returns the finished stroke and starts afresh. As in the seed, the
    /// last one to three points that did not complete a segment are dropped.
    package func end() -> CGPath {
        let finished = path.copy() ?? CGMutablePath()
        path = CGMutablePath()
        count = 0
        return finished
    }
}
