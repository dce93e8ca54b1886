import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// Birth rates that change over time (committed histories): births stop or resume at the
/// change, particles born before it live on unchanged, and a constant rate gives exactly the
/// particles of the plain model.
@Suite struct BirthScheduleTests {
    /// A point emitter whose one cell emits 10 particles a second, each living `lifetime` s
    /// and moving (so a particle's position tells its identity).
    static func emitter(time: Double, lifetime: Double = 2) -> EmitterContent {
        var cell = EmitterCellContent()
        cell.birthRate = 10
        cell.lifetime = lifetime
        cell.velocity = 20
        cell.velocityRange = 10
        cell.emissionRange = .pi
        var e = EmitterContent()
        e.position = CGPoint(x: 50, y: 40)
        e.seed = 3
        e.cells = [cell]
        e.time = time
        return e
    }

    static func live(_ e: EmitterContent) -> [Particle] {
        let ev = ParticleEvaluator()
        ev.evaluate(e)
        return ev.particles
    }

    @Test func layerRateSetToZeroStopsBirthsAndLetsTheLiveParticlesDie() {
        // Rate 1 until local time 1, then 0.
        func stopped(at t: Double) -> EmitterContent {
            var e = Self.emitter(time: t)
            e.birthRateHistory = [BirthRateChange(until: 1, rate: 1)]
            e.birthRate = 0
            return e
        }
        let after = Self.live(stopped(at: 1.5))
        let unchanged = Self.live(Self.emitter(time: 1.5))
        // Born at 0, 0.1, …, 0.9: ten particles, still alive at 1.5 (lifetime 2).
        #expect(after.count == 10)
        #expect(after.allSatisfy { $0.birth < 1 })
        // The same particles as if the rate had never changed (same identities, same places).
        #expect(after == unchanged.filter { $0.birth < 1 })
        // They die at the end of their lifetime: at 2.55 those born at 0.6 … 0.9 are left.
        #expect(Self.live(stopped(at: 2.55)).count == 4)
        #expect(Self.live(stopped(at: 3.0)).isEmpty)
        // Before the change, the history changes nothing.
        #expect(Self.live(stopped(at: 0.75)) == Self.live(Self.emitter(time: 0.75)))
    }

    @Test func cellRateChangesCombineWithTheLayers() {
        // The cell's rate: 10 until 1, 0 until 2, then 20; the layer's: 1, then 0.5 from 2.5.
        var e = Self.emitter(time: 3.05, lifetime: 10)
        e.cells[0].birthRateHistory = [BirthRateChange(until: 1, rate: 10), BirthRateChange(until: 2, rate: 0)]
        e.cells[0].birthRate = 20
        e.birthRateHistory = [BirthRateChange(until: 2.5, rate: 1)]
        e.birthRate = 0.5
        let births = Self.live(e).map(\.birth).sorted()
        // 10 in [0, 1), none in [1, 2), 20/s in [2, 2.5): 10, then 10/s in [2.5, 3.05]: 6.
        #expect(births.filter { $0 < 1 }.count == 10)
        #expect(births.filter { $0 >= 1 && $0 < 2 }.isEmpty)
        #expect(births.filter { $0 >= 2 && $0 < 2.5 }.count == 10)
        #expect(births.filter { $0 >= 2.5 }.count == 6)
        #expect(births.count == 26)
        // Every particle has its own random values: no two share a position.
        let positions = Set(Self.live(e).map { "\($0.x),\($0.y)" })
        #expect(positions.count == 26)
    }

    @Test func aConstantHistoryGivesThePlainModelsParticles() {
        // A change from 10 to 10 (the value re-committed) is no change at all.
        var e = Self.emitter(time: 1.73)
        e.cells[0].birthRateHistory = [BirthRateChange(until: 0.5, rate: 10)]
        #expect(Self.live(e) == Self.live(Self.emitter(time: 1.73)))
    }

    @Test func subCellsStopEmittingAtTheChangeInEmitterTime() {
        // Rockets (rate 1, living 10 s) trail sparks (rate 10 per rocket); the sparks' rate
        // goes to 0 at emitter time 1.5: the rocket born at 0 emitted sparks for 1.5 s, the
        // one born at 1 for 0.5 s, the one born at 2 none.
        var spark = EmitterCellContent()
        spark.birthRate = 0
        spark.birthRateHistory = [BirthRateChange(until: 1.5, rate: 10)]
        spark.lifetime = 100
        var rocket = EmitterCellContent()
        rocket.birthRate = 1
        rocket.lifetime = 10
        rocket.cells = [spark]
        var e = EmitterContent()
        e.cells = [rocket]
        e.time = 2.5
        let p = Self.live(e)
        let sparks = p.filter { $0.cell == 1 }
        #expect(p.filter { $0.cell == 0 }.count == 3)
        #expect(sparks.count == 15 + 5)
        #expect(sparks.allSatisfy { $0.birth < 1.5 })
    }

    @Test func badHistoriesNeverCrash() {
        var e = Self.emitter(time: 2)
        e.birthRateHistory = [BirthRateChange(until: .nan, rate: 5), BirthRateChange(until: 1, rate: .infinity),
                              BirthRateChange(until: 0.5, rate: -3), BirthRateChange(until: .infinity, rate: 1)]
        e.cells[0].birthRateHistory = [BirthRateChange(until: -1, rate: 1e300)]
        let p = Self.live(e)
        #expect(p.count <= ParticleEvaluator.maxLiveParticles)
        #expect(p.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }
}
