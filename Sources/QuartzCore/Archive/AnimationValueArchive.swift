import Foundation

/// The JSON form of animation values (`fromValue`, `toValue`, `byValue`, keyframe `values`):
/// the same spellings as the layer properties they animate (`ValueCodec`), so an archived
/// `"toValue": [40, 60]` for "position" reads exactly like an archived `"position": [40, 60]`.
///
/// Encoding looks at the value itself (a CGPoint is `[x, y]`, a CGColor a colour…). JSON does
/// not say whether `[10, 20]` is a point or a size, so decoding asks the animated property:
/// the kind of value the layer holds for the key path (its sub-key's component for
/// "position.x", "transform.rotation.z"…), or, when the layer holds nil (no background colour,
/// no path), the type the property table declares for it.
package enum AnimationValueArchive {
    /// What a decoded value must be.
    package enum Kind: Equatable {
        case number, bool, point, size, rect, transform, color, path, numbers, colors, image, string
        /// A value function's argument: a number or an array of numbers.
        case functionArgument
        /// A custom key with no type to go by: numbers, booleans and strings as themselves.
        case any
    }

    // MARK: Encoding

    /// The archived form of one animation value. Throws `ArchiveValueError` for values the
    /// archive cannot spell (arbitrary objects).
    package static func encode(_ value: Any) throws -> JSONValue {
        switch value {
        case let v as Bool: return .bool(v)
        case let v as Double: return .num(v)
        case let v as CGFloat: return .num(Double(v))
        case let v as Float: return .num(Double(v))
        case let v as Int: return .number(Double(v))
        case let v as NSNumber: return .num(v.doubleValue)
        case let v as CGPoint: return try ValueCodec.point.encode(v)
        case let v as CGSize: return try ValueCodec.size.encode(v)
        case let v as CGRect: return try ValueCodec.rect.encode(v)
        case let v as CATransform3D: return try ValueCodec.transform.encode(v)
        case let v as CGColor: return ColorArchive.encode(v)
        case let v as CGPath: return PathArchive.encode(v)
        case let v as CGImage: return try ValueCodec.contents.encode(v)
        case let v as String: return .string(v)
        case let v as NSValue:
            let type = String(cString: v.objCType)
            if type.hasPrefix("{CGRect") { return try ValueCodec.rect.encode(v.rectValue) }
            if type.hasPrefix("{CGPoint") { return try ValueCodec.point.encode(v.pointValue) }
            if type.hasPrefix("{CGSize") { return try ValueCodec.size.encode(v.sizeValue) }
            throw ArchiveValueError("cannot archive an NSValue of type \(type)")
        case let v as [Any]:
            if v.allSatisfy({ AnyNumber.double($0) != nil }) {
                return .array(v.map { JSONValue.num(AnyNumber.double($0) ?? 0) })
            }
            if v.allSatisfy({ $0 is CGColor }) {
                return .array(v.compactMap { ($0 as? CGColor).map(ColorArchive.encode) })
            }
            throw ArchiveValueError("cannot archive an array that is neither numbers nor colours")
        default:
            throw ArchiveValueError("cannot archive an animation value of type \(type(of: value))")
        }
    }

    // MARK: Decoding

    /// The kind of value `keyPath` takes on `layer`, or an error message when the key path
    /// names nothing animatable there. `valueFunction`: values are the function's arguments.
    package static func kind(forKeyPath keyPath: String, on layer: CALayer, valueFunction: Bool) -> Result<Kind, ArchiveValueError> {
        // An emitter cell's property by name ("emitterCells.spark.birthRate") is one property,
        // as for the animation compiler; its cells are decoded before animations are read.
        let cellPath = (layer as? CAEmitterLayer)?.cellProperty(keyPath: keyPath) != nil
        guard let parsed = cellPath ? AnimationKeyPath(property: keyPath) : AnimationKeyPath(keyPath) else {
            return .failure(ArchiveValueError("unknown key path \"\(keyPath)\""))
        }
        guard let accessor = PresentedProperty.lookup(parsed.property, on: layer) else {
            return .failure(ArchiveValueError("\(type(of: layer)) has no animatable property \"\(parsed.property)\""))
        }
        if valueFunction { return .success(.functionArgument) }
        let current = accessor.read(layer)
        if let sub = parsed.subKey {
            guard let component = current?.component(sub) else {
                return .failure(ArchiveValueError("key path \"\(keyPath)\" does not apply to the property's value"))
            }
            return .success(kind(of: component, declared: nil))
        }
        let declared = type(of: layer).propertyTable[parsed.property]?.expected
        return .success(current.map { kind(of: $0, declared: declared) } ?? kind(declared: declared))
    }

    private static func kind(of value: AnimatableValue, declared: String?) -> Kind {
        switch value {
        case .scalar: return .number
        case .bool: return .bool
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .transform: return .transform
        case .color: return .color
        case .path: return .path
        case .scalars: return .numbers
        case .colors: return .colors
        case .opaque: return kind(declared: declared)
        }
    }

    /// The kind named by a property table's `expected` description (the codec's own words).
    private static func kind(declared: String?) -> Kind {
        guard let d = declared else { return .any }
        if d.hasPrefix("a colour") { return .color }
        if d.hasPrefix("a path") { return .path }
        if d.hasPrefix("an image") { return .image }
        if d.hasPrefix("an array of colours") { return .colors }
        if d.hasPrefix("an array of numbers") { return .numbers }
        if d.hasPrefix("a point") { return .point }
        if d.hasPrefix("a size") { return .size }
        if d.hasPrefix("a rectangle") { return .rect }
        if d.hasPrefix("a transform") { return .transform }
        if d.hasPrefix("a boolean") { return .bool }
        if d.hasPrefix("a number") || d.hasPrefix("an integer") { return .number }
        if d.hasPrefix("a string") { return .string }
        return .any
    }

    /// Reads one value of `kind`. Throws `ArchiveValueError` naming what was expected.
    package static func decode(_ json: JSONValue, as kind: Kind, context: ArchiveContext) throws -> Any {
        switch kind {
        case .number:
            return CGFloat(try ValueCodec.double.decode(json, context))
        case .bool:
            if case .bool(let b) = json { return b }
            if let d = json.numberValue { return d != 0 }
            throw ArchiveValueError(expected: "a boolean", got: json)
        case .point: return try ValueCodec.point.decode(json, context)
        case .size: return try ValueCodec.size.decode(json, context)
        case .rect: return try ValueCodec.rect.decode(json, context)
        case .transform: return try ValueCodec.transform.decode(json, context)
        case .color: return try ColorArchive.decode(json)
        case .path: return try PathArchive.decode(json)
        case .numbers:
            guard let a = try ValueCodec.numberArray.decode(json, context) else {
                throw ArchiveValueError(expected: "an array of numbers", got: json)
            }
            return a.map { CGFloat($0.doubleValue) }
        case .colors:
            guard let a = try ValueCodec.colorArray.decode(json, context) else {
                throw ArchiveValueError(expected: "an array of colours", got: json)
            }
            return a
        case .image:
            guard let image = try ValueCodec.contents.decode(json, context) else {
                throw ArchiveValueError(expected: "an image ({\"png\": base64} or {\"file\": path})", got: json)
            }
            return image
        case .string:
            guard case .string(let s) = json else { throw ArchiveValueError(expected: "a string", got: json) }
            return s
        case .functionArgument:
            if let d = json.numberValue { return CGFloat(d) }
            guard case .array = json, let a = try? ValueCodec.numberArray.decode(json, context) else {
                throw ArchiveValueError(expected: "a number or an array of numbers", got: json)
            }
            return a.map { CGFloat($0.doubleValue) }
        case .any:
            switch json {
            case .bool(let b): return b
            case .string(let s): return s
            default:
                if let d = json.numberValue { return CGFloat(d) }
                throw ArchiveValueError(expected: "a number, boolean or string", got: json)
            }
        }
    }
}
