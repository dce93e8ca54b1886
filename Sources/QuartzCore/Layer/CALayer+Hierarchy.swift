import Foundation

// The layer tree (reference §1, Apple's CALayer.h): a layer is in one tree at a time, in one
// place (a sublayer of one layer, or the mask of one layer). Operations that would make a layer
// its own ancestor are refused and reported (`LayerError.cycle`), leaving the tree unchanged.
//
// Each change records the parent's "sublayers" (or "mask") key in the transaction, so actions
// for those keys run, and posts kCAOnOrderIn / kCAOnOrderOut on layers entering or leaving a
// visible (committed, attached) tree (§5.5.1). The parent is marked as needing layout.
//
// The "sublayers" change of a single insertion, replacement or removal records no old value
// (`LayerChange.oldValue` is nil): a snapshot of the old sublayer array kept by the transaction
// made every insertion copy (and retain) the whole array, so building a tree of n sublayers
// cost O(n²). Nothing reads that old value — "sublayers" is an event, not an interpolated
// property, and hosts rebuild children from the tree. `sublayers =` replaces the whole array
// anyway and still records the old one.

extension CALayer {
    /// True when `self` is `layer` or one of its tree ancestors: adding `self` below `layer`
    /// would create a cycle.
    ///
    /// A layer with no sublayers and no mask is nobody's ancestor: answered without walking up
    /// from `layer`, so building a tree leaf by leaf (even a 20,000-deep chain) is linear.
    package func isAncestorOrSelf(of layer: CALayer) -> Bool {
        if sublayerStorage.isEmpty && maskStorage == nil { return self === layer }
        var l: CALayer? = layer
        while let cur = l {
            if cur === self { return true }
            l = cur.treeParent
        }
        return false
    }

    package func insertSublayerChecked(_ layer: CALayer, at index: Int, operation: String) {
        guard !layer.isAncestorOrSelf(of: self) else {
            LayerDiagnostics.report(.cycle(operation: operation))
            return
        }
        layer.detachFromParent(reinserting: true)
        let i = min(max(0, index), sublayerStorage.count)
        changeValue(forKey: "sublayers", oldValue: nil) { parent in
            parent.sublayerStorage.insert(layer, at: i)
            layer.superlayerStorage = parent
        }
        setNeedsLayout()
        layer.postOrderIn(under: self)
    }

    package func insertSublayer(_ layer: CALayer, relativeTo sibling: CALayer?, above: Bool) {
        let operation = above ? "insertSublayer(_:above:)" : "insertSublayer(_:below:)"
        guard let sibling else {
            insertSublayerChecked(layer, at: above ? sublayerStorage.count : 0, operation: operation)
            return
        }
        guard sibling.superlayerStorage === self, sibling !== layer else {
            LayerDiagnostics.report(.notASublayer(operation: operation))
            return
        }
        guard !layer.isAncestorOrSelf(of: self) else {
            LayerDiagnostics.report(.cycle(operation: operation))
            return
        }
        // Remove first: the sibling's index may shift if `layer` was a sublayer here already.
        layer.detachFromParent(reinserting: true)
        guard let j = sublayerStorage.firstIndex(where: { $0 === sibling }) else { return }
        insertSublayerChecked(layer, at: above ? j + 1 : j, operation: operation)
    }

    package func replaceSublayerChecked(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer.superlayerStorage === self else {
            LayerDiagnostics.report(.notASublayer(operation: "replaceSublayer(_:with:)"))
            return
        }
        guard oldLayer !== newLayer else { return }
        guard !newLayer.isAncestorOrSelf(of: self) else {
            LayerDiagnostics.report(.cycle(operation: "replaceSublayer(_:with:)"))
            return
        }
        postEvent(kCATransition)
        newLayer.detachFromParent(reinserting: true)
        guard let i = sublayerStorage.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.postEvent(kCAOnOrderOut)
        changeValue(forKey: "sublayers", oldValue: nil) { parent in
            parent.sublayerStorage[i] = newLayer
            oldLayer.superlayerStorage = nil
            newLayer.superlayerStorage = parent
        }
        setNeedsLayout()
        newLayer.postOrderIn(under: self)
    }

    /// Removes the layer from its superlayer, or from the layer it masks.
    /// `reinserting`: the layer is about to be added elsewhere (no order-out event then; Apple
    /// posts order-out only when the layer leaves the visible tree).
    package func detachFromParent(reinserting: Bool = false) {
        if let parent = superlayerStorage {
            if !reinserting { postEvent(kCAOnOrderOut) }
            parent.changeValue(forKey: "sublayers", oldValue: nil) { p in
                p.sublayerStorage.removeAll { $0 === self }
                self.superlayerStorage = nil
            }
            parent.setNeedsLayout()
        } else if let owner = maskOwner {
            owner.setMask(nil)
        }
    }

    /// `sublayers = layers`: layers no longer listed are removed; listed layers are taken from
    /// wherever they were. Duplicates keep their first position. A list containing this layer
    /// or one of its ancestors is refused as a whole.
    package func setSublayers(_ layers: [CALayer]) {
        if let bad = layers.first(where: { $0.isAncestorOrSelf(of: self) }) {
            _ = bad
            LayerDiagnostics.report(.cycle(operation: "sublayers ="))
            return
        }
        var seen = Set<ObjectIdentifier>()
        let unique = layers.filter { seen.insert(ObjectIdentifier($0)).inserted }
        let old = sublayerStorage
        if old.count == unique.count, zip(old, unique).allSatisfy({ $0 === $1 }) { return }
        let leaving = old.filter { !seen.contains(ObjectIdentifier($0)) }
        for l in leaving { l.postEvent(kCAOnOrderOut) }
        for l in unique where l.superlayerStorage !== self { l.detachFromParent(reinserting: true) }
        let entering = unique.filter { $0.superlayerStorage !== self }
        changeValue(forKey: "sublayers", oldValue: old.isEmpty ? nil : old) { parent in
            for l in leaving { l.superlayerStorage = nil }
            parent.sublayerStorage = unique
            for l in unique { l.superlayerStorage = parent }
        }
        setNeedsLayout()
        for l in entering { l.postOrderIn(under: self) }
    }

    /// `mask = layer`: the mask is taken from wherever it was; this layer or an ancestor as its
    /// own mask is refused.
    package func setMask(_ newMask: CALayer?) {
        if newMask === maskStorage { return }
        if let m = newMask {
            guard !m.isAncestorOrSelf(of: self) else {
                LayerDiagnostics.report(.cycle(operation: "mask ="))
                return
            }
            m.detachFromParent(reinserting: true)
        }
        let old = maskStorage
        changeValue(forKey: "mask", oldValue: old) { owner in
            old?.maskOwner = nil
            owner.maskStorage = newMask
            newMask?.maskOwner = owner
        }
    }

    /// Number of layers from here to the root with `isGeometryFlipped` (§1.5.2).
    package var flippedAncestorCount: Int {
        var n = 0
        var l: CALayer? = self
        while let cur = l {
            if cur.props.isGeometryFlipped { n += 1 }
            l = cur.treeParent
        }
        return n
    }
}
