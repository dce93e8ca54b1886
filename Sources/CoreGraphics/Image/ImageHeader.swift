import Foundation

/// What a PNG or JPEG file says about its image before any pixel is decoded: the facts
/// `CGImageSourceCopyPropertiesAtIndex` reports, read from the PNG chunks before IDAT or the
/// JPEG segments before the first scan. Every read is bounds-checked; a header that ends early
/// or contradicts itself gives a `Failure` instead of a trap. One parser serves both ImageIO's
/// `CGImageSource` properties and the memory-budget checks before decoding
/// (`ImageCodec.declaredSize(of:)`), so the two cannot disagree about a file's size.
package struct ImageHeader: Equatable {
    package enum Format: Equatable {
        case png, jpeg

        /// The uniform type identifier `CGImageSourceGetType` returns.
        package var typeIdentifier: String { self == .png ? "public.png" : "public.jpeg" }
    }

    package enum Failure: Error, Equatable {
        /// The data ends before the header does.
        case truncated
        /// The header is present but impossible (zero size, unknown colour type, bad lengths).
        case invalid
    }

    package var format: Format
    /// Pixels.
    package var width: Int
    package var height: Int
    /// Bits per sample.
    package var depth: Int
    /// Samples per pixel in the file (PNG: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA, 1 palette;
    /// JPEG: 1, 3 or 4).
    package var components: Int
    package var colorModel: String
    package var hasAlpha: Bool
    package var isIndexed = false
    package var isInterlaced = false
    /// Dots per inch, when the file records a physical resolution.
    package var dpi: (x: Double, y: Double)?
    /// The EXIF orientation, 1…8 (ImageIO's `CGImagePropertyOrientation` raw values).
    package var orientation: UInt32?

    package static func == (a: ImageHeader, b: ImageHeader) -> Bool {
        a.format == b.format && a.width == b.width && a.height == b.height && a.depth == b.depth
            && a.components == b.components && a.hasAlpha == b.hasAlpha && a.orientation == b.orientation
            && a.dpi?.x == b.dpi?.x && a.dpi?.y == b.dpi?.y
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format announced by the first bytes, or nil for anything else.
    package static func sniff(_ bytes: [UInt8]) -> Format? {
        if bytes.count >= 8, bytes[0..<8].elementsEqual(pngSignature) { return .png }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        return nil
    }

    /// Parses the header of PNG or JPEG bytes (the caller sniffed `format`).
    package static func parse(_ bytes: [UInt8], as format: Format) -> Result<ImageHeader, Failure> {
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

    /// The fields of a JPEG's first start-of-frame segment, as libjpeg reads them.
    package struct JPEGFrame: Equatable {
        package var precision: Int
        package var height: Int
        package var width: Int
        /// 0 when the data ends before the count.
        package var components: Int
        /// Whether the whole segment (as long as its length says) is in the data.
        package var isComplete: Bool
    }

    /// Walks a JPEG's markers from after SOI to the first start-of-frame (SOF0…SOF15 but DHT
    /// C4, JPG C8 and DAC CC) exactly as libjpeg's `read_markers` finds it, so the size read
    /// here is the size libjpeg will decode, never less:
    ///
    /// - between segments, bytes that are not a marker are skipped as libjpeg's `next_marker`
    ///   does (with its "extraneous bytes" warning): scan to the next 0xFF, skip 0xFF fill
    ///   bytes, and take the byte after them as the marker unless it is 0x00 (a stuffed zero,
    ///   skipped with the scan);
    /// - a segment whose length word is below 2 skips nothing past the length (libjpeg's
    ///   `skip_variable` and marker savers subtract 2 and skip only a positive rest);
    /// - TEM (01) and RST0…7 have no length; a scan (DA) or end of image (D9) before any
    ///   frame means there is no image.
    ///
    /// Throws `.truncated` when the data ends before the frame's width and height, `.invalid`
    /// when a scan or EOI comes first. `visit` sees every other segment's marker and the
    /// range of its payload that is in the data (for JFIF density and EXIF orientation).
    package static func firstJPEGFrame(_ bytes: [UInt8],
                                       visit: (_ marker: UInt8, _ payload: Range<Int>) -> Void = { _, _ in }) throws -> JPEGFrame {
        var r = ByteReader(bytes: bytes)
        r.offset = 2
        while true {
            // libjpeg's next_marker.
            var marker: UInt8
            repeat {
                while try r.uint8() != 0xFF {}
                marker = try r.uint8()
                while marker == 0xFF { marker = try r.uint8() }
            } while marker == 0x00
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue } // no length
            if marker == 0xD9 || marker == 0xDA { throw Failure.invalid } // image or scan before a frame
            let length = Int(try r.uint16())
            let start = r.offset, end = start + max(0, length - 2)
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                let precision = Int(try r.uint8())
                let height = Int(try r.uint16()), width = Int(try r.uint16())
                let components = (try? r.uint8()).map(Int.init) ?? 0
                return JPEGFrame(precision: precision, height: height, width: width, components: components,
                                 isComplete: length >= 2 && end <= bytes.count)
            default:
                visit(marker, start..<min(end, bytes.count))
            }
            guard end <= bytes.count else { throw Failure.truncated }
            r.offset = end
        }
    }

    private static func parseJPEG(_ r: inout ByteReader) throws -> ImageHeader {
        var dpi: (Double, Double)?
        var orientation: UInt32?
        let bytes = r.bytes
        let frame = try firstJPEGFrame(bytes) { marker, payload in
            var s = ByteReader(bytes: bytes)
            s.offset = payload.lowerBound
            if marker == 0xE0, payload.count >= 14, s.matches("JFIF\0") {
                s.offset += 5 + 2
                guard let units = try? s.uint8(), let x = (try? s.uint16()).map(Double.init),
                      let y = (try? s.uint16()).map(Double.init), x > 0, y > 0 else { return }
                if units == 1 { dpi = (x, y) }
                if units == 2 { dpi = (x * 2.54, y * 2.54) }
            } else if marker == 0xE1, payload.count >= 6, s.matches("Exif\0\0") {
                orientation = exifOrientation(Array(bytes[(payload.lowerBound + 6)..<payload.upperBound]))
            }
        }
        guard frame.isComplete else { throw Failure.truncated }
        // A height of 0 (defined later by a DNL marker) is not supported by the decoder.
        guard frame.width > 0, frame.height > 0, [1, 3, 4].contains(frame.components) else { throw Failure.invalid }
        let model = frame.components == 1 ? "Gray" : frame.components == 3 ? "RGB" : "CMYK"
        var header = ImageHeader(format: .jpeg, width: frame.width, height: frame.height, depth: frame.precision,
                                 components: frame.components, colorModel: model, hasAlpha: false)
        header.dpi = dpi
        header.orientation = orientation
        return header
    }

    // MARK: Declared size

    /// Width and height in pixels from a PNG's IHDR or a JPEG's first start-of-frame, read
    /// without decoding anything, so a caller can check them against a memory budget before a
    /// decoder allocates the pixels (a 1 KB PNG may declare 16384 × 16384, a gibibyte once
    /// decoded). Looser than `parse`: any frame libpng or libjpeg could go on to decode gives
    /// its size, even one `parse` calls invalid. Nil when the data is neither format or ends
    /// before the size (the decoder then gives the reason).
    package static func declaredSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch sniff(bytes) {
        case .png?:
            var r = ByteReader(bytes: bytes)
            r.offset = 12
            guard (try? r.uint32()) == fourCC("IHDR"), let w = try? r.uint32(), let h = try? r.uint32() else { return nil }
            return (Int(w), Int(h))
        case .jpeg?:
            guard let frame = try? firstJPEGFrame(bytes) else { return nil }
            return (frame.width, frame.height)
        case nil:
            return nil
        }
    }

    /// The orientation tag (0x0112) of IFD0 in an EXIF TIFF block (1…8), or nil.
    private static func exifOrientation(_ tiff: [UInt8]) -> UInt32? {
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
            if tag == 0x0112, type == 3 { return (1...8).contains(value) ? UInt32(value) : nil }
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
