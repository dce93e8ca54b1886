import Foundation

// Key-value coding over the property table, and arbitrary keys stored on the layer.

extension CALayer {
    package func kvcValue(forKey key: String) -> Any? {
        if let property = type(of: self).propertyTable[key] { return property.get(self) }
        if let v = props.extraValues[key] { return v }
        return type(of: self).defaultValue(forKey: key)
    }

    package func kvcSetValue(_ value: Any?, forKey key: String) {
        if let property = type(of: self).propertyTable[key] {
            if !property.set(self, value) {
                LayerDiagnostics.report(.wrongValueType(key: key, expected: property.expected,
                                                        got: value.map { "\(type(of: $0))" } ?? "nil"))
            }
            return
        }
        // Any other key: stored, recorded and posted like a property (custom properties post
        // events named after themselves, §5.5.5).
        let old = props.extraValues[key]
        if CALayer.sameObject(old, value) || CALayer.sameValue(old, value) { return }
        changeValue(forKey: key, oldValue: old) { layer in
            if let value { layer.props.extraValues[key] = value } else { layer.props.extraValues[key] = nil }
        }
    }

    /// Equality for values of arbitrary keys when both are of one hashable type.
    private static func sameValue(_ a: Any?, _ b: Any?) -> Bool {
        guard let a = a as? AnyHashable, let b = b as? AnyHashable else { return false }
        return a == b
    }

    /// Applies `defaultValue(forKey:)` overrides of user subclasses to a new layer's
    /// properties, so a subclass that overrides e.g. `defaultValue(forKey: "opacity")` starts
    /// with that value, as on Apple's platforms. Lamina's own classes keep their stored
    /// defaults (which the table reports), so this costs nothing for them.
    package func applyClassDefaults() {
        let type = type(of: self)
        guard !CALayer.builtInClasses.contains(ObjectIdentifier(type)) else { return }
        withoutRecording {
            for property in type.propertyTable.properties where property.archive != nil {
                // Only differing values are written, so overridden setters of the subclass run
                // just for the defaults it actually changes.
                guard let v = type.defaultValue(forKey: property.key), !property.holds(self, v) else { continue }
                _ = property.set(self, v)
            }
        }
    }

    package static let builtInClasses: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self), ObjectIdentifier(CAGradientLayer.self),
        ObjectIdentifier(CATransformLayer.self), ObjectIdentifier(CAReplicatorLayer.self),
        ObjectIdentifier(CATextLayer.self), ObjectIdentifier(CAScrollLayer.self),
    ]
}
