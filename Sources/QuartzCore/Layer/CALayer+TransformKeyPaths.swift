import Foundation

// Apple's key-value coding extensions for transforms (reference §9.1.6): `transform.rotation.x|y|z`
// (radians; "transform.rotation" is z), `transform.scale.x|y|z`, `transform.scale` (the mean of
// the three scale factors), `transform.translation.x|y|z`, `transform.translation` (a CGSize),
// on `transform` and `sublayerTransform`.
//
// Reading decomposes the matrix with the compositor's decomposition (translation, scale, skew,
// perspective, rotation as Euler angles). Writing replaces that one component and recomposes,
// so setting "transform.rotation.z" on the identity gives the z rotation, and on a scaled
// transform keeps the scale. The whole property then changes through its setter, so the
// action (implicit animation) key is "transform".

extension CALayer {
    private static let transformKeys: Set<String> = ["transform", "sublayerTransform"]

    /// Splits "transform.rotation.z" into the transform property and its sub-key; nil for other
    /// paths.
    private func transformKeyPath(_ path: String) -> (key: String, sub: SubKeyPath)? {
        guard let keyPath = AnimationKeyPath(path), let sub = keyPath.subKey,
              CALayer.transformKeys.contains(keyPath.property) else { return nil }
        return (keyPath.property, sub)
    }

    /// The component as a CGFloat (a CGSize for "translation"), or nil when `path` is not a
    /// transform component path or the matrix cannot be decomposed (singular).
    package func transformComponent(forKeyPath path: String) -> Any? {
        guard let (key, sub) = transformKeyPath(path), let m = kvcValue(forKey: key) as? CATransform3D,
              let c = AnimatableValue.transform(m).component(sub) else { return nil }
        switch c {
        case .scalar(let v): return CGFloat(v)
        case .size(let s): return s
        default: return nil
        }
    }

    /// Sets one transform component; returns false when `path` is not a transform component
    /// path. Values of the wrong type are refused and reported (returns true: handled).
    package func setTransformComponent(_ value: Any?, forKeyPath path: String) -> Bool {
        guard let (key, sub) = transformKeyPath(path) else { return false }
        let component: AnimatableValue?
        if sub == .translation {
            component = (value as? CGSize).map(AnimatableValue.size) ?? (value as? CGPoint).map(AnimatableValue.point)
        } else {
            component = AnyNumber.double(value).flatMap { $0.isFinite ? AnimatableValue.scalar($0) : nil }
        }
        guard let component, let m = kvcValue(forKey: key) as? CATransform3D,
              case .transform(let updated)? = AnimatableValue.transform(m).setting(sub, to: component) else {
            LayerDiagnostics.report(.wrongValueType(key: path, expected: sub == .translation ? "a CGSize" : "a finite number",
                                                    got: value.map { "\(type(of: $0))" } ?? "nil"))
            return true
        }
        kvcSetValue(updated, forKey: key)
        return true
    }
}
