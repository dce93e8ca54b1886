import Foundation
import LaminaCompositor

// The model side of the render server's `PresentedLayerValues` (LaminaCompositor/Server): the
// plain storage and its switches live there; loading a field from a layer and storing into a
// layer's `LayerProperties` are generated into Engine/DirectField+Layer+Generated.swift.
extension PresentedLayerValues {
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
