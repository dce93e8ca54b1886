import Foundation
import LaminaCompositor

/// What a layer keeps with each attached animation copy: its compiled form and the clock's
/// bookkeeping. Created by `AnimationCompiler` when the copy is attached.
///
/// The stored properties the per-frame loops read are `@exclusivity(unchecked)`: a runtime is
/// only touched on the thread driving its layer tree, every access is a plain load or store
/// (no `inout` escapes), and the dynamic check cost more than the evaluation it guarded.
package final class AnimationRuntime {
    /// The compositor's description; `timing.beginTime` follows the animation's `beginTime`
    /// (stamped at commit).
    @exclusivity(unchecked) package var spec: AnimationSpec { didSet { updateNextEventTime() } }
    /// The layer properties the animation writes (one for a property animation, the leaves'
    /// properties for a group, none for a transition), resolved for the layer's class.
    package let properties: [AnimatedProperty]
    /// A path animation with a rotation mode also turns the presented `transform`.
    package let rotatesAlongPath: Bool
    /// The presented value when the animation was added, used by basic animations without
    /// from, to and by values (they run from it to the value underneath).
    @exclusivity(unchecked) package var previous: AnimatableValue?
    /// False until the transaction that added the animation commits; uncommitted animations
    /// are not presented or timed (they are not in the render tree yet).
    @exclusivity(unchecked) package var isCommitted = false { didSet { updateNextEventTime() } }
    /// A basic or spring animation without from, to and by values: it runs from `previous`.
    package var startsFromPreviousValue: Bool {
        switch spec.kind {
        case .basic(nil, nil, nil), .spring(nil, nil, nil, _): return true
        default: return false
        }
    }
    /// Whether `spec` animates a transform component (evaluated by
    /// `PresentationEvaluation.applyTransformComponent`).
    package let isTransformComponent: Bool
    /// The shortcut evaluation for from/to basic and spring animations and simple keyframe
    /// animations (nil: the general path), with everything it needs copied out of `spec`.
    @exclusivity(unchecked) package var fast: FastPlan?
    /// The values of a keyframe shortcut (`fast` then evaluates them).
    package private(set) var fastKeyframes: FastKeyframes?
    /// The `LayerProperties` fields the animation writes (what a `PresentedLayerValues` must
    /// load from the model before the animation applies); other properties are written through
    /// their accessors.
    package let writes: DirectFieldSet
    /// The parent time at or after which `AnimationEngine.tick` has work for this animation:
    /// its begin time until it started, then the end of its active interval (infinity while
    /// it is not committed, when it never ends and once it stopped). Kept in step by the
    /// observers of the state it depends on.
    @exclusivity(unchecked) package var nextEventTime: Double = -.infinity
    /// `animationDidStart` was sent.
    @exclusivity(unchecked) package var didStart = false { didSet { updateNextEventTime() } }
    /// The animation stopped (finished or removed): no more callbacks.
    @exclusivity(unchecked) package var didStop = false { didSet { updateNextEventTime() } }

    /// Keeps the copies of the begin time in step (it is stamped at commit).
    package func setBeginTime(_ t: Double) {
        spec.timing.beginTime = t
        fast?.timing.beginTime = t
        updateNextEventTime()
    }

    /// The layer whose `nextAnimationEventTime` includes this runtime's next event (set by
    /// `AnimationEngine` when it computes it); told to recompute when the event moves.
    package weak var eventLayer: CALayer?

    /// Recomputes `nextEventTime` from the start/stop state and the timing.
    package func updateNextEventTime() {
        defer { eventLayer?.nextAnimationEventTime = nil }
        if didStop || !isCommitted {
            nextEventTime = .infinity
        } else if !didStart {
            nextEventTime = spec.timing.beginTime
        } else {
            nextEventTime = spec.timing.activeEndParentTime(defaultDuration: spec.defaultDuration) ?? .infinity
        }
    }

    package init(spec: AnimationSpec, properties: [AnimatedProperty], rotatesAlongPath: Bool) {
        self.spec = spec
        self.properties = properties
        self.rotatesAlongPath = rotatesAlongPath
        self.isTransformComponent = PresentationEvaluation.isTransformComponent(spec)
        if let field = properties.first?.accessor.field,
           let made = FastPlan.make(spec, field: field, isTransformComponent: isTransformComponent) {
            fast = made.plan
            fastKeyframes = made.keyframes
        }
        self.writes = CommittedStep.writes(of: properties, rotatesAlongPath: rotatesAlongPath)
        updateNextEventTime()
    }
}
