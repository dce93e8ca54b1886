import QuartzCore

// Reading a colour's components back, as UIKit's get… methods: each writes through the
// pointers it is given (nil pointers are skipped) and returns whether the colour could be
// converted. Since iOS 7 every RGB and gray colour converts to every model; pattern colours
// convert to none (the pointers are left unchanged and the result is false).

extension UIColor {
    /// The colour's sRGB components: RGB colours give their own (unclamped) components, gray
    /// colours give white for red, green and blue. False for a pattern colour.
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let (r, g, b, a) = rgba else { return false }
        red?.pointee = r; green?.pointee = g; blue?.pointee = b; alpha?.pointee = a
        return true
    }

    /// The colour's hue, saturation and brightness (HSB): hue in 0..<1 (0 red, 1/3 green,
    /// 2/3 blue), 0 for grays. False for a pattern colour.
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let (r, g, b, a) = rgba else { return false }
        let (h, s, v) = HSB.hsb(red: r, green: g, blue: b)
        hue?.pointee = h; saturation?.pointee = s; brightness?.pointee = v; alpha?.pointee = a
        return true
    }

    /// The colour as a gray level: gray colours give their own white; RGB colours give their
    /// Rec. 709 luma (0.2126 r + 0.7152 g + 0.0722 b, the conversion Lamina's Core Graphics
    /// uses; Apple does not document its formula). False for a pattern colour.
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard patternImage == nil, let c = cgColor.components, let space = cgColor.colorSpace else { return false }
        switch space.model {
        case .monochrome where c.count >= 2:
            white?.pointee = c[0]; alpha?.pointee = c[1]
            return true
        default:
            guard let (r, g, b, a) = rgba else { return false }
            white?.pointee = 0.2126 * r + 0.7152 * g + 0.0722 * b; alpha?.pointee = a
            return true
        }
    }

    /// Red, green, blue and alpha as stored (gray expanded), or nil for a pattern colour or
    /// a colour in a model UIKit cannot convert.
    var rgba: (CGFloat, CGFloat, CGFloat, CGFloat)? {
        guard patternImage == nil, let c = cgColor.components, let space = cgColor.colorSpace else { return nil }
        switch space.model {
        case .monochrome where c.count >= 2: return (c[0], c[0], c[0], c[1])
        case .rgb where c.count >= 4: return (c[0], c[1], c[2], c[3])
        case .cmyk where c.count >= 5:
            let k = 1 - c[3]
            return ((1 - c[0]) * k, (1 - c[1]) * k, (1 - c[2]) * k, c[4])
        default: return nil
        }
    }
}

/// Hue/saturation/brightness ↔ RGB (the hexcone model), all components as fractions.
enum HSB {
    /// RGB for a hue (wrapped into 0..<1), saturation and brightness (clamped to 0…1).
    /// A NaN input gives black.
    static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        guard hue.isFinite, !saturation.isNaN, !brightness.isNaN else { return (0, 0, 0) }
        let s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let h6 = (hue - hue.rounded(.down)) * 6   // 0..<6
        let sector = min(Int(h6), 5)
        let f = h6 - CGFloat(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// Hue in 0..<1, saturation and brightness for RGB components (taken as given).
    static func hsb(red r: CGFloat, green g: CGFloat, blue b: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let maxC = max(r, g, b), minC = min(r, g, b)
        let delta = maxC - minC
        let s = maxC > 0 ? delta / maxC : 0
        guard delta > 0 else { return (0, s, maxC) }
        var h: CGFloat
        if maxC == r {
            h = (g - b) / delta
        } else if maxC == g {
            h = 2 + (b - r) / delta
        } else {
            h = 4 + (r - g) / delta
        }
        h /= 6
        if h < 0 { h += 1 }
        return (h, s, maxC)
    }
}
