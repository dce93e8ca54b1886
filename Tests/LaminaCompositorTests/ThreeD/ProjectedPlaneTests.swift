// ProjectedPlane: the homography of a layer's plane, w-clipping, facing, bad input.
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

/// Device positions computed through Double sin/cos agree to well below a pixel.
private let tol = 1e-6

/// Bounds 100x100 (anchor at its centre) placed at (80, 80) with `t` about the anchor:
/// the chain of reference §2.7 for a root-level layer, in pixels at scale 1.
private func layerMatrix(_ t: CATransform3D, size: Double = 100, at p: Double = 80) -> CATransform3D {
    var m = CATransform3DConcat(CATransform3DMakeTranslation(CGFloat(-size / 2), CGFloat(-size / 2), 0), t)
    m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(p), CGFloat(p), 0))
    return CATransform3DConcat(m, LayerGeometry.flatten)
}

private func perspective(_ d: Double) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m34 = CGFloat(-1 / d)
    return t
}

@Suite struct ProjectedPlaneTests {
    @Test func identityIsTheBoundsQuadFrontFacing() throws {
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), transform: layerMatrix(CATransform3DIdentity)))
        #expect(plane.polygon.count == 4)
        #expect(plane.polygon[0] == RasterPoint(30, 30))
        #expect(plane.polygon[2] == RasterPoint(130, 130))
        #expect(plane.signedArea == 10_000)
        #expect(plane.isFrontFacing)
        let back = try #require(plane.unproject(x: 30, y: 130))
        #expect(abs(back.x) < tol && abs(back.y - 100) < tol)
    }

    /// The §2.5.4 recipe, 60° about y with m34 = −1/500, each corner computed by hand:
    /// corner − anchor = (±50, ±50, 0); rotation: x' = x·cos60, z' = −x·sin60; w = 1 − z'/500.
    @Test func rotated60AboutYMatchesHandComputedCorners() throws {
        let t = CATransform3DRotate(perspective(500), .pi / 3, 0, 1, 0)
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), transform: layerMatrix(t)))
        let c = 0.5, s = 3.0.squareRoot() / 2
        let expected: [(Double, Double)] = [(-50, -50), (50, -50), (50, 50), (-50, 50)].map { x, y in
            let w = 1 - (-x * s) / 500
            return (x * c / w + 80, y / w + 80)
        }
        #expect(plane.polygon.count == 4)
        for (p, e) in zip(plane.polygon, expected) {
            #expect(abs(p.x - e.0) < tol)
            #expect(abs(p.y - e.1) < tol)
        }
        // The near (left) edge is taller than the far (right) edge.
        #expect(plane.polygon[3].y - plane.polygon[0].y > plane.polygon[2].y - plane.polygon[1].y)
        #expect(plane.isFrontFacing)
        // The inverse homography takes a corner back to the bounds corner.
        let back = try #require(plane.unproject(x: expected[1].0, y: expected[1].1))
        #expect(abs(back.x - 100) < tol && abs(back.y) < tol)
    }

    @Test func homographyIsTheXYWRowsAndColumns() {
        var m = CATransform3DIdentity
        m.m11 = 2; m.m21 = 3; m.m41 = 5; m.m12 = 7; m.m22 = 11; m.m42 = 13; m.m14 = 0.1; m.m24 = 0.2; m.m44 = 1.5
        m.m31 = 99; m.m33 = 42; m.m43 = 17 // z terms do not affect the plane
        let h = ProjectedPlane.homography(of: m)
        #expect(h.m00 == 2 && h.m01 == 3 && h.m02 == 5)
        #expect(h.m10 == 7 && h.m11 == 11 && h.m12 == 13)
        #expect(abs(h.m20 - 0.1) < 1e-15 && abs(h.m21 - 0.2) < 1e-15 && h.m22 == 1.5)
    }

    /// Rotated π about y: same outline, reversed winding — culled when not double-sided.
    @Test func backFaceHasNegativeArea() throws {
        let t = CATransform3DRotate(perspective(500), .pi, 0, 1, 0)
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), transform: layerMatrix(t)))
        #expect(plane.signedArea < 0)
        #expect(!plane.isVisible(doubleSided: false))
        #expect(plane.isVisible(doubleSided: true))
        #expect(abs(abs(plane.signedArea) - 10_000) < 1e-6)
    }

    /// A tall layer tilted 60° about x and pushed 80 pt toward an eye 100 pt away: its bottom
    /// half reaches z up to 80 + 86.6 > 100, i.e. behind the eye. The quad is clipped before
    /// the divide: every vertex is finite and has w ≥ the epsilon, and the visible part is
    /// still front facing.
    @Test func layerCrossingTheEyePlaneIsClippedBeforeTheDivide() throws {
        var t = CATransform3DMakeTranslation(0, 0, 80)
        t = CATransform3DRotate(t, .pi / 3, 1, 0, 0)
        t = CATransform3DConcat(t, perspective(100))
        let m = layerMatrix(t, size: 200, at: 100)
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), transform: m))
        #expect(plane.polygon.count == 4)
        #expect(plane.polygon.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(plane.isFrontFacing)
        // Top corners (y = 0, z = 80 − 86.6 < 0) are untouched by the clip.
        let top = try #require(plane.project(CGPoint(x: 200, y: 0)))
        #expect(plane.polygon.contains { abs($0.x - top.x) < tol && abs($0.y - top.y) < tol })
        // Every vertex maps back to a bounds point at w ≥ the epsilon.
        for v in plane.polygon {
            let p = try #require(plane.unproject(x: v.x, y: v.y))
            let w = plane.homography.m20 * Double(p.x) + plane.homography.m21 * Double(p.y) + plane.homography.m22
            #expect(w >= plane.minimumW * (1 - 1e-6))
        }
        // The bottom corners are behind the eye: no projection.
        #expect(plane.project(CGPoint(x: 0, y: 200)) == nil)
    }

    @Test func badMatricesDrawNothing() {
        let r = CGRect(x: 0, y: 0, width: 50, height: 50)
        var nan = CATransform3DIdentity
        nan.m12 = .nan
        #expect(ProjectedPlane(bounds: r, transform: nan) == nil)
        var inf = CATransform3DIdentity
        inf.m41 = .infinity
        #expect(ProjectedPlane(bounds: r, transform: inf) == nil)
        #expect(ProjectedPlane(bounds: r, transform: CATransform3D()) == nil)
        #expect(ProjectedPlane(bounds: r, transform: CATransform3DMakeScale(0, 1, 1)) == nil)
        // Entirely behind the eye.
        let behind = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 1000), perspective(500))
        #expect(ProjectedPlane(bounds: r, transform: behind) == nil)
        // Edge-on without perspective: zero area.
        #expect(ProjectedPlane(bounds: r, transform: CATransform3DMakeRotation(.pi / 2, 0, 1, 0)) == nil)
        // Empty or non-finite bounds.
        #expect(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 0, height: 10), transform: CATransform3DIdentity) == nil)
        #expect(ProjectedPlane(bounds: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), transform: CATransform3DIdentity) == nil)
    }

    @Test func homogeneousClipKeepsInsideAndCutsAtTheEpsilon() {
        let square: [SIMD3<Double>] = [SIMD3(0, 0, 1), SIMD3(1, 0, -1), SIMD3(1, 1, -1), SIMD3(0, 1, 1)]
        let out = HomogeneousClip.clip(square, minimumW: 0.5)
        #expect(out.count == 4)
        #expect(out.allSatisfy { $0.z >= 0.5 - 1e-12 })
        #expect(HomogeneousClip.clip(square, minimumW: 2).isEmpty)
        #expect(HomogeneousClip.clip(square, minimumW: -2).count == 4)
    }

    @Test func scalesAreDevicePixelsPerPoint() throws {
        let plane = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                                                transform: CATransform3DMakeScale(3, 2, 1)))
        #expect(abs(plane.maximumScale - 3) < tol)
        #expect(abs(plane.minimumScale - 2) < tol)
    }
}
