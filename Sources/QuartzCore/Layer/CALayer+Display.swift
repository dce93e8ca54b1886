import Foundation

// Display and layout passes (Apple's CALayer.h). The model keeps the needs-display and
// needs-layout marks; the outermost transaction commit runs layout and then display over each
// attached tree it touched (as Core Animation does before handing the tree to the render
// server). Detached layers are laid out / displayed only when asked (`layoutIfNeeded()`,
// `displayIfNeeded()`).
//
// The backing store: `display()` without a delegate `display(_:)` allocates a bitmap of
// bounds.size × contentsScale pixels, hands it to `draw(in:)` (already flipped to the layer's
// y-down point space, see CGContext.makeLayerContext) and stores the image as `contents`.
// As on Apple's platforms this replaces whatever `contents` held, even when nothing is drawn.

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
    /// drawing to the delegate, draw into a fresh backing store, show it as `contents`.
    /// An empty bounds gives nil contents; a backing store too large to allocate (more than
    /// `maxBackingStorePixels`) is reported and gives nil contents too.
    package func displayUsingBackingStore() {
        needsDisplayFlag = false
        delegateStorage?.layerWillDraw(self)
        let image = drawBackingStore()
        // The backing store replaces the contents without an implicit cross-fade.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        contents = image
        CATransaction.commit()
    }

    /// A backing store of bounds.size × contentsScale pixels with `draw(in:)` drawn into it, or
    /// nil for an empty bounds or one too large to allocate (reported).
    package func drawBackingStore() -> CGImage? {
        // A tiled layer draws tile by tile what is visible (CATiledLayer+Tiles.swift).
        if let tiled = self as? CATiledLayer { return tiled.drawTiledBackingStore() }
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let w = Double(bounds.width * scale).rounded(.up), h = Double(bounds.height * scale).rounded(.up)
        var image: CGImage?
        if w >= 1, h >= 1 {
            if w * h <= Double(CALayer.maxBackingStorePixels),
               let ctx = CGContext.makeLayerContext(width: Int(w), height: Int(h), scale: scale) {
                // Draw in bounds space: the bounds origin is the context's top-left.
                ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
                draw(in: ctx)
                image = ctx.makeImage()
            } else {
                // (w and h may be far past Int.max: bounds 1e300, contentsScale 1e30.)
                LayerDiagnostics.report(.renderFailed(reason: "display(): a \(describePixels(w)) x \(describePixels(h)) pixel backing store "
                    + "(bounds \(bounds.width) x \(bounds.height) at contentsScale \(scale)) is too large "
                    + "(at most \(CALayer.maxBackingStorePixels) pixels)"))
            }
        }
        return image
    }

    /// A pixel count for a message: a whole number while it fits an Int, else in exponent form.
    private func describePixels(_ d: Double) -> String {
        d.magnitude < 1e15 ? String(Int(d)) : "\(d)"
    }

    /// The largest backing store `display()` allocates, in pixels (256 MB of RGBA; the
    /// render server's limit).
    package static let maxBackingStorePixels = RenderNode.maxBackingStorePixels

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
