import Foundation

extension CALayer {
    /// Whether changing `key` on a layer of this class gets Core Animation's built-in implicit
    /// animation (when the layer is in a shown tree and no action says otherwise): the
    /// properties Apple's documentation marks "Animatable" — `position`, `bounds`, `opacity`,
    /// `transform`, `backgroundColor`, `cornerRadius`, a shape layer's `path`… — and not, say,
    /// `name` or `contentsGravity`. Lamina extension, for hosts and view layers that decide
    /// which changes of an animation block animate (as UIKit's view animations do) without a
    /// list of their own. Unknown keys give false.
    public class func animatesImplicitly(forKey key: String) -> Bool {
        propertyTable[key]?.implicitlyAnimates ?? false
    }
}
