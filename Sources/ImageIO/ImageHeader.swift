import Foundation

/// What a PNG or JPEG file says about its image before any pixel is decoded: the facts
/// `CGImageSourceCopyPropertiesAtIndex` reports, read from the PNG chunks before IDAT or the
/// JPEG segments before the first scan. Every read is bounds-checked; a header that ends early
/// or contradicts itself gives a `Failure` instead of a trap.
struct ImageHeader: Equatable {
    enum Format: Equatable {
        case png, jpeg

        /// The uniform type identifier `CGImageSourceGetType` returns.
        var typeIdentifier: String { self == .png ? "public.png" : "public.jpeg" }
    }

    enum Failure: Error, Equatable {
        /// The data ends before the header does.
        case truncated
        /// The header is present but impossible (zero size, unknown colour type, bad lengths).
        case invalid
    }

    var format: Format
    /// Pixels.
    var width: Int
    var height: Int
    /// Bits per sample.
    var depth: Int
    /// Samples per pixel in the file (PNG: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA, 1 palette;
    /// JPEG: 1, 3 or 4).
    var components: Int
    var colorModel: String
    var hasAlpha: Bool
    var isIndexed = false
    var isInterlaced = false
    /// Dots per inch, when the file records a physical resolution.
    var dpi: (x: Double, y: Double)?
    var orientation: CGImagePropertyOrientation?

    static func == (a: ImageHeader, b: ImageHeader) -> Bool {
        a.format == b.format && a.width == b.width && a.height == b.height && a.depth == b.depth
            && a.components == b.components && a.hasAlpha == b.hasAlpha && a.orientation == b.orientation
            && a.dpi?.x == b.dpi?.x && a.dpi?.y == b.dpi?.y
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format announced by the first bytes, or nil for anything else.
    static func sniff(_ bytes: [UInt8]) -> Format? {
        if bytes.count >= 8, bytes[0..<8].elementsEqual(pngSignature) { return .png }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        return nil
    }

    /// Parses the header of PNG or JPEG bytes (the caller sniffed `format`).
    static func parse(_ bytes: [UInt8], as format: Format) -> Result<ImageHeader, Failure> {
        var reader = ByteReader(bytes: bytes)
        do {
            switch format {
            case .png: return .success(try parsePNG(&reader))
            case .jpeg: return .success(try parseJPEG(&reader))
            }
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(.invalid)
        }
    }

    // MARK: PNG

    private static func parsePNG(_ r: inout ByteReader) throws -> ImageHeader {
        r.offset = 8
        let length = try r.uint32(), type = try r.uint32()
        guard type == fourCC("IHDR"), length == 13 else { throw Failure.invalid }
        let width = Int(try r.uint32()), height = Int(try r.uint32())
        let depth = Int(try r.uint8()), colorType = try r.uint8()
        _ = try r.uint8(); _ = try r.uint8()
        let interlace = try r.uint8()
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { throw Failure.invalid }
        let components: Int, model: String
        switch (colorType, depth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): components = 1; model = "Gray"
        case (2, 8), (2, 16): components = 3; model = "RGB"
        case (3, 1), (3, 2), (3, 4), (3, 8): components = 1; model = "RGB"
        case (4, 8), (4, 16): components = 2; model = "Gray"
        case (6, 8), (6, 16): components = 4; model = "RGB"
        default: throw Failure.invalid
        }
        var header = ImageHeader(format: .png, width: width, height: height, depth: depth, components: components,
                                 colorModel: model, hasAlpha: colorType == 4 || colorType == 6,
                                 isIndexed: colorType == 3, isInterlaced: interlace == 1)
        r.offset += 4 // IHDR's CRC
        // Ancillary chunks before the image data: tRNS (transparency) and pHYs (resolution).
        while r.remaining >= 8 {
            let length = Int(try r.uint32()), type = try r.uint32()
            guard length <= r.remaining else { break } // a truncated chunk: what was read stands
            if type == fourCC("IDAT") || type == fourCC("IEND") { break }
            let start = r.offset
            if type == fourCC("tRNS") {
                header.hasAlpha = true
            } else if type == fourCC("pHYs"), length == 9 {
                let x = Double(try r.uint32()), y = Double(try r.uint32())
                if try r.uint8() == 1, x > 0, y > 0 { header.dpi = (x * 0.0254, y * 0.0254) }
            }
            r.offset = start + length + 4
        }
        return header
    }

    // MARK: JPEG

    private static func parseJPEG(_ r: inout ByteReader) throws -> ImageHeader {
        r.offset = 2
        var header: ImageHeader?
        var dpi: (Double, Double)?
        var orientation: CGImagePropertyOrientation?
        while header == nil {
            guard try r.uint8() == 0xFF else { throw Failure.invalid }
            var marker = try r.uint8()
            while marker == 0xFF { marker = try r.uint8() } // fill bytes
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue } // no length
            if marker == 0xD9 || marker == 0xDA { throw Failure.invalid } // image or scan before a frame
            let length = Int(try r.uint16())
            guard length >= 2 else { throw Failure.invalid }
            let start = r.offset, end = start + length - 2
            guard end <= r.bytes.count else { throw Failure.truncated }
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                let precision = Int(try r.uint8())
                let height = Int(try r.uint16()), width = Int(try r.uint16())
                let components = Int(try r.uint8())
                // A height of 0 (defined later by a DNL marker) is not supported by the decoder.
                guard width > 0, height > 0, [1, 3, 4].contains(components) else { throw Failure.invalid }
                let model = components == 1 ? "Gray" : components == 3 ? "RGB" : "CMYK"
                header = ImageHeader(format: .jpeg, width: width, height: height, depth: precision,
                                     components: components, colorModel: model, hasAlpha: false)
            case 0xE0 where length >= 16 && r.matches("JFIF\0"):
                r.offset += 5 + 2
                let units = try r.uint8()
                let x = Double(try r.uint16()), y = Double(try r.uint16())
                if x > 0, y > 0, units == 1 { dpi = (x, y) }
                if x > 0, y > 0, units == 2 { dpi = (x * 2.54, y * 2.54) }
            case 0xE1 where end - start >= 6 && r.matches("Exif\0\0"):
                orientation = exifOrientation(Array(r.bytes[(start + 6)..<end]))
            default:
                break
            }
            r.offset = end
        }
        header?.dpi = dpi
        header?.orientation = orientation
        return header!
    }

    /// The orientation tag (0x0112) of IFD0 in an EXIF TIFF block, or nil.
    private static func exifOrientation(_ tiff: [UInt8]) -> CGImagePropertyOrientation? {
        var r = ByteReader(bytes: tiff)
        guard let order = try? r.uint16() else { return nil }
        r.littleEndian = order == 0x4949 // "II"
        guard order == 0x4949 || order == 0x4D4D, (try? r.uint16()) == 42,
              let ifd = try? r.uint32(), Int(ifd) < tiff.count else { return nil }
        r.offset = Int(ifd)
        guard let count = try? r.uint16() else { return nil }
        for _ in 0..<count {
            guard let tag = try? r.uint16(), let type = try? r.uint16(), (try? r.uint32()) != nil,
                  let value = try? r.uint16(), (try? r.uint16()) != nil else { return nil }
            if tag == 0x0112, type == 3 { return CGImagePropertyOrientation(rawValue: UInt32(value)) }
        }
        return nil
    }

    private static func fourCC(_ s: StaticString) -> UInt32 {
        s.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}

/// Big- or little-endian reads with bounds checks that throw `.truncated`.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0
    var littleEndian = false

    var remaining: Int { max(0, bytes.count - offset) }

    mutating func uint8() throws -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw ImageHeader.Failure.truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16() throws -> UInt16 {
        let a = UInt16(try uint8()), b = UInt16(try uint8())
        return littleEndian ? b << 8 | a : a << 8 | b
    }

    mutating func uint32() throws -> UInt32 {
        let a = UInt32(try uint16()), b = UInt32(try uint16())
        return littleEndian ? b << 16 | a : a << 16 | b
    }

    /// Whether the bytes at the offset spell `ascii` (the offset does not move).
    func matches(_ ascii: String) -> Bool {
        let expected = Array(ascii.utf8)
        guard offset >= 0, offset + expected.count <= bytes.count else { return false }
        return bytes[offset..<(offset + expected.count)].elementsEqual(expected)
    }
}
