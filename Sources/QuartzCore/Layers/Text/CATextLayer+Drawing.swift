import CoreGraphics
import Foundation
import LaminaCompositor

// How a CATextLayer draws (Apple's model): the text is the layer's own content, drawn by
// `draw(in:)` into the backing store that `display()` makes, so the compositor sees an image
// and needs no knowledge of text. A text layer starts out needing display, and changing any
// text property, the bounds or contentsScale marks it again (`needsDisplay(forKey:)`), so the
// next commit of an attached tree redraws it; a detached layer is drawn by `display()` or
// `render(in:)`.
//
// The text is laid out and drawn from plain values (`TextContent`, LaminaCompositor), the same
// values the layer's render node carries: animations of fontSize and foregroundColor write
// them and the frame draws the presented text from them (CATextLayer+Presented.swift).

extension CATextLayer {
    /// Keys whose change redraws the text.
    static let textDisplayKeys: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode", "alignmentMode",
        "bounds", "contentsScale",
    ]

    /// The text of `string` as plain characters: a String (or Substring, NSString), or an
    /// attributed string's characters (see `textStyles` for its attributes). Anything else is
    /// no text.
    package static func plainText(_ value: Any?) -> String? {
        switch value {
        case let s as String: return s
        case let s as Substring: return String(s)
        case let a as NSAttributedString: return a.string
        case let s as NSString: return s.description
        default: return nil
        }
    }

    /// The per-range attributes of an attributed `string` the layer draws: `.font` (a font
    /// object such as UIKit's UIFont, at its `pointSize`; a CGFont or a font name, at the
    /// layer's `fontSize`), `.foregroundColor` (a CGColor, or a `CATextLayerColor` such as
    /// UIKit's UIColor), `.kern` (points, as a number) and `.paragraphStyle` (an
    /// `NSParagraphStyle`), by character of `plainText(string)`. Plain strings have none.
    package static func textStyles(_ value: Any?) -> [TextStyleRun] {
        guard let attributed = value as? NSAttributedString, attributed.length > 0 else { return [] }
        // UTF-16 offset → character offset, for the ranges NSAttributedString reports.
        let string = attributed.string
        var charAt = [Int](repeating: 0, count: attributed.length + 1)
        var u = 0, c = 0
        for ch in string {
            let n = ch.utf16.count
            for k in 0..<n where u + k < charAt.count { charAt[u + k] = c }
            u += n
            c += 1
        }
        if u < charAt.count { charAt[u] = c }
        var runs: [TextStyleRun] = []
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attrs, range, _ in
            let color = attrs[.foregroundColor].flatMap(colorValue)
            let kern = attrs[.kern].flatMap(numberValue) ?? 0
            let paragraph = (attrs[.paragraphStyle] as? NSParagraphStyle).map { TextParagraphStyle($0) }
            var face: FontFace?, size: CGFloat?
            switch attrs[.font] {
            case let f as CGFont: face = f.face
            case let f as CATextLayerFont:
                face = FontCatalog.face(named: f.fontName)
                if f.pointSize.isFinite, f.pointSize > 0 { size = f.pointSize }
            case let name as String: face = FontCatalog.face(named: name)
            default: break
            }
            guard color != nil || kern != 0 || face != nil || size != nil || paragraph != nil,
                  range.location >= 0, range.location + range.length < charAt.count else { return }
            let lo = charAt[range.location], hi = charAt[range.location + range.length]
            if hi > lo {
                runs.append(TextStyleRun(range: lo..<hi, color: color, kern: kern, face: face, fontSize: size, paragraph: paragraph))
            }
        }
        return runs
    }

    private static func colorValue(_ value: Any) -> CGColor? {
        switch value {
        case let c as CGColor: return c
        case let c as CATextLayerColor: return c.cgColor
        default: return nil
        }
    }

    private static func numberValue(_ value: Any) -> CGFloat? {
        switch value {
        case let n as NSNumber: return CGFloat(n.doubleValue)
        case let d as Double: return CGFloat(d)
        case let f as CGFloat: return f
        case let i as Int: return CGFloat(i)
        case let f as Float: return CGFloat(f)
        default: return nil
        }
    }

    /// The face for `font`: a CGFont's face, or the face a name resolves to (nil font, or
    /// anything else, means Helvetica: DejaVu Sans where installed). Nil when no font file exists.
    package static func resolveFace(_ font: Any?) -> FontFace? {
        switch font {
        case let f as CGFont: return f.face
        case let f as CATextLayerFont: return FontCatalog.face(named: f.fontName)
        case let name as String: return FontCatalog.face(named: name)
        case let name as NSString: return FontCatalog.face(named: name.description)
        default: return FontCatalog.face(named: "Helvetica")
        }
    }

    /// The layer's text as the compositor's plain values, drawn with its own size and colour
    /// (see `TextContent`; a presentation copy's node takes the drawn values from its model).
    package var textContent: TextContent {
        TextContent(string: CATextLayer.plainText(string), face: CATextLayer.resolveFace(font), fontSize: fontSize,
                    color: foregroundColor, isWrapped: isWrapped, truncation: TextTruncation(truncationMode),
                    alignment: TextAlignment(alignmentMode), styles: CATextLayer.textStyles(string),
                    bounds: bounds, scale: contentsScale)
    }

    /// Draws the text into `ctx`, whose user space is the layer's bounds space (points, y
    /// down): lines from the top of the bounds, in `foregroundColor` (nil draws black, as Core
    /// Text does without a colour attribute). See `TextContent.draw(in:bounds:)` for the caps
    /// on absurd sizes.
    package func drawText(in ctx: CGContext) { textContent.draw(in: ctx, bounds: bounds) }
}

extension TextTruncation {
    /// Unknown modes truncate nothing.
    init(_ mode: CATextLayerTruncationMode) {
        switch mode {
        case .start: self = .start
        case .middle: self = .middle
        case .end: self = .end
        default: self = .none
        }
    }
}

extension TextAlignment {
    /// Unknown modes are natural.
    init(_ mode: CATextLayerAlignmentMode) {
        switch mode {
        case .left: self = .left
        case .right: self = .right
        case .center: self = .center
        case .justified: self = .justified
        default: self = .natural
        }
    }
}

extension TextAlignment {
    /// An NSParagraphStyle's alignment.
    init(_ alignment: NSTextAlignment) {
        switch alignment {
        case .left: self = .left
        case .right: self = .right
        case .center: self = .center
        case .justified: self = .justified
        case .natural: self = .natural
        }
    }
}

extension TextParagraphStyle {
    /// The layout's copy of a paragraph style (lengths sanitised by the layout's initializer).
    init(_ style: NSParagraphStyle) {
        let lineBreak: LineBreak
        switch style.lineBreakMode {
        case .byWordWrapping: lineBreak = .wordWrapping
        case .byCharWrapping: lineBreak = .charWrapping
        case .byClipping: lineBreak = .clipping
        case .byTruncatingHead: lineBreak = .truncatingHead
        case .byTruncatingTail: lineBreak = .truncatingTail
        case .byTruncatingMiddle: lineBreak = .truncatingMiddle
        }
        let direction: Bool?
        switch style.baseWritingDirection {
        case .natural: direction = nil
        case .leftToRight: direction = false
        case .rightToLeft: direction = true
        }
        self.init(alignment: TextAlignment(style.alignment), lineBreak: lineBreak, isRightToLeft: direction,
                  lineSpacing: style.lineSpacing, paragraphSpacing: style.paragraphSpacing,
                  paragraphSpacingBefore: style.paragraphSpacingBefore, firstLineHeadIndent: style.firstLineHeadIndent,
                  headIndent: style.headIndent, tailIndent: style.tailIndent, minimumLineHeight: style.minimumLineHeight,
                  maximumLineHeight: style.maximumLineHeight, lineHeightMultiple: style.lineHeightMultiple)
    }
}
