import Foundation
import Testing

/// `lamina render x.json --memory-limit MiB` with a layer whose offscreen surface does not fit
/// (the output and the group together need more): a non-zero exit, a message naming the layer
/// and the size, and no image.
@Suite(.serialized) struct CLIMemoryLimitTests {
    private func render(_ json: String, _ extra: [String]) throws -> (status: Int32, output: String, files: [String]) {
        // One thread: a frame drawn in bands crops the group to each band's rows, so how much
        // is allocated at once (and whether 1 MiB suffices) depends on the bands' timing.
        let r = try renderArchive(json, extra: extra, environment: ["LAMINA_THREADS": "1"])
        return (r.status, r.output, r.files)
    }

    /// A 400-point root (a 625 KiB output) holding a 400-point layer at opacity 0.5 over an
    /// overlapping sublayer (a 625 KiB group): 1.2 MiB, over a 1 MiB limit.
    private let archive = #"""
    {"root": {"bounds": [0, 0, 400, 400], "anchorPoint": [0, 0], "sublayers": [
      {"name": "card", "bounds": [0, 0, 400, 400], "anchorPoint": [0, 0], "opacity": 0.5, "backgroundColor": [1, 0, 0, 1],
       "sublayers": [{"bounds": [0, 0, 100, 100], "position": [50, 50], "backgroundColor": [0, 0, 1, 1]}]}]}}
    """#

    @Test(.timeLimit(.minutes(2)))
    func aLayerOverTheLimitExitsNonZeroNamingItAndWritesNoImage() throws {
        let r = try render(archive, ["--memory-limit", "1"])
        #expect(r.status != 0)
        #expect(r.output.contains("x.json: the offscreen group (400 x 400 pixels, 640000 bytes) for layer \"card\" (CALayer at root.sublayers[0]) does not fit the memory budget (625.0 KiB of 1.0 MiB in use)"),
                "\(r.output)")
        #expect(r.files == ["x.json"], "no image, no temporary: \(r.files)")
        // With the default limit (a quarter of memory) the same archive renders.
        let ok = try render(archive, [])
        #expect(ok.status == 0, "\(ok.output)")
        #expect(ok.files == ["out.png", "x.json"])
    }
}
