import Foundation
import LaminaCompositor

// The bridge from CAEmitterLayer/CAEmitterCell to the compositor's plain values (as
// RenderNode+Layer.swift does for the other classes). The emitter's time is not known here:
// each frame writes it (`RenderNode.setEmitterTime`).

extension EmitterContent {
    init(layer e: CAEmitterLayer) {
        self.init()
        cells = (e.emitterCells ?? []).map { EmitterCellContent(cell: $0, depth: 0) { $0.history(in: e) } }
        birthRate = Double(e.birthRate)
        birthRateHistory = e.birthRateRecord.history(in: e)
        lifetime = Double(e.lifetime)
        velocity = Double(e.velocity)
        scale = Double(e.scale)
        spin = Double(e.spin)
        position = e.emitterPosition
        zPosition = Double(e.emitterZPosition)
        size = e.emitterSize
        depth = Double(e.emitterDepth)
        switch e.emitterShape {
        case .line: shape = .line
        case .rectangle: shape = .rectangle
        case .cuboid: shape = .cuboid
        case .circle: shape = .circle
        case .sphere: shape = .sphere
        default: shape = .point
        }
        switch e.emitterMode {
        case .points: mode = .points
        case .outline: mode = .outline
        case .surface: mode = .surface
        default: mode = .volume
        }
        switch e.renderMode {
        case .oldestFirst: renderOrder = .oldestFirst
        case .oldestLast: renderOrder = .oldestLast
        case .backToFront: renderOrder = .backToFront
        case .additive: renderOrder = .additive
        default: renderOrder = .unordered
        }
        preservesDepth = e.preservesDepth
        seed = e.seed
    }
}

extension EmitterCellContent {
    /// `cell` and its sub-cells down to `ParticleEvaluator.maxDepth` levels (the model refuses
    /// cycles; deeper nesting is dropped). `history`: a birth-rate record in the emitter's
    /// local time.
    init(cell c: CAEmitterCell, depth: Int, history: (BirthRateRecord) -> [BirthRateChange]) {
        self.init()
        let v = c.values
        isEnabled = v.isEnabled
        birthRate = Double(v.birthRate)
        birthRateHistory = history(c.birthRateRecord)
        lifetime = Double(v.lifetime)
        lifetimeRange = Double(v.lifetimeRange)
        emissionLatitude = Double(v.emissionLatitude)
        emissionLongitude = Double(v.emissionLongitude)
        emissionRange = Double(v.emissionRange)
        velocity = Double(v.velocity)
        velocityRange = Double(v.velocityRange)
        acceleration = (Double(v.xAcceleration), Double(v.yAcceleration), Double(v.zAcceleration))
        scale = Double(v.scale)
        scaleRange = Double(v.scaleRange)
        scaleSpeed = Double(v.scaleSpeed)
        spin = Double(v.spin)
        spinRange = Double(v.spinRange)
        if let rgba = v.color?.clampedRGBA {
            color = ParticleRGBA(Double(rgba.r), Double(rgba.g), Double(rgba.b), Double(rgba.a))
        } else {
            color = .zero // nil colour: transparent, draws nothing
        }
        colorRange = ParticleRGBA(Double(v.redRange), Double(v.greenRange), Double(v.blueRange), Double(v.alphaRange))
        colorSpeed = ParticleRGBA(Double(v.redSpeed), Double(v.greenSpeed), Double(v.blueSpeed), Double(v.alphaSpeed))
        image = v.contents as? CGImage
        contentsRect = v.contentsRect
        contentsScale = Double(v.contentsScale)
        minificationFilter = RenderFilter(CALayerContentsFilter(rawValue: v.minificationFilter))
        magnificationFilter = RenderFilter(CALayerContentsFilter(rawValue: v.magnificationFilter))
        beginTime = v.beginTime
        duration = v.duration
        speed = Double(v.speed)
        timeOffset = v.timeOffset
        repeatCount = Double(v.repeatCount)
        repeatDuration = v.repeatDuration
        if depth + 1 < ParticleEvaluator.maxDepth {
            cells = (v.emitterCells ?? []).map { EmitterCellContent(cell: $0, depth: depth + 1, history: history) }
        }
    }
}
