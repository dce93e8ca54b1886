import CoreGraphics
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite("Image golden comparison")
struct ImageGoldenTests {
    @Test func recordCompareAndFail() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let golden = dir.appendingPathComponent("goldens/circle.png").path
        let surface = try makeStraightSurface(width: 9, height: 7) { x, y in (x * 28, y * 36, 90, x == 0 ? 128 : 255) }

        // No golden yet: a named failure that says how to record, and an image of what we got.
        let missing = GoldenImage.compare(actual: surface, goldenPath: golden, record: false)
        #expect(missing.outcome == .missingGolden && !missing.passed)
        #expect(missing.description.contains(GoldenImage.recordEnvironmentVariable))

        let recorded = GoldenImage.compare(actual: surface, goldenPath: golden, record: true)
        #expect(recorded.outcome == .recorded && recorded.passed, "\(recorded)")
        #expect(FileManager.default.fileExists(atPath: golden))
        let failurePath = GoldenImage.failureImagePath(forGolden: golden)
        #expect(failurePath.hasSuffix("goldens/__failures__/circle.failure.png"))
        #expect(!FileManager.default.fileExists(atPath: failurePath), "recording clears old failures")

        // Translucent pixels round-trip through straight PNG within ±1.
        let same = GoldenImage.compare(actual: surface, goldenPath: golden, tolerance: 1, record: false)
        #expect(same.outcome == .matched && same.passed, "\(same)")
        #expect(same.maxChannelDifference <= 1)

        // Change three pixels beyond the tolerance.
        let changed = surface.copy()
        for x in 3..<6 { changed[x, 3] = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) }
        let failed = GoldenImage.compare(actual: changed, goldenPath: golden, tolerance: 1, record: false)
        #expect(failed.outcome == .mismatched && !failed.passed)
        #expect(failed.differentPixels == 3)
        #expect(failed.failureImagePath == failurePath)
        let picture = try ImageCodec.decode(contentsOf: failurePath).premultipliedRGBA8
        #expect(picture.width == 9 * 3 + 8 && picture.height == 7, "expected | diff | actual with 4 px gaps")
        #expect(picture[9 + 4 + 4, 3] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), "diff marks the changed pixel")
        #expect(picture[9 + 4 + 8, 0].a == 255, "diff panel is opaque")
        #expect(picture[9 + 4 + 9 + 4 + 4, 3] == changed[4, 3], "actual panel shows what was rendered")

        // Within the allowance the comparison passes, and a pass removes the stale failure image.
        let allowed = GoldenImage.compare(actual: changed, goldenPath: golden, tolerance: 1, maxDifferentPixels: 3, record: false)
        #expect(allowed.passed)
        #expect(!FileManager.default.fileExists(atPath: failurePath))

        // Different size.
        let bigger = try Surface(width: 10, height: 7)
        let size = GoldenImage.compare(actual: bigger, goldenPath: golden, tolerance: 255, record: false)
        #expect(size.outcome == .sizeMismatch && size.description.contains("10x7"))

        // A golden that is not a PNG.
        let junk = dir.appendingPathComponent("goldens/junk.png").path
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: junk))
        #expect(GoldenImage.compare(actual: surface, goldenPath: junk, record: false).outcome == .error)
    }

    @Test func goldenPathIsBesideTheTestFile() {
        let path = GoldenImage.path("x.png")
        #expect(path.hasSuffix("Tests/CoreGraphicsTests/Goldens/x.png"), "\(path)")
        #expect(GoldenImage.path("y.png", folder: "Other").hasSuffix("CoreGraphicsTests/Other/y.png"))
    }
}
