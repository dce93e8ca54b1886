import Foundation

// Conversion between Apple's boxed animation values (`Any?`: numbers, NSNumber, CGPoint,
// CGSize, CGRect, CATransform3D, CGColor, CGPath, arrays, images) and the compositor's
// `AnimatableValue`. Done once when an animation is attached (`AnimationCompiler`) and once per
// presented property on the way back, never per keyframe.

/// An object or value the compositor only switches discretely (layer contents, images), kept
/// by identity for classes and by value for hashable values.
package final class OpaqueBox: Hashable, @unchecked Sendable {
    package let value: Any
    package init(_ value: Any) { self.value = value }

    package static func == (a: OpaqueBox, b: OpaqueBox) -> Bool {
        if a === b { return true }
        if type(of: a.value) is AnyClass, type(of: b.value) is AnyClass {
            return (a.value as AnyObject) === (b.value as AnyObject)
        }
        if let x = a.value as? AnyHashable, let y = b.value as? AnyHashable { return x == y }
        return false
    }

    package func hash(into hasher: inout Hasher) {
        if type(of: value) is AnyClass { hasher.combine(ObjectIdentifier(value as AnyObject)) }
        else if let h = value as? AnyHashable { hasher.combine(h) }
    }
}

package enum AnimationValues {
    /// The animatable form of an animation or property value; nil for nil.
    ///
    /// Numbers (Double, CGFloat, Float, Int, NSNumber) → scalar; Bool → bool; geometry structs
    /// and transforms (also boxed in NSValue, unboxed by `BoxedValue`) → their kinds; a
    /// CGAffineTransform → its 3D transform; CGColor → colour; CGPath → path; arrays of numbers
    /// or of colours → scalars/colors; anything else → opaque (switches discretely).
    package static func animatable(_ value: Any?) -> AnimatableValue? {
        guard let value = BoxedValue.unboxed(value) else { return nil }
        // The common number types by their exact dynamic type first: each failed `as?` in the
        // switch below is a runtime cast (and may try Foundation bridging), and an animation's
        // values are converted on every add(_:forKey:).
        let dynamicType = ObjectIdentifier(type(of: value))
        if dynamicType == ObjectIdentifier(Double.self) { return .scalar(value as! Double) }
        if dynamicType == ObjectIdentifier(Int.self) { return .scalar(Double(value as! Int)) }
        if dynamicType == ObjectIdentifier(CGFloat.self) { return .scalar(Double(value as! CGFloat)) }
        switch value {
        case let v as Bool: return .bool(v)
        case let v as Double: return .scalar(v)
        case let v as CGFloat: return .scalar(Double(v))
        case let v as Float: return .scalar(Double(v))
        case let v as Int: return .scalar(Double(v))
        case let v as NSNumber: return .scalar(v.doubleValue)
        case let v as CGPoint: return .point(v)
        case let v as CGSize: return .size(v)
        case let v as CGRect: return .rect(v)
        case let v as CATransform3D: return .transform(v)
        // A 2D transform animates a 3D transform property as its 3D equivalent (Lamina accepts
        // it; Apple's documentation does not say).
        case let v as CGAffineTransform: return .transform(CATransform3DMakeAffineTransform(v))
        case let v as CGColor: return .color(RGBAColor(v))
        case let v as CGPath: return .path(pathValue(v))
        case let v as [Any]:
            if v.allSatisfy({ AnyNumber.double($0) != nil }) {
                return .scalars(v.map { AnyNumber.double($0) ?? 0 })
            }
            let colors = v.compactMap { $0 as? CGColor }
            if !v.isEmpty, colors.count == v.count { return .colors(colors.map(RGBAColor.init)) }
            return .opaque(OpaqueValue(OpaqueBox(value)))
        default:
            return .opaque(OpaqueValue(OpaqueBox(value)))
        }
    }

    /// `value` made to fit a property whose values look like `reference`: same kind, or a
    /// number for a Bool property (NSNumber booleans) and back. nil when the kinds do not match.
    /// Opaque references accept anything (the property is switched discretely).
    package static func coerce(_ value: AnimatableValue, toMatch reference: AnimatableValue) -> AnimatableValue? {
        switch (value, reference) {
        case (.scalar(let v), .bool): return .bool(v != 0)
        case (.bool(let b), .scalar): return .scalar(b ? 1 : 0)
        case (.scalars(let a), .colors) where a.isEmpty: return .colors([])
        case (_, .opaque): return value
        default: return sameKind(value, reference) ? value : nil
        }
    }

    /// Whether two values have the same enum case (array lengths may differ).
    package static func sameKind(_ a: AnimatableValue, _ b: AnimatableValue) -> Bool {
        switch (a, b) {
        case (.scalar, .scalar), (.point, .point), (.size, .size), (.rect, .rect), (.transform, .transform),
             (.color, .color), (.scalars, .scalars), (.colors, .colors), (.path, .path), (.bool, .bool),
             (.opaque, .opaque):
            return true
        default:
            return false
        }
    }

    /// The value a property reads as when it is nil (no colour, no path), given the kind of
    /// the animation's values: transparent black, the empty path, zero.
    package static func neutral(like v: AnimatableValue) -> AnimatableValue {
        switch v {
        case .scalar: return .scalar(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        case .color: return .color(.clear)
        case .scalars: return .scalars([])
        case .colors: return .colors([])
        case .path: return .path(PathValue())
        case .bool: return .bool(false)
        case .opaque: return .opaque(OpaqueValue(OpaqueBox(NSNull())))
        }
    }

    /// Back to what a layer property of the same type as `original` holds: CGFloat, Float,
    /// Double, Int or NSNumber for scalars (Double when unknown), CGColor, CGPath,
    /// `[NSNumber]` or `[CGColor]` arrays, the geometry structs; opaque values unboxed.
    package static func any(_ v: AnimatableValue, like original: Any?) -> Any? {
        switch v {
        case .scalar(let d):
            switch original {
            case is CGFloat: return CGFloat(d)
            case is Float: return Float(d)
            case is Int: return Int(d.rounded())
            case is Bool: return d >= 0.5
            case is NSNumber: return NSNumber(value: d)
            default: return d
            }
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let m): return m
        case .color(let c): return c.cgColor
        case .scalars(let a):
            if original is [CGFloat] { return a.map { CGFloat($0) } }
            if original is [Double] { return a }
            return a.map { NSNumber(value: $0) }
        case .colors(let a): return a.map { $0.cgColor } as [Any]
        case .path(let p): return cgPath(p)
        case .bool(let b): return b
        case .opaque(let o):
            let inner = (o.base.base as? OpaqueBox)?.value
            return inner is NSNull ? nil : inner
        }
    }

    // MARK: Paths

    /// A CGPath as the compositor's path value (same verbs and points).
    package static func pathValue(_ path: CGPath) -> PathValue {
        var out = PathValue()
        path.forEachElement { e in
            switch e {
            case .move(let p): out.verbs.append(.move); out.points.append(p)
            case .line(let p): out.verbs.append(.line); out.points.append(p)
            case .quadCurve(let p, let c): out.verbs.append(.quadCurve); out.points += [c, p]
            case .curve(let p, let c1, let c2): out.verbs.append(.cubicCurve); out.points += [c1, c2, p]
            case .closeSubpath: out.verbs.append(.close)
            }
        }
        return out
    }

    /// The CGPath of a path value (points the verbs do not consume are dropped).
    package static func cgPath(_ value: PathValue) -> CGPath {
        let path = CGMutablePath()
        var i = 0
        let pts = value.points
        for verb in value.verbs {
            guard i + verb.pointCount <= pts.count else { break }
            switch verb {
            case .move: path.move(to: pts[i])
            case .line: path.addLine(to: pts[i])
            case .quadCurve: path.addQuadCurve(to: pts[i + 1], control: pts[i])
            case .cubicCurve: path.addCurve(to: pts[i + 2], control1: pts[i], control2: pts[i + 1])
            case .close: path.closeSubpath()
            }
            i += verb.pointCount
        }
        return path
    }

    /// A CGPath as keyframe segments (reference §9.2.1): every element but a move-to is a
    /// keyframe; lines and quadratics become cubics, closeSubpath a line back to the subpath's
    /// start. A move-to in the middle starts the next segment where it moves to (the layer
    /// jumps there at that keyframe).
    package static func keyframePath(_ path: CGPath) -> KeyframePath {
        var segments: [KeyframePath.Segment] = []
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
            CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        path.forEachElement { e in
            switch e {
            case .move(let p):
                current = p; subpathStart = p
            case .line(let p):
                segments.append(.line(current, p)); current = p
            case .quadCurve(let p, let c):
                segments.append(KeyframePath.Segment(start: current, control1: lerp(current, c, 2.0 / 3),
                                                     control2: lerp(p, c, 2.0 / 3), end: p))
                current = p
            case .curve(let p, let c1, let c2):
                segments.append(KeyframePath.Segment(start: current, control1: c1, control2: c2, end: p))
                current = p
            case .closeSubpath:
                if current != subpathStart { segments.append(.line(current, subpathStart)) }
                current = subpathStart
            }
        }
        return KeyframePath(segments: segments)
    }
}
