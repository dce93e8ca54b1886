import Foundation
import LaminaCompositor

/// The shape particles are emitted from (Apple's CAEmitterLayerEmitterShape). Sizes come from
/// `emitterSize` (and `emitterDepth`); circle and sphere have radius `emitterSize.width`.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A single point at `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A horizontal line of length `emitterSize.width`, centred on `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize`, centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth`, centred on `emitterPosition` and `emitterZPosition`.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width`, centred on `emitterPosition`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width`, centred on `emitterPosition` and `emitterZPosition`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Where on the shape particles start (Apple's CAEmitterLayerEmitterMode).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// From the shape's corners (a point, circle or sphere emits from its centre).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// From the shape's edges.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// From the shape's surface (the area of a 2D shape).
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// From anywhere inside the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order particles are composited in (Apple's CAEmitterLayerRenderMode); `additive`
/// adds them (plusLighter) instead of drawing them over each other.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Particles drawn in no particular order (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest particles drawn first, so younger ones cover them.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The youngest particles drawn first, so older ones cover them.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Particles sorted by depth (z) and drawn back to front.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles added together (plusLighter), so overlaps brighten, as for fire and glows.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A particle emitter (Apple's CAEmitterLayer), as data: its cells define the particles; the
/// layer places the emission shape and scales every cell's rates.
///
/// "The simulation starts at layer's beginTime" (CAEmitterLayer.h): particles are a function
/// of the layer's local time, evaluated in closed form by the compositor at each frame
/// (`ParticleEvaluator`), so any frame at any time renders the same — whatever the frame rate
/// or order. A rate change takes effect at the commit that carries it: setting
/// `birthRate = 0` stops births and lets the live particles die out, and an animated birth
/// rate bears as many particles as its integral over time
/// (CAEmitterLayer+BirthRateHistory.swift). Particles are drawn after the background and
/// contents, before the sublayers: flattened into the layer's plane (z only orders
/// `backToFront`), or with `preservesDepth` in 3-D (see its comment). At most
/// `maxLiveParticles` particles show per emitter.
open class CAEmitterLayer: CALayer {
    /// Most particles one emitter shows at once (the newest are kept): bounds memory and time
    /// for absurd birth rates.
    public static let maxLiveParticles = ParticleEvaluator.maxLiveParticles

    package struct Emission {
        var emitterCells: [CAEmitterCell]?
        var birthRate: Float = 1
        var lifetime: Float = 1
        var emitterPosition = CGPoint.zero
        var emitterZPosition: CGFloat = 0
        var emitterSize = CGSize.zero
        var emitterDepth: CGFloat = 0
        var emitterShape = CAEmitterLayerEmitterShape.point
        var emitterMode = CAEmitterLayerEmitterMode.volume
        var renderMode = CAEmitterLayerRenderMode.unordered
        var preservesDepth = false
        var velocity: Float = 1
        var scale: Float = 1
        var spin: Float = 1
        var seed: UInt32 = 0
    }

    package var emission = Emission()
    /// The birth rate's committed history (CAEmitterLayer+BirthRateHistory.swift).
    package var birthRateRecord = BirthRateRecord()

    /// An emitter with Apple's defaults: no cells, a point shape at the origin, rates of 1.
    public override init() { super.init() }

    /// A copy for presentation: the cells are copied too, so presented values written into
    /// them (animations of "emitterCells.NAME.…") never reach the model's cells.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEmitterLayer {
            emission = other.emission
            birthRateRecord = other.birthRateRecord
            emission.emitterCells = other.emission.emitterCells?.map { $0.deepCopy() }
        }
    }

    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) { return nil }

    /// Also "emitterCells.NAME.KEY": a property of the cell named NAME
    /// (CAEmitterLayer+KeyPaths.swift).
    open override func value(forKeyPath keyPath: String) -> Any? {
        if let property = cellProperty(keyPath: keyPath) { return property.get(self) }
        return super.value(forKeyPath: keyPath)
    }

    /// Also "emitterCells.NAME.KEY": sets the property of the cell named NAME, recorded as a
    /// change of the layer (so it reaches the render tree at the next commit). Unknown cell
    /// names are reported and ignored.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if setCellValue(value, forKeyPath: keyPath) { return }
        super.setValue(value, forKeyPath: keyPath)
    }

    private func set<T: Equatable>(_ key: String, _ kp: WritableKeyPath<Emission, T>, _ value: T) {
        let old = emission[keyPath: kp]
        guard old != value else { return }
        changeValue(forKey: key, oldValue: AnyOptional.flatten(old)) { _ in self.emission[keyPath: kp] = value }
    }

    /// A multiplier; NaN is refused (and reported), the old value kept.
    private func setMultiplier(_ key: String, _ kp: WritableKeyPath<Emission, Float>, _ value: Float) {
        guard !value.isNaN else {
            LayerDiagnostics.report(.invalidValue(operation: "CAEmitterLayer.\(key)", detail: "NaN is not a value; the old value is kept"))
            return
        }
        set(key, kp, value)
    }

    /// The cells emitted (each may emit sub-cells). Default nil. Not animatable.
    open var emitterCells: [CAEmitterCell]? {
        get { emission.emitterCells }
        set {
            let old = emission.emitterCells
            if old == nil && newValue == nil { return }
            if let old, let new = newValue, old.count == new.count, zip(old, new).allSatisfy({ $0 === $1 }) { return }
            changeValue(forKey: "emitterCells", oldValue: old) { _ in self.emission.emitterCells = newValue }
        }
    }
    /// Multiplies every cell's birth rate. Default 1. Animatable.
    open var birthRate: Float { get { emission.birthRate } set { setMultiplier("birthRate", \.birthRate, newValue) } }
    /// Multiplies every cell's lifetime (and its range). Default 1. Animatable.
    open var lifetime: Float { get { emission.lifetime } set { setMultiplier("lifetime", \.lifetime, newValue) } }
    /// Centre of the emission shape, in the layer's bounds space. Default (0, 0). Animatable.
    open var emitterPosition: CGPoint { get { emission.emitterPosition } set { set("emitterPosition", \.emitterPosition, newValue) } }
    /// Default 0. Animatable.
    open var emitterZPosition: CGFloat { get { emission.emitterZPosition } set { set("emitterZPosition", \.emitterZPosition, newValue) } }
    /// Size of the emission shape (points). Default (0, 0). Animatable.
    open var emitterSize: CGSize { get { emission.emitterSize } set { set("emitterSize", \.emitterSize, newValue) } }
    /// Default 0. Animatable.
    open var emitterDepth: CGFloat { get { emission.emitterDepth } set { set("emitterDepth", \.emitterDepth, newValue) } }
    /// Default point.
    open var emitterShape: CAEmitterLayerEmitterShape { get { emission.emitterShape } set { set("emitterShape", \.emitterShape, newValue) } }
    /// Default volume.
    open var emitterMode: CAEmitterLayerEmitterMode { get { emission.emitterMode } set { set("emitterMode", \.emitterMode, newValue) } }
    /// Default unordered.
    open var renderMode: CAEmitterLayerRenderMode { get { emission.renderMode } set { set("renderMode", \.renderMode, newValue) } }
    /// Whether particles keep their depth (true) or are flattened into the layer's plane
    /// (false, the default).
    ///
    /// Apple: "Defines whether the layer flattens the particles into its plane. If true, the
    /// layer behaves as if it were a CATransformLayer with the particles rendered as sublayers
    /// in 3D" (z from `emitterZPosition`, `emitterDepth`, `zAcceleration`, a velocity with
    /// `emissionLatitude`). [H:CAEmitterLayer] DOC; reference §2.8.3 DOC.
    ///
    /// Lamina, true: each particle is a quad parallel to the layer's plane at its own z, seen
    /// through the layer's transform and its superlayers' sublayerTransforms without being
    /// flattened first — under a perspective (`sublayerTransform.m34`) a particle in front of
    /// the plane shows larger and further from the vanishing point, one behind it smaller and
    /// nearer; particles at or behind the eye are not drawn. The compositor draws each where
    /// the eye sees it on the layer's plane, at the size it appears there (exact: the
    /// projection between parallel planes is a homothety; ParticleProjection.swift), so
    /// particles cost no surface or projective draw of their own and a frame still depends only
    /// on its time. Choices where Apple is silent (UNCERTAIN):
    /// - `renderMode = .backToFront` sorts by depth as the viewer sees it (the emitter's 3-D
    ///   context's space, where transform-layer planes are sorted; nearer drawn later), not by
    ///   the layer's own z. `unordered`, `oldestFirst`, `oldestLast` and `additive` keep their
    ///   own order in 3-D too (a CATransformLayer would sort every sublayer by depth; the
    ///   named order is kept because it is what the mode asks for).
    /// - Particles take part in the depth order of the planes around them, each as a point
    ///   (ParticleDepthRuns.swift): inside a CATransformLayer they are sorted among the
    ///   context's planes — a sibling plane hides those behind it and not those in front,
    ///   whatever the sublayer order — and drawn in runs between them, never clipped to the
    ///   pieces the sort cuts the emitter's plane into; the emitter's own plane (background,
    ///   contents, flattened sublayers, border) is one plane of that sort, so its opaque
    ///   background hides its particles behind it. Outside such a context, the emitter's own
    ///   sublayers (flattened into its plane) hide the particles behind the plane and are
    ///   covered by the others, while its background and contents stay under every particle
    ///   ("the particles are drawn above the backgroundColor", CAEmitterLayer.h). A particle
    ///   in a plane (within 1/1000 pt) is drawn over it; a sprite straddling a plane is drawn
    ///   wholly on its centre's side.
    /// - `masksToBounds` clips particles where they show on the plane, not in 3-D.
    /// - A sprite keeps the orientation of the layer's plane (no billboarding): turning the
    ///   emitter away foreshortens its particles as it does the layer. Since particles are
    ///   drawn through the plane, an emitter seen edge-on shows none, off-plane ones included.
    /// Tested: EmitterPreservesDepthTests, EmitterParticleDepthRunsTests.
    open var preservesDepth: Bool { get { emission.preservesDepth } set { set("preservesDepth", \.preservesDepth, newValue) } }
    /// Multiplies every cell's velocity. Default 1. Animatable.
    open var velocity: Float { get { emission.velocity } set { setMultiplier("velocity", \.velocity, newValue) } }
    /// Multiplies every cell's scale. Default 1. Animatable.
    open var scale: Float { get { emission.scale } set { setMultiplier("scale", \.scale, newValue) } }
    /// Multiplies every cell's spin. Default 1. Animatable.
    open var spin: Float { get { emission.spin } set { setMultiplier("spin", \.spin, newValue) } }
    /// Seeds every particle's random values. Default 0.
    open var seed: UInt32 { get { emission.seed } set { set("seed", \.seed, newValue) } }

    /// Whether the emitter shows particles that change with time (hosts keep drawing frames
    /// while one does): some enabled cell emits with a positive rate and lifetime.
    /// (Particles born before rates were set to 0 are `mayShowEarlierParticles(at:)`.)
    package var emitsParticles: Bool {
        guard !isHidden, birthRate > 0, lifetime > 0 else { return false }
        return (emitterCells ?? []).contains { $0.isEnabled && $0.birthRate > 0 && $0.lifetime + abs($0.lifetimeRange) > 0 }
    }

    package override class var propertyTable: LayerPropertyTable { CAEmitterLayer.table }

    /// `seed`: KVC takes any number (rounded; out of range gives 0); the archive only whole
    /// numbers 0…4294967295, so a typo never silently seeds 0.
    private static let seedCodec: ValueCodec<UInt32> = {
        let lenient = ValueCodec<UInt32>.number({ UInt32(exactly: $0.rounded()) ?? 0 }, { Double($0) })
        let expected = "an integer from 0 to 4294967295"
        return ValueCodec(expected: lenient.expected, fromAny: lenient.fromAny, toAny: lenient.toAny, equal: lenient.equal,
                          encode: lenient.encode, decode: { json, _ in
                              guard case .number(let d) = json, let v = UInt32(exactly: d) else {
                                  throw ArchiveValueError(expected: expected, got: json)
                              }
                              return v
                          })
    }()

    private static let table: LayerPropertyTable = {
        typealias P = LayerProperty
        typealias L = CAEmitterLayer
        let D = Emission()
        func flt(_ k: String, _ kp: ReferenceWritableKeyPath<L, Float>) -> P { P.make(k, kp, .float, default: 1, animates: true, zero: 0) }
        let cells = P.custom("emitterCells", expected: "an array of CAEmitterCell",
                     get: { ($0 as? L)?.emitterCells },
                     set: { layer, v in
                         guard let l = layer as? L else { return false }
                         if v == nil { l.emitterCells = nil; return true }
                         guard let a = v as? [Any] else { return false }
                         let cells = a.compactMap { $0 as? CAEmitterCell }
                         guard cells.count == a.count else { return false }
                         l.emitterCells = cells
                         return true
                     })
        // Archived as an array of cell objects (EmitterCellArchive), nested cells inside.
        let archivedCells = LayerProperty(
            key: cells.key, implicitlyAnimates: false, reportedDefault: nil, expected: cells.expected,
            get: cells.get, set: cells.set,
            archive: LayerProperty.Archive(
                encode: { layer in
                    guard let cells = (layer as? L)?.emitterCells else { return nil }
                    return try EmitterCellArchive.encode(cells)
                },
                decode: { json, layer, context in
                    (layer as? L)?.emitterCells = try EmitterCellArchive.decode(json, context: context)
                }),
            holds: cells.holds, writeNode: nil)
        return CALayer.baseTable.adding([
            archivedCells,
            flt("birthRate", \.birthRate), flt("lifetime", \.lifetime),
            P.make("emitterPosition", \L.emitterPosition, .point, default: D.emitterPosition, animates: true, zero: .zero),
            P.make("emitterZPosition", \L.emitterZPosition, .cgFloat, default: 0, animates: true, zero: 0),
            P.make("emitterSize", \L.emitterSize, .size, default: D.emitterSize, animates: true, zero: .zero),
            P.make("emitterDepth", \L.emitterDepth, .cgFloat, default: 0, animates: true, zero: 0),
            P.make("emitterShape", \L.emitterShape, .stringEnum, default: D.emitterShape, animates: false),
            P.make("emitterMode", \L.emitterMode, .stringEnum, default: D.emitterMode, animates: false),
            P.make("renderMode", \L.renderMode, .stringEnum, default: D.renderMode, animates: false),
            P.make("preservesDepth", \L.preservesDepth, .bool, default: false, animates: false, zero: false),
            flt("velocity", \.velocity), flt("scale", \.scale), flt("spin", \.spin),
            P.make("seed", \L.seed, seedCodec, default: 0, animates: false, zero: 0),
        ])
    }()
}
