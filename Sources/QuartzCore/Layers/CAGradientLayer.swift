import Foundation
import LaminaCompositor

/// A layer that fills its (rounded) shape with a gradient over its background colour (Apple's
/// CAGradientLayer, reference §4.2), as data. Points are in unit coordinates of the bounds
/// ((0, 0) is the visual top-left on iOS, so the default runs top to bottom).
open class CAGradientLayer: CALayer {
    package struct Gradient {
        var colors: [Any]?
        var locations: [NSNumber]?
        var startPoint = CGPoint(x: 0.5, y: 0)
        var endPoint = CGPoint(x: 0.5, y: 1)
        var type: CAGradientLayerType = .axial
    }

    package var gradient = Gradient()

    /// A CAGradientLayer with Apple's default values.
    public override init() { super.init() }

    /// A presentation copy of `layer`: CALayer's properties and, when `layer` is a CAGradientLayer, its own (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer { gradient = other.gradient }
    }

    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) { return nil }

    private func set<T>(_ key: String, _ kp: WritableKeyPath<Gradient, T>, _ value: T, same: (T, T) -> Bool) {
        let old = gradient[keyPath: kp]
        guard !same(old, value) else { return }
        changeValue(forKey: key, oldValue: AnyOptional.flatten(old)) { _ in self.gradient[keyPath: kp] = value }
    }

    /// The stop colours (CGColor), default nil. Animatable.
    open var colors: [Any]? {
        get { gradient.colors }
        set { set("colors", \.colors, newValue, same: ValueCodec<[Any]?>.colorArray.equal) }
    }
    /// Stop positions in [0, 1], increasing; nil spreads the colours evenly. Animatable.
    open var locations: [NSNumber]? { get { gradient.locations } set { set("locations", \.locations, newValue, same: ==) } }
    /// Default (0.5, 0). Animatable.
    open var startPoint: CGPoint { get { gradient.startPoint } set { set("startPoint", \.startPoint, newValue, same: ==) } }
    /// Default (0.5, 1). Animatable.
    open var endPoint: CGPoint { get { gradient.endPoint } set { set("endPoint", \.endPoint, newValue, same: ==) } }
    /// Default axial.
    open var type: CAGradientLayerType { get { gradient.type } set { set("type", \.type, newValue, same: ==) } }

    package override class var propertyTable: LayerPropertyTable { CAGradientLayer.table }

    private static let table: LayerPropertyTable = {
        typealias P = LayerProperty
        let D = Gradient()
        return CALayer.baseTable.adding([
            // The node writers put each animatable value where RenderNodeKind(layer:) puts it.
            P.make("colors", \CAGradientLayer.colors, .colorArray, default: nil, animates: true, zero: .some(nil),
                   node: { node, v in node.editGradient { $0.colors = (v ?? []).compactMap { $0 as? CGColor } } }),
            P.make("locations", \CAGradientLayer.locations, .numberArray, default: nil, animates: true, zero: .some(nil),
                   node: { node, v in node.editGradient { $0.locations = v?.map(\.doubleValue) } }),
            P.make("startPoint", \CAGradientLayer.startPoint, .point, default: D.startPoint, animates: true, zero: .zero,
                   node: { node, v in node.editGradient { $0.startPoint = v } }),
            P.make("endPoint", \CAGradientLayer.endPoint, .point, default: D.endPoint, animates: true, zero: .zero,
                   node: { node, v in node.editGradient { $0.endPoint = v } }),
            P.make("type", \CAGradientLayer.type, .stringEnum, default: D.type, animates: false),
        ])
    }()
}
