import CoreGraphics
import LaminaRaster
import Testing
#if canImport(Glibc)
import Glibc
import _LaminaTestSupport
#endif

/// Bad input never crashes and always names what is wrong.
@Suite("Image decoding robustness")
struct ImageRobustnessTests {
    func error(_ bytes: [UInt8]) -> ImageIOError? {
        do {
            _ = try ImageCodec.decodeSurface(data: Data(bytes))
            return nil
        } catch let e as ImageIOError {
            return e
        } catch {
            return .fileError(path: "", message: "unexpected error type \(error)")
        }
    }

    func isTruncated(_ e: ImageIOError?) -> Bool { if case .truncated = e { true } else { false } }
    func isCorrupt(_ e: ImageIOError?) -> Bool { if case .corruptData = e { true } else { false } }

    /// A 20x20 noisy RGBA PNG, so the IDAT is long enough to cut in several places.
    func samplePNG() throws -> [UInt8] {
        var random = SplitMix64(7)
        let noise = random.bytes(20 * 20 * 4)
        return try PNGBuilder.png(width: 20, height: 20, bitDepth: 8, colorType: .rgba) { x, y in
            let i = (y * 20 + x) * 4
            return noise[i..<(i + 4)].map(Int.init)
        }
    }

    func sampleJPEG(progressive: Bool) throws -> [UInt8] {
        var random = SplitMix64(11)
        return [UInt8](try ImageCodec.jpegData(samples: random.bytes(24 * 24 * 3), width: 24, height: 24,
                                            components: 3, quality: 80, progressive: progressive))
    }

    @Test func truncatedPNG() throws {
        let png = try samplePNG()
        let idat = try #require(PNGBuilder.chunkDataOffset(png, type: "IDAT"))
        for cut in [1, 5, 8, 12, 20, 30, 33, idat.offset + 10, idat.offset + idat.length / 2, png.count - 12, png.count - 1] {
            let e = error(Array(png[0..<cut]))
            #expect(isTruncated(e), "cut at \(cut) of \(png.count): \(String(describing: e))")
        }
    }

    @Test(arguments: [false, true])
    func truncatedJPEG(progressive: Bool) throws {
        let jpeg = try sampleJPEG(progressive: progressive)
        for cut in [1, 2, 3, 10, 100, jpeg.count / 2, jpeg.count - 2, jpeg.count - 1] {
            let e = error(Array(jpeg[0..<cut]))
            #expect(isTruncated(e), "cut at \(cut) of \(jpeg.count): \(String(describing: e))")
        }
    }

    @Test func flippedBytesInPNGData() throws {
        let png = try samplePNG()
        let idat = try #require(PNGBuilder.chunkDataOffset(png, type: "IDAT"))
        // The chunk CRC catches any change.
        for at in [idat.offset, idat.offset + idat.length / 3, idat.offset + idat.length - 1] {
            var bad = png
            bad[at] ^= 0x5A
            let e = error(bad)
            #expect(isCorrupt(e), "flip at \(at): \(String(describing: e))")
        }
        // With the CRC recomputed, zlib's own checks (stream header, Adler-32) catch it.
        for at in [idat.offset, idat.offset + idat.length - 2] {
            var bad = png
            bad[at] ^= 0xFF
            let crcAt = idat.offset + idat.length
            let crc = PNGBuilder.be32(ImageCodec.crc32(bad[(idat.offset - 4)..<crcAt]))
            bad.replaceSubrange(crcAt..<(crcAt + 4), with: crc)
            let e = error(bad)
            #expect(isCorrupt(e), "flip at \(at) with valid CRC: \(String(describing: e))")
        }
        // A corrupt header chunk: CRC mismatch in IHDR.
        var badHeader = png
        badHeader[29] ^= 1
        #expect(isCorrupt(error(badHeader)))
    }

    @Test func flippedBytesInJPEGData() throws {
        let jpeg = try sampleJPEG(progressive: false)
        // Entropy-coded data has no checksum: libjpeg either reports the damage or decodes
        // garbage of the right size. Either way: no crash, a named error or a 24x24 image.
        var random = SplitMix64(3)
        for _ in 0..<12 {
            var bad = jpeg
            let at = jpeg.count / 3 + Int(random.next() % UInt64(jpeg.count / 2))
            bad[at] ^= UInt8(truncatingIfNeeded: random.next()) | 1
            do {
                let s = try ImageCodec.decodeSurface(data: Data(bad)).surface
                #expect(s.width == 24 && s.height == 24)
            } catch let e as ImageIOError {
                #expect(!e.description.isEmpty)
            }
        }
        // Breaking the SOI/SOF structure is always an error.
        var badMarker = jpeg
        let sof = try #require(findMarker(jpeg, 0xC0))
        badMarker[sof + 4] = 0 // sample precision 0
        #expect(isCorrupt(error(badMarker)) || { if case .unsupportedVariant = error(badMarker) { true } else { false } }())
    }

    func findMarker(_ jpeg: [UInt8], _ code: UInt8) -> Int? {
        (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == code }
    }

    @Test func hugeAndZeroSizedHeaders() throws {
        func header(_ w: UInt32, _ h: UInt32) -> [UInt8] {
            PNGBuilder.signature + PNGBuilder.ihdr(width: w, height: h, bitDepth: 8, colorType: .rgba)
                + PNGBuilder.chunk("IEND", [])
        }
        #expect(error(header(100_000, 100_000)) == .imageTooLarge(width: 100_000, height: 100_000))
        #expect(error(header(40_000, 1)) == .imageTooLarge(width: 40_000, height: 1))
        #expect(error(header(20_000, 20_000)) == .imageTooLarge(width: 20_000, height: 20_000), "4e8 pixels > 2^28")
        #expect(error(header(0, 10)) == .zeroSized(width: 0, height: 10))
        #expect(error(header(10, 0)) == .zeroSized(width: 10, height: 0))
        #expect(error(header(0xFFFF_FFFF, 1)) == .imageTooLarge(width: 0xFFFF_FFFF, height: 1))

        let jpeg = try sampleJPEG(progressive: false)
        let sof = try #require(findMarker(jpeg, 0xC0))
        var big = jpeg
        big.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60]) // 60000 x 60000
        #expect(error(big) == .imageTooLarge(width: 60_000, height: 60_000))
        var beyondLibjpeg = jpeg
        beyondLibjpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFF, 0xFF, 0xFF, 0xFF]) // libjpeg's own limit
        #expect(error(beyondLibjpeg) == .imageTooLarge(width: 65_535, height: 65_535))
        var zero = jpeg
        zero.replaceSubrange((sof + 5)..<(sof + 7), with: [0, 0])
        #expect(error(zero) == .zeroSized(width: 24, height: 0))
    }

    @Test func emptyAndUnknownData() {
        #expect(error([]) == .emptyData)
        let e = error([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 2]) // "GIF89a"
        #expect(e == .unknownFormat(firstBytes: "47 49 46 38 39 61 01 02"))
        #expect(e?.description.contains("47 49 46") == true)
        var random = SplitMix64(99)
        for n in [1, 7, 64, 1000] {
            var bytes = random.bytes(n)
            bytes[0] = 0x42
            #expect({ if case .unknownFormat = error(bytes) { true } else { false } }())
        }
        // Random bytes behind a valid signature: a named error, never a crash.
        for n in [0, 4, 30, 500] {
            let e = error(PNGBuilder.signature + random.bytes(n))
            #expect(isCorrupt(e) || isTruncated(e), "\(String(describing: e))")
            let j = error([0xFF, 0xD8, 0xFF] + random.bytes(n))
            #expect(j != nil, "random JPEG body must not decode")
        }
    }

    /// Random byte flips, insertions and cuts anywhere in small files (headers included):
    /// every outcome is a decoded image within the limits or an `ImageIOError`.
    @Test func randomMutationsNeverCrash() throws {
        let originals = [try samplePNG(), try sampleJPEG(progressive: false), try sampleJPEG(progressive: true),
                         try PNGBuilder.png(width: 9, height: 7, bitDepth: 2, colorType: .palette, interlaced: true,
                                            palette: [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)], trns: [0]) { x, y in [(x ^ y) & 3] }]
        var random = SplitMix64(2024)
        for original in originals {
            for _ in 0..<40 {
                var bytes = original
                for _ in 0..<(1 + Int(random.next() % 3)) {
                    let at = Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 3 {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                    case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                    default: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 16)))
                    }
                    if bytes.isEmpty { break }
                }
                do {
                    let s = try ImageCodec.decodeSurface(data: Data(bytes)).surface
                    #expect(s.width <= Surface.maxDimension && s.height <= Surface.maxDimension)
                } catch {
                    #expect(error is ImageIOError)
                }
            }
        }
    }

    @Test func codecsPrintNothing() throws {
        let png = try samplePNG()
        let jpeg = try sampleJPEG(progressive: true)
        var withBadChunk = png
        // An ancillary chunk with a bad CRC makes libpng warn (and skip it).
        let text = PNGBuilder.chunk("tEXt", Array("Comment\0hello".utf8))
        var broken = text
        broken[broken.count - 1] ^= 1
        withBadChunk.insert(contentsOf: broken, at: 33)
        var hugeJPEG = jpeg
        if let sof = findMarker(jpeg, 0xC2) { hugeJPEG.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFF, 0xFF, 0xFF, 0xFF]) }
        let output = capturingStandardError {
            _ = error(Array(png[0..<100]))
            _ = error(withBadChunk)
            _ = error(Array(jpeg[0..<(jpeg.count / 2)]))
            _ = error([0xFF, 0xD8, 0xFF, 0xE0, 0, 2, 0xFF, 0xD9])
            _ = error(hugeJPEG)
            var flipped = jpeg
            flipped[jpeg.count / 2] ^= 0xFF
            _ = error(flipped)
        }
        // The capture itself works: a write to file descriptor 2 is seen.
        let probe = capturingStandardError { _ = write(2, "lamina-probe\n", 13) }
        #expect(probe.contains("lamina-probe"))
        for phrase in ["libpng", "JPEG data", "JPEG file", "Premature end", "Corrupt"] {
            #expect(!output.contains(phrase), "codec printed: \(output)")
        }
        // The decode with a bad ancillary CRC still succeeds (libpng only warns).
        #expect(error(withBadChunk) == nil)
    }
}
