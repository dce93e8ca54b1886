import Foundation

/// A renderer's per-frame path to presented values: evaluates every committed animation of a
/// layer tree at a media time into a reusable buffer, one `PresentedLayer` per animated layer,
/// without making presentation copies.
///
/// `presentation()` copies every layer of the tree (`init(layer:)`: the whole
/// `LayerProperties` with its colours, paths, dictionaries and `Any` values, plus an object per
/// layer); a renderer that only needs the animated values of the layers it draws pays for
/// none of that here. Per frame: one walk of the tree (local times as `presentation()`
/// computes them: the root's parent time is the media time), and for each layer with
/// committed animations its animated fields loaded from the model and the animations applied
/// by the same `AnimationEngine.applyAnimations` that presentation copies use. A steady-state
/// frame (same tree, same animations) allocates nothing: entries, their extras' storage and
/// the layers' compiled plans are reused.
///
/// The host's `applyPresentationValues(to:model:)` hook is not called (it adjusts presentation
/// copies). Not thread-safe: evaluate on the thread that owns the tree.
package final class PresentationEvaluator {
    /// The root of the tree evaluated (held strongly).
    package let root: CALayer
    private var storage: [PresentedLayer] = []
    /// How many entries of `storage` the last `evaluate(at:)` filled.
    package private(set) var count = 0

    package init(root: CALayer) {
        self.root = root
    }

    /// The animated layers of the last evaluation, root first, then in tree order (a layer's
    /// mask before its sublayers, as `AnimationEngine.tick` visits them). Valid until the next
    /// `evaluate(at:)`; do not keep the slice across frames (holding it makes the next frame
    /// copy the buffer).
    package var presented: ArraySlice<PresentedLayer> { storage[..<count] }

    /// Entry `i` (< `count`) of the last evaluation.
    package subscript(i: Int) -> PresentedLayer { storage[i] }

    /// Evaluates the tree at absolute media time `time` (NaN time: every layer's local time
    /// is NaN, so animations without effect leave model values).
    package func evaluate(at time: CFTimeInterval) {
        // The walk works on locals (moved out of the object and back), so it pays no
        // exclusivity check per layer for the evaluator's own storage.
        var walk = Walk(entries: [])
        swap(&walk.entries, &storage)
        walk.visit(root, parentTime: time)
        if walk.entries.count > walk.count {
            // Layers that left the tree are not kept alive by stale entries.
            walk.entries.removeSubrange(walk.count...)
        }
        swap(&walk.entries, &storage)
        count = walk.count
    }

    private struct Walk {
        var entries: [PresentedLayer]
        var count = 0

        mutating func visit(_ layer: CALayer, parentTime: Double) {
            let local = layer.localTime(fromParent: parentTime)
            if !layer.animationEntries.isEmpty { evaluate(layer, localTime: local) }
            if let mask = layer.maskStorage { visit(mask, parentTime: local) }
            for child in layer.sublayerStorage { visit(child, parentTime: local) }
        }

        mutating func evaluate(_ layer: CALayer, localTime: Double) {
            let plan = AnimationEngine.plan(for: layer)
            guard !plan.isEmpty else { return }
            if count == entries.count { entries.append(PresentedLayer(layer)) }
            entries[count].begin(layer)
            // Layers whose animations present nothing (transitions only) keep no entry: the
            // next animated layer reuses this one.
            if AnimationEngine.applyAnimations(of: layer, plan: plan, to: &entries[count], localTime: localTime) {
                count += 1
            }
        }
    }
}

/// One animated layer's presented values, as `PresentationEvaluator` fills them.
package struct PresentedLayer: PresentedValuesTarget {
    /// The model layer.
    package private(set) var layer: CALayer
    /// The presented values of its animated `LayerProperties` fields (see `values.fields`).
    package var values = PresentedLayerValues()
    /// The presented values of its other animated properties (subclass properties such as
    /// `strokeEnd`, `contents`, `shadowPath`, custom keys), in the order first written this
    /// frame. A property whose animations had no effect this frame is not listed.
    package var extras: [PresentedExtra] = []

    package init(_ layer: CALayer) { self.layer = layer }

    /// Starts a frame for `layer`: no field or extra holds a value yet (`prepare` loads the
    /// model values of the fields each animation writes before it applies).
    @inline(__always)
    mutating func begin(_ layer: CALayer) {
        if self.layer !== layer { self.layer = layer }
        values.fields = []
        if !extras.isEmpty { extras.removeAll(keepingCapacity: true) }
    }

    /// The presented value of property `key` when it is animated (a `DirectField` in
    /// `values.fields` or an extra); nil otherwise (the model value shows).
    package func presentedValue(forKey key: String) -> AnimatableValue? {
        if let field = DirectField.named(key) {
            return values.fields.contains(field) ? values.read(field) : nil
        }
        return extras.first { $0.property.key == key }?.value
    }

    /// Writes the presented values into `copy`, a layer holding `layer`'s model values: then
    /// it holds what `layer.presentation()` holds (before the host's adjustments).
    package func store(into copy: CALayer) {
        values.store(into: &copy.props)
        for extra in extras { extra.property.write(copy, extra.value) }
    }

    // MARK: PresentedValuesTarget (the model layer is what lies underneath)

    package func underlyingValue(_ property: AnimatedProperty) -> AnimatableValue? { property.accessor.read(layer) }

    @inline(__always)
    package mutating func loadUnderlying(_ field: DirectField) { values.load(field, from: layer) }
}

/// The presented value of an animated property that is not a `DirectField`.
package struct PresentedExtra {
    /// The property (its key, and how to store the value into a layer).
    package let property: PresentedProperty
    package var value: AnimatableValue
}

extension DirectField {
    /// The field whose property key is `key` ("position", "hidden"…).
    package static func named(_ key: String) -> DirectField? {
        allCases.first { "\($0)" == key }
    }
}
