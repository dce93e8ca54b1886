import Foundation
import Testing
import CoreGraphics

/// `NSValue(cgAffineTransform:)` / `cgAffineTransformValue` on swift-corelibs-foundation, whose
/// own `NSValue(bytes:objCType:)` cannot box structs.
@Suite struct NSValueAffineTransformTests {
    private let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)

    @Test func roundTripsWithAppleTypeEncoding() {
        let v = NSValue(cgAffineTransform: t)
        #expect(v.cgAffineTransformValue == t)
        #expect(String(cString: v.objCType) == "{CGAffineTransform=dddddd}")
        // getValue copies the struct's bytes, as NSValue does.
        var out = CGAffineTransform.identity
        withUnsafeMutableBytes(of: &out) { v.getValue($0.baseAddress!) }
        #expect(out == t)
    }

    @Test func equalityHashingAndCopies() {
        let a = NSValue(cgAffineTransform: t), b = NSValue(cgAffineTransform: t)
        #expect(a == b && a.hash == b.hash)
        #expect(a != NSValue(cgAffineTransform: .identity))
        #expect(a != NSValue(point: .zero))
        #expect((a.copy() as? NSValue) == a)
        // Boxed in collections and `Any`, it stays an NSValue.
        let boxed: [Any] = [a]
        #expect((boxed[0] as? NSValue)?.cgAffineTransformValue == t)
    }

    @Test func otherValuesReadAsIdentity() {
        #expect(NSValue(point: CGPoint(x: 1, y: 2)).cgAffineTransformValue == .identity)
        #expect(NSNumber(value: 3).cgAffineTransformValue == .identity)
    }
}
