import CoreGraphics
import Foundation
import LaminaCompositor

// A text layer's preferred size is the size of its text, as Apple's CATextLayer answers
// `preferredFrameSize()` (code sizes text layers with it: `layer.frame.size =
// layer.preferredFrameSize()`). It is also how UIKit's UILabel measures text through public API.

extension CATextLayer {
    /// The size of the laid-out text, in points of the layer's bounds space (which, with no
    /// transform, is the superlayer's too): the widest line's advance without trailing spaces,
    /// and the lines' count times the font's line height (ascent + descent + line gap); an
    /// attributed string's paragraph styles add their head indents to the widths and their
    /// spacing and line heights to the height.
    ///
    /// - Wrapped text (`isWrapped`) wraps to the current bounds width; with a zero (or not
    ///   finite) width it is measured unwrapped, since there is no width to wrap to.
    /// - Truncation is ignored (the layer's and paragraph styles'): the size is the whole
    ///   text's, so a caller can compare it with the room it has.
    /// - No text, or a font size that is not a positive finite number: `.zero`.
    /// Font sizes are not capped here (drawing caps them to a pixel size), so the answer stays
    /// proportional to `fontSize`.
    package func textPreferredFrameSize() -> CGSize {
        guard let text = CATextLayer.plainText(string), !text.isEmpty,
              fontSize.isFinite, fontSize > 0,
              let face = CATextLayer.resolveFace(font)
        else { return .zero }
        let measurer = FontTextMeasurer(face: face, fontSize: fontSize)
        let width = bounds.width
        let wraps = isWrapped && width.isFinite && width > 0
        let options = TextLayout.Options(isWrapped: wraps, truncationMode: .none, alignmentMode: .left,
                                         styles: CATextLayer.textStyles(string), measuresWholeText: true)
        let box = CGSize(width: wraps ? width : 0, height: 0)
        let layout = TextLayout.make(text, size: box, options: options, measurer: measurer)
        let widest = layout.lines.map { $0.width + $0.indent }.max() ?? 0
        return CGSize(width: widest, height: layout.height)
    }
}
