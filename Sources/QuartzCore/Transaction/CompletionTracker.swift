import Foundation

/// One `CATransaction.completionBlock` and the animations it waits for (reference §6.9).
///
/// The block runs once: when its transaction group has committed ("closed") and every animation
/// added while it was the current block has stopped — finished, or been removed from its layer
/// (removal, replacement under the same key, `removeAllAnimations`). With no animations it runs
/// at the commit. It runs on the thread that settles it (the committing thread, or the thread
/// on which the animation engine reports the last stop), not necessarily the main thread.
package final class CompletionGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var block: (() -> Void)?
    private var pending = Set<ObjectIdentifier>()
    private var isClosed = false

    package init(_ block: @escaping () -> Void) { self.block = block }

    /// Waits for `animation` too (called when it is added to a layer).
    package func track(_ animation: CAAnimation) {
        lock.lock()
        let accepting = !isClosed && block != nil
        if accepting { pending.insert(ObjectIdentifier(animation)) }
        lock.unlock()
        if accepting { CompletionTracker.register(animation, self) }
    }

    /// The transaction group committed: no more animations join; fire if none are pending.
    package func close() {
        lock.lock()
        isClosed = true
        let fire = pending.isEmpty ? takeBlock() : nil
        lock.unlock()
        fire?()
    }

    fileprivate func stopped(_ id: ObjectIdentifier) {
        lock.lock()
        pending.remove(id)
        let fire = isClosed && pending.isEmpty ? takeBlock() : nil
        lock.unlock()
        fire?()
    }

    private func takeBlock() -> (() -> Void)? {
        defer { block = nil }
        return block
    }
}

/// Which completion groups wait for which animation (process-wide, since the animation engine
/// may report stops from another thread). Entries hold the animation so its identity is not
/// reused while waited for.
package enum CompletionTracker {
    private struct Entry {
        let animation: CAAnimation
        var groups: [CompletionGroup]
    }

    private static let entries = LockedValue<[ObjectIdentifier: Entry]>([:])

    fileprivate static func register(_ animation: CAAnimation, _ group: CompletionGroup) {
        entries.withLock { table in
            let id = ObjectIdentifier(animation)
            table[id, default: Entry(animation: animation, groups: [])].groups.append(group)
        }
    }

    /// An attached animation stopped (finished or removed): settle the groups waiting for it.
    /// The animation engine calls this through `CALayer.animationDidFinish(_:)`.
    package static func animationDidStop(_ animation: CAAnimation) {
        let id = ObjectIdentifier(animation)
        let groups = entries.withLock { table in table.removeValue(forKey: id)?.groups ?? [] }
        for g in groups { g.stopped(id) }
    }

    /// Number of animations some completion block is waiting for (diagnostics and tests).
    package static var waitingAnimationCount: Int { entries.value.count }
}
