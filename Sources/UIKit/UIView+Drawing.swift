import Foundation
import QuartzCore

// Custom drawing: `draw(_:)` runs at the commit after `setNeedsDisplay()`, with the view's
// context made current for UIKit's drawing calls (`UIGraphicsGetCurrentContext()`,
// `UIBezierPath.fill()`…), as on iOS.

extension UIView {
    /// Marks the whole view for drawing at the next commit (`draw(_:)` runs then).
    public func setNeedsDisplay() { backing.setNeedsDisplay() }

    /// Marks `rect` (view space) for drawing. Lamina redraws the whole view: `draw(_:)` still
    /// gets the bounds, which is what a UIKit `draw(_:)` must handle anyway.
    public func setNeedsDisplay(_ rect: CGRect) { backing.setNeedsDisplay() }

    /// UIKit's content modes. The vertical names are the visual ones (top = top of the
    /// screen); since CALayer's gravity names follow a y-up axis (reference §3.6.3), `.top`
    /// maps to `CALayerContentsGravity.bottom` and so on, as UIKit maps them.
    public enum ContentMode: Int, Sendable {
        /// `scaleToFill` stretches the content to the bounds; `scaleAspectFit` scales it uniformly to fit inside, `scaleAspectFill` to cover them; `redraw` stretches like `scaleToFill` and redraws the content when the bounds change; `center`, `top`, `bottom`, `left` and `right` keep the natural size against that part of the bounds.
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        /// The natural size, in that corner of the bounds (y down, as UIKit).
        case topLeft, topRight, bottomLeft, bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            }
        }
    }
}
