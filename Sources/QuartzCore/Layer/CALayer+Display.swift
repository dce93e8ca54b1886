import Foundation

// Display and layout passes (Apple's CALayer.h). The model keeps the needs-display and
// needs-layout marks; the outermost transaction commit runs layout and then display over each
// attached tree it touched (as Core Animation does before handing the tree to the render
// server). Detached layers are laid out / displayed only when asked (`layoutIfNeeded()`,
// `displayIfNeeded()`).
//
// Not here yet: drawing into a bitmap backing store. `draw(in:)` / the delegate's
// `draw(_:in:)` take a CGContext, which Lamina does not have yet; until it does, the default
// display path calls `layerWillDraw(_:)` and clears the mark without producing contents.

extension CALayer {
    package func performDisplay() {
        needsDisplayFlag = false
        if let delegate = delegateStorage {
            delegate.display(self)
        } else {
            displayUsingBackingStore()
        }
    }

    /// The layer's own display path (what a delegate without `display(_:)` gets): announce the
    /// drawing to the delegate, then draw into the backing store. The drawing step arrives with
    /// CGContext; today nothing is drawn and `contents` is left as it is.
    package func displayUsingBackingStore() {
        needsDisplayFlag = false
        delegateStorage?.layerWillDraw(self)
    }

    package func performLayoutIfNeeded() {
        // Climb while the parent needs layout, then lay out the whole subtree from there.
        var top: CALayer = self
        while let p = top.superlayerStorage, p.needsLayoutFlag { top = p }
        top.layoutSubtreeIfNeeded()
    }

    /// Lays out every marked layer in this subtree, parents before children.
    package func layoutSubtreeIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for child in sublayerStorage { child.layoutSubtreeIfNeeded() }
    }

    /// Displays every marked layer in this subtree (and masks).
    package func displaySubtreeIfNeeded() {
        displayIfNeeded()
        maskStorage?.displaySubtreeIfNeeded()
        for child in sublayerStorage { child.displaySubtreeIfNeeded() }
    }

    /// Makes sure the current transaction will visit this layer's tree at commit.
    package func noteNeedsCommitWork() {
        guard !isPresentationCopy, !isSuppressingChangeRecording else { return }
        TransactionStack.current.noteTouched(self)
    }
}
