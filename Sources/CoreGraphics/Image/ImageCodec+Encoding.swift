import CLaminaImageIO
import LaminaRaster

extension ImageCodec {
    /// zlib's default trade-off; tests may pass 1 for speed.
    package static let defaultPNGCompressionLevel = 6

    /// Encodes premultiplied RGBA8 pixels as an 8-bit PNG with straight alpha (un-premultiplied
    /// with rounding), or as RGB without an alpha channel when every pixel is opaque. The
    /// compression level is clamped to zlib's 0…9. No gamma or colour chunks are written.
    package static func pngData(surface: Surface, compressionLevel: Int = defaultPNGCompressionLevel) throws -> Data {
        let channels = PixelConversion.isOpaque(surface) ? 3 : 4
        let bytes = PixelConversion.straightBytes(surface, channels: channels)
        let level = Int32(min(9, max(0, compressionLevel)))
        return try bytes.withUnsafeBufferPointer { buffer in
            try collect(format: .png) { out, size, error in
                lamina_png_encode(buffer.baseAddress, UInt32(surface.width), UInt32(surface.height),
                                  surface.width * channels, Int32(channels), level, out, size, error)
            }
        }
    }

    /// Encodes `surface` as PNG (see `pngData(surface:compressionLevel:)`) and writes it to
    /// `path` atomically, creating missing parent folders.
    package static func writePNG(surface: Surface, to path: String,
                                 compressionLevel: Int = defaultPNGCompressionLevel) throws {
        let data = try pngData(surface: surface, compressionLevel: compressionLevel)
        try write(data, to: path)
    }

    /// Encodes samples as a JPEG — for tests and tools; Lamina itself renders to PNG.
    /// `components`: 1 gray, 3 RGB, 4 CMYK stored inverted as Adobe writes it (with `ycck`
    /// transformed to YCCK). `samples` is tightly packed, `width·height·components` bytes.
    package static func jpegData(samples: [UInt8], width: Int, height: Int, components: Int,
                                 quality: Int = 90, progressive: Bool = false, ycck: Bool = false) throws -> Data {
        try ImageIOError.checkSize(width: width, height: height)
        guard [1, 3, 4].contains(components), samples.count >= width * height * components else {
            throw ImageIOError.unsupportedVariant(format: "JPEG", message: "\(components) components for \(samples.count) samples")
        }
        return try samples.withUnsafeBufferPointer { buffer in
            try collect(format: .jpeg) { out, size, error in
                lamina_jpeg_encode(buffer.baseAddress, UInt32(width), UInt32(height), width * components,
                                   Int32(components), ycck ? 1 : 0, Int32(min(100, max(1, quality))),
                                   progressive ? 1 : 0, out, size, error)
            }
        }
    }

    /// zlib-compresses bytes (for building PNG and other zlib streams by hand).
    package static func zlibCompress(_ bytes: [UInt8], level: Int = 6) throws -> [UInt8] {
        let data = try bytes.withUnsafeBufferPointer { buffer in
            try collect(format: .png) { out, size, error in
                lamina_zlib_compress(buffer.baseAddress, buffer.count, Int32(min(9, max(0, level))), out, size, error)
            }
        }
        return [UInt8](data)
    }

    /// The CRC-32 PNG chunks carry (over type and data).
    package static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { lamina_crc32(0, $0.baseAddress, $0.count) }
    }

    /// Runs a shim encoder that returns a malloc'd buffer, and moves its bytes into `Data`.
    private static func collect(
        format: Format,
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                 UnsafeMutablePointer<lamina_iio_error>) -> Int32
    ) throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = lamina_iio_error()
        let status = body(&out, &size, &error)
        defer { lamina_free(out) }
        guard status == 0, let out else { throw mapError(error, format: format) }
        return Data(bytes: out, count: size)
    }

    package static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw ImageIOError.fileError(path: path, message: "\(error)")
        }
    }
}

extension CGImage {
    /// Encodes the image as PNG: 8-bit straight RGBA, or RGB when every pixel is opaque.
    package func pngData(compressionLevel: Int = ImageCodec.defaultPNGCompressionLevel) throws -> Data {
        try ImageCodec.pngData(surface: premultipliedRGBA8, compressionLevel: compressionLevel)
    }

    /// Encodes the image as a baseline JPEG of `quality` (1…100, clamped; 0.0–1.0 in Apple's
    /// APIs maps to this times 100). JPEG has no alpha: translucent pixels are composited over
    /// black (the premultiplied colour is kept), as Apple's encoders do.
    package func jpegData(quality: Int = 90) throws -> Data {
        let surface = premultipliedRGBA8
        var rgb = [UInt8](repeating: 0, count: surface.width * surface.height * 3)
        var o = 0
        for y in 0..<surface.height {
            let row = surface.row(y)
            for x in 0..<surface.width {
                rgb[o] = row[x * 4]; rgb[o + 1] = row[x * 4 + 1]; rgb[o + 2] = row[x * 4 + 2]
                o += 3
            }
        }
        return try ImageCodec.jpegData(samples: rgb, width: surface.width, height: surface.height,
                                    components: 3, quality: quality)
    }

    /// Writes the image as a PNG file (see `pngData(compressionLevel:)`).
    package func writePNG(to path: String, compressionLevel: Int = ImageCodec.defaultPNGCompressionLevel) throws {
        try ImageCodec.write(pngData(compressionLevel: compressionLevel), to: path)
    }

    /// Apple's PNG initializer: decodes the provider's bytes as PNG; nil when they are not a
    /// valid PNG (use `ImageCodec.decode(data:)` to learn why) or when the size the header
    /// declares does not fit in the pixel-memory budget (`PixelMemoryBudget.current`, checked
    /// before anything is allocated; the image holds its charge while it lives). `decode` is
    /// ignored, as decoded images are premultiplied RGBA8 already.
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard ImageCodec.sniff(source.bytes) == .png,
              let (surface, hasAlpha) = try? ImageCodec.decodeSurface(data: source.bytes, budget: .current)
        else { return nil }
        self.init(surface: surface, isOpaque: !hasAlpha, shouldInterpolate: shouldInterpolate, intent: intent)
    }

    /// Apple's JPEG initializer: decodes the provider's bytes as JPEG; nil when they are not a
    /// valid JPEG or when the frame size declared by the first start-of-frame marker — found as
    /// libjpeg finds it, stray bytes between segments skipped — does not fit in the
    /// pixel-memory budget (`PixelMemoryBudget.current`, checked before anything is allocated;
    /// the image holds its charge while it lives). `decode` is ignored.
    public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard ImageCodec.sniff(source.bytes) == .jpeg,
              let (surface, _) = try? ImageCodec.decodeSurface(data: source.bytes, budget: .current)
        else { return nil }
        self.init(surface: surface, isOpaque: true, shouldInterpolate: shouldInterpolate, intent: intent)
    }
}
