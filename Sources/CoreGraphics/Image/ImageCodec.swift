import CLaminaImageIO
import LaminaRaster

/// PNG and JPEG decoding and encoding over libpng and libjpeg(-turbo), through the
/// CLaminaImageIO shim (which keeps every setjmp in C and never prints).
///
/// Decoding always yields premultiplied RGBA8 (`Surface`): palettes, gray, low bit depths and
/// tRNS are expanded, 16-bit samples are scaled to 8 with rounding, interlacing is undone,
/// CMYK/YCCK JPEGs are converted. Colour management is not done: gAMA, cHRM, sRGB and iCCP
/// chunks and JPEG ICC profiles are ignored and the samples are taken as sRGB, because Lamina
/// renders in sRGB. Sizes are checked against `Surface`'s limits from the header, before any
/// pixel memory is allocated.
package enum ImageCodec {
    package enum Format: String, Sendable {
        case png = "PNG"
        case jpeg = "JPEG"
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format announced by the first bytes, or nil.
    package static func sniff(_ data: Data) -> Format? {
        if data.count >= 8, data.prefix(8).elementsEqual(pngSignature) { return .png }
        if data.count >= 3, data.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// Decodes a PNG or JPEG (sniffed from its signature) into an image backed by premultiplied
    /// RGBA8 pixels, reporting `noneSkipLast` when the file cannot carry transparency.
    package static func decode(data: Data) throws -> CGImage {
        let (surface, hasAlpha) = try decodeSurface(data: data)
        return CGImage(surface: surface, isOpaque: !hasAlpha)
    }

    /// Decodes a PNG or JPEG into a new surface; `hasAlpha` says whether the file can carry
    /// transparency (PNG alpha channel or tRNS), not whether any pixel is translucent.
    package static func decodeSurface(data: Data) throws -> (surface: Surface, hasAlpha: Bool) {
        guard !data.isEmpty else { throw ImageIOError.emptyData }
        guard let format = sniff(data) else {
            let hex = data.prefix(16).map { String(format: "%02x", $0) }.joined(separator: " ")
            // A prefix of a PNG signature is a truncated PNG, not an unknown format.
            if data.count < 8, pngSignature.starts(with: data) {
                throw ImageIOError.truncated(format: "PNG", message: "data ends inside the signature")
            }
            if data.count < 3, [0xFF, 0xD8, 0xFF].starts(with: data) {
                throw ImageIOError.truncated(format: "JPEG", message: "data ends inside the start-of-image marker")
            }
            throw ImageIOError.unknownFormat(firstBytes: hex)
        }
        switch format {
        case .png: return try decodePNG(data)
        case .jpeg: return (try decodeJPEG(data), false)
        }
    }

    /// Decodes a file; see `decode(data:)`.
    package static func decode(contentsOf path: String) throws -> CGImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageIOError.fileError(path: path, message: "cannot read file")
        }
        return try decode(data: data)
    }

    // MARK: PNG

    private static func decodePNG(_ data: Data) throws -> (Surface, Bool) {
        // libpng rejects a zero-sized IHDR as a generic error: read the size first so the
        // caller gets `zeroSized` (and `imageTooLarge` without asking libpng at all).
        if data.count >= 24, data.dropFirst(12).prefix(4).elementsEqual(Array("IHDR".utf8)) {
            let w = data.readBigEndianUInt32(at: 16), h = data.readBigEndianUInt32(at: 20)
            try ImageIOError.checkSize(width: Int(w), height: Int(h))
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (Surface, Bool) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var info = lamina_image_info()
            var error = lamina_iio_error()
            guard let decoder = lamina_png_decoder_create(bytes.baseAddress, bytes.count, &info, &error) else {
                throw mapError(error, format: .png)
            }
            defer { lamina_png_decoder_destroy(decoder) }
            try ImageIOError.checkSize(width: Int(info.width), height: Int(info.height))
            let surface = try Surface(width: Int(info.width), height: Int(info.height))
            guard lamina_png_decoder_read(decoder, surface.base, surface.bytesPerRow, &error) == 0 else {
                throw mapError(error, format: .png)
            }
            PixelConversion.premultiplyInPlace(surface)
            return (surface, info.has_alpha != 0)
        }
    }

    // MARK: JPEG

    private static func decodeJPEG(_ data: Data) throws -> Surface {
        try decodeJPEG(data, scale: 1)
    }

    /// Decodes a JPEG at 1/`scaleDenominator` of its size (1, 2, 4 or 8; sides rounded up)
    /// with libjpeg's DCT scaling, which skips most of the inverse transform and allocates
    /// only the smaller image: what a thumbnail needs. The declared size is checked against
    /// the limits first, as for a full decode, and the scaled size before it is allocated.
    package static func decodeJPEG(data: Data, scaleDenominator: Int) throws -> CGImage {
        guard [1, 2, 4, 8].contains(scaleDenominator) else {
            throw ImageIOError.unsupportedVariant(format: Format.jpeg.rawValue, message: "scale 1/\(scaleDenominator)")
        }
        guard sniff(data) == .jpeg else { return try decode(data: data) }
        return CGImage(surface: try decodeJPEG(data, scale: scaleDenominator), isOpaque: true)
    }

    /// The one JPEG decode: the declared size checked against the limits, then (below full
    /// size) libjpeg's DCT scale set and the scaled size checked, before the surface is made.
    private static func decodeJPEG(_ data: Data, scale: Int) throws -> Surface {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Surface in
            let bytes = raw.bindMemory(to: UInt8.self)
            var info = lamina_image_info()
            var error = lamina_iio_error()
            guard let decoder = lamina_jpeg_decoder_create(bytes.baseAddress, bytes.count, &info, &error) else {
                throw mapError(error, format: .jpeg, info: info)
            }
            defer { lamina_jpeg_decoder_destroy(decoder) }
            try ImageIOError.checkSize(width: Int(info.width), height: Int(info.height))
            var width = info.width, height = info.height
            if scale != 1 {
                var w: UInt32 = 0, h: UInt32 = 0
                guard lamina_jpeg_decoder_set_scale(decoder, UInt32(scale), &w, &h, &error) == 0 else {
                    throw mapError(error, format: .jpeg, info: info)
                }
                try ImageIOError.checkSize(width: Int(w), height: Int(h))
                (width, height) = (.init(w), .init(h))
            }
            let surface = try Surface(width: Int(width), height: Int(height))
            guard lamina_jpeg_decoder_read(decoder, surface.base, surface.bytesPerRow, &error) == 0 else {
                throw mapError(error, format: .jpeg)
            }
            return surface // alpha is 255 everywhere: already premultiplied
        }
    }

    // MARK: Errors

    package static func mapError(_ error: lamina_iio_error, format: Format,
                                 info: lamina_image_info = lamina_image_info()) -> ImageIOError {
        var copy = error
        let message = withUnsafeBytes(of: &copy.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let name = format.rawValue
        switch Int(error.status) {
        case Int(LAMINA_IIO_TRUNCATED.rawValue): return .truncated(format: name, message: message)
        case Int(LAMINA_IIO_UNSUPPORTED.rawValue): return .unsupportedVariant(format: name, message: message)
        case Int(LAMINA_IIO_TOO_LARGE.rawValue): return .imageTooLarge(width: Int(info.width), height: Int(info.height))
        case Int(LAMINA_IIO_ZERO_SIZE.rawValue): return .zeroSized(width: Int(info.width), height: Int(info.height))
        case Int(LAMINA_IIO_OUT_OF_MEMORY.rawValue): return .outOfMemory(format: name)
        default: return .corruptData(format: name, message: message)
        }
    }
}

extension Data {
    /// The big-endian 32-bit value at `offset` (relative to `startIndex`); the caller checks bounds.
    fileprivate func readBigEndianUInt32(at offset: Int) -> UInt32 {
        let i = startIndex + offset
        return UInt32(self[i]) << 24 | UInt32(self[i + 1]) << 16 | UInt32(self[i + 2]) << 8 | UInt32(self[i + 3])
    }
}
