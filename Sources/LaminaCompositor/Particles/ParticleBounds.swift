// The bounds-space rectangle an emitter's particles cover at its time, for the extents of
// offscreen surfaces (a perspective plane, a group): "anywhere" made such a surface so large
// that it was drawn at a vanishing scale — an emitter under a perspective sublayerTransform
// showed nothing, not even its background.
import CoreGraphics
import Foundation

extension ParticleEvaluator {
    /// The rectangle (points, the emitter layer's bounds space) that `emitter`'s particles
    /// cover at `emitter.time` (those of its `selection`, when it has one): every live particle's centre, grown by its sprite's half
    /// diagonal (any rotation); `.null` when none is drawn. Evaluates the particles (as
    /// drawing them does), so call it only where an extent is needed.
    package static func coveredRect(_ emitter: EmitterContent) -> CGRect {
        boundsEvaluators.lend { coveredRect(emitter, evaluator: $0) }
    }

    /// Evaluators for `coveredRect`, kept between frames: a fresh one grew its particle
    /// arrays from empty on every call (tens of allocations per emitter per frame).
    static let boundsEvaluators = ScratchPool(maxIdle: 4) { ParticleEvaluator() }

    private static func coveredRect(_ emitter: EmitterContent, evaluator: ParticleEvaluator) -> CGRect {
        evaluator.evaluate(emitter)
        // Half diagonal of each cell's sprite at scale 1, points (in a temporary buffer: a
        // handful of cells, on the stack; an array was a malloc per call, three a frame).
        let cells = evaluator.cells
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, cells.count)) { radius in
            for (i, cell) in cells.enumerated() {
                radius[i] = -1
                guard let image = cell.image else { continue }
                let r = cell.contentsRect.standardized
                let w = Double(image.width) * Double(r.width), h = Double(image.height) * Double(r.height)
                let scale = cell.contentsScale.isFinite && cell.contentsScale > 1e-6 ? cell.contentsScale : 1
                let d = (w * w + h * h).squareRoot() / 2 / scale
                radius[i] = d.isFinite ? d : -1
            }
            return covered(evaluator.particles, selection: emitter.selection, radius: UnsafeBufferPointer(radius))
        }
    }

    /// The rectangle `particles` (those in `selection`, when given) cover, each grown by its
    /// cell's `radius` (negative: the cell draws nothing) times its scale.
    private static func covered(_ particles: [Particle], selection: ParticleSelection?, radius: UnsafeBufferPointer<Double>) -> CGRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for (i, p) in particles.enumerated() {
            if let selection, !selection.contains(i) { continue }
            let base = radius[Int(p.cell)]
            guard base >= 0, p.scale > 0, p.a > 0 else { continue }
            let k = base * p.scale + 1 // one point of filter spread
            x0 = min(x0, p.x - k); y0 = min(y0, p.y - k)
            x1 = max(x1, p.x + k); y1 = max(y1, p.y + k)
        }
        guard x0 < x1, y0 < y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
