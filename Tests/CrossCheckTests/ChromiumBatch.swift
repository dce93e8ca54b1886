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

    /// Where the page, the screenshot and chromium's log are written.
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
        do {
            let shot = try Chromium.screenshot(html: page(scenes), width: width, height: height, directory: directory)
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
