// `DamageExtent.box` computes the ordinary case in plain doubles (every `.draw` of a region
// render asks it): it must give exactly the box the general path through `CGRect` gives, for
// ordinary and odd input alike (damage and region skipping both read it).
import CoreGraphics
@testable import LaminaCompositor
import Testing

@Suite struct DamageExtentBoxTests {
    /// A small deterministic generator (xorshift), so a failure repeats.
    struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        /// Mostly ordinary layer geometry, sometimes values that stress the rounding and the
        /// guards: exact halves, huge, tiny, negative, zero, -0, NaN and infinities.
        mutating func value(scale: Double) -> Double {
            switch next() % 16 {
            case 0: return (unit() * 200).rounded() / 2 - 50
            case 1: return [0, -0.0, .nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude,
                            .leastNonzeroMagnitude, 1e-9, 0.5, -0.5][Int(next() % 12)]
            case 2: return unit() * 1e18 - 5e17
            default: return (unit() * 2 - 1) * scale
            }
        }
    }

    @Test func thePlainDoublePathGivesTheRectPathsBox() {
        var g = Numbers(state: 0x9E37_79B9_7F4A_7C15)
        var ordinary = 0
        for _ in 0..<200_000 {
            let rect = CGRect(x: g.value(scale: 2000), y: g.value(scale: 2000),
                              width: g.next() % 5 == 0 ? g.value(scale: 500) : abs(g.value(scale: 500)),
                              height: g.next() % 5 == 0 ? g.value(scale: 500) : abs(g.value(scale: 500)))
            let t: CGAffineTransform
            switch g.next() % 4 {
            case 0: t = .identity
            case 1: t = CGAffineTransform(translationX: g.value(scale: 1000), y: g.value(scale: 1000))
            case 2:
                let a = g.unit() * 2 * .pi, s = g.unit() * 3
                t = CGAffineTransform(a: s * cos(a), b: s * sin(a), c: -s * sin(a), d: s * cos(a),
                                      tx: g.value(scale: 1000), ty: g.value(scale: 1000))
            default:
                t = CGAffineTransform(a: g.value(scale: 4), b: g.value(scale: 4), c: g.value(scale: 4), d: g.value(scale: 4),
                                      tx: g.value(scale: 1000), ty: g.value(scale: 1000))
            }
            let grow = g.next() % 3 == 0 ? 0 : g.value(scale: 40)
            let fast = DamageExtent.box(rect, t, grow: grow)
            let reference = DamageExtent.boxThroughRect(rect, t, grow: grow)
            if fast != reference {
                Issue.record("box(\(rect), \(t), grow: \(grow)) = \(String(describing: fast)), through CGRect \(String(describing: reference))")
                return
            }
            if rect.width >= 0, rect.height >= 0, rect.minX.isFinite, rect.minY.isFinite, fast != nil { ordinary += 1 }
        }
        // Most cases took the plain-double path (the comparison is about it).
        #expect(ordinary > 100_000)
    }

    @Test func layerRectsThroughLayerTransformsGiveTheRectPathsBox() {
        // The spinner's case: a rect turning about its centre, at fractional device offsets.
        for k in 0..<3600 {
            let a = Double(k) * .pi / 1800
            let t = CGAffineTransform(translationX: 960.25 + Double(k % 7) / 8, y: 540.5)
                .rotated(by: a).translatedBy(x: -20, y: -20)
            let r = CGRect(x: 0, y: 0, width: 40, height: 40)
            #expect(DamageExtent.box(r, t) == DamageExtent.boxThroughRect(r, t))
            #expect(DamageExtent.box(r, t, grow: 12.5) == DamageExtent.boxThroughRect(r, t, grow: 12.5))
        }
    }
}
