import CoreGraphics

/// Stage 1 of a layer's timing (reference §7.1.2), as committed: how the layer's local time
/// follows its parent's (seconds).
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

    /// The layer's local time at its parent's time `t` (the same arithmetic as the model's).
    @inline(__always)
    package func local(fromParent t: Double) -> Double { (t - beginTime) * speed + timeOffset }
}

/// A layer's committed animations: everything a frame needs to present them, as plain values.
package struct CommittedAnimations: @unchecked Sendable {
    /// The animations that present a value, in the order added.
    package var steps: [CommittedStep]
    /// Every `DirectField` of the layer as committed (what the animations apply on top of).
    package var base: PresentedLayerValues
    /// A detached model copy of the layer, taken at commit, when an animation writes a
    /// property that is not a `DirectField` (its value underneath is read from it, and content
    /// with no node field of its own is drawn by it). Owned by the committed tree: nobody else
    /// holds or mutates it.
    package var extrasSource: (any ModelLayerContent)?
    /// The transition running on the layer, if any.
    package var transition: CommittedTransition?

    package init(steps: [CommittedStep], base: PresentedLayerValues, extrasSource: (any ModelLayerContent)? = nil,
                 transition: CommittedTransition? = nil) {
        self.steps = steps
        self.base = base
        self.extrasSource = extrasSource
        self.transition = transition
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
    /// The layer is a replicator (its instances may draw its sublayers at shifted times:
    /// `instanceDelay`).
    package var isReplicator: Bool
    /// The layer is an emitter: every frame writes its local time into its node.
    package var isEmitter: Bool

    package init(parent: RenderNodeID?, isMask: Bool = false, clock: LayerClock = .identity,
                 animations: CommittedAnimations? = nil, isReplicator: Bool = false, isEmitter: Bool = false) {
        self.parent = parent
        self.isMask = isMask
        self.clock = clock
        self.animations = animations
        self.isReplicator = isReplicator
        self.isEmitter = isEmitter
    }
}
