// Recognises shadow paths that are rectangles or circular rounded rectangles, so their shadow
// can use the analytic blurred profile instead of rasterizing and blurring a mask.
import CoreGraphics

package enum ShadowShapeRecognizer {
    /// The rect or rounded rect `path` is exactly (same elements as CoreGraphics' builders
    /// produce for it), or nil. Tries the radii suggested by the first point's distance from
    /// the bounding box's edges.
    package static func shape(of path: CGPath) -> LayerShape? {
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        if path.isRect(nil) { return LayerShape(rect: box) }
        guard case let .move(to: p)? = path.elements.first else { return nil }
        let limit = min(box.width, box.height) / 2
        let candidates = [p.x - box.minX, box.maxX - p.x, p.y - box.minY, box.maxY - p.y]
        for r in candidates where r > 0 && r <= limit + 1e-9 {
            if path == CGPath(roundedRect: box, cornerWidth: r, cornerHeight: r, transform: nil)
                || path == CGPath.roundedRect(box, cornerRadius: r, curve: .circular) {
                return LayerShape(rect: box, cornerRadius: r)
            }
        }
        return nil
    }
}
