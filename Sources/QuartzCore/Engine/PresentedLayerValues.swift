import Foundation

/// A set of `DirectField`s (one bit per case).
package struct DirectFieldSet: OptionSet, Hashable, Sendable {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package init(_ field: DirectField) { rawValue = 1 << UInt32(field.rawValue) }

    @inline(__always) package func contains(_ field: DirectField) -> Bool {
        rawValue & (1 << UInt32(field.rawValue)) != 0
    }

    /// Calls `body` for each member, in case order.
    @inline(__always) package func forEach(_ body: (DirectField) -> Void) {
        var bits = rawValue
        while bits != 0 {
            let i = bits.trailingZeroBitCount
            bits &= bits - 1
            if let f = DirectField(rawValue: UInt8(i)) { body(f) }
        }
    }
}

/// The presented values of one layer's animated `LayerProperties` fields, as plain data (no
/// reference-counted members: colours are `RGBAColor`), for a renderer that needs presented
/// values every frame without a presentation copy of the layer (the committed render tree's
/// `CommittedLayerTarget`).
///
/// Only the fields in `fields` are meaningful: each holds the model value with the layer's
/// animations applied, exactly what the layer's `presentation()` shows for it (same types, so
/// the same Float rounding of `opacity`). The others are stale or default: they are not
/// animated, so the model value is the presented one. Units and spaces are the layer's (see
/// `LayerProperties`): points, `bounds` in the layer's own space, `position` in the
/// superlayer's.
package struct PresentedLayerValues {
    // Ordered so that the fields most animations write (and the field set) share the first
    // cache lines of the entry: a frame over thousands of layers is bound by memory traffic.
    /// The fields that hold presented values this frame.
    package var fields = DirectFieldSet()
    package var opacity: Float = 1
    package var position: CGPoint = .zero
    package var bounds: CGRect = .zero
    package var transform: CATransform3D = CATransform3DIdentity
    package var isHidden = false
    package var masksToBounds = false
    package var isDoubleSided = true
    package var shouldRasterize = false
    package var shadowOpacity: Float = 0
    package var zPosition: CGFloat = 0
    package var anchorPoint: CGPoint = .zero
    package var anchorPointZ: CGFloat = 0
    package var cornerRadius: CGFloat = 0
    package var borderWidth: CGFloat = 0
    package var shadowOffset: CGSize = .zero
    package var shadowRadius: CGFloat = 0
    package var contentsRect: CGRect = .zero
    package var contentsCenter: CGRect = .zero
    package var contentsScale: CGFloat = 1
    package var rasterizationScale: CGFloat = 1
    package var minificationFilterBias: Float = 0
    /// nil: the property holds no colour.
    package var backgroundColor: RGBAColor?
    package var borderColor: RGBAColor?
    package var shadowColor: RGBAColor?
    package var sublayerTransform: CATransform3D = CATransform3DIdentity

    package init() {}

    /// Sets `field` to `layer`'s model value. Reads that one field: calling a method on
    /// `layer.props`, or passing it, copies the whole `LayerProperties` (reference counting
    /// of every colour, path and dictionary in it).
    @inline(__always)
    package mutating func load(_ field: DirectField, from layer: CALayer) {
        switch field {
        case .bounds: bounds = layer.props.bounds
        case .position: position = layer.props.position
        case .zPosition: zPosition = layer.props.zPosition
        case .anchorPoint: anchorPoint = layer.props.anchorPoint
        case .anchorPointZ: anchorPointZ = layer.props.anchorPointZ
        case .transform: transform = layer.props.transform
        case .sublayerTransform: sublayerTransform = layer.props.sublayerTransform
        case .opacity: opacity = layer.props.opacity
        case .cornerRadius: cornerRadius = layer.props.cornerRadius
        case .borderWidth: borderWidth = layer.props.borderWidth
        case .shadowOpacity: shadowOpacity = layer.props.shadowOpacity
        case .shadowOffset: shadowOffset = layer.props.shadowOffset
        case .shadowRadius: shadowRadius = layer.props.shadowRadius
        case .contentsRect: contentsRect = layer.props.contentsRect
        case .contentsCenter: contentsCenter = layer.props.contentsCenter
        case .contentsScale: contentsScale = layer.props.contentsScale
        case .rasterizationScale: rasterizationScale = layer.props.rasterizationScale
        case .minificationFilterBias: minificationFilterBias = layer.props.minificationFilterBias
        case .backgroundColor: backgroundColor = layer.props.backgroundColor.map(RGBAColor.init)
        case .borderColor: borderColor = layer.props.borderColor.map(RGBAColor.init)
        case .shadowColor: shadowColor = layer.props.shadowColor.map(RGBAColor.init)
        case .hidden: isHidden = layer.props.isHidden
        case .masksToBounds: masksToBounds = layer.props.masksToBounds
        case .doubleSided: isDoubleSided = layer.props.isDoubleSided
        case .shouldRasterize: shouldRasterize = layer.props.shouldRasterize
        }
    }

    /// The field as `PresentedProperty.read` gives it for a layer holding these values.
    package func read(_ field: DirectField) -> AnimatableValue? {
        switch field {
        case .bounds: return .rect(bounds)
        case .position: return .point(position)
        case .zPosition: return .scalar(Double(zPosition))
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointZ: return .scalar(Double(anchorPointZ))
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .opacity: return .scalar(Double(opacity))
        case .cornerRadius: return .scalar(Double(cornerRadius))
        case .borderWidth: return .scalar(Double(borderWidth))
        case .shadowOpacity: return .scalar(Double(shadowOpacity))
        case .shadowOffset: return .size(shadowOffset)
        case .shadowRadius: return .scalar(Double(shadowRadius))
        case .contentsRect: return .rect(contentsRect)
        case .contentsCenter: return .rect(contentsCenter)
        case .contentsScale: return .scalar(Double(contentsScale))
        case .rasterizationScale: return .scalar(Double(rasterizationScale))
        case .minificationFilterBias: return .scalar(Double(minificationFilterBias))
        case .backgroundColor: return backgroundColor.map { .color($0) }
        case .borderColor: return borderColor.map { .color($0) }
        case .shadowColor: return shadowColor.map { .color($0) }
        case .hidden: return .bool(isHidden)
        case .masksToBounds: return .bool(masksToBounds)
        case .doubleSided: return .bool(isDoubleSided)
        case .shouldRasterize: return .bool(shouldRasterize)
        }
    }

    /// Stores `value` into `field`. The one place the animatable fields' value rule lives: every
    /// path that writes a presented field (the general evaluation, the shortcuts, presentation
    /// copies through `DirectField.write`, `PresentedProperty.write`) comes here. Values of
    /// another kind are ignored; NaN numbers and points or rects with a NaN coordinate are
    /// refused (the field keeps its value). Returns whether the value was stored.
    @discardableResult
    package mutating func write(_ field: DirectField, _ value: AnimatableValue) -> Bool {
        switch (field, value) {
        case (.bounds, .rect(let r)) where Self.finite(r): bounds = r
        case (.position, .point(let p)) where Self.finite(p): position = p
        case (.anchorPoint, .point(let p)) where Self.finite(p): anchorPoint = p
        case (.transform, .transform(let m)): transform = m
        case (.sublayerTransform, .transform(let m)): sublayerTransform = m
        case (.shadowOffset, .size(let s)): shadowOffset = s
        case (.contentsRect, .rect(let r)): contentsRect = r
        case (.contentsCenter, .rect(let r)): contentsCenter = r
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.borderColor, .color(let c)): borderColor = c
        case (.shadowColor, .color(let c)): shadowColor = c
        case (.hidden, .bool(let b)): isHidden = b
        case (.masksToBounds, .bool(let b)): masksToBounds = b
        case (.doubleSided, .bool(let b)): isDoubleSided = b
        case (.shouldRasterize, .bool(let b)): shouldRasterize = b
        case (_, .scalar(let v)) where !v.isNaN: return writeScalar(field, v)
        default: return false
        }
        return true
    }

    /// `write(field, value)`: the shortcut stores exactly what the general path stores (one
    /// rule for NaN, kept in `write`).
    @inline(__always)
    package mutating func writeFast(_ field: DirectField, _ value: AnimatableValue) {
        write(field, value)
    }

    /// `writeFast(field, .point(p))`.
    @inline(__always)
    package mutating func writeFastPoint(_ field: DirectField, _ p: CGPoint) {
        guard !p.x.isNaN && !p.y.isNaN else { return }
        if field == .position { position = p } else if field == .anchorPoint { anchorPoint = p }
    }

    /// Whether `transform` (or `sublayerTransform` for that field) is the identity, as
    /// `CATransform3DIsIdentity` decides it (exact comparison), without copying the matrix.
    @inline(__always)
    package func matrixIsIdentity(_ field: DirectField) -> Bool {
        field == .sublayerTransform ? Self.isIdentity(sublayerTransform) : Self.isIdentity(transform)
    }

    @inline(__always)
    private static func isIdentity(_ m: CATransform3D) -> Bool {
        m.m11 == 1 && m.m22 == 1 && m.m33 == 1 && m.m44 == 1
            && m.m12 == 0 && m.m13 == 0 && m.m14 == 0 && m.m21 == 0 && m.m23 == 0 && m.m24 == 0
            && m.m31 == 0 && m.m32 == 0 && m.m34 == 0 && m.m41 == 0 && m.m42 == 0 && m.m43 == 0
    }

    /// `writeFast(field, .transform(m))`.
    @inline(__always)
    package mutating func writeFastMatrix(_ field: DirectField, _ m: CATransform3D) {
        if field == .transform { transform = m } else if field == .sublayerTransform { sublayerTransform = m }
    }

    /// `writeFast(field, .scalar(v))` (and `write`): NaN is refused, other fields ignore it.
    @inline(__always)
    package mutating func writeFastScalar(_ field: DirectField, _ v: Double) {
        if !v.isNaN { writeScalar(field, v) }
    }

    @inline(__always) @discardableResult
    private mutating func writeScalar(_ field: DirectField, _ v: Double) -> Bool {
        switch field {
        case .zPosition: zPosition = CGFloat(v)
        case .anchorPointZ: anchorPointZ = CGFloat(v)
        case .opacity: opacity = Float(v)
        case .cornerRadius: cornerRadius = CGFloat(v)
        case .borderWidth: borderWidth = CGFloat(v)
        case .shadowOpacity: shadowOpacity = Float(v)
        case .shadowRadius: shadowRadius = CGFloat(v)
        case .contentsScale: contentsScale = CGFloat(v)
        case .rasterizationScale: rasterizationScale = CGFloat(v)
        case .minificationFilterBias: minificationFilterBias = Float(v)
        default: return false
        }
        return true
    }

    private static func finite(_ p: CGPoint) -> Bool { !p.x.isNaN && !p.y.isNaN }
    private static func finite(_ r: CGRect) -> Bool {
        !r.origin.x.isNaN && !r.origin.y.isNaN && !r.size.width.isNaN && !r.size.height.isNaN
    }

    /// Copies the fields in `fields` into a layer's properties (what a presentation copy of
    /// the layer would hold for them), creating CGColors for colours.
    package func store(into p: inout LayerProperties) {
        fields.forEach { store($0, into: &p) }
    }

    /// Copies one field into a layer's properties.
    @inline(__always)
    package func store(_ field: DirectField, into p: inout LayerProperties) {
        switch field {
        case .bounds: p.bounds = bounds
        case .position: p.position = position
        case .zPosition: p.zPosition = zPosition
        case .anchorPoint: p.anchorPoint = anchorPoint
        case .anchorPointZ: p.anchorPointZ = anchorPointZ
        case .transform: p.transform = transform
        case .sublayerTransform: p.sublayerTransform = sublayerTransform
        case .opacity: p.opacity = opacity
        case .cornerRadius: p.cornerRadius = cornerRadius
        case .borderWidth: p.borderWidth = borderWidth
        case .shadowOpacity: p.shadowOpacity = shadowOpacity
        case .shadowOffset: p.shadowOffset = shadowOffset
        case .shadowRadius: p.shadowRadius = shadowRadius
        case .contentsRect: p.contentsRect = contentsRect
        case .contentsCenter: p.contentsCenter = contentsCenter
        case .contentsScale: p.contentsScale = contentsScale
        case .rasterizationScale: p.rasterizationScale = rasterizationScale
        case .minificationFilterBias: p.minificationFilterBias = minificationFilterBias
        case .backgroundColor: p.backgroundColor = backgroundColor?.cgColor
        case .borderColor: p.borderColor = borderColor?.cgColor
        case .shadowColor: p.shadowColor = shadowColor?.cgColor
        case .hidden: p.isHidden = isHidden
        case .masksToBounds: p.masksToBounds = masksToBounds
        case .doubleSided: p.isDoubleSided = isDoubleSided
        case .shouldRasterize: p.shouldRasterize = shouldRasterize
        }
    }

    /// Sets `field` to `other`'s value of it (the `fields` set is not changed). Field by
    /// field: copying `other` whole while `self` is being modified made the compiler copy all
    /// 25 fields for every call.
    @inline(__always)
    package mutating func copy(_ field: DirectField, from other: PresentedLayerValues) {
        switch field {
        case .bounds: bounds = other.bounds
        case .position: position = other.position
        case .zPosition: zPosition = other.zPosition
        case .anchorPoint: anchorPoint = other.anchorPoint
        case .anchorPointZ: anchorPointZ = other.anchorPointZ
        case .transform: transform = other.transform
        case .sublayerTransform: sublayerTransform = other.sublayerTransform
        case .opacity: opacity = other.opacity
        case .cornerRadius: cornerRadius = other.cornerRadius
        case .borderWidth: borderWidth = other.borderWidth
        case .shadowOpacity: shadowOpacity = other.shadowOpacity
        case .shadowOffset: shadowOffset = other.shadowOffset
        case .shadowRadius: shadowRadius = other.shadowRadius
        case .contentsRect: contentsRect = other.contentsRect
        case .contentsCenter: contentsCenter = other.contentsCenter
        case .contentsScale: contentsScale = other.contentsScale
        case .rasterizationScale: rasterizationScale = other.rasterizationScale
        case .minificationFilterBias: minificationFilterBias = other.minificationFilterBias
        case .backgroundColor: backgroundColor = other.backgroundColor
        case .borderColor: borderColor = other.borderColor
        case .shadowColor: shadowColor = other.shadowColor
        case .hidden: isHidden = other.isHidden
        case .masksToBounds: masksToBounds = other.masksToBounds
        case .doubleSided: isDoubleSided = other.isDoubleSided
        case .shouldRasterize: shouldRasterize = other.shouldRasterize
        }
    }

    /// `field`'s model value on `layer`, as an animatable value (nil: no colour).
    package static func read(_ field: DirectField, of layer: CALayer) -> AnimatableValue? {
        var v = PresentedLayerValues()
        v.load(field, from: layer)
        return v.read(field)
    }
}

