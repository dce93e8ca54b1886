import LaminaRaster

/// A colour ramp, Apple's `CGGradient`: colours at locations in [0, 1], drawn by
/// `CGContext.drawLinearGradient` and `drawRadialGradient`.
///
/// Colours are interpolated in straight (non-premultiplied) sRGB and premultiplied per table
/// entry (see LaminaRaster's `GradientColorTable`: 1024 entries, so stops land within 1/2046
/// of the gradient length). Colour spaces are recorded but not converted: every RGB space is
/// treated as sRGB and gray as sRGB gray, as for `CGColor`.
///
/// Locations outside [0, 1] are clamped, non-finite ones dropped with their colour; stops are
/// sorted by location, keeping the given order among equal locations (a hard edge).
public final class CGGradient: @unchecked Sendable {
    /// The stops as the raster takes them (straight RGBA components in [0, 1]).
    package let stops: [GradientStop]
    /// The space the gradient was made in, when one was given.
    package let colorSpace: CGColorSpace?

    package init(stops: [GradientStop], colorSpace: CGColorSpace?) {
        self.stops = stops
        self.colorSpace = colorSpace
    }

    /// Apple's `CGGradient(colorsSpace:colors:locations:)`, with the CFArray of colours as a
    /// Swift array. `locations` nil spreads the colours evenly from 0 to 1 (a single colour sits
    /// at 0). Nil when `colors` is empty or `locations` is given with fewer entries than
    /// `colors` (Apple requires one location per colour).
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        if let locations, locations.count < colors.count { return nil }
        var stops: [GradientStop] = []
        stops.reserveCapacity(colors.count)
        for (i, color) in colors.enumerated() {
            let offset = locations.map { Double($0[i]) } ?? CGGradient.evenLocation(i, of: colors.count)
            let c = color.clampedRGBA
            stops.append(GradientStop(offset: offset, red: c.r, green: c.g, blue: c.b, alpha: c.a))
        }
        self.init(stops: stops, colorSpace: space)
    }

    /// Apple's exact signature: `colors` a CFArray of CGColor (`[a, b] as CFArray`, as Apple
    /// code writes it) and `locations` a C array of one location per colour, or nil. Nil when
    /// the array is empty or holds anything but CGColors.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        var cgColors: [CGColor] = []
        for element in colors {
            guard let color = element as? CGColor else { return nil }
            cgColors.append(color)
        }
        let stops = locations.map { Array(UnsafeBufferPointer(start: $0, count: cgColors.count)) }
        self.init(colorsSpace: space, colors: cgColors, locations: stops)
    }

    /// Apple's `CGGradient(colorSpace:colorComponents:locations:count:)`: `count` stops whose
    /// components (the space's colour components plus alpha: 4 per stop for RGB, 2 for gray,
    /// 5 for CMYK) are read from `components`. Nil for a non-positive count or a space model
    /// other than RGB, gray or CMYK.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0, count <= 1 << 20 else { return nil }
        let perStop: Int
        switch space.model {
        case .rgb: perStop = 4
        case .monochrome: perStop = 2
        case .cmyk: perStop = 5
        default: return nil
        }
        var colors: [CGColor] = []
        colors.reserveCapacity(count)
        for i in 0..<count {
            let values = (0..<perStop).map { components[i * perStop + $0] }
            colors.append(CGColor(space: space, storage: values))
        }
        let locs = locations.map { p in (0..<count).map { p[$0] } }
        self.init(colorsSpace: space, colors: colors, locations: locs)
    }

    /// i / (n − 1), or 0 for a single colour.
    private static func evenLocation(_ i: Int, of n: Int) -> Double {
        n > 1 ? Double(i) / Double(n - 1) : 0
    }

    /// The premultiplied lookup table for drawing with `options`.
    package func colorTable(options: CGGradientDrawingOptions) -> GradientColorTable {
        GradientColorTable(stops: stops, extend: options.extend)
    }
}
