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

// `PresentedLayerValues` — the presented values of one layer's animated `LayerProperties`
// fields, as plain data (no reference-counted members: colours are `RGBAColor`), for a renderer
// that needs presented values every frame without a presentation copy of the layer (the
// committed render tree's `CommittedLayerTarget`) — has its storage and its per-field switches
// (load, read, write, writeFast…, store, copy, store into a node) generated from the
// declaration in Layer/AnimatableLayerFields.swift, into Engine/DirectField+Generated.swift.
//
// Only the fields in `fields` are meaningful: each holds the model value with the layer's
// animations applied, exactly what the layer's `presentation()` shows for it (same types, so
// the same Float rounding of `opacity`). The others are stale or default: they are not
// animated, so the model value is the presented one. Units and spaces are the layer's (see
// `LayerProperties`): points, `bounds` in the layer's own space, `position` in the
// superlayer's.
extension PresentedLayerValues {
    /// `write(field, value)`: the shortcut stores exactly what the general path stores.
    @inline(__always)
    package mutating func writeFast(_ field: DirectField, _ value: AnimatableValue) {
        write(field, value)
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

    /// Copies the fields in `fields` into a layer's properties (what a presentation copy of
    /// the layer would hold for them), creating CGColors for colours.
    package func store(into p: inout LayerProperties) {
        fields.forEach { store($0, into: &p) }
    }

    /// `field`'s model value on `layer`, as an animatable value (nil: no colour).
    package static func read(_ field: DirectField, of layer: CALayer) -> AnimatableValue? {
        var v = PresentedLayerValues()
        v.load(field, from: layer)
        return v.read(field)
    }
}
