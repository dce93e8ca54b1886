import Foundation
import LaminaScenes
import QuartzCore
import Testing

/// The runner plays scripts like a run loop; the scenes behave as their seeds describe.
@Suite struct SceneRunnerTests {
    final class Recorder: SceneModel {
        let root = CALayer()
        let script = [ScriptStep(0.5, .command("a")), ScriptStep(1.0, .command("b"))]
        var seen: [(String, Double)] = []
        func handle(_ input: SceneInput) {
            if case .command(let name) = input { seen.append((name, CACurrentMediaTime())) }
        }
    }

    @Test func inputsRunAtTheirOwnMediaTimeAndOnlyOnce() {
        let scene = Recorder()
        let runner = SceneRunner(scene: scene, origin: 1000)
        runner.advance(to: 0.7)
        runner.advance(to: 0.7)
        runner.advance(to: 2)
        #expect(scene.seen.map(\.0) == ["a", "b"])
        #expect(scene.seen.map(\.1) == [1000.5, 1001.0])
        runner.advance(to: 1)   // backwards: ignored
        #expect(runner.sceneTime == 2)
    }

    @Test func completionBlocksFireWithinAFrameOfTheirAnimationsEnd() {
        final class Spin: SceneModel {
            let root = CALayer()
            let script = [ScriptStep(0.1, .command("go"))]
            var completedAt: Double?
            func handle(_ input: SceneInput) {
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setCompletionBlock { self.completedAt = CACurrentMediaTime() }
                root.opacity = 0.5
                CATransaction.commit()
            }
        }
        let scene = Spin()
        let runner = SceneRunner(scene: scene, origin: 1000)
        runner.advance(to: 3)
        let completed = try? #require(scene.completedAt)
        #expect(abs((completed ?? 0) - 1001.1) <= 1.0 / 60 + 1e-9)
    }

    /// `lamina render SCENE --time 1e9` used to tick 60 times a second of scene time (weeks of
    /// work), and past ~1e15 s the tick time stopped advancing: an endless loop.
    @Test func farTimesFinishAndStillRunInputsAndCompletions() {
        final class Late: SceneModel {
            let root = CALayer()
            let script = [ScriptStep(0.1, .command("go")), ScriptStep(5e8, .command("late"))]
            var completedAt: Double?
            var lateAt: Double?
            func handle(_ input: SceneInput) {
                guard case .command(let name) = input else { return }
                if name == "late" { lateAt = CACurrentMediaTime(); return }
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setCompletionBlock { self.completedAt = CACurrentMediaTime() }
                root.opacity = 0.5
                CATransaction.commit()
            }
        }
        let scene = Late()
        let runner = SceneRunner(scene: scene, origin: 1000)
        runner.maxTicksBetweenInputs = 600
        runner.advance(to: 1e9)
        #expect(runner.sceneTime == 1e9)
        #expect(scene.lateAt == 1000 + 5e8)
        // The stretch from 0.1 s to 5e8 s has 600 ticks, so the block fires within one of them.
        let completed = try? #require(scene.completedAt)
        #expect((completed ?? 0) >= 1001.1 && (completed ?? .infinity) <= 1001.1 + 5e8 / 600 + 1e-6)

        let far = SceneRunner(scene: Late(), origin: 1000)
        far.maxTicksBetweenInputs = 600
        far.advance(to: 1e18)
        #expect(far.sceneTime == 1e18)
        // 1000 s / 600 ticks is below the spacing of Doubles near 1e18 (128): no endless loop.
        far.advance(to: 1e18 + 1024)
        #expect(far.sceneTime == 1e18 + 1024)
    }
}
