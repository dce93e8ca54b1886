import Foundation

// Coordinate conversion between layers (reference §1.6, §2.7) and hit testing (§1.7).
//
// One level maps a point of layer L's bounds plane into its parent S's bounds space:
//
//     M(L→S) = Tr(−A_L) · L.transform · Tr(P_L) · Tr(−A_S) · S.sublayerTransform · Tr(A_S) · Z
//
// (row vectors; A = anchor in bounds coordinates with anchorPointZ; P = (position, zPosition);
// Z = diag(1, 1, 0, 1) flattens into S's plane and is left out when S is a CATransformLayer,
// which does not flatten). Z before the perspective divide equals the divide followed by
// dropping z, so a chain of levels is a plain product of 4x4 matrices, and its restriction
// to the z = 0 input plane is a 3x3 homography. Conversions go up from the source layer to the
// common ancestor and down to the destination through the inverse homography.
//
// Choices on open points (§1.6.3): a point that maps through a singular transform (e.g. scale
// 0) converts to (nan, nan); points behind the eye (w ≤ 0) are divided anyway, as a projective
// map would; layers in different trees convert as if both roots were sublayers of one identity parent.
// A mask's parent space is its owner's bounds space, without the owner's sublayerTransform.

extension CALayer {
    /// M(L→S) for this layer as a sublayer (or mask) of `treeParent`; for a root, the mapping to
    /// the virtual parent (its own geometry only, flattened).
    package var transformToParentSpace: CATransform3D {
        let m = unflattenedTransformToParentSpace
        if superlayerStorage is CATransformLayer { return m }
        return CATransform3DConcat(m, LayerSpace.flatten)
    }

    /// Tr(−A_L) · L.transform · Tr(P_L): the layer's own geometry, unflattened, before the
    /// parent's sublayerTransform (§1.4.3: the 3D anchor lands on (position, zPosition)).
    package var ownTransform3D: CATransform3D {
        let a = anchorInBounds
        var m = CATransform3DMakeTranslation(CGFloat(-a.x), CGFloat(-a.y), CGFloat(-a.z))
        m = CATransform3DConcat(m, props.animatable.transform)
        return CATransform3DConcat(m, CATransform3DMakeTranslation(props.animatable.position.x, props.animatable.position.y, props.animatable.zPosition))
    }

    /// The product of levels from this layer up to `ancestor`'s bounds space. `ancestor` nil:
    /// up to the virtual parent of the root (the root's own geometry included).
    package func transform(toAncestor ancestor: CALayer?) -> CATransform3D {
        var m = CATransform3DIdentity
        var l: CALayer? = self
        while let cur = l, cur !== ancestor {
            m = CATransform3DConcat(m, cur.transformToParentSpace)
            l = cur.treeParent
        }
        return m
    }

    /// The nearest layer that is an ancestor of (or equal to) both; nil when in different trees.
    package func commonAncestor(with other: CALayer) -> CALayer? {
        var chain = Set<ObjectIdentifier>()
        var l: CALayer? = self
        while let cur = l { chain.insert(ObjectIdentifier(cur)); l = cur.treeParent }
        l = other
        while let cur = l {
            if chain.contains(ObjectIdentifier(cur)) { return cur }
            l = cur.treeParent
        }
        return nil
    }

    /// The homography from `layer`'s plane (nil: the root's space) to this layer's plane.
    private func homography(from layer: CALayer?) -> LayerSpace.Homography {
        let source = layer ?? treeRoot
        let ancestor = commonAncestor(with: source)
        let up = LayerSpace.Homography(source.transform(toAncestor: ancestor ?? source.treeRoot.treeParent))
        let downInverse = LayerSpace.Homography(transform(toAncestor: ancestor ?? treeRoot.treeParent)).inverted
        return up.then(downInverse)
    }

    /// A point from `l`'s space (nil: the root layer's) into this layer's.
    package func convertPoint(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        homography(from: l).apply(p)
    }

    /// A rectangle from `l`'s space: the bounding box of its mapped corners (`CGRect.null` if
    /// a corner does not map to a finite point).
    package func convertRect(_ r: CGRect, from l: CALayer?) -> CGRect {
        let h = homography(from: l)
        return LayerGeometry.boundingBox(LayerSpace.corners(r).map(h.apply))
    }

    // MARK: - Hit testing

    /// `hitTest(_:)`: the farthest descendant (or this layer) containing `p`, a point in the superlayer's
    /// coordinate space (more exactly the nearest ancestor that is not a CATransformLayer;
    /// for a root, the space its position is expressed in). §1.7, with these choices on the
    /// UNCERTAIN points:
    /// - Sublayers are searched front to back (reverse array order; zPosition is ignored,
    ///   §1.7.4), depth first, even outside the receiver's bounds — unless `masksToBounds`, in
    ///   which case points outside the bounds hit nothing in the subtree ([lxian], §12 #5).
    /// - Hidden layers and their subtrees are never hit. Opacity is ignored (a transparent
    ///   layer is still hit; UIKit's alpha cut-off is a view rule).
    /// - A CATransformLayer is never returned; its sublayers are tested through it, nearest
    ///   first: they share one 3D space, so the hit is the member whose plane is nearest the
    ///   viewer (largest z in `space`) at the point, not the last in array order. Ties (equal
    ///   depth) go to the later sublayer, as in a flat layer.
    /// - A layer with `isDoubleSided` false seen from behind is never hit, nor its subtree
    ///   (the compositor culls it).
    /// - The test is rectangular (`contains(_:)`): corner radius and mask are ignored.
    package func defaultHitTest(_ p: CGPoint) -> CALayer? {
        var space = treeParent
        while let s = space, s is CATransformLayer { space = s.treeParent }
        return hitTest(point: p, inSpaceOf: space)
    }

    /// Whether the layer is `FramePreparer.maxDepth` (128) or more levels below the root of
    /// its tree: the compositor stops drawing there, so hit testing stops there too. Without
    /// the limit, hitTest recursed once per level and overflowed the stack on a chain of
    /// 20 000 layers. At most 128 steps up.
    package var isBeyondDrawingDepth: Bool {
        var levels = 0
        var p = treeParent
        while let q = p {
            levels += 1
            if levels >= FramePreparer.maxDepth { return true }
            p = q.treeParent
        }
        return false
    }

    /// `hitTest` with the point given in `space`'s coordinates (nil: the root's parent space).
    package func hitTest(point p: CGPoint, inSpaceOf space: CALayer?) -> CALayer? {
        guard !props.animatable.isHidden, !isBeyondDrawingDepth else { return nil }
        if self is CATransformLayer {
            // Never the transform layer itself; its sublayers see the point in `space`, and
            // the nearest of them wins (they share one 3D space, reference §2.8).
            return depthHit(point: p, inSpaceOf: space)?.layer
        }
        let h = LayerSpace.Homography(transform(toAncestor: space))
        let q = h.inverted.apply(p)
        // A single-sided layer seen from behind is not drawn (the compositor culls it), so it
        // and everything flattened into it cannot be hit either.
        if !props.animatable.isDoubleSided && !h.isFrontFacing(at: q) { return nil }
        if props.animatable.masksToBounds && !contains(q) { return nil }
        for child in sublayerStorage.reversed() {
            // Through the open method, so subclasses' overrides take part (q is in the
            // child's superlayer space); transform layers take the internal path.
            let hit = child is CATransformLayer ? child.hitTest(point: q, inSpaceOf: self) : child.hitTest(q)
            if let hit { return hit }
        }
        return contains(q) ? self : nil
    }
}

extension CALayer {
    /// For a CATransformLayer: the hit among its members nearest the viewer at `p` (a point
    /// in `space`, the nearest non-transform ancestor), with its depth (z in `space`, before
    /// flattening; larger is nearer). Nested transform layers take part with their own
    /// nearest member.
    package func depthHit(point p: CGPoint, inSpaceOf space: CALayer?) -> (layer: CALayer, depth: Double)? {
        guard !props.animatable.isHidden, !isBeyondDrawingDepth else { return nil }
        var best: (layer: CALayer, depth: Double)?
        for child in sublayerStorage.reversed() {
            let candidate: (layer: CALayer, depth: Double)?
            if child is CATransformLayer {
                candidate = child.depthHit(point: p, inSpaceOf: space)
            } else if let hit = child.hitTest(point: p, inSpaceOf: space) {
                candidate = (hit, child.planeDepth(at: p, inSpaceOf: space))
            } else {
                candidate = nil
            }
            guard let c = candidate, c.depth.isFinite || best == nil else { continue }
            if best == nil || c.depth > best!.depth { best = c }
        }
        return best
    }

    /// The z (in `space`, unflattened) of this layer's plane under the point `p` of `space`.
    package func planeDepth(at p: CGPoint, inSpaceOf space: CALayer?) -> Double {
        var m = CATransform3DIdentity
        var l: CALayer? = self
        while let cur = l, cur !== space {
            // The last level into `space` flattens; depth needs the z it drops.
            let level = cur.treeParent === space ? cur.unflattenedTransformToParentSpace : cur.transformToParentSpace
            m = CATransform3DConcat(m, level)
            l = cur.treeParent
        }
        let q = LayerSpace.Homography(m).inverted.apply(p)
        let x = Double(q.x), y = Double(q.y)
        let z = x * Double(m.m13) + y * Double(m.m23) + Double(m.m43)
        let w = x * Double(m.m14) + y * Double(m.m24) + Double(m.m44)
        return w != 0 ? z / w : -.infinity
    }

    /// `transformToParentSpace` without the final flattening (z kept).
    package var unflattenedTransformToParentSpace: CATransform3D {
        var m = ownTransform3D
        if let s = superlayerStorage {
            let b = s.anchorInBounds
            if !CATransform3DIsIdentity(s.props.animatable.sublayerTransform) {
                m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(-b.x), CGFloat(-b.y), CGFloat(-b.z)))
                m = CATransform3DConcat(m, s.props.animatable.sublayerTransform)
                m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(b.x), CGFloat(b.y), CGFloat(b.z)))
            }
        }
        return m
    }
}

/// Projective helpers for layer-space conversions.
package enum LayerSpace {
    /// diag(1, 1, 0, 1): drop z (flatten into the parent's plane).
    package static let flatten = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                               m21: 0, m22: 1, m23: 0, m24: 0,
                                               m31: 0, m32: 0, m33: 0, m34: 0,
                                               m41: 0, m42: 0, m43: 0, m44: 1)

    package static func corners(_ r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
         CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }

    /// A 3x3 projective map of the plane in row-vector form: [x y 1]·H = [X Y W].
    package struct Homography {
        package var m: [Double]  // row-major 3x3

        /// Whether the map keeps the plane's orientation at `p` (a point of the source
        /// plane): the sign of its Jacobian, det(H)·W (W of `p`'s image). A layer seen from
        /// behind (turned past 90° about x or y) is mirrored: false.
        package func isFrontFacing(at p: CGPoint) -> Bool {
            let det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
            let w = Double(p.x) * m[2] + Double(p.y) * m[5] + m[8]
            return det * w > 0
        }

        package init(_ m: [Double]) { self.m = m }

        /// The restriction of a 4x4 transform to the z = 0 plane, dropping output z.
        package init(_ t: CATransform3D) { m = t.planeHomography }

        /// Applies the map with the perspective divide; (nan, nan) for a non-finite result.
        package func apply(_ p: CGPoint) -> CGPoint {
            let x = Double(p.x), y = Double(p.y)
            let X = x * m[0] + y * m[3] + m[6]
            let Y = x * m[1] + y * m[4] + m[7]
            let W = x * m[2] + y * m[5] + m[8]
            let rx = X / W, ry = Y / W
            guard rx.isFinite, ry.isFinite else { return CGPoint(x: Double.nan, y: Double.nan) }
            return CGPoint(x: rx, y: ry)
        }

        /// self first, then `next`.
        package func then(_ next: Homography) -> Homography {
            var r = [Double](repeating: 0, count: 9)
            for i in 0..<3 {
                for j in 0..<3 {
                    r[i * 3 + j] = m[i * 3] * next.m[j] + m[i * 3 + 1] * next.m[3 + j] + m[i * 3 + 2] * next.m[6 + j]
                }
            }
            return Homography(r)
        }

        /// The inverse; all-NaN when singular (then every point converts to (nan, nan)).
        package var inverted: Homography {
            let a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], i = m[8]
            let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
            let det = a * A + b * B + c * C
            guard det != 0, det.isFinite else { return Homography([Double](repeating: .nan, count: 9)) }
            let inv = [A, -(b * i - c * h), b * f - c * e,
                       B, a * i - c * g, -(a * f - c * d),
                       C, -(a * h - b * g), a * e - b * d]
            return Homography(inv.map { $0 / det })
        }
    }
}
