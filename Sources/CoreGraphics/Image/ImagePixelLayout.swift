import LaminaRaster

/// A validated description of how a `CGImage`'s bytes encode its pixels, and the one
/// conversion from any supported layout to Lamina's premultiplied RGBA8.
///
/// Supported: 8-bit components in any alpha arrangement and byte order (RGBA, ARGB, BGRA,
/// ABGR, RGBX, XRGB, RGB, gray, gray+alpha, alpha-only, CMYK); 16-bit components (big-endian by
/// default, little with `byteOrder16Little`); 1-, 2- and 4-bit gray and masks. Not supported
/// (the CGImage initializer returns nil): float components, 5-bit packed RGB, indexed and
/// other colour models, sub-byte components with more than one channel.
package struct ImagePixelLayout: Equatable, Sendable {
    /// What one component slot of a pixel holds.
    package enum Role: Equatable, Sendable {
        case color(Int)
        case alpha
        case skip
    }

    package let width: Int
    package let height: Int
    package let bitsPerComponent: Int
    package let bitsPerPixel: Int
    package let bytesPerRow: Int
    /// Colour components per pixel: 0 (alpha-only), 1 (gray or mask), 3 (RGB) or 4 (CMYK).
    package let colorComponents: Int
    package let model: CGColorSpaceModel
    package let alpha: CGImageAlphaInfo
    /// Component slots in memory order (already reversed for little-endian 8-bit words).
    package let roles: [Role]
    /// 16-bit components are little-endian.
    package let littleEndian16: Bool
    /// Image mask: one component, 0 = paint, max = transparent (Apple's convention).
    package let isMask: Bool
    /// Apple's decode array: a (min, max) pair per colour component, in [0, 1].
    package let decode: [CGFloat]?

    /// Validates Apple's CGImage parameters against `dataCount` bytes; nil for anything the
    /// conversion cannot read safely (sizes, too-short data, unsupported layouts).
    package init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                  model: CGColorSpaceModel?, bitmapInfo: CGBitmapInfo, isMask: Bool,
                  decode: UnsafePointer<CGFloat>?, dataCount: Int) {
        guard (try? ImageIOError.checkSize(width: width, height: height)) != nil else { return nil }
        guard [1, 2, 4, 8, 16].contains(bitsPerComponent), bitsPerPixel > 0, bytesPerRow > 0 else { return nil }
        guard !bitmapInfo.contains(.floatComponents),
              let alpha = bitmapInfo.alphaInfoValue, let order = bitmapInfo.byteOrderValue
        else { return nil }

        let components: Int
        let resolvedModel: CGColorSpaceModel
        if isMask {
            guard alpha == .none else { return nil }
            components = 1
            resolvedModel = .monochrome
        } else if alpha == .alphaOnly {
            components = 0
            resolvedModel = model ?? .unknown
        } else {
            guard let model else { return nil }
            switch model {
            case .monochrome: components = 1
            case .rgb: components = 3
            case .cmyk: components = 4
            default: return nil
            }
            resolvedModel = model
        }

        let colors = (0..<components).map { Role.color($0) }
        var roles: [Role]
        switch alpha {
        case .none: roles = colors
        case .premultipliedLast, .last: roles = colors + [.alpha]
        case .premultipliedFirst, .first: roles = [.alpha] + colors
        case .noneSkipLast: roles = colors + [.skip]
        case .noneSkipFirst: roles = [.skip] + colors
        case .alphaOnly: roles = [.alpha]
        }
        guard !roles.isEmpty, bitsPerPixel == bitsPerComponent * roles.count else { return nil }
        if bitsPerComponent < 8 { guard roles.count == 1 else { return nil } }

        var littleEndian16 = false
        switch (order, bitsPerComponent) {
        case (.orderDefault, _), (.order32Big, _), (.order16Big, _): break
        case (.order32Little, 8) where bitsPerPixel == 32: roles.reverse()
        case (.order16Little, 8) where bitsPerPixel == 16: roles.reverse()
        case (.order16Little, 16): littleEndian16 = true
        default: return nil
        }

        // Bytes a row needs, and bytes the whole image needs, without overflow.
        let (bits, o1) = width.multipliedReportingOverflow(by: bitsPerPixel)
        guard !o1 else { return nil }
        let minRowBytes = (bits + 7) / 8
        guard bytesPerRow >= minRowBytes else { return nil }
        let (body, o2) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !o2, body <= Int.max - minRowBytes, dataCount >= body + minRowBytes else { return nil }

        var decodeValues: [CGFloat]?
        if let decode, components > 0 {
            let values = (0..<(2 * components)).map { decode[$0] }
            guard values.allSatisfy({ $0.isFinite }) else { return nil }
            decodeValues = values
        }

        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow
        self.colorComponents = components
        self.model = resolvedModel
        self.alpha = alpha
        self.roles = roles
        self.littleEndian16 = littleEndian16
        self.isMask = isMask
        self.decode = decodeValues
    }

    /// Whether colour arrives already multiplied by alpha.
    private var isPremultiplied: Bool { alpha == .premultipliedFirst || alpha == .premultipliedLast }

    /// A 256-entry table applying the decode range of colour component `c` to 8-bit values;
    /// nil when there is no decode array.
    private func decodeTable(_ c: Int) -> [UInt8]? {
        guard let decode else { return nil }
        let lo = decode[2 * c], hi = decode[2 * c + 1]
        return (0..<256).map { v in
            let mapped = lo + CGFloat(v) / 255 * (hi - lo)
            return UInt8((min(1, max(0, mapped)) * 255).rounded())
        }
    }

    /// Converts the image bytes in `data` (already validated by init to be long enough) into
    /// `surface`, which must be `width`×`height`. Colour > alpha in premultiplied input is
    /// clamped so the surface keeps its invariant.
    package func convert(_ data: Data, into surface: Surface) {
        precondition(surface.width == width && surface.height == height, "surface size mismatch")
        let tables = (0..<colorComponents).map { decodeTable($0) }
        let bytesPerComponent = bitsPerComponent / 8
        let bytesPerPixel = bitsPerPixel / 8
        let maxSample = (1 << bitsPerComponent) - 1
        // Slot byte offsets of each role within a pixel (for 8- and 16-bit components).
        var colorOffsets = [Int](repeating: 0, count: max(colorComponents, 1))
        var alphaOffset = -1
        for (slot, role) in roles.enumerated() {
            switch role {
            case let .color(c): colorOffsets[c] = slot * bytesPerComponent
            case .alpha: alphaOffset = slot * bytesPerComponent
            case .skip: break
            }
        }
        let straight = !isPremultiplied && alphaOffset >= 0
        let bpc = bitsPerComponent, le16 = littleEndian16
        let components = colorComponents, model = self.model, mask = isMask

        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            @inline(__always) func sample(_ p: UnsafePointer<UInt8>) -> Int {
                if bpc == 8 { return Int(p[0]) }
                let v = le16 ? Int(p[0]) | Int(p[1]) << 8 : Int(p[0]) << 8 | Int(p[1])
                return (v * 255 + 32767) / 65535
            }
            var values = [Int](repeating: 0, count: max(components, 1))
            for y in 0..<height {
                let src = base + y * bytesPerRow
                let dst = surface.row(y)
                for x in 0..<width {
                    var a = 255
                    if bpc < 8 {
                        let bit = x * bpc
                        let byte = Int(src[bit >> 3])
                        let shift = 8 - bpc - (bit & 7)
                        values[0] = ((byte >> shift) & maxSample) * 255 / maxSample
                        if components == 0 { a = values[0] }
                    } else {
                        let p = src + x * bytesPerPixel
                        for c in 0..<components { values[c] = sample(p + colorOffsets[c]) }
                        if alphaOffset >= 0 { a = sample(p + alphaOffset) }
                    }
                    for c in 0..<components { if let t = tables[c] { values[c] = Int(t[values[c]]) } }

                    var r = 0, g = 0, b = 0
                    if mask {
                        a = 255 - values[0]
                    } else {
                        switch (components, model) {
                        case (1, _): r = values[0]; g = r; b = r
                        case (3, _): r = values[0]; g = values[1]; b = values[2]
                        case (4, _):
                            let k = 255 - values[3]
                            r = ((255 - values[0]) * k + 127) / 255
                            g = ((255 - values[1]) * k + 127) / 255
                            b = ((255 - values[2]) * k + 127) / 255
                        default: break // alpha only: colour stays 0
                        }
                        if straight {
                            r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255
                        } else if alphaOffset >= 0 {
                            r = min(r, a); g = min(g, a); b = min(b, a)
                        }
                    }
                    let d = dst + x * 4
                    d[0] = UInt8(truncatingIfNeeded: r); d[1] = UInt8(truncatingIfNeeded: g)
                    d[2] = UInt8(truncatingIfNeeded: b); d[3] = UInt8(truncatingIfNeeded: a)
                }
            }
        }
    }
}
