// CATransform3DConcat is written out field by field (no arrays: the frame walk calls it
// several times per layer); it must give bit for bit what the row-by-column product gives.
import CoreGraphics
@testable import LaminaCompositor
import Testing

@Suite struct CATransform3DConcatTests {
    /// The definition: r[i][j] = Σₖ a[i][k]·b[k][j], summed from 0 in k order.
    static func reference(_ a: CATransform3D, _ b: CATransform3D) -> [Double] {
        let x = a.elements, y = b.elements
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += x[i * 4 + k] * y[k * 4 + j] }
                r[i * 4 + j] = sum
            }
        }
        return r
    }

    static func same(_ m: CATransform3D, _ r: [Double]) -> Bool {
        zip(m.elements, r).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
    }

    @Test func matchesTheRowByColumnProductBitForBit() {
        var state: UInt64 = 0x1919
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: state >> 11) % 2_000_001 - 1_000_000) / 997
        }
        let specials: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan, 1e-300, 1e300]
        for trial in 0..<2_000 {
            var e = (0..<32).map { _ in next() }
            if trial % 5 == 0 { for k in 0..<3 { e[(Int(state >> 7) + k) % 32] = specials[(trial / 5 + k) % specials.count] } }
            let a = CATransform3D(elements: Array(e[0..<16])), b = CATransform3D(elements: Array(e[16..<32]))
            #expect(Self.same(CATransform3DConcat(a, b), Self.reference(a, b)), "trial \(trial)")
        }
        // Signed zeros come out as the sum from +0 gives them.
        let z = CATransform3DMakeScale(-0.0, -0.0, -0.0)
        #expect(Self.same(CATransform3DConcat(z, CATransform3DIdentity), Self.reference(z, CATransform3DIdentity)))
    }
}
