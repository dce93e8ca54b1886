// Shape-layer stroke outlines made with the compositor's reused stroker buffers
// (`StrokeScratchPool`, `LayerPieces.strokeOutline(scratch:)`) are the outlines made with
// fresh buffers, and a compositor shared by threads draws what a fresh one draws.
import CoreGraphics
import Foundation
import Synchronization
import LaminaRaster
import Testing
@testable import LaminaCompositor

@Suite struct StrokeScratchReuseTests {
    /// Random stroked shapes: lines, quads and cubics, open and closed, dots; widths from
    /// hairline to wide; every cap and join; some dashed, some trimmed.
    static func shapes(count: Int, seed: UInt64) -> [ShapeContent] {
        var rng = Seeded(seed)
        func pt() -> CGPoint { CGPoint(x: rng.unit() * 90 - 5, y: rng.unit() * 90 - 5) }
        let caps: [CGLineCap] = [.butt, .round, .square], joins: [CGLineJoin] = [.miter, .round, .bevel]
        return (0..<count).map { i in
            let p = CGMutablePath()
            p.move(to: pt())
            for _ in 0..<(1 + i % 6) {
                switch Int(rng.unit() * 3) {
                case 0: p.addLine(to: pt())
                case 1: p.addQuadCurve(to: pt(), control: pt())
                default: p.addCurve(to: pt(), control1: pt(), control2: pt())
                }
            }
            if i % 3 == 0 { p.closeSubpath() }
            if i % 7 == 0 { p.move(to: pt()); p.addLine(to: p.currentPoint) } // a dot
            let width = [0.3, 1, 4, 17, 45][i % 5] * (0.5 + rng.unit())
            return ShapeContent(path: p, fillColor: nil, strokeColor: RT.color(0.2, 0.4, 0.8, 0.9), lineWidth: width,
                                lineCap: caps[i % 3], lineJoin: joins[(i / 3) % 3], miterLimit: [10, 1.5, 4][i % 3],
                                lineDashPhase: rng.unit() * 5, lineDashPattern: i % 4 == 1 ? [6, 3 + rng.unit() * 4] : nil,
                                strokeStart: i % 5 == 2 ? 0.2 : 0, strokeEnd: i % 5 == 2 ? 0.85 : 1)
        }
    }

    @Test func sharedScratchGivesTheSameOutlines() {
        let scratch = StrokeScratch()
        for (i, s) in Self.shapes(count: 80, seed: 5).enumerated() {
            let t = CGAffineTransform(rotationAngle: Double(i) * 0.37).scaledBy(x: [0.5, 1, 3.5][i % 3], y: [1, 2][i % 2])
            let fresh = LayerPieces.strokeOutline(s, path: s.path!, transform: t)
            let reused = LayerPieces.strokeOutline(s, path: s.path!, transform: t, scratch: scratch)
            #expect(fresh != nil && reused == fresh, "shape \(i)")
        }
    }

    /// 30 overlapping stroked shape layers in a 200-point root.
    static func tree() -> RenderTree {
        var nodes = [RT.root(200, children: (1...30).map { UInt64($0) })]
        for (i, s) in shapes(count: 30, seed: 11).enumerated() {
            var n = RT.layer(UInt64(i + 1), frame: CGRect(x: Double(i % 6) * 30, y: Double(i / 6) * 35, width: 90, height: 90))
            n.kind = .shape(s)
            nodes.append(n)
        }
        return RT.tree(nodes)
    }

    @Test func compositorSharedByThreadsDrawsTheSamePixels() throws {
        let tree = Self.tree()
        let expected = try Compositor().render(tree: tree, width: 200, height: 200).bytes()
        #expect(expected.contains { $0 != 0 })
        let shared = Compositor()
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            for _ in 0..<3 {
                let bytes = (try? shared.render(tree: tree, width: 200, height: 200).bytes()) ?? []
                if bytes != expected { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect((1...StrokeScratchPool.maxIdle).contains(shared.strokeScratches.idleCount))
    }

    @Test func poolLendsEachCallerItsOwnScratchAndKeepsIt() {
        let pool = StrokeScratchPool()
        var outer: StrokeScratch?
        pool.lend { a in
            outer = a
            pool.lend { b in #expect(a !== b) } // held: a nested (or concurrent) caller gets another
        }
        #expect(pool.idleCount == 2)
        pool.lend { #expect($0 === outer) } // kept between frames
        var held: [StrokeScratch] = []
        func nest(_ depth: Int) { pool.lend { s in held.append(s); if depth > 0 { nest(depth - 1) } } }
        nest(StrokeScratchPool.maxIdle + 3)
        #expect(Set(held.map(ObjectIdentifier.init)).count == held.count)
        #expect(pool.idleCount == StrokeScratchPool.maxIdle) // the rest freed
    }
}

/// Deterministic numbers in [0, 1) (64-bit LCG).
private struct Seeded {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
}
