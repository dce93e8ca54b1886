import Foundation
import LaminaCompositor

/// One animated layer of a committed tree, where a frame writes its presented values: the
/// values underneath come from the commit's snapshot (`base`), and
/// properties that are not `DirectField`s are read from a detached copy of the layer taken at
/// commit (`extrasSource`) — never from the model. The schedule keeps one per animated layer
/// and evaluates into it in place (no copy of the values per frame).
package struct CommittedLayerTarget: PresentedValuesTarget {
    /// The presented values of the fields in `values.fields` (the last frame's).
    package var values = PresentedLayerValues()
    /// Presented values of properties that are not `DirectField`s, in the order first written.
    package var extras: [PresentedExtra] = []
    /// Every field as committed.
    package let base: PresentedLayerValues
    package let extrasSource: CALayer?
    /// The last text drawn with presented values (text layers whose fontSize or
    /// foregroundColor animate), reused while they do not change.
    package var presentedText: PresentedTextImage?

    package init(base: PresentedLayerValues, extrasSource: CALayer?) {
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
    /// otherwise (custom keys a `display()` draws, CATextLayer's text) the node is drawn from
    /// a copy of the layer holding them.
    package var writesExtrasInPlace: Bool {
        extras.allSatisfy { $0.property.writeNode != nil }
    }

    /// Writes the presented extras into `node` (see `writesExtrasInPlace`); a text node whose
    /// presented size or colour then differ from its backing store's shows the text drawn
    /// with them.
    package mutating func storeExtras(into node: inout RenderNode) {
        for extra in extras { _ = extra.property.writeNode?(&node, extra.value, extrasSource) }
        node.showPresentedText(cache: &presentedText, maxPixels: CALayer.maxBackingStorePixels)
    }
}

extension PresentedLayerValues {
    /// Every field loaded from `layer`'s model values (what a commit snapshots).
    package init(allFieldsOf layer: CALayer) {
        self.init()
        for field in DirectField.allCases { load(field, from: layer) }
        fields = DirectFieldSet(rawValue: (1 << UInt32(DirectField.allCases.count)) - 1)
    }
}
