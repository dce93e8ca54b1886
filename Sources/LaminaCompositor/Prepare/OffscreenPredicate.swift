// The single decision of which layers get an offscreen surface (DESIGN.md §2: "offscreen
// surfaces only where an effect needs one, decided in one predicate"). Everything else is
// drawn straight into the surface below, with opacity folded into each piece's alpha.

/// What the predicate needs to know about one layer in this frame.
package struct OffscreenInputs: Hashable, Sendable {
    /// The layer's opacity, sanitized to [0, 1].
    package var opacity: Double
    package var allowsGroupOpacity: Bool
    /// Whether two of the pieces the layer's subtree draws (its own and its descendants',
    /// shadows included) overlap on the device: only then does fading them one by one differ
    /// from fading the group (reference §3.4.3).
    package var piecesOverlap: Bool
    /// The layer has a mask layer that resolves in the tree.
    package var hasMask: Bool
    /// The layer casts a visible shadow and has no shadowPath.
    package var shadowFromAlpha: Bool
    package var shouldRasterize: Bool
    /// CATransformLayers never get a surface (they ignore mask, shadow and group opacity,
    /// reference §2.8.2).
    package var isTransformLayer: Bool

    package init(opacity: Double, allowsGroupOpacity: Bool, piecesOverlap: Bool, hasMask: Bool,
                 shadowFromAlpha: Bool, shouldRasterize: Bool, isTransformLayer: Bool = false) {
        self.opacity = opacity; self.allowsGroupOpacity = allowsGroupOpacity; self.piecesOverlap = piecesOverlap
        self.hasMask = hasMask; self.shadowFromAlpha = shadowFromAlpha; self.shouldRasterize = shouldRasterize
        self.isTransformLayer = isTransformLayer
    }
}

package enum OffscreenPredicate {
    /// Why the layer needs an offscreen surface; empty means it draws straight through.
    /// - group opacity: opacity < 1, allowsGroupOpacity, and overlapping pieces;
    /// - mask: the mask's alpha multiplies the composited layer (shadow included);
    /// - shadow from alpha: the shadow is the blurred composited alpha;
    /// - shouldRasterize: flattened as a whole (the plane surface at rasterizationScale that
    ///   holds it is made by prepare; inside it the layer is still one group, so its opacity
    ///   fades the flattened result).
    package static func reasons(_ i: OffscreenInputs) -> OffscreenReasons {
        if i.isTransformLayer { return [] }
        var r: OffscreenReasons = []
        if i.opacity < 1 && i.allowsGroupOpacity && i.piecesOverlap { r.insert(.groupOpacity) }
        if i.hasMask { r.insert(.mask) }
        if i.shadowFromAlpha { r.insert(.shadowFromAlpha) }
        if i.shouldRasterize { r.insert(.rasterize) }
        return r
    }
}
