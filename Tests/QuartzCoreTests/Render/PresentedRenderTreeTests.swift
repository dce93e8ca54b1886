import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// The renderer's per-frame path (model + evaluated animations) gives the same render tree as
/// snapshotting `presentation()`.
@Suite struct PresentedRenderTreeTests {
    @Test func matchesThePresentationTreeOnAMixedAnimatedTree() throws {
        let host = TestHost()
        // The committed tree's fixture: a moving/spinning layer, an animated stroke, a keyframe
        // fade, a tinted still layer, all committed at media time 100.
        let (root, layers) = CommittedRenderTreeTests.animatedTree(host)
        for t in [100.0, 100.5, 101.3, 103.0] {
            let fast = PresentedRenderTree(root: root).tree(at: t)
            let copy = try #require(MediaClock.$override.withValue(t) { root.makePresentation() })
            let reference = RenderTree(layer: copy, at: t)
            #expect(fast.count == reference.count)
            for layer in layers {
                let id = layer.renderNodeID
                #expect(fast[id] == reference[id], "layer \(layer.name ?? "\(id)") at \(t)")
            }
        }
        withExtendedLifetime(host) {}
    }
}
