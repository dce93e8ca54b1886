// Draw-list payloads a frame stream's preparation recycles (issue 21 item 3): boxes refilled
// only once nothing refers to them, and frame after frame the turning page's masked plane, its
// steps and pieces arrays, its offset shadow path and contents slices, and an emitter's
// particles come from what the stream kept — while every list equals a fresh preparation's.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct PayloadRecyclingTests {
    /// A box is refilled only when no payload holds it: a held payload keeps its value, and
    /// one let go gives its box to the next payload (no new box made).
    @Test func boxesAreRefilledOnlyWhenNothingHoldsThem() {
        let recycler = PayloadRecycler<[Int]>(limit: 4)
        let a = recycler.boxed([1, 2])
        var b: Boxed<[Int]>? = recycler.boxed([3])
        #expect(recycler.madeBoxes == 2)
        #expect(!Boxed.sameBox(a, b!))
        let old = b!
        b = nil
        // `old` still holds the second box: a third payload gets a box of its own.
        let c = recycler.boxed([4])
        #expect(recycler.madeBoxes == 3)
        #expect(a.value == [1, 2] && old.value == [3] && c.value == [4])
        _ = consume old
        let d = recycler.boxed([5, 6])
        #expect(recycler.madeBoxes == 3, "a free box was not refilled")
        #expect(d.value == [5, 6] && a.value == [1, 2] && c.value == [4])
        // Equal values are equal payloads whatever their boxes.
        #expect(Boxed([5, 6]) == d && Boxed([5, 6]).hashValue == d.hashValue)
        // Beyond the limit, boxes are made and not kept.
        let more = (0..<6).map { recycler.boxed([$0]) }
        #expect(recycler.keptBoxes == 4 && more.map(\.value) == (0..<6).map { [$0] })
    }

    /// The commands that are no longer `indirect` fit in the room `.draw`'s item takes, so the
    /// command did not grow.
    @Test func inlinePayloadsDoNotGrowTheCommand() {
        let item = MemoryLayout<DrawItem>.size
        #expect(MemoryLayout<ProjectiveSpec>.size <= item)
        #expect(MemoryLayout<GroupSpec>.size <= item)
        #expect(MemoryLayout<DirectMaskedPlane>.size <= item)
        #expect(MemoryLayout<DrawCommand>.stride <= MemoryLayout<DrawItem>.stride + 8)
    }

    /// A group's alpha shadow survives its box: set, read back, compared.
    @Test func aGroupsBoxedShadowIsItsValue() {
        let shadow = AlphaShadow(color: RT.color(0, 0, 0, 0.5), offset: CGVector(dx: 2, dy: 3), sigma: 4, clip: nil,
                                 clipTransform: .identity)
        var g = GroupSpec(layer: RT.id(1), reasons: [.shadowFromAlpha], bounds: PixelBox(x0: 0, y0: 0, x1: 9, y1: 9), opacity: 1,
                          shadow: shadow, hasMask: false)
        #expect(g.shadow == shadow)
        let h = g
        g.shadow?.sigma = 5
        #expect(g.shadow?.sigma == 5 && h.shadow?.sigma == 4 && g != h)
        g.shadow = nil
        #expect(g.shadow == nil)
    }

    /// A stream of page-fold frames (the page turning): each frame's list equals a fresh
    /// preparation's, and after the first three frames the masked plane's box, its step and
    /// piece arrays, the page's offset shadow path and its contents slices all come from what
    /// the stream kept (the last frame's list is still held while the next is prepared).
    @Test func aTurningPagesPayloadsAreRecycled() throws {
        let frames = IncrementalFrames()
        let payloads = frames.retained.payloads
        var boxes = 0, arrays = 0
        var shadowPath: CGPath?
        var slices: UnsafeRawPointer?
        for (k, angle) in [0.5, 0.47, 0.44, 0.41, 0.38, 0.35, 0.32].enumerated() {
            let tree = RT.tree(FoldScratchReuseTests.page(angle: angle))
            let pending = frames.prepare(tree: tree, width: 200, height: 200)
            #expect(pending.list.commands == Compositor().drawList(tree: tree, width: 200, height: 200).commands, "frame \(k)")
            try frames.draw(pending)
            let plane = try #require(pending.list.commands.lazy.compactMap { c -> DirectMaskedPlane? in
                if case let .drawMaskedPlaneDirect(p) = c { return p } else { return nil }
            }.first)
            guard case let .wideShadow(shadow, _) = plane.steps.first, case let .shadow(path, _, _) = shadow.piece,
                  case let .masked(pieces, _)? = plane.steps.last,
                  case let .contents(contents)? = pieces.lazy.map(\.piece).first(where: { $0.role == "contents" }) else {
                Issue.record("frame \(k): not the page's steps"); return
            }
            let slicesNow = contents.slices.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            // (Frame 2 refills frame 0's box, whose arrays become spare only then: its own steps
            // and pieces, taken before, are the last made.)
            if k >= 3 {
                #expect(payloads.maskedPlanes.madeBoxes == boxes, "frame \(k): a masked plane box was made")
                #expect(payloads.arraysWithoutSpare == arrays, "frame \(k): a steps or pieces array was made")
                #expect(path === shadowPath, "frame \(k): the shadow path was copied again")
                #expect(slicesNow == slices, "frame \(k): the slices were made again")
            }
            boxes = payloads.maskedPlanes.madeBoxes
            arrays = payloads.arraysWithoutSpare
            shadowPath = path
            slices = slicesNow
        }
        #expect(boxes <= 2)
    }

    /// The same page drawn by the stream is the page drawn fresh, pixel for pixel, frame after
    /// frame (the recycled payloads change nothing drawn).
    @Test func recycledPagesDrawAsFreshOnes() throws {
        let frames = IncrementalFrames()
        for angle in [0.5, 0.42, 0.34, 0.26] {
            let tree = RT.tree(FoldScratchReuseTests.page(angle: angle))
            let surface = try frames.draw(frames.prepare(tree: tree, width: 200, height: 200))
            let fresh = try Compositor().render(tree: tree, width: 200, height: 200)
            #expect(surface.bytes() == fresh.bytes(), "angle \(angle)")
        }
    }

    /// An emitter's particles move every frame: its `.particles` payload is refilled in a kept
    /// box once the stream has let go of the list before, and every list equals a fresh one.
    @Test func anEmittersParticlesAreRecycled() throws {
        let frames = IncrementalFrames()
        let recycler = frames.retained.payloads.particles
        var boxes = 0
        for k in 0..<8 {
            let time = 1 + Double(k) / 30
            let emitter = RenderNode(id: RT.id(1), kind: .emitter(ParticleEvaluatorTests.emitter({ $0.velocity = 20 }, time: time)),
                                     bounds: CGRect(x: 0, y: 0, width: 100, height: 80), position: CGPoint(x: 50, y: 40))
            let tree = RT.tree([RT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 80), children: [1]), emitter])
            let pending = frames.prepare(tree: tree, width: 100, height: 80)
            #expect(pending.list.commands == Compositor().drawList(tree: tree, width: 100, height: 80).commands, "frame \(k)")
            #expect(pending.list.items.contains { $0.piece.role == "particles" })
            try frames.draw(pending)
            if k >= 2 { #expect(recycler.madeBoxes == boxes, "frame \(k): a particles box was made") }
            boxes = recycler.madeBoxes
        }
        #expect(boxes <= 2)
    }
}
