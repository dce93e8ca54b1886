import Foundation

/// The pixel size an encoded image declares in its header, read without decoding anything, so
/// a caller can check it against a memory budget before a decoder allocates the pixels
/// (a 1 KB PNG may declare 16384 × 16384, a gibibyte once decoded). (The ImageIO module's
/// `ImageHeader` reads the rest of a header — DPI, orientation — for CGImageSource's properties.)
extension ImageCodec {
    /// Width and height in pixels from a PNG's IHDR or a JPEG's start-of-frame marker; nil when
    /// the data is neither or the header is cut short (the decoder then gives the reason).
    package static func declaredSize(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(64 * 1024))
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        // PNG: 8-byte signature, then the IHDR chunk (length, "IHDR", width, height).
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes[12...15].elementsEqual(Array("IHDR".utf8)) {
            return (u32(16), u32(20))
        }
        // JPEG: walk the markers after SOI to the first SOFn (not DHT C4, JPG C8, DAC CC).
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }               // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }  // no length
            let length = u16(i + 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (u16(i + 7), u16(i + 5))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }
}
