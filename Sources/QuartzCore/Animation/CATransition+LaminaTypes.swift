import Foundation

// Transition types beyond Apple's four public ones. iOS developers use these private type
// strings ("pageCurl", "cube", "oglFlip"...) through `CATransitionType(rawValue:)`; Lamina
// names them and renders them as its own extensions, so code written with the strings works
// unchanged and code written with the names reads well.

extension CATransitionType {
    /// Lamina extension (iOS private type "pageCurl"): the old rendering curls away like a
    /// page on a cylinder, showing a shaded underside, revealing the new one.
    public static let pageCurl = CATransitionType(rawValue: "pageCurl")
    /// Lamina extension (iOS private type "pageUnCurl"): the reverse of `pageCurl`.
    public static let pageUnCurl = CATransitionType(rawValue: "pageUnCurl")
    /// Lamina extension (iOS private type "cube"): old and new renderings on two faces of a
    /// rotating cube.
    public static let cube = CATransitionType(rawValue: "cube")
    /// Lamina extension (iOS private type "oglFlip"): the layer flips about its centre axis,
    /// the new rendering on the back.
    public static let flip = CATransitionType(rawValue: "oglFlip")
}

/// The bars-swipe transition of seed 003's example 5-2 (Core Image's `CIBarsSwipeTransition`),
/// as a Lamina transition filter: assign it to `CATransition.filter`. The new rendering is
/// revealed by parallel bars sliding across the old one.
///
/// Units follow Core Image: `angle` in radians (direction the bars travel, 0 = +x, measured
/// in the layer's bounds space), `width` and `barOffset` in points. Non-finite values fall
/// back to Core Image's defaults (3.14, 30, 10).
public struct BarsSwipeTransitionFilter: Sendable, Hashable {
    /// The direction the bars travel, in radians in the layer's bounds space (0 is +x).
    public var angle: CGFloat
    /// The width of each bar, in points.
    public var width: CGFloat
    /// How far every other bar lags behind its neighbours, in points.
    public var barOffset: CGFloat

    /// A bars-swipe filter; non-finite values (and a width ≤ 0) fall back to Core Image's defaults.
    public init(angle: CGFloat = 3.14, width: CGFloat = 30, barOffset: CGFloat = 10) {
        self.angle = angle.isFinite ? angle : 3.14
        self.width = width.isFinite && width > 0 ? width : 30
        self.barOffset = barOffset.isFinite ? barOffset : 10
    }
}

extension BarsSwipeTransitionFilter {
    /// The bars swipe a Core Image `CIBarsSwipeTransition` filter describes (its inputs, with
    /// Core Image's defaults for missing or non-numeric ones); nil for any other filter.
    public init?(_ filter: CIFilter?) {
        guard let filter, filter.name == "CIBarsSwipeTransition" else { return nil }
        self.init(angle: CGFloat(filter.number(forKey: kCIInputAngleKey) ?? 3.14),
                  width: CGFloat(filter.number(forKey: kCIInputWidthKey) ?? 30),
                  barOffset: CGFloat(filter.number(forKey: "inputBarOffset") ?? 10))
    }
}
