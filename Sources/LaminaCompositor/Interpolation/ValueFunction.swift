import CoreGraphics
import Foundation

/// CAValueFunction's math (reference §9.1.5): turns an interpolated scalar (or triple) into a
/// transform, so `transform` animations can turn by more than half a turn or scale from 0.
/// Raw values are Apple's function names.
package enum ValueFunction: String, Sendable, Hashable, CaseIterable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// The matrix for an interpolated value, or nil when the value has the wrong shape.
    ///
    /// One-value functions take `.scalar` (radians for rotations, points for translations).
    /// `scale` and `translate` take three values as `.scalars([x, y, z])`; two values, `.point` or
    /// `.size` give (x, y) with z = 1 for scale and 0 for translate; a single `.scalar` applies to
    /// all three axes for `scale` and to x for `translate`.
    package func transform(for value: AnimatableValue) -> CATransform3D? {
        switch self {
        case .rotateX, .rotateY, .rotateZ, .scaleX, .scaleY, .scaleZ, .translateX, .translateY, .translateZ:
            guard case .scalar(let v) = value else { return nil }
            switch self {
            case .rotateX: return TransformBuilder.rotationX(v)
            case .rotateY: return TransformBuilder.rotationY(v)
            case .rotateZ: return TransformBuilder.rotationZ(v)
            case .scaleX: return TransformBuilder.scale(v, 1, 1)
            case .scaleY: return TransformBuilder.scale(1, v, 1)
            case .scaleZ: return TransformBuilder.scale(1, 1, v)
            case .translateX: return TransformBuilder.translation(v, 0, 0)
            case .translateY: return TransformBuilder.translation(0, v, 0)
            default: return TransformBuilder.translation(0, 0, v)
            }
        case .scale, .translate:
            let isScale = self == .scale
            let z = isScale ? 1.0 : 0.0
            var x: Double, y: Double, zz = z
            switch value {
            case .scalar(let v):
                x = v; y = isScale ? v : 0; zz = isScale ? v : 0
            case .point(let p): x = Double(p.x); y = Double(p.y)
            case .size(let s): x = Double(s.width); y = Double(s.height)
            case .scalars(let a) where a.count == 2 || a.count == 3:
                x = a[0]; y = a[1]; zz = a.count == 3 ? a[2] : z
            default: return nil
            }
            return isScale ? TransformBuilder.scale(x, y, zz) : TransformBuilder.translation(x, y, zz)
        }
    }
}

/// Allocation-free constructors matching CATransform3DMake* (row-vector convention).
package enum TransformBuilder {
    package static func translation(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m41 = CGFloat(x); t.m42 = CGFloat(y); t.m43 = CGFloat(z)
        return t
    }

    package static func scale(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m11 = CGFloat(x); t.m22 = CGFloat(y); t.m33 = CGFloat(z)
        return t
    }

    /// As CATransform3DMakeRotation(a, 1, 0, 0): +y turns toward +z.
    package static func rotationX(_ a: Double) -> CATransform3D {
        let c = CGFloat(cos(a)), s = CGFloat(sin(a))
        var t = CATransform3DIdentity
        t.m22 = c; t.m23 = s; t.m32 = -s; t.m33 = c
        return t
    }

    /// As CATransform3DMakeRotation(a, 0, 1, 0): +x turns toward −z.
    package static func rotationY(_ a: Double) -> CATransform3D {
        let c = CGFloat(cos(a)), s = CGFloat(sin(a))
        var t = CATransform3DIdentity
        t.m11 = c; t.m13 = -s; t.m31 = s; t.m33 = c
        return t
    }

    /// As CATransform3DMakeRotation(a, 0, 0, 1): +x turns toward +y.
    package static func rotationZ(_ a: Double) -> CATransform3D {
        let c = CGFloat(cos(a)), s = CGFloat(sin(a))
        var t = CATransform3DIdentity
        t.m11 = c; t.m12 = s; t.m21 = -s; t.m22 = c
        return t
    }
}
