import Foundation
import QuartzCore

// How a label's properties reach its text layer, and how its text is measured (through a
// scratch CATextLayer's `preferredFrameSize()`: the font's unhinted metrics, so sizes are the
// same at every scale and proportional to the font size).

extension UILabel {
    /// Text, font, line count or break mode changed: new attributes now, new geometry at the
    /// next layout.
    func textDidChange() {
        applyTextAttributes()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Copies the label's properties to its text layer (geometry and the fitted font size are
    /// layout's).
    func applyTextAttributes() {
        let t = textLayer
        let text = self.text
        if (t.string as? String) != text { t.string = text }
        if (t.font as? UIFont) !== font { t.font = font }
        let color = effectiveTextColor.cgColor
        if t.foregroundColor != color { t.foregroundColor = color }
        let alignment = UILabel.alignmentMode(textAlignment)
        if t.alignmentMode != alignment { t.alignmentMode = alignment }
        let wraps = numberOfLines != 1
        if t.isWrapped != wraps { t.isWrapped = wraps }
        let truncation = UILabel.truncationMode(lineBreakMode)
        if t.truncationMode != truncation { t.truncationMode = truncation }
        let shadow = shadowColor?.cgColor
        if t.shadowColor != shadow { t.shadowColor = shadow }
        let opacity: Float = shadow == nil ? 0 : 1
        if t.shadowOpacity != opacity { t.shadowOpacity = opacity }
        if t.shadowRadius != 0 { t.shadowRadius = 0 }
        let offset = CGSize(width: shadowOffset.width.isFinite ? shadowOffset.width : 0,
                            height: shadowOffset.height.isFinite ? shadowOffset.height : 0)
        if t.shadowOffset != offset { t.shadowOffset = offset }
    }

    /// `textColor`, or `highlightedTextColor` while highlighted, at half alpha when disabled.
    var effectiveTextColor: UIColor {
        var color: UIColor = textColor
        if isHighlighted, let h = highlightedTextColor { color = h }
        if !isEnabled { color = color.withAlphaComponent(color.cgColor.alpha * 0.5) }
        return color
    }

    static func alignmentMode(_ alignment: NSTextAlignment) -> CATextLayerAlignmentMode {
        switch alignment {
        case .left: return .left
        case .center: return .center
        case .right: return .right
        case .justified: return .justified
        case .natural: return .natural
        }
    }

    /// Truncating modes map to the text layer's; wrapping and clipping modes cut the text.
    static func truncationMode(_ mode: NSLineBreakMode) -> CATextLayerTruncationMode {
        switch mode {
        case .byTruncatingHead: return .start
        case .byTruncatingMiddle: return .middle
        case .byTruncatingTail: return .end
        case .byWordWrapping, .byCharWrapping, .byClipping: return .none
        }
    }

    /// The size of the label's text at `fontSize` (points): wrapped to `width` when the label
    /// shows more than one line and `width` is a positive finite number, limited to `maxLines`
    /// lines (0 or less: no limit). Not rounded.
    func measureText(width: CGFloat, fontSize: CGFloat, maxLines: Int) -> CGSize {
        guard let text, !text.isEmpty, fontSize.isFinite, fontSize > 0 else { return .zero }
        let m = measuringLayer
        m.string = text
        m.font = font
        m.fontSize = fontSize
        let wraps = numberOfLines != 1 && width.isFinite && width > 0 && width < .greatestFiniteMagnitude
        m.isWrapped = wraps
        m.bounds = CGRect(x: 0, y: 0, width: wraps ? width : 0, height: 0)
        var size = m.preferredFrameSize()
        let lineHeight = self.lineHeight(atSize: fontSize)
        if maxLines > 0, lineHeight > 0 { size.height = min(size.height, CGFloat(maxLines) * lineHeight) }
        return size
    }

    /// The baseline-to-baseline distance of the label's font at `size` points (the height of
    /// one measured line).
    func lineHeight(atSize size: CGFloat) -> CGFloat {
        guard size.isFinite, size > 0 else { return 0 }
        let m = measuringLayer
        m.string = "X"
        m.font = font
        m.fontSize = size
        m.isWrapped = false
        return m.preferredFrameSize().height
    }

    /// The font size the text layer draws with for a label `width` points wide: the font's,
    /// or smaller for single-line text that does not fit when `adjustsFontSizeToFitWidth`
    /// (never below `minimumScaleFactor` of it; text width is proportional to the size).
    func fittedFontSize(forWidth width: CGFloat) -> CGFloat {
        let size = font.pointSize
        guard adjustsFontSizeToFitWidth, numberOfLines == 1, minimumScaleFactor.isFinite, minimumScaleFactor > 0,
              width.isFinite, width > 0 else { return size }
        let natural = measureText(width: 0, fontSize: size, maxLines: 1).width
        guard natural > width else { return size }
        return size * max(min(minimumScaleFactor, 1), width / natural)
    }

    private var pixelScale: CGFloat {
        let s = contentScaleFactor
        return s.isFinite && s > 0 ? s : 1
    }

    /// `value` rounded up to whole pixels (tolerating float noise of a thousandth of a pixel).
    func roundUpToPixels(_ value: CGFloat) -> CGFloat {
        guard value.isFinite else { return value }
        return (value * pixelScale - 1e-3).rounded(.up) / pixelScale
    }

    /// `value` rounded to the nearest pixel.
    func roundToPixels(_ value: CGFloat) -> CGFloat {
        guard value.isFinite else { return value }
        return (value * pixelScale).rounded() / pixelScale
    }
}
