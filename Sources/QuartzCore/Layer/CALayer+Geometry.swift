import Foundation

// Layer geometry (reference §1.3–1.4, §2.6–2.7): bounds, position, anchor point, frame.

extension CALayer {
    /// `frame`'s setter (§1.3): rewrites `position` and `bounds.size`; see `frame`.
    package func setFrame(_ newValue: CGRect) {
        if newValue.origin.x.isNaN || newValue.origin.y.isNaN || newValue.size.width.isNaN || newValue.size.height.isNaN {
            LayerDiagnostics.report(.invalidGeometry(key: "frame", value: "\(newValue)"))
            return
        }
        let t = props.animatable.transform
        var size = newValue.size
        if !CATransform3DIsIdentity(t) {
            // |a| w + |c| h = W, |b| w + |d| h = H for the axis-aligned box of a linear map.
            let a = abs(Double(t.m11)), b = abs(Double(t.m12)), c = abs(Double(t.m21)), d = abs(Double(t.m22))
            let det = a * d - b * c
            let W = Double(newValue.width), H = Double(newValue.height)
            if abs(det) > 1e-12 {
                let w = (W * d - c * H) / det, h = (a * H - b * W) / det
                size = w >= 0 && h >= 0 && w.isFinite && h.isFinite ? CGSize(width: w, height: h) : props.animatable.bounds.size
            } else {
                size = props.animatable.bounds.size
            }
        }
        let newBounds = CGRect(origin: props.animatable.bounds.origin, size: size)
        var newPosition: CGPoint
        if CATransform3DIsIdentity(t) {
            newPosition = CGPoint(x: newValue.minX + props.animatable.anchorPoint.x * size.width,
                                  y: newValue.minY + props.animatable.anchorPoint.y * size.height)
        } else {
            let current = frameRect(bounds: newBounds, position: props.animatable.position)
            newPosition = CGPoint(x: props.animatable.position.x + newValue.minX - current.minX,
                                  y: props.animatable.position.y + newValue.minY - current.minY)
            if !newPosition.x.isFinite || !newPosition.y.isFinite { newPosition = props.animatable.position }
        }
        position = newPosition
        bounds = newBounds
    }

    /// `frame`'s getter.
    package var computedFrame: CGRect { frameRect(bounds: props.animatable.bounds, position: props.animatable.position) }

    /// The frame the layer would have with `bounds` and `position` and its current anchor and
    /// transform.
    private func frameRect(bounds: CGRect, position: CGPoint) -> CGRect {
        let w = bounds.width, h = bounds.height
        let ax = props.animatable.anchorPoint.x, ay = props.animatable.anchorPoint.y
        if CATransform3DIsIdentity(props.animatable.transform) {
            return CGRect(x: position.x - ax * w, y: position.y - ay * h, width: w, height: h)
        }
        // Corners relative to the anchor, through the transform, then to the position.
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { (u, v) in
            props.animatable.transform.transform(x: Double((u - ax) * w), y: Double((v - ay) * h), z: Double(-props.animatable.anchorPointZ))
        }
        return LayerGeometry.boundingBox(corners.map { h in
            let p = h.projected
            return CGPoint(x: p.x + Double(position.x), y: p.y + Double(position.y))
        })
    }

    /// The anchor point in this layer's bounds coordinates, with anchorPointZ: A_L of §2.7.
    package var anchorInBounds: (x: Double, y: Double, z: Double) {
        let b = props.animatable.bounds
        return (Double(b.minX + props.animatable.anchorPoint.x * b.width),
                Double(b.minY + props.animatable.anchorPoint.y * b.height),
                Double(props.animatable.anchorPointZ))
    }
}

/// Small geometry helpers shared by the layer code.
package enum LayerGeometry {
    /// The axis-aligned bounding box of `points`; `CGRect.null` if any point is not finite.
    package static func boundingBox(_ points: [CGPoint]) -> CGRect {
        guard let first = points.first, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

// MARK: - Scrolling (Apple's CALayer scrolling helpers over CAScrollLayer)

extension CALayer {
    /// The nearest CAScrollLayer strictly above this layer.
    package var enclosingScrollLayer: CAScrollLayer? {
        var l = superlayerStorage
        while let cur = l {
            if let s = cur as? CAScrollLayer { return s }
            l = cur.superlayerStorage
        }
        return nil
    }

    package var computedVisibleRect: CGRect {
        guard let s = enclosingScrollLayer else { return props.animatable.bounds }
        let window = convert(s.bounds, from: s)
        return props.animatable.bounds.intersection(window)
    }

    package func scrollAncestor(to p: CGPoint) {
        guard let s = enclosingScrollLayer else { return }
        s.scroll(to: s.convert(p, from: self))
    }

    package func scrollAncestorToShow(_ r: CGRect) {
        guard let s = enclosingScrollLayer else { return }
        s.scroll(to: s.convert(r, from: self))
    }
}
