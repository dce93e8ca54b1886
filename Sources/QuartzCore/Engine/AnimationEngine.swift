import Foundation

/// Evaluates attached animations (presentation values) and advances them frame by frame
/// (start/stop callbacks, removal on completion, completion blocks).
///
/// Time (reference §7.1.2): the root layer's parent time is absolute media time; each layer's
/// local time is stage 1 of its own timing (`beginTime`, `speed`, `timeOffset`) applied to its
/// parent's local time; an animation's parent time is its layer's local time; a group's
/// children run in the group's local time (done by `AnimationSpec.apply`).
///
/// Nothing here reads a clock: presentation passes `CACurrentMediaTime()` (so `MediaClock`)
/// once per `presentation()` call, and whoever drives frames — a display link, an offline
/// renderer, a test — calls `tick(_:at:)` with the frame's media time. Callbacks run on that
/// caller's thread.
package enum AnimationEngine {
    /// Writes the values of `model`'s animations at `localTime` (the model layer's local time)
    /// into `target`, a presentation copy holding the model's values. Animations apply in the
    /// order they were added, each on top of the value the previous ones left (so additive
    /// animations add to it and sub-key animations set their component of it).
    package static func applyAnimations(of model: CALayer, to target: CALayer, localTime t: Double) {
        let plan = model.animationPlan ?? buildPlan(model)
        for step in plan {
            switch step {
            case .fast(let fast):
                if fast.apply(to: target, at: t) { continue }
                if fast.entryIndex < model.animationEntries.count,
                   let runtime = model.animationEntries[fast.entryIndex].animation.runtime {
                    applyGeneral(runtime, to: target, at: t)
                }
            case .general(let runtime):
                applyGeneral(runtime, to: target, at: t)
            }
        }
    }

    /// The committed animations of `model` as plan steps, stored on the layer until its
    /// animations change.
    private static func buildPlan(_ model: CALayer) -> [AnimationPlanStep] {
        var plan: [AnimationPlanStep] = []
        plan.reserveCapacity(model.animationEntries.count)
        for (index, entry) in model.animationEntries.enumerated() {
            guard let runtime = entry.animation.runtime, runtime.isCommitted, !runtime.properties.isEmpty else { continue }
            if var fast = runtime.fast {
                fast.timing.beginTime = runtime.spec.timing.beginTime
                fast.entryIndex = index
                plan.append(.fast(fast))
            } else {
                plan.append(.general(runtime))
            }
        }
        model.animationPlan = plan
        return plan
    }

    /// The general path: `AnimationSpec.apply` on each property the animation writes.
    private static func applyGeneral(_ runtime: AnimationRuntime, to target: CALayer, at t: Double) {
        let properties = runtime.properties
        if runtime.isTransformComponent {
            let accessor = properties[0].accessor
            guard case .transform(let m)? = accessor.read(target) else { return }
            let r = applyTransformComponent(runtime.spec, at: t, to: m, runtime: runtime)
            if r != m { accessor.write(target, .transform(r)) }
            return
        }
        for i in properties.indices {
            let accessor = properties[i].accessor
            guard let underlying = accessor.read(target) ?? properties[i].neutral else { continue }
            let value = runtime.spec.apply(at: t, property: accessor.key, to: underlying, previous: runtime.previous)
            if value != underlying { accessor.write(target, value) }
        }
        if runtime.rotatesAlongPath, let angle = runtime.spec.pathRotation(at: t) {
            target.props.transform = TransformMath.concat(TransformBuilder.rotationZ(angle), target.props.transform)
        }
    }

    /// One frame at absolute media time `time` for the tree under `root` (its sublayers and
    /// masks): for every committed animation, in tree order and then in the order added,
    /// `animationDidStart` once its parent time reaches its begin time, and once its parent
    /// time is at or past the end of its active interval: removal when `isRemovedOnCompletion`,
    /// `animationDidStop(_:finished: true)`, and the completion blocks waiting for it. An
    /// animation that both starts and ends between two ticks gets both callbacks in one tick.
    /// Paused layers (speed 0) never reach the end. NaN time does nothing.
    package static func tick(_ root: CALayer, at time: CFTimeInterval) {
        guard !time.isNaN else { return }
        var due: [(CALayer, Double)] = []
        collect(root, parentTime: time, into: &due)
        for (layer, localTime) in due { advance(layer, localTime: localTime) }
    }

    /// One frame at the current media time (`CACurrentMediaTime()`).
    package static func tick(_ root: CALayer) {
        tick(root, at: MediaClock.now)
    }

    /// The presented value of `property` just before `layer`'s latest change of it in the open
    /// transaction: the old model value (as recorded by the transaction; the current model
    /// value when there was no change) with the layer's committed animations applied at the
    /// current media time. What a basic animation without from, to and by values starts from
    /// (reference §9.1.1, last row: "previous presentation value").
    package static func previousPresentedValue(of property: PresentedProperty, on layer: CALayer) -> AnimatableValue? {
        let scratch = type(of: layer).init(layer: layer)
        scratch.isPresentationCopy = true
        if let change = TransactionStack.current.changes.last(where: { $0.layer === layer && $0.key == property.key }),
           let tableProperty = type(of: layer).propertyTable[property.key] {
            _ = tableProperty.set(scratch, change.oldValue)
        }
        let local = layer.timingChain.toLocal(MediaClock.now)
        applyAnimations(of: layer, to: scratch, localTime: local)
        return property.read(scratch)
    }

    /// The presented value of property `key` of `layer` at the current media time, when a
    /// committed animation of that property is attached; nil otherwise (then presented and
    /// model values agree). Implicit animations start from it, so a change made while the
    /// property is animating continues from where the layer is seen (reference §5.4.2, §12 #3).
    package static func presentedValue(forKey key: String, on layer: CALayer) -> Any? {
        let animating = layer.animationEntries.contains { entry in
            guard let runtime = entry.animation.runtime, runtime.isCommitted else { return false }
            return runtime.properties.contains { $0.accessor.key == key }
        }
        guard animating, let property = type(of: layer).propertyTable[key] else { return nil }
        let scratch = type(of: layer).init(layer: layer)
        scratch.isPresentationCopy = true
        applyAnimations(of: layer, to: scratch, localTime: layer.timingChain.toLocal(MediaClock.now))
        return property.get(scratch)
    }

    /// Layers with animations and their local times, root first (a snapshot: callbacks may
    /// change the tree).
    private static func collect(_ layer: CALayer, parentTime: Double, into due: inout [(CALayer, Double)]) {
        let local = layer.layerTiming.activeLocalTime(fromParent: parentTime)
        if !layer.animationEntries.isEmpty { due.append((layer, local)) }
        if let mask = layer.maskStorage { collect(mask, parentTime: local, into: &due) }
        for child in layer.sublayerStorage { collect(child, parentTime: local, into: &due) }
    }

    private static func advance(_ layer: CALayer, localTime t: Double) {
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
                  layer.animationEntries.contains(where: { $0.animation === anim })
            else { continue }
            runtime.didStop = true
            layer.animationDidFinish(anim)
        }
    }
}

extension CALayer {
    /// The layer's CAMediaTiming values as a compositor timing node (stage 1 only is used for
    /// layers, reference §7.4).
    package var layerTiming: MediaTiming {
        MediaTiming(beginTime: props.beginTime, duration: props.duration, speed: Double(props.speed),
                    timeOffset: props.timeOffset, repeatCount: Double(props.repeatCount),
                    repeatDuration: props.repeatDuration, autoreverses: props.autoreverses)
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

/// One committed animation of a layer in the order added, as the per-frame loop sees it.
package enum AnimationPlanStep {
    /// A from/to basic animation evaluated without its spec (`FastPlan`).
    case fast(FastPlan)
    /// Anything else, through `AnimationSpec.apply`.
    case general(AnimationRuntime)
}

extension AnimationEngine {
    /// How far an attached transition's effect has progressed at `parentTime` (its layer's
    /// local time), for the renderer that draws it: the animation's timing (stage 2 and its
    /// timing function) mapped onto `startProgress…endProgress` (reference §10.5). nil when the
    /// transition is not attached and committed, or has no effect at that instant.
    package static func transitionProgress(_ transition: CATransition, at parentTime: Double) -> Double? {
        guard let runtime = transition.runtime, runtime.isCommitted,
              let p = progress(of: runtime.spec, at: parentTime) else { return nil }
        let start = Double(transition.startProgress), end = Double(transition.endProgress)
        return start + (end - start) * p
    }
}
