/// A layer of the model as the render server sees it: an opaque object only the model's own
/// code reads or draws (QuartzCore's CALayer conforms). The server never looks inside one.
///
/// It meets one in two places. A `PresentedProperty` of a property that is not a
/// `DirectField` reads and writes it through the model's accessors (the model's presentation
/// path does, on presentation copies). And a committed layer whose animations write a property
/// with no render-node field of its own — a subclass's custom key drawn by its `draw(in:)` —
/// keeps a detached copy of the layer taken at commit: the frame hands the presented values to
/// it and takes back the node it draws with them, as Apple's render server leaves such content
/// to the app's process (the one legitimate model call of a frame; everything else is drawn
/// from the node's plain values).
package protocol ModelLayerContent: AnyObject {
    /// The node this layer draws with `values` (the fields in `values.fields`) and `extras`
    /// presented over its own values: the model's code draws a copy holding them. The node's
    /// id, children, mask and transition are the caller's to set.
    func presentedNode(values: PresentedLayerValues, extras: [PresentedExtra]) -> RenderNode
}

/// How the render server reads and writes one animated property.
///
/// `DirectField`s (geometry, opacity, colours, transforms…) are read and written in
/// `PresentedLayerValues` with no closure. Every other property (subclass properties such as
/// a shape's `strokeEnd` or a gradient's `colors`, `contents`, `shadowPath`, custom keys) is
/// written into the node through `writeNode` when it has a node field of its own, and is
/// otherwise read and written on a model layer through the model's accessors (`read`,
/// `write`: opaque closures made by the model).
package struct PresentedProperty: @unchecked Sendable {
    /// The property's key ("position").
    package let key: String
    /// The current value on a model layer; nil when the property holds nil (no colour, no
    /// path, no contents).
    package let read: (any ModelLayerContent) -> AnimatableValue?
    /// Stores a presented value into a model layer (a presentation copy, whose setters just
    /// store).
    package let write: (any ModelLayerContent, AnimatableValue) -> Void
    /// Set for the fields the engine's shortcut writes without closures.
    package var field: DirectField?
    /// Writes a presented value straight into a render node (after the same conversion `write`
    /// makes against the value `like` holds); nil when the property has no node field of its
    /// own, so a frame has the model draw it (`ModelLayerContent.presentedNode`).
    package var writeNode: ((inout RenderNode, AnimatableValue, _ like: (any ModelLayerContent)?) -> Bool)?

    package init(key: String,
                 read: @escaping (any ModelLayerContent) -> AnimatableValue?,
                 write: @escaping (any ModelLayerContent, AnimatableValue) -> Void,
                 field: DirectField? = nil,
                 writeNode: ((inout RenderNode, AnimatableValue, _ like: (any ModelLayerContent)?) -> Bool)? = nil) {
        self.key = key
        self.read = read
        self.write = write
        self.field = field
        self.writeNode = writeNode
    }

    /// The accessor of a `DirectField` for a tree built without a model (tests, hand-built
    /// trees): values live in `PresentedLayerValues`, so the model accessors read nothing and
    /// write nothing.
    package init(field: DirectField) {
        self.init(key: field.key, read: { _ in nil }, write: { _, _ in }, field: field)
    }
}

/// One property an animation writes.
package struct AnimatedProperty {
    package let accessor: PresentedProperty
    /// What the property reads as while it holds nil (transparent black for a nil colour, the
    /// empty path…), of the kind of the animation's values.
    package let neutral: AnimatableValue?

    package init(accessor: PresentedProperty, neutral: AnimatableValue?) {
        self.accessor = accessor
        self.neutral = neutral
    }
}

/// The presented value of an animated property that is not a `DirectField`.
package struct PresentedExtra {
    /// The property (its key, and how to store the value).
    package let property: PresentedProperty
    package var value: AnimatableValue

    package init(property: PresentedProperty, value: AnimatableValue) {
        self.property = property
        self.value = value
    }
}
