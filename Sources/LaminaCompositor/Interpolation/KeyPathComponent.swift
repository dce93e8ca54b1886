import CoreGraphics
import Foundation

/// A key path split into the layer property and an optional parsed sub-key
/// ("position.x" → property "position", sub-key `.x`). Parse once when the animation is stored;
/// evaluation then never touches strings' contents.
package struct AnimationKeyPath: Sendable, Hashable {
    package var property: String
    package var subKey: SubKeyPath?

    /// nil for an empty path or an unknown sub-path ("position.z", "bounds.size.depth").
    package init?(_ keyPath: String) {
        guard !keyPath.isEmpty else { return nil }
        // Searched as UTF-8 ("." is one byte and never part of another scalar), not as
        // Characters: grapheme breaking made this a tenth of attaching an animation.
        let utf8 = keyPath.utf8
        if let dot = utf8.firstIndex(of: UInt8(ascii: ".")) {
            guard let sub = SubKeyPath(String(keyPath[utf8.index(after: dot)...])) else { return nil }
            property = String(keyPath[..<dot])
            subKey = sub
        } else {
            property = keyPath
            subKey = nil
        }
        guard !property.isEmpty else { return nil }
    }

    package init(property: String, subKey: SubKeyPath? = nil) {
        self.property = property
        self.subKey = subKey
    }
}

/// The key-path extensions Core Animation understands below a property (reference §9.1.6):
/// struct fields of points, sizes and rects, and the transform components.
package enum SubKeyPath: String, Sendable, Hashable, CaseIterable {
    // CGPoint / CGSize fields
    case x, y, width, height
    // CGRect fields
    case origin, size
    case originX = "origin.x", originY = "origin.y"
    case sizeWidth = "size.width", sizeHeight = "size.height"
    // CATransform3D components; "rotation" alone is the z rotation
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    /// x and y scale together, z untouched: not in Apple's table of key-path extensions, but
    /// accepted by Core Animation and common in real code (pulse and ripple effects).
    case scaleXY = "scale.xy"
    case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"

    package init?(_ path: String) {
        if path == "rotation" { self = .rotationZ; return }
        self.init(rawValue: path)
    }
}

/// A transform split into components for the `transform.*` key paths: translation, scale, skew
/// and perspective as in `DecomposedTransform`, rotation as Euler angles (radians) with
/// R = Rx(x)·Ry(y)·Rz(z) in row-vector order (x applied first). Apple does not document its
/// Euler convention; for the common case (rotation about z only) every convention agrees.
private struct TransformComponents {
    var base: DecomposedTransform
    var rx: Double, ry: Double, rz: Double

    init?(_ m: CATransform3D) {
        guard let d = DecomposedTransform(m) else { return nil }
        base = d
        let (x, y, z, w) = d.quaternion
        let r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y + z * w), r02 = 2 * (x * z - y * w)
        let r10 = 2 * (x * y - z * w), r11 = 1 - 2 * (x * x + z * z)
        let r12 = 2 * (y * z + x * w), r22 = 1 - 2 * (x * x + y * y)
        ry = asin(min(max(-r02, -1), 1))
        if abs(cos(ry)) > 1e-9 {
            rx = atan2(r12, r22)
            rz = atan2(r01, r00)
        } else {
            rx = 0
            rz = atan2(-r10, r11)
        }
    }

    var transform: CATransform3D {
        let r = TransformMath.concat(TransformMath.concat(TransformBuilder.rotationX(rx), TransformBuilder.rotationY(ry)),
                                     TransformBuilder.rotationZ(rz))
        var d = base
        let q = DecomposedTransform.quaternion(rows: Vec3(Double(r.m11), Double(r.m12), Double(r.m13)),
                                               Vec3(Double(r.m21), Double(r.m22), Double(r.m23)),
                                               Vec3(Double(r.m31), Double(r.m32), Double(r.m33)))
        d.quaternion = (q.0, q.1, q.2, q.3)
        return d.transform
    }
}

extension AnimatableValue {
    /// Reads a sub-key of this value: "x"/"y" of a point, "width"/"height" of a size, the rect
    /// fields, or a transform component (`transform.scale` reads the average of the three scale
    /// factors; `translation` reads a `.size` of x and y). nil when the sub-key does not apply to
    /// this kind or the transform cannot be decomposed.
    package func component(_ sub: SubKeyPath) -> AnimatableValue? {
        switch (self, sub) {
        case (.point(let p), .x): return .scalar(Double(p.x))
        case (.point(let p), .y): return .scalar(Double(p.y))
        case (.size(let s), .width): return .scalar(Double(s.width))
        case (.size(let s), .height): return .scalar(Double(s.height))
        case (.rect(let r), .origin): return .point(r.origin)
        case (.rect(let r), .size): return .size(r.size)
        case (.rect(let r), .originX): return .scalar(Double(r.origin.x))
        case (.rect(let r), .originY): return .scalar(Double(r.origin.y))
        case (.rect(let r), .sizeWidth): return .scalar(Double(r.size.width))
        case (.rect(let r), .sizeHeight): return .scalar(Double(r.size.height))
        // Translation is the fourth row over m44 (a homogeneous scale); m44 = 0 reads it raw.
        case (.transform(let m), .translationX): return .scalar(Double(m.m41 / (m.m44 == 0 ? 1 : m.m44)))
        case (.transform(let m), .translationY): return .scalar(Double(m.m42 / (m.m44 == 0 ? 1 : m.m44)))
        case (.transform(let m), .translationZ): return .scalar(Double(m.m43 / (m.m44 == 0 ? 1 : m.m44)))
        case (.transform(let m), .translation):
            let w = m.m44 == 0 ? 1 : m.m44
            return .size(CGSize(width: m.m41 / w, height: m.m42 / w))
        case (.transform(let m), _):
            return TransformComponentEditor(m)?.component(sub)
        default:
            return nil
        }
    }

    /// `setting(sub, to: update(component(sub)))`, nil when any step is nil, decomposing a
    /// transform once instead of twice (once to read the component, once to set it): what
    /// `AnimationSpec.apply` does for sub-key paths every frame.
    package func updatingComponent(_ sub: SubKeyPath,
                                   _ update: (AnimatableValue) -> AnimatableValue?) -> AnimatableValue? {
        if case .transform(let m) = self, TransformComponentEditor.decomposes(sub) {
            guard let editor = TransformComponentEditor(m), let current = editor.component(sub),
                  let new = update(current), let r = editor.setting(sub, to: new) else { return nil }
            return .transform(r)
        }
        guard let current = component(sub), let new = update(current) else { return nil }
        return setting(sub, to: new)
    }

    /// This value with one sub-key replaced — how presentation values merge sub-key animations
    /// ("position.x", "bounds.size.width", "shadowOffset.height", "transform.rotation.z") into the
    /// parent value. nil when the sub-key does not apply or `component` has the wrong kind.
    ///
    /// Scalars are the usual component; rect "origin"/"size" take a point/size; transform
    /// "translation" takes a size (x, y), "scale" a scalar for all three axes. Transforms are
    /// decomposed, the component replaced, and recomposed, so a rotation of 2π set into the
    /// identity is the identity again, while values set through a value function keep turns. A
    /// transform that cannot be decomposed (singular) has its translation fields set directly;
    /// other components are then set into the identity (documented fallback).
    package func setting(_ sub: SubKeyPath, to component: AnimatableValue) -> AnimatableValue? {
        if case .transform(let m) = self { return Self.setTransform(m, sub, component) }
        switch (self, sub, component) {
        case (.point(var p), .x, .scalar(let v)): p.x = CGFloat(v); return .point(p)
        case (.point(var p), .y, .scalar(let v)): p.y = CGFloat(v); return .point(p)
        case (.size(var s), .width, .scalar(let v)): s.width = CGFloat(v); return .size(s)
        case (.size(var s), .height, .scalar(let v)): s.height = CGFloat(v); return .size(s)
        case (.rect(var r), .origin, .point(let p)): r.origin = p; return .rect(r)
        case (.rect(var r), .size, .size(let s)): r.size = s; return .rect(r)
        case (.rect(var r), .originX, .scalar(let v)): r.origin.x = CGFloat(v); return .rect(r)
        case (.rect(var r), .originY, .scalar(let v)): r.origin.y = CGFloat(v); return .rect(r)
        case (.rect(var r), .sizeWidth, .scalar(let v)): r.size.width = CGFloat(v); return .rect(r)
        case (.rect(var r), .sizeHeight, .scalar(let v)): r.size.height = CGFloat(v); return .rect(r)
        default: return nil
        }
    }

    private static func setTransform(_ m: CATransform3D, _ sub: SubKeyPath, _ value: AnimatableValue) -> AnimatableValue? {
        var scalar = 0.0, pair = CGSize.zero
        switch (sub, value) {
        case (.translation, .size(let s)): pair = s
        case (.translation, .point(let p)): pair = CGSize(width: p.x, height: p.y)
        case (.translation, _): return nil
        case (_, .scalar(let v)): scalar = v
        default: return nil
        }
        // Translation rows are independent of the other components (up to the m44 scale).
        switch sub {
        case .translationX, .translationY, .translationZ, .translation:
            var r = m
            let w = m.m44 == 0 ? 1 : m.m44
            switch sub {
            case .translationX: r.m41 = CGFloat(scalar) * w
            case .translationY: r.m42 = CGFloat(scalar) * w
            case .translationZ: r.m43 = CGFloat(scalar) * w
            default: r.m41 = pair.width * w; r.m42 = pair.height * w
            }
            return .transform(r)
        default:
            break
        }
        guard let editor = TransformComponentEditor(m) ?? TransformComponentEditor(CATransform3DIdentity),
              let r = editor.setting(sub, to: .scalar(scalar)) else { return nil }
        return .transform(r)
    }
}

/// A transform decomposed once (`TransformComponents`) to read and set its rotation and scale
/// components — for callers that set a component into the same matrix every frame (the
/// animation engine keeps one per animation while the underlying matrix does not change).
/// Translation components need no decomposition and are not handled here.
package struct TransformComponentEditor {
    private let components: TransformComponents

    /// nil when `m` cannot be decomposed (singular).
    package init?(_ m: CATransform3D) {
        guard let c = TransformComponents(m) else { return nil }
        components = c
    }

    /// Whether `sub` is a component read and set through the decomposition.
    package static func decomposes(_ sub: SubKeyPath) -> Bool {
        switch sub {
        case .rotationX, .rotationY, .rotationZ, .scaleX, .scaleY, .scaleZ, .scale, .scaleXY: return true
        default: return false
        }
    }

    /// The component's value (radians for rotations; `scale` is the mean of the three
    /// factors); nil for sub-keys that are not rotation or scale components.
    package func component(_ sub: SubKeyPath) -> AnimatableValue? {
        let c = components
        switch sub {
        case .rotationX: return .scalar(c.rx)
        case .rotationY: return .scalar(c.ry)
        case .rotationZ: return .scalar(c.rz)
        case .scaleX: return .scalar(c.base.scale.x)
        case .scaleY: return .scalar(c.base.scale.y)
        case .scaleZ: return .scalar(c.base.scale.z)
        case .scale: return .scalar((c.base.scale.x + c.base.scale.y + c.base.scale.z) / 3)
        case .scaleXY: return .scalar((c.base.scale.x + c.base.scale.y) / 2)
        default: return nil
        }
    }

    /// The matrix with the component set to `value` (a scalar; `scale` sets all three
    /// factors) and recomposed; nil for other sub-keys or value kinds.
    package func setting(_ sub: SubKeyPath, to value: AnimatableValue) -> CATransform3D? {
        guard case .scalar(let scalar) = value else { return nil }
        var c = components
        switch sub {
        case .rotationX: c.rx = scalar
        case .rotationY: c.ry = scalar
        case .rotationZ: c.rz = scalar
        case .scaleX: c.base.scale.x = scalar
        case .scaleY: c.base.scale.y = scalar
        case .scaleZ: c.base.scale.z = scalar
        case .scale: c.base.scale = (scalar, scalar, scalar)
        case .scaleXY: c.base.scale = (scalar, scalar, c.base.scale.z)
        default: return nil
        }
        return c.transform
    }
}
