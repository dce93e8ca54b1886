import Foundation
import Testing
@testable import lamina
import QuartzCore

/// Outputs are replaced only when the new file is complete; frame names never wrap; child
/// processes never read the terminal; interrupted renders leave no temporaries.
@Suite struct CLIOutputSafetyTests {
    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cli-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private func contents(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test func anExistingFileIsReplacedWholeAndNoTemporaryRemains() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("out.png")
        try Data("old".utf8).write(to: target)
        try OutputFiles.write(Data("new contents".utf8), to: target.path)
        #expect(try Data(contentsOf: target) == Data("new contents".utf8))
        #expect(contents(dir) == ["out.png"])
    }

    @Test func aFailedWriteLeavesTheTargetAsItWasAndNoTemporary() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A non-empty folder named like the output: the final rename must fail.
        let target = dir.appendingPathComponent("busy.png")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: target.appendingPathComponent("inside"))
        #expect(throws: CLIError.self) { try OutputFiles.write(Data("x".utf8), to: target.path) }
        #expect(try Data(contentsOf: target.appendingPathComponent("inside")) == Data("keep".utf8))
        #expect(contents(dir) == ["busy.png"])
        // A missing folder is named, and nothing is created.
        let error = try #require(throws: CLIError.self) {
            try SceneRendering.write(CGImage.testPixel, to: dir.appendingPathComponent("nope/x.png").path)
        }
        #expect(error.description.contains("does not exist"))
    }

    @Test func symbolicLinksAreReplacedNotWrittenThrough() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.png"), link = dir.appendingPathComponent("link.png")
        try Data("original".utf8).write(to: real)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try OutputFiles.write(Data("new".utf8), to: link.path)
        #expect(try Data(contentsOf: real) == Data("original".utf8))
        #expect(try Data(contentsOf: link) == Data("new".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
    }

    /// `%05d` of a 64-bit index used to wrap: frame 2^32 was written as frame-00000.png.
    @Test func frameNamesUseTheWholeIndexAndOneWidthPerRange() throws {
        let big = try #require(FrameRange(argument: "4294967296..4294967297"))
        #expect(SceneRendering.frameName(4_294_967_296, in: big) == "frame-4294967296.png")
        #expect(SceneRendering.frameName(4_294_967_297, in: big) == "frame-4294967297.png")
        let small = try #require(FrameRange(argument: "0..99"))
        #expect(SceneRendering.frameName(7, in: small) == "frame-00007.png")
        let wide = try #require(FrameRange(argument: "99990..100010"))
        #expect(SceneRendering.frameName(99_990, in: wide) == "frame-099990.png")
        #expect(SceneRendering.frameName(100_010, in: wide) == "frame-100010.png")
    }

    @Test func negativeTimesGiveAClearMessage() {
        do {
            _ = try Lamina.parseAsRoot(["render", "implicit", "--time", "-1", "-o", "x.png"])
            Issue.record("--time -1 was accepted")
        } catch {
            let message = Lamina.message(for: error)
            #expect(message.contains("--time must be a non-negative number"), "\(message)")
        }
    }

    @Test func framesAreRefusedForArchives() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let archive = dir.appendingPathComponent("a.json")
        try Data(#"{"bounds": [0, 0, 4, 4]}"#.utf8).write(to: archive)
        let command = try Lamina.Render.parse([archive.path, "--frames", "0..3", "-o", dir.appendingPathComponent("a.png").path])
        let error = try #require(throws: CLIError.self) { try command.run() }
        #expect(error.description.contains("--frames is for scenes"))
        #expect(contents(dir) == ["a.json"])
    }
}

extension CGImage {
    /// A 1x1 opaque image for writing tests.
    static var testPixel: CGImage {
        let ctx = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        return ctx.makeImage()!
    }
}
