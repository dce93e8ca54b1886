import Foundation
import QuartzCore

/// UIKit's label: read-only text in one font and colour, centred vertically in the bounds.
///
/// Design: the text is a `CATextLayer` sublayer of the view's layer (so the view keeps a
/// plain layer for its background, border and shadow). `layoutSubviews()` places it through
/// `drawText(in:)`: full width, as tall as the lines shown, centred vertically in the rect, as
/// UIKit centres label text. The text layer draws, wraps and truncates (`isWrapped`,
/// `truncationMode`); sizes come from the font's metrics through the text layer's
/// `preferredFrameSize()`. Its actions follow the label's (no implicit animation outside
/// animation blocks).
///
/// Differences from UIKit that a port may meet:
/// - `attributedText`: its characters are drawn in the label's `font` and `textColor`; the
///   attributes (fonts, colours, paragraph styles of ranges) are kept but not applied —
///   CATextLayer draws plain text.
/// - `NSLineBreakMode.byCharWrapping` wraps at spaces like `.byWordWrapping` (a word longer
///   than a line still breaks between characters); multi-line truncation puts "…" at the end
///   of the last line whatever the truncating mode.
/// - `adjustsFontSizeToFitWidth` shrinks single-line text only (`numberOfLines == 1`), down to
///   `minimumScaleFactor` (0, the default, means no shrinking, as documented);
///   `baselineAdjustment` and `allowsDefaultTighteningForTruncation` are stored only.
/// - A disabled label (`isEnabled == false`) draws its text colour at half its alpha (UIKit
///   only says it "dims the text somewhat").
/// - `drawText(in:)` is called during layout, with no current context: the default places the
///   text in the given rect, so the common override `super.drawText(in: rect.inset(by: pad))`
///   pads the text as on iOS; drawing of one's own there draws nothing.
/// - The text layer is placed at layout time: a label resized inside `UIView.animate` places
///   its text at the next commit, after the block, so the text moves at once unless the block
///   calls `layoutIfNeeded()` (which animates it along, as on iOS, where the same call is the
///   usual advice).
/// - Text is laid out left to right only; there is no Dynamic Type.
open class UILabel: UIView {
    /// The layer that draws the text (a sublayer of `layer`).
    let textLayer = CATextLayer()
    /// Measures text (never drawn, never in a tree).
    let measuringLayer = CATextLayer()
    private var sublayerDelegate: ViewSublayerDelegate!
    private let scratchDelegate = ViewSublayerDelegate(view: nil)
    private var storedText: String?
    private var storedAttributedText: NSAttributedString?
    private var storedFont = UILabel.defaultFont
    private var storedTextColor: UIColor = .label

    static var defaultFont: UIFont { UIFont.systemFont(ofSize: 17) }

    /// A label with `frame`: no text, 17-point system font, `.label` colour, one line,
    /// truncating the tail; user interaction off and content mode `.redraw`, as UIKit's.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        sublayerDelegate = ViewSublayerDelegate(view: self)
        textLayer.delegate = sublayerDelegate
        measuringLayer.delegate = scratchDelegate
        isUserInteractionEnabled = false
        contentMode = .redraw
        layer.addSublayer(textLayer)
        applyTextAttributes()
    }

    /// Always fails (no nib loading), as `UIView.init?(coder:)`.
    public required init?(coder: NSCoder) { return nil }

    // MARK: Text

    /// The text shown (nil: none). Setting it replaces `attributedText`.
    open var text: String? {
        get { storedText }
        set {
            storedText = newValue
            storedAttributedText = nil
            textDidChange()
        }
    }

    /// The text as an attributed string: the one set, else `text` with no attributes. Only its
    /// characters are drawn, in `font` and `textColor` (see the type's discussion). Setting it
    /// sets `text` to its string.
    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? storedText.map { NSAttributedString(string: $0) } }
        set {
            storedAttributedText = newValue
            storedText = newValue?.string
            textDidChange()
        }
    }

    /// The font (default the 17-point system font; setting nil restores it).
    open var font: UIFont! {
        get { storedFont }
        set {
            storedFont = newValue ?? UILabel.defaultFont
            textDidChange()
        }
    }

    /// The text colour (default `.label`; setting nil restores it).
    open var textColor: UIColor! {
        get { storedTextColor }
        set {
            storedTextColor = newValue ?? .label
            applyTextAttributes()
        }
    }

    /// Where lines sit horizontally (default `.natural`: left for left-to-right text).
    open var textAlignment: NSTextAlignment = .natural { didSet { applyTextAttributes() } }

    /// How lines too long for the label end (default `.byTruncatingTail`): truncating modes put
    /// "…" in, wrapping and clipping modes cut the text at the edge (see `numberOfLines`).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textDidChange() } }

    /// The most lines shown (default 1; 0: as many as the text needs and the bounds hold).
    /// More than one line wraps the text at spaces to the bounds' width. Negative values are
    /// taken as 0.
    open var numberOfLines: Int = 1 { didSet { textDidChange() } }

    /// Whether the text draws in its enabled look (default true); false dims it.
    open var isEnabled = true { didSet { applyTextAttributes() } }

    /// Whether the text draws in `highlightedTextColor` (when that is set). Default false.
    open var isHighlighted = false { didSet { applyTextAttributes() } }

    /// The text colour while `isHighlighted` (nil: `textColor`).
    open var highlightedTextColor: UIColor? { didSet { applyTextAttributes() } }

    /// The colour of the text's shadow (nil, the default: no shadow). The shadow is the text's
    /// shape, unblurred, offset by `shadowOffset`.
    open var shadowColor: UIColor? { didSet { applyTextAttributes() } }

    /// The shadow's offset in points (y down). Default (0, -1), a shadow above the text, as UIKit.
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { applyTextAttributes() } }

    // MARK: Fitting

    /// Whether single-line text too wide for the bounds is drawn smaller, down to
    /// `minimumScaleFactor` of the font's size. Default false.
    open var adjustsFontSizeToFitWidth = false { didSet { textDidChange() } }

    /// The smallest fraction of the font size `adjustsFontSizeToFitWidth` may shrink to (0, the
    /// default: no shrinking).
    open var minimumScaleFactor: CGFloat = 0 { didSet { textDidChange() } }

    /// How shrunk text sits vertically (stored only).
    open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines

    /// Whether text is tightened before truncating (stored only).
    open var allowsDefaultTighteningForTruncation = false

    /// The width multi-line text wraps to for `intrinsicContentSize` (0, the default: the
    /// text's own width).
    open var preferredMaxLayoutWidth: CGFloat = 0

    // MARK: Layout and sizing (declared here: Swift on Linux overrides only class members)

    /// Places the text (`drawText(in: bounds)`).
    open override func layoutSubviews() {
        super.layoutSubviews()
        if textLayer.contentsScale != layer.contentsScale { textLayer.contentsScale = layer.contentsScale }
        textLayer.fontSize = fittedFontSize(forWidth: bounds.width)
        drawText(in: bounds)
    }

    /// The window's scale may have changed the layer's.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        setNeedsLayout()
    }

    /// The size of the text laid out in `size` (points, rounded up to whole pixels): one line
    /// takes the text's full width whatever `size` says; more lines wrap to `size.width` (when
    /// positive) and are limited to `numberOfLines`. No text: `.zero`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let wrapWidth = numberOfLines != 1 && size.width.isFinite && size.width > 0 ? size.width : .greatestFiniteMagnitude
        let r = textRect(forBounds: CGRect(x: 0, y: 0, width: wrapWidth, height: .greatestFiniteMagnitude),
                         limitedToNumberOfLines: numberOfLines)
        return CGSize(width: roundUpToPixels(r.width), height: roundUpToPixels(r.height))
    }

    /// `sizeThatFits` with the wrap width `preferredMaxLayoutWidth`.
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: 0))
    }

    /// The rect the text takes in `bounds` with at most `numberOfLines` lines (0: no limit):
    /// at `bounds`' origin, as wide as the widest line (at most `bounds.width`), as tall as
    /// the lines that fit in `bounds.height` (at least one). Overridable, as UIKit's.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let size = measureText(width: bounds.width, fontSize: storedFont.pointSize, maxLines: numberOfLines)
        let lineHeight = self.lineHeight(atSize: storedFont.pointSize)
        var height = size.height
        if lineHeight > 0, bounds.height.isFinite, height > bounds.height {
            let fit = max(1, (bounds.height / lineHeight + 1e-6).rounded(.down))
            height = min(height, fit * lineHeight)
        }
        let width = bounds.width.isFinite ? min(size.width, max(0, bounds.width)) : size.width
        return CGRect(x: bounds.minX, y: bounds.minY, width: width, height: height)
    }

    /// Places the text in `rect` (the label's bounds space): the text layer spans the rect's
    /// width and is as tall as the lines shown, centred vertically (on whole pixels), as UIKit
    /// centres label text. Called from `layoutSubviews()`; override it to inset the text
    /// (`super.drawText(in: rect.inset(by: insets))`). See the type's discussion.
    open func drawText(in rect: CGRect) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let lines = textRect(forBounds: rect, limitedToNumberOfLines: numberOfLines)
        // Shrunk text is as tall as its shrunk lines.
        let scale = storedFont.pointSize > 0 ? textLayer.fontSize / storedFont.pointSize : 1
        let height = lines.height * min(1, max(0, scale))
        let y = roundToPixels(rect.minY + (rect.height - height) / 2)
        let frame = CGRect(x: rect.minX, y: y, width: max(0, rect.width), height: height)
        if textLayer.frame != frame { textLayer.frame = frame }
    }
}

/// How the baselines of shrunk text sit (`UILabel.baselineAdjustment`), with iOS's raw values.
public enum UIBaselineAdjustment: Int, Sendable {
    /// Shrunk text keeps the original text's baseline (the default).
    case alignBaselines = 0
    /// Shrunk text is centred where the original text's centre was.
    case alignCenters = 1
    /// Shrunk text's top stays where the original text's top was.
    case none = 2
}
