// `NSValue(caTransform3D:)` / `caTransform3DValue`, Apple's QuartzCore box for a 3D transform,
// built on CoreGraphics' `StructValueBox` (Foundation on Linux cannot box structs itself; see
// NSValue+CGAffineTransform.swift). Animations and KVC unbox it in one place:
// `AnimationValues.unboxed(_:)`.

extension StructValueBox.TypeEncoding {
    /// `@encode(CATransform3D)` with 64-bit CGFloat.
    package static let transform3D = StructValueBox.TypeEncoding("{CATransform3D=dddddddddddddddd}")
}

extension NSValue {
    /// A value object that contains the given 3D transform, for animation values
    /// (`CABasicAnimation.toValue`, `CAKeyframeAnimation.values`) and KVC, as on Apple's
    /// platforms. Its `objCType` is `{CATransform3D=dddddddddddddddd}`.
    public convenience init(caTransform3D t: CATransform3D) {
        self.init(boxing: {
            StructValueBox(t, fieldCount: 16, encoding: .transform3D) as! Self
        })
    }

    /// The 3D transform in the value. A value of another type reads as the identity (Apple
    /// reinterprets the bytes; the result there is undefined).
    public var caTransform3DValue: CATransform3D {
        if let box = self as? StructValueBox, let t = box.value as? CATransform3D { return t }
        guard String(cString: objCType) == StructValueBox.TypeEncoding.transform3D.name else { return CATransform3DIdentity }
        var t = CATransform3DIdentity
        withUnsafeMutableBytes(of: &t) { getValue($0.baseAddress!) }
        return t
    }
}
