import LaminaRaster

/// The memory layout of a bitmap context's pixels, and the conversion between it and the
/// premultiplied RGBA8 surface every drawing operation renders into.
///
/// Supported (all 8 bits per component; anything else makes `CGContext(data:…)` return nil,
/// as Apple does for layouts it cannot draw into):
/// - RGB, 32 bits per pixel: `premultipliedLast`, `premultipliedFirst`, `noneSkipLast`,
///   `noneSkipFirst`, each with `byteOrderDefault`/`byteOrder32Big` (bytes in the named order,
///   e.g. R G B A) or `byteOrder32Little` (the 32-bit word reversed, e.g. B G R A for
///   premultipliedFirst — iOS's usual screen format). Non-premultiplied `last`/`first` are
///   refused, as by Apple.
/// - gray, 8 bits per pixel, `none`.
/// - alpha only, 8 bits per pixel, `alphaOnly` (the colour space is ignored).
///
/// Premultiplied R, G, B, A in that byte order is the surface's own layout (`isNative`): the
/// context draws straight into that memory. Other layouts are converted row by row around
/// each drawing operation (`importPixels` before, `exportPixels` after), so the caller's
/// memory always shows the drawing. Conversions: skip-alpha and gray pixels read as opaque;
/// gray is written as Rec. 709 luma of the premultiplied colour (i.e. composited over black),
/// (54·R + 183·G + 19·B) / 256; alpha-only pixels read as black with that alpha.
package struct BitmapContextFormat: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// 4 bytes per pixel; byte offsets of R, G, B and of A (nil: a skipped byte).
        case rgb32(r: Int, g: Int, b: Int, a: Int?)
        case gray8
        case alpha8
    }

    package let kind: Kind

    package var bitsPerPixel: Int {
        if case .rgb32 = kind { return 32 }
        return 8
    }

    package var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// True for premultiplied R, G, B, A bytes: the surface's own layout.
    package var isNative: Bool { kind == .rgb32(r: 0, g: 1, b: 2, a: 3) }

    /// True when the layout has no alpha (drawing into it composites over opaque pixels).
    package var isOpaque: Bool {
        switch kind {
        case let .rgb32(_, _, _, a): return a == nil
        case .gray8: return true
        case .alpha8: return false
        }
    }

    /// The format for Apple's parameters, or nil when Lamina cannot draw into that layout.
    package init?(model: CGColorSpaceModel, bitsPerComponent: Int, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, !bitmapInfo.contains(.floatComponents),
              let alpha = bitmapInfo.alphaInfoValue, let order = bitmapInfo.byteOrderValue
        else { return nil }
        if alpha == .alphaOnly {
            guard order == .orderDefault else { return nil }
            kind = .alpha8
            return
        }
        switch model {
        case .monochrome:
            guard alpha == .none, order == .orderDefault else { return nil }
            kind = .gray8
        case .rgb:
            let little: Bool
            switch order {
            case .orderDefault, .order32Big: little = false
            case .order32Little: little = true
            default: return nil
            }
            // Byte offsets in big-endian (named) order; a little-endian word reverses them.
            let named: (r: Int, g: Int, b: Int, a: Int?)
            switch alpha {
            case .premultipliedLast: named = (0, 1, 2, 3)
            case .noneSkipLast: named = (0, 1, 2, nil)
            case .premultipliedFirst: named = (1, 2, 3, 0)
            case .noneSkipFirst: named = (1, 2, 3, nil)
            default: return nil
            }
            func flip(_ o: Int) -> Int { little ? 3 - o : o }
            kind = .rgb32(r: flip(named.r), g: flip(named.g), b: flip(named.b), a: named.a.map(flip))
        default:
            return nil
        }
    }

    /// Converts the pixels of `rect` from memory in this layout into `surface`.
    package func importPixels(from memory: UnsafeMutablePointer<UInt8>, bytesPerRow: Int, into surface: Surface,
                              rect: PixelRect) {
        let r = rect.intersection(PixelRect(surface))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            let src = memory + y * bytesPerRow, dst = surface.row(y)
            switch kind {
            case let .rgb32(ro, go, bo, ao):
                for x in r.x0..<r.x1 {
                    let s = src + x * 4, d = dst + x * 4
                    let a = ao.map { s[$0] } ?? 255
                    d[0] = min(s[ro], a); d[1] = min(s[go], a); d[2] = min(s[bo], a); d[3] = a
                }
            case .gray8:
                for x in r.x0..<r.x1 {
                    let g = src[x], d = dst + x * 4
                    d[0] = g; d[1] = g; d[2] = g; d[3] = 255
                }
            case .alpha8:
                for x in r.x0..<r.x1 {
                    let d = dst + x * 4
                    d[0] = 0; d[1] = 0; d[2] = 0; d[3] = src[x]
                }
            }
        }
    }

    /// Converts the pixels of `rect` from `surface` into memory in this layout.
    package func exportPixels(from surface: Surface, to memory: UnsafeMutablePointer<UInt8>, bytesPerRow: Int,
                              rect: PixelRect) {
        let r = rect.intersection(PixelRect(surface))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            let src = surface.row(y), dst = memory + y * bytesPerRow
            switch kind {
            case let .rgb32(ro, go, bo, ao):
                for x in r.x0..<r.x1 {
                    let s = src + x * 4, d = dst + x * 4
                    d[ro] = s[0]; d[go] = s[1]; d[bo] = s[2]
                    d[ao ?? 6 - ro - go - bo] = ao == nil ? 255 : s[3] // the skip byte is the one left over
                }
            case .gray8:
                for x in r.x0..<r.x1 {
                    let s = src + x * 4
                    let luma = (54 * UInt32(s[0]) + 183 * UInt32(s[1]) + 19 * UInt32(s[2]) + 128) >> 8
                    dst[x] = UInt8(min(255, luma))
                }
            case .alpha8:
                for x in r.x0..<r.x1 { dst[x] = src[x * 4 + 3] }
            }
        }
    }
}
