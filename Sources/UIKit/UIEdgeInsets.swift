import QuartzCore

/// Inset distances for the four edges of a rectangle, in points, as UIKit's UIEdgeInsets:
/// positive values shrink the rectangle, negative values grow it. `top` and `bottom` are in
/// UIKit's y-down sense (top is the minY edge).
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    /// The inset of the top (minY) edge, in points.
    public var top: CGFloat
    /// The inset of the left (minX) edge, in points.
    public var left: CGFloat
    /// The inset of the bottom (maxY) edge, in points.
    public var bottom: CGFloat
    /// The inset of the right (maxX) edge, in points.
    public var right: CGFloat

    /// Zero insets.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// Insets with the given distances, in points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All four insets zero.
    public static let zero = UIEdgeInsets()
}

extension UIEdgeInsets: CustomStringConvertible {
    /// UIKit's string form, "{top, left, bottom, right}" (NSStringFromUIEdgeInsets).
    public var description: String { NSStringFromUIEdgeInsets(self) }
}

extension CGRect {
    /// The rectangle moved in by `insets`, as UIKit's UIEdgeInsetsInsetRect (an inline
    /// function in the SDK): origin moved by (left, top), width reduced by left + right and
    /// height by top + bottom — plain arithmetic, so too-large insets give a negative size
    /// (which CGRect's functions read as the standardized rectangle).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - (insets.left + insets.right), height: size.height - (insets.top + insets.bottom))
    }
}

/// The corners of a rectangle in UIKit's y-down sense (`topLeft` is the (minX, minY) corner),
/// for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The raw value, as Apple's SDK defines it.
    public let rawValue: UInt
    /// A value with the given raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at (minX, minY).
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The corner at (maxX, minY).
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The corner at (minX, maxY).
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The corner at (maxX, maxY).
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners = UIRectCorner(rawValue: ~0)
}
