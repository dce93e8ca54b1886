import Foundation

/// Apple's CATransaction: class methods over the current thread's transaction stack
/// (`TransactionStack`, reference §6).
///
/// Lamina has no run loop of its own in QuartzCore: the implicit transaction opened by the
/// first change on a thread is committed by `flush()`, which LaminaKit's run loop calls each
/// turn and which command-line code calls itself.
open class CATransaction: NSObject {
    private static let globalLock = NSRecursiveLock()

    /// Opens a (nested) explicit transaction on this thread.
    open class func begin() { TransactionStack.current.begin() }

    /// Closes the innermost explicit transaction; the outermost commit applies the changes
    /// (layout, display, animation start times, presentation, completion blocks). Without a
    /// matching `begin()` Apple raises; Lamina ignores the call and reports
    /// `LayerError.unmatchedCommit`.
    open class func commit() {
        if !TransactionStack.current.commit() { LayerDiagnostics.report(.unmatchedCommit) }
    }

    /// Commits the implicit transaction now, or as soon as the open explicit ones are committed.
    open class func flush() { TransactionStack.current.flush() }

    /// Takes the global recursive lock (Lamina's layers do not take it themselves; it serialises
    /// callers that share a tree between threads).
    open class func lock() { globalLock.lock() }

    /// Releases the global lock.
    open class func unlock() { globalLock.unlock() }

    /// Default duration (seconds) of animations added in this transaction: implicit ones, and
    /// explicit ones whose duration is ≤ 0. Default 0.25.
    open class func animationDuration() -> CFTimeInterval {
        AnyNumber.double(TransactionStack.current.value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }

    /// Sets `animationDuration()` (seconds) for the innermost transaction and the changes made
    /// in it; the value is stored under `kCATransactionAnimationDuration`.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        TransactionStack.current.setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// Timing function given to animations added in this transaction (nil: implicit animations
    /// use the `default` curve).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        TransactionStack.current.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets `animationTimingFunction()` for the innermost transaction (nil: implicit animations
    /// use the `default` curve); stored under `kCATransactionAnimationTimingFunction`.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        TransactionStack.current.setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// When true, property changes in this transaction run no actions (no implicit animation).
    /// `action(forKey:)` called directly still answers (§5.2.5).
    open class func disableActions() -> Bool { TransactionStack.current.disableActions }

    /// Sets `disableActions()` for the innermost transaction: true makes property changes in it
    /// apply at once, without implicit animations. Stored under `kCATransactionDisableActions`.
    open class func setDisableActions(_ flag: Bool) {
        TransactionStack.current.setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block run when the animations added after it was set have all stopped (or at the
    /// commit, if there are none). See `CompletionGroup`.
    open class func completionBlock() -> (() -> Void)? {
        TransactionStack.current.value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Sets the block run once every animation added to this transaction after this call has
    /// stopped (finished or removed), or at the commit when none was added; nil clears it.
    /// Stored under `kCATransactionCompletionBlock`.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        TransactionStack.current.setValue(block, forKey: kCATransactionCompletionBlock)
    }

    /// A value of the current transaction scope: the innermost open transaction that set `key`.
    open class func value(forKey key: String) -> Any? {
        TransactionStack.current.value(forKey: key)
    }

    /// Sets a value in the innermost transaction (opening an implicit one if none is open).
    open class func setValue(_ anObject: Any?, forKey key: String) {
        TransactionStack.current.setValue(anObject, forKey: key)
    }
}
