import Foundation
import LaminaCompositor

/// A layer that shows a string (Apple's CATextLayer): text in one font and size, coloured per range,
/// laid out in the bounds from the top, aligned, optionally wrapped and truncated, drawn into
/// the layer's backing store (see `CATextLayer+Drawing.swift`, `TextLayout`).
///
/// `string` is a String or an attributed string (its per-range `.foregroundColor` and `.kern`
/// are honoured; per-range fonts and paragraph styles are not yet);
/// `font` is Apple's `CFTypeRef?` (a font name string, or a `CGFont`), held as `Any?` because
/// Core Foundation types do not exist here; nil means Helvetica. Fonts resolve through
/// fontconfig (`FontCatalog`: Apple's names give DejaVu faces where installed), characters a
/// face lacks fall back to another installed face, text is shaped by HarfBuzz and ordered by
/// FriBidi; with no font file installed, text draws nothing (reported once).
open class CATextLayer: CALayer {
    package struct Text {
        var string: Any?
        var font: Any?
        var fontSize: CGFloat = 36
        var foregroundColor: CGColor? = CGColor(gray: 1, alpha: 1)
        var isWrapped = false
        var truncationMode: CATextLayerTruncationMode = .none
        var alignmentMode: CATextLayerAlignmentMode = .natural
        var allowsFontSubpixelQuantization = false
    }

    package var text = Text()
    /// The last text drawn with animated values for a presentation copy's node
    /// (`RenderNode.drawPresentedText(of:over:)`).
    package var presentedTextCache: PresentedTextImage?

    /// A new text layer, marked as needing display so its text is drawn at the first commit.
    public override init() {
        super.init()
        needsDisplayFlag = true
    }

    /// A presentation copy of `layer`: CALayer's properties and, when `layer` is a CATextLayer, its own (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATextLayer { text = other.text }
    }

    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) { return nil }

    /// Text properties, the bounds and contentsScale redraw the text.
    open override class func needsDisplay(forKey key: String) -> Bool {
        textDisplayKeys.contains(key) || super.needsDisplay(forKey: key)
    }

    /// Draws the text (Apple's CATextLayer draws its string here, not through the delegate).
    open override func draw(in ctx: CGContext) { drawText(in: ctx) }

    /// The size of the text (see `textPreferredFrameSize()` in CATextLayer+PreferredSize.swift).
    open override func preferredFrameSize() -> CGSize { textPreferredFrameSize() }

    private func set<T>(_ key: String, _ kp: WritableKeyPath<Text, T>, _ value: T, same: (T, T) -> Bool) {
        let old = text[keyPath: kp]
        guard !same(old, value) else { return }
        changeValue(forKey: key, oldValue: AnyOptional.flatten(old)) { _ in self.text[keyPath: kp] = value }
    }

    /// The text: a String (or an attributed string, kept as given). Default nil.
    open var string: Any? {
        get { text.string }
        set { set("string", \.string, newValue, same: ValueCodec<Any?>.stringObject.equal) }
    }
    /// The font: a name (String) or a font object; nil means Helvetica.
    open var font: Any? {
        get { text.font }
        set { set("font", \.font, newValue, same: ValueCodec<Any?>.stringObject.equal) }
    }
    /// Points. Default 36. Animatable.
    open var fontSize: CGFloat { get { text.fontSize } set { set("fontSize", \.fontSize, newValue, same: ==) } }
    /// Default opaque white. Animatable.
    open var foregroundColor: CGColor? {
        get { text.foregroundColor }
        set { set("foregroundColor", \.foregroundColor, newValue, same: ==) }
    }
    /// Wrap to the bounds' width. Default false. Applies to attributed strings too: a paragraph
    /// style's `lineBreakMode` says how lines wrap (by words or characters), not whether.
    open var isWrapped: Bool { get { text.isWrapped } set { set("wrapped", \.isWrapped, newValue, same: ==) } }
    /// Default none. A paragraph whose `NSParagraphStyle` has a truncating or clipping
    /// `lineBreakMode` uses that instead.
    open var truncationMode: CATextLayerTruncationMode {
        get { text.truncationMode }
        set { set("truncationMode", \.truncationMode, newValue, same: ==) }
    }
    /// Default natural. Applies to paragraphs without an `NSParagraphStyle`: a paragraph of an
    /// attributed string with one takes the style's `alignment` (as Core Text lays it out).
    open var alignmentMode: CATextLayerAlignmentMode {
        get { text.alignmentMode }
        set { set("alignmentMode", \.alignmentMode, newValue, same: ==) }
    }
    /// Default false.
    open var allowsFontSubpixelQuantization: Bool {
        get { text.allowsFontSubpixelQuantization }
        set { set("allowsFontSubpixelQuantization", \.allowsFontSubpixelQuantization, newValue, same: ==) }
    }

    package override class var propertyTable: LayerPropertyTable { CATextLayer.table }

    private static let table: LayerPropertyTable = {
        typealias P = LayerProperty
        let D = Text()
        return CALayer.baseTable.adding([
            P.make("string", \CATextLayer.string, .stringObject, default: nil, animates: false, zero: .some(nil)),
            P.make("font", \CATextLayer.font, .stringObject, default: nil, animates: false, zero: .some(nil)),
            P.make("fontSize", \CATextLayer.fontSize, .cgFloat, default: D.fontSize, animates: true, zero: 0,
                   node: { node, v in node.editText { $0.fontSize = v } }),
            P.make("foregroundColor", \CATextLayer.foregroundColor, .color, default: D.foregroundColor, animates: true,
                   zero: .some(nil), node: { node, v in node.editText { $0.color = v } }),
            P.make("wrapped", \CATextLayer.isWrapped, .bool, default: false, animates: false, zero: false),
            P.make("truncationMode", \CATextLayer.truncationMode, .stringEnum, default: D.truncationMode, animates: false),
            P.make("alignmentMode", \CATextLayer.alignmentMode, .stringEnum, default: D.alignmentMode, animates: false),
            P.make("allowsFontSubpixelQuantization", \CATextLayer.allowsFontSubpixelQuantization, .bool,
                   default: false, animates: false, zero: false),
        ])
    }()
}
