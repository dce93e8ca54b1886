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
        guard layer.props.extraValues[key] != nil || type(of: layer).defaultValue(forKey: key) != nil else { return nil }
        return PresentedProperty(
            key: key,
            read: { AnimationValues.animatable($0.props.extraValues[key] ?? type(of: $0).defaultValue(forKey: key)) },
            write: { layer, value in
                let original = layer.props.extraValues[key] ?? type(of: layer).defaultValue(forKey: key)
                layer.props.extraValues[key] = AnimationValues.any(value, like: original)
            })
    }

    // MARK: Direct accessors of LayerProperties fields

    private static func point(_ key: String, _ kp: WritableKeyPath<LayerProperties, CGPoint>) -> PresentedProperty {
        PresentedProperty(key: key, read: { .point($0.props[keyPath: kp]) },
                          write: { if case .point(let v) = $1, !v.x.isNaN, !v.y.isNaN { $0.props[keyPath: kp] = v } })
    }

    private static func size(_ key: String, _ kp: WritableKeyPath<LayerProperties, CGSize>) -> PresentedProperty {
        PresentedProperty(key: key, read: { .size($0.props[keyPath: kp]) },
                          write: { if case .size(let v) = $1 { $0.props[keyPath: kp] = v } })
    }

    private static func rect(_ key: String, _ kp: WritableKeyPath<LayerProperties, CGRect>) -> PresentedProperty {
        PresentedProperty(key: key, read: { .rect($0.props[keyPath: kp]) },
                          write: { if case .rect(let v) = $1 { $0.props[keyPath: kp] = v } })
    }

    private static func cgFloat(_ key: String, _ kp: WritableKeyPath<LayerProperties, CGFloat>) -> PresentedProperty {
        PresentedProperty(key: key, read: { .scalar(Double($0.props[keyPath: kp])) },
                          write: { if case .scalar(let v) = $1, !v.isNaN { $0.props[keyPath: kp] = CGFloat(v) } })
    }

    private static func float(_ key: String, _ kp: WritableKeyPath<LayerProperties, Float>) -> PresentedProperty {
        PresentedProperty(key: key, read: { .scalar(Double($0.props[keyPath: kp])) },
                          write: { if case .scalar(let v) = $1, !v.isNaN { $0.props[keyPath: kp] = Float(v) } })
    }

    private static func bool(_ key: String, _ kp: WritableKeyPath<LayerProperties, Bool>) -> PresentedProperty {
        PresentedProperty(key: key, read: { .bool($0.props[keyPath: kp]) },
                          write: { if case .bool(let v) = $1 { $0.props[keyPath: kp] = v } })
    }

    private static func transform(_ key: String, _ kp: WritableKeyPath<LayerProperties, CATransform3D>) -> PresentedProperty {
        PresentedProperty(key: key, read: { .transform($0.props[keyPath: kp]) },
                          write: { if case .transform(let v) = $1 { $0.props[keyPath: kp] = v } })
    }

    private static func color(_ key: String, _ kp: WritableKeyPath<LayerProperties, CGColor?>) -> PresentedProperty {
        PresentedProperty(key: key, read: { layer in layer.props[keyPath: kp].map { .color(RGBAColor($0)) } },
                          write: { if case .color(let v) = $1 { $0.props[keyPath: kp] = v.cgColor } })
    }

    private static let direct: [String: PresentedProperty] = {
        let list: [PresentedProperty] = [
            rect("bounds", \.bounds), point("position", \.position), cgFloat("zPosition", \.zPosition),
            point("anchorPoint", \.anchorPoint), cgFloat("anchorPointZ", \.anchorPointZ),
            transform("transform", \.transform), transform("sublayerTransform", \.sublayerTransform),
            bool("hidden", \.isHidden), float("opacity", \.opacity), color("backgroundColor", \.backgroundColor),
            cgFloat("cornerRadius", \.cornerRadius), cgFloat("borderWidth", \.borderWidth),
            color("borderColor", \.borderColor), color("shadowColor", \.shadowColor),
            float("shadowOpacity", \.shadowOpacity), size("shadowOffset", \.shadowOffset),
            cgFloat("shadowRadius", \.shadowRadius), bool("masksToBounds", \.masksToBounds),
            bool("doubleSided", \.isDoubleSided), rect("contentsRect", \.contentsRect),
            rect("contentsCenter", \.contentsCenter), cgFloat("contentsScale", \.contentsScale),
            bool("shouldRasterize", \.shouldRasterize), cgFloat("rasterizationScale", \.rasterizationScale),
            float("minificationFilterBias", \.minificationFilterBias),
        ]
        return Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0) })
    }()
}
