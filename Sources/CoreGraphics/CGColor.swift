/// An immutable colour: components in a colour space plus alpha, as Apple's CGColor.
///
/// Components are stored as given (not clamped), so `components` returns exactly what was
/// passed in, as on Apple's platforms. Rendering clamps to [0, 1] when it converts to
/// premultiplied sRGB (`rgba`). Equality, as `CFEqual`, compares the colour space and every
/// component exactly.
public final class CGColor: @unchecked Sendable {
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The colour components followed by alpha (`[r, g, b, a]` for RGB, `[gray, a]` for gray).
    public let components: [CGFloat]?

    package init(space: CGColorSpace, storage: [CGFloat]) {
        colorSpace = space
        components = storage
    }

    /// An RGB colour in the generic RGB space (rendered as sRGB; compares unequal to the
    /// same components made with `srgbRed:`, as on Apple's platforms).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sharedGenericRGB, storage: [red, green, blue, alpha])
    }

    /// An RGB colour in sRGB.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .shared_sRGB, storage: [red, green, blue, alpha])
    }

    /// A gray colour in the generic gray space (gray g shows as sRGB (g, g, g)).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .sharedGenericGray, storage: [gray, alpha])
    }

    /// A gray colour in the generic gamma-2.2 gray space.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(space: .sharedGenericGray, storage: [gray, alpha])
    }

    /// A colour from raw components (colour components then alpha) in `space`. Returns nil if
    /// the count does not match the space, as Apple's initialiser does.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let n = space.numberOfComponents
        guard n > 0 else { return nil }
        self.init(space: space, storage: Array(UnsafeBufferPointer(start: components, count: n + 1)))
    }

    /// Swift-friendly form of `init(colorSpace:components:)` taking an array.
    public convenience init?(colorSpace space: CGColorSpace, components: [CGFloat]) {
        guard space.numberOfComponents > 0, components.count == space.numberOfComponents + 1 else { return nil }
        self.init(space: space, storage: components)
    }

    /// Opaque black in the gray space.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white in the gray space.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black in the gray space.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The number of components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// A copy with a different alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard var c = components, let space = colorSpace else { return nil }
        c[c.count - 1] = alpha
        return CGColor(space: space, storage: c)
    }

    /// A copy (colours are immutable; the copy is equal to the receiver).
    public func copy() -> CGColor? { self }

    /// The colour converted to another space. RGB ↔ gray conversion uses Rec. 709 luma for
    /// RGB → gray; everything else is sRGB (see CGColorSpace). `intent` and `options` are
    /// accepted for source compatibility and ignored.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: [String: Any]?) -> CGColor? {
        let (r, g, b, a) = rgbaComponents
        switch space.model {
        case .rgb: return CGColor(space: space, storage: [r, g, b, a])
        case .monochrome: return CGColor(space: space, storage: [0.2126 * r + 0.7152 * g + 0.0722 * b, a])
        default: return nil
        }
    }

    /// The colour as unclamped sRGB components plus alpha (gray expands to r = g = b).
    package var rgbaComponents: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        guard let c = components, let space = colorSpace else { return (0, 0, 0, 1) }
        switch space.model {
        case .monochrome where c.count >= 2: return (c[0], c[0], c[0], c[1])
        case .rgb where c.count >= 4: return (c[0], c[1], c[2], c[3])
        case .cmyk where c.count >= 5:
            let k = 1 - c[3]
            return ((1 - c[0]) * k, (1 - c[1]) * k, (1 - c[2]) * k, c[4])
        default: return (0, 0, 0, c.last ?? 1)
        }
    }

    /// The colour as straight (non-premultiplied) sRGB in [0, 1]; NaN components become 0.
    package var clampedRGBA: (r: Double, g: Double, b: Double, a: Double) {
        func clamp(_ v: CGFloat) -> Double {
            let d = Double(v)
            return d.isNaN ? 0 : Swift.min(1, Swift.max(0, d))
        }
        let (r, g, b, a) = rgbaComponents
        return (clamp(r), clamp(g), clamp(b), clamp(a))
    }
}

/// How colours outside a destination gamut are mapped; accepted and ignored (Lamina renders
/// in sRGB only).
public enum CGColorRenderingIntent: Int32, Sendable {
    /// Apple's rendering intents: the context's default, absolute and relative colorimetric, perceptual and saturation (recorded, not applied).
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

extension CGColor: Equatable, Hashable {
    /// Exact equality, as `CFEqual`: the same colour space and the same components, alpha included.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        if lhs === rhs { return true }
        guard let ls = lhs.colorSpace, let rs = rhs.colorSpace else { return lhs.colorSpace == nil && rhs.colorSpace == nil }
        return ls.model == rs.model && ls.name == rs.name && lhs.components == rhs.components
    }

    /// Hashes the colour space model and the components, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace?.model.rawValue)
        hasher.combine(components)
    }
}

extension CGColor: CustomStringConvertible {
    /// The colour space name and components, for debugging.
    public var description: String {
        let comps = (components ?? []).map { String(describing: $0) }.joined(separator: " ")
        return "<CGColor \(colorSpace?.name ?? "device") [\(comps)]>"
    }
}
