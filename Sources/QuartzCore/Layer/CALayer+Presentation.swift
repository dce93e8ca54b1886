import Foundation

// Presentation layers (reference §5.3.1, §9.6; seed 002 "presentation and model").
//
// A layer has a presentation layer once its tree has been committed while attached to a host.
// `presentation()` then returns a copy of the whole tree (made with `init(layer:)`, so
// subclasses copy their own state), with each copy's `model()` pointing back at its model
// layer, and returns the copy of the receiver; its superlayer chain is the copied tree, so
// `presentation()?.hitTest(_:)` and conversions work on presented geometry.
//
// Values: each copy starts with its model's values; then the layer's committed animations are
// evaluated at the current media time (`CACurrentMediaTime()`, read once per call) through the
// time hierarchy (root → sublayers → animation, `AnimationEngine.applyAnimations`); then the
// host's `applyPresentationValues(to:model:)` may adjust the copy further.
// The copy is rebuilt on every call and kept alive by the model tree's root until the next
// call (hold on to the returned layer, not to its ancestors, across calls).

extension CALayer {
    package func makePresentation() -> CALayer? {
        if isPresentationCopy { return self }
        guard hasBeenCommitted else { return nil }
        let root = treeRoot
        var mine: CALayer?
        let copyRoot = root.presentationCopy(host: root.host, parentTime: MediaClock.now, wanted: self, found: &mine)
        root.presentationCache = copyRoot
        return mine
    }

    /// Copies this subtree; `found` receives the copy of `wanted`.
    private func presentationCopy(host: LayerTreeHost?, parentTime: Double, wanted: CALayer,
                                  found: inout CALayer?) -> CALayer {
        let localTime = layerTiming.activeLocalTime(fromParent: parentTime)
        let copy = type(of: self).init(presentationCopyOf: self)
        copy.modelLayerStorage = self
        copy.isPresentationCopy = true
        copy.hasBeenCommitted = true
        if self === wanted { found = copy }
        copy.sublayerStorage = sublayerStorage.map { child in
            let c = child.presentationCopy(host: host, parentTime: localTime, wanted: wanted, found: &found)
            c.superlayerStorage = copy
            return c
        }
        if let m = maskStorage {
            let c = m.presentationCopy(host: host, parentTime: localTime, wanted: wanted, found: &found)
            c.maskOwner = copy
            copy.maskStorage = c
        }
        if !animationEntries.isEmpty { AnimationEngine.applyAnimations(of: self, to: copy, localTime: localTime) }
        host?.applyPresentationValues(to: copy, model: self)
        return copy
    }
}
