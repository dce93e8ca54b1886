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
        if let key { removeAnimations { $0 == key } }
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
    package func removeAnimations(where matches: (String?) -> Bool) {
        let removed = animationEntries.filter { matches($0.key) }
        guard !removed.isEmpty else { return }
        animationEntries.removeAll { matches($0.key) }
        for entry in removed {
            // An animation that already finished (kept by isRemovedOnCompletion = false) has
            // had its stop callback.
            if let runtime = entry.animation.runtime {
                if runtime.didStop { continue }
                runtime.didStop = true
            }
            entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
            CompletionTracker.animationDidStop(entry.animation)
        }
    }

    /// Called by the animation engine when an attached animation's active duration has ended:
    /// removes it when `isRemovedOnCompletion`, tells its delegate (finished: true) and settles
    /// completion blocks waiting for it.
    package func animationDidFinish(_ anim: CAAnimation) {
        anim.runtime?.didStop = true
        if anim.isRemovedOnCompletion {
            animationEntries.removeAll { $0.animation === anim }
        }
        anim.delegate?.animationDidStop(anim, finished: true)
        CompletionTracker.animationDidStop(anim)
    }
}

