import Testing
import CoreGraphics

/// Inputs found by the path fuzzer (`Fuzz/Sources/PathFuzzer`), each reduced to the calls it
/// made: they used to trap, and now must stroke and fill what is drawable.
@Suite struct PathFuzzFindingsTests {
    /// A polyline that runs out to (greatestFiniteMagnitude, …) and back: the direction of the
    /// segments between the huge points is inf/inf = NaN, so the turn angle at the joins was
    /// NaN and `Int(NaN)` trapped while counting the round/smooth join's arc steps.
    private func pathThroughTheLargestDouble() -> CGMutablePath {
        let big = CGFloat.greatestFiniteMagnitude
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 29, y: 25))
        p.addLine(to: CGPoint(x: big, y: big))
        p.addLine(to: CGPoint(x: big, y: 36))
        p.addCurve(to: CGPoint(x: big, y: 43.2), control1: CGPoint(x: big, y: 40.8), control2: CGPoint(x: big, y: 43.8))
        p.addCurve(to: CGPoint(x: big, y: 33.5), control1: CGPoint(x: big, y: 42.6), control2: CGPoint(x: big, y: 38.5))
        p.addQuadCurve(to: CGPoint(x: -1.5, y: 0), control: CGPoint(x: 4.5, y: 13.3))
        p.addQuadCurve(to: CGPoint(x: 12, y: 6.4), control: CGPoint(x: 12, y: 3.2))
        return p
    }

    @Test func strokingThroughTheLargestDoubleDoesNotTrap() {
        let ctx = ContextTest.make(32, 32)
        ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.setLineWidth(0)
        ctx.addPath(pathThroughTheLargestDouble())
        ctx.strokePath()
        // The finite tail, the quad from (-1.5, 0) to (12, 6.4), is drawn.
        #expect((0..<32).contains { x in (0..<8).contains { y in ContextTest.pixel(ctx, x, y).a > 0 } })

        for join in [CGLineJoin.round, .miter, .bevel] {
            let outline = pathThroughTheLargestDouble().copy(strokingWithWidth: 2, lineCap: .round, lineJoin: join, miterLimit: 10)
            #expect(!outline.isEmpty)
        }
    }
}
