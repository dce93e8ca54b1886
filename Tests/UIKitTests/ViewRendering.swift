import Foundation
@testable import UIKit

/// `view` laid out and rendered (model values, its own layer at the origin) at `scale` pixels
/// per point; also written to /tmp/controls-out/<name>.png when a name is given, to look at.
func renderView(_ view: UIView, scale: CGFloat = 1, name: String? = nil) -> Pixels {
    view.layoutIfNeeded()
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    let image = UIGraphicsImageRenderer(size: view.bounds.size, format: format).image { ctx in
        view.layer.render(in: ctx.cgContext)
    }
    if let name, let data = image.pngData() {
        try? FileManager.default.createDirectory(atPath: "/tmp/controls-out", withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: "/tmp/controls-out/\(name).png"))
    }
    return Pixels(image)!
}

extension Pixels {
    /// The bounding box (pixels, inclusive) of pixels where `isInk` holds, or nil.
    func inkBox(_ isInk: ([UInt8]) -> Bool = { $0[3] > 0 && $0[0] < 128 }) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<height {
            for x in 0..<width where isInk(self[x, y]) {
                if let b = box { box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y)) } else { box = (x, y, x, y) }
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }
}
