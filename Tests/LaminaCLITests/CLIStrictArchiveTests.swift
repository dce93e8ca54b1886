import Foundation
import Testing

/// `lamina render bad.json -o out.png` with an archive that would render wrong: a non-zero exit
/// status, the key path on standard error, and no image (an existing one is left alone).
@Suite(.serialized) struct CLIStrictArchiveTests {
    private func render(_ json: String, keeping old: Data? = nil) throws -> (status: Int32, output: String, files: [String], out: Data?) {
        try renderArchive(json, keeping: old)
    }

    @Test(.timeLimit(.minutes(2)))
    func badArchivesExitNonZeroAndWriteNoImage() throws {
        let cases: [(json: String, says: String)] = [
            (#"{"root": {"bounds": [0, 0, 40, 40], "sublayers": [{"bounds": [0, 0, 10, 10], "position": ["nan", 5]}]}}"#,
             "sublayers[0].position: expected finite numbers in a point [x, y]"),
            (#"{"root": {"class": "CAShapeLayer", "bounds": [0, 0, 40, 40], "lineJoin": "rond"}}"#,
             "lineJoin: expected one of miter, round, bevel, got \"rond\""),
            (#"{"root": {"bounds": [0, 0, 40, 40], "opacty": 1}}"#, "opacty: unknown property"),
            ("{\"root\": {\"bounds\": [0, 0, 40, 40],\n \"opacity\": }}", "line 2"),
        ]
        for c in cases {
            let r = try render(c.json)
            #expect(r.status != 0, "\(c.json)")
            #expect(r.output.contains(c.says), "\(r.output)")
            #expect(r.files == ["x.json"], "no image, no temporary: \(r.files)")
        }
        let old = Data("old image".utf8)
        let kept = try render(cases[1].json, keeping: old)
        #expect(kept.status != 0)
        #expect(kept.out == old)
        // The same archive without the typo renders.
        let ok = try render(#"{"root": {"class": "CAShapeLayer", "bounds": [0, 0, 40, 40], "lineJoin": "round"}}"#)
        #expect(ok.status == 0, "\(ok.output)")
        #expect(ok.out?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }
}
