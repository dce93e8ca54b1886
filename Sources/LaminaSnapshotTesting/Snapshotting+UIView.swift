#if SnapshotTesting
import CoreGraphics
import Foundation
import QuartzCore
import SnapshotTesting
import UIKit

extension Snapshotting where Value == UIView, Format == CGImage {
    /// The view's layer tree drawn at its bounds' size, after layout; compared byte for byte.
    public static var image: Snapshotting { .image() }

    /// The view drawn into an image (swift-snapshot-testing's UIView strategy, on Linux).
    ///
    /// - Parameters:
    ///   - precision, perceptualPrecision: as for layers (`Snapshotting<CALayer, CGImage>`).
    ///   - size: when given, the view's frame size is set to it first (as the Apple strategy
    ///     does), then the view is laid out.
    ///   - time: nil draws the model values; a number draws the view's layer tree that many
    ///     seconds after its uncommitted animations begin. Animations a test adds to the
    ///     view's layers (`view.layer.add(_:forKey:)`) are caught mid-flight; `UIView.animate`
    ///     blocks animate only views on screen (as on iOS, where a view outside a window
    ///     completes its block animations at once), so snapshot those from a shown window.
    ///   - scale: pixels per point.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                             at time: CFTimeInterval? = nil, scale: CGFloat = 1) -> Snapshotting {
        Snapshotting<CALayer, CGImage>.image(precision: precision, perceptualPrecision: perceptualPrecision,
                                             at: time, scale: scale).pullback { view in
            if let size { view.frame.size = size }
            view.setNeedsLayout()
            view.layoutIfNeeded()
            return view.layer
        }
    }
}
#endif
