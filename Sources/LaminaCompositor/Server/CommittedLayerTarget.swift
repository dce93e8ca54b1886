import CoreGraphics

/// One animated layer of a committed tree, where a frame writes its presented values: the
/// values underneath come from the commit's snapshot (`base`), and
/// properties that are not `DirectField`s are read from the detached model copy taken at
/// commit (`extrasSource`) — never from the live model. The schedule keeps one per animated layer
/// and evaluates into it in place (no copy of the values per frame).
package struct CommittedLayerTarget: PresentedValuesTarget {
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

    // MARK: PresentedValuesTarget (the commit's snapshot is what lies underneath)

    package func underlyingValue(_ property: AnimatedProperty) -> AnimatableValue? {
        extrasSource.flatMap { property.accessor.read($0) }
    }

    @inline(__always)
    package mutating func loadUnderlying(_ field: DirectField) { values.copy(field, from: base) }

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
