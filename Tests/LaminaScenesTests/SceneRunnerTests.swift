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
}
