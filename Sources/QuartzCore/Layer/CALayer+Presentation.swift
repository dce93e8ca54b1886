import Foundation
import LaminaCompositor

// Presentation layers (reference §5.3.1, §9.6; seed 002 "presentation and model").
//
// A layer has a presentation layer once its tree has been committed while attached to a host.
// `presentation()` then returns a copy of the whole tree (made with `init(layer:)`, so
// subclasses copy their own state), with each copy's `model()` pointing back at its model
// layer, and returns the copy of the receiver; its superlayer chain is the copied tree, so
// `presentation()?.hitTest(_:)` and conversions work on presented geometry.
//
// Values: each copy starts with its model's values. The animated values come from the render
// server — the root's `CommittedRenderTree`, evaluated at the current media time
// (`CACurrentMediaTime()`, read once per call) by the same schedule and code a window's frame
// runs (`CommittedRenderTree.forEachPresentedNode`): for every layer with committed animations,
// the fields they write (`PresentedLayerValues.store(into:)`) and its animated subclass and
// custom keys (the extras, through their `PresentedProperty.write`) replace the copy's values.
// So a presentation layer shows exactly what the window shows at that time: the committed
// values underneath the animations (§9.6.1: "as at the start of the current transaction"),
// the committed animations only (one added since the last commit is not presented yet), and
// the committed layer clocks (beginTime, speed, timeOffset of the layer and its ancestors).
// Then the host's `applyPresentationValues(to:model:)` may adjust each copy further.
//
// What still comes from the model: the properties no committed animation writes (the copy's
// own values, which include changes made since the last commit) and the tree's structure.
//
// The copy is rebuilt on every call and kept alive by the model tree's root until the next
// call (hold on to the returned layer, not to its ancestors, across calls).

extension CALayer {
    package func makePresentation() -> CALayer? {
        if isPresentationCopy { return self }
        guard hasBeenCommitted else { return nil }
        let root = treeRoot
        var mine: CALayer?
        var copies: [CALayer] = []
        var animated = false
        let copyRoot = root.presentationCopy(wanted: self, found: &mine, copies: &copies, animated: &animated)
        // A tree not attached has no committed tree to ask: one is snapshotted for the call,
        // which is only worth it when some layer has animations.
        let server = root.host != nil || animated ? root.renderServerTree() : nil
        // Ids of the copies, made once the server names an animated node.
        var byID: [RenderNodeID: CALayer]?
        server?.forEachPresentedNode(at: MediaClock.now) { id, target in
            if byID == nil {
                byID = Dictionary(copies.map { ($0.renderNodeID, $0) }, uniquingKeysWith: { first, _ in first })
            }
            guard let copy = byID?[id] else { return }
            copy.storePresentedValues(target)
        }
        if let host = root.host {
            for copy in copies {
                if let model = copy.modelLayerStorage { host.applyPresentationValues(to: copy, model: model) }
            }
        }
        root.presentationCache = copyRoot
        return mine
    }

    /// The render server's tree for the tree rooted here: the committed tree every outermost
    /// commit keeps up to date while the tree is attached to a host (made now from the model
    /// on first use); for a tree not attached (any more), a snapshot of the model made now —
    /// no commit updates it, so it is not kept.
    package func renderServerTree() -> CommittedRenderTree {
        host != nil ? committedRenderTree() : CommittedRenderTree(root: self)
    }

    /// Writes a presented-values buffer of the render server into this presentation copy (or
    /// scratch copy): the `DirectField`s it holds into the properties, then each animated
    /// subclass or custom key through its accessor.
    package func storePresentedValues(_ target: CommittedLayerTarget) {
        target.values.store(into: &props)
        for extra in target.extras { extra.property.write(self, extra.value) }
    }

    /// Copies this subtree (model values); `found` receives the copy of `wanted`; `copies`
    /// every copy, sublayers and masks before their parent; `animated` is set when a layer of
    /// the subtree has animations attached.
    private func presentationCopy(wanted: CALayer, found: inout CALayer?, copies: inout [CALayer],
                                  animated: inout Bool) -> CALayer {
        let copy = type(of: self).init(presentationCopyOf: self)
        copy.modelLayerStorage = self
        copy.isPresentationCopy = true
        copy.hasBeenCommitted = true
        if self === wanted { found = copy }
        copy.sublayerStorage = sublayerStorage.map { child in
            let c = child.presentationCopy(wanted: wanted, found: &found, copies: &copies, animated: &animated)
            c.superlayerStorage = copy
            return c
        }
        if let m = maskStorage {
            let c = m.presentationCopy(wanted: wanted, found: &found, copies: &copies, animated: &animated)
            c.maskOwner = copy
            copy.maskStorage = c
        }
        if !animationEntries.isEmpty { animated = true }
        copies.append(copy)
        return copy
    }
}
