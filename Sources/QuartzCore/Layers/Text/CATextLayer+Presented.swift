import CoreGraphics
import Foundation
import LaminaCompositor

// Animated text. The backing store holds the text drawn with the model's values; while an
// animation presents another `fontSize` or `foregroundColor` (Apple animates both), the
// frame's node draws the text again from its plain values (`RenderNodeKind.text`,
// `RenderNode.showPresentedText` in LaminaCompositor). The committed tree's frames write the
// presented values into the node in place (the table's node writers) and keep the last image
// per animated layer; paths that draw a node from a presentation copy of the layer (copies,
// transition snapshots) come through `drawPresentedText(of:over:)` and keep it on the model.
//
// Cost: one text drawing per animated text layer per frame in which the presented values
// change (glyph masks come from the cache when the size repeats).

extension RenderNode {
    /// For a node drawn from `shown` (a copy holding presented values) over `model` (whose
    /// backing store `contents` holds): records the model's values as the drawn ones and, when
    /// the presented size or colour differ, shows the text drawn with them.
    package mutating func drawPresentedText(of shown: CALayer, over model: CALayer) {
        guard let model = model as? CATextLayer, shown is CATextLayer, case .text(var text) = kind else { return }
        text.drawnFontSize = model.fontSize
        text.drawnColor = model.foregroundColor
        text.drawnBounds = model.bounds
        text.drawnScale = model.contentsScale
        kind = .text(text)
        showPresentedText(cache: &model.presentedTextCache, maxPixels: CALayer.maxBackingStorePixels)
    }

    /// Edits the text content of a CATextLayer's node (the table's node writers).
    mutating func editText(_ body: (inout TextContent) -> Void) {
        guard case .text(var content) = kind else { return }
        body(&content)
        kind = .text(content)
    }
}
