// CAEmitterLayer and CAEmitterCell as the compositor sees them: plain values, with the
// emitter's local time of the frame, from which `ParticleEvaluator` derives every live
// particle in closed form.
import CoreGraphics

/// `CAEmitterLayerEmitterShape`.
package enum EmitterShapeKind: Hashable, Sendable { case point, line, rectangle, cuboid, circle, sphere }
/// `CAEmitterLayerEmitterMode`.
package enum EmitterModeKind: Hashable, Sendable { case points, outline, surface, volume }
/// `CAEmitterLayerRenderMode`.
package enum EmitterRenderOrder: Hashable, Sendable { case unordered, oldestFirst, oldestLast, backToFront, additive }

/// Straight (not premultiplied) colour components; used for a cell's colour, its ranges and
/// its speeds (per second).
package struct ParticleRGBA: Hashable, Sendable {
    package var r: Double, g: Double, b: Double, a: Double
    package init(_ r: Double, _ g: Double, _ b: Double, _ a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
    package static let zero = ParticleRGBA(0, 0, 0, 0)
    package static let white = ParticleRGBA(1, 1, 1, 1)
}

/// One past value of a birth rate: `rate` held until the emitter's local time `until`
/// (seconds). A history is oldest first with non-decreasing `until`; the value after its
/// last entry is the current one (`birthRate`). Built at commits from the model's changes
/// (CAEmitterLayer+BirthRateHistory.swift), so a frame still depends on nothing but
/// committed data and its time.
package struct BirthRateChange: Hashable, Sendable {
    package var until: Double
    package var rate: Double
    package init(until: Double, rate: Double) { self.until = until; self.rate = rate }
}

/// One CAEmitterCell, with Apple's defaults. Angles in radians, lengths in points of the
/// emitter layer's bounds space, rates per second of the cell's time; every `…Range` is the
/// half-width of a uniform spread about the mean. Values are as the model holds them: the
/// evaluator treats NaN, infinite and negative rates or lifetimes as "emits nothing".
package struct EmitterCellContent: Hashable, Sendable {
    package var isEnabled = true
    package var birthRate: Double = 0
    /// The birth rate's earlier values, in the emitter's local time (empty: `birthRate` has
    /// always held).
    package var birthRateHistory: [BirthRateChange] = []
    package var lifetime: Double = 0
    package var lifetimeRange: Double = 0
    package var emissionLatitude: Double = 0
    package var emissionLongitude: Double = 0
    package var emissionRange: Double = 0
    package var velocity: Double = 0
    package var velocityRange: Double = 0
    package var acceleration: (x: Double, y: Double, z: Double) = (0, 0, 0)
    package var scale: Double = 1
    package var scaleRange: Double = 0
    package var scaleSpeed: Double = 0
    package var spin: Double = 0
    package var spinRange: Double = 0
    package var color = ParticleRGBA.white
    package var colorRange = ParticleRGBA.zero
    package var colorSpeed = ParticleRGBA.zero
    /// The particle's image (nil: the cell's particles draw nothing, as on Apple's platforms,
    /// but still emit their own sub-cells).
    package var image: CGImage?
    /// Unit rectangle of the image drawn.
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point.
    package var contentsScale: Double = 1
    package var minificationFilter: RenderFilter = .linear
    package var magnificationFilter: RenderFilter = .linear
    // Media timing of the cell, relative to the emitter's local time (top-level cells) or to
    // the parent particle's birth (sub-cells).
    package var beginTime: Double = 0
    package var duration: Double = 0
    package var speed: Double = 1
    package var timeOffset: Double = 0
    package var repeatCount: Double = 0
    package var repeatDuration: Double = 0
    /// Sub-cells: each particle of this cell emits particles of these.
    package var cells: [EmitterCellContent] = []

    package init() {}

    package static func == (l: Self, r: Self) -> Bool {
        l.isEnabled == r.isEnabled && l.birthRate == r.birthRate && l.birthRateHistory == r.birthRateHistory && l.lifetime == r.lifetime && l.lifetimeRange == r.lifetimeRange
            && l.emissionLatitude == r.emissionLatitude && l.emissionLongitude == r.emissionLongitude
            && l.emissionRange == r.emissionRange && l.velocity == r.velocity && l.velocityRange == r.velocityRange
            && l.acceleration == r.acceleration && l.scale == r.scale && l.scaleRange == r.scaleRange
            && l.scaleSpeed == r.scaleSpeed && l.spin == r.spin && l.spinRange == r.spinRange && l.color == r.color
            && l.colorRange == r.colorRange && l.colorSpeed == r.colorSpeed && l.image == r.image
            && l.contentsRect == r.contentsRect && l.contentsScale == r.contentsScale
            && l.minificationFilter == r.minificationFilter && l.magnificationFilter == r.magnificationFilter
            && l.beginTime == r.beginTime && l.duration == r.duration && l.speed == r.speed && l.timeOffset == r.timeOffset
            && l.repeatCount == r.repeatCount && l.repeatDuration == r.repeatDuration && l.cells == r.cells
    }

    package func hash(into h: inout Hasher) {
        h.combine(birthRate); h.combine(lifetime); h.combine(velocity); h.combine(emissionLongitude); h.combine(cells.count)
    }

    /// How long the cell emits, in its own time (seconds): one `duration`, repeated
    /// `repeatCount` times or for `repeatDuration`; a duration of 0 (the default) emits for
    /// ever. (Autoreversing and fill modes have no meaning for emission and are ignored.)
    package var activeDuration: Double {
        guard duration.isFinite, duration > 0 else { return .infinity }
        if repeatDuration.isFinite, repeatDuration > 0 { return repeatDuration }
        if repeatCount.isFinite, repeatCount > 0 { return duration * repeatCount }
        return repeatCount == .infinity ? .infinity : duration
    }
}

/// One CAEmitterLayer's emission, with Apple's defaults, and `time`: the emitter layer's
/// local time of the frame (seconds since its `beginTime`, through its clock and its
/// ancestors'), written by the frame builder. "The simulation starts at layer's beginTime"
/// (CAEmitterLayer.h): nothing is emitted before local time 0.
package struct EmitterContent: Hashable, Sendable {
    package var cells: [EmitterCellContent] = []
    /// Multipliers of every cell's birth rate, lifetime, velocity, scale and spin.
    package var birthRate: Double = 1
    /// `birthRate`'s earlier values, in the emitter's local time (empty: it has always held).
    package var birthRateHistory: [BirthRateChange] = []
    package var lifetime: Double = 1
    package var velocity: Double = 1
    package var scale: Double = 1
    package var spin: Double = 1
    /// Centre of the emission shape, bounds space (points).
    package var position: CGPoint = .zero
    package var zPosition: Double = 0
    package var size: CGSize = .zero
    package var depth: Double = 0
    package var shape: EmitterShapeKind = .point
    package var mode: EmitterModeKind = .volume
    package var renderOrder: EmitterRenderOrder = .unordered
    package var preservesDepth = false
    /// With `preservesDepth`: where the frame's particles show on the emitter's plane and
    /// how they sort by depth (ParticleProjection.swift), set by the frame preparer from the
    /// emitter's matrices while it draws; nil draws them flattened into the plane (as always
    /// when `preservesDepth` is false).
    package var projection: ParticleProjection?
    /// Which of the frame's particles this draw shows (nil: all): a depth-preserving
    /// emitter's particles are drawn in runs between the planes around them
    /// (ParticleDepthRuns.swift). Not part of what is evaluated: every run of an emitter
    /// shares one evaluation.
    package var selection: ParticleSelection?
    package var seed: UInt32 = 0
    /// The emitter's local time of the frame, seconds.
    package var time: Double = 0

    package init() {}
}

/// One run of an emitter's particles: those whose entry in `runs` is `run`. `runs` has one
/// entry per particle of the emitter's evaluation (`ParticleEvaluator.particles`, in drawing
/// order), shared by every run of the emitter; −1 marks particles no run draws (behind the
/// eye of the depth sort). Particles missing from `runs` are not drawn.
package struct ParticleSelection: Hashable, Sendable {
    package var runs: [Int32]
    package var run: Int32

    package init(runs: [Int32], run: Int32) { self.runs = runs; self.run = run }

    @inline(__always)
    package func contains(_ index: Int) -> Bool { index < runs.count && runs[index] == run }
}

extension RenderNode {
    /// Sets the emitter's local time of the frame (seconds) when this is an emitter's node;
    /// does nothing otherwise.
    package mutating func setEmitterTime(_ time: Double) {
        guard case var .emitter(e) = kind, e.time != time else { return }
        e.time = time
        kind = .emitter(e)
    }
}
