import LaminaRaster

// The small enums and option sets of the CGContext drawing API, with Apple's raw values.

/// How a drawing operation combines its colour with the pixels already in the context.
/// Formulas (premultiplied colour, W3C Compositing and Blending for the separable and
/// non-separable modes, Porter-Duff for the rest) are documented on LaminaRaster's
/// `BlendMode`, which every case maps to one to one.
///
/// Coverage and global alpha apply as in Core Graphics: the source is scaled by the alpha,
/// then the destination is interpolated toward the blended result by the shape's coverage,
/// so even the unbounded Porter-Duff modes (`copy`, `sourceIn`, `clear`…) leave pixels
/// outside the shape alone.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    /// Source over: the source painted over the destination (the default).
    case normal = 0
    /// The separable blend modes of W3C Compositing and Blending: multiply, screen, overlay, darken, lighten, colour dodge and colour burn.
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    /// More separable blend modes: soft light, hard light, difference and exclusion.
    case softLight, hardLight, difference, exclusion
    /// The non-separable blend modes, which mix the source's and destination's hue, saturation and luminosity.
    case hue, saturation, color, luminosity
    /// Porter-Duff modes: clear, copy (the source replaces the destination), source in, source out and source atop.
    case clear, copy, sourceIn, sourceOut, sourceAtop
    /// Porter-Duff modes with the destination on top: destination over, in, out and atop.
    case destinationOver, destinationIn, destinationOut, destinationAtop
    /// Porter-Duff xor, and Apple's plus-darker and plus-lighter (additive) modes.
    case xor, plusDarker, plusLighter

    /// The raster's blend mode for this case.
    package var rasterMode: BlendMode {
        switch self {
        case .normal: return .normal
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .softLight: return .softLight
        case .hardLight: return .hardLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        case .clear: return .clear
        case .copy: return .copy
        case .sourceIn: return .sourceIn
        case .sourceOut: return .sourceOut
        case .sourceAtop: return .sourceAtop
        case .destinationOver: return .destinationOver
        case .destinationIn: return .destinationIn
        case .destinationOut: return .destinationOut
        case .destinationAtop: return .destinationAtop
        case .xor: return .xor
        case .plusDarker: return .plusDarker
        case .plusLighter: return .plusLighter
        }
    }
}

/// How images are resampled when drawn scaled or transformed (`CGContext.interpolationQuality`).
/// Lamina's filters: `none` → nearest texel; `default` and `low` → bilinear; `medium` and
/// `high` → trilinear (bilinear on a mip-map chain, so minified images do not alias). An image
/// made with `shouldInterpolate: false` is always drawn with nearest sampling.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default quality: bilinear sampling.
    case `default` = 0
    /// No interpolation: the nearest pixel (hard edges when magnified).
    case none = 1
    /// Low quality: bilinear sampling.
    case low = 2
    /// High quality: trilinear sampling (bilinear on a mipmap chain).
    case high = 3
    /// Medium quality: trilinear sampling, as `high`.
    case medium = 4
}

/// What `drawPath(using:)` paints: the fill (non-zero or even-odd), the stroke, or both (fill
/// first, then the stroke on top).
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the non-zero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    /// Stroke with the current line style.
    case stroke = 2
    /// Fill with the non-zero winding rule, then stroke.
    case fillStroke = 3
    /// Fill with the even-odd rule, then stroke.
    case eoFillStroke = 4
}

/// Whether a gradient extends past its ends: with `drawsBeforeStartLocation` the first colour
/// fills the area before the start (t < 0), with `drawsAfterEndLocation` the last colour fills
/// the area past the end (t > 1). Without them those areas are left untouched.
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, Apple's values.
    public let rawValue: UInt32
    /// Options with the given bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The first colour fills the area before the start (t < 0).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// The last colour fills the area past the end (t > 1).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)

    /// The raster's extend rule for these options.
    package var extend: GradientExtend {
        GradientExtend(padStart: contains(.drawsBeforeStartLocation), padEnd: contains(.drawsAfterEndLocation))
    }
}
