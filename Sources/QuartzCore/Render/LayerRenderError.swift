import Foundation
import LaminaCompositor

/// A frame the compositor refused (an offscreen surface over the memory budget or the
/// surface limits, an invalid output size), with the layer it is about named as a person
/// finds it in the tree: its `name` when set, its class, and its index path from the root
/// ("CALayer at root.sublayers[1].mask"). The compositor only knows render-node ids, so the
/// naming happens here, once, when the error is reported.
package struct LayerRenderError: Error, CustomStringConvertible {
    package let underlying: CompositorError
    package let description: String

    package init(_ error: CompositorError, in root: CALayer) {
        underlying = error
        description = error.description(layer: { root.describeLayer(renderNodeID: $0) })
    }
}

extension CALayer {
    /// `layer "badge" (CAShapeLayer at root.sublayers[0].sublayers[2])`, or
    /// `CAShapeLayer at root.sublayers[0]` for a layer without a name; the id itself
    /// ("layer #42") when no layer of this tree has it (e.g. a replicator's instance copy).
    package func describeLayer(renderNodeID id: RenderNodeID) -> String {
        guard let (layer, path) = findLayer(id, path: "root") else { return "layer \(id)" }
        let place = "\(type(of: layer)) at \(path)"
        if let name = layer.name, !name.isEmpty { return "layer \"\(name)\" (\(place))" }
        return place
    }

    /// Depth first through masks and sublayers (only on an error: no index is kept).
    private func findLayer(_ id: RenderNodeID, path: String) -> (CALayer, String)? {
        if renderNodeID == id { return (self, path) }
        if let mask = maskStorage, let found = mask.findLayer(id, path: path + ".mask") { return found }
        for (i, sub) in sublayerStorage.enumerated() {
            if let found = sub.findLayer(id, path: path + ".sublayers[\(i)]") { return found }
        }
        return nil
    }
}
