/// A path of timing nodes from a root down to one node, for time conversion between layers
/// (`convertTime(_:from:)` / `convertTime(_:to:)`, reference §7.5).
///
/// `nodes[0]` is the root layer, whose parent time space is absolute media time
/// (`CACurrentMediaTime()`); `nodes[i]`'s parent time space is `nodes[i-1]`'s local time; the last
/// node's local time is the chain's local time. Only stage 1 is composed, which is what layers use
/// (reference §7.4: a layer's own local time has no wrapping or fill).
package struct TimingChain: Sendable, Hashable {
    package var nodes: [MediaTiming]

    package init(_ nodes: [MediaTiming]) { self.nodes = nodes }

    /// Absolute time → this chain's local time (composition of stage 1 down the chain).
    /// A paused node (speed 0) makes everything below it constant, as on Apple's platforms.
    package func toLocal(_ absolute: Double) -> Double {
        var t = absolute
        for node in nodes { t = node.activeLocalTime(fromParent: t) }
        return t
    }

    /// This chain's local time → absolute time, inverting stage 1 up the chain.
    ///
    /// nil when some node has speed 0 (or a non-finite speed): a paused node maps every parent
    /// instant to the same local time, so a local time has no unique absolute counterpart.
    /// Callers converting between two layers should strip the common ancestors first (see
    /// `convert(_:from:to:)`), so a paused *shared* ancestor does not make the conversion fail.
    package func fromLocal(_ local: Double) -> Double? {
        var t = local
        for node in nodes.reversed() {
            guard let parent = node.parentTime(fromActiveLocal: t) else { return nil }
            t = parent
        }
        return t
    }

    /// Converts time `t` from the local space of chain `from` to that of chain `to`; nil stands
    /// for absolute time, as in Apple's API. Both chains must start at the same time space: either
    /// both from the root, or both from the two layers' nearest common ancestor (preferred —
    /// shared nodes then cancel instead of being inverted, which also keeps a paused common
    /// ancestor from making the result undefined).
    ///
    /// Returns nil only when `from` cannot be inverted (it contains a node with speed 0).
    package static func convert(_ t: Double, from: TimingChain?, to: TimingChain?) -> Double? {
        let common: Double
        if let from {
            guard let up = from.fromLocal(t) else { return nil }
            common = up
        } else {
            common = t
        }
        guard let to else { return common }
        return to.toLocal(common)
    }

    /// The chain's effective speed relative to absolute time (product of speeds).
    /// Example (reference §7.2): a layer of speed 2 inside one of speed 2 runs at 4×.
    package var effectiveSpeed: Double {
        nodes.reduce(1) { $0 * $1.speed }
    }
}
