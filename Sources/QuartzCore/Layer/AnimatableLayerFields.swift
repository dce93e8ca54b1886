import Foundation

/// The declaration of CALayer's fast animatable fields: every fact about each of them, once.
///
/// Everything that handles these fields field by field is generated from this table by
/// `LayerFieldGenerator` (Tests/QuartzCoreTests/Fields), which writes the render server's
/// `LaminaCompositor/Server/DirectField+Generated.swift` (the `DirectField` cases,
/// `LayerFieldValues` — the one storage of the fields, with Apple's defaults, held by the
/// model's `LayerProperties.animatable` and the server's `PresentedLayerValues` — and the
/// read/write/copy switches, the render-node writes), QuartzCore's
/// `Engine/DirectField+Layer+Generated.swift` (the model's default colours, load from and store
/// into a layer, the key-value/archive table entries) and the marked region of
/// `Layer/CALayer.swift` (the public properties, whose setters apply the NaN rule and go
/// through the change funnel). Edit this table, then run
/// `Scripts/generate-layer-fields.sh`; the test `LayerFieldGenerationTests` fails while a
/// generated file is stale. The hot paths stay switches over `DirectField` (no key paths or
/// closures per frame): the table is read by the generator, not at run time.
///
/// Order: `PresentedLayerValues` stores the fields in this order and `DirectField` numbers
/// them in it, so the fields most animations write come first (they share the first cache
/// lines of a frame's per-layer entry: a frame over thousands of layers is bound by memory).
package struct AnimatableLayerField: Sendable {
    /// The value kind: the Swift types of the model and presented storage and the
    /// `AnimatableValue` case the field reads and writes as.
    package enum Kind: String, Sendable, CaseIterable {
        /// `CGFloat`, read and written as `.scalar`.
        case cgFloat
        /// `Float`, read and written as `.scalar` (stored with Float rounding).
        case float
        case bool, point, size, rect, transform
        /// Model: `CGColor?`; presented: `RGBAColor?` (plain data); `.color`, nil for no colour.
        case color
    }

    /// What happens to NaN (a NaN number, or a NaN coordinate of a point or rect).
    package enum NaNRule: String, Sendable {
        /// Refused on every path: the model setter reports `invalidGeometry` and keeps the old
        /// value (so key-value coding and the archive, which set through it, refuse it too),
        /// and an animation's NaN value is not presented (the field keeps its value).
        case refused
        /// The model stores NaN as given (Apple raises on none of these); an animation's NaN
        /// value is not presented.
        case refusedWhenPresented
        /// Stored as given on every path (matrices, sizes and unit rects, whose NaN parts the
        /// compositor treats as it does any non-finite geometry).
        case stored
    }

    /// The key-value key, the `DirectField` case and the event key ("hidden", "doubleSided").
    package let key: String
    /// The Swift property: on `CALayer`, `LayerProperties`, `PresentedLayerValues` ("isHidden").
    package let name: String
    package let kind: Kind
    /// The `RenderNode` field the value is drawn from; nil: it does not draw (no node field).
    package let node: String?
    /// Apple's default, as the Swift expression `LayerProperties` initialises the field with.
    package let defaultValue: String
    /// Whether a change gets the built-in implicit animation (§5.1, Table B-1).
    package let implicitlyAnimates: Bool
    /// The `ValueCodec` used by key-value coding and the JSON archive.
    package let codec: String
    package let nan: NaNRule
    /// A CALayer method the model setter calls with the old value after the change funnel
    /// ("postOrderEvent(wasHidden:)"): a side effect of the property beyond its value.
    package let didChange: String?
    /// The doc comment of the CALayer property (the NaN rule and animatability are added).
    package let doc: String

    package init(_ key: String, _ name: String, _ kind: Kind, node: String?, default defaultValue: String,
                 animates: Bool, codec: String, nan: NaNRule, didChange: String? = nil, doc: String) {
        self.key = key; self.name = name; self.kind = kind; self.node = node
        self.defaultValue = defaultValue; self.implicitlyAnimates = animates; self.codec = codec; self.nan = nan
        self.didChange = didChange; self.doc = doc
    }

    /// Every fast animatable field of CALayer (reference §1.2 for the defaults; `doubleSided`
    /// has no default action, §2.9.1).
    package static let all: [AnimatableLayerField] = [
        .init("opacity", "opacity", .float, node: "opacity", default: "1",
              animates: true, codec: "float", nan: .refusedWhenPresented,
              doc: "0…1, multiplies the layer and its subtree (§3.4)."),
        .init("position", "position", .point, node: "position", default: ".zero",
              animates: true, codec: "point", nan: .refused,
              doc: "Where the anchor point lies in the superlayer's bounds space (points)."),
        .init("bounds", "bounds", .rect, node: "bounds", default: ".zero",
              animates: true, codec: "rect", nan: .refused,
              doc: "The layer's own coordinate space: origin (what sublayer positions are relative to) and size, in points. Negative sizes are stored as given."),
        .init("transform", "transform", .transform, node: "transform", default: "CATransform3DIdentity",
              animates: true, codec: "transform", nan: .stored,
              doc: "Applied about the anchor point (§2.6.1)."),
        .init("hidden", "isHidden", .bool, node: "isHidden", default: "false",
              animates: true, codec: "bool", nan: .stored,
              didChange: "postOrderEvent(wasHidden:)",
              doc: "Hides the layer and its whole subtree. A change posts kCAOnOrderOut or kCAOnOrderIn (§5.5.1)."),
        .init("masksToBounds", "masksToBounds", .bool, node: "masksToBounds", default: "false",
              animates: true, codec: "bool", nan: .stored,
              doc: "Clips contents, sublayers and the layer's own shadow to the (rounded) bounds (§3.2)."),
        .init("doubleSided", "isDoubleSided", .bool, node: "isDoubleSided", default: "true",
              animates: false, codec: "bool", nan: .stored,
              doc: "When false the layer is not drawn while facing away."),
        .init("shouldRasterize", "shouldRasterize", .bool, node: "shouldRasterize", default: "false",
              animates: true, codec: "bool", nan: .stored,
              doc: "Render the subtree once into a cached bitmap."),
        .init("shadowOpacity", "shadowOpacity", .float, node: "shadowOpacity", default: "0",
              animates: true, codec: "float", nan: .refusedWhenPresented,
              doc: "0 (default) hides the shadow."),
        .init("zPosition", "zPosition", .cgFloat, node: "zPosition", default: "0",
              animates: true, codec: "cgFloat", nan: .refused,
              doc: "The z component of the position in the superlayer (points); also orders siblings for drawing (§1.4)."),
        .init("anchorPoint", "anchorPoint", .point, node: "anchorPoint", default: "CGPoint(x: 0.5, y: 0.5)",
              animates: true, codec: "point", nan: .refused,
              doc: "The pivot of position and transform in unit coordinates of the bounds ((0, 0) is the visual top-left on iOS); values outside the unit square are kept."),
        .init("anchorPointZ", "anchorPointZ", .cgFloat, node: "anchorPointZ", default: "0",
              animates: true, codec: "finiteCGFloat", nan: .refused,
              doc: "The z component of the anchor point (points) (§1.4.3)."),
        .init("cornerRadius", "cornerRadius", .cgFloat, node: "cornerRadius", default: "0",
              animates: true, codec: "cgFloat", nan: .refusedWhenPresented,
              doc: "Radius of the rounded corners of background and border (points)."),
        .init("borderWidth", "borderWidth", .cgFloat, node: "borderWidth", default: "0",
              animates: true, codec: "cgFloat", nan: .refusedWhenPresented,
              doc: "Border inset from the bounds (points)."),
        .init("shadowOffset", "shadowOffset", .size, node: "shadowOffset", default: "CGSize(width: 0, height: -3)",
              animates: true, codec: "size", nan: .stored,
              doc: "Default (0, −3) points."),
        .init("shadowRadius", "shadowRadius", .cgFloat, node: "shadowRadius", default: "3",
              animates: true, codec: "cgFloat", nan: .refusedWhenPresented,
              doc: "Blur radius, default 3 points."),
        .init("contentsRect", "contentsRect", .rect, node: "contentsRect", default: "CGRect(x: 0, y: 0, width: 1, height: 1)",
              animates: true, codec: "rect", nan: .stored,
              doc: "The part of the image shown, in unit coordinates."),
        .init("contentsCenter", "contentsCenter", .rect, node: "contentsCenter", default: "CGRect(x: 0, y: 0, width: 1, height: 1)",
              animates: true, codec: "rect", nan: .stored,
              doc: "The stretchable part of the image, in unit coordinates."),
        .init("contentsScale", "contentsScale", .cgFloat, node: "contentsScale", default: "1",
              animates: true, codec: "cgFloat", nan: .refusedWhenPresented,
              doc: "Image pixels per point. Default 1."),
        .init("rasterizationScale", "rasterizationScale", .cgFloat, node: "rasterizationScale", default: "1",
              animates: true, codec: "cgFloat", nan: .refusedWhenPresented,
              doc: "Pixels per point of the rasterized bitmap. Default 1."),
        .init("minificationFilterBias", "minificationFilterBias", .float, node: nil, default: "0",
              animates: true, codec: "float", nan: .refusedWhenPresented,
              doc: "Mip-level bias for trilinear minification."),
        .init("backgroundColor", "backgroundColor", .color, node: "backgroundColor", default: "nil",
              animates: true, codec: "color", nan: .stored,
              doc: "Fills the bounds (rounded by cornerRadius). Default nil."),
        .init("borderColor", "borderColor", .color, node: "borderColor", default: "CGColor(gray: 0, alpha: 1)",
              animates: true, codec: "color", nan: .stored,
              doc: "Default opaque black."),
        .init("shadowColor", "shadowColor", .color, node: "shadowColor", default: "CGColor(gray: 0, alpha: 1)",
              animates: true, codec: "color", nan: .stored,
              doc: "Default opaque black."),
        .init("sublayerTransform", "sublayerTransform", .transform, node: "sublayerTransform", default: "CATransform3DIdentity",
              animates: true, codec: "transform", nan: .stored,
              doc: "Applied to the sublayers about this layer's anchor point (§2.6.2)."),
    ]
}
