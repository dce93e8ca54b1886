import CoreGraphics
import Foundation
import LaminaRaster
import Testing
@testable import LaminaCompositor

/// The analytic particle model without layers: counts, motion, determinism, nesting, caps.
@Suite struct ParticleEvaluatorTests {
    /// A point emitter at (50, 40) with one cell.
    static func emitter(_ configure: (inout EmitterCellContent) -> Void, time: Double) -> EmitterContent {
        var cell = EmitterCellContent()
        cell.birthRate = 10
        cell.lifetime = 1
        configure(&cell)
        var e = EmitterContent()
        e.position = CGPoint(x: 50, y: 40)
        e.cells = [cell]
        e.time = time
        return e
    }

    static func live(_ e: EmitterContent) -> [Particle] {
        let ev = ParticleEvaluator()
        ev.evaluate(e)
        return ev.particles
    }

    @Test func countGrowsWithBirthRateTimesTimeAndDiesAfterLifetime() {
        // Births at n / rate from t = 0: floor(t·rate) + 1 born by t, those younger than the lifetime alive.
        #expect(Self.live(Self.emitter({ _ in }, time: 0.36)).count == 4)       // 0, .1, .2, .3
        #expect(Self.live(Self.emitter({ $0.birthRate = 20 }, time: 0.36)).count == 8)
        // Steady state: rate × lifetime alive.
        #expect(Self.live(Self.emitter({ _ in }, time: 5.05)).count == 10)
        #expect(Self.live(Self.emitter({ $0.lifetime = 0.5 }, time: 5.05)).count == 5)
        // A finite active interval: after duration + lifetime nothing is left.
        // Born at 0 … 0.9 (a birth at the end of the interval is after it); at 1.5 those born
        // after 0.5 live (0.5 itself just died).
        #expect(Self.live(Self.emitter({ $0.duration = 1 }, time: 1.5)).count == 4)
        #expect(Self.live(Self.emitter({ $0.duration = 1 }, time: 2.01)).isEmpty)
        // Before the emitter's begin, nothing.
        #expect(Self.live(Self.emitter({ _ in }, time: -1)).isEmpty)
        // The layer's multipliers.
        var e = Self.emitter({ _ in }, time: 5.05)
        e.birthRate = 2
        e.lifetime = 0.5
        #expect(Self.live(e).count == 10)
    }

    @Test func positionFollowsConstantAccelerationExactly() {
        // Zero ranges: the particle born at 0 is at p + v·t + a·t²/2 at time t.
        let t = 0.55
        let e = Self.emitter({ c in
            c.birthRate = 1
            c.lifetime = 2
            c.velocity = 100
            c.emissionLongitude = Double.pi / 2 // +y (down on iOS)
            c.acceleration = (x: 30, y: -20, z: 0)
        }, time: t)
        let p = Self.live(e)
        #expect(p.count == 1)
        let expectX = 50 + 0.5 * 30 * t * t
        let expectY = 40 + 100 * t + 0.5 * -20 * t * t
        #expect(abs(p[0].x - expectX) < 1e-9)
        #expect(abs(p[0].y - expectY) < 1e-9)
        #expect(p[0].z == 0)
        // Longitude 0 shoots along +x; the layer's velocity multiplier scales the speed.
        var right = Self.emitter({ c in c.birthRate = 1; c.lifetime = 2; c.velocity = 10 }, time: 1)
        right.velocity = 3
        let q = Self.live(right)
        #expect(abs(q[0].x - (50 + 30)) < 1e-9 && abs(q[0].y - 40) < 1e-9)
    }

    @Test func scaleSpinAndColourEvolveLinearlyAndClamp() {
        let e = Self.emitter({ c in
            c.birthRate = 1
            c.lifetime = 10
            c.scale = 0.5
            c.scaleSpeed = 0.25
            c.spin = 2
            c.color = ParticleRGBA(1, 0.5, 0, 1)
            c.colorSpeed = ParticleRGBA(0, 0.1, 0.5, -0.2)
        }, time: 2)
        let p = Self.live(e)[0]
        #expect(abs(p.scale - 1.0) < 1e-9)
        #expect(abs(p.angle - 4) < 1e-9)
        #expect(p.r == 1 && abs(p.g - 0.7) < 1e-6 && p.b == 1 && abs(p.a - 0.6) < 1e-6)
    }

    @Test func sameSeedAndTimeGiveTheSameParticlesWhateverCameBefore() {
        let e = Self.emitter({ c in
            c.birthRate = 200; c.lifetime = 2; c.lifetimeRange = 0.5; c.velocity = 80; c.velocityRange = 40
            c.emissionRange = .pi; c.spinRange = 3; c.scaleRange = 0.5; c.colorRange = ParticleRGBA(0.5, 0.5, 0.5, 0)
        }, time: 3.3)
        let fresh = Self.live(e)
        let reused = ParticleEvaluator()
        for t in [7.0, 0.2, 3.29, 11] { var other = e; other.time = t; reused.evaluate(other) }
        reused.evaluate(e)
        #expect(reused.particles == fresh)
        #expect(fresh.count > 300)
        // Another seed gives other particles.
        var seeded = e
        seeded.seed = 7
        #expect(Self.live(seeded) != fresh)
    }

    @Test func subCellsEmitFromTheirParentAndOutliveIt() {
        // A rocket (no image) flying right at 100 pt/s for 1 s; at its birth + 0.5 s a burst of
        // 10 sparks per second for 0.1 s (one spark), living 3 s, not moving.
        var spark = EmitterCellContent()
        spark.birthRate = 10
        spark.lifetime = 3
        spark.beginTime = 0.5
        spark.duration = 0.1
        var rocket = EmitterCellContent()
        rocket.birthRate = 1
        rocket.lifetime = 1
        rocket.velocity = 100
        rocket.duration = 0.5 // only the rocket born at 0
        rocket.cells = [spark]
        var e = EmitterContent()
        e.cells = [rocket]
        e.time = 2 // the rocket is dead, its spark lives
        let ev = ParticleEvaluator()
        ev.evaluate(e)
        #expect(ev.particles.count == 1)
        let s = ev.particles[0]
        #expect(ev.cells[Int(s.cell)].lifetime == 3)
        #expect(abs(s.x - 50) < 1e-9 && abs(s.y) < 1e-9) // where the rocket was at 0.5 s
        #expect(abs(s.birth - 0.5) < 1e-9)
    }

    @Test func badInputIsBoundedAndNeverCrashes() {
        for bad in [Double.nan, .infinity, -5, 0] {
            #expect(Self.live(Self.emitter({ $0.birthRate = bad }, time: 3)).isEmpty)
            #expect(Self.live(Self.emitter({ $0.lifetime = bad }, time: 3)).isEmpty)
            #expect(Self.live(Self.emitter({ $0.speed = bad }, time: 3)).isEmpty)
        }
        #expect(Self.live(Self.emitter({ _ in }, time: .nan)).isEmpty)
        // 10⁹ particles a second for 10 s: capped, the newest kept.
        let flood = Self.live(Self.emitter({ $0.birthRate = 1e9; $0.lifetime = 10 }, time: 5))
        #expect(flood.count == ParticleEvaluator.maxLiveParticles)
        #expect(flood.allSatisfy { $0.birth > 4.99 })
        // NaN and infinite motion values count as 0: the particles stay at the emitter.
        let odd = Self.live(Self.emitter({ $0.velocity = .nan; $0.acceleration = (.infinity, .nan, 0) }, time: 0.5))
        #expect(odd.count == 6)
        #expect(odd.allSatisfy { $0.x == 50 && $0.y == 40 })
        // Deep nesting stops at maxDepth.
        var cell = EmitterCellContent()
        cell.birthRate = 1; cell.lifetime = 100
        for _ in 0..<20 { var parent = cell; parent.cells = [cell]; cell = parent }
        var deep = EmitterContent()
        deep.cells = [cell]
        deep.time = 50
        let ev = ParticleEvaluator()
        ev.evaluate(deep)
        #expect(ev.cells.count <= ParticleEvaluator.maxDepth)
        #expect(ev.particles.count <= ParticleEvaluator.maxLiveParticles)
    }

    @Test func renderOrdersSortParticles() {
        var e = Self.emitter({ c in c.birthRate = 50; c.lifetime = 1; c.emissionRange = .pi; c.velocity = 50 }, time: 2)
        e.renderOrder = .oldestLast
        let newestFirst = Self.live(e)
        #expect(zip(newestFirst, newestFirst.dropFirst()).allSatisfy { $0.birth >= $1.birth })
        e.renderOrder = .backToFront
        let byDepth = Self.live(e)
        #expect(zip(byDepth, byDepth.dropFirst()).allSatisfy { $0.z <= $1.z })
        #expect(Set(byDepth.map(\.birth)) == Set(newestFirst.map(\.birth)))
    }

    @Test func emissionShapesPlaceParticlesOnThem() {
        var e = Self.emitter({ c in c.birthRate = 100; c.lifetime = 1 }, time: 0.9)
        e.size = CGSize(width: 20, height: 10)
        e.shape = .rectangle
        e.mode = .outline
        for p in Self.live(e) {
            let onVertical = abs(abs(p.x - 50) - 10) < 1e-9 && abs(p.y - 40) <= 5 + 1e-9
            let onHorizontal = abs(abs(p.y - 40) - 5) < 1e-9 && abs(p.x - 50) <= 10 + 1e-9
            #expect(onVertical || onHorizontal)
        }
        e.shape = .circle
        e.mode = .outline
        for p in Self.live(e) { #expect(abs(hypot(p.x - 50, p.y - 40) - 20) < 1e-9) } // radius = width
        e.shape = .line
        e.mode = .volume
        let line = Self.live(e)
        #expect(line.allSatisfy { abs($0.y - 40) < 1e-9 && abs($0.x - 50) <= 10 })
        #expect(Set(line.map(\.x)).count > 50)
    }
}

/// Evaluations shared between evaluators (`EvaluationCache`): an equal emitter gets the same
/// particles, a different time or seed its own.
@Suite struct ParticleEvaluationCacheTests {
    @Test func equalEmittersShareAnEvaluationAndOthersDoNot() {
        var e = ParticleEvaluatorTests.emitter({ $0.velocity = 30; $0.emissionRange = 1 }, time: 2.5)
        e.seed = 77
        let first = ParticleEvaluatorTests.live(e)
        #expect(first.count == 10)
        #expect(ParticleEvaluatorTests.live(e) == first)
        var later = e
        later.time = 2.6
        #expect(ParticleEvaluatorTests.live(later) != first)
        var reseeded = e
        reseeded.seed = 78
        #expect(ParticleEvaluatorTests.live(reseeded) != first)
        // Still the first emitter's particles after others took the cache's places.
        #expect(ParticleEvaluatorTests.live(e) == first)
    }
}

/// An evaluator computes in the buffers of the evaluation the cache let go (its own are shared
/// with the cache, so emptying them would copy a whole frame's particles).
@Suite struct ParticleEvaluationReuseTests {
    @Test func theCacheHandsBackTheBuffersItLetsGo() throws {
        let cache = EvaluationCache()
        func emitter(_ t: Double) -> EmitterContent { ParticleEvaluatorTests.emitter({ $0.velocity = 10 }, time: t) }
        let evaluator = ParticleEvaluator()
        evaluator.evaluate(emitter(2))
        let first = evaluator.particles
        #expect(cache.store(emitter(2), particles: first, cells: []) == nil)
        #expect(cache.store(emitter(3), particles: [], cells: []) == nil)
        let evicted = try #require(cache.store(emitter(4), particles: [], cells: []))
        #expect(evicted.particles.withUnsafeBufferPointer { $0.baseAddress } == first.withUnsafeBufferPointer { $0.baseAddress },
                "the oldest evaluation's buffer was not handed back")
        #expect(cache.store(emitter(4), particles: [], cells: []) == nil, "an equal emitter's entry is replaced, not evicted")
    }

    /// One evaluator stepping through times (computing in evicted buffers) gives what new
    /// evaluators gave at each time. (The expected particles are evaluated first: the shared
    /// cache then holds only the last two times, so the stepping evaluator computes the rest.)
    @Test func reusedBuffersGiveTheSameParticles() {
        var e = ParticleEvaluatorTests.emitter({ $0.velocity = 30; $0.emissionRange = 1; $0.birthRate = 200 }, time: 1)
        e.seed = 991
        let times = (0..<12).map { 1 + Double($0) / 60 }
        let expected = times.map { t -> [Particle] in
            var at = e
            at.time = t
            return ParticleEvaluatorTests.live(at)
        }
        let reused = ParticleEvaluator()
        for (step, t) in times.enumerated() {
            e.time = t
            reused.evaluate(e)
            #expect(reused.particles == expected[step], "step \(step)")
            #expect(reused.particles.count > 100)
        }
    }
}
