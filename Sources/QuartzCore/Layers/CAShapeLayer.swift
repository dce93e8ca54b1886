import Foundation
import LaminaCompositor

/// A layer that draws a path (Apple's CAShapeLayer, reference §4.1), as data: the fill and
/// stroke are composited between the layer's contents and its first sublayer by the renderer.
/// The path is in the layer's own coordinates and is not clipped to the bounds.
open class CAShapeLayer: CALayer {
    package struct Shape {
        var path: CGPath?
        var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
        var fillRule: CAShapeLayerFillRule = .nonZero
        var strokeColor: CGColor?
        var strokeStart: CGFloat = 0
        var strokeEnd: CGFloat = 1
        var lineWidth: CGFloat = 1
        var miterLimit: CGFloat = 10
        var lineCap: CAShapeLayerLineCap = .butt
        var lineJoin: CAShapeLayerLineJoin = .miter
        var lineDashPhase: CGFloat = 0
        var lineDashPattern: [NSNumber]?
    }

    package var shape = Shape()

    /// A CAShapeLayer with Apple's default values.
    public override init() { super.init() }

    /// A presentation copy of `layer`: CALayer's properties and, when `layer` is a CAShapeLayer, its own (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer { shape = other.shape }
    }

    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) { return nil }

    private func set<T>(_ key: String, _ kp: WritableKeyPath<Shape, T>, _ value: T, same: (T, T) -> Bool) {
        let old = shape[keyPath: kp]
        guard !same(old, value) else { return }
        changeValue(forKey: key, oldValue: AnyOptional.flatten(old)) { _ in self.shape[keyPath: kp] = value }
    }

    private func set<T: Equatable>(_ key: String, _ kp: WritableKeyPath<Shape, T>, _ value: T) {
        set(key, kp, value, same: ==)
    }

    /// The shape (copied on assignment). Animatable, but no implicit animation.
    open var path: CGPath? { get { shape.path } set { set("path", \.path, newValue?.copy()) } }
    /// Default opaque black; nil: no fill. Animatable.
    open var fillColor: CGColor? { get { shape.fillColor } set { set("fillColor", \.fillColor, newValue) } }
    /// Default non-zero.
    open var fillRule: CAShapeLayerFillRule { get { shape.fillRule } set { set("fillRule", \.fillRule, newValue) } }
    /// Default nil (no stroke). Animatable.
    open var strokeColor: CGColor? { get { shape.strokeColor } set { set("strokeColor", \.strokeColor, newValue) } }
    /// Start of the stroked part, as a fraction of the path length. Default 0. Animatable.
    open var strokeStart: CGFloat { get { shape.strokeStart } set { set("strokeStart", \.strokeStart, newValue) } }
    /// End of the stroked part, as a fraction of the path length. Default 1. Animatable.
    open var strokeEnd: CGFloat { get { shape.strokeEnd } set { set("strokeEnd", \.strokeEnd, newValue) } }
    /// Stroke width in points. Default 1. Animatable.
    open var lineWidth: CGFloat { get { shape.lineWidth } set { set("lineWidth", \.lineWidth, newValue) } }
    /// Default 10. Animatable.
    open var miterLimit: CGFloat { get { shape.miterLimit } set { set("miterLimit", \.miterLimit, newValue) } }
    /// Default butt.
    open var lineCap: CAShapeLayerLineCap { get { shape.lineCap } set { set("lineCap", \.lineCap, newValue) } }
    /// Default miter.
    open var lineJoin: CAShapeLayerLineJoin { get { shape.lineJoin } set { set("lineJoin", \.lineJoin, newValue) } }
    /// Where in the dash pattern the stroke starts (points). Default 0. Animatable.
    open var lineDashPhase: CGFloat { get { shape.lineDashPhase } set { set("lineDashPhase", \.lineDashPhase, newValue) } }
    /// Painted and unpainted lengths (points), alternating; nil: solid. Not animatable.
    open var lineDashPattern: [NSNumber]? {
        get { shape.lineDashPattern }
        set { set("lineDashPattern", \.lineDashPattern, newValue) }
    }

    package override class var propertyTable: LayerPropertyTable { CAShapeLayer.table }

    private static let table: LayerPropertyTable = {
        typealias P = LayerProperty
        let D = Shape()
        // The node writers put each animatable value where RenderNodeKind(layer:) puts it.
        func num(_ k: String, _ kp: ReferenceWritableKeyPath<CAShapeLayer, CGFloat>, _ d: CGFloat,
                 _ field: WritableKeyPath<ShapeContent, CGFloat>) -> P {
            P.make(k, kp, .cgFloat, default: d, animates: true, zero: 0,
                   node: { node, v in node.editShape { $0[keyPath: field] = v } })
        }
        return CALayer.baseTable.adding([
            P.make("path", \CAShapeLayer.path, .path, default: nil, animates: false, zero: .some(nil),
                   node: { node, v in node.editShape { $0.path = v } }),
            P.make("fillColor", \CAShapeLayer.fillColor, .color, default: D.fillColor, animates: true, zero: .some(nil),
                   node: { node, v in node.editShape { $0.fillColor = v } }),
            P.make("fillRule", \CAShapeLayer.fillRule, .stringEnum, default: D.fillRule, animates: false),
            P.make("strokeColor", \CAShapeLayer.strokeColor, .color, default: D.strokeColor, animates: true, zero: .some(nil),
                   node: { node, v in node.editShape { $0.strokeColor = v } }),
            num("strokeStart", \.strokeStart, D.strokeStart, \.strokeStart),
            num("strokeEnd", \.strokeEnd, D.strokeEnd, \.strokeEnd),
            num("lineWidth", \.lineWidth, D.lineWidth, \.lineWidth),
            num("miterLimit", \.miterLimit, D.miterLimit, \.miterLimit),
            P.make("lineCap", \CAShapeLayer.lineCap, .stringEnum, default: D.lineCap, animates: false),
            P.make("lineJoin", \CAShapeLayer.lineJoin, .stringEnum, default: D.lineJoin, animates: false),
            num("lineDashPhase", \.lineDashPhase, D.lineDashPhase, \.lineDashPhase),
            P.make("lineDashPattern", \CAShapeLayer.lineDashPattern, .numberArray, default: nil, animates: false, zero: .some(nil)),
        ])
    }()
}
