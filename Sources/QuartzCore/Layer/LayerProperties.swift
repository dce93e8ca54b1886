import Foundation

/// Every stored model value of a plain CALayer, with Apple's defaults (reference §1.2).
///
/// A struct so that `init(layer:)` copies a layer's state in one assignment and a snapshot
/// costs no allocations beyond the reference-typed members. Geometry is in the layer's own
/// bounds space (`bounds`) or its superlayer's bounds space (`position`, `zPosition`), in
/// points, iOS orientation (origin top-left, y down).
@dynamicMemberLookup
package struct LayerProperties {
    /// The animatable fields (opacity, position, bounds, transform, colours…), in their one
    /// storage, declared with Apple's defaults in AnimatableLayerFields.swift. Read and written
    /// by name through `props.opacity` (member lookup) or directly as `props.animatable.opacity`
    /// (what the generated code and the hot paths use).
    package var animatable = LayerFieldValues<CGColor>.modelDefaults

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

    // CAMediaTiming (§7.3): `props.beginTime` etc. through the subscript below.
    package var timing = MediaTimingValues()

    /// Values set through `setValue(_:forKey:)` for keys that are not properties.
    package var extraValues: [String: Any] = [:]

    package init() {}

    /// A CAMediaTiming value by name (`props.beginTime`): `timing`'s.
    package subscript<T>(dynamicMember field: WritableKeyPath<MediaTimingValues, T>) -> T {
        @inline(__always) get { timing[keyPath: field] }
        @inline(__always) set { timing[keyPath: field] = newValue }
    }

    /// An animatable field by name (`props.bounds`): `animatable`'s.
    package subscript<T>(dynamicMember field: WritableKeyPath<LayerFieldValues<CGColor>, T>) -> T {
        @inline(__always) get { animatable[keyPath: field] }
        @inline(__always) set { animatable[keyPath: field] = newValue }
    }
}
