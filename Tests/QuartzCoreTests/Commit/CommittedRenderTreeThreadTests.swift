import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// Frames from the committed tree on another thread while the model thread keeps changing and
/// committing the tree (run under `swift test --sanitize=thread` to check for races).
@Suite struct CommittedRenderTreeThreadTests {
    @Test func framesRenderOnAnotherThreadWhileTheModelChanges() throws {
        let host = TestHost()
        let (root, layers) = CommittedRenderTreeTests.animatedTree(host)
        let committed = root.committedRenderTree()
        let expected = try Compositor().render(tree: committed.tree(at: 100.5), width: 64, height: 64, scale: 0.3).bytes()
        let done = DispatchSemaphore(value: 0)
        let results = LockedValue<[Bool]>([])
        let frames = 30
        Thread.detachNewThread {
            let compositor = Compositor()
            for _ in 0..<frames {
                // The animated layers' committed state never changes below: same pixels.
                let surface = try? compositor.render(tree: committed.tree(at: 100.5), width: 64, height: 64, scale: 0.3)
                results.withLock { $0.append(surface?.bytes() == expected) }
            }
            done.signal()
        }
        // Meanwhile: uncommitted and committed changes to a layer the frames do not show.
        let hidden = CALayer()
        hidden.isHidden = true
        root.addSublayer(hidden)
        CATransaction.flush()
        var i = 0
        while results.value.count < frames {
            CATransaction.setDisableActions(true)
            hidden.position = CGPoint(x: Double(i), y: 1)
            hidden.backgroundColor = CGColor(gray: Double(i % 10) / 10, alpha: 1)
            layers[1].position = CGPoint(x: 5, y: Double(i % 7))  // model value under the animation
            if i % 3 == 0 { CATransaction.flush() }
            i += 1
        }
        done.wait()
        CATransaction.flush()
        #expect(results.value.count == frames)
        #expect(results.value.allSatisfy { $0 })
        withExtendedLifetime(host) {}
    }
}
