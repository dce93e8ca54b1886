import Foundation

/// Advances attached animations frame by frame (start/stop callbacks, removal on completion,
/// completion blocks) and compiles them into the plan a commit copies to the render server.
/// Presented values are not evaluated here: the render server evaluates the committed
/// animations (LaminaCompositor/Server), for frames and for `presentation()` alike.
///
/// Time (reference §7.1.2): the root layer's parent time is absolute media time; each layer's
/// local time is stage 1 of its own timing (`beginTime`, `speed`, `timeOffset`) applied to its
/// parent's local time; an animation's parent time is its layer's local time; a group's
/// children run in the group's local time (done by `AnimationSpec.apply`).
///
/// Nothing here reads a clock but the implicit animations' start values
/// (`CACurrentMediaTime()`, so `MediaClock`), and whoever drives frames — a display link, an offline
/// renderer, a test — calls `tick(_:at:)` with the frame's media time. Callbacks run on that
/// caller's thread.
package enum AnimationEngine {
    /// The committed animations of `model` as plan steps (also those that present nothing,
    /// such as transitions, for the tick), stored on the layer until its animations change
    /// (or a transaction commits some).
    @inline(__always)
    package static func plan(for model: CALayer) -> [AnimationPlanStep] {
        model.animationPlan ?? buildPlan(model)
    }

    private static func buildPlan(_ model: CALayer) -> [AnimationPlanStep] {
        var plan: [AnimationPlanStep] = []
        plan.reserveCapacity(model.animationEntries.count)
        model.animationEntries.probe?.visits += model.animationEntries.count
        for entry in model.animationEntries {
            guard let runtime = entry.animation.runtime, runtime.isCommitted else { continue }
            var fast = runtime.fast
            fast?.timing.beginTime = runtime.spec.timing.beginTime
            plan.append(AnimationPlanStep(fast: fast, keyframes: runtime.fastKeyframes, runtime: runtime))
        }
        model.animationPlan = plan
        return plan
    }

    /// One frame at absolute media time `time` for the tree under `root` (its sublayers and
    /// masks): for every committed animation, in tree order and then in the order added,
    /// `animationDidStart` once its parent time reaches its begin time, and once its parent
    /// time is at or past the end of its active interval: removal when `isRemovedOnCompletion`,
    /// `animationDidStop(_:finished: true)`, and the completion blocks waiting for it. An
    /// animation that both starts and ends between two ticks gets both callbacks in one tick.
    /// Animations removed on completion leave the render server's committed tree at once
    /// (`CommittedRenderTree.removeSteps(madeFrom:)`), not at the next commit. Paused layers (speed 0) never reach the end. NaN time does nothing.
    ///
    /// A steady-state frame (nothing starts or ends) allocates nothing and touches each
    /// animation once: layers are collected only when one of their animations has work at
    /// their local time (`AnimationRuntime.nextEventTime`).
    package static func tick(_ root: CALayer, at time: CFTimeInterval) {
        guard !time.isNaN else { return }
        var due: [(CALayer, Double)] = []
        collect(root, parentTime: time, into: &due)
        guard !due.isEmpty else { return }
        var removed = Set<ObjectIdentifier>()
        for (layer, localTime) in due { advance(layer, localTime: localTime, removed: &removed) }
        // The render server drops them too, now (as Apple's removes finished animations
        // itself): windows and presentation layers show the value underneath from this frame.
        if !removed.isEmpty {
            // Animated birth rates leaving the tree: their integral so far becomes history
            // first (CAEmitterLayer+BirthRateHistory.swift).
            for (layer, _) in due { (layer as? CAEmitterLayer)?.settleAnimatedBirthRates(atMediaTime: time, inCommittedTree: true) }
            root.treeRoot.committedRenderTreeStorage?.removeSteps(madeFrom: removed)
        }
    }

    /// One frame at the current media time (`CACurrentMediaTime()`).
    package static func tick(_ root: CALayer) {
        tick(root, at: MediaClock.now)
    }

    /// The presented value of `property` just before `layer`'s latest change of it in the open
    /// transaction: the old model value (as recorded by the transaction; the current model
    /// value when there was no change), or — while a committed animation of the layer presents
    /// a value — what the render server presents for it at the current media time (the
    /// committed value with the committed animations applied, as `presentation()` shows it).
    /// What a basic animation without from, to and by values starts from (reference §9.1.1,
    /// last row: "previous presentation value").
    package static func previousPresentedValue(of property: PresentedProperty, on layer: CALayer) -> AnimatableValue? {
        let scratch = type(of: layer).init(presentationCopyOf: layer)
        scratch.isPresentationCopy = true
        if let change = TransactionStack.current.changes.last(where: { $0.layer === layer && $0.key == property.key }),
           let tableProperty = type(of: layer).propertyTable[property.key] {
            _ = tableProperty.set(scratch, change.oldValue)
        }
        if plan(for: layer).contains(where: \.presents) { storeServerValues(of: layer, into: scratch) }
        return property.read(scratch)
    }

    /// The presented value of property `key` of `layer` at the current media time, when a
    /// committed animation of that property is attached; nil otherwise (then presented and
    /// model values agree). Implicit animations start from it, so a change made while the
    /// property is animating continues from where the layer is seen (reference §5.4.2, §12 #3).
    /// The value is the render server's, as `presentation()` shows it.
    package static func presentedValue(forKey key: String, on layer: CALayer) -> Any? {
        let animating = layer.animationEntries.contains { entry in
            guard let runtime = entry.animation.runtime, runtime.isCommitted else { return false }
            return runtime.properties.contains { $0.accessor.key == key }
        }
        guard animating, let property = type(of: layer).propertyTable[key] else { return nil }
        let scratch = type(of: layer).init(presentationCopyOf: layer)
        scratch.isPresentationCopy = true
        storeServerValues(of: layer, into: scratch)
        return property.get(scratch)
    }

    /// Writes into `scratch` (a copy of `layer`) the values the render server presents for
    /// `layer` at the current media time, evaluating only `layer`'s node and its clocks.
    private static func storeServerValues(of layer: CALayer, into scratch: CALayer) {
        let server = layer.treeRoot.renderServerTree()
        if let target = server.presentedValues(of: layer.renderNodeID, at: MediaClock.now) {
            scratch.storePresentedValues(target)
        }
    }

    /// Layers with animations that have work at their local times, and those times, root
    /// first (a snapshot: callbacks may change the tree).
    private static func collect(_ layer: CALayer, parentTime: Double, into due: inout [(CALayer, Double)]) {
        let local = layer.localTime(fromParent: parentTime)
        if !layer.animationEntries.isEmpty, hasWork(layer, at: local) { due.append((layer, local)) }
        if let mask = layer.maskStorage { collect(mask, parentTime: local, into: &due) }
        for child in layer.sublayerStorage { collect(child, parentTime: local, into: &due) }
    }

    /// Whether `advance(layer, localTime: t)` would do anything: a committed animation that
    /// has not stopped and whose next start or end time is reached.
    private static func hasWork(_ layer: CALayer, at t: Double) -> Bool {
        if let next = layer.nextAnimationEventTime { return t >= next }
        // The plan lists every committed animation; uncommitted ones have no work.
        let plan = plan(for: layer)
        var next = Double.infinity
        for step in plan {
            let runtime = step.runtime
            if runtime.eventLayer !== layer { runtime.eventLayer = layer }
            // NaN event times never have work (t >= NaN is false): left out of the minimum.
            if runtime.nextEventTime < next { next = runtime.nextEventTime }
        }
        layer.nextAnimationEventTime = next
        return t >= next
    }

    /// `removed` receives the runtimes of the animations removed on completion.
    private static func advance(_ layer: CALayer, localTime t: Double, removed: inout Set<ObjectIdentifier>) {
        for entry in layer.animationEntries {
            let anim = entry.animation
            guard let runtime = anim.runtime, runtime.isCommitted, !runtime.didStop else { continue }
            let timing = runtime.spec.timing
            // Started once the parent time reaches beginTime.
            if !runtime.didStart, t >= timing.beginTime {
                runtime.didStart = true
                anim.delegate?.animationDidStart(anim)
            }
            guard runtime.didStart,
                  let end = timing.activeEndParentTime(defaultDuration: runtime.spec.defaultDuration), t >= end,
                  layer.animationEntries.contains(anim)
            else { continue }
            runtime.didStop = true
            if anim.isRemovedOnCompletion { removed.insert(ObjectIdentifier(runtime)) }
            layer.animationDidFinish(anim)
        }
    }
}

extension CALayer {
    /// Stage 1 of the layer's timing, `layerTiming.activeLocalTime(fromParent:)` (the same
    /// arithmetic) without building the timing node: the per-frame tree walks need only it.
    @inline(__always)
    package func localTime(fromParent t: Double) -> Double {
        (t - props.beginTime) * Double(props.speed) + props.timeOffset
    }

    /// The layer's CAMediaTiming values as a compositor timing node (stage 1 only is used for
    /// layers, reference §7.4). The layer's fill mode takes no part, so the node keeps
    /// `.removed` (and equal layer timings stay equal nodes).
    package var layerTiming: MediaTiming {
        var node = props.timing.mediaTiming
        node.fillMode = .removed
        return node
    }

    /// The timing nodes from the tree's root down to this layer (masks count their owner as
    /// parent): `timingChain.toLocal(CACurrentMediaTime())` is the layer's current local time.
    package var timingChain: TimingChain {
        var nodes: [MediaTiming] = []
        var l: CALayer? = self
        while let layer = l {
            nodes.append(layer.layerTiming)
            l = layer.treeParent
        }
        return TimingChain(nodes.reversed())
    }
}

/// One committed animation of a layer in the order added, as the per-frame loop sees it: the
/// shortcut (`FastPlan`) when the animation has one, else the general path through
/// `AnimationSpec.apply`. A class, so that reading a step out of the plan costs a retain
/// rather than a copy of the shortcut's values.
package final class AnimationPlanStep {
    /// The shortcut, with the begin time stamped at commit; nil: the general path.
    package let fast: FastPlan?
    /// The values of a keyframe shortcut.
    package let keyframes: FastKeyframes?
    /// The animation (the general path, also when the shortcut declines a frame).
    package let runtime: AnimationRuntime
    /// The `LayerProperties` fields the step writes.
    package let writes: DirectFieldSet
    /// False for animations that write no property (transitions, plain `CAAnimation`s): the
    /// tick times them, presentation skips them.
    package let presents: Bool

    package init(fast: FastPlan?, keyframes: FastKeyframes?, runtime: AnimationRuntime) {
        self.fast = fast
        self.keyframes = keyframes
        self.runtime = runtime
        writes = runtime.writes
        presents = !runtime.properties.isEmpty
    }
}
