import CoreGraphics

/// Where animation evaluation writes presented values: the render server's per-layer buffer
/// (`CommittedLayerTarget`, what a committed render tree's evaluation fills, read by frames
/// and by the model's presentation layers). The evaluation (`FastPlan.apply`,
/// `PresentationEvaluation.applyGeneral`) is generic over it; since presentation copies no
/// longer evaluate on their own (they read the server's buffers), `CommittedLayerTarget` is
/// the one conforming type.
///
/// Reads return the presented value so far (the model value with the animations applied
/// before the current one), in the kind `PresentedProperty.read` gives; writes store like
/// `PresentedProperty.write` (general path) or `DirectField.write` (shortcut).
package protocol PresentationTarget {
    /// The presented value so far of `property`; nil when it holds nil (no colour, no path).
    mutating func read(_ property: AnimatedProperty) -> AnimatableValue?
    /// Stores a presented value of `property`, as its accessor's `write` does.
    mutating func write(_ property: AnimatedProperty, _ value: AnimatableValue)
    /// Stores a value computed by a shortcut, as `DirectField.write` does.
    mutating func writeFast(_ field: DirectField, _ value: AnimatableValue)
    /// `writeFast(field, .scalar(v))`.
    mutating func writeFastScalar(_ field: DirectField, _ v: Double)
    /// `writeFast(field, .point(p))`.
    mutating func writeFastPoint(_ field: DirectField, _ p: CGPoint)
    /// `writeFast(field, .transform(m))`.
    mutating func writeFastMatrix(_ field: DirectField, _ m: CATransform3D)
    /// The presented `transform` or `sublayerTransform` so far (`field` is one of the two;
    /// anything else reads `transform`).
    mutating func matrix(_ field: DirectField) -> CATransform3D
    /// `CATransform3DIsIdentity(matrix(field))`.
    mutating func matrixIsIdentity(_ field: DirectField) -> Bool
    /// Called before an animation writing `fields` applies: a target that holds only some
    /// fields fetches the model values of those it does not hold yet.
    mutating func prepare(_ fields: DirectFieldSet)
}

/// A target that keeps presented values apart from any layer: `DirectField`s in `values`,
/// other properties in `extras`. What differs between the conforming types is only where the
/// values underneath come from — `loadUnderlying` (fields not written yet this frame) and
/// `underlyingValue` (other properties) — so the hot forwarding lives here once. Generic
/// evaluation code is specialised per target type, so these stay direct, inlined calls.
package protocol PresentedValuesTarget: PresentationTarget {
    var values: PresentedLayerValues { get set }
    var extras: [PresentedExtra] { get set }
    /// The value of a property that is not a `DirectField` before any animation this frame.
    func underlyingValue(_ property: AnimatedProperty) -> AnimatableValue?
    /// Loads `field`'s value before any animation this frame into `values`.
    mutating func loadUnderlying(_ field: DirectField)
}

extension PresentedValuesTarget {
    package mutating func read(_ property: AnimatedProperty) -> AnimatableValue? {
        if let field = property.accessor.field { return values.read(field) }
        let key = property.accessor.key
        for extra in extras where extra.property.key == key { return extra.value }
        return underlyingValue(property)
    }

    package mutating func write(_ property: AnimatedProperty, _ value: AnimatableValue) {
        if let field = property.accessor.field {
            values.write(field, value)
            return
        }
        let key = property.accessor.key
        for i in extras.indices where extras[i].property.key == key {
            extras[i].value = value
            return
        }
        extras.append(PresentedExtra(property: property.accessor, value: value))
    }

    @inline(__always)
    package mutating func writeFast(_ field: DirectField, _ value: AnimatableValue) { values.writeFast(field, value) }

    @inline(__always)
    package mutating func writeFastScalar(_ field: DirectField, _ v: Double) { values.writeFastScalar(field, v) }

    @inline(__always)
    package mutating func writeFastPoint(_ field: DirectField, _ p: CGPoint) { values.writeFastPoint(field, p) }

    @inline(__always)
    package mutating func writeFastMatrix(_ field: DirectField, _ m: CATransform3D) { values.writeFastMatrix(field, m) }

    @inline(__always)
    package mutating func matrix(_ field: DirectField) -> CATransform3D {
        field == .sublayerTransform ? values.sublayerTransform : values.transform
    }

    @inline(__always)
    package mutating func matrixIsIdentity(_ field: DirectField) -> Bool { values.matrixIsIdentity(field) }

    @inline(__always)
    package mutating func prepare(_ fields: DirectFieldSet) {
        let missing = DirectFieldSet(rawValue: fields.rawValue & ~values.fields.rawValue)
        guard !missing.isEmpty else { return }
        missing.forEach { loadUnderlying($0) }
        values.fields.formUnion(missing)
    }
}
