// What a frame stream's preparation keeps from one frame's walk to the next (issue 21 item 3):
// the body cache's table, the arrays of resolved sublayer ids, and the visited log, which the
// retained preparation takes by exchange instead of sharing it. Each is handed back emptied
// (no piece or id of one frame is read by the next) and keeps the room it grew to; the lists
// stay those of a full walk. The allocation counts themselves are measured per frame by
// Benchmarks/FrameBenchmarks.
import CoreGraphics
@testable import LaminaCompositor
import Testing

@Suite struct PreparationReuseTests {
    /// A root with `count` sublayers (every fourth with two sublayers of its own), and the
    /// tree of frame `step`: layer 2 moves a pixel a frame, the rest stays.
    static func tree(step: Int, count: Int = 40, previous: RenderTreeChanges? = nil) -> RenderTree {
        var nodes = [IT.layer(1, frame: CGRect(x: 0, y: 0, width: 200, height: 120), background: IT.white,
                              children: (0..<UInt64(count)).map { 10 + $0 })]
        for i in 0..<UInt64(count) {
            let x = CGFloat(i % 10) * 19 + (i == 2 ? CGFloat(step) : 0), y = CGFloat(i / 10) * 28
            let kids: [UInt64] = i % 4 == 0 ? [1000 + 2 * i, 1001 + 2 * i] : []
            nodes.append(IT.layer(10 + i, frame: CGRect(x: x, y: y, width: 16, height: 22), background: i % 2 == 0 ? IT.coral : IT.teal,
                                  children: kids))
            for k in kids { nodes.append(IT.layer(k, frame: CGRect(x: 2, y: 2 + CGFloat(k % 2) * 9, width: 8, height: 7), background: IT.ink)) }
        }
        var tree = IT.tree(nodes)
        tree.changes = RenderTreeChanges(previous: previous?.serial, ids: previous == nil ? [] : [IT.id(12)])
        return tree
    }

    @Test func theBodyCacheAndIdListsAreKeptEmptiedAndListsStayExact() throws {
        let compositor = Compositor()
        let retained = RetainedPreparation()
        var previous: RenderTreeChanges?
        var room: Int?
        for step in 0..<6 {
            let tree = Self.tree(step: step, previous: previous)
            previous = tree.changes
            let list = compositor.drawList(tree: tree, width: 200, height: 120, retained: retained)
            let full = compositor.drawList(tree: tree, width: 200, height: 120)
            #expect(list.commands == full.commands, "step \(step)")
            #expect(retained.keptIDListCount >= 2, "the id lists were not given back")
            if step > 0 { #expect(retained.reusedSegments > 0, "step \(step): nothing retained") }
            // Filled by the first (full) walk: its room is kept, frame after frame.
            let capacity = retained.keptBodyCacheCapacity
            #expect(capacity > 0)
            if let room { #expect(capacity == room, "step \(step): the body cache was made again") }
            room = capacity
        }
    }

    /// The piece arrays of a frame's bodies become spare arrays the next frame's bodies are
    /// made in: a retained frame that rebuilds the moving layer's body takes a spare and gives
    /// it back, so the set of spare buffers stays the same frame after frame (made afresh, the
    /// body's new buffer would join the set); the lists stay a full walk's.
    @Test func bodyArraysAreKeptAndFilledAgain() throws {
        let compositor = Compositor()
        let retained = RetainedPreparation()
        var previous: RenderTreeChanges?
        var spares: Set<UnsafeRawPointer?>?
        for step in 0..<6 {
            let tree = Self.tree(step: step, previous: previous)
            previous = tree.changes
            let list = compositor.drawList(tree: tree, width: 200, height: 120, retained: retained)
            #expect(list.commands == compositor.drawList(tree: tree, width: 200, height: 120).commands, "step \(step)")
            let now = Set(retained.spareBodyAddresses)
            #expect(!now.isEmpty && now.count <= RetainedPreparation.maxSpareBodies)
            #expect(!now.contains(nil) || now.count == 1)
            if step >= 2, let spares { #expect(now == spares, "step \(step): a body was made in a new array") }
            spares = now
        }
    }

    /// The retained preparation takes the frame's visited log by exchange: the log it held
    /// goes back to the compositor with the visited set, which empties it in place (kept by
    /// reference instead, emptying it copied it every frame). Then the spare set is empty.
    @Test func theVisitedLogIsExchangedNotShared() throws {
        let compositor = Compositor()
        let retained = RetainedPreparation()
        var previous: RenderTreeChanges?
        for step in 0..<5 {
            let tree = Self.tree(step: step, previous: previous)
            previous = tree.changes
            _ = compositor.drawList(tree: tree, width: 200, height: 120, retained: retained)
            #expect(compositor.drawListBuffers.spareVisitedCount == 1)
            #expect(retained.logAddress != nil)
        }
        #expect(compositor.drawListBuffers.visitedLogCopies == 0, "the log was copied to be emptied: still shared")
        let spare = compositor.drawListBuffers.takeVisited()
        #expect(spare.insertionLog.isEmpty && !spare.contains(IT.id(1)), "a visit was kept")
    }
}
