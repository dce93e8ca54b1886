import Foundation
import LaminaCompositor

// The model's accessors of the render server's `PresentedProperty` (LaminaCompositor/Server):
// how the animation engine reads a CALayer property as an `AnimatableValue` and writes a
// presented value back (into a presentation copy, whose setters just store).
//
// The CALayer properties animations usually touch (geometry, opacity, colours, transforms…)
// read and write `LayerProperties` fields directly, with no `Any` boxing — the per-frame path
// for thousands of layers. Every other property (subclass properties such as CAShapeLayer's
// `strokeEnd` or CAGradientLayer's `colors`, `contents`, `shadowPath`) goes through the class's
// `LayerPropertyTable` with `AnimationValues` conversion, and keys that are no property at
// all through the values stored by `setValue(_:forKey:)` (custom properties of subclasses).
extension PresentedProperty {
    /// The accessor for `key` on layers of `layer`'s class, or nil when the key is neither a
    /// property of that class nor a value stored on the layer or defaulted by the class.
    package static func lookup(_ key: String, on layer: CALayer) -> PresentedProperty? {
        if let fast = direct[key] { return fast }
        // ("emitterCells.NAME.KEY" is a property of an emitter layer: CAEmitterLayer+KeyPaths.swift.)
        if let property = type(of: layer).propertyTable[key] ?? (layer as? CAEmitterLayer)?.cellProperty(keyPath: key) {
            return PresentedProperty(
                key: key,
                read: { AnimationValues.animatable(property.get(CALayer.model($0))) },
                write: { layer, value in
                    let layer = CALayer.model(layer)
                    _ = property.set(layer, AnimationValues.any(value, like: property.get(layer)))
                },
                writeNode: property.writeNode.map { writeNode in
                    { node, value, like in
                        writeNode(&node, AnimationValues.any(value, like: like.flatMap { property.get(CALayer.model($0)) }))
                    }
                })
        }
        // A key the class redraws for (`needsDisplay(forKey:)`) is a custom property even before
        // its first `setValue(_:forKey:)`: it reads as nil until then.
        guard layer.props.extraValues[key] != nil || type(of: layer).defaultValue(forKey: key) != nil
                || type(of: layer).needsDisplay(forKey: key) else { return nil }
        return PresentedProperty(
            key: key,
            read: {
                let layer = CALayer.model($0)
                return AnimationValues.animatable(layer.props.extraValues[key] ?? type(of: layer).defaultValue(forKey: key))
            },
            write: { layer, value in
                let layer = CALayer.model(layer)
                let original = layer.props.extraValues[key] ?? type(of: layer).defaultValue(forKey: key)
                layer.props.extraValues[key] = BoxedValue.reboxed(AnimationValues.any(value, like: original), like: original)
            })
    }

    // MARK: Direct accessors of LayerProperties fields

    /// One accessor per `DirectField`, reading and writing through `PresentedLayerValues`
    /// (where the fields' value rule lives) with no key paths: key-path application costs
    /// more than the whole evaluation of a simple animation.
    private static let direct: [String: PresentedProperty] = Dictionary(uniqueKeysWithValues: DirectField.allCases.map { field in
        (field.key, PresentedProperty(key: field.key,
                                      read: { PresentedLayerValues.read(field, of: CALayer.model($0)) },
                                      write: { field.write($1, to: CALayer.model($0)) },
                                      field: field))
    })
}

extension CALayer {
    /// The CALayer behind a model layer the render server handed back (every
    /// `ModelLayerContent` is a CALayer: QuartzCore is the only model).
    @inline(__always)
    static func model(_ content: any ModelLayerContent) -> CALayer {
        unsafeDowncast(content, to: CALayer.self)
    }
}
