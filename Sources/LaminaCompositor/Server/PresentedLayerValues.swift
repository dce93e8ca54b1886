import CoreGraphics

/// A set of `DirectField`s (one bit per case).
package struct DirectFieldSet: OptionSet, Hashable, Sendable {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package init(_ field: DirectField) { rawValue = 1 << UInt32(field.rawValue) }

    /// Every field.
    package static let all = DirectFieldSet(rawValue: (1 << UInt32(DirectField.allCases.count)) - 1)

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

extension DirectField {
    /// The property's key-value coding key ("position", "hidden", "doubleSided").
    package var key: String { Self.keys[Int(rawValue)] }
    private static let keys = allCases.map { "\($0)" }
}

/// The presented values of one layer's animated fields, as plain data (no reference-counted
/// members: colours are `RGBAColor`), for the render server, which needs presented values
/// every frame without a copy of the layer (`CommittedLayerTarget`). The storage is the one
/// declared for the fields (`LayerFieldValues`, as the model's `LayerProperties.animatable`);
/// its per-field switches over plain values (read, write, writeFast…, copy, store into a node)
/// are generated from the declaration in QuartzCore's Layer/AnimatableLayerFields.swift into
/// Server/DirectField+Generated.swift, the switches between these values and a model layer
/// into QuartzCore's Engine/DirectField+Layer+Generated.swift.
///
/// Only the fields in `fields` are meaningful: each holds the model value with the layer's
/// animations applied, exactly what the layer's presentation copy shows for it (same types, so
/// the same Float rounding of `opacity`). The others are stale or default: they are not
/// animated, so the model value is the presented one.
@dynamicMemberLookup
package struct PresentedLayerValues {
    /// The fields that hold presented values this frame.
    package var fields = DirectFieldSet()
    /// The values (those of `fields`; the others stale or default).
    package var stored = LayerFieldValues<RGBAColor>()

    package init() {}

    /// A field by name (`values.opacity`), for code outside the generated switches, which
    /// name `stored` directly.
    package subscript<T>(dynamicMember field: WritableKeyPath<LayerFieldValues<RGBAColor>, T>) -> T {
        @inline(__always) get { stored[keyPath: field] }
        @inline(__always) set { stored[keyPath: field] = newValue }
    }
}

extension PresentedLayerValues {
    /// Every field loaded from `node` (fields without a node field at their defaults), all
    /// marked as held: the committed values underneath the animations of a node built without
    /// a model.
    package init(allFieldsOf node: RenderNode) {
        self.init()
        for field in DirectField.allCases { load(field, from: node) }
        fields = .all
    }

    /// `write(field, value)`: the shortcut stores exactly what the general path stores.
    @inline(__always)
    package mutating func writeFast(_ field: DirectField, _ value: AnimatableValue) {
        write(field, value)
    }

    /// Whether `transform` (or `sublayerTransform` for that field) is the identity, as
    /// `CATransform3DIsIdentity` decides it (exact comparison), without copying the matrix.
    @inline(__always)
    package func matrixIsIdentity(_ field: DirectField) -> Bool {
        field == .sublayerTransform ? Self.isIdentity(stored.sublayerTransform) : Self.isIdentity(stored.transform)
    }

    @inline(__always)
    private static func isIdentity(_ m: CATransform3D) -> Bool {
        m.m11 == 1 && m.m22 == 1 && m.m33 == 1 && m.m44 == 1
            && m.m12 == 0 && m.m13 == 0 && m.m14 == 0 && m.m21 == 0 && m.m23 == 0 && m.m24 == 0
            && m.m31 == 0 && m.m32 == 0 && m.m34 == 0 && m.m41 == 0 && m.m42 == 0 && m.m43 == 0
    }
}

/// The NaN test behind every field's declared NaN rule: a number that is NaN, or a point, size
/// or rect with a NaN component (infinities are not NaN: they are stored). The generated
/// setters and presented writes call it where the field's rule refuses NaN.
package enum LayerFieldValue {
    @inline(__always) package static func hasNaN(_ v: Double) -> Bool { v.isNaN }
    @inline(__always) package static func hasNaN(_ v: Float) -> Bool { v.isNaN }
    @inline(__always) package static func hasNaN(_ v: CGFloat) -> Bool { v.isNaN }
    @inline(__always) package static func hasNaN(_ p: CGPoint) -> Bool { p.x.isNaN || p.y.isNaN }
    @inline(__always) package static func hasNaN(_ s: CGSize) -> Bool { s.width.isNaN || s.height.isNaN }
    @inline(__always) package static func hasNaN(_ r: CGRect) -> Bool {
        r.origin.x.isNaN || r.origin.y.isNaN || r.size.width.isNaN || r.size.height.isNaN
    }
}
