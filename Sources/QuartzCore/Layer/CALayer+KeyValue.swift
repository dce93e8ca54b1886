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
            // NSValue boxes (NSValue(point:), NSValue(caTransform3D:)…) set a property as the
            // bare struct would. Values of arbitrary keys are stored as given, as on Apple's.
            if !property.set(self, BoxedValue.unboxed(value)) {
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
                guard let v = BoxedValue.unboxed(type.defaultValue(forKey: property.key)),
                      !property.holds(self, v) else { continue }
                _ = property.set(self, v)
            }
        }
    }

    package static let builtInClasses: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self), ObjectIdentifier(CAGradientLayer.self),
        ObjectIdentifier(CATransformLayer.self), ObjectIdentifier(CAReplicatorLayer.self),
        ObjectIdentifier(CATextLayer.self), ObjectIdentifier(CAScrollLayer.self), ObjectIdentifier(CAEmitterLayer.self),
        ObjectIdentifier(CATiledLayer.self),
    ]
}

// MARK: - Key paths into struct-valued properties ("position.x", "bounds.size.width")

extension CALayer {
    /// `value(forKeyPath:)`: a property, or a field of a point, size or rect property
    /// (Apple's KVC extensions, §9.1.6): x, y, width, height, origin, size, origin.x, origin.y,
    /// size.width, size.height, and transform components ("transform.rotation.z",
    /// CALayer+TransformKeyPaths.swift). nil for unknown paths.
    package func kvcValue(forKeyPath path: String) -> Any? {
        guard let dot = path.firstIndex(of: ".") else { return kvcValue(forKey: path) }
        if let v = transformComponent(forKeyPath: path) { return v }
        let base = kvcValue(forKey: String(path[..<dot]))
        return StructField.read(base, String(path[path.index(after: dot)...]))
    }

    package func kvcSetValue(_ value: Any?, forKeyPath path: String) {
        guard let dot = path.firstIndex(of: ".") else { return kvcSetValue(value, forKey: path) }
        let key = String(path[..<dot])
        let field = String(path[path.index(after: dot)...])
        if setTransformComponent(value, forKeyPath: path) { return }
        guard let updated = StructField.write(kvcValue(forKey: key), field, value) else {
            LayerDiagnostics.report(.wrongValueType(key: path, expected: "a number (or point/size) for a known field",
                                                    got: value.map { "\(type(of: $0))" } ?? "nil"))
            return
        }
        kvcSetValue(updated, forKey: key)
    }
}

/// Fields of CGPoint, CGSize and CGRect by KVC name.
package enum StructField {
    package static func read(_ base: Any?, _ field: String) -> Any? {
        switch base {
        case let p as CGPoint:
            return field == "x" ? p.x : field == "y" ? p.y : nil
        case let s as CGSize:
            return field == "width" ? s.width : field == "height" ? s.height : nil
        case let r as CGRect:
            switch field {
            case "origin": return r.origin
            case "size": return r.size
            case "origin.x": return r.origin.x
            case "origin.y": return r.origin.y
            case "size.width": return r.size.width
            case "size.height": return r.size.height
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `base` with `field` replaced by `value`; nil when the field or the value type is wrong.
    package static func write(_ base: Any?, _ field: String, _ value: Any?) -> Any? {
        let number = AnyNumber.double(value).map { CGFloat($0) }
        switch base {
        case var p as CGPoint:
            guard let n = number else { return nil }
            switch field {
            case "x": p.x = n
            case "y": p.y = n
            default: return nil
            }
            return p
        case var s as CGSize:
            guard let n = number else { return nil }
            switch field {
            case "width": s.width = n
            case "height": s.height = n
            default: return nil
            }
            return s
        case var r as CGRect:
            switch field {
            case "origin": guard let o = value as? CGPoint else { return nil }; r.origin = o
            case "size": guard let s = value as? CGSize else { return nil }; r.size = s
            case "origin.x": guard let n = number else { return nil }; r.origin.x = n
            case "origin.y": guard let n = number else { return nil }; r.origin.y = n
            case "size.width": guard let n = number else { return nil }; r.size.width = n
            case "size.height": guard let n = number else { return nil }; r.size.height = n
            default: return nil
            }
            return r
        default:
            return nil
        }
    }
}
