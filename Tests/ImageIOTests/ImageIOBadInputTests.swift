import Foundation
import Testing
@testable import ImageIO

@Suite struct ImageIOBadInputTests {
    @Test func emptyAndUnknownDataGiveNoImage() throws {
        #expect(CGImageSourceCreateWithData(Data() as CFData, nil) == nil)
        let garbage = try #require(CGImageSourceCreateWithData(Data("GIF89a not really".utf8) as CFData, nil))
        #expect(CGImageSourceGetType(garbage) == nil)
        #expect(CGImageSourceGetCount(garbage) == 0)
        #expect(CGImageSourceGetStatus(garbage) == .statusUnknownType)
        #expect(CGImageSourceCreateImageAtIndex(garbage, 0, nil) == nil)
        #expect(CGImageSourceCopyPropertiesAtIndex(garbage, 0, nil) == nil)
        #expect(CGImageSourceCreateThumbnailAtIndex(garbage, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true] as CFDictionary) == nil)
    }

    @Test func truncatedDataKeepsItsTypeButGivesNoImage() throws {
        for type in [kUTTypePNG, kUTTypeJPEG] {
            let data = try #require(TestImages.encode(TestImages.noise(), type: type))
            for length in [10, 30, data.count / 2, data.count - 3] {
                let source = try #require(CGImageSourceCreateWithData(data.prefix(length), nil))
                #expect(CGImageSourceGetType(source) == type)
                #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil, "\(type) cut at \(length)")
                #expect(CGImageSourceGetStatus(source) != .statusComplete)
            }
        }
    }

    @Test func indexesOtherThanZeroGiveNil() throws {
        let data = try #require(TestImages.encode(TestImages.halves(), type: kUTTypePNG))
        let source = try #require(CGImageSourceCreateWithData(data, nil))
        for index in [-1, 1, Int.max, Int.min] {
            #expect(CGImageSourceCreateImageAtIndex(source, index, nil) == nil)
            #expect(CGImageSourceCopyPropertiesAtIndex(source, index, nil) == nil)
            #expect(CGImageSourceCreateThumbnailAtIndex(source, index, [kCGImageSourceCreateThumbnailFromImageAlways: true] as CFDictionary) == nil)
            #expect(CGImageSourceGetStatusAtIndex(source, index) == .statusInvalidData)
        }
        #expect(CGImageSourceGetStatusAtIndex(source, 0) == .statusComplete)
    }

    @Test func aHugeDeclaredPNGIsRefusedWithoutDecoding() throws {
        // A valid signature and IHDR declaring 16384 × 16384 RGBA, then a tiny IDAT: its data
        // cannot hold a gigabyte of rows, so nothing is allocated.
        var ihdr = Array("IHDR".utf8)
        ihdr += [0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 6, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr
        let crc = ImageCodec.crc32(ihdr)
        png += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        png += [0, 0, 0, 2] + Array("IDAT".utf8) + [0x78, 0x9C, 0, 0, 0, 0]
        let source = try #require(CGImageSourceCreateWithData(Data(png), nil))
        #expect(CGImageSourceGetCount(source) == 1)
        #expect(CGImageSourceCopyPropertiesAtIndex(source, 0, nil)?[kCGImagePropertyPixelWidth] as? Int == 16384)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
        #expect(CGImageSourceGetStatus(source) == .statusUnexpectedEOF)
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true,
                                                                kCGImageSourceThumbnailMaxPixelSize: 64] as CFDictionary) == nil)
    }

    @Test func corruptHeadersNeverTrap() throws {
        let jpeg = try #require(TestImages.encode(TestImages.halves(), type: kUTTypeJPEG))
        // Every prefix and a few byte flips of the header region parse without trapping.
        var random: UInt64 = 12345
        for length in 0..<min(jpeg.count, 700) {
            if let source = CGImageSourceCreateWithData(jpeg.prefix(length), nil) {
                _ = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
            }
        }
        for _ in 0..<200 {
            var bytes = [UInt8](jpeg)
            random = random &* 6364136223846793005 &+ 1442695040888963407
            bytes[2 + Int(random >> 33) % 600] = UInt8(truncatingIfNeeded: random >> 13)
            if let source = CGImageSourceCreateWithData(Data(bytes), nil) {
                // Properties only: a flipped size byte may declare a large but allowed image,
                // which decoding would allocate.
                _ = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
            }
        }
        // A zero-sized PNG header.
        var png = [UInt8](try #require(TestImages.encode(TestImages.halves(), type: kUTTypePNG)))
        png[16...19] = [0, 0, 0, 0]
        let source = try #require(CGImageSourceCreateWithData(Data(png), nil))
        #expect(CGImageSourceGetCount(source) == 0)
        #expect(CGImageSourceGetStatus(source) == .statusInvalidData)
    }

    @Test func destinationsRefuseWhatTheyCannotWrite() throws {
        let data = NSMutableData()
        #expect(CGImageDestinationCreateWithData(data, "com.compuserve.gif" as CFString, 1, nil) == nil)
        #expect(CGImageDestinationCreateWithData(data, kUTTypePNG, 0, nil) == nil)
        #expect(CGImageDestinationCreateWithURL(URL(string: "https://example.com/a.png")! as CFURL, kUTTypePNG, 1, nil) == nil)
        // Nothing added: finalize fails and writes nothing.
        let empty = try #require(CGImageDestinationCreateWithData(data, kUTTypePNG, 1, nil))
        #expect(!CGImageDestinationFinalize(empty))
        #expect(data.length == 0)
        // Finalize once; images beyond the count are ignored.
        let once = try #require(CGImageDestinationCreateWithData(data, "PUBLIC.PNG" as CFString, 1, nil))
        CGImageDestinationAddImage(once, TestImages.halves(), nil)
        CGImageDestinationAddImage(once, TestImages.noise(), nil)
        #expect(CGImageDestinationFinalize(once))
        let length = data.length
        #expect(!CGImageDestinationFinalize(once))
        #expect(data.length == length)
        let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 40)
    }

    @Test func failedFileWritesLeaveExistingFilesAlone() throws {
        let folder = try TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Into a folder that does not exist: false, nothing created.
        let missing = folder.appendingPathComponent("no/such/dir/a.png")
        let d1 = try #require(CGImageDestinationCreateWithURL(missing as CFURL, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(d1, TestImages.halves(), nil)
        #expect(!CGImageDestinationFinalize(d1))
        // Over a folder: false, the folder and its contents stay.
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: sub.appendingPathComponent("keep.txt"))
        let d2 = try #require(CGImageDestinationCreateWithURL(sub as CFURL, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(d2, TestImages.halves(), nil)
        #expect(!CGImageDestinationFinalize(d2))
        #expect(FileManager.default.contents(atPath: sub.appendingPathComponent("keep.txt").path) == Data("keep".utf8))
        // An existing file stays when nothing was added.
        let existing = folder.appendingPathComponent("a.png")
        try Data("old".utf8).write(to: existing)
        let d3 = try #require(CGImageDestinationCreateWithURL(existing as CFURL, kUTTypePNG, 1, nil))
        #expect(!CGImageDestinationFinalize(d3))
        #expect(FileManager.default.contents(atPath: existing.path) == Data("old".utf8))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["sub", "a.png"])
        // Reading a missing file gives no source.
        #expect(CGImageSourceCreateWithURL(folder.appendingPathComponent("none.png") as CFURL, nil) == nil)
    }

    @Test func badOptionValuesAreIgnored() throws {
        let png = try #require(TestImages.encode(TestImages.halves(), type: kUTTypePNG))
        let source = try #require(CGImageSourceCreateWithData(png, nil))
        let options = [kCGImageSourceCreateThumbnailFromImageAlways: "yes",
                       kCGImageSourceThumbnailMaxPixelSize: "ten"] as CFDictionary
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, options) == nil)
        let infinite = [kCGImageSourceCreateThumbnailFromImageAlways: 1,
                        kCGImageSourceThumbnailMaxPixelSize: -Double.infinity] as CFDictionary
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, infinite)?.width == 40)
        #expect(CGImageDestination.jpegQuality(.nan) == 90)
        #expect(CGImageDestination.jpegQuality(-3) == 0)
    }
}
