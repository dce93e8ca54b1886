// The transitions made of whole planes: fade, push, moveIn, reveal, cube and oglFlip. Each
// frame is a short list of draws of the old or new rendering through a 4x4 in the layer's
// bounds space, so the compositor can chain them with the layer's own bounds → device
// matrix (no intermediate surface, no clipping to the bounds, perspective preserved).
import CoreGraphics

/// One plane of a transition frame.
package struct TransitionDraw: Sendable, Equatable {
    package enum Source: Sendable, Equatable { case old, new }

    /// Which rendering to draw (it covers the layer's bounds rect).
    package var source: Source
    /// Layer bounds space → layer bounds space, row-vector convention, may hold perspective.
    /// To draw: flatten, then the layer's bounds → device matrix:
    /// `CATransform3DConcat(CATransform3DConcat(transform, LayerGeometry.flatten), layerToDevice)`.
    package var transform: CATransform3D
    /// Multiplies the rendering's alpha.
    package var opacity: Double
    /// False for the 3D types: a plane showing its back is not drawn (cull by the sign of the
    /// projected area, `ProjectedPlane.isVisible(doubleSided:)`).
    package var doubleSided: Bool
    /// True for the cross-fade: the two draws are *added* (old·(1 − p) + new·p), not composited
    /// with source-over, so an opaque layer stays opaque mid-fade.
    package var additive: Bool

    package init(source: Source, transform: CATransform3D, opacity: Double = 1, doubleSided: Bool = true, additive: Bool = false) {
        self.source = source; self.transform = transform; self.opacity = opacity
        self.doubleSided = doubleSided; self.additive = additive
    }
}

package enum PlanarTransition {
    /// Eye distance for cube and flip, as a multiple of the layer's extent along the motion
    /// (width for fromLeft/fromRight, height otherwise): m34 = −1/(1.5·extent), about 1/500
    /// for a 320-point-wide layer, the usual "natural" perspective (reference §2.5.1).
    package static let eyeDistanceFactor = 1.5

    /// The draws of one frame, back to front, for a layer whose bounds rect is `bounds`
    /// (points); nil for the types that are not planar (pageCurl, pageUnCurl, barsSwipe),
    /// which `TransitionRenderer` renders to a surface. `progress` is clamped to [0, 1]
    /// (NaN counts as 0).
    package static func draws(_ style: TransitionStyle, progress p0: Double, bounds: CGRect) -> [TransitionDraw]? {
        let p = p0.isNaN ? 0 : min(1, max(0, p0))
        let b = bounds.standardized
        let w = Double(b.width), h = Double(b.height)
        let sub = style.subtype
        let (mx, my) = sub.motion
        func shift(_ f: Double) -> CATransform3D {
            CATransform3DMakeTranslation(CGFloat(mx * w * f), CGFloat(my * h * f), 0)
        }
        switch style.type {
        case .fade:
            return [TransitionDraw(source: .old, transform: CATransform3DIdentity, opacity: 1 - p, additive: true),
                    TransitionDraw(source: .new, transform: CATransform3DIdentity, opacity: p, additive: true)]
        case .push:
            // New starts one extent back along the motion (at the subtype's edge) and ends in
            // place; old moves one extent along the motion.
            return [TransitionDraw(source: .old, transform: shift(p)),
                    TransitionDraw(source: .new, transform: shift(p - 1))]
        case .moveIn:
            return [TransitionDraw(source: .old, transform: CATransform3DIdentity),
                    TransitionDraw(source: .new, transform: shift(p - 1))]
        case .reveal:
            return [TransitionDraw(source: .new, transform: CATransform3DIdentity),
                    TransitionDraw(source: .old, transform: shift(p))]
        case .cube:
            return cube(sub, p, b)
        case .oglFlip:
            return flip(sub, p, b)
        case .pageCurl, .pageUnCurl, .barsSwipe:
            return nil
        }
    }

    /// Perspective about the bounds centre, eye at `d` points.
    static func perspective(_ b: CGRect, _ d: Double) -> CATransform3D {
        var pm = CATransform3DIdentity
        pm.m34 = CGFloat(-1 / d)
        let t = CATransform3DConcat(CATransform3DMakeTranslation(-b.midX, -b.midY, 0), pm)
        return CATransform3DConcat(t, CATransform3DMakeTranslation(b.midX, b.midY, 0))
    }

    /// A cube of depth D (the extent along the motion) whose front face is the layer: the old
    /// rendering is the front face, the new one the face on the subtype's side; the cube turns
    /// about its centre (D/2 behind the layer) by p·90° to bring the new face to the front.
    static func cube(_ sub: TransitionSubtype, _ p: Double, _ b: CGRect) -> [TransitionDraw] {
        let w = b.width, h = b.height
        let D = sub.isHorizontal ? w : h
        let q = CGFloat.pi / 2
        // Bounds → (u, v) with the origin at the bounds' top-left corner.
        let toUV = CATransform3DMakeTranslation(-b.minX, -b.minY, 0)
        // Faces in cube coordinates (origin at the cube centre). The front face is the layer;
        // a side face's content edge next to the front face shares that face's edge, e.g. for
        // fromRight the new face's left edge is the front's right edge and its content runs
        // back along −z: (u, v) → (w/2, v − h/2, w/2 − u), rotation +90° about y then a shift.
        let front = CATransform3DConcat(toUV, CATransform3DMakeTranslation(-w / 2, -h / 2, D / 2))
        let faceRotation: CATransform3D, faceShift: CATransform3D, turn: CATransform3D
        let a = q * CGFloat(p)
        switch sub {
        case .fromRight:
            faceRotation = CATransform3DMakeRotation(q, 0, 1, 0)
            faceShift = CATransform3DMakeTranslation(w / 2, -h / 2, w / 2)
            turn = CATransform3DMakeRotation(-a, 0, 1, 0)
        case .fromLeft:
            faceRotation = CATransform3DMakeRotation(-q, 0, 1, 0)
            faceShift = CATransform3DMakeTranslation(-w / 2, -h / 2, -w / 2)
            turn = CATransform3DMakeRotation(a, 0, 1, 0)
        case .fromTop:
            faceRotation = CATransform3DMakeRotation(q, 1, 0, 0)
            faceShift = CATransform3DMakeTranslation(-w / 2, -h / 2, -h / 2)
            turn = CATransform3DMakeRotation(-a, 1, 0, 0)
        case .fromBottom:
            faceRotation = CATransform3DMakeRotation(-q, 1, 0, 0)
            faceShift = CATransform3DMakeTranslation(-w / 2, h / 2, h / 2)
            turn = CATransform3DMakeRotation(a, 1, 0, 0)
        }
        let side = CATransform3DConcat(CATransform3DConcat(toUV, faceRotation), faceShift)
        // Turn about the cube centre, put the centre D/2 behind the layer's centre, project.
        var back = CATransform3DConcat(turn, CATransform3DMakeTranslation(b.midX, b.midY, -D / 2))
        back = CATransform3DConcat(back, perspective(b, eyeDistanceFactor * Double(D)))
        return [TransitionDraw(source: .old, transform: CATransform3DConcat(front, back), doubleSided: false),
                TransitionDraw(source: .new, transform: CATransform3DConcat(side, back), doubleSided: false)]
    }

    /// A card turning about its centre line by p·180°; the new rendering is its back (turned
    /// a further 180°, so it ends unmirrored). The subtype's edge comes toward the viewer.
    static func flip(_ sub: TransitionSubtype, _ p: Double, _ b: CGRect) -> [TransitionDraw] {
        let pi = Double.pi
        // Row vectors: about +y, z' = −x·sin a, so a > 0 brings the left (x < 0) edge forward;
        // about +x, z' = y·sin a, so a < 0 brings the top (y < 0) edge forward.
        let (a, axis): (Double, (CGFloat, CGFloat, CGFloat)) = switch sub {
        case .fromLeft: (pi * p, (0, 1, 0))
        case .fromRight: (-pi * p, (0, 1, 0))
        case .fromTop: (-pi * p, (1, 0, 0))
        case .fromBottom: (pi * p, (1, 0, 0))
        }
        let extent = sub.isHorizontal ? b.width : b.height
        func card(_ angle: Double) -> CATransform3D {
            var t = CATransform3DMakeTranslation(-b.midX, -b.midY, 0)
            t = CATransform3DConcat(t, CATransform3DMakeRotation(CGFloat(angle), axis.0, axis.1, axis.2))
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(b.midX, b.midY, 0))
            return CATransform3DConcat(t, perspective(b, eyeDistanceFactor * Double(extent)))
        }
        let backAngle = a > 0 || (a == 0 && (sub == .fromLeft || sub == .fromBottom)) ? a - pi : a + pi
        return [TransitionDraw(source: .old, transform: card(a), doubleSided: false),
                TransitionDraw(source: .new, transform: card(backAngle), doubleSided: false)]
    }
}
