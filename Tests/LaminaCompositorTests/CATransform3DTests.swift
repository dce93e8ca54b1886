import Testing
import CoreGraphics
@testable import LaminaCompositor

/// Tolerance for matrix entries computed through sin/cos (vectors of reference §11.2 are
/// given to 6 decimals; our arithmetic is double precision).
private let eps = 1e-9

private func rowsClose(_ t: CATransform3D, _ rows: [[Double]], _ tol: Double = eps) -> Bool {
    zip(t.elements, rows.flatMap { $0 }).allSatisfy { abs($0 - $1) <= tol }
}

@Suite struct CATransform3DTests {
    @Test func identityAndZero() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
        #expect(CATransform3D().elements.allSatisfy { $0 == 0 })
    }

    @Test func translationAndScale() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3 && t.m44 == 1 && t.m11 == 1)
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m44 == 1 && s.m41 == 0)
    }

    @Test func rotationAboutZ() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(rowsClose(r, [[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]))
        let p = r.transform(x: 1, y: 0, z: 0)
        #expect(abs(p.x) < eps && abs(p.y - 1) < eps)
    }

    @Test func rotationAxisIsNormalised() {
        let expected: [[Double]] = [[2.0 / 3, 2.0 / 3, -1.0 / 3, 0], [-1.0 / 3, 2.0 / 3, 2.0 / 3, 0],
                                    [2.0 / 3, -1.0 / 3, 2.0 / 3, 0], [0, 0, 0, 1]]
        #expect(rowsClose(CATransform3DMakeRotation(.pi / 3, 1, 1, 1), expected))
        #expect(rowsClose(CATransform3DMakeRotation(.pi / 3, 2, 2, 2), expected))
    }

    @Test func rotationDirections() {
        // About +x, +y turns toward +z; about +y, +x turns toward −z.
        let rx = CATransform3DMakeRotation(.pi / 2, 1, 0, 0).transform(x: 0, y: 1, z: 0)
        #expect(abs(rx.z - 1) < eps)
        let ry = CATransform3DMakeRotation(.pi / 2, 0, 1, 0).transform(x: 1, y: 0, z: 0)
        #expect(abs(ry.z + 1) < eps)
    }

    @Test func zeroAxisIsIdentity() {
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, .nan, 0, 0)))
        let t = CATransform3DMakeTranslation(3, 0, 0)
        #expect(CATransform3DRotate(t, 1, 0, 0, 0) == t)
    }

    @Test func concatOrder() {
        let ts = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 2))
        #expect(ts.m41 == 20 && ts.m11 == 2)
        let st = CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(10, 0, 0))
        #expect(st.m41 == 10 && st.m11 == 2)
        #expect(CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0).m41 == 20)
        #expect(CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 2).m41 == 10)
        let rt = CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CATransform3DMakeTranslation(10, 0, 0))
        let p = rt.transform(x: 1, y: 0, z: 0)
        #expect(abs(p.x - 10) < eps && abs(p.y - 1) < eps)
    }

    @Test func inversion() {
        let m = CATransform3DConcat(CATransform3DMakeTranslation(3, 4, 5), CATransform3DMakeScale(2, 2, 2))
        // Reference §11.2 lists Invert(T(3,4,5)·S(2)) = diag(0.5) with bottom row (−1.5, −2, −2.5)
        // scaled... compute directly: inverse maps (x·2 + 6, …) back.
        let inv = CATransform3DInvert(m)
        let round = CATransform3DConcat(m, inv)
        #expect(rowsClose(round, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]))
        let plain = CATransform3DInvert(CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(3, 4, 5)))
        #expect(rowsClose(plain, [[0.5, 0, 0, 0], [0, 0.5, 0, 0], [0, 0, 0.5, 0], [-1.5, -2, -2.5, 1]]))
        var persp = CATransform3DIdentity
        persp.m34 = -1.0 / 500
        let rp = CATransform3DRotate(persp, .pi / 4, 0, 1, 0)
        #expect(rowsClose(CATransform3DConcat(rp, CATransform3DInvert(rp)), CATransform3DIdentity.elements.chunked4()))
    }

    @Test func singularInverseIsUnchanged() {
        let s = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(s) == s)
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
        var nan = CATransform3DIdentity
        nan.m11 = .nan
        #expect(CATransform3DInvert(nan).m11.isNaN)
    }

    @Test func perspectiveProjection() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let h = p.transform(x: 10, y: 10, z: 250)
        #expect(abs(h.w - 0.5) < eps)
        let q = h.projected
        #expect(abs(q.x - 20) < eps && abs(q.y - 20) < eps && abs(q.z - 500) < eps)

        let rotated = CATransform3DRotate(p, .pi / 4, 0, 1, 0)
        let a = rotated.transform(x: 100, y: 0, z: 0)
        #expect(abs(a.w - 1.141421) < 1e-6)
        #expect(abs(a.projected.x - 61.949672) < 1e-6 && abs(a.projected.z + 61.949672) < 1e-6)
        let b = rotated.transform(x: -100, y: 0, z: 0)
        #expect(abs(b.w - 0.858579) < 1e-6 && abs(b.projected.x + 82.357835) < 1e-6)
        // Behind the eye: no projection.
        #expect(p.project(CGPoint(x: 1, y: 1), z: 600) == nil)
    }

    @Test func affineBridging() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(t.m11 == 1 && t.m12 == 2 && t.m21 == 3 && t.m22 == 4 && t.m41 == 5 && t.m42 == 6 && t.m33 == 1 && t.m44 == 1)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == a)
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        var p = CATransform3DIdentity
        p.m34 = -0.002
        #expect(!CATransform3DIsAffine(p))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 0, 1)))
    }

    @Test func equalityAndCodable() throws {
        let t = CATransform3DMakeRotation(0.5, 0, 1, 0)
        #expect(CATransform3DEqualToTransform(t, t))
        #expect(!CATransform3DEqualToTransform(t, CATransform3DIdentity))
        let data = try JSONEncoder().encode(t)
        #expect(try JSONDecoder().decode(CATransform3D.self, from: data) == t)
    }

    @Test func planeHomographyMatchesFullTransform() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let m = CATransform3DConcat(CATransform3DRotate(p, 0.7, 0, 1, 0), CATransform3DMakeTranslation(40, 30, 0))
        let h = m.planeHomography
        for (x, y) in [(0.0, 0.0), (100.0, 0.0), (37.0, -12.0)] {
            let full = m.transform(x: x, y: y)
            let X = x * h[0] + y * h[3] + h[6], Y = x * h[1] + y * h[4] + h[7], W = x * h[2] + y * h[5] + h[8]
            #expect(abs(X / W - full.x / full.w) < eps && abs(Y / W - full.y / full.w) < eps)
        }
    }
}

private extension Array where Element == Double {
    func chunked4() -> [[Double]] { stride(from: 0, to: count, by: 4).map { Array(self[$0..<$0 + 4]) } }
}
