/// The colour model of a colour space, Apple's names.
public enum CGColorSpaceModel: Int32, Sendable {
    /// A model Core Graphics does not know.
    case unknown = -1
    /// Gray levels: one component.
    case monochrome = 0
    /// Red, green and blue: three components.
    case rgb = 1
    /// Cyan, magenta, yellow and black: four components.
    case cmyk = 2
    /// CIE L*a*b*: three components.
    case lab = 3
    /// DeviceN (named colourants); not supported by Lamina's spaces.
    case deviceN = 4
    /// Indexed (a palette); not supported by Lamina's spaces.
    case indexed = 5
    /// Pattern; not supported by Lamina's spaces.
    case pattern = 6
    /// CIE XYZ: three components.
    case XYZ = 7
}

/// A colour space. Lamina renders in sRGB: every RGB space here is treated as sRGB and every
/// gray space as sRGB gray (gray g = sRGB (g, g, g)), which is what Apple's generic and device
/// spaces are in practice on current displays. The spaces keep their names so code that
/// inspects them still sees what it created. Colour management between spaces is not done.
public final class CGColorSpace: @unchecked Sendable {
    /// Apple's name for the space (the value of one of the static names below), or nil for
    /// device spaces, which Apple leaves unnamed.
    public let name: String?
    /// The space's colour model (RGB, monochrome, CMYK…), which fixes `numberOfComponents`.
    public let model: CGColorSpaceModel

    package init(name: String?, model: CGColorSpaceModel) {
        self.name = name
        self.model = model
    }

    /// Creates a colour space from one of Apple's names (`CGColorSpace.sRGB`,
    /// `CGColorSpace.genericGrayGamma2_2`, …). Returns nil for names Lamina does not know.
    public convenience init?(name: String) {
        guard let model = CGColorSpace.knownNames[name] else { return nil }
        self.init(name: name, model: model)
    }

    /// Colour components of a colour in this space, alpha excluded.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: return 1
        case .rgb: return 3
        case .cmyk: return 4
        case .lab, .XYZ: return 3
        default: return 0
        }
    }

    /// Apple's name of the standard sRGB space (what Lamina renders in).
    public static let sRGB = "kCGColorSpaceSRGB"
    /// Apple's name of extended-range sRGB (components may leave [0, 1]); Lamina clamps when rendering.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// Apple's name of sRGB primaries with a linear transfer function; rendered as sRGB here (no colour management).
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// Apple's name of the generic linear RGB space; rendered as sRGB here (no colour management).
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// Apple's name of the Display P3 space; rendered as sRGB here (no colour management).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// Apple's name of the gray space with a 2.2 gamma; gray g renders as sRGB (g, g, g).
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Apple's name of extended-range gray; rendered as sRGB gray, clamped.
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    /// Apple's name of linear gray; rendered as sRGB gray (no colour management).
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Deprecated on Apple's platforms but still widely used; treated as sRGB.
    public static let genericRGB = "kCGColorSpaceGenericRGB"
    /// Deprecated on Apple's platforms; treated as sRGB gray.
    public static let genericGray = "kCGColorSpaceGenericGray"

    private static let knownNames: [String: CGColorSpaceModel] = [
        sRGB: .rgb, extendedSRGB: .rgb, linearSRGB: .rgb, genericRGBLinear: .rgb,
        displayP3: .rgb, genericRGB: .rgb,
        genericGrayGamma2_2: .monochrome, extendedGray: .monochrome, linearGray: .monochrome,
        genericGray: .monochrome,
    ]

    package static let shared_sRGB = CGColorSpace(name: sRGB, model: .rgb)
    package static let sharedGenericRGB = CGColorSpace(name: genericRGB, model: .rgb)
    package static let sharedGenericGray = CGColorSpace(name: genericGrayGamma2_2, model: .monochrome)
    package static let sharedDeviceRGB = CGColorSpace(name: nil, model: .rgb)
    package static let sharedDeviceGray = CGColorSpace(name: nil, model: .monochrome)
}

extension CGColorSpace: Equatable {
    /// Equal when identical, or of the same name and model.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.model == rhs.model)
    }
}

extension CGColorSpace: CustomStringConvertible {
    /// The space's name (or "device") and model, for debugging.
    public var description: String { "<CGColorSpace \(name ?? "device") \(model)>" }
}

/// The device RGB space (treated as sRGB).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.sharedDeviceRGB }

/// The device gray space (treated as sRGB gray).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.sharedDeviceGray }
