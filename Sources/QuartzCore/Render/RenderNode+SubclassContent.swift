import Foundation
import LaminaCompositor

// In-place edits of a node's subclass content, for the property tables' node writers
// (`LayerProperty.writeNode`): each writes one property's value where `RenderNodeKind(layer:)`
// puts it, so an animated subclass property reaches the frame without a copy of the layer.
// A node of another kind is left as it is (the property does not draw on it).

extension RenderNode {
    /// Edits the shape content of a CAShapeLayer's node.
    mutating func editShape(_ body: (inout ShapeContent) -> Void) {
        guard case .shape(var content) = kind else { return }
        body(&content)
        kind = .shape(content)
    }

    /// Edits the gradient content of a CAGradientLayer's node.
    mutating func editGradient(_ body: (inout GradientContent) -> Void) {
        guard case .gradient(var content) = kind else { return }
        body(&content)
        kind = .gradient(content)
    }

    /// Edits the replicator content of a CAReplicatorLayer's node.
    mutating func editReplicator(_ body: (inout ReplicatorContent) -> Void) {
        guard case .replicator(var content) = kind else { return }
        body(&content)
        kind = .replicator(content)
    }
}
