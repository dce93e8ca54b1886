import Foundation

/// Interpolation between two values (Apple's CABasicAnimation, §9.1): any combination of
/// `fromValue`, `toValue`, `byValue`; missing ends use the value underneath the animation.
///
/// Values are what Apple boxes in NSNumber/NSValue, given as plain Swift values or boxed:
/// numbers (CGFloat, Double, Float, Int, NSNumber, Bool), CGPoint, CGSize, CGRect, CATransform3D
/// (bare, or `NSValue(point:)`, `(size:)`, `(rect:)`, `(caTransform3D:)`; a CGAffineTransform or
/// `NSValue(cgAffineTransform:)` counts as its 3D transform), CGColor, CGPath, arrays of numbers
/// or colours, or any other object (switched discretely, e.g. CGImage contents). They must match the animated property's type; an animation whose
/// values do not is refused when added (`LayerError.invalidAnimation`).
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the animation starts from; nil: the value underneath it (with only `byValue`
    /// set, `toValue − byValue`). Set at most two of `fromValue`, `toValue`, `byValue`.
    open var fromValue: Any?
    /// The value the animation ends at; nil: the value underneath it (with `fromValue` and
    /// `byValue`, `fromValue + byValue`).
    open var toValue: Any?
    /// A relative change: from `fromValue` to `fromValue + byValue`, from `toValue − byValue`
    /// to `toValue`, or, alone, from the value underneath to that value plus `byValue`.
    open var byValue: Any?

    /// Copies `fromValue`, `toValue` and `byValue`, after CAPropertyAnimation's properties.
    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue
        toValue = o.toValue
        byValue = o.byValue
    }

    /// The class, key path and duration, for debugging.
    open override var description: String {
        "<\(type(of: self)) keyPath=\(keyPath ?? "nil") duration=\(duration)>"
    }
}
