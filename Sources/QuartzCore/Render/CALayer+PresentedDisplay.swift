import Foundation
import LaminaCompositor

// Custom animatable properties redraw while they animate (Apple, `needsDisplay(forKey:)`:
// "Animations changing the value of the attribute also trigger redisplay").
//
// The pattern is a CALayer subclass storing a property through `setValue(_:forKey:)` (the
// portable spelling of `@NSManaged`), naming it in `needsDisplay(forKey:)` and drawing it in
// `draw(in:)`. The model's backing store holds the drawing of the model value; while an
// animation presents another value, every frame draws the layer's presented copy instead — the
// copy made with `init(layer:)` that holds the presented values, as Apple calls `display()` on
// the presentation layer — and shows that image as the node's contents. When the animation
// ends there is no copy (or it holds the model's values) and the model's backing store shows
// again. Every path that draws a node from a copy goes through `drawPresentedContents`:
// presentation copies, transition snapshots, and the committed render tree's frames (windows,
// CLI, CARenderer, LayerRenderer and the goldens).
//
// Scope: keys stored with `setValue(_:forKey:)` (not built-in properties such as `bounds`,
// whose presented values the compositor draws itself). The copy is drawn through its own
// `draw(in:)` (and so a delegate's `draw(_:in:)`), not a delegate's `display(_:)`. Cost: one
// drawing per such layer per frame while the presented value differs from the model's.

extension CALayer {
    /// Whether this copy holds a value, for a key its class redraws for, that differs from
    /// `model`'s value of that key (so its drawing differs from the model's backing store).
    package func presentsDisplayValues(differentFrom model: CALayer) -> Bool {
        let extras = props.extraValues
        guard !extras.isEmpty else { return false }
        let cls = type(of: self)
        for (key, value) in extras where cls.needsDisplay(forKey: key) {
            if !Self.sameExtraValue(value, model.props.extraValues[key]) { return true }
        }
        return false
    }

    /// Equal hashable values, or the same object.
    private static func sameExtraValue(_ a: Any, _ b: Any?) -> Bool {
        guard let b else { return false }
        if let x = a as? AnyHashable, let y = b as? AnyHashable { return x == y }
        return sameObject(a, b)
    }
}

extension RenderNode {
    /// Puts what `shown` (a copy holding presented values) draws into `contents` when its
    /// presented values draw differently from `model`'s backing store: animated text
    /// (`drawPresentedText`) and custom keys named in `needsDisplay(forKey:)`.
    package mutating func drawPresentedContents(of shown: CALayer, over model: CALayer) {
        drawPresentedText(of: shown, over: model)
        guard shown !== model, shown.presentsDisplayValues(differentFrom: model) else { return }
        contents = RenderContents(layerContents: shown.drawBackingStore())
    }
}
