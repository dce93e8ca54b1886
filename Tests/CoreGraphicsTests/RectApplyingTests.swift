// `CGRect.applying` maps the usual rect (finite, non-negative size) in plain doubles: it must
// give the very rect the general path gives (the four corners of the standardized rect,
// folded in order), which the compositor's damage, culling and extents were built on.
import CoreGraphics
import Foundation
import Testing

@Suite struct RectApplyingTests {
    /// The general path, as `applying` computes every rect it does not take the fast path for.
    static func reference(_ r0: CGRect, _ t: CGAffineTransform) -> CGRect {
        if r0.isNull || r0.isInfinite { return r0 }
        let r = r0.standardized
        let corners = [
            CGPoint(x: r.minX, y: r.minY).applying(t), CGPoint(x: r.maxX, y: r.minY).applying(t),
            CGPoint(x: r.minX, y: r.maxY).applying(t), CGPoint(x: r.maxX, y: r.maxY).applying(t),
        ]
        var minX = corners[0].x, maxX = corners[0].x, minY = corners[0].y, maxY = corners[0].y
        for p in corners.dropFirst() {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Bit for bit (a NaN field equals a NaN field; 0 and -0 are told apart).
    static func same(_ a: CGRect, _ b: CGRect) -> Bool {
        func s(_ u: CGFloat, _ v: CGFloat) -> Bool { u.bitPattern == v.bitPattern || (u.isNaN && v.isNaN) }
        return s(a.origin.x, b.origin.x) && s(a.origin.y, b.origin.y) && s(a.width, b.width) && s(a.height, b.height)
    }

    struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func value(_ scale: Double) -> Double {
            switch next() % 12 {
            case 0: return [0.5, -0.5, 1e300, -1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 1e-300,
                            3, 1e17][Int(next() % 11)]
            case 1: return (unit() * 400).rounded() / 4 - 50
            default: return (unit() * 2 - 1) * scale
            }
        }
    }

    @Test func theUsualRectMapsAsTheGeneralPathMapsIt() {
        var g = Numbers(state: 0x1234_5678_9ABC_DEF1)
        for _ in 0..<200_000 {
            let r = CGRect(x: g.value(3000), y: g.value(3000), width: g.next() % 6 == 0 ? g.value(300) : abs(g.value(300)),
                           height: g.next() % 6 == 0 ? g.value(300) : abs(g.value(300)))
            let a = g.unit() * 2 * .pi, s = g.unit() * 4
            let t = g.next() % 3 == 0
                ? CGAffineTransform(a: g.value(3), b: g.value(3), c: g.value(3), d: g.value(3), tx: g.value(2000), ty: g.value(2000))
                : CGAffineTransform(a: s * cos(a), b: s * sin(a), c: -s * sin(a), d: s * cos(a), tx: g.value(2000), ty: g.value(2000))
            let got = r.applying(t), want = Self.reference(r, t)
            if !Self.same(got, want) {
                Issue.record("\(r).applying(\(t)) = \(got), general path \(want)")
                return
            }
        }
    }

    @Test func nullAndInfiniteRectsStayThemselves() {
        let t = CGAffineTransform(a: 2, b: 0.5, c: -1, d: 3, tx: 7, ty: -4)
        #expect(CGRect.null.applying(t).isNull)
        #expect(CGRect.infinite.applying(t).isInfinite)
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4).applying(.identity) == CGRect(x: 1, y: 2, width: 3, height: 4))
    }
}
