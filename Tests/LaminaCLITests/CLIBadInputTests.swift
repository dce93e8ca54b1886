import Foundation
import Testing
@testable import lamina
import LaminaScenes

/// Bad input on the command line or in an archive is a one-line error, never a trap. Each
/// case here used to stop the process (Double → Int conversion or Int overflow traps).
@Suite struct CLIBadInputTests {
    private func message(_ body: () throws -> Void) -> String? {
        do { try body() } catch { return "\(error)" }
        return nil
    }

    private func archive(_ json: String, scale: Double = 1, size: PixelSize? = nil) -> String? {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-cli-bad-\(UUID().uuidString).json")
        try? Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return message { _ = try SceneRendering.archive(at: url.path, time: 0, scale: scale, size: size) }
    }

    @Test func absurdSceneSizesAreErrors() {
        for size in [CGSize(width: 1e12, height: 1e12), CGSize(width: 1e300, height: 10),
                     CGSize(width: CGFloat.infinity, height: 10), CGSize(width: CGFloat.nan, height: 10),
                     CGSize(width: 0, height: 10), CGSize(width: -5, height: 10)] {
            let m = message { _ = try FrameGeometry(sceneSize: size, scale: 1, size: nil) }
            #expect(m != nil, "\(size)")
        }
        #expect(message { _ = try FrameGeometry(sceneSize: CGSize(width: 1e12, height: 1e12), scale: 1, size: nil) }?
            .contains("1000000000000 x 1000000000000 pixels is out of range") == true)
        // A tiny scene fitted to a size would need an infinite scale.
        #expect(message { _ = try FrameGeometry(sceneSize: CGSize(width: 1e-320, height: 1e-320), scale: 1,
                                                 size: PixelSize(argument: "100x100")) } != nil)
        // Still fine: an ordinary scene, and a huge one fitted into --size.
        #expect(message { _ = try FrameGeometry(sceneSize: CGSize(width: 480, height: 320), scale: 2, size: nil) } == nil)
        #expect(message { _ = try FrameGeometry(sceneSize: CGSize(width: 1e12, height: 1e12), scale: 1,
                                                 size: PixelSize(argument: "100x100")) } == nil)
    }

    @Test func archivesWithAbsurdRootFramesAreErrors() {
        let cases: [(json: String, says: String)] = [
            (#"{"root": {"bounds": [0, 0, 1e12, 1e12]}}"#, "pixels is out of range"),
            (#"{"root": {"bounds": [0, 0, 1e300, 1e300]}}"#, "pixels is out of range"),
            (#"{"root": {"bounds": [0, 0, "inf", 100]}}"#, "bounds: expected finite numbers in a rectangle [x, y, width, height]"),
            (#"{"root": {"bounds": [0, 0, 100, 100], "anchorPoint": [1e300, -1e300]}}"#, "root layer's frame"),
            (#"{"root": {"bounds": [0, 0, 100, 100], "transform": ["nan", 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}}"#,
             "transform: expected finite numbers in a transform of 16 numbers"),
            (#"{"root": {"bounds": [0, 0, 100, 100], "transform": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}}"#,
             "root layer's frame"),
        ]
        for c in cases {
            let m = archive(c.json)
            #expect(m?.contains(c.says) == true, "\(c.json) → \(m ?? "no error")")
            #expect(m?.contains(".json: ") == true, "the error names the file: \(m ?? "")")
        }
        #expect(archive(#"{"root": {"bounds": [0, 0, 1e12, 1e12]}}"#)?.contains("--size") == true)
        // The same huge archive fitted into an explicit size renders.
        #expect(archive(#"{"root": {"bounds": [0, 0, 1e12, 1e12], "position": [5e11, 5e11]}}"#,
                        size: PixelSize(argument: "64x64")) == nil)
    }

    @Test func nonFiniteOrAbsurdFrameRatesAreErrors() throws {
        let d = try #require(SceneCatalog.named("gallery"))
        for fps in [Double.nan, .infinity, -1, 0, 1e300] {
            let m = message { _ = try SceneRendering.wholeRange(d, fps: fps) }
            #expect(m?.contains("--fps must be in (0, 240]") == true, "\(fps)")
        }
        #expect(try SceneRendering.wholeRange(d, fps: 30) == FrameRange(argument: "0..0"))
    }
}

/// `lamina bench --over A..B`: the span is parsed strictly.
@Suite struct BenchSpanTests {
    @Test func spansParseAndBadOnesAreNamedErrors() throws {
        let s = try Lamina.Bench.parseSpan("2.0..4.7")
        #expect(s.from == 2.0 && s.to == 4.7)
        #expect(try Lamina.Bench.parseSpan("3..3").to == 3)
        for bad in ["4..2", "nan..1", "1..inf", "-1..2", "1-2", "..", "a..b", "1..2..3"] {
            #expect(throws: CLIError.self, "\(bad)") { _ = try Lamina.Bench.parseSpan(bad) }
        }
    }
}
