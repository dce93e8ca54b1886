import Foundation
import LaminaCompositor

/// Stage 1 of a layer's timing (`CALayer.localTime(fromParent:)`), as committed.
package struct LayerClock: Sendable, Equatable {
    package var beginTime: Double
    package var speed: Double
    package var timeOffset: Double

    package static let identity = LayerClock(beginTime: 0, speed: 1, timeOffset: 0)

    package init(beginTime: Double, speed: Double, timeOffset: Double) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
    }

    package init(layer: CALayer) {
        self.init(beginTime: layer.props.beginTime, speed: Double(layer.props.speed), timeOffset: layer.props.timeOffset)
    }

    /// The layer's local time at its parent's time `t` (the same arithmetic as the model's).
    @inline(__always)
    package func local(fromParent t: Double) -> Double { (t - beginTime) * speed + timeOffset }
}

/// A layer's committed animations: everything a frame needs to present them, copied from the
/// model at commit.
package struct CommittedAnimations: @unchecked Sendable {
    /// The animations that present a value, in the order added.
    package var steps: [CommittedStep]
    /// Every `DirectField` of the layer as committed (what the animations apply on top of).
    package var base: PresentedLayerValues
    /// A detached copy of the layer, taken at commit, when an animation writes a property that
    /// is not a `DirectField` (the frame copies it again to store presented values into). Owned
    /// by the committed tree: nobody else holds or mutates it.
    package var extrasSource: CALayer?
    /// The transition running on the layer, if any.
    package var transition: CommittedTransition?

    /// The committed animations of `layer` (model side, at commit); nil when it has none that
    /// present a value or a transition.
    package init?(layer: CALayer) {
        guard !layer.animationEntries.isEmpty else { return nil }
        steps = AnimationEngine.plan(for: layer).filter(\.presents).map(CommittedStep.init)
        transition = CommittedTransition(layer: layer)
        guard !steps.isEmpty || transition != nil else { return nil }
        base = steps.isEmpty ? PresentedLayerValues() : PresentedLayerValues(allFieldsOf: layer)
        extrasSource = steps.contains { $0.general.writesExtras } ? Self.detachedCopy(of: layer) : nil
    }

    /// A copy of `layer`'s values that records nothing when written (marked as a presentation
    /// copy, without a model layer): the frame writes presented values into copies of it.
    package static func detachedCopy(of layer: CALayer) -> CALayer {
        let copy = type(of: layer).init(presentationCopyOf: layer)
        copy.isPresentationCopy = true
        return copy
    }
}

/// What the committed tree keeps of one layer besides its `RenderNode`: where it hangs, its
/// clock and its animations.
package struct CommittedNode: @unchecked Sendable {
    /// The tree parent (superlayer, or the layer whose mask this is); nil for the root.
    package var parent: RenderNodeID?
    /// The layer is a mask: it has no superlayer (a transition on it runs in absolute time).
    package var isMask: Bool
    package var clock: LayerClock
    package var animations: CommittedAnimations?
    /// The node's sublayers and mask (as in its `RenderNode`): the schedule walks the
    /// structure without copying nodes.
    package var children: [RenderNodeID] = []
    package var mask: RenderNodeID?
    /// The layer is a CAReplicatorLayer (its instances may draw its sublayers at shifted
    /// times: `instanceDelay`).
    package var isReplicator: Bool
    /// The layer is a CAEmitterLayer: every frame writes its local time into its node.
    package var isEmitter: Bool = false

    /// `layer`'s record (model side, at commit).
    package init(layer: CALayer) {
        parent = layer.treeParent?.renderNodeID
        isMask = layer.superlayerStorage == nil && layer.maskOwner != nil
        isReplicator = layer is CAReplicatorLayer
        isEmitter = layer is CAEmitterLayer
        clock = LayerClock(layer: layer)
        animations = CommittedAnimations(layer: layer)
    }
}
