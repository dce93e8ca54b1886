import Foundation
import Testing
@testable import QuartzCore

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
