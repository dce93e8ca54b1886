import Foundation

/// The CALayer fields the engine reads and writes without closures: what the shortcut writes
/// directly and what `PresentedLayerValues` holds. Case names are the property keys.
///
/// The value rule of these fields (kinds, NaN refusal) lives in one place,
/// `PresentedLayerValues.write`; every way of writing a field — the general evaluation, the
/// shortcuts, presentation copies, `PresentedProperty` — goes through it.
package enum DirectField: UInt8, CaseIterable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, opacity
    case cornerRadius, borderWidth, shadowOpacity, shadowOffset, shadowRadius, contentsRect, contentsCenter
    case contentsScale, rasterizationScale, minificationFilterBias, backgroundColor, borderColor, shadowColor
    case hidden, masksToBounds, doubleSided, shouldRasterize

    /// The property's key-value coding key ("position", "hidden", "doubleSided").
    package var key: String { Self.keys[Int(rawValue)] }
    private static let keys = allCases.map { "\($0)" }

    /// Stores `value` into `layer`'s property as `PresentedLayerValues.write` decides (values
    /// of another kind and NaN are not stored).
    @inline(__always)
    package func write(_ value: AnimatableValue, to layer: CALayer) {
        var scratch = PresentedLayerValues()
        if scratch.write(self, value) { scratch.store(self, into: &layer.props) }
    }
}
