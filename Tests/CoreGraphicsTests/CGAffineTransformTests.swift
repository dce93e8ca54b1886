import Testing
import CoreGraphics

/// Tolerance for comparisons of computed transform entries (sin/cos round-off).
private let eps: CGFloat = 1e-12

private func close(_ a: CGFloat, _ b: CGFloat, _ tol: CGFloat = eps) -> Bool { abs(a - b) <= tol }
private func close(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = eps) -> Bool { close(a.x, b.x, tol) && close(a.y, b.y, tol) }

@Suite struct CGAffineTransformTests {
    @Test func identityAndZeroInit() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(!CGAffineTransform().isIdentity)
        #expect(CGAffineTransform(1, 0, 0, 1, 0, 0).isIdentity)
    }

    @Test func initialisers() {
        #expect(CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: 20)) == CGPoint(x: 11, y: 22))
        #expect(CGPoint(x: 1, y: 2).applying(CGAffineTransform(scaleX: 3, y: -1)) == CGPoint(x: 3, y: -2))
        // +x turns toward +y.
        #expect(close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1)))
    }

    @Test func prependingOperationsActInLocalSpace() {
        // translatedBy prepends: scale(2) then translate(10) in local space → tx 20.
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(t.tx == 20)
        let s = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(s.tx == 10 && s.a == 2)
        let r = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        #expect(close(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 10, y: 1)))
    }

    @Test func concatenationOrder() {
        let rotate = CGAffineTransform(rotationAngle: .pi / 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        // self first, then the argument.
        #expect(close(CGPoint(x: 1, y: 0).applying(rotate.concatenating(move)), CGPoint(x: 10, y: 1)))
        #expect(close(CGPoint(x: 1, y: 0).applying(move.concatenating(rotate)), CGPoint(x: 0, y: 11)))
    }

    @Test func inversion() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = CGPoint(x: 3.5, y: -2)
        #expect(close(p.applying(t).applying(t.inverted()), p, 1e-12))
        let id = t.concatenating(t.inverted())
        #expect(close(id.a, 1) && close(id.b, 0) && close(id.c, 0) && close(id.d, 1) && close(id.tx, 0) && close(id.ty, 0))
    }

    @Test func singularInversionReturnsSelf() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 3)
        #expect(singular.inverted() == singular)
        let zero = CGAffineTransform(scaleX: 0, y: 1)
        #expect(zero.inverted() == zero)
        let nan = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(nan.inverted().a.isNaN) // unchanged, not a crash
    }

    @Test func sizeIgnoresTranslation() {
        let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: -3)
        #expect(CGSize(width: 10, height: 10).applying(t) == CGSize(width: 20, height: -30))
    }

    @Test func rectBoundingBox() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 100)
        let box = r.applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(close(box.minX, -70.71067811865476, 1e-9))
        #expect(close(box.width, 141.4213562373095, 1e-9))
        #expect(close(box.minY, 0, 1e-9))
        // Negative sizes are standardized first.
        let neg = CGRect(x: 10, y: 10, width: -10, height: -10).applying(.identity)
        #expect(neg == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    @Test func vector() {
        let v = CGVector(dx: 1, dy: 0).applying(CGAffineTransform(translationX: 5, y: 5).scaledBy(x: 3, y: 1))
        #expect(v == CGVector(dx: 3, dy: 0))
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
    }

    @Test func codableRoundTrip() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(t)
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
    }
}
