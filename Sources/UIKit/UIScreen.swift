import Foundation
import QuartzCore

/// UIKit's screen. Lamina has no device: `UIScreen.main` describes the screen iOS code sizes
/// itself against — by default a 375 × 667-point screen at scale 2 (an iPhone SE of the 2nd and
/// 3rd generation) at 60 frames per second. Windows made with `UIWindow(frame:
/// UIScreen.main.bounds)` are that size; `UIApplication` opens its host window at the key
/// window's size.
open class UIScreen: NSObject, @unchecked Sendable {
    /// The screen apps run on.
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 375, height: 667), scale: defaultScreenScale)

    /// The screen's rectangle in points (origin zero).
    open var bounds: CGRect
    /// Pixels per point. Default 2.
    open var scale: CGFloat
    /// The physical pixels per point: the same as `scale` (no display zoom).
    open var nativeScale: CGFloat { scale }
    /// The screen in pixels.
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
    /// The refresh rate's ceiling: 60.
    open var maximumFramesPerSecond: Int { 60 }
    /// The screen's coordinate space is its bounds.
    open var coordinateSpaceBounds: CGRect { bounds }

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
        super.init()
    }
}
