import QuartzCore

// UIKit's named colours. Each is one shared instance, as on iOS.
//
// The fixed colours are UIKit's documented values: the grays (black, darkGray, lightGray,
// white, gray, clear) are gray-space colours (`UIColor.white != UIColor(red: 1, green: 1,
// blue: 1, alpha: 1)`, exactly as on iOS), the rest extended sRGB.
//
// The system and semantic colours are dynamic on iOS (they follow light/dark mode and the
// accessibility contrast setting). Lamina has no trait collections: they are fixed at their
// iOS 15+ light-mode, normal-contrast values (Apple's Human Interface Guidelines colour tables).

extension UIColor {
    private static func rgb255(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    private enum Fixed {
        static let black = UIColor(white: 0, alpha: 1)
        static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
        static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
        static let white = UIColor(white: 1, alpha: 1)
        static let gray = UIColor(white: 0.5, alpha: 1)
        static let clear = UIColor(white: 0, alpha: 0)
        static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
        static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
        static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
        static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
        static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
        static let lightText = UIColor(white: 1, alpha: 0.6)
    }

    private enum System {
        static let red = rgb255(255, 59, 48)
        static let orange = rgb255(255, 149, 0)
        static let yellow = rgb255(255, 204, 0)
        static let green = rgb255(52, 199, 89)
        static let mint = rgb255(0, 199, 190)
        static let teal = rgb255(48, 176, 199)
        static let cyan = rgb255(50, 173, 230)
        static let blue = rgb255(0, 122, 255)
        static let indigo = rgb255(88, 86, 214)
        static let purple = rgb255(175, 82, 222)
        static let pink = rgb255(255, 45, 85)
        static let brown = rgb255(162, 132, 94)
        static let gray = rgb255(142, 142, 147)
        static let gray2 = rgb255(174, 174, 178)
        static let gray3 = rgb255(199, 199, 204)
        static let gray4 = rgb255(209, 209, 214)
        static let gray5 = rgb255(229, 229, 234)
        static let gray6 = rgb255(242, 242, 247)
        static let label = UIColor(white: 0, alpha: 1)
        static let secondaryLabel = rgb255(60, 60, 67, 0.6)
        static let tertiaryLabel = rgb255(60, 60, 67, 0.3)
        static let quaternaryLabel = rgb255(60, 60, 67, 0.18)
        static let fill = rgb255(120, 120, 128, 0.2)
        static let secondaryFill = rgb255(120, 120, 128, 0.16)
        static let tertiaryFill = rgb255(118, 118, 128, 0.12)
        static let quaternaryFill = rgb255(116, 116, 128, 0.08)
        static let background = UIColor(white: 1, alpha: 1)
        static let secondaryBackground = rgb255(242, 242, 247)
        static let separator = rgb255(60, 60, 67, 0.29)
        static let opaqueSeparator = rgb255(198, 198, 200)
    }

    // MARK: Fixed colours

    /// Gray 0 (gray space).
    public class var black: UIColor { Fixed.black }
    /// Gray 1/3 (gray space).
    public class var darkGray: UIColor { Fixed.darkGray }
    /// Gray 2/3 (gray space).
    public class var lightGray: UIColor { Fixed.lightGray }
    /// Gray 1 (gray space).
    public class var white: UIColor { Fixed.white }
    /// Gray 0.5 (gray space).
    public class var gray: UIColor { Fixed.gray }
    /// Gray 0 with alpha 0 (gray space).
    public class var clear: UIColor { Fixed.clear }
    /// RGB (1, 0, 0).
    public class var red: UIColor { Fixed.red }
    /// RGB (0, 1, 0).
    public class var green: UIColor { Fixed.green }
    /// RGB (0, 0, 1).
    public class var blue: UIColor { Fixed.blue }
    /// RGB (0, 1, 1).
    public class var cyan: UIColor { Fixed.cyan }
    /// RGB (1, 1, 0).
    public class var yellow: UIColor { Fixed.yellow }
    /// RGB (1, 0, 1).
    public class var magenta: UIColor { Fixed.magenta }
    /// RGB (1, 0.5, 0).
    public class var orange: UIColor { Fixed.orange }
    /// RGB (0.5, 0, 0.5).
    public class var purple: UIColor { Fixed.purple }
    /// RGB (0.6, 0.4, 0.2).
    public class var brown: UIColor { Fixed.brown }
    /// Black (gray space), for text on light backgrounds.
    public class var darkText: UIColor { Fixed.black }
    /// White at alpha 0.6 (gray space), for text on dark backgrounds.
    public class var lightText: UIColor { Fixed.lightText }

    // MARK: System colours (light mode)

    /// iOS's system red, its light-mode value (Lamina has no dark mode).
    public class var systemRed: UIColor { System.red }
    /// iOS's system orange, its light-mode value (Lamina has no dark mode).
    public class var systemOrange: UIColor { System.orange }
    /// iOS's system yellow, its light-mode value (Lamina has no dark mode).
    public class var systemYellow: UIColor { System.yellow }
    /// iOS's system green, its light-mode value (Lamina has no dark mode).
    public class var systemGreen: UIColor { System.green }
    /// iOS's system mint, its light-mode value (Lamina has no dark mode).
    public class var systemMint: UIColor { System.mint }
    /// iOS's system teal, its light-mode value (Lamina has no dark mode).
    public class var systemTeal: UIColor { System.teal }
    /// iOS's system cyan, its light-mode value (Lamina has no dark mode).
    public class var systemCyan: UIColor { System.cyan }
    /// iOS's system blue, its light-mode value (Lamina has no dark mode).
    public class var systemBlue: UIColor { System.blue }
    /// iOS's system indigo, its light-mode value (Lamina has no dark mode).
    public class var systemIndigo: UIColor { System.indigo }
    /// iOS's system purple, its light-mode value (Lamina has no dark mode).
    public class var systemPurple: UIColor { System.purple }
    /// iOS's system pink, its light-mode value (Lamina has no dark mode).
    public class var systemPink: UIColor { System.pink }
    /// iOS's system brown, its light-mode value (Lamina has no dark mode).
    public class var systemBrown: UIColor { System.brown }
    /// iOS's system gray (the darkest of the six grays), its light-mode value.
    public class var systemGray: UIColor { System.gray }
    /// iOS's system gray 2, its light-mode value (each numbered gray is lighter than the previous).
    public class var systemGray2: UIColor { System.gray2 }
    /// iOS's system gray 3, its light-mode value (each numbered gray is lighter than the previous).
    public class var systemGray3: UIColor { System.gray3 }
    /// iOS's system gray 4, its light-mode value (each numbered gray is lighter than the previous).
    public class var systemGray4: UIColor { System.gray4 }
    /// iOS's system gray 5, its light-mode value (each numbered gray is lighter than the previous).
    public class var systemGray5: UIColor { System.gray5 }
    /// iOS's system gray 6, its light-mode value (each numbered gray is lighter than the previous).
    public class var systemGray6: UIColor { System.gray6 }
    /// The app's tint: system blue (Lamina has no tint inheritance).
    public class var tintColor: UIColor { System.blue }

    // MARK: Semantic colours (light mode)

    /// The colour of primary text labels (light mode: black).
    public class var label: UIColor { System.label }
    /// The colour of secondary text labels (light mode).
    public class var secondaryLabel: UIColor { System.secondaryLabel }
    /// The colour of tertiary text labels (light mode).
    public class var tertiaryLabel: UIColor { System.tertiaryLabel }
    /// The colour of quaternary text labels (light mode).
    public class var quaternaryLabel: UIColor { System.quaternaryLabel }
    /// The colour of placeholder text in controls: the same as `tertiaryLabel`.
    public class var placeholderText: UIColor { System.tertiaryLabel }
    /// The colour of links: system blue.
    public class var link: UIColor { System.blue }
    /// The fill for thin and small shapes (light mode).
    public class var systemFill: UIColor { System.fill }
    /// The fill for medium-size shapes (light mode).
    public class var secondarySystemFill: UIColor { System.secondaryFill }
    /// The fill for large shapes (light mode).
    public class var tertiarySystemFill: UIColor { System.tertiaryFill }
    /// The fill for large areas with complex content (light mode).
    public class var quaternarySystemFill: UIColor { System.quaternaryFill }
    /// The background of the main interface (light mode: white).
    public class var systemBackground: UIColor { System.background }
    /// The background of content layered on `systemBackground` (light mode).
    public class var secondarySystemBackground: UIColor { System.secondaryBackground }
    /// The background of content layered on `secondarySystemBackground`; in light mode the same as `systemBackground`.
    public class var tertiarySystemBackground: UIColor { System.background }
    /// The background of grouped interfaces; in light mode the same as `secondarySystemBackground`.
    public class var systemGroupedBackground: UIColor { System.secondaryBackground }
    /// The background of content layered on a grouped background; in light mode the same as `systemBackground`.
    public class var secondarySystemGroupedBackground: UIColor { System.background }
    /// The background of content layered on a secondary grouped background; in light mode the same as `secondarySystemBackground`.
    public class var tertiarySystemGroupedBackground: UIColor { System.secondaryBackground }
    /// The colour of thin separator lines, which lets underlying content show through (light mode).
    public class var separator: UIColor { System.separator }
    /// The colour of opaque separator lines (light mode).
    public class var opaqueSeparator: UIColor { System.opaqueSeparator }
}
