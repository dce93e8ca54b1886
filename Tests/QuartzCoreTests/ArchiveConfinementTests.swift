import Foundation
import Testing
@testable import QuartzCore
import LaminaRaster

/// An archive is input from anyone: its `"file"` references stay inside its own folder unless
/// file access is allowed, and no error message shows a file's bytes.
@Suite struct ArchiveConfinementTests {
    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-confine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("art"), withIntermediateDirectories: true)
        return dir
    }

    private func pixelPNG() throws -> Data {
        let ctx = try #require(CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        return try #require(ctx.makeImage()).pngData()
    }

    /// Decodes an archive file in `dir` whose root's contents are `{"file": file}`; returns the
    /// error message, or nil when it decoded.
    private func message(_ file: String, in dir: URL, allow: Bool = false) -> String? {
        let archive = dir.appendingPathComponent("art/scene.json")
        let json = #"{"contents": {"file": "\#(file)"}}"#
        do {
            try Data(json.utf8).write(to: archive)
            _ = try LayerArchive.decode(contentsOf: archive, allowsFileAccess: allow)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func filesInsideTheArchivesFolderAreRead() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("art/images"), withIntermediateDirectories: true)
        try pixelPNG().write(to: dir.appendingPathComponent("art/images/p.png"))
        #expect(message("images/p.png", in: dir) == nil)
        #expect(message("images/../images/p.png", in: dir) == nil, "a .. that stays inside is fine")
    }

    @Test func absolutePathsAndEscapesAreRefusedWithoutShowingContents() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let secret = dir.appendingPathComponent("secret.txt")
        try Data("root:x:0:0:secret".utf8).write(to: secret)
        let absolute = try #require(message(secret.path, in: dir))
        #expect(absolute.contains("absolute paths are not allowed"), "\(absolute)")
        let escape = try #require(message("../secret.txt", in: dir))
        #expect(escape.contains("leaves the archive's folder"), "\(escape)")
        // A symbolic link inside the folder that points out of it is an escape too.
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("art/link.png"), withDestinationURL: secret)
        let link = try #require(message("link.png", in: dir))
        #expect(link.contains("leaves the archive's folder"), "\(link)")
        for m in [absolute, escape, link] {
            #expect(!m.contains("root") && !m.contains("72 6f 6f 74"), "no bytes of the file in \(m)")
        }
    }

    @Test func fileAccessCanBeAllowedAndStillNeverEchoesBytes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try pixelPNG().write(to: dir.appendingPathComponent("outside.png"))
        #expect(message(dir.appendingPathComponent("outside.png").path, in: dir, allow: true) == nil)
        #expect(message("../outside.png", in: dir, allow: true) == nil)
        let secret = dir.appendingPathComponent("secret.txt")
        try Data("root:x:0:0:secret".utf8).write(to: secret)
        let m = try #require(message(secret.path, in: dir, allow: true))
        #expect(m.contains("not a PNG or JPEG image"), "\(m)")
        #expect(!m.contains("72 6f 6f 74") && !m.contains("root:"), "\(m)")
    }

    @Test func archivesReadFromDataHaveNoFolderToReadFrom() {
        #expect(throws: LayerArchiveError.self) {
            try LayerArchive.decode(Data(#"{"contents": {"file": "x.png"}}"#.utf8))
        }
    }
}

/// Decoded images stay within a budget checked before pixels are allocated, and one file named
/// by many layers is decoded once.
@Suite struct ArchiveImageBudgetTests {
    /// A PNG that is only a header declaring `width` x `height` (no pixel data).
    private func headerOnlyPNG(width: UInt32, height: UInt32) -> Data {
        var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        d.append(contentsOf: Array("IHDR".utf8))
        for v in [width, height] { d.append(contentsOf: [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]) }
        d.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0])
        return d
    }

    @Test func declaredSizesAreReadFromHeaders() throws {
        #expect(ImageCodec.declaredSize(of: headerOnlyPNG(width: 16384, height: 300))! == (16384, 300))
        let jpeg = try ImageCodec.jpegData(samples: [UInt8](repeating: 128, count: 24 * 10 * 3), width: 24, height: 10, components: 3)
        #expect(ImageCodec.declaredSize(of: jpeg)! == (24, 10))
        #expect(ImageCodec.declaredSize(of: Data("not an image".utf8)) == nil)
        #expect(ImageCodec.declaredSize(of: Data([0xFF, 0xD8, 0xFF])) == nil)
    }

    @Test func anImageOverTheBudgetIsAClearErrorBeforeDecoding() throws {
        let b64 = headerOnlyPNG(width: 16384, height: 16384).base64EncodedString()
        let json = #"{"contents": {"png": "\#(b64)"}}"#
        let context = ArchiveContext(memory: PixelMemoryBudget(limit: 64 << 20))
        let error = try #require(throws: LayerArchiveError.self) { try LayerArchive.decode(Data(json.utf8), context: context) }
        #expect("\(error)".contains("16384 x 16384 pixels needs 1024 MiB"), "\(error)")
        #expect(context.images.used == 0)
    }

    @Test func oneFileNamedByManyLayersIsDecodedOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = try ImageCodec.jpegData(samples: [UInt8](repeating: 200, count: 40 * 30 * 3), width: 40, height: 30, components: 3)
        try jpeg.write(to: dir.appendingPathComponent("big.jpg"))
        let layer = #"{"contents": {"file": "big.jpg"}}"#
        let json = #"{"sublayers": [\#(Array(repeating: layer, count: 8).joined(separator: ","))]}"#
        // Room for two copies only: eight decodes would not fit.
        let context = ArchiveContext(baseDirectory: dir, memory: PixelMemoryBudget(limit: 40 * 30 * 4 * 2))
        let root = try LayerArchive.decode(Data(json.utf8), context: context)
        #expect(root.sublayers?.count == 8)
        #expect(context.images.used == 40 * 30 * 4)
        let first = try #require(root.sublayers?.first?.contents as? CGImage)
        #expect(root.sublayers!.allSatisfy { ($0.contents as AnyObject?) === first })
    }
}
