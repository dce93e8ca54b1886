/// Lamina extension: a font object `CATextLayer.font` accepts besides a `CGFont` or a font
/// name. On Apple's platforms the property also takes a CTFont, and UIKit's UIFont is
/// toll-free bridged to CTFont, so `textLayer.font = UIFont.boldSystemFont(ofSize: 17)` works;
/// UIKit's UIFont conforms to this protocol to do the same here. The layer draws with the face
/// `fontName` resolves to and, as Apple documents for font objects, ignores the object's own
/// size: `fontSize` sets the size.
public protocol CATextLayerFont: AnyObject {
    /// The font's PostScript or family name.
    var fontName: String { get }
    /// The font's size in points. `CATextLayer.font` ignores it (`fontSize` sets the size);
    /// a `.font` attribute of an attributed string uses it. 0 (the default): the layer's size.
    var pointSize: CGFloat { get }
}

extension CATextLayerFont {
    /// No size of its own: the layer's `fontSize` applies.
    public var pointSize: CGFloat { 0 }
}
