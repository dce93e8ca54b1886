// Particles in closed form. Apple's render server steps a particle simulation frame by
// frame; Lamina evaluates it analytically instead, so that a frame depends on nothing but
// the emitter's values and its local time — the same pixels whatever the frame rate, the
// frame order, or which shard of `--frames` renders it:
//
// - Particle n of a cell is born at cell time n / birthRate (a steady stream from the
//   cell's begin; where committed rates changed over time, where the running count of
//   births reaches n: BirthSchedule.swift), and everything random about it (lifetime, position on the emission shape,
//   direction, speed, scale, spin, colour) comes from a counter-based hash of
//   (seed, cell path, parent particle, n) — no generator state carried between frames.
// - Its state at age a is exact under constant acceleration and constant rates:
//   p = p0 + v·a + a_xyz·a²/2, scale = (s0 + scaleSpeed·a)·layer.scale, angle = spin·a,
//   colour = c0 + colourSpeed·a (clamped).
// - A particle of a cell with sub-cells emits them over its life, from where it is at each
//   birth; the sub-particles live on after it dies (fireworks).
//
// Only births recent enough to be alive (they, or their descendants) are visited. Bounded:
// at most `maxLiveParticles` particles and `maxBirthsVisited` births per emitter a frame;
// past the caps the oldest births are dropped (deterministically).
import CoreGraphics
import Foundation

/// One live particle, in the emitter layer's bounds space. (When the emitter preserves depth,
/// `ParticleEvaluator` leaves x, y where the particle shows on the emitter's z = 0 plane and
/// scale with its perspective size: ParticleProjection.swift.)
package struct Particle: Sendable, Equatable {
    /// Position (points, bounds space; z towards the viewer).
    package var x: Double, y: Double, z: Double
    /// Size multiplier of the cell's image (≥ 0).
    package var scale: Double
    /// Rotation, radians (positive turns +x towards +y).
    package var angle: Double
    /// Straight colour multiplying the image, components in [0, 1].
    package var r: Float, g: Float, b: Float, a: Float
    /// Birth, in the emitter's local time (seconds): the order of oldestFirst/oldestLast.
    package var birth: Double
    /// Index of the particle's cell in `ParticleEvaluator.cells`.
    package var cell: Int32
}

/// Evaluates an emitter's live particles at its time into reusable buffers (one evaluator
/// per drawing thread; after the first frames of a given size, evaluating allocates nothing).
package final class ParticleEvaluator {
    /// Most particles one emitter shows in a frame (bad input such as a birth rate of 10⁹
    /// is bounded by it: the newest are kept). 100 000 sprites is ten times the benchmark
    /// target and about 4 MB of particle records.
    package static let maxLiveParticles = 100_000
    /// Most births visited per emitter and frame (live or not: short-lived particles of a
    /// long-lived parent are visited to find their sub-particles).
    package static let maxBirthsVisited = 400_000
    /// Deepest nesting of sub-cells evaluated (the model refuses cycles; this bounds depth).
    package static let maxDepth = 8

    /// The live particles of the last `evaluate`, in drawing order.
    package private(set) var particles: [Particle] = []
    /// The cells of the last `evaluate`, depth first (`Particle.cell` indexes it).
    package private(set) var cells: [EmitterCellContent] = []
    private var visited = 0
    /// Birth schedules by nesting depth (scratch).
    private var schedules: [BirthSchedule] = []

    package init() {}

    /// Fills `particles` and `cells` with `emitter`'s state at `emitter.time`. A frame asks for
    /// the same emitter several times (its bounds for culling and damage, then each band that
    /// draws it): the process's last evaluations are kept (`EvaluationCache`), and an equal
    /// emitter (same values and time, so the same particles) takes their result.
    /// `emitter.selection` is ignored: every particle is evaluated (the caller draws its run).
    package func evaluate(_ emitter: EmitterContent) {
        var emitter = emitter
        emitter.selection = nil
        if let hit = Self.cache.result(for: emitter) {
            particles = hit.particles
            cells = hit.cells
            return
        }
        compute(emitter)
        if let evicted = Self.cache.store(emitter, particles: particles, cells: cells),
           evicted.particles.capacity * MemoryLayout<Particle>.stride <= Self.maxSpareBytes {
            spare = evicted
        }
    }

    /// The buffers of an evaluation the cache let go, to compute the next one in: the current
    /// ones are shared with the cache, so emptying them would copy them (a 10,000-particle
    /// emitter's ~1 MB every frame). Reused only once nothing else holds them (otherwise
    /// emptying copies, as before).
    private var spare: (particles: [Particle], cells: [EmitterCellContent])?
    /// The most bytes of particles kept as a spare (16 MB: about 130,000 particles).
    static let maxSpareBytes = 16 << 20

    private static let cache = EvaluationCache()

    private func compute(_ emitter: EmitterContent) {
        if let s = spare {
            spare = nil
            particles = s.particles
            cells = s.cells
        }
        particles.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        visited = 0
        let t = emitter.time
        guard t.isFinite, t >= 0 else { return }
        // Cells are numbered depth first (a cell, then its sub-cells' subtrees).
        for cell in emitter.cells { register(cell, depth: 0) }
        let root = ParticleHash.mix(UInt64(emitter.seed), 0x5EED_0F_E417_7E25)
        var index: Int32 = 0
        for (i, cell) in emitter.cells.enumerated() {
            emit(cell, index: index, key: ParticleHash.mix(root, UInt64(i)), now: t, parentLife: .infinity, origin: nil,
                 birthOffset: 0, toEmitterTime: 1, emitter: emitter, depth: 0)
            index += Self.subtreeSize(cell, depth: 0)
        }
        switch emitter.renderOrder {
        case .unordered, .additive: break
        case .oldestFirst: particles.sort { $0.birth < $1.birth }
        case .oldestLast: particles.sort { $0.birth > $1.birth }
        case .backToFront: if emitter.projection == nil { particles.sort { $0.z < $1.z } }
        }
        if let projection = emitter.projection { project(projection, byDepth: emitter.renderOrder == .backToFront) }
    }

    /// Depth keys and the reordered particles of `project` (scratch, reused).
    private var depthKeys: [(key: Double, index: Int32)] = []
    private var reordered: [Particle] = []

    /// Moves every particle to where it shows on the emitter's plane (x, y, and its scale
    /// times its perspective size; z and everything else kept), dropping those at or behind
    /// the eye; with `byDepth` (`backToFront`), reorders them back to front by their depth in
    /// their context (ties: the order before, so the order is total and the same every time).
    /// The other render orders keep their own order in 3D too (a choice: see
    /// `CAEmitterLayer.preservesDepth`).
    private func project(_ projection: ParticleProjection, byDepth: Bool) {
        var kept = 0
        depthKeys.removeAll(keepingCapacity: true)
        for i in particles.indices {
            var p = particles[i]
            guard let q = projection.place(x: p.x, y: p.y, z: p.z) else { continue }
            var key = 0.0
            if byDepth {
                guard let d = projection.depth(x: p.x, y: p.y, z: p.z) else { continue }
                key = d
            }
            p.x = q.x
            p.y = q.y
            p.scale *= q.scale
            guard p.scale.isFinite else { continue }
            particles[kept] = p
            if byDepth { depthKeys.append((key, Int32(kept))) }
            kept += 1
        }
        particles.removeLast(particles.count - kept)
        guard byDepth, kept > 1 else { return }
        depthKeys.sort { $0.key < $1.key || ($0.key == $1.key && $0.index < $1.index) }
        reordered.removeAll(keepingCapacity: true)
        for k in depthKeys { reordered.append(particles[Int(k.index)]) }
        swap(&particles, &reordered)
    }

    private func register(_ cell: EmitterCellContent, depth: Int) {
        guard depth < Self.maxDepth else { return }
        cells.append(cell)
        for sub in cell.cells { register(sub, depth: depth + 1) }
    }

    /// Number of cells `register` numbers for `cell` at `depth`.
    private static func subtreeSize(_ cell: EmitterCellContent, depth: Int) -> Int32 {
        guard depth < maxDepth else { return 0 }
        return cell.cells.reduce(1) { $0 + subtreeSize($1, depth: depth + 1) }
    }

    /// A parent particle's motion (for its sub-cells' births).
    private struct Motion {
        var p0: (Double, Double, Double)
        var v: (Double, Double, Double)
        var acc: (Double, Double, Double)
        func position(at a: Double) -> (Double, Double, Double) {
            (p0.0 + v.0 * a + 0.5 * acc.0 * a * a, p0.1 + v.1 * a + 0.5 * acc.1 * a * a, p0.2 + v.2 * a + 0.5 * acc.2 * a * a)
        }
    }

    /// How long after its birth a particle of `cell` or one of its descendants can still be
    /// alive, in the parent's time (seconds); 0 when the cell emits nothing.
    package static func horizon(_ cell: EmitterCellContent, lifetimeScale: Double, depth: Int) -> Double {
        guard depth < maxDepth else { return 0 }
        let life = (cell.lifetime + abs(cell.lifetimeRange)) * lifetimeScale
        guard life.isFinite, life > 0 else { return 0 }
        var longest = 0.0
        for sub in cell.cells where sub.isEnabled && sub.speed.isFinite && sub.speed > 0 {
            longest = max(longest, horizon(sub, lifetimeScale: lifetimeScale, depth: depth + 1) / sub.speed)
        }
        return life + longest
    }

    /// Emits `cell`'s particles alive at parent time `now`. `parentLife`: emission stops at
    /// this parent time (a sub-cell's parent particle dies); `origin`: the parent particle's
    /// motion (nil: the emission shape); `birthOffset`/`toEmitterTime`: parent time →
    /// emitter time (t_e = birthOffset + t / toEmitterTime).
    private func emit(_ cell: EmitterCellContent, index: Int32, key: UInt64, now: Double, parentLife: Double, origin: Motion?,
                      birthOffset: Double, toEmitterTime: Double, emitter e: EmitterContent, depth: Int) {
        guard cell.isEnabled, depth < Self.maxDepth else { return }
        let speed = cell.speed
        guard speed.isFinite, speed > 0, toEmitterTime.isFinite, toEmitterTime > 0 else { return }
        let horizon = Self.horizon(cell, lifetimeScale: e.lifetime, depth: depth)
        guard horizon > 0 else { return }
        // When its particles are born (rates and their committed histories): a schedule per
        // depth, reused, since a sub-cell's is rebuilt for every parent particle.
        while schedules.count <= depth { schedules.append(BirthSchedule()) }
        schedules[depth].build(cell, e, birthOffset: birthOffset, toEmitterTime: toEmitterTime)
        let schedule = schedules[depth]
        guard schedule.emitsAtAll else { return }
        // Cell time of the parent time `now`, and the births that can matter.
        let tau = (now - cell.beginTime) * speed + cell.timeOffset
        let start = max(0, (0 - cell.beginTime) * speed + cell.timeOffset)
        var end = min(tau, cell.activeDuration)
        if parentLife.isFinite { end = min(end, (parentLife - cell.beginTime) * speed + cell.timeOffset) }
        let low = max(start, tau - horizon)
        guard tau.isFinite, low <= end else { return }
        var nLo = schedule.count(at: low).rounded(.up), nHi = schedule.count(at: end).rounded(.down)
        // A birth exactly at the end of a finite active interval is after it.
        var hint = 0
        if end == cell.activeDuration, nHi > nLo, let last = schedule.birth(nHi, segment: &hint), last >= end { nHi -= 1 }
        hint = 0
        guard nLo <= nHi, nHi < 9e15 else { return }
        // Keep the newest births within the caps.
        let room = Double(max(0, min(Self.maxBirthsVisited - visited, Self.maxLiveParticles - particles.count)))
        if nHi - nLo + 1 > room { nLo = nHi - room + 1 }
        guard nLo <= nHi else { return }
        let hasSubcells = !cell.cells.isEmpty && depth + 1 < Self.maxDepth
        let lifeScale = e.lifetime
        let cone = EmitterShapeSampler.Cone(latitude: cell.emissionLatitude, longitude: cell.emissionLongitude,
                                            range: cell.emissionRange)
        var n = nLo
        while n <= nHi {
            defer { n += 1 }
            guard visited < Self.maxBirthsVisited, particles.count < Self.maxLiveParticles else { return }
            visited += 1
            guard let born = schedule.birth(n, segment: &hint) else { continue } // cell time
            let age = tau - born                      // cell time
            let r = ParticleRandom(key: ParticleHash.mix(key, UInt64(n)))
            let life = (cell.lifetime + cell.lifetimeRange * r.symmetric(0)) * lifeScale
            guard life.isFinite, life > 0 else { continue }
            let bornParent = cell.beginTime + (born - cell.timeOffset) / speed   // parent time
            // Where and how it starts.
            var p0: (Double, Double, Double)
            if let origin {
                p0 = origin.position(at: bornParent)
            } else {
                let s = EmitterShapeSampler.point(e, r.unit(1), r.unit(2), r.unit(3))
                p0 = (s.x, s.y, s.z)
            }
            let dir = cone.direction(r.unit(4), r.unit(5))
            let v = Self.finite((cell.velocity + cell.velocityRange * r.symmetric(6)) * e.velocity)
            guard p0.0.isFinite, p0.1.isFinite, p0.2.isFinite else { continue }
            let motion = Motion(p0: p0, v: (dir.x * v, dir.y * v, dir.z * v),
                                acc: (Self.finite(cell.acceleration.x), Self.finite(cell.acceleration.y), Self.finite(cell.acceleration.z)))
            let birthE = birthOffset + bornParent / toEmitterTime
            if age < life {
                let p = motion.position(at: age)
                let s0 = cell.scale + cell.scaleRange * r.symmetric(7)
                let scale = max(0, (s0 + cell.scaleSpeed * age) * e.scale)
                let spin = (cell.spin + cell.spinRange * r.symmetric(8)) * e.spin
                func channel(_ c: Double, _ range: Double, _ rate: Double, _ i: UInt64) -> Float {
                    let v = c + range * r.symmetric(i) + rate * age
                    return v.isNaN ? 0 : Float(min(1, max(0, v)))
                }
                let particle = Particle(
                    x: p.0, y: p.1, z: p.2, scale: scale.isFinite ? scale : 0, angle: Self.finite(spin * age),
                    r: channel(cell.color.r, cell.colorRange.r, cell.colorSpeed.r, 9),
                    g: channel(cell.color.g, cell.colorRange.g, cell.colorSpeed.g, 10),
                    b: channel(cell.color.b, cell.colorRange.b, cell.colorSpeed.b, 11),
                    a: channel(cell.color.a, cell.colorRange.a, cell.colorSpeed.a, 12),
                    birth: birthE, cell: index)
                if particle.x.isFinite && particle.y.isFinite && particle.z.isFinite { particles.append(particle) }
            }
            if hasSubcells {
                var subIndex = index + 1
                for (j, sub) in cell.cells.enumerated() {
                    defer { subIndex += Self.subtreeSize(sub, depth: depth + 1) }
                    emit(sub, index: subIndex, key: ParticleHash.mix(ParticleHash.mix(key, UInt64(n)), 0xC311 + UInt64(j)), now: min(age, 1e300),
                         parentLife: life, origin: motion, birthOffset: birthE, toEmitterTime: toEmitterTime * speed,
                         emitter: e, depth: depth + 1)
                }
            }
        }
    }

    @inline(__always) private static func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}

/// The last few emitter evaluations of the process, shared by every evaluator (every drawing
/// thread and the frame preparer). Particles are a pure function of the emitter's values and
/// time, so an equal emitter's result is exact. Two entries (an emitter's frame is asked for by
/// the preparer and each band in turn; two emitters on screen still hit); at most two emitters'
/// particles are held (≤ 2 × `ParticleEvaluator.maxLiveParticles` records).
final class EvaluationCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(emitter: EmitterContent, particles: [Particle], cells: [EmitterCellContent])] = []
    static let capacity = 2

    func result(for emitter: EmitterContent) -> (particles: [Particle], cells: [EmitterCellContent])? {
        lock.lock()
        defer { lock.unlock() }
        guard let i = entries.lastIndex(where: { $0.emitter == emitter }) else { return nil }
        return (entries[i].particles, entries[i].cells)
    }

    /// Keeps this evaluation; returns the buffers of the oldest one it let go to make room
    /// (for the caller to compute in next), if any.
    @discardableResult
    func store(_ emitter: EmitterContent, particles: [Particle],
               cells: [EmitterCellContent]) -> (particles: [Particle], cells: [EmitterCellContent])? {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll { $0.emitter == emitter }
        var evicted: (particles: [Particle], cells: [EmitterCellContent])?
        if entries.count >= Self.capacity {
            let first = entries[0]
            evicted = (first.particles, first.cells)
            entries.removeFirst(entries.count - Self.capacity + 1)
        }
        entries.append((emitter, particles, cells))
        return evicted
    }
}

/// SplitMix64 finalisation as a hash of (state, value): the counter-based source of every
/// random number of a particle.
package enum ParticleHash {
    @inline(__always) package static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var z = a &+ 0x9E37_79B9_7F4A_7C15 &* (b &+ 1)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The random numbers of one particle, each a pure function of the particle's key and an
/// index (no state).
struct ParticleRandom {
    let key: UInt64
    /// Uniform in [0, 1).
    @inline(__always) func unit(_ i: UInt64) -> Double { Double(ParticleHash.mix(key, i) >> 11) * 0x1p-53 }
    /// Uniform in [-1, 1).
    @inline(__always) func symmetric(_ i: UInt64) -> Double { unit(i) * 2 - 1 }
}
