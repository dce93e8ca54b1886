import Foundation
import LaminaRaster
import QuartzCore

/// All scenes in one Chromium run (each launch costs about a second): one page lays the HTML
/// twins out in a grid of cells, one screenshot, then each cell is cropped out. Computed once
/// per test process, on first use.
enum ChromiumBatch {
    /// Cell pitch: the largest scene plus a gap, so a shadow cannot reach the next cell
    /// (cells also clip with `overflow: hidden`, which flattens nothing inside the scene).
    static let pitch = 220
    static let columns = 4

    /// Where the page, the screenshot, chromium's log and profile are written during the run;
    /// removed afterwards. With `LAMINA_CROSSCHECK_OUT=<dir>` the page and the screenshot are
    /// copied there first (as `page.html` and `chromium.png`).
    static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("lamina-crosscheck-\(ProcessInfo.processInfo.processIdentifier)")

    /// The Chromium rendering of each scene, by name, or why there is none.
    static let renderings: Result<[String: Surface], Chromium.Failure> = render()

    /// The cell origin (px) of the `index`-th scene.
    static func origin(_ index: Int) -> (x: Int, y: Int) {
        (index % columns * pitch, index / columns * pitch)
    }

    /// The whole page: every scene's twin in its cell, over white.
    static func page(_ scenes: [CrossScene]) -> String {
        var body = ""
        for (i, s) in scenes.enumerated() {
            let o = origin(i)
            body += "<!-- \(s.name) -->\n"
            body += "<div class=\"cell\" style=\"left: \(o.x)px; top: \(o.y)px; width: \(s.width)px; height: \(s.height)px\">\n"
            body += s.root.html(indent: 2)
            body += "</div>\n"
        }
        return """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Lamina cross-check</title>
        <style>
        html, body { margin: 0; padding: 0; background: #fff; overflow: hidden; }
        div { position: absolute; box-sizing: border-box; margin: 0; padding: 0; }
        .cell { overflow: hidden; }
        </style></head><body>
        \(body)</body></html>

        """
    }

    private static func render() -> Result<[String: Surface], Chromium.Failure> {
        let scenes = SceneCatalog.builders.map { $0.build() }
        let rows = (scenes.count + columns - 1) / columns
        let width = columns * pitch, height = rows * pitch
        defer {
            // Chromium's helper processes may still be closing files in the profile for a moment.
            for _ in 0..<10 where FileManager.default.fileExists(atPath: directory.path) {
                if (try? FileManager.default.removeItem(at: directory)) == nil { usleep(100_000) }
            }
        }
        do {
            let shot = try Chromium.screenshot(html: page(scenes), width: width, height: height, directory: directory)
            if let keep = ProcessInfo.processInfo.environment["LAMINA_CROSSCHECK_OUT"], !keep.isEmpty {
                let out = URL(fileURLWithPath: keep)
                try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
                for name in ["page.html", "chromium.png"] {
                    try? FileManager.default.removeItem(at: out.appendingPathComponent(name))
                    try? FileManager.default.copyItem(at: directory.appendingPathComponent(name), to: out.appendingPathComponent(name))
                }
            }
            var out: [String: Surface] = [:]
            for (i, s) in scenes.enumerated() {
                let o = origin(i)
                guard let view = shot.view(x: o.x, y: o.y, width: s.width, height: s.height) else {
                    return .failure(.badScreenshot("cell of \(s.name) lies outside the screenshot"))
                }
                out[s.name] = view.copy()
            }
            return .success(out)
        } catch let f as Chromium.Failure {
            return .failure(f)
        } catch {
            return .failure(.launch("\(error)"))
        }
    }
}
