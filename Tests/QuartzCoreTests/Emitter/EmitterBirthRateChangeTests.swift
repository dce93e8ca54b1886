import _LaminaTestSupport
import Foundation
import LaminaCompositor
import LaminaRaster
import Testing
@testable import QuartzCore

/// Apple's birth-rate semantics through commits: `birthRate = 0` (the layer's or a cell's)
/// stops new births at the commit's media time, the particles already born live out their
/// lifetimes, and the frames stay a function of committed data and time.
@Suite struct EmitterBirthRateChangeTests {
    /// The confetti of `EmitterRenderingTests` (begun at media time 100, lifetime 6) on a
    /// CARenderer, committed at 99; `script` then runs at its media times (changes without
    /// implicit animations, each committed), and the frames are drawn at `frames` in that
    /// order. Returns the bytes of the last frame.
    static func render(script: [(CFTimeInterval, (CAEmitterLayer) -> Void)], frames: [CFTimeInterval]) throws -> [UInt8] {
        let (root, emitter) = EmitterRenderingTests.confetti()
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 96, height: 96))
        MediaClock.withTime(99) {
            renderer.layer = root
            CATransaction.flush()
        }
        for (time, change) in script {
            MediaClock.withTime(time) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                change(emitter)
                CATransaction.commit()
            }
        }
        for time in frames {
            MediaClock.withTime(time) {
                renderer.beginFrame(atTime: time)
                renderer.render()
                renderer.endFrame()
            }
        }
        return try #require(renderer.makeImage()).premultipliedRGBA8.bytes()
    }

    /// The committed emitter's particles at media time `t` after `script`.
    static func particles(script: [(CFTimeInterval, (CAEmitterLayer) -> Void)], at t: CFTimeInterval,
                          actions: Bool = false) throws -> [Particle] {
        let host = TestHost()
        let root = attachedRoot(host)
        let (stage, emitter) = EmitterRenderingTests.confetti()
        MediaClock.withTime(99) {
            root.addSublayer(stage)
            CATransaction.flush()
        }
        for (time, change) in script {
            MediaClock.withTime(time) {
                CATransaction.begin()
                CATransaction.setDisableActions(!actions)
                change(emitter)
                CATransaction.commit()
            }
        }
        if actions { #expect(emitter.animation(forKey: "birthRate") != nil) }
        let frame = root.committedRenderTree().tree(at: t)
        guard case let .emitter(content)? = frame[emitter.renderNodeID]?.kind else {
            Issue.record("no emitter node")
            return []
        }
        let evaluator = ParticleEvaluator()
        evaluator.evaluate(content)
        return evaluator.particles
    }

    static var stopLayer: [(CFTimeInterval, (CAEmitterLayer) -> Void)] { [(101, { $0.birthRate = 0 })] }

    @Test func layerBirthRateZeroKeepsTheLiveParticlesUntilTheirLifetimeEnds() throws {
        // Emitting from local time 0 (media time 100) to 1 (the commit at 101).
        let after = try Self.particles(script: Self.stopLayer, at: 103.5)
        let unchanged = try Self.particles(script: [], at: 103.5)
        #expect(!after.isEmpty)
        #expect(after.allSatisfy { $0.birth <= 1 })
        // They are the particles of the unchanged emitter born before the change, where they
        // would have been without it.
        #expect(after == unchanged.filter { $0.birth < 1 })
        #expect(unchanged.count > after.count)
        // Lifetimes are 6 s: at 106.5 the particles born in (0.5, 1) are left; after 107 none.
        let late = try Self.particles(script: Self.stopLayer, at: 106.5)
        #expect(!late.isEmpty && late.allSatisfy { $0.birth > 0.5 })
        #expect(try Self.particles(script: Self.stopLayer, at: 107.01).isEmpty)
    }

    @Test func cellBirthRateZeroThroughItsKeyPathStopsOnlyThatCell() throws {
        let stopCell: [(CFTimeInterval, (CAEmitterLayer) -> Void)] = [
            (101, { $0.setValue(0, forKeyPath: "emitterCells.confetti0.birthRate") }),
        ]
        let after = try Self.particles(script: stopCell, at: 103.5)
        let unchanged = try Self.particles(script: [], at: 103.5)
        // Cell 0 stopped at local 1; the others go on.
        #expect(after.filter { $0.cell == 0 } == unchanged.filter { $0.cell == 0 && $0.birth < 1 })
        #expect(after.filter { $0.cell != 0 } == unchanged.filter { $0.cell != 0 })
    }

    @Test func anImplicitlyAnimatedChangeKeepsTheEarlierParticles() throws {
        // `birthRate = 0` with actions: a 0.25 s implicit animation from 1 to 0, whose integral
        // bears the births during it (EmitterAnimatedBirthRateTests); the particles born
        // before are untouched.
        let unchanged = try Self.particles(script: [], at: 101.1)
        let during = try Self.particles(script: Self.stopLayer, at: 101.1, actions: true)
        #expect(during.filter { $0.birth < 1 } == unchanged.filter { $0.birth < 1 })
        #expect(try Self.particles(script: Self.stopLayer, at: 101.1, actions: true) == during)
        // After it: the unanimated change's particles, and the few the ramp down bore (six a
        // second per cell times about 0.125 s: the one due at its start in each cell).
        let animated = try Self.particles(script: Self.stopLayer, at: 103.5, actions: true)
        #expect(try animated.filter { $0.birth < 1 } == Self.particles(script: Self.stopLayer, at: 103.5))
        let ramp = animated.filter { $0.birth >= 1 }
        #expect(ramp.count == 4 && ramp.allSatisfy { $0.birth < 1.25 })
    }

    @Test func birthsResumeWhenTheRateComesBack() throws {
        let script: [(CFTimeInterval, (CAEmitterLayer) -> Void)] = [(101, { $0.birthRate = 0 }), (102, { $0.birthRate = 1 })]
        let p = try Self.particles(script: script, at: 103.5)
        #expect(p.contains { $0.birth < 1 })
        #expect(!p.contains { $0.birth > 1 && $0.birth < 2 })
        #expect(p.contains { $0.birth > 2 })
    }

    @Test func framesAfterTheChangeDependOnlyOnTheTime() throws {
        let t: CFTimeInterval = 102.3
        let direct = try Self.render(script: Self.stopLayer, frames: [t])
        let sequence = try Self.render(script: Self.stopLayer, frames: stride(from: 101.0, to: t, by: 1.0 / 30).map { $0 } + [t])
        let shuffled = try Self.render(script: Self.stopLayer, frames: [104, 100.5, 102.31, t])
        #expect(direct == sequence)
        #expect(direct == shuffled)
        // The live particles are drawn (not the empty panel), and they are not the unchanged
        // emitter's frame either.
        let (plain, emitter) = EmitterRenderingTests.confetti()
        emitter.removeFromSuperlayer()
        let background = try LayerRenderer.renderSurface(plain, at: t, pixelWidth: 96, pixelHeight: 96, scale: 1).bytes()
        #expect(direct != background)
        #expect(direct != (try Self.render(script: [], frames: [t])))
    }

    @Test func hostsKeepDrawingUntilTheLastParticleDies() {
        let (root, emitter) = EmitterRenderingTests.confetti()
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 96, height: 96))
        MediaClock.withTime(99) {
            renderer.layer = root
            CATransaction.flush()
        }
        MediaClock.withTime(101) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            emitter.birthRate = 0
            CATransaction.commit()
        }
        for (time, drawing) in [(103.0, true), (106.9, true), (107.1, false)] {
            MediaClock.withTime(time) {
                renderer.beginFrame(atTime: time)
                renderer.render()
                renderer.endFrame()
                #expect(renderer.nextFrameTime().isFinite == drawing, "at \(time)")
            }
        }
    }

    @Test func theRecordKeepsChangesInOrderAndBounded() {
        var r = BirthRateRecord()
        r.commit(5, at: 10)
        r.commit(5, at: 11)
        #expect(r.past.isEmpty)
        r.commit(0, at: 12)
        r.commit(3, at: 9) // a clock set back
        #expect(r.past.map(\.until) == [12, 12])
        #expect(r.past.map(\.rate) == [5, 0])
        for i in 0..<(BirthRateRecord.maxChanges + 136) { r.commit(Float(i % 2), at: 20 + Double(i)) }
        #expect(r.past.count == BirthRateRecord.maxChanges)
        #expect(zip(r.past, r.past.dropFirst()).allSatisfy { $0.until <= $1.until })
        r.commit(7, at: .nan)
        #expect(r.committed != 7)
    }
}
