import Foundation
import LaminaCompositor

/// A layer that draws its sublayers `instanceCount` times, each copy shifted by
/// `instanceTransform` and tinted by the colour offsets (Apple's CAReplicatorLayer), as data.
/// Only the first instance is hit-tested (§1.7.6).
open class CAReplicatorLayer: CALayer {
    package struct Replication {
        var instanceCount = 1
        var preservesDepth = false
        var instanceDelay: CFTimeInterval = 0
        var instanceTransform = CATransform3DIdentity
        var instanceColor: CGColor?
        var instanceRedOffset: Float = 0
        var instanceGreenOffset: Float = 0
        var instanceBlueOffset: Float = 0
        var instanceAlphaOffset: Float = 0
    }

    package var replication = Replication()

    /// A CAReplicatorLayer with Apple's default values.
    public override init() { super.init() }

    /// A presentation copy of `layer`: CALayer's properties and, when `layer` is a CAReplicatorLayer, its own (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAReplicatorLayer { replication = other.replication }
    }

    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) { return nil }

    private func set<T: Equatable>(_ key: String, _ kp: WritableKeyPath<Replication, T>, _ value: T) {
        let old = replication[keyPath: kp]
        guard old != value else { return }
        changeValue(forKey: key, oldValue: AnyOptional.flatten(old)) { _ in self.replication[keyPath: kp] = value }
    }

    /// Number of copies, including the original. Default 1. Not animatable.
    open var instanceCount: Int { get { replication.instanceCount } set { set("instanceCount", \.instanceCount, newValue) } }
    /// Render the copies in 3D without flattening, like a CATransformLayer. Default false.
    open var preservesDepth: Bool { get { replication.preservesDepth } set { set("preservesDepth", \.preservesDepth, newValue) } }
    /// Time delay (seconds) between the copies' animations. Animatable.
    open var instanceDelay: CFTimeInterval { get { replication.instanceDelay } set { set("instanceDelay", \.instanceDelay, newValue) } }
    /// Applied once more to each next copy, about the replicator's anchor. Animatable.
    open var instanceTransform: CATransform3D {
        get { replication.instanceTransform }
        set { set("instanceTransform", \.instanceTransform, newValue) }
    }
    /// Multiplies the first copy's colour; nil means white. Animatable.
    open var instanceColor: CGColor? { get { replication.instanceColor } set { set("instanceColor", \.instanceColor, newValue) } }
    /// Added to the red component of the colour for each next copy. Animatable.
    open var instanceRedOffset: Float { get { replication.instanceRedOffset } set { set("instanceRedOffset", \.instanceRedOffset, newValue) } }
    /// Added to the green component of the colour for each next copy. Animatable.
    open var instanceGreenOffset: Float {
        get { replication.instanceGreenOffset }
        set { set("instanceGreenOffset", \.instanceGreenOffset, newValue) }
    }
    /// Added to the blue component of the colour for each next copy. Animatable.
    open var instanceBlueOffset: Float { get { replication.instanceBlueOffset } set { set("instanceBlueOffset", \.instanceBlueOffset, newValue) } }
    /// Added to the alpha component of the colour for each next copy (a negative value fades
    /// the copies out one after another). Animatable.
    open var instanceAlphaOffset: Float {
        get { replication.instanceAlphaOffset }
        set { set("instanceAlphaOffset", \.instanceAlphaOffset, newValue) }
    }

    package override class var propertyTable: LayerPropertyTable { CAReplicatorLayer.table }

    private static let table: LayerPropertyTable = {
        typealias P = LayerProperty
        let D = Replication()
        // The node writers put each animatable value where RenderNodeKind(layer:) puts it.
        func flt(_ k: String, _ kp: ReferenceWritableKeyPath<CAReplicatorLayer, Float>,
                 _ field: WritableKeyPath<ReplicatorContent, Float>) -> P {
            P.make(k, kp, .float, default: 0, animates: true, zero: 0,
                   node: { node, v in node.editReplicator { $0[keyPath: field] = v } })
        }
        return CALayer.baseTable.adding([
            P.make("instanceCount", \CAReplicatorLayer.instanceCount, .int, default: D.instanceCount, animates: false, zero: 0,
                   node: { node, v in node.editReplicator { $0.instanceCount = v } }),
            P.make("preservesDepth", \CAReplicatorLayer.preservesDepth, .bool, default: false, animates: false, zero: false),
            P.make("instanceDelay", \CAReplicatorLayer.instanceDelay, .double, default: 0, animates: true, zero: 0,
                   node: { node, v in node.editReplicator { $0.instanceDelay = v } }),
            P.make("instanceTransform", \CAReplicatorLayer.instanceTransform, .transform, default: D.instanceTransform, animates: true,
                   node: { node, v in node.editReplicator { $0.instanceTransform = v } }),
            P.make("instanceColor", \CAReplicatorLayer.instanceColor, .color, default: nil, animates: true, zero: .some(nil),
                   node: { node, v in node.editReplicator { $0.instanceColor = v } }),
            flt("instanceRedOffset", \.instanceRedOffset, \.instanceRedOffset),
            flt("instanceGreenOffset", \.instanceGreenOffset, \.instanceGreenOffset),
            flt("instanceBlueOffset", \.instanceBlueOffset, \.instanceBlueOffset),
            flt("instanceAlphaOffset", \.instanceAlphaOffset, \.instanceAlphaOffset),
        ])
    }()
}
