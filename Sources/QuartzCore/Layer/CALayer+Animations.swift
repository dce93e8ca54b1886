import Foundation

// Attaching and detaching animations (reference §9.5, §6.4, §6.9). The attached copy is
// compiled once here (`AnimationCompiler`); `AnimationEngine` evaluates and times it.

extension CALayer {
    /// `add(_:forKey:)`: attaches a copy (§9.5.1). The copy gets the transaction's duration
    /// when its own is ≤ 0 and the transaction's timing function when it has none (whether
    /// Apple also overrides an explicit timing function is UNCERTAIN, §6.7; Lamina does not).
    /// Its begin time 0 is replaced by the layer's current time when the outermost transaction
    /// commits (§6.4).
    ///
    /// An animation Lamina cannot run (see `AnimationCompiler`) is not attached and is reported
    /// as `LayerError.invalidAnimation`; whatever was under the key stays.
    package func addAnimationCopy(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy() as? CAAnimation else { return }
        let key = anim is CATransition ? kCATransition : key
        let transactionDuration = CATransaction.animationDuration()
        if copy.duration <= 0 { copy.duration = transactionDuration }
        if copy.timingFunction == nil, let tf = CATransaction.animationTimingFunction() { copy.timingFunction = tf }
        let fallback = transactionDuration > 0 ? transactionDuration : 0.25
        switch AnimationCompiler.compile(copy, for: self, defaultDuration: fallback) {
        case .success(let runtime):
            copy.runtime = runtime
            if runtime.startsFromPreviousValue, let property = runtime.properties.first, !isPresentationCopy {
                runtime.previous = AnimationEngine.previousPresentedValue(of: property.accessor, on: self)
            }
        case .failure(let failure):
            LayerDiagnostics.report(.invalidAnimation(key: key ?? (copy as? CAPropertyAnimation)?.keyPath ?? "nil",
                                                      reason: failure.reason))
            return
        }
        if let key { removeAnimation(keyed: key) }
        if let transition = copy as? CATransition, !isPresentationCopy {
            transition.beforeSnapshot = RenderSnapshot(tree: RenderTree(beforeTransactionOf: self))
        }
        animationEntries.append((key, copy))
        if !isPresentationCopy {
            TransactionStack.current.animationAdded(copy, to: self)
        }
    }

    /// Detaches the animations whose key matches. Each one reports `animationDidStop(_:finished:
    /// false)` to its delegate (§9.5.2) and counts as finished for completion blocks (§6.9).
    /// Visits every attached animation; `removeAnimation(keyed:)` is the O(1) form for one key.
    package func removeAnimations(where matches: (String?) -> Bool) {
        guard !animationEntries.isEmpty else { return }
        // Not through `animationEntries` directly: a removal that finds nothing must not count
        // as a change (the didSet marks the layer touched for the next commit).
        var entries = animationEntries
        let removed = entries.removeAll(where: matches)
        guard !removed.isEmpty else { return }
        animationEntries = entries
        for entry in removed { didRemove(entry.animation) }
    }

    /// Detaches the animation with `key`, if any, as `removeAnimations(where:)` does, in O(1).
    package func removeAnimation(keyed key: String) {
        guard animationEntries.animation(forKey: key) != nil,
              let removed = animationEntries.remove(key: key) else { return }
        didRemove(removed.animation)
    }

    /// The stop callbacks of an animation detached before it finished.
    private func didRemove(_ animation: CAAnimation) {
        // An animation that already finished (kept by isRemovedOnCompletion = false) has had
        // its stop callback.
        if let runtime = animation.runtime {
            if runtime.didStop { return }
            runtime.didStop = true
        }
        animation.delegate?.animationDidStop(animation, finished: false)
        CompletionTracker.animationDidStop(animation)
    }

    /// Called by the animation engine when an attached animation's active duration has ended:
    /// removes it when `isRemovedOnCompletion`, tells its delegate (finished: true) and settles
    /// completion blocks waiting for it.
    package func animationDidFinish(_ anim: CAAnimation) {
        anim.runtime?.didStop = true
        if anim.isRemovedOnCompletion {
            if animationEntries.contains(anim) { animationEntries.remove(anim) }
        }
        anim.delegate?.animationDidStop(anim, finished: true)
        CompletionTracker.animationDidStop(anim)
    }
}

