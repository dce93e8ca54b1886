import Foundation

/// The definition of a particle a `CAEmitterLayer` emits (Apple's CAEmitterCell), as data.
///
/// Every property has Apple's type and default (CAEmitterCell.h): birthRate, lifetime and
/// every range, speed and acceleration 0; `scale` 1; `color` opaque white; `contentsRect`
/// the unit rectangle; `contentsScale` 1; filters `linear`; `isEnabled` true. Angles are
/// radians, velocities points per second (in the emitter layer's bounds space), spin radians
/// per second, colour speeds component change per second; each `…Range` is the half-width of
/// a uniform spread about the mean (velocity 100 with velocityRange 20: 80…120).
///
/// As on Apple's platforms, a running emitter does not observe its cells: change a cell's
/// values through the layer (`emitterLayer.setValue(0, forKeyPath: "emitterCells.spark.birthRate")`),
/// or assign `emitterCells` again; a cell changed directly is picked up the next time the
/// layer itself is committed. Bad values are answered as Lamina answers them for layers:
/// NaN rates and times are refused (the old value is kept), negative birth rates and
/// lifetimes are stored but emit nothing, and a cell that would contain itself is refused;
/// each is reported through `LayerDiagnostics`.
open class CAEmitterCell: NSObject, CAMediaTiming {
    @dynamicMemberLookup
    package struct Values {
        var name: String?
        var isEnabled = true
        var birthRate: Float = 0
        var lifetime: Float = 0
        var lifetimeRange: Float = 0
        var emissionLatitude: CGFloat = 0
        var emissionLongitude: CGFloat = 0
        var emissionRange: CGFloat = 0
        var velocity: CGFloat = 0
        var velocityRange: CGFloat = 0
        var xAcceleration: CGFloat = 0
        var yAcceleration: CGFloat = 0
        var zAcceleration: CGFloat = 0
        var scale: CGFloat = 1
        var scaleRange: CGFloat = 0
        var scaleSpeed: CGFloat = 0
        var spin: CGFloat = 0
        var spinRange: CGFloat = 0
        var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
        var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
        var contents: Any?
        var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsScale: CGFloat = 1
        var minificationFilter = CALayerContentsFilter.linear.rawValue
        var magnificationFilter = CALayerContentsFilter.linear.rawValue
        var minificationFilterBias: Float = 0
        var emitterCells: [CAEmitterCell]?
        var style: [AnyHashable: Any]?
        /// CAMediaTiming (MediaTimingValues.swift): `values.beginTime` etc. through the subscript.
        var timing = MediaTimingValues()
        /// Values stored with `setValue(_:forKey:)` under keys that are no property.
        var extra: [String: Any] = [:]

        /// A CAMediaTiming value by name: `timing`'s.
        package subscript<T>(dynamicMember field: WritableKeyPath<MediaTimingValues, T>) -> T {
            get { timing[keyPath: field] }
            set { timing[keyPath: field] = newValue }
        }
    }

    package var values = Values()
    /// The birth rate's committed history (CAEmitterLayer+BirthRateHistory.swift).
    package var birthRateRecord = BirthRateRecord()

    /// A cell with Apple's defaults (emits nothing until given a birth rate and lifetime).
    public override init() { super.init() }

    /// A copy of this cell and, recursively, of its sub-cells (how a presentation layer and
    /// the render server hold cells: writes to the copy never reach the model's cells).
    package func deepCopy() -> CAEmitterCell {
        let copy = CAEmitterCell()
        copy.values = values
        copy.birthRateRecord = birthRateRecord
        copy.values.emitterCells = values.emitterCells?.map { $0.deepCopy() }
        return copy
    }

    // MARK: Identity

    /// The cell's name, used in key paths ("emitterCells.NAME.birthRate"). Default nil.
    open var name: String? { get { values.name } set { values.name = newValue } }
    /// Whether the cell emits. Default true.
    open var isEnabled: Bool { get { values.isEnabled } set { values.isEnabled = newValue } }

    // MARK: Emission

    /// Particles created per second (times the layer's birthRate). Default 0. Animatable.
    open var birthRate: Float { get { values.birthRate } set { store(\.birthRate, newValue, "birthRate", rate: true) } }
    /// Mean lifetime of a particle, seconds. Default 0. Animatable.
    open var lifetime: Float { get { values.lifetime } set { store(\.lifetime, newValue, "lifetime", rate: true) } }
    /// Half-width of the lifetime's spread, seconds. Default 0. Animatable.
    open var lifetimeRange: Float { get { values.lifetimeRange } set { store(\.lifetimeRange, newValue, "lifetimeRange") } }
    /// Angle out of the layer's x-y plane (towards +z), radians. Default 0. Animatable.
    open var emissionLatitude: CGFloat { get { values.emissionLatitude } set { store(\.emissionLatitude, newValue, "emissionLatitude") } }
    /// Angle in the x-y plane from +x towards +y, radians (on iOS +y is down). Default 0. Animatable.
    open var emissionLongitude: CGFloat { get { values.emissionLongitude } set { store(\.emissionLongitude, newValue, "emissionLongitude") } }
    /// Half-angle of the cone particles are spread over, radians. Default 0. Animatable.
    open var emissionRange: CGFloat { get { values.emissionRange } set { store(\.emissionRange, newValue, "emissionRange") } }
    /// Initial speed, points per second. Default 0. Animatable.
    open var velocity: CGFloat { get { values.velocity } set { store(\.velocity, newValue, "velocity") } }
    /// Half-width of the uniform spread of `velocity`, points per second. Default 0. Animatable.
    open var velocityRange: CGFloat { get { values.velocityRange } set { store(\.velocityRange, newValue, "velocityRange") } }
    /// Constant acceleration, points per second². Default 0. Animatable.
    open var xAcceleration: CGFloat { get { values.xAcceleration } set { store(\.xAcceleration, newValue, "xAcceleration") } }
    /// Constant acceleration along y, points per second² (positive is down, as in layer space).
    /// Default 0. Animatable.
    open var yAcceleration: CGFloat { get { values.yAcceleration } set { store(\.yAcceleration, newValue, "yAcceleration") } }
    /// Constant acceleration along z, points per second². Default 0. Animatable.
    open var zAcceleration: CGFloat { get { values.zAcceleration } set { store(\.zAcceleration, newValue, "zAcceleration") } }

    // MARK: Appearance

    /// Size multiplier of the contents. Default 1. Animatable.
    open var scale: CGFloat { get { values.scale } set { store(\.scale, newValue, "scale") } }
    /// Half-width of the uniform spread of `scale`. Default 0. Animatable.
    open var scaleRange: CGFloat { get { values.scaleRange } set { store(\.scaleRange, newValue, "scaleRange") } }
    /// Change of scale per second. Default 0. Animatable.
    open var scaleSpeed: CGFloat { get { values.scaleSpeed } set { store(\.scaleSpeed, newValue, "scaleSpeed") } }
    /// Rotation speed, radians per second. Default 0. Animatable.
    open var spin: CGFloat { get { values.spin } set { store(\.spin, newValue, "spin") } }
    /// Half-width of the uniform spread of `spin`, radians per second. Default 0. Animatable.
    open var spinRange: CGFloat { get { values.spinRange } set { store(\.spinRange, newValue, "spinRange") } }
    /// Mean colour multiplying the contents. Default opaque white. Animatable.
    open var color: CGColor? { get { values.color } set { values.color = newValue } }
    /// Half-width of the uniform spread of the red component of `color`. Default 0. Animatable.
    open var redRange: Float { get { values.redRange } set { store(\.redRange, newValue, "redRange") } }
    /// Half-width of the uniform spread of the green component of `color`. Default 0. Animatable.
    open var greenRange: Float { get { values.greenRange } set { store(\.greenRange, newValue, "greenRange") } }
    /// Half-width of the uniform spread of the blue component of `color`. Default 0. Animatable.
    open var blueRange: Float { get { values.blueRange } set { store(\.blueRange, newValue, "blueRange") } }
    /// Half-width of the uniform spread of the alpha component of `color`. Default 0. Animatable.
    open var alphaRange: Float { get { values.alphaRange } set { store(\.alphaRange, newValue, "alphaRange") } }
    /// Change of each colour component per second. Default 0. Animatable.
    open var redSpeed: Float { get { values.redSpeed } set { store(\.redSpeed, newValue, "redSpeed") } }
    /// Change of the green component per second. Default 0. Animatable.
    open var greenSpeed: Float { get { values.greenSpeed } set { store(\.greenSpeed, newValue, "greenSpeed") } }
    /// Change of the blue component per second. Default 0. Animatable.
    open var blueSpeed: Float { get { values.blueSpeed } set { store(\.blueSpeed, newValue, "blueSpeed") } }
    /// Change of the alpha component per second. Default 0. Animatable.
    open var alphaSpeed: Float { get { values.alphaSpeed } set { store(\.alphaSpeed, newValue, "alphaSpeed") } }
    /// The particle image (a CGImage; anything else draws nothing). Default nil.
    open var contents: Any? { get { values.contents } set { values.contents = newValue } }
    /// Unit rectangle of the contents drawn. Default (0, 0, 1, 1). Animatable.
    open var contentsRect: CGRect { get { values.contentsRect } set { values.contentsRect = newValue } }
    /// Image pixels per point. Default 1.
    open var contentsScale: CGFloat { get { values.contentsScale } set { store(\.contentsScale, newValue, "contentsScale") } }
    /// Default "linear" (`CALayerContentsFilter` raw values).
    open var minificationFilter: String { get { values.minificationFilter } set { values.minificationFilter = newValue } }
    /// How magnified contents are sampled. Default "linear" (`CALayerContentsFilter` raw values).
    open var magnificationFilter: String { get { values.magnificationFilter } set { values.magnificationFilter = newValue } }
    /// Default 0 (stored; the particle sampler picks mip levels without a bias).
    open var minificationFilterBias: Float { get { values.minificationFilterBias } set { values.minificationFilterBias = newValue } }
    /// Cells each particle of this cell emits. Default nil. A cell that would contain itself
    /// (directly or deeper) is refused.
    open var emitterCells: [CAEmitterCell]? {
        get { values.emitterCells }
        set {
            if let cells = newValue, cells.contains(where: { $0 === self || $0.contains(self) }) {
                LayerDiagnostics.report(.invalidValue(
                    operation: "CAEmitterCell.emitterCells",
                    detail: "a cell cannot emit itself (directly or through its sub-cells); change refused"))
                return
            }
            values.emitterCells = newValue
        }
    }
    /// Style dictionary (stored; Lamina reads no style keys). Default nil.
    open var style: [AnyHashable: Any]? { get { values.style } set { values.style = newValue } }

    // MARK: CAMediaTiming (relative to the emitter's time, or to the parent particle's birth)

    /// CAMediaTiming: when the cell starts emitting, in seconds of the emitter's time (or of the parent particle's life for a sub-cell).
    open var beginTime: CFTimeInterval { get { values.beginTime } set { store(\.beginTime, newValue, "beginTime") } }
    /// 0 (the default): the cell emits for ever.
    open var duration: CFTimeInterval { get { values.duration } set { store(\.duration, newValue, "duration") } }
    /// CAMediaTiming: the rate of the cell's time relative to its parent's (default 1).
    open var speed: Float { get { values.speed } set { store(\.speed, newValue, "speed") } }
    /// CAMediaTiming: seconds added to the cell's local time.
    open var timeOffset: CFTimeInterval { get { values.timeOffset } set { store(\.timeOffset, newValue, "timeOffset") } }
    /// CAMediaTiming: how many times the cell's duration repeats.
    open var repeatCount: Float { get { values.repeatCount } set { store(\.repeatCount, newValue, "repeatCount") } }
    /// CAMediaTiming: seconds to keep repeating.
    open var repeatDuration: CFTimeInterval { get { values.repeatDuration } set { store(\.repeatDuration, newValue, "repeatDuration") } }
    /// Stored; emission does not run backwards.
    open var autoreverses: Bool { get { values.autoreverses } set { values.autoreverses = newValue } }
    /// CAMediaTiming: stored and archived; particle emission does not read it.
    open var fillMode: CAMediaTimingFillMode { get { values.fillMode } set { values.fillMode = newValue } }

    // MARK: Defaults and archiving

    /// Apple's default for a property key, or nil when it is the zero value of its type or
    /// the key is unknown.
    open class func defaultValue(forKey key: String) -> Any? { CAEmitterCell.table[key]?.reportedDefault }

    /// Whether a keyed archive should hold the value of `key`. Always true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Storage

    /// True when `cell` is this cell's sub-cell at any depth.
    package func contains(_ cell: CAEmitterCell) -> Bool {
        var seen = Set<ObjectIdentifier>()
        var stack = values.emitterCells ?? []
        while let c = stack.popLast() {
            if c === cell { return true }
            guard seen.insert(ObjectIdentifier(c)).inserted else { continue }
            stack += c.values.emitterCells ?? []
        }
        return false
    }

    /// Stores a numeric value, refusing NaN and reporting negative rates (which emit nothing)
    /// and birth rates past what an emitter shows.
    private func store<T: BinaryFloatingPoint>(_ kp: WritableKeyPath<Values, T>, _ value: T, _ key: String, rate: Bool = false) {
        guard !value.isNaN else {
            LayerDiagnostics.report(.invalidValue(operation: "CAEmitterCell.\(key)", detail: "NaN is not a value; the old value is kept"))
            return
        }
        if rate && value < 0 {
            LayerDiagnostics.report(.invalidValue(operation: "CAEmitterCell.\(key)", detail: "\(value) is negative: the cell emits nothing"))
        }
        if key == "birthRate" && Double(value) > Double(CAEmitterLayer.maxLiveParticles) {
            LayerDiagnostics.report(.invalidValue(
                operation: "CAEmitterCell.birthRate",
                detail: "\(value) particles per second: an emitter shows at most \(CAEmitterLayer.maxLiveParticles) live particles (the newest)"))
        }
        values[keyPath: kp] = value
    }
}
