import CoreGraphics

// The render server's adapter over the compositor's transform component math, for the hot case
// of "transform.rotation.z"-style animations evaluated every frame.
//
// `AnimationSpec.apply` reads a transform component by decomposing the underlying matrix and
// writes it back by decomposing and recomposing it again — two decompositions per animation
// per frame, although the underlying matrix (usually the model transform) rarely changes.
// Here: an identity underlying transform (the common case) needs no decomposition at all —
// its components are known and setting one gives the plain rotation/scale/translation matrix
// — and for other matrices the decomposition (with the component read from it) is cached per
// animation until the matrix changes, so a frame only recomposes. Results equal the compositor's `component`/`setting` (up to rounding, ~1e-15).

extension PresentationEvaluation {
    /// Whether `spec` animates a component of a transform property (rotation, scale,
    /// translation), which `applyTransformComponent` evaluates.
    package static func isTransformComponent(_ spec: AnimationSpec) -> Bool {
        guard let keyPath = spec.keyPath, keyPath.subKey != nil else { return false }
        return keyPath.property == "transform" || keyPath.property == "sublayerTransform"
    }

    /// `spec.apply(at:property:to:previous:)` for a transform-component spec at top level.
    package static func applyTransformComponent(
        _ spec: AnimationSpec, at t: Double, to m: CATransform3D, runtime: CommittedGeneralAnimation) -> CATransform3D {
        guard let sub = spec.keyPath?.subKey else { return m }
        let isIdentity = CATransform3DIsIdentity(m)
        let component: AnimatableValue
        var editor: TransformComponentEditor?
        if isIdentity {
            component = identityComponent(sub)
        } else if let cached = runtime.componentCache, cached.matrix == m {
            component = cached.value
            editor = cached.editor
        } else {
            // Rotation and scale components are read from a decomposition that is kept to set
            // them: the matrix is decomposed once, not once per frame.
            if TransformComponentEditor.decomposes(sub) { editor = TransformComponentEditor(m) }
            guard let c = editor?.component(sub) ?? AnimatableValue.transform(m).component(sub) else { return m }
            runtime.componentCache = (m, c, editor)
            component = c
        }
        guard let animated = spec.evaluate(at: t, underlying: component, previous: runtime.previous?.component(sub)) else {
            return m
        }
        if isIdentity, let direct = identity(setting: sub, to: animated) { return direct }
        if let editor {
            return editor.setting(sub, to: animated) ?? m
        }
        guard case .transform(let r)? = AnimatableValue.transform(m).setting(sub, to: animated) else { return m }
        return r
    }

    /// The components of the identity matrix.
    private static func identityComponent(_ sub: SubKeyPath) -> AnimatableValue {
        switch sub {
        case .scale, .scaleX, .scaleY, .scaleZ, .scaleXY: return .scalar(1)
        case .translation: return .size(.zero)
        default: return .scalar(0)
        }
    }

    /// The identity with one component set: the plain matrix of that component.
    package static func identity(setting sub: SubKeyPath, to value: AnimatableValue) -> CATransform3D? {
        if sub == .translation {
            switch value {
            case .size(let s): return TransformBuilder.translation(Double(s.width), Double(s.height), 0)
            case .point(let p): return TransformBuilder.translation(Double(p.x), Double(p.y), 0)
            default: return nil
            }
        }
        guard case .scalar(let v) = value else { return nil }
        return identity(setting: sub, scalar: v)
    }

    /// `identity(setting: sub, to: .scalar(v))` without the value enum.
    @inline(__always)
    package static func identity(setting sub: SubKeyPath, scalar v: Double) -> CATransform3D? {
        guard v.isFinite else { return nil }
        switch sub {
        case .rotationX: return TransformBuilder.rotationX(v)
        case .rotationY: return TransformBuilder.rotationY(v)
        case .rotationZ: return TransformBuilder.rotationZ(v)
        case .scale: return TransformBuilder.scale(v, v, v)
        case .scaleX: return TransformBuilder.scale(v, 1, 1)
        case .scaleY: return TransformBuilder.scale(1, v, 1)
        case .scaleZ: return TransformBuilder.scale(1, 1, v)
        case .scaleXY: return TransformBuilder.scale(v, v, 1)
        case .translationX: return TransformBuilder.translation(v, 0, 0)
        case .translationY: return TransformBuilder.translation(0, v, 0)
        case .translationZ: return TransformBuilder.translation(0, 0, v)
        default: return nil
        }
    }
}
