import Foundation
import LaminaCompositor

// The model side of a commit's animation records: the render server's plain committed forms
// (LaminaCompositor/Server: `CommittedNode`, `CommittedAnimations`, `CommittedStep`…) made from
// a CALayer and its attached animations' runtimes, and CALayer as the opaque
// `ModelLayerContent` a frame hands presented values to when a subclass draws them itself.

extension LayerClock {
    /// `layer`'s stage-1 timing (`CALayer.localTime(fromParent:)`), as committed.
    package init(layer: CALayer) {
        self.init(beginTime: layer.props.beginTime, speed: Double(layer.props.speed), timeOffset: layer.props.timeOffset)
    }
}

extension CommittedNode {
    /// `layer`'s record (model side, at commit); the snapshot sets `children` and `mask`.
    package init(layer: CALayer) {
        self.init(parent: layer.treeParent?.renderNodeID,
                  isMask: layer.superlayerStorage == nil && layer.maskOwner != nil,
                  clock: LayerClock(layer: layer),
                  animations: CommittedAnimations(layer: layer),
                  isReplicator: layer is CAReplicatorLayer,
                  isEmitter: layer is CAEmitterLayer)
    }
}

extension CommittedAnimations {
    /// The committed animations of `layer` (model side, at commit); nil when it has none that
    /// present a value or a transition.
    package init?(layer: CALayer) {
        guard !layer.animationEntries.isEmpty else { return nil }
        let steps = AnimationEngine.plan(for: layer).filter(\.presents).map(CommittedStep.init)
        let transition = CommittedTransition(layer: layer)
        guard !steps.isEmpty || transition != nil else { return nil }
        self.init(steps: steps,
                  base: steps.isEmpty ? PresentedLayerValues() : PresentedLayerValues(allFieldsOf: layer),
                  extrasSource: steps.contains { $0.general.writesExtras } ? Self.detachedCopy(of: layer) : nil,
                  transition: transition)
    }

    /// A copy of `layer`'s values that records nothing when written (marked as a presentation
    /// copy, without a model layer): the frame writes presented values into copies of it.
    package static func detachedCopy(of layer: CALayer) -> CALayer {
        let copy = type(of: layer).init(presentationCopyOf: layer)
        copy.isPresentationCopy = true
        return copy
    }
}

extension CommittedGeneralAnimation {
    /// A snapshot of `runtime` as it is now (its begin time stamped by the commit).
    package convenience init(_ runtime: AnimationRuntime) {
        self.init(spec: runtime.spec, properties: runtime.properties, rotatesAlongPath: runtime.rotatesAlongPath,
                  isTransformComponent: runtime.isTransformComponent, previous: runtime.previous)
    }
}

extension CommittedStep {
    /// The committed form of a plan step (one that presents a value).
    package convenience init(_ step: AnimationPlanStep) {
        self.init(fast: step.fast, keyframes: step.keyframes, writes: step.writes,
                  general: CommittedGeneralAnimation(step.runtime), source: ObjectIdentifier(step.runtime))
    }
}

extension CommittedTransition {
    /// The transition running on `layer` (key `kCATransition`), when it has a snapshot and is
    /// committed; nil otherwise. Its progress at a frame's time is the render server's
    /// (`CommittedTransition.render(atParentTime:)`).
    package init?(layer: CALayer) {
        guard let transition = layer.animationEntries.animation(forKey: kCATransition) as? CATransition,
              let before = transition.beforeSnapshot, let runtime = transition.runtime, runtime.isCommitted
        else { return nil }
        self.init(style: TransitionStyle(transition), before: before, spec: runtime.spec,
                  startProgress: Double(transition.startProgress), endProgress: Double(transition.endProgress))
    }
}

extension PresentedLayerValues {
    /// Every field loaded from `layer`'s model values (what a commit snapshots).
    package init(allFieldsOf layer: CALayer) {
        self.init()
        for field in DirectField.allCases { load(field, from: layer) }
        fields = .all
    }
}

extension CALayer: ModelLayerContent {
    /// A copy of this (committed, detached) layer holding the presented values, drawn by the
    /// model's code (`RenderNode(layer:)`, with contents a `display()` draws for the presented
    /// values), as the model's presentation path draws from a copy.
    package func presentedNode(values: PresentedLayerValues, extras: [PresentedExtra]) -> RenderNode {
        let copy = CommittedAnimations.detachedCopy(of: self)
        values.store(into: &copy.props)
        for extra in extras { extra.property.write(copy, extra.value) }
        var drawn = RenderNode(layer: copy)
        drawn.drawPresentedContents(of: copy, over: self)
        return drawn
    }
}
