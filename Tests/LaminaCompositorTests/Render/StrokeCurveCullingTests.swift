// The compositor strokes a shape layer's path while preparing the frame; it now passes the
// frame's visible pixels, so curves whose stroke cannot reach them are stroked as their
// chords (`CurveCulling`, as CGContext strokes do). A stroke blown up to 1e290 by a layer
// transform (an animation's values, a spring's overshoot) used to flatten every curve to the
// flattener's 65,536-chord cap. Work is counted (`culledStrokeCurves`, the outline's size),
// pixels compared byte for byte with culling turned off.
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

@Suite struct StrokeCurveCullingTests {
    /// A 64 × 64 root holding `shapes`, each a 100-point shape layer at the root's centre.
    static func tree(_ shapes: [(ShapeContent, CATransform3D, shadow: CGSize?)]) -> RenderTree {
        var nodes = [RT.root(64, children: shapes.indices.map { UInt64($0 + 1) })]
        for (i, (s, t, shadow)) in shapes.enumerated() {
            var n = RT.layer(UInt64(i + 1), frame: CGRect(x: -18, y: -18, width: 100, height: 100))
            n.kind = .shape(s)
            n.transform = t
            if let shadow {
                n.shadowOpacity = 1; n.shadowOffset = shadow; n.shadowRadius = 2; n.shadowColor = RT.black
            }
            nodes.append(n)
        }
        return RT.tree(nodes)
    }

    static func prepare(_ tree: RenderTree, culling: Bool, counter: CullCounter? = nil) -> DrawList {
        var preparer = FramePreparer(tree: tree, width: 64, height: 64, scale: 1)
        preparer.cullsStrokeCurves = culling
        preparer.culledStrokeCurves = counter
        return preparer.prepare()
    }

    static func render(_ tree: RenderTree, culling: Bool) throws -> [UInt8] {
        let surface = try Surface(width: 64, height: 64)
        try Compositor().execute(prepare(tree, culling: culling), into: surface)
        return surface.bytes()
    }

    /// Points of the stroke outlines in `list`.
    static func outlinePoints(_ list: DrawList) -> Int {
        var points = 0
        for case let .draw(item) in list.commands {
            if case let .shapeStroke(outline, _) = item.piece {
                outline.applyWithBlock { _ in points += 1 }
            }
        }
        return points
    }

    /// Eight cubic curves in the right part of a 100-point layer scaled by 1e290 about its
    /// centre: every curve lies some 2e291 pixels right of the 64-pixel frame, farther than
    /// the stroke's reach (half the width times the miter limit: 10 points) from it.
    @Test func strokeBlownUpOffTheFrameIsNotFlattened() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 70, y: 10))
        for k in 0..<8 {
            let y = 10 + CGFloat(k) * 10
            p.addCurve(to: CGPoint(x: 70, y: y + 10), control1: CGPoint(x: 95, y: y), control2: CGPoint(x: 95, y: y + 10))
        }
        let s = ShapeContent(path: p, fillColor: nil, strokeColor: RT.red, lineWidth: 2)
        let tree = Self.tree([(s, CATransform3DMakeScale(1e290, 1e290, 1), nil)])
        let counter = CullCounter()
        let list = Self.prepare(tree, culling: true, counter: counter)
        #expect(counter.culled == 8, "\(counter.culled)")
        let points = Self.outlinePoints(list)
        #expect(points > 0 && points < 200, "\(points) outline points")
    }

    /// A circle stroked wholly right of the frame casts its shadow into view: the curves stay
    /// curves (the cull box grows by the shadow's reach), so the shadow is a ring, not the
    /// square of its chords.
    @Test func strokeOffTheFrameStillCastsItsShadow() throws {
        let p = CGPath(ellipseIn: CGRect(x: 101, y: 38, width: 24, height: 24), transform: nil) // device x 83…107
        let s = ShapeContent(path: p, fillColor: nil, strokeColor: RT.red, lineWidth: 3, lineJoin: .round)
        let tree = Self.tree([(s, CATransform3DIdentity, shadow: CGSize(width: -50, height: 0))])
        let culled = try Self.render(tree, culling: true), full = try Self.render(tree, culling: false)
        #expect(culled == full)
        #expect(full[(32 * 64 + 35) * 4 + 3] > 0, "the shadow's left side shows")
    }

    /// Random strokes partly off the frame — under rotations and scales, some casting
    /// shadows from off the frame into view, some dashed — give the same bytes culled or not.
    @Test func culledStrokesDrawTheSameBytes() throws {
        var rng = CullSeeded(29)
        var culledTotal = 0
        for round in 0..<12 {
            var shapes: [(ShapeContent, CATransform3D, shadow: CGSize?)] = []
            for i in 0..<4 {
                func pt() -> CGPoint { CGPoint(x: rng.unit() * 300 - 100, y: rng.unit() * 300 - 100) }
                let p = CGMutablePath()
                p.move(to: pt())
                for _ in 0..<6 {
                    if rng.unit() < 0.5 { p.addCurve(to: pt(), control1: pt(), control2: pt()) } else { p.addQuadCurve(to: pt(), control: pt()) }
                }
                if i % 2 == 0 { p.closeSubpath() }
                let s = ShapeContent(path: p, fillColor: nil, strokeColor: RT.color(0.2, 0.5, 0.9, 0.8),
                                     lineWidth: [0.5, 3, 12][i % 3], lineCap: [.butt, .round, .square][(round + i) % 3],
                                     lineJoin: [.miter, .round, .bevel][round % 3], miterLimit: [10, 2][i % 2],
                                     lineDashPattern: round % 4 == 3 && i == 0 ? [5, 3] : nil)
                let t = CATransform3DConcat(CATransform3DMakeRotation(rng.unit() * 6, 0, 0, 1),
                                            CATransform3DMakeScale(0.5 + rng.unit() * 2, 0.5 + rng.unit() * 2, 1))
                let shadow: CGSize? = i == 3 ? CGSize(width: 40 - 80 * rng.unit(), height: 40 - 80 * rng.unit()) : nil
                shapes.append((s, t, shadow))
            }
            let tree = Self.tree(shapes)
            let counter = CullCounter()
            _ = Self.prepare(tree, culling: true, counter: counter)
            culledTotal += counter.culled
            let culled = try Self.render(tree, culling: true), full = try Self.render(tree, culling: false)
            #expect(culled == full, "round \(round)")
            #expect(full.contains { $0 != 0 })
        }
        #expect(culledTotal > 20, "culling happened: \(culledTotal) curves")
    }
}

/// Deterministic numbers in [0, 1) (64-bit LCG).
private struct CullSeeded {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
}
