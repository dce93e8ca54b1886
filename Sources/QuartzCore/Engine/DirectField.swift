import Foundation
import LaminaCompositor

// `DirectField` itself (one case per declared field, hot fields first), `DirectFieldSet` and the
// presented storage live in the render server (LaminaCompositor/Server), generated from
// `AnimatableLayerField.all` (Layer/AnimatableLayerFields.swift); this is the model side.
//
// The value rule of these fields (kinds, NaN refusal) is each field's declared `NaNRule`,
// applied by the generated `PresentedLayerValues.write` and `writeFast…`; every way of writing
// a field — the general evaluation, the shortcuts, presentation copies, `PresentedProperty` —
// goes through them.
extension DirectField {
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
