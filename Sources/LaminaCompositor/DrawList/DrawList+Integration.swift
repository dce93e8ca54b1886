// Draw-list values for the two features wired in after the first compositor: 3D rendering
// contexts (a depth-sorted piece of a CATransformLayer member is drawn through a polygon
// clip) and CATransition (two offscreen renderings of a layer's subtree — before the change
// and live — blended by `TransitionRenderer` and placed through the layer's transform).
//
// A transition is bracketed: `beginTransition` … (the "before" subtree) …
// `beginTransitionLive` … (the live subtree) … `endTransition`. Commands inside draw in the
// layer's scaled bounds space (see `TransitionSpec.bounds`), like a projective layer's.
import CoreGraphics

/// One layer's running transition as the executor draws it.
package struct TransitionSpec: Hashable, Sendable {
    package var layer: RenderNodeID
    package var style: TransitionStyle
    /// Effect progress in [0, 1] (already mapped through timing and start/endProgress).
    package var progress: Double
    /// The pixels of the old, new and blended surfaces in the layer's scaled bounds space
    /// (bounds points × `pixelsPerPoint`): the layer's whole visual extent in either state —
    /// its bounds rect and whatever draws outside it (shadows, sublayers not clipped by
    /// masksToBounds) — so nothing is cut mid-transition.
    package var bounds: PixelBox
    /// The layer's bounds rect in surface pixels (relative to the surface's own origin): the
    /// rectangle the planar types move by (a push travels one bounds width, not one surface
    /// width). Equal to the surface rect when nothing draws outside the bounds.
    package var layerRect: CGRect
    /// Surface pixels per bounds point.
    package var pixelsPerPoint: Double
    /// Surface pixel (u, v) (relative to the surface's own origin) → device pixels: the
    /// layer's bounds → device map after the surface → bounds scaling.
    package var surfaceToDevice: Homography
    /// Alpha of the ancestors that fade their descendants one by one (the layer's own opacity
    /// is inside both renderings).
    package var opacity: Double
}

extension DrawList {
    /// Outline lines of the integration commands (see `outline`).
    static func integrationOutline(_ c: DrawCommand) -> String {
        switch c {
        case let .pushPolygonClip(l, p): return "clip \(l) [polygon \(p.count)]"
        case let .beginTransition(s): return "begin \(s.layer) [transition old]"
        case let .beginTransitionLive(l): return "begin \(l) [transition new]"
        case let .endTransition(l): return "end \(l) [transition]"
        default: return ""
        }
    }

    /// The transitions, in the order they begin.
    package var transitions: [TransitionSpec] {
        commands.compactMap { if case let .beginTransition(s) = $0 { return s } else { return nil } }
    }
}
