// Draw-list values for 3D rendering contexts: a depth-sorted piece of a CATransformLayer
// member is drawn through a polygon clip.
import CoreGraphics

extension DrawList {
    /// Outline lines of the integration commands (see `outline`).
    static func integrationOutline(_ c: DrawCommand) -> String {
        switch c {
        case let .pushPolygonClip(l, p): return "clip \(l) [polygon \(p.count)]"
        default: return ""
        }
    }
}
