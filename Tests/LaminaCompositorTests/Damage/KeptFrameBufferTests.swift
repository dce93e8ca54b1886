// IncrementalFrames' two surfaces (the note at the top of IncrementalFrames.swift): a frame
// is drawn into the surface of the frame before the last, redrawing both frames' damage, so
// the last frame — which a caller may still show — is never written; a surface someone else
// still holds is never written either (a copy is drawn instead). Every frame stays
// byte-identical to a full render.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct KeptFrameBufferTests {
    /// Frame `k` of a small scene: one square moving right, another moving down.
    static func tree(_ k: Int) -> RenderTree {
        FrameDamageTests.tree(x: 30 + CGFloat(k) * 7, order: k % 3 == 2 ? [2, 1] : [1, 2])
    }

    @Test func framesAlternateBetweenTwoSurfacesAndMatchFullRenders() throws {
        let frames = IncrementalFrames()
        var seen: [ObjectIdentifier] = []
        for k in 0..<8 {
            let s = try frames.draw(frames.prepare(tree: Self.tree(k), width: 100, height: 80))
            let full = try Compositor().render(tree: Self.tree(k), width: 100, height: 80)
            #expect(s.bytes() == full.bytes(), "frame \(k)")
            seen.append(ObjectIdentifier(s))
        }
        // Nothing held the surfaces: two of them take turns.
        #expect(Set(seen).count == 2)
        for k in 2..<seen.count { #expect(seen[k] == seen[k - 2]) }
        #expect(seen[0] != seen[1])
    }

    @Test func heldFramesAreNeverWrittenAndLaterFramesStayExact() throws {
        let frames = IncrementalFrames()
        var held: [(surface: Surface, bytes: [UInt8])] = []
        for k in 0..<8 {
            let s = try frames.draw(frames.prepare(tree: Self.tree(k), width: 100, height: 80))
            let full = try Compositor().render(tree: Self.tree(k), width: 100, height: 80)
            #expect(s.bytes() == full.bytes(), "frame \(k)")
            held.append((s, s.bytes()))
        }
        for (k, h) in held.enumerated() { #expect(h.surface.bytes() == h.bytes, "held frame \(k) was written") }
        // Every frame got a surface of its own, since each older one was still held.
        #expect(Set(held.map { ObjectIdentifier($0.surface) }).count == held.count)
    }

    @Test func aFrameWithoutDamageIsTheKeptSurfaceItself() throws {
        let frames = IncrementalFrames()
        let a = try frames.draw(frames.prepare(tree: Self.tree(0), width: 100, height: 80))
        _ = try frames.draw(frames.prepare(tree: Self.tree(1), width: 100, height: 80))
        let b = try frames.draw(frames.prepare(tree: Self.tree(1), width: 100, height: 80))
        let c = try frames.draw(frames.prepare(tree: Self.tree(1), width: 100, height: 80))
        #expect(b === c)
        #expect(a !== b)
        // The frame after a damage-free one is still exact (the older surface catches up on
        // the last real change).
        let d = try frames.draw(frames.prepare(tree: Self.tree(2), width: 100, height: 80))
        #expect(d.bytes() == (try Compositor().render(tree: Self.tree(2), width: 100, height: 80)).bytes())
    }
}
