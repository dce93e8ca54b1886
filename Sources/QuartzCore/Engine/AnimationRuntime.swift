import Foundation

/// What a layer keeps with each attached animation copy: its compiled form and the clock's
/// bookkeeping. Created by `AnimationCompiler` when the copy is attached.
package final class AnimationRuntime {
    /// The compositor's description; `timing.beginTime` follows the animation's `beginTime`
    /// (stamped at commit).
    package var spec: AnimationSpec
    /// The layer properties the animation writes (one for a property animation, the leaves'
    /// properties for a group, none for a transition), resolved for the layer's class.
    package let properties: [AnimatedProperty]
    /// A path animation with a rotation mode also turns the presented `transform`.
    package let rotatesAlongPath: Bool
    /// The presented value when the animation was added, used by basic animations without
    /// from, to and by values (they run from it to the value underneath).
    package var previous: AnimatableValue?
    /// False until the transaction that added the animation commits; uncommitted animations
    /// are not presented or timed (they are not in the render tree yet).
    package var isCommitted = false
    /// A basic or spring animation without from, to and by values: it runs from `previous`.
    package var startsFromPreviousValue: Bool {
        switch spec.kind {
        case .basic(nil, nil, nil), .spring(nil, nil, nil, _): return true
        default: return false
        }
    }
    /// For transform-component animations: the last non-identity underlying matrix and its
    /// component, so the matrix is not decomposed again every frame.
    package var componentCache: (matrix: CATransform3D, value: AnimatableValue)?
    /// Whether `spec` animates a transform component (evaluated by
    /// `AnimationEngine.applyTransformComponent`).
    package let isTransformComponent: Bool
    /// The shortcut evaluation for plain from/to basic animations (nil: the general path),
    /// with everything it needs copied out of `spec` so a frame touches no reference-counted
    /// state but the write closure.
    package var fast: FastPlan?
    /// `animationDidStart` was sent.
    package var didStart = false
    /// The animation stopped (finished or removed): no more callbacks.
    package var didStop = false

    /// Keeps the copies of the begin time in step (it is stamped at commit).
    package func setBeginTime(_ t: Double) {
        spec.timing.beginTime = t
        fast?.timing.beginTime = t
    }

    package init(spec: AnimationSpec, properties: [AnimatedProperty], rotatesAlongPath: Bool) {
        self.spec = spec
        self.properties = properties
        self.rotatesAlongPath = rotatesAlongPath
        self.isTransformComponent = AnimationEngine.isTransformComponent(spec)
        if let values = FastBasic(spec), let field = properties.first?.accessor.field {
            fast = FastPlan(values: values, timing: spec.timing, curve: spec.timingFunction,
                            defaultDuration: spec.defaultDuration,
                            transformComponent: isTransformComponent ? spec.keyPath?.subKey : nil, field: field)
        }
    }
}

/// One property an animation writes.
package struct AnimatedProperty {
    package let accessor: PresentedProperty
    /// What the property reads as while it holds nil (transparent black for a nil colour, the
    /// empty path…), of the kind of the animation's values.
    package let neutral: AnimatableValue?
}
