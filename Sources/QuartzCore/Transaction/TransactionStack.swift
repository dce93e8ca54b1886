import Foundation

/// The current thread's transactions (reference §6): a stack of frames, innermost last.
///
/// - A change on a thread with no open transaction opens an *implicit* one at the bottom; it is
///   committed by `CATransaction.flush()` (the run loop calls it each turn) — never implicitly
///   by a timer or the clock.
/// - `begin()` pushes an explicit frame; `commit()` pops it. Work is done only when the stack
///   becomes empty (the outermost commit): animations added inside nested transactions start
///   together then (§6.4).
/// - `flush()` while explicit transactions are open is remembered and done when they close (§6.5).
///
/// Held per thread (a POSIX thread-specific slot, released when the thread exits); nothing here
/// is shared between threads except completion blocks waiting for animations
/// (`CompletionTracker`).
package final class TransactionStack {
    package final class Frame {
        package let isImplicit: Bool
        /// Values set in this scope (§6.8); reads fall back to outer frames, then defaults.
        var values: [String: Any] = [:]
        /// The completion group of the block set in this frame, if any.
        var completion: CompletionGroup?
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    /// The thread-specific slot holding each thread's stack (retained; released at thread exit).
    /// Every property change asks for the current stack, so this is a hot path: Foundation's
    /// thread dictionary (an NSDictionary with a bridged String key) cost a fifth of adding an
    /// animation.
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<TransactionStack>.fromOpaque(raw).release()
        }
        return key
    }()

    package private(set) var frames: [Frame] = []
    /// Model changes recorded since the outermost transaction began.
    package private(set) var changes: [LayerChange] = []
    /// Layers whose trees the commit must visit (changed, or marked for layout/display).
    private var touched: [ObjectIdentifier: CALayer] = [:]
    /// Animations added since the outermost transaction began, for begin-time stamping.
    private var addedAnimations: [(animation: CAAnimation, layer: CALayer)] = []
    /// Completion groups of frames already popped, settled at the outermost commit.
    private var closedGroups: [CompletionGroup] = []
    private var flushRequested = false
    private var isCommitting = false

    /// The current thread's stack.
    package static var current: TransactionStack {
        if let raw = pthread_getspecific(slot) {
            return Unmanaged<TransactionStack>.fromOpaque(raw).takeUnretainedValue()
        }
        let s = TransactionStack()
        pthread_setspecific(slot, Unmanaged.passRetained(s).toOpaque())
        return s
    }

    /// The innermost frame, opening an implicit transaction if none is open.
    package var innermost: Frame {
        if let f = frames.last { return f }
        let f = Frame(isImplicit: true)
        frames.append(f)
        return f
    }

    // MARK: Values

    /// The innermost value set for `key` in the open transactions (§6.8).
    package func value(forKey key: String) -> Any? {
        for f in frames.reversed() { if let v = f.values[key] { return v } }
        return nil
    }

    package func setValue(_ value: Any?, forKey key: String) {
        let f = innermost
        if key == kCATransactionCompletionBlock {
            // A new block seals the previous one of this frame (§6.9): it waits only for the
            // animations added while it was current.
            if let old = f.completion { closedGroups.append(old) }
            f.completion = (value as? () -> Void).map(CompletionGroup.init)
        }
        f.values[key] = value
    }

    package var disableActions: Bool {
        let v = value(forKey: kCATransactionDisableActions)
        return (v as? Bool) ?? (v as? NSNumber)?.boolValue ?? false
    }

    // MARK: Recording

    package func recordChange(layer: CALayer, key: String, oldValue: Any?) {
        _ = innermost
        changes.append(LayerChange(layer: layer, key: key, oldValue: oldValue))
        touched[ObjectIdentifier(layer)] = layer
    }

    package func noteTouched(_ layer: CALayer) {
        _ = innermost
        touched[ObjectIdentifier(layer)] = layer
    }

    package func animationAdded(_ animation: CAAnimation, to layer: CALayer) {
        _ = innermost
        addedAnimations.append((animation, layer))
        touched[ObjectIdentifier(layer)] = layer
        // Every open block counts it (whether an outer block waits for animations added in an
        // inner transaction is UNCERTAIN, §6.9; Lamina says yes).
        for f in frames { f.completion?.track(animation) }
    }

    // MARK: Begin / commit

    package func begin() {
        frames.append(Frame(isImplicit: false))
    }

    /// Pops the innermost explicit frame; commits when the stack becomes empty. Returns false
    /// (and changes nothing) when no explicit transaction is open.
    @discardableResult
    package func commit() -> Bool {
        guard let last = frames.last, !last.isImplicit else { return false }
        pop()
        if frames.count == 1, frames[0].isImplicit, flushRequested { pop() }
        return true
    }

    /// Commits the implicit transaction, now or when the open explicit ones close (§6.5).
    package func flush() {
        if frames.isEmpty {
            // Nothing open: still settle pending work (e.g. a layer marked for display).
            if !touched.isEmpty { frames.append(Frame(isImplicit: true)); pop() }
            return
        }
        if frames.count == 1, frames[0].isImplicit { pop() } else { flushRequested = true }
    }

    private func pop() {
        if frames.count == 1 {
            finishOutermost()
        } else {
            let f = frames.removeLast()
            if let g = f.completion { closedGroups.append(g) }
        }
    }

    /// The outermost commit (§6): layout and display of the attached trees touched, begin
    /// times, the committed mark, the hosts' notification, then completion blocks.
    private func finishOutermost() {
        guard !isCommitting else { return }
        isCommitting = true
        // Layout and display run inside the transaction: changes they make are part of it.
        var pass = 0
        repeat {
            let roots = attachedRoots()
            for root in roots { root.layoutSubtreeIfNeeded() }
            for root in roots { root.displaySubtreeIfNeeded() }
            pass += 1
        } while pass < 4 && attachedRoots().contains(where: { $0.subtreeNeedsWork })

        let outer = frames.removeLast()
        frames.removeAll()
        if let g = outer.completion { closedGroups.append(g) }
        let now = MediaClock.now
        let animations = addedAnimations
        let changeList = changes
        let roots = attachedRoots()
        let touchedLayers = Array(touched.values)
        let groups = closedGroups
        changes = []
        touched = [:]
        addedAnimations = []
        closedGroups = []
        flushRequested = false
        isCommitting = false

        for (animation, layer) in animations {
            if animation.beginTime == 0 { animation.beginTime = layer.localTime(fromAbsolute: now) }
            // From now on the animation is in the render tree: presented and timed.
            animation.runtime?.isCommitted = true
            layer.animationPlan = nil
        }
        for root in roots { root.markCommitted() }
        // Birth-rate changes are committed data, stamped with this commit's time
        // (CAEmitterLayer+BirthRateHistory.swift).
        for layer in touchedLayers { (layer as? CAEmitterLayer)?.recordBirthRates(atMediaTime: now) }
        // The render server's copy: only the touched layers are snapshotted again.
        for root in roots { root.committedRenderTreeStorage?.commit(root: root, changed: touchedLayers) }
        for root in roots {
            guard let host = root.host else { continue }
            let mine = changeList.filter { $0.layer.treeRoot === root }
            host.layerTreeDidCommit(root, changes: mine)
        }
        // Blocks run last, outside any transaction: changes they make open a new implicit one.
        for g in groups { g.close() }
    }

    /// Distinct roots of the touched layers that are attached to a host.
    private func attachedRoots() -> [CALayer] {
        var seen = Set<ObjectIdentifier>()
        var roots: [CALayer] = []
        for layer in touched.values {
            let root = layer.treeRoot
            if root.host != nil, seen.insert(ObjectIdentifier(root)).inserted { roots.append(root) }
        }
        return roots
    }
}

extension CALayer {
    /// Marks this subtree (sublayers and masks) as committed (§5.3.1).
    package func markCommitted() {
        hasBeenCommitted = true
        maskStorage?.markCommitted()
        for child in sublayerStorage { child.markCommitted() }
    }

    /// Whether layout or display is still pending somewhere in this subtree.
    package var subtreeNeedsWork: Bool {
        needsLayoutFlag || needsDisplayFlag || (maskStorage?.subtreeNeedsWork ?? false)
            || sublayerStorage.contains { $0.subtreeNeedsWork }
    }
}
