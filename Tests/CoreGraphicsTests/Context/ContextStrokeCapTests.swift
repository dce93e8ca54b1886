@testable import CoreGraphics
import LaminaRaster
import Testing

/// Caps of curved subpath ends are square to the curve's tangent, not to the last chord of its
/// flattening: seed 001's sketch strokes are one subpath per cubic, meeting with a shared
/// tangent, stroked with UIBezierPath's default butt caps. Square to the chords, each pair of
/// butt ends opened a sliver of a wedge, a faint light line across the stroke at every joint.
@Suite struct ContextStrokeCapTests {
    /// Two cubic subpaths meeting at (50, 30), both with direction (3, 2) there.
    static func meetingCurves() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10, y: 60))
        p.addCurve(to: CGPoint(x: 50, y: 30), control1: CGPoint(x: 12, y: 20), control2: CGPoint(x: 35, y: 20))
        p.move(to: CGPoint(x: 50, y: 30))
        p.addCurve(to: CGPoint(x: 90, y: 60), control1: CGPoint(x: 65, y: 40), control2: CGPoint(x: 92, y: 75))
        return p
    }

    /// The alpha of the stroke across the meeting point, from −h to h along the normal.
    static func acrossTheJoint(cap: CGLineCap, h: Double) throws -> [UInt8] {
        let c = try #require(CGContext.makeLayerContext(width: 100, height: 80, scale: 1))
        c.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.setLineWidth(8)
        c.setLineCap(cap)
        c.addPath(meetingCurves())
        c.strokePath()
        let image = try #require(c.makeImage()).premultipliedRGBA8
        // Unit normal of (3, 2); sample every 0.25 px (pixel centres nearest to each point).
        let l = (13.0).squareRoot(), nx = -2 / l, ny = 3 / l
        return stride(from: -h, through: h, by: 0.25).map { s in
            image[Int((50 + nx * s).rounded(.down)), Int((30 + ny * s).rounded(.down))].a
        }
    }

    @Test func buttEndsOfTangentSubpathsLeaveNoGap() throws {
        let alphas = try Self.acrossTheJoint(cap: .butt, h: 2.75)
        #expect(alphas.allSatisfy { $0 == 255 }, "\(alphas)")
    }

    @Test func roundAndSquareEndsCoverTheJointToo() throws {
        for cap in [CGLineCap.round, .square] {
            let alphas = try Self.acrossTheJoint(cap: cap, h: 2.75)
            #expect(alphas.allSatisfy { $0 == 255 }, "\(cap): \(alphas)")
        }
    }

    /// A cap square to the tangent only where the tangent is near the end chord: a curve that
    /// leaves its start almost backwards and turns at once keeps its chord-square cap.
    @Test func capDirectionFallsBackToTheChord() {
        let chord = CGVector(dx: 1, dy: 0)
        let near = PathStroker.capDirection(CGVector(dx: 10, dy: 1), chord: chord)
        #expect(abs(near.dx - 10 / (101.0).squareRoot()) < 1e-12 && abs(near.dy - 1 / (101.0).squareRoot()) < 1e-12)
        #expect(PathStroker.capDirection(CGVector(dx: -1, dy: 0.2), chord: chord) == chord)
        #expect(PathStroker.capDirection(nil, chord: chord) == chord)
        #expect(PathStroker.capDirection(CGVector(dx: 0, dy: 0), chord: chord) == chord)
        #expect(PathStroker.capDirection(CGVector(dx: CGFloat.nan, dy: 1), chord: chord) == chord)
    }
}
