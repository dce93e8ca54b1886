import Foundation

/// The one place where NSValue boxes become the Swift structs QuartzCore works with.
///
/// Apple's code hands Core Animation geometry boxed in NSValue — `NSValue(point:)`,
/// `NSValue(size:)`, `NSValue(rect:)`, `NSValue(caTransform3D:)`, `NSValue(cgAffineTransform:)` —
/// as animation values (`fromValue`, `toValue`, `byValue`, keyframe `values`, springs) and
/// through `setValue(_:forKey:)`. Animation compilation (`AnimationValues.animatable`) and
/// key-value coding (`kvcSetValue`) call `unboxed(_:)` first, so a boxed value behaves exactly
/// as the bare struct: a boxed CATransform3D animates as a matrix interpolation like a bare
/// one. NSNumber (an NSValue subclass) and NSValues of other types pass through unchanged.
package enum BoxedValue {
    /// The struct inside `value` when it is an NSValue of CGPoint, CGSize, CGRect,
    /// CATransform3D or CGAffineTransform; otherwise `value` itself.
    package static func unboxed(_ value: Any?) -> Any? {
        // A metatype test, so bare structs are never bridged to NSValue just to be unboxed.
        guard let object = value, type(of: object) is NSValue.Type, !(type(of: object) is NSNumber.Type),
              let boxed = object as? NSValue else { return value }
        if let box = boxed as? StructValueBox { return box.value }
        let type = String(cString: boxed.objCType)
        if type.hasPrefix("{CGPoint=") || type.hasPrefix("{NSPoint=") { return boxed.pointValue }
        if type.hasPrefix("{CGSize=") || type.hasPrefix("{NSSize=") { return boxed.sizeValue }
        if type.hasPrefix("{CGRect=") || type.hasPrefix("{NSRect=") { return boxed.rectValue }
        return value
    }

    /// `value` boxed the way `original` was: when the model held an NSValue (a custom key set
    /// with `NSValue(point:)`…), its presentation copy holds one too. Other values unchanged.
    package static func reboxed(_ value: Any?, like original: Any?) -> Any? {
        guard let original, type(of: original) is NSValue.Type, !(type(of: original) is NSNumber.Type) else { return value }
        switch value {
        case let p as CGPoint: return NSValue(point: p)
        case let s as CGSize: return NSValue(size: s)
        case let r as CGRect: return NSValue(rect: r)
        case let t as CATransform3D:
            if let box = original as? StructValueBox, box.value is CGAffineTransform, CATransform3DIsAffine(t) {
                return NSValue(cgAffineTransform: CATransform3DGetAffineTransform(t))
            }
            return NSValue(caTransform3D: t)
        default: return value
        }
    }
}
