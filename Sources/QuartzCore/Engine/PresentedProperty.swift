import Foundation

/// How the animation engine reads a layer property as an `AnimatableValue` and writes a
/// presented value back (into a presentation copy, whose setters just store).
///
/// The CALayer properties animations usually touch (geometry, opacity, colours, transforms…)
/// read and write `LayerProperties` fields directly, with no `Any` boxing — the per-frame path
/// for thousands of layers. Every other property (subclass properties such as CAShapeLayer's
/// `strokeEnd` or CAGradientLayer's `colors`, `contents`, `shadowPath`) goes through the class's
/// `LayerPropertyTable` with `AnimationValues` conversion, and keys that are no property at
/// all through the values stored by `setValue(_:forKey:)` (custom properties of subclasses).
package struct PresentedProperty: @unchecked Sendable {
    /// The property's key ("position").
    package let key: String
    /// The current value; nil when the property holds nil (no colour, no path, no contents).
    package let read: (CALayer) -> AnimatableValue?
    package let write: (CALayer, AnimatableValue) -> Void
    /// Set for the LayerProperties fields the engine's shortcut writes without closures.
    package var field: DirectField? = nil

    /// The accessor for `key` on layers of `layer`'s class, or nil when the key is neither a
    /// property of that class nor a value stored on the layer or defaulted by the class.
    package static func lookup(_ key: String, on layer: CALayer) -> PresentedProperty? {
        if let fast = direct[key] { return fast }
        if let property = type(of: layer).propertyTable[key] {
            return PresentedProperty(
                key: key,
                read: { AnimationValues.animatable(property.get($0)) },
                write: { layer, value in _ = property.set(layer, AnimationValues.any(value, like: property.get(layer))) })
        }
        // A key the class redraws for (`needsDisplay(forKey:)`) is a custom property even before
        // its first `setValue(_:forKey:)`: it reads as nil until then.
        guard layer.props.extraValues[key] != nil || type(of: layer).defaultValue(forKey: key) != nil
                || type(of: layer).needsDisplay(forKey: key) else { return nil }
        return PresentedProperty(
            key: key,
            read: { AnimationValues.animatable($0.props.extraValues[key] ?? type(of: $0).defaultValue(forKey: key)) },
            write: { layer, value in
                let original = layer.props.extraValues[key] ?? type(of: layer).defaultValue(forKey: key)
                layer.props.extraValues[key] = BoxedValue.reboxed(AnimationValues.any(value, like: original), like: original)
            })
    }

    // MARK: Direct accessors of LayerProperties fields
    //
    // Spelled out per field (no key paths): key-path application costs more than the whole
    // evaluation of a simple animation.

    private typealias Read = (CALayer) -> AnimatableValue?
    private typealias Write = (CALayer, AnimatableValue) -> Void

    private static func entry(_ key: String, _ read: @escaping Read, _ write: @escaping Write) -> (String, PresentedProperty) {
        (key, PresentedProperty(key: key, read: read, write: write,
                                field: DirectField.allCases.first { "\($0)" == key }))
    }

    private static func finite(_ p: CGPoint) -> Bool { !p.x.isNaN && !p.y.isNaN }
    private static func finite(_ r: CGRect) -> Bool {
        !r.origin.x.isNaN && !r.origin.y.isNaN && !r.size.width.isNaN && !r.size.height.isNaN
    }

    private static let direct: [String: PresentedProperty] = Dictionary(uniqueKeysWithValues: [
        entry("bounds", { .rect($0.props.bounds) }, { if case .rect(let v) = $1, finite(v) { $0.props.bounds = v } }),
        entry("position", { .point($0.props.position) }, { if case .point(let v) = $1, finite(v) { $0.props.position = v } }),
        entry("zPosition", { .scalar(Double($0.props.zPosition)) }, { if case .scalar(let v) = $1, !v.isNaN { $0.props.zPosition = CGFloat(v) } }),
        entry("anchorPoint", { .point($0.props.anchorPoint) }, { if case .point(let v) = $1, finite(v) { $0.props.anchorPoint = v } }),
        entry("anchorPointZ", { .scalar(Double($0.props.anchorPointZ)) }, { if case .scalar(let v) = $1, !v.isNaN { $0.props.anchorPointZ = CGFloat(v) } }),
        entry("transform", { .transform($0.props.transform) }, { if case .transform(let v) = $1 { $0.props.transform = v } }),
        entry("sublayerTransform", { .transform($0.props.sublayerTransform) }, { if case .transform(let v) = $1 { $0.props.sublayerTransform = v } }),
        entry("hidden", { .bool($0.props.isHidden) }, { if case .bool(let v) = $1 { $0.props.isHidden = v } }),
        entry("opacity", { .scalar(Double($0.props.opacity)) }, { if case .scalar(let v) = $1, !v.isNaN { $0.props.opacity = Float(v) } }),
        entry("backgroundColor", { l in l.props.backgroundColor.map { .color(RGBAColor($0)) } },
              { if case .color(let v) = $1 { $0.props.backgroundColor = v.cgColor } }),
        entry("cornerRadius", { .scalar(Double($0.props.cornerRadius)) }, { if case .scalar(let v) = $1, !v.isNaN { $0.props.cornerRadius = CGFloat(v) } }),
        entry("borderWidth", { .scalar(Double($0.props.borderWidth)) }, { if case .scalar(let v) = $1, !v.isNaN { $0.props.borderWidth = CGFloat(v) } }),
        entry("borderColor", { l in l.props.borderColor.map { .color(RGBAColor($0)) } },
              { if case .color(let v) = $1 { $0.props.borderColor = v.cgColor } }),
        entry("shadowColor", { l in l.props.shadowColor.map { .color(RGBAColor($0)) } },
              { if case .color(let v) = $1 { $0.props.shadowColor = v.cgColor } }),
        entry("shadowOpacity", { .scalar(Double($0.props.shadowOpacity)) }, { if case .scalar(let v) = $1, !v.isNaN { $0.props.shadowOpacity = Float(v) } }),
        entry("shadowOffset", { .size($0.props.shadowOffset) }, { if case .size(let v) = $1 { $0.props.shadowOffset = v } }),
        entry("shadowRadius", { .scalar(Double($0.props.shadowRadius)) }, { if case .scalar(let v) = $1, !v.isNaN { $0.props.shadowRadius = CGFloat(v) } }),
        entry("masksToBounds", { .bool($0.props.masksToBounds) }, { if case .bool(let v) = $1 { $0.props.masksToBounds = v } }),
        entry("doubleSided", { .bool($0.props.isDoubleSided) }, { if case .bool(let v) = $1 { $0.props.isDoubleSided = v } }),
        entry("contentsRect", { .rect($0.props.contentsRect) }, { if case .rect(let v) = $1 { $0.props.contentsRect = v } }),
        entry("contentsCenter", { .rect($0.props.contentsCenter) }, { if case .rect(let v) = $1 { $0.props.contentsCenter = v } }),
        entry("contentsScale", { .scalar(Double($0.props.contentsScale)) }, { if case .scalar(let v) = $1, !v.isNaN { $0.props.contentsScale = CGFloat(v) } }),
        entry("shouldRasterize", { .bool($0.props.shouldRasterize) }, { if case .bool(let v) = $1 { $0.props.shouldRasterize = v } }),
        entry("rasterizationScale", { .scalar(Double($0.props.rasterizationScale)) },
              { if case .scalar(let v) = $1, !v.isNaN { $0.props.rasterizationScale = CGFloat(v) } }),
        entry("minificationFilterBias", { .scalar(Double($0.props.minificationFilterBias)) },
              { if case .scalar(let v) = $1, !v.isNaN { $0.props.minificationFilterBias = Float(v) } }),
    ])
}
