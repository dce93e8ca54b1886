import CoreGraphics

/// One animated layer of a committed tree, where a frame writes its presented values: the
/// values underneath come from the commit's snapshot (`base`), and
/// properties that are not `DirectField`s are read from the detached model copy taken at
/// commit (`extrasSource`) — never from the live model. The schedule keeps one per animated layer
/// and evaluates into it in place (no copy of the values per frame).
package struct CommittedLayerTarget {
    /// The presented values of the fields in `values.fields` (the last frame's).
    package var values = PresentedLayerValues()
    /// Presented values of properties that are not `DirectField`s, in the order first written.
    package var extras: [PresentedExtra] = []
    /// Every field as committed.
    package let base: PresentedLayerValues
    package let extrasSource: (any ModelLayerContent)?
    /// The last text drawn with presented values (text layers whose fontSize or
    /// foregroundColor animate), reused while they do not change.
    package var presentedText: PresentedTextImage?

    package init(base: PresentedLayerValues, extrasSource: (any ModelLayerContent)?) {
        self.base = base
        self.extrasSource = extrasSource
    }

    /// Starts a frame: no field or extra holds a value yet.
    @inline(__always)
    package mutating func begin() {
        values.fields = []
        if !extras.isEmpty { extras.removeAll(keepingCapacity: true) }
    }

    /// Whether every animated property that is not a `DirectField` has a node field of its own
    /// (`PresentedProperty.writeNode`): then a frame writes them into the node in place;
    /// otherwise (custom keys a subclass's `display()` draws) the model draws the node
    /// (`presentedNode(over:)`).
    package var writesExtrasInPlace: Bool {
        extras.allSatisfy { $0.property.writeNode != nil }
    }

    /// Writes the presented extras into `node` (see `writesExtrasInPlace`); a text node whose
    /// presented size or colour then differ from its backing store's shows the text drawn
    /// with them.
    package mutating func storeExtras(into node: inout RenderNode) {
        for extra in extras { _ = extra.property.writeNode?(&node, extra.value, extrasSource) }
        node.showPresentedText(cache: &presentedText, maxPixels: RenderNode.maxBackingStorePixels)
    }
}

/// Where animation evaluation (`FastPlan.apply`, `PresentationEvaluation.applyGeneral`) writes
/// presented values. Reads return the presented value so far (the committed value with the
/// animations applied before the current one), in the kind `PresentedProperty.read` gives;
/// writes store like `PresentedProperty.write` (general path) or `DirectField.write`
/// (shortcut). Underneath lie the commit's snapshot (`base`) for `DirectField`s and the
/// detached model copy (`extrasSource`) for other properties.
extension CommittedLayerTarget {
    /// The presented value so far of `property`; nil when it holds nil (no colour, no path).
    package mutating func read(_ property: AnimatedProperty) -> AnimatableValue? {
        if let field = property.accessor.field { return values.read(field) }
        let key = property.accessor.key
        for extra in extras where extra.property.key == key { return extra.value }
        return extrasSource.flatMap { property.accessor.read($0) }
    }

    /// Stores a presented value of `property`, as its accessor's `write` does.
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

    /// Stores a value computed by a shortcut, as `DirectField.write` does.
    @inline(__always)
    package mutating func writeFast(_ field: DirectField, _ value: AnimatableValue) { values.writeFast(field, value) }

    /// `writeFast(field, .scalar(v))`.
    @inline(__always)
    package mutating func writeFastScalar(_ field: DirectField, _ v: Double) { values.writeFastScalar(field, v) }

    /// `writeFast(field, .point(p))`.
    @inline(__always)
    package mutating func writeFastPoint(_ field: DirectField, _ p: CGPoint) { values.writeFastPoint(field, p) }

    /// `writeFast(field, .transform(m))`.
    @inline(__always)
    package mutating func writeFastMatrix(_ field: DirectField, _ m: CATransform3D) { values.writeFastMatrix(field, m) }

    /// The presented `transform` or `sublayerTransform` so far (`field` is one of the two;
    /// anything else reads `transform`).
    @inline(__always)
    package mutating func matrix(_ field: DirectField) -> CATransform3D {
        field == .sublayerTransform ? values.stored.sublayerTransform : values.stored.transform
    }

    /// `CATransform3DIsIdentity(matrix(field))`.
    @inline(__always)
    package mutating func matrixIsIdentity(_ field: DirectField) -> Bool { values.matrixIsIdentity(field) }

    /// Called before an animation writing `fields` applies: the fields not written yet this
    /// frame are loaded from the commit's snapshot.
    @inline(__always)
    package mutating func prepare(_ fields: DirectFieldSet) {
        let missing = DirectFieldSet(rawValue: fields.rawValue & ~values.fields.rawValue)
        guard !missing.isEmpty else { return }
        missing.forEach { values.copy($0, from: base) }
        values.fields.formUnion(missing)
    }
}

extension CommittedLayerTarget {
    /// The node with the presented values of the last evaluation, over its committed node
    /// `base` (id, children, mask and transition kept): the fields and the extras with node
    /// fields written in place, or — when an extra has none — the node the model draws with
    /// them (`ModelLayerContent.presentedNode`).
    package mutating func presentedNode(over base: RenderNode) -> RenderNode {
        if !extras.isEmpty, let source = extrasSource, !writesExtrasInPlace {
            var drawn = source.presentedNode(values: values, extras: extras)
            drawn.id = base.id
            drawn.children = base.children
            drawn.mask = base.mask
            drawn.transition = base.transition
            return drawn
        }
        var node = base
        values.store(into: &node)
        storeExtras(into: &node)
        return node
    }
}

extension RenderNode {
    /// The largest backing store a layer allocates, in pixels (256 MB of RGBA); text drawn
    /// with presented values keeps to it too.
    package static let maxBackingStorePixels = 64_000_000
}
