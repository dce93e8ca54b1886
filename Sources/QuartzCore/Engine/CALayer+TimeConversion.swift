import Foundation

// convertTime(_:from:) / convertTime(_:to:) through the compositor's `TimingChain` (reference
// §7.5): the two layers' chains are cut below their nearest common ancestor, so the shared part
// cancels instead of being inverted. A paused (speed 0) common ancestor therefore does not
// make times between its sublayers undefined; only a paused layer on the way *up* from the
// source does (its local time has no unique parent time), which gives NaN.

extension CALayer {
    /// Converts `t` from `source`'s local time (nil: absolute media time) to this layer's.
    package func convertTimeThroughChains(_ t: CFTimeInterval, from source: CALayer?) -> CFTimeInterval {
        guard let source else { return timingChain.toLocal(t) }
        let (up, down) = CALayer.chainsBelowCommonAncestor(from: source, to: self)
        return TimingChain.convert(t, from: up, to: down) ?? .nan
    }

    /// The timing nodes strictly below the nearest common ancestor of `a` and `b`, down to
    /// each of them (both from their roots when they are in different trees).
    private static func chainsBelowCommonAncestor(from a: CALayer, to b: CALayer) -> (TimingChain, TimingChain) {
        func path(_ l: CALayer) -> [CALayer] {
            var out: [CALayer] = []
            var node: CALayer? = l
            while let n = node { out.append(n); node = n.treeParent }
            return out.reversed()
        }
        let pa = path(a), pb = path(b)
        var shared = 0
        while shared < pa.count, shared < pb.count, pa[shared] === pb[shared] { shared += 1 }
        return (TimingChain(pa[shared...].map(\.layerTiming)), TimingChain(pb[shared...].map(\.layerTiming)))
    }
}
