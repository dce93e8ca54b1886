import QuartzCore

/// A font at a size, as UIKit's `UIFont`, for CATextLayer (`textLayer.font = font`,
/// `textLayer.fontSize = font.pointSize`) and for text metrics.
///
/// Lamina draws text with the DejaVu faces Core Graphics' font catalog picks for a name
/// (Helvetica and the system font → DejaVu Sans, Menlo/Courier and the monospaced system font
/// → DejaVu Sans Mono, Times/Georgia → DejaVu Serif; bold and italic names pick bold and
/// oblique faces). So `init(name:size:)` accepts any non-empty name — unknown names draw as
/// DejaVu Sans where UIKit would return nil — and returns nil only for an empty name or when
/// no font file is installed at all. `fontName` and `familyName` report the requested font
/// (Apple's names), not the DejaVu face; metrics are the DejaVu face's.
///
/// The system font names follow iOS 13+ (".SFUI-Regular", family ".AppleSystemUIFont").
/// A size that is not a positive finite number is taken as 12 points (Core Text's default).
open class UIFont: NSObject, CATextLayerFont, @unchecked Sendable {
    /// A font weight, as UIKit's: -1 (thinnest) to 1 (heaviest), regular 0.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: CGFloat
        /// A value with the given raw value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A value with the given raw value (the unlabelled form the SDK imports).
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The ultra-light weight (−0.8).
        public static let ultraLight = Weight(-0.8)
        /// The thin weight (−0.6).
        public static let thin = Weight(-0.6)
        /// The light weight (−0.4).
        public static let light = Weight(-0.4)
        /// The regular weight (0).
        public static let regular = Weight(0)
        /// The medium weight (0.23).
        public static let medium = Weight(0.23)
        /// The semibold weight (0.3).
        public static let semibold = Weight(0.3)
        /// The bold weight (0.4).
        public static let bold = Weight(0.4)
        /// The heavy weight (0.56).
        public static let heavy = Weight(0.56)
        /// The black weight (0.62), the heaviest.
        public static let black = Weight(0.62)

        /// The style word of the system font's PostScript name for the nearest named weight.
        var styleName: String {
            let named: [(Weight, String)] = [
                (.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"), (.regular, "Regular"),
                (.medium, "Medium"), (.semibold, "Semibold"), (.bold, "Bold"), (.heavy, "Heavy"), (.black, "Black"),
            ]
            guard rawValue.isFinite else { return "Regular" }
            return named.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }

    /// Dynamic Type text styles, at their default (Large) content size.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: String
        /// A value with the given raw value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The style of large titles.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// The style of first-level titles.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// The style of second-level titles.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// The style of third-level titles.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// The style of headings.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// The style of subheadings.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// The style of body text.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// The style of callouts.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// The style of footnotes.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// The style of standard captions.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// The style of alternate captions.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    /// The PostScript name asked for (e.g. "Helvetica-Bold", ".SFUI-Regular").
    public let fontName: String
    /// The family: the part of `fontName` before its style suffix ("Helvetica" for
    /// "Helvetica-Bold"), or ".AppleSystemUIFont" for the system fonts.
    public let familyName: String
    /// The size in points (the em size).
    public let pointSize: CGFloat
    /// The face that draws the text (nil only when no font file is installed at all).
    let cgFont: CGFont?

    init(fontName: String, familyName: String, size: CGFloat) {
        self.fontName = fontName
        self.familyName = familyName
        self.pointSize = size.isFinite && size > 0 ? size : 12
        self.cgFont = CGFont(fontName)
        super.init()
    }

    /// The font named `fontName` (a PostScript or family name) at `fontSize` points; see the
    /// type's discussion for which names work.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty, CGFont(fontName) != nil else { return nil }
        let family = fontName.split(separator: "-", maxSplits: 1).first.map(String.init) ?? fontName
        self.init(fontName: fontName, familyName: family, size: fontSize)
    }

    // MARK: System fonts

    /// The system font's default size, 14 points (UIKit's value).
    open class var systemFontSize: CGFloat { 14 }
    /// 12 points.
    open class var smallSystemFontSize: CGFloat { 12 }
    /// 17 points.
    open class var labelFontSize: CGFloat { 17 }
    /// 18 points.
    open class var buttonFontSize: CGFloat { 18 }

    private static func system(_ style: String, size: CGFloat, family: String = ".AppleSystemUIFont",
                               prefix: String = ".SFUI-") -> UIFont {
        UIFont(fontName: prefix + style, familyName: family, size: size)
    }

    /// The regular system font.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { system("Regular", size: fontSize) }

    /// The system font at `weight` (the nearest named weight's face).
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        system(weight.styleName, size: fontSize)
    }

    /// The bold system font.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { system("Bold", size: fontSize) }

    /// The italic system font.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { system("RegularItalic", size: fontSize) }

    /// The monospaced system font (SF Mono on iOS; DejaVu Sans Mono here).
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        system(weight.styleName, size: fontSize, family: ".AppleSystemUIFontMonospaced",
               prefix: ".AppleSystemUIFontMonospaced-")
    }

    /// The system font with fixed-width digits; on Lamina the regular system font at `weight`
    /// (DejaVu Sans' digits are already all the same width).
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The system font for a Dynamic Type text style at the default content size (iOS's
    /// Large sizes: body 17, headline 17 semibold, largeTitle 34…).
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let sizes: [TextStyle: (CGFloat, Weight)] = [
            .largeTitle: (34, .regular), .title1: (28, .regular), .title2: (22, .regular), .title3: (20, .regular),
            .headline: (17, .semibold), .subheadline: (15, .regular), .body: (17, .regular), .callout: (16, .regular),
            .footnote: (13, .regular), .caption1: (12, .regular), .caption2: (11, .regular),
        ]
        let (size, weight) = sizes[style] ?? (17, .regular)
        return systemFont(ofSize: size, weight: weight)
    }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(fontName: fontName, familyName: familyName, size: fontSize)
    }

    // MARK: Metrics (points, y up from the baseline as in UIKit)

    private func points(_ designUnits: Int32) -> CGFloat {
        guard let em = cgFont?.unitsPerEm else { return 0 }
        return em > 0 ? CGFloat(designUnits) * pointSize / CGFloat(em) : 0
    }

    /// The top of the tallest glyphs above the baseline (positive).
    open var ascender: CGFloat { points(cgFont?.ascent ?? 0) }
    /// The bottom of the lowest glyphs below the baseline (negative, as UIKit's).
    open var descender: CGFloat { points(cgFont?.descent ?? 0) }
    /// The extra gap between lines.
    open var leading: CGFloat { points(cgFont?.leading ?? 0) }
    /// Baseline-to-baseline distance: ascender − descender + leading.
    open var lineHeight: CGFloat { ascender - descender + leading }

    // MARK: NSObject

    /// Equal when the name and size are equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.fontName == fontName && other.pointSize == pointSize
    }

    /// A hash of the name and size, consistent with `isEqual(_:)`.
    open override var hash: Int { fontName.hashValue ^ pointSize.hashValue }

    /// The font's name and size, for debugging.
    open override var description: String {
        "<UIFont: \(ObjectIdentifier(self))> font-family: \"\(familyName)\"; font-weight: normal; font-style: normal; font-size: \(pointSize)pt; font-name: \(fontName)"
    }
}
