import Foundation

/// Animations run together in one time space (Apple's CAAnimationGroup, §9.4).
///
/// The children's times are relative to the group (their `beginTime` 0 means the group's start
/// and is not replaced at commit); whatever extends past the group's duration is cut off. The
/// children's `delegate` and `isRemovedOnCompletion` are ignored. Copying the group copies its
/// children too, so editing them after `add(_:forKey:)` changes nothing on the layer.
open class CAAnimationGroup: CAAnimation {
    /// The children, run together in the group's time (their begin times relative to the
    /// group's start). Nil by default.
    open var animations: [CAAnimation]?

    /// Copies the group's animations (copying each), after CAAnimation's properties.
    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        animations = o.animations?.map { ($0.copy() as? CAAnimation) ?? $0 }
    }
}
