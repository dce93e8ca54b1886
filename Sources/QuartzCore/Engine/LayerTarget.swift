import Foundation
import LaminaCompositor

/// A presentation copy (or any scratch layer) as the target: values go straight into its
/// properties through the accessors.
package struct LayerTarget: PresentationTarget {
    package let layer: CALayer

    package init(_ layer: CALayer) { self.layer = layer }

    @inline(__always)
    package func read(_ property: AnimatedProperty) -> AnimatableValue? { property.accessor.read(layer) }

    @inline(__always)
    package func write(_ property: AnimatedProperty, _ value: AnimatableValue) { property.accessor.write(layer, value) }

    @inline(__always)
    package func writeFast(_ field: DirectField, _ value: AnimatableValue) { field.write(value, to: layer) }

    @inline(__always)
    package func matrix(_ field: DirectField) -> CATransform3D {
        field == .sublayerTransform ? layer.props.sublayerTransform : layer.props.transform
    }

    @inline(__always)
    package func writeFastScalar(_ field: DirectField, _ v: Double) { field.write(.scalar(v), to: layer) }

    @inline(__always)
    package func writeFastPoint(_ field: DirectField, _ p: CGPoint) { field.write(.point(p), to: layer) }

    @inline(__always)
    package func writeFastMatrix(_ field: DirectField, _ m: CATransform3D) { field.write(.transform(m), to: layer) }

    @inline(__always)
    package func matrixIsIdentity(_ field: DirectField) -> Bool { CATransform3DIsIdentity(matrix(field)) }

    /// A layer holds every field.
    @inline(__always)
    package func prepare(_ fields: DirectFieldSet) {}
}
