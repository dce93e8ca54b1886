import Foundation

// `DirectField` itself (one case per declared field, hot fields first) is generated into
// DirectField+Generated.swift from `AnimatableLayerField.all` (Layer/AnimatableLayerFields.swift).
//
// The value rule of these fields (kinds, NaN refusal) is each field's declared `NaNRule`,
// applied by the generated `PresentedLayerValues.write` and `writeFast…`; every way of writing
// a field — the general evaluation, the shortcuts, presentation copies, `PresentedProperty` —
// goes through them.
extension DirectField {
    /// The property's key-value coding key ("position", "hidden", "doubleSided").
    package var key: String { Self.keys[Int(rawValue)] }
    private static let keys = allCases.map { "\($0)" }

    /// The field's declaration.
    package var declaration: AnimatableLayerField { AnimatableLayerField.all[Int(rawValue)] }

    /// Stores `value` into `layer`'s property as `PresentedLayerValues.write` decides (values
    /// of another kind and NaN are not stored).
    @inline(__always)
    package func write(_ value: AnimatableValue, to layer: CALayer) {
        var scratch = PresentedLayerValues()
        if scratch.write(self, value) { scratch.store(self, into: &layer.props) }
    }
}

/// The NaN test behind every field's `AnimatableLayerField.NaNRule`: a number that is NaN, or
/// a point, size or rect with a NaN component (infinities are not NaN: they are stored). The
/// generated setters and presented writes call it where the field's rule refuses NaN.
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
