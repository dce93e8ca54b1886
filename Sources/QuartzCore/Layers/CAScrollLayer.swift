import Foundation

/// A layer that shows a scrolled part of its sublayers by moving its bounds origin (Apple's
/// CAScrollLayer, §2.7.1). It does not clip unless `masksToBounds` is set.
open class CAScrollLayer: CALayer {
    package var scrollModeStorage: CAScrollLayerScrollMode = .both

    /// A CAScrollLayer with Apple's default values.
    public override init() { super.init() }

    /// A presentation copy of `layer`: CALayer's properties and, when `layer` is a CAScrollLayer, its own (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { scrollModeStorage = other.scrollModeStorage }
    }

    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) { return nil }

    /// The axes scrolling may change. Default both.
    open var scrollMode: CAScrollLayerScrollMode {
        get { scrollModeStorage }
        set {
            let old = scrollModeStorage
            guard old != newValue else { return }
            changeValue(forKey: "scrollMode", oldValue: old) { _ in self.scrollModeStorage = newValue }
        }
    }

    /// Moves the bounds origin to `p` (in this layer's coordinates), along the allowed axes.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        switch scrollMode {
        case .both: origin = p
        case .horizontally: origin.x = p.x
        case .vertically: origin.y = p.y
        default: return
        }
        guard origin.x.isFinite, origin.y.isFinite else { return }
        bounds.origin = origin
    }

    /// Scrolls the least distance that makes `r` (in this layer's coordinates) visible; when
    /// `r` is larger than the bounds, its minimum edge is shown.
    open func scroll(to r: CGRect) {
        let b = bounds
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ bLo: CGFloat, _ size: CGFloat) -> CGFloat {
            if hi - lo > size || lo < bLo { return lo }
            if hi > bLo + size { return hi - size }
            return bLo
        }
        scroll(to: CGPoint(x: axis(r.minX, r.maxX, b.minX, b.width), y: axis(r.minY, r.maxY, b.minY, b.height)))
    }

    package override class var propertyTable: LayerPropertyTable { CAScrollLayer.table }

    private static let table: LayerPropertyTable = CALayer.baseTable.adding([
        LayerProperty.make("scrollMode", \CAScrollLayer.scrollMode, .stringEnum, default: .both, animates: false),
    ])
}
