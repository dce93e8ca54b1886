// One layer as the compositor sees it: a plain value snapshot of every property that affects
// drawing, in Core Animation's own terms (the prepare pass turns them into matrices and clips).
import CoreGraphics

/// A snapshot of one layer, keyed by `id`. Geometry is in CA terms: `bounds` in the layer's own
/// space (points), `position` in the superlayer's bounds space, `anchorPoint` in unit
/// coordinates of the bounds, `transform` about the anchor point, `sublayerTransform` about the
/// bounds centre (reference §2.7). Every default is Apple's default for a fresh `CALayer()`
/// (reference §1.2).
package struct RenderNode: Hashable, Sendable {
    package var id: RenderNodeID
    /// Sublayers, in sublayer order (back to front before zPosition sorting).
    package var children: [RenderNodeID]
    /// The mask layer: its rendered subtree's alpha, in this layer's bounds space, masks the
    /// layer (and its shadow).
    package var mask: RenderNodeID?
    package var kind: RenderNodeKind

    // Geometry.
    package var bounds: CGRect
    package var position: CGPoint
    package var zPosition: CGFloat
    package var anchorPoint: CGPoint
    package var anchorPointZ: CGFloat
    package var transform: CATransform3D
    package var sublayerTransform: CATransform3D
    package var isGeometryFlipped: Bool
    package var isDoubleSided: Bool

    // Visibility and compositing.
    package var isHidden: Bool
    /// In [0, 1]; NaN is treated as 0 (not drawn) by the compositor.
    package var opacity: Float
    package var allowsGroupOpacity: Bool
    package var allowsEdgeAntialiasing: Bool
    package var masksToBounds: Bool
    package var shouldRasterize: Bool
    package var rasterizationScale: CGFloat

    // Background and border.
    package var backgroundColor: CGColor?
    /// Points, clamped at draw time to half the shorter side of the bounds.
    package var cornerRadius: CGFloat
    package var maskedCorners: RenderCornerMask
    package var cornerCurve: RenderCornerCurve
    /// Points, drawn inside the bounds.
    package var borderWidth: CGFloat
    package var borderColor: CGColor?

    // Shadow.
    package var shadowColor: CGColor?
    package var shadowOpacity: Float
    /// Points, in the layer's bounds space (Apple's default (0, -3)).
    package var shadowOffset: CGSize
    /// Points; see the compositor's sigma mapping.
    package var shadowRadius: CGFloat
    /// In the layer's bounds space.
    package var shadowPath: CGPath?

    // Contents.
    package var contents: RenderContents
    /// Unit rectangle of the image to show (default the whole image).
    package var contentsRect: CGRect
    /// Unit rectangle of the image that stretches (nine-slice); default the whole image.
    package var contentsCenter: CGRect
    package var contentsGravity: RenderContentsGravity
    /// Image pixels per point.
    package var contentsScale: CGFloat
    package var minificationFilter: RenderFilter
    package var magnificationFilter: RenderFilter

    /// A transition running on this layer at the frame's time (nil: none): the compositor
    /// draws the node's subtree through the transition from `before` to the live subtree.
    package var transition: RenderTransition? = nil

    package init(
        id: RenderNodeID, children: [RenderNodeID] = [], mask: RenderNodeID? = nil, kind: RenderNodeKind = .plain,
        bounds: CGRect = .zero, position: CGPoint = .zero, zPosition: CGFloat = 0,
        anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5), anchorPointZ: CGFloat = 0,
        transform: CATransform3D = CATransform3DIdentity, sublayerTransform: CATransform3D = CATransform3DIdentity,
        isGeometryFlipped: Bool = false, isDoubleSided: Bool = true,
        isHidden: Bool = false, opacity: Float = 1, allowsGroupOpacity: Bool = true,
        allowsEdgeAntialiasing: Bool = false, masksToBounds: Bool = false,
        shouldRasterize: Bool = false, rasterizationScale: CGFloat = 1,
        backgroundColor: CGColor? = nil, cornerRadius: CGFloat = 0, maskedCorners: RenderCornerMask = .all,
        cornerCurve: RenderCornerCurve = .circular, borderWidth: CGFloat = 0,
        borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1),
        shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1), shadowOpacity: Float = 0,
        shadowOffset: CGSize = CGSize(width: 0, height: -3), shadowRadius: CGFloat = 3, shadowPath: CGPath? = nil,
        contents: RenderContents = .none, contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
        contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
        contentsGravity: RenderContentsGravity = .resize, contentsScale: CGFloat = 1,
        minificationFilter: RenderFilter = .linear, magnificationFilter: RenderFilter = .linear
    ) {
        self.id = id; self.children = children; self.mask = mask; self.kind = kind
        self.bounds = bounds; self.position = position; self.zPosition = zPosition
        self.anchorPoint = anchorPoint; self.anchorPointZ = anchorPointZ
        self.transform = transform; self.sublayerTransform = sublayerTransform
        self.isGeometryFlipped = isGeometryFlipped; self.isDoubleSided = isDoubleSided
        self.isHidden = isHidden; self.opacity = opacity; self.allowsGroupOpacity = allowsGroupOpacity
        self.allowsEdgeAntialiasing = allowsEdgeAntialiasing; self.masksToBounds = masksToBounds
        self.shouldRasterize = shouldRasterize; self.rasterizationScale = rasterizationScale
        self.backgroundColor = backgroundColor; self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners; self.cornerCurve = cornerCurve
        self.borderWidth = borderWidth; self.borderColor = borderColor
        self.shadowColor = shadowColor; self.shadowOpacity = shadowOpacity
        self.shadowOffset = shadowOffset; self.shadowRadius = shadowRadius; self.shadowPath = shadowPath
        self.contents = contents; self.contentsRect = contentsRect; self.contentsCenter = contentsCenter
        self.contentsGravity = contentsGravity; self.contentsScale = contentsScale
        self.minificationFilter = minificationFilter; self.magnificationFilter = magnificationFilter
    }
}
