// Long paths are processed in linear (or n log n) work: dashing a 100,000-segment polyline
// looks at each segment a bounded number of times. Each dash used to walk its subpath from
// the start to find where it begins (dashes × segments: a 1M-segment dashed path took tens of
// seconds). Counted through the `work:` probes, not timed.
import CoreGraphics
import Foundation
import Testing

@Suite struct PathScaleTests {
    /// A polyline of `n` segments about one unit long, wandering up and down.
    static func polyline(_ n: Int) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        for i in 1...n { path.addLine(to: CGPoint(x: Double(i) * 0.8, y: 40 * sin(Double(i) * 0.01))) }
        return path
    }

    @Test func dashingALongPolylineIsLinear() {
        let n = 100_000
        let path = Self.polyline(n)
        var work = 0
        let dashed = path.copy(dashingWithPhase: 1, lengths: [4, 2], transform: .identity, work: &work)
        var moves = 0, lines = 0
        dashed.applyWithBlock { e in
            switch e.pointee.type {
            case .moveToPoint: moves += 1
            case .addLineToPoint: lines += 1
            default: break
            }
        }
        // About 80,000 units of length in periods of 6: some 13,000 dashes, each a few lines.
        #expect(moves > 12_000 && moves < 16_000, "\(moves) dashes")
        #expect(lines >= n * 4 / 6 - moves)
        #expect(work <= 5 * n, "\(work) segment visits for \(n) segments and \(moves) dashes")
        // The same dashes as the public entry point.
        #expect(path.copy(dashingWithPhase: 1, lengths: [4, 2]) == dashed)
    }

    @Test func dashesOfAClosedPolylineRunOverItsStart() {
        // A closed 1,000-gon with a dash running over the start point stays one subpath there.
        let path = CGMutablePath()
        let n = 1_000
        for i in 0..<n {
            let a = Double(i) / Double(n) * 2 * .pi
            let p = CGPoint(x: 100 * cos(a), y: 100 * sin(a))
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        var work = 0
        let length = 2 * Double.pi * 100 * 0.99999   // the polygon's perimeter, about
        let dashed = path.copy(dashingWithPhase: 3, lengths: [5, 5], transform: .identity, work: &work)
        var moves = 0
        dashed.applyWithBlock { if $0.pointee.type == .moveToPoint { moves += 1 } }
        #expect(abs(Double(moves) - length / 10) <= 2)
        #expect(work <= 4 * n)
    }
}
