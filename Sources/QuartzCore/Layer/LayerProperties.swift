import Foundation

/// Every stored model value of a plain CALayer, with Apple's defaults (reference §1.2).
///
/// A struct so that `init(layer:)` copies a layer's state in one assignment and a snapshot
/// costs no allocations beyond the reference-typed members. Geometry is in the layer's own
/// bounds space (`bounds`) or its superlayer's bounds space (`position`, `zPosition`), in
/// points, iOS orientation (origin top-left, y down).
package struct LayerProperties {
    // The animatable fields: declared (type, Apple's default) in AnimatableLayerFields.swift.
    // BEGIN GENERATED animatable fields (AnimatableLayerFields.swift; do not edit)
    package var opacity: Float = 1
    package var position: CGPoint = .zero
    package var bounds: CGRect = .zero
    package var transform: CATransform3D = CATransform3DIdentity
    package var isHidden: Bool = false
    package var masksToBounds: Bool = false
    package var isDoubleSided: Bool = true
    package var shouldRasterize: Bool = false
    package var shadowOpacity: Float = 0
    package var zPosition: CGFloat = 0
    package var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var cornerRadius: CGFloat = 0
    package var borderWidth: CGFloat = 0
    package var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var rasterizationScale: CGFloat = 1
    package var minificationFilterBias: Float = 0
    package var backgroundColor: CGColor? = nil
    package var borderColor: CGColor? = CGColor(gray: 0, alpha: 1)
    package var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1)
    package var sublayerTransform: CATransform3D = CATransform3DIdentity
    // END GENERATED animatable fields

    // Geometry and appearance
    package var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                               .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    package var cornerCurve: CALayerCornerCurve = .circular
    package var shadowPath: CGPath? = nil
    package var isGeometryFlipped = false

    // Contents
    package var contents: Any? = nil
    package var contentsGravity: CALayerContentsGravity = .resize
    package var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    package var minificationFilter: CALayerContentsFilter = .linear
    package var magnificationFilter: CALayerContentsFilter = .linear

    // Filters: kept for source compatibility; Lamina renders none of them (as iOS ignores
    // `filters`/`backgroundFilters` on layers; `compositingFilter` is macOS).
    package var filters: [Any]? = nil
    package var backgroundFilters: [Any]? = nil
    package var compositingFilter: Any? = nil

    // Rendering hints
    /// iOS default (apps linked against iOS 7 or later): true (§1.2).
    package var allowsGroupOpacity = true
    /// iOS default: false (macOS would be true) (§1.2).
    package var allowsEdgeAntialiasing = false
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge,
                                                               .layerBottomEdge, .layerTopEdge]
    package var isOpaque = false
    package var drawsAsynchronously = false
    package var needsDisplayOnBoundsChange = false

    // Identification and behaviour
    package var name: String? = nil
    package var style: [AnyHashable: Any]? = nil
    package var actions: [String: CAAction]? = nil

    // CAMediaTiming (§7.3)
    package var beginTime: CFTimeInterval = 0
    package var duration: CFTimeInterval = 0
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode: CAMediaTimingFillMode = .removed

    /// Values set through `setValue(_:forKey:)` for keys that are not properties.
    package var extraValues: [String: Any] = [:]

    package init() {}
}
