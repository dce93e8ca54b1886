// The outline CA derives from a layer's bounds and corner properties: what its background
// fills, its border strokes, its gradient fills and its masksToBounds clips to.
import CoreGraphics

/// A rounded rectangle in a layer's bounds space (points): `rect` with `cornerRadius` on the
/// corners in `corners`, circular or continuous. The radius is clamped when drawn (to half the
/// shorter side, as CoreGraphics' rounded-rect builder does); NaN or negative radius is 0.
package struct LayerShape: Hashable, Sendable {
    package var rect: CGRect
    package var cornerRadius: CGFloat
    package var corners: RenderCornerMask
    package var curve: RenderCornerCurve

    package init(rect: CGRect, cornerRadius: CGFloat = 0, corners: RenderCornerMask = .all, curve: RenderCornerCurve = .circular) {
        self.rect = rect.standardized
        self.cornerRadius = cornerRadius.isFinite ? max(0, cornerRadius) : 0
        self.corners = corners
        self.curve = curve
    }

    /// The background shape of `node`: its bounds with its corner properties.
    package init(boundsOf node: RenderNode) {
        self.init(rect: node.bounds, cornerRadius: node.cornerRadius, corners: node.maskedCorners, curve: node.cornerCurve)
    }

    /// True when no corner is rounded.
    package var isRect: Bool { cornerRadius <= 0 || corners.isEmpty }

    /// The radius actually drawn: at most half the shorter side.
    package var effectiveRadius: CGFloat {
        isRect ? 0 : min(cornerRadius, min(rect.width, rect.height) / 2)
    }

    /// The shape inset by `d` on every side, the radius reduced by `d` (a border's inner edge).
    /// Collapses to an empty rect when `d` exceeds half a side.
    package func inset(by d: CGFloat) -> LayerShape {
        let r = rect.insetBy(dx: min(d, rect.width / 2), dy: min(d, rect.height / 2))
        return LayerShape(rect: r, cornerRadius: max(0, effectiveRadius - d), corners: corners, curve: curve)
    }

    /// The outline as a path in bounds space (through `transform`): CoreGraphics' rounded-rect
    /// builder, so circular and continuous corners match every other rounded rect in Lamina.
    package func path(transform: CGAffineTransform = .identity) -> CGPath {
        var c: CGRectCorner = []
        if corners.contains(.minXMinY) { c.insert(.topLeft) }
        if corners.contains(.maxXMinY) { c.insert(.topRight) }
        if corners.contains(.minXMaxY) { c.insert(.bottomLeft) }
        if corners.contains(.maxXMaxY) { c.insert(.bottomRight) }
        return CGPath.roundedRect(rect, cornerRadius: isRect ? 0 : cornerRadius, corners: c,
                                  curve: curve == .continuous ? .continuous : .circular, transform: transform)
    }
}
