import Foundation

// CGGeometry's comparison methods (`CGPointEqualToPoint`, `CGSizeEqualToSize`,
// `CGRectEqualToRect` in C), which Apple's Swift overlay exposes as `equalTo(_:)` and which
// swift-corelibs-foundation's CGPoint/CGSize/CGRect lack. Real iOS code still spells
// `if oldValue.equalTo(bounds)` in property observers.

extension CGPoint {
    /// Whether both coordinates are equal (exact comparison, no tolerance), as
    /// `CGPointEqualToPoint`.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether both dimensions are equal (exact comparison, no tolerance; signs matter), as
    /// `CGSizeEqualToSize`.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles cover the same region, as `CGRectEqualToRect`: they are
    /// compared standardized, so a rectangle with a negative width equals the one with its
    /// origin moved and a positive width; two null rectangles are equal. This is CGRect's
    /// `==` in Foundation.
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}
