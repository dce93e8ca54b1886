// `CAEmitterLayer.preservesDepth = true`: "the layer behaves as if it were a CATransformLayer
// with the particles rendered as sublayers in 3D" (CAEmitterLayer.h). Each particle is then
// a small quad parallel to the emitter's plane at its own depth z (emitterZPosition,
// emitterDepth, zAcceleration, a velocity with emissionLatitude), seen through the emitter's
// transform and its ancestors' sublayerTransforms (perspective, m34) without being flattened
// into the emitter's plane first.
//
// How it is drawn without a per-particle surface or a per-particle projective draw: the
// compositor still draws the particles into the emitter's z = 0 plane (through the plane's
// affine map, or into the plane surface of an emitter seen in perspective), but each at the
// point of that plane the eye sees it through, at the size it appears there. The central
// projection from the eye between two parallel planes (the particle's z = const plane and
// the emitter's z = 0 plane) is a homothety, so this is exact, not an approximation: a
// particle at depth z lands on
//
//     ((x + a·z) / (1 + c·z), (y + b·z) / (1 + c·z))   scaled by 1 / (1 + c·z),
//
// where (a, b, c) = H⁻¹ · (m31, m32, m34), H the plane's homography (rows/columns x, y, w of
// the emitter's bounds → device 4x4 M) — because M(x, y, z) = H(x, y, 1) + z·(m31, m32, m34)
// in homogeneous device coordinates. The plane's own map (affine, or the plane surface's
// homography) then adds whatever keystone the emitter's orientation gives, as for any layer.
//
// Depth order (`renderMode = .backToFront`): by the divided z of each particle in the space
// where the emitter's 3D rendering context is sorted — the superlayer's bounds space before it
// flattens (the emitter's placement · the superlayer's sublayer matrix), or a CATransformLayer
// context's space (TransformLayerContext.swift) — larger z nearer, as `DepthSortedContext`
// orders planes. Under a perspective sublayerTransform that is also nearest-to-the-eye order.
// Among other planes (a CATransformLayer context, the emitter's own sublayers) the particles
// are also ordered against those planes, in the same space (`contextPoint`,
// ParticleDepthRuns.swift).
import CoreGraphics

/// Where an emitter's particles show on its z = 0 plane when it preserves depth, and how
/// they sort by depth; built by the frame preparer from the emitter's matrices of the frame
/// (see the file comment). Units: the emitter's bounds space (points).
package struct ParticleProjection: Hashable, Sendable {
    /// H⁻¹ · (m31, m32, m34): how depth z moves a particle's homogeneous plane point.
    package var a: Double, b: Double, c: Double
    /// The device w column of M (m14, m24, m34, m44): a particle with w ≤ `minimumW` is at or
    /// behind the eye and is not drawn.
    package var deviceW: SIMD4<Double>
    /// The columns of the depth space (bounds → the sorting space, not flattened): x and y
    /// place a particle among the planes of its context (ParticleDepthRuns.swift), z and w
    /// give its depth.
    package var depthX: SIMD4<Double>, depthY: SIMD4<Double>, depthZ: SIMD4<Double>, depthW: SIMD4<Double>

    /// The smallest w (device, plane and depth space) treated as in front of the eye, as for
    /// projected planes (`Homography.minimumW`).
    package static let minimumW = 1e-6

    /// `toDevice`: the emitter's bounds → device (or target) 4x4 of the frame, row-vector
    /// form, z kept as the input row (`FramePreparer.emit`'s matrix); `depthSpace`: bounds →
    /// the space its 3D context sorts in (see the file comment). Nil when either is not
    /// finite or the plane is seen edge-on (its homography is singular): the emitter then
    /// draws nothing anyway.
    package init?(toDevice m: CATransform3D, depthSpace d: CATransform3D) {
        guard m.isFinite, d.isFinite else { return nil }
        // H in column form: (x, y, 1) ↦ (X, Y, W).
        let h = [Double(m.m11), Double(m.m21), Double(m.m41),
                 Double(m.m12), Double(m.m22), Double(m.m42),
                 Double(m.m14), Double(m.m24), Double(m.m44)]
        guard let inv = Self.inverse3(h) else { return nil }
        let z = (Double(m.m31), Double(m.m32), Double(m.m34))
        a = inv[0] * z.0 + inv[1] * z.1 + inv[2] * z.2
        b = inv[3] * z.0 + inv[4] * z.1 + inv[5] * z.2
        c = inv[6] * z.0 + inv[7] * z.1 + inv[8] * z.2
        guard a.isFinite, b.isFinite, c.isFinite else { return nil }
        deviceW = SIMD4(Double(m.m14), Double(m.m24), Double(m.m34), Double(m.m44))
        depthX = SIMD4(Double(d.m11), Double(d.m21), Double(d.m31), Double(d.m41))
        depthY = SIMD4(Double(d.m12), Double(d.m22), Double(d.m32), Double(d.m42))
        depthZ = SIMD4(Double(d.m13), Double(d.m23), Double(d.m33), Double(d.m43))
        depthW = SIMD4(Double(d.m14), Double(d.m24), Double(d.m34), Double(d.m44))
    }

    /// Where particle (x, y, z) shows on the emitter's z = 0 plane (bounds points) and the
    /// factor its sprite is scaled by there; nil when it is at or behind the eye, or the
    /// result is not finite (absurd depths).
    @inline(__always)
    package func place(x: Double, y: Double, z: Double) -> (x: Double, y: Double, scale: Double)? {
        let wd = x * deviceW.x + y * deviceW.y + z * deviceW.z + deviceW.w
        let wp = 1 + c * z
        guard wd > Self.minimumW, wp > Self.minimumW else { return nil }
        let k = 1 / wp
        let px = (x + a * z) * k, py = (y + b * z) * k
        guard px.isFinite, py.isFinite, k.isFinite else { return nil }
        return (px, py, k)
    }

    /// The particle's depth in its context's sorting space (larger nearer), nil when it is
    /// behind that space's eye or not finite.
    @inline(__always)
    package func depth(x: Double, y: Double, z: Double) -> Double? {
        let w = x * depthW.x + y * depthW.y + z * depthW.z + depthW.w
        guard w > Self.minimumW else { return nil }
        let d = (x * depthZ.x + y * depthZ.y + z * depthZ.z + depthZ.w) / w
        return d.isFinite ? d : nil
    }

    /// Bounds → the depth space as a matrix (row-vector form), rebuilt from its columns.
    package var depthSpace: CATransform3D {
        func f(_ v: Double) -> CGFloat { CGFloat(v) }
        return CATransform3D(m11: f(depthX.x), m12: f(depthY.x), m13: f(depthZ.x), m14: f(depthW.x),
                             m21: f(depthX.y), m22: f(depthY.y), m23: f(depthZ.y), m24: f(depthW.y),
                             m31: f(depthX.z), m32: f(depthY.z), m33: f(depthZ.z), m34: f(depthW.z),
                             m41: f(depthX.w), m42: f(depthY.w), m43: f(depthZ.w), m44: f(depthW.w))
    }

    /// Where a particle that `place` put at (`px`, `py`) on the plane, with depth `z`, is in
    /// the depth space (divided: x/w, y/w, z/w, points), the space its context's planes are
    /// sorted in; nil behind that space's eye or not finite. Undoes `place` first: the
    /// particle's own x = px·(1 + c·z) − a·z (and likewise y), exact up to rounding.
    @inline(__always)
    package func contextPoint(placedX px: Double, placedY py: Double, z: Double) -> SIMD3<Double>? {
        let wp = 1 + c * z
        let x = px * wp - a * z, y = py * wp - b * z
        let h = SIMD4(x, y, z, 1)
        let w = (h * depthW).sum()
        guard w > Self.minimumW else { return nil }
        let p = SIMD3((h * depthX).sum(), (h * depthY).sum(), (h * depthZ).sum()) / w
        return p.x.isFinite && p.y.isFinite && p.z.isFinite ? p : nil
    }

    /// The inverse of a row-major 3x3 (adjugate over determinant, the entries first divided by
    /// the largest so that very large or small scales do not overflow); nil when singular or
    /// not finite.
    static func inverse3(_ m: [Double]) -> [Double]? {
        let s = m.reduce(0) { max($0, abs($1)) }
        guard s > 0, s.isFinite else { return nil }
        let n = m.map { $0 / s }
        let c00 = n[4] * n[8] - n[5] * n[7], c01 = n[2] * n[7] - n[1] * n[8], c02 = n[1] * n[5] - n[2] * n[4]
        let c10 = n[5] * n[6] - n[3] * n[8], c11 = n[0] * n[8] - n[2] * n[6], c12 = n[2] * n[3] - n[0] * n[5]
        let c20 = n[3] * n[7] - n[4] * n[6], c21 = n[1] * n[6] - n[0] * n[7], c22 = n[0] * n[4] - n[1] * n[3]
        let det = n[0] * c00 + n[1] * c10 + n[2] * c20
        guard det != 0, det.isFinite, abs(det) > 1e-300 else { return nil }
        let k = 1 / (det * s)
        let out = [c00, c01, c02, c10, c11, c12, c20, c21, c22].map { $0 * k }
        return out.allSatisfy(\.isFinite) ? out : nil
    }
}

extension RenderNode {
    /// Whether `projectingParticles` changes this node: an emitter with cells that preserves
    /// depth (the walk asks first, so other layers are not copied).
    package var preservesParticleDepth: Bool {
        guard case let .emitter(e) = kind else { return false }
        return e.preservesDepth && !e.cells.isEmpty
    }

    /// This node with its particles' projection set for the frame when it is an emitter that
    /// preserves depth (`EmitterContent.projection`); otherwise the node unchanged.
    /// `matrix`: bounds → device (target) 4x4; `depthSpace`: bounds → its context's sorting
    /// space (evaluated only for such emitters).
    package func projectingParticles(matrix: CATransform3D, depthSpace: @autoclosure () -> CATransform3D) -> RenderNode {
        guard case var .emitter(e) = kind, e.preservesDepth, !e.cells.isEmpty else { return self }
        e.projection = ParticleProjection(toDevice: matrix, depthSpace: depthSpace())
        var n = self
        n.kind = .emitter(e)
        return n
    }
}
