import Foundation

extension CGPath {
    /// A rectangle with the chosen corners rounded by continuous-curvature ("squircle") curves
    /// of one radius: the corners UIKit's `UIBezierPath(roundedRect:…)` draws since iOS 7 and
    /// `CALayer.cornerCurve = .continuous` gives a layer. The radius is clamped to half the
    /// shorter side; a negative or non-finite one gives square corners. The path runs
    /// clockwise on an iOS screen, as `roundedRect(_:byRoundingCorners:cornerRadius:)`'s.
    /// Lamina extension (Apple's curve is unpublished; see `CornerCurve.continuous`).
    public static func continuousRoundedRect(
        _ rect: CGRect, byRoundingCorners corners: CGRectCorner, cornerRadius: CGFloat
    ) -> CGPath {
        roundedRect(rect, cornerRadius: cornerRadius, corners: corners, curve: .continuous)
    }
}
