import CoreGraphics
import LaminaRaster
#if canImport(Glibc)
import Glibc
#endif

/// Builds PNG files byte by byte (chunks, filter-0 scanlines, optional Adam7 passes), so the
/// decoder is tested against files its own encoder cannot produce: palettes, tRNS, 1–16 bit
/// gray, gray+alpha, interlacing.
enum PNGBuilder {
    enum ColorType: UInt8 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .gray, .palette: return 1
            case .grayAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(ImageCodec.crc32(body))
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: ColorType, interlaced: Bool = false) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType.rawValue, 0, 0, interlaced ? 1 : 0])
    }

    /// One scanline of `samples` (pixels × channels values at `bitDepth`), packed MSB first.
    static func pack(_ samples: [Int], bitDepth: Int) -> [UInt8] {
        switch bitDepth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return samples.map { UInt8($0) }
        default:
            var out = [UInt8](repeating: 0, count: (samples.count * bitDepth + 7) / 8)
            for (i, s) in samples.enumerated() {
                let bit = i * bitDepth
                out[bit / 8] |= UInt8(s << (8 - bitDepth - bit % 8))
            }
            return out
        }
    }

    /// A complete PNG. `pixel(x, y)` gives the channel values of a pixel at `bitDepth`.
    static func png(width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool = false,
                    palette: [(UInt8, UInt8, UInt8)]? = nil, trns: [UInt8]? = nil,
                    pixel: (Int, Int) -> [Int]) throws -> [UInt8] {
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for pass in passes {
            let xs = Array(stride(from: pass.x0, to: width, by: pass.dx))
            let ys = Array(stride(from: pass.y0, to: height, by: pass.dy))
            if xs.isEmpty || ys.isEmpty { continue }
            for y in ys {
                raw.append(0) // filter: none
                raw += pack(xs.flatMap { pixel($0, y) }, bitDepth: bitDepth)
            }
        }
        var file = signature + ihdr(width: UInt32(width), height: UInt32(height), bitDepth: UInt8(bitDepth),
                                    colorType: colorType, interlaced: interlaced)
        if let palette { file += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let trns { file += chunk("tRNS", trns) }
        file += chunk("IDAT", try ImageCodec.zlibCompress(raw, level: 1))
        file += chunk("IEND", [])
        return file
    }

    /// Offset of the first byte of the data of the first chunk of `type`, or nil.
    static func chunkDataOffset(_ file: [UInt8], type: String) -> (offset: Int, length: Int)? {
        var i = 8
        let t = Array(type.utf8)
        while i + 8 <= file.count {
            let length = Int(file[i]) << 24 | Int(file[i + 1]) << 16 | Int(file[i + 2]) << 8 | Int(file[i + 3])
            if Array(file[(i + 4)..<(i + 8)]) == t { return (i + 8, length) }
            i += 12 + length
        }
        return nil
    }
}

/// A surface from straight RGBA tuples, premultiplied with rounding.
func makeStraightSurface(width: Int, height: Int, _ straight: (Int, Int) -> (Int, Int, Int, Int)) throws -> Surface {
    let s = try Surface(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let (r, g, b, a) = straight(x, y)
            s[x, y] = PremultipliedRGBA8(r: UInt8((r * a + 127) / 255), g: UInt8((g * a + 127) / 255),
                                         b: UInt8((b * a + 127) / 255), a: UInt8(a))
        }
    }
    return s
}
