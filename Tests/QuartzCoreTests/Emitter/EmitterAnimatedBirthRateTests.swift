import _LaminaTestSupport
import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// Animated birth rates (CAEmitterLayer+BirthRateHistory.swift, LaminaCompositor's
/// CommittedFrameSchedule+BirthRates.swift): a CABasicAnimation of the emitter's `birthRate`
/// or of "emitterCells.NAME.birthRate" makes as many particles as the animated rate's integral
/// over time, at the same times whatever frames were drawn before, and the particles born
/// under it stay where they are when the animation is removed.
@Suite struct EmitterAnimatedBirthRateTests {
    /// The confetti of `EmitterRenderingTests` (begun at media time 100, six particles a
    /// second per cell, lifetime 6), attached to a host and committed at 99; at 101 (local 1)
    /// `change` runs in a transaction without implicit actions. (A class: roots hold their
    /// host weakly, the scene keeps it.)
    final class Scene {
        let host = TestHost()
        let root: CALayer
        let emitter: CAEmitterLayer

        init(_ change: (CAEmitterLayer) -> Void) {
            root = attachedRoot(host)
            // The render server's tree, kept up to date by every commit from now on, as a
            // window's host has it.
            _ = root.committedRenderTree()
            let (stage, emitter) = EmitterRenderingTests.confetti()
            self.emitter = emitter
            MediaClock.withTime(99) {
                root.addSublayer(stage)
                CATransaction.flush()
            }
            Self.commit(at: 101) { change(emitter) }
        }

        static func commit(at time: CFTimeInterval, _ body: () -> Void) {
            MediaClock.withTime(time) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                body()
                CATransaction.commit()
            }
        }

        /// The committed tree's particles at absolute media time `t`.
        func particles(at t: CFTimeInterval) -> [Particle] {
            let frame = root.committedRenderTree().tree(at: t)
            guard case let .emitter(content)? = frame[emitter.renderNodeID]?.kind else {
                Issue.record("no emitter node")
                return []
            }
            let evaluator = ParticleEvaluator()
            evaluator.evaluate(content)
            return evaluator.particles
        }
    }

    /// The same particles born at the same times (to 1e-9 s: histories that went through a
    /// commit are converted to absolute media time and back).
    static func sameBirths(_ a: [Particle], _ b: [Particle]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.birth - $1.birth) < 1e-9 && $0.cell == $1.cell }
    }

    /// The emitter's birthRate ramps linearly from 0 to `to` over local 1 … 3 (media 101 … 103);
    /// the model holds `to`.
    static func layerRamp(to: Float = 4) -> (CAEmitterLayer) -> Void {
        { e in
            let a = CABasicAnimation(keyPath: "birthRate")
            a.fromValue = 0
            a.toValue = to
            a.duration = 2
            e.birthRate = to
            e.add(a, forKey: "ramp")
        }
    }

    static func born(_ p: [Particle], cell: Int32? = nil, in range: Range<Double>) -> Int {
        p.filter { (cell == nil || $0.cell == cell) && range.contains($0.birth) }.count
    }

    @Test func aLayerBirthRateRampBearsItsIntegral() {
        let p = Scene(Self.layerRamp()).particles(at: 103)
        let before = Scene { _ in }.particles(at: 103)
        // Before the change: the unchanged emitter's particles.
        #expect(p.filter { $0.birth < 1 } == before.filter { $0.birth < 1 })
        for cell in Int32(0)..<4 {
            // 6/s × ∫₀² 2s ds = 24 per cell over the ramp: 6 in its first second, 18 in its
            // second (the rate held at its presented value would give 48).
            let first = Self.born(p, cell: cell, in: 1..<2), second = Self.born(p, cell: cell, in: 2..<3)
            #expect(abs(first - 6) <= 1, "cell \(cell): \(first) born in the first second")
            #expect(abs(second - 18) <= 1, "cell \(cell): \(second) born in the second")
        }
    }

    @Test func framesInAnyOrderGiveTheSameParticles() {
        let scene = Scene(Self.layerRamp())
        let direct = scene.particles(at: 102.4)
        _ = scene.particles(at: 103.7)
        _ = scene.particles(at: 101.3)
        let afterOthers = scene.particles(at: 102.4)
        let again = Scene(Self.layerRamp())
        for t in stride(from: 101.0, to: 102.4, by: 1.0 / 30) { _ = again.particles(at: t) }
        let sequence = again.particles(at: 102.4)
        #expect(!direct.isEmpty)
        #expect(direct == afterOthers)
        #expect(direct == sequence)
    }

    @Test func particlesBornDuringTheRampKeepTheirBirthFromFrameToFrame() {
        let scene = Scene(Self.layerRamp())
        let early = scene.particles(at: 102.2).filter { $0.birth >= 1 }
        let late = scene.particles(at: 102.9).filter { $0.birth >= 1 && $0.birth < 2.2 }
        #expect(early.count > 10)
        #expect(early.map(\.birth) == late.map(\.birth))
        #expect(early.map(\.cell) == late.map(\.cell))
    }

    @Test func aCellKeyPathAnimationIsIntegratedForThatCellOnly() {
        let p = Scene { e in
            let a = CABasicAnimation(keyPath: "emitterCells.confetti0.birthRate")
            a.fromValue = 0
            a.toValue = 24
            a.duration = 2
            e.setValue(24, forKeyPath: "emitterCells.confetti0.birthRate")
            e.add(a, forKey: "ramp")
        }.particles(at: 103)
        let before = Scene { _ in }.particles(at: 103)
        // ∫₀² 12s ds = 24 births in cell 0: 6 in the first second, 18 in the second.
        #expect(abs(Self.born(p, cell: 0, in: 1..<2) - 6) <= 1)
        #expect(abs(Self.born(p, cell: 0, in: 2..<3) - 18) <= 1)
        #expect(p.filter { $0.cell != 0 } == before.filter { $0.cell != 0 })
    }

    @Test func removalOnCompletionKeepsTheParticlesTheRampBore() {
        let expected = Scene(Self.layerRamp()).particles(at: 104)
        let scene = Scene(Self.layerRamp())
        // The tick after the end removes the animation (removedOnCompletion), and a later
        // commit of the emitter snapshots its history again.
        AnimationEngine.tick(scene.root, at: 103.5)
        #expect(scene.emitter.animation(forKey: "ramp") == nil)
        #expect(Self.sameBirths(scene.particles(at: 104), expected))
        Scene.commit(at: 103.6) { scene.emitter.emitterPosition.x += 0.5 }
        #expect(Self.sameBirths(scene.particles(at: 104), expected))
    }

    @Test func aCommitDuringTheRampSettlesItWithoutMovingParticles() {
        let expected = Scene(Self.layerRamp()).particles(at: 102.8)
        let scene = Scene(Self.layerRamp())
        // Touches the emitter; the animation stays.
        Scene.commit(at: 102.013) { scene.emitter.emitterPosition.x += 0.5 }
        #expect(scene.emitter.birthRateRecord.past.count > 10, "the ramp so far is history now")
        #expect(Self.sameBirths(scene.particles(at: 102.8), expected))
    }
}
