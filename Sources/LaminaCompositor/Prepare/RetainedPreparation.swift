// Retained preparation: a frame stream prepares again only the subtrees that changed.
//
// Why: a 40×40 spinner over 500 still layers changes one node a frame, yet the walk
// (FramePreparer) re-emitted all 500 layers' pieces — half of an incremental frame's time.
//
// How. The draw list of a layer's subtree is a function of the subtree's nodes and of the
// walk's state where the layer is emitted: its device matrix, inherited alpha, clip box,
// geometry flip, depth, the alpha-shadow reach around it (stroke culling reads it), and the
// nodes already visited before it. The last frame's list (before occlusion culling) is kept
// with one *segment* per layer emitted from its superlayer's sublayer loop: the command range
// its emission produced, the visited-node range, and that state. In the next frame a layer
// whose subtree holds no changed node, emitted under the same state, appends its segment's
// commands instead of being walked.
//
// Which nodes changed comes from the tree itself (`RenderTree.changes`: the committed tree
// records what each frame wrote and what commits put; every `update`/`modify`/`remove`
// records its id), followed up to the root through a parent map kept from the tree's
// children and masks. Retention is used only where it is exact, and the walk is done in full
// otherwise: a tree without a change record or not made from the last one seen, another
// size, scale, root or preparer setting, delayed replicator instances, a last frame with
// nodes reached twice (shared nodes or cycles: the parent map holds one parent), and — inside
// a frame — replicator instances, plane surfaces, 3D rendering contexts, transitions, and any
// segment whose walk reported a diagnostic or set-forgot visited nodes. A segment is not
// reused when one of its nodes has been visited already this frame (the fresh walk would
// skip it). Tests (and `LAMINA_VERIFY_RETAINED=1`) prepare every frame both ways and compare.
import CoreGraphics
import Foundation
import LaminaRaster

/// The last frame's draw list by layer subtree, for one frame stream (not thread-safe: one
/// frame is prepared at a time, as `IncrementalFrames` does).
package final class RetainedPreparation {
    /// The walk's state where a layer is emitted: everything its subtree's commands depend
    /// on besides the subtree's nodes.
    struct EmitState: Equatable {
        var matrix: CATransform3D
        var alpha: Double
        var clipBox: PixelBox
        var flipped: Bool
        var depth: Int
        var shadowReach: Int

        /// Bit for bit: 0 and -0 (or two NaNs) must not pass for the same matrix or alpha.
        static func == (a: EmitState, b: EmitState) -> Bool {
            guard a.alpha.bitPattern == b.alpha.bitPattern, a.clipBox == b.clipBox, a.flipped == b.flipped,
                  a.depth == b.depth, a.shadowReach == b.shadowReach else { return false }
            return sameBits(a.matrix, b.matrix)
        }

        /// The two matrices bit for bit.
        static func sameBits(_ x: CATransform3D, _ y: CATransform3D) -> Bool {
            func same(_ u: CGFloat, _ v: CGFloat) -> Bool { Double(u).bitPattern == Double(v).bitPattern }
            return same(x.m11, y.m11) && same(x.m12, y.m12) && same(x.m13, y.m13) && same(x.m14, y.m14)
                && same(x.m21, y.m21) && same(x.m22, y.m22) && same(x.m23, y.m23) && same(x.m24, y.m24)
                && same(x.m31, y.m31) && same(x.m32, y.m32) && same(x.m33, y.m33) && same(x.m34, y.m34)
                && same(x.m41, y.m41) && same(x.m42, y.m42) && same(x.m43, y.m43) && same(x.m44, y.m44)
        }
    }

    /// Where a layer emits its sublayers: its own emission state with the alpha, clip box and
    /// flip its sublayers get (after its group and clip), their depth and the shadow reach
    /// there, and its sublayer matrix. Equal to the last frame's, a clean sublayer's own
    /// state is equal too (it is computed from this and the sublayer's unchanged node).
    struct SublayerContext: Equatable {
        var state: EmitState
        var sublayer: CATransform3D

        static func == (a: SublayerContext, b: SublayerContext) -> Bool {
            a.state == b.state && EmitState.sameBits(a.sublayer, b.sublayer)
        }
    }

    /// One layer's emission in a frame's list.
    struct Segment {
        var id: RenderNodeID
        /// The layer whose sublayer loop emitted it (nil: the root).
        var parent: RenderNodeID?
        var state: EmitState
        /// Its commands in the frame's list before occlusion culling.
        var commands: Range<Int>
        /// The nodes it visited, in the frame's visited log.
        var visited: Range<Int>
        /// Index past the segments nested in it (they follow it: pre-order).
        var end: Int
        /// False when it cannot be reused (its walk reported a diagnostic or forgot visited
        /// nodes); the segments nested in it may still be.
        var reusable: Bool
    }

    /// What, besides the tree, a frame's list depends on.
    struct FrameKey: Equatable {
        var width: Int, height: Int
        var scale: UInt64
        var root: RenderNodeID
        var cullsStrokeCurves: Bool
        var drawsPlanesDirectly: Bool
    }

    // The last frame.
    private var commands: [DrawCommand] = []
    private var log: [RenderNodeID] = []
    private var segments: [Segment] = []
    private var index: [RenderNodeID: Int] = [:]
    private var serial: UInt64?
    private var frameKey: FrameKey?
    private var hadRepeatedNodes = false
    /// Each node's superlayer (or the layer it masks), from the tree's children and masks.
    private var parents: [RenderNodeID: RenderNodeID] = [:]

    /// The sublayer contexts of the last frame's layers, by layer.
    private var contexts: [RenderNodeID: SublayerContext] = [:]

    // The frame being prepared.
    private var next: [Segment] = []
    private var nextContexts: [RenderNodeID: SublayerContext] = [:]
    private var nextIndex: [RenderNodeID: Int] = [:]
    private var dirty: Set<RenderNodeID> = []
    /// Segments may be reused this frame.
    private var reusing = false
    /// Segments are recorded this frame (for the next one).
    private var recording = false

    /// Every frame is also prepared by a full walk and compared (tests; or the environment
    /// variable `LAMINA_VERIFY_RETAINED=1`, which stops the process on a difference).
    package var verifies = ProcessInfo.processInfo.environment["LAMINA_VERIFY_RETAINED"] == "1"
    /// Frames whose retained list differed from the full walk's (with `verifies`).
    package internal(set) var mismatches = 0
    /// Segments reused in the last frame, and frames prepared with reuse allowed (for tests).
    package private(set) var reusedSegments = 0
    package private(set) var retainedFrames = 0

    package init() {}

    /// Counts (and under `LAMINA_VERIFY_RETAINED=1` stops on) a frame whose retained list
    /// differs from the full walk's.
    func check(_ list: DrawList, against full: DrawList) {
        guard list.commands != full.commands || list.diagnostics != full.diagnostics else { return }
        mismatches += 1
        if ProcessInfo.processInfo.environment["LAMINA_VERIFY_RETAINED"] == "1" {
            let first = zip(list.commands, full.commands).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(list.commands.count, full.commands.count)
            fatalError("retained preparation differs from the full walk at command \(first) of \(full.commands.count) "
                       + "(retained list has \(list.commands.count))")
        }
    }

    // MARK: Frame

    /// Starts a frame of `tree`: decides whether segments may be reused and which nodes are
    /// dirty (changed, or above a changed node).
    func begin(tree: RenderTree, key: FrameKey) {
        next.removeAll(keepingCapacity: true)
        nextIndex.removeAll(keepingCapacity: true)
        nextContexts.removeAll(keepingCapacity: true)
        dirty.removeAll(keepingCapacity: true)
        reusedSegments = 0
        recording = tree.changes != nil && tree.instanceNodes.isEmpty
        reusing = recording && serial != nil && tree.changes?.previous == serial && key == frameKey && !hadRepeatedNodes
        if reusing, let changes = tree.changes {
            // Structure first (a changed node's children and mask name it as their parent),
            // then every changed node and its ancestors.
            for id in changes.ids { if let n = tree[id] { noteChildren(of: n) } }
            for id in changes.ids {
                var x = id
                while dirty.insert(x).inserted, let p = parents[x] { x = p }
            }
            retainedFrames += 1
        } else {
            parents.removeAll(keepingCapacity: true)
            if recording { for n in tree.nodes.values { noteChildren(of: n) } }
        }
        serial = tree.changes?.serial
        frameKey = key
    }

    private func noteChildren(of n: RenderNode) {
        for c in n.children { parents[c] = n.id }
        if let m = n.mask { parents[m] = n.id }
    }

    /// Ends the frame: `commands` (before culling), the visited log and the diagnostics are
    /// the next frame's material. The log is taken from `visited` (which gets the last frame's
    /// log in exchange): kept by reference instead, it was copied when the visited set was
    /// emptied for the next frame.
    func finish(commands: [DrawCommand], visited: inout VisitedNodes, diagnostics: [CompositorDiagnostic]) {
        hadRepeatedNodes = diagnostics.contains {
            if case .tree(.repeatedNode) = $0 { return true } else { return false }
        }
        swap(&segments, &next)
        swap(&index, &nextIndex)
        swap(&contexts, &nextContexts)
        if recording {
            // The last frame's buffer is let go here; when that frame's list was culled into
            // another buffer, only this table held it: it becomes the spare culling buffer.
            var last = commands
            swap(&last, &self.commands)
            if lastCulled { cullSpare = last }
            visited.exchangeLog(&log)
        } else {
            self.commands = []
            log.removeAll(keepingCapacity: true)
            segments.removeAll(keepingCapacity: true)
            index.removeAll(keepingCapacity: true)
            contexts.removeAll(keepingCapacity: true)
        }
    }

    /// A spare command buffer a culled frame's list is built in (`cull`), and whether the last
    /// frame's list was (then its buffer before culling was this table's alone).
    private var cullSpare: [DrawCommand] = []
    private var lastCulled = false

    /// Occlusion culling of this frame's list, whose buffer this table shares (`finish`):
    /// culled commands are copied into the spare buffer.
    func cull(_ commands: inout [DrawCommand], output: PixelBox) {
        let before = commands.count
        OcclusionCulling.cull(&commands, output: output, into: &cullSpare)
        lastCulled = commands.count != before
        if lastCulled { cullSpare = [] } // (the buffer before culling: this table's `commands`)
    }

    // MARK: Storage kept between frames

    /// The preparer's per-frame tables, emptied, kept from one frame's walk to the next
    /// (`lendStorage` / `takeBackStorage`): made afresh, the body cache grew from empty every
    /// frame (a malloc or two each time).
    private var bodyCache: [FramePreparer.BodyKey: [DrawPiece]] = [:]
    private var spareIDLists: [[RenderNodeID]] = []
    private var spareAncestors: Set<RenderNodeID> = []
    /// The piece arrays of the last frame's bodies, emptied, for the next frame's bodies: at
    /// most `maxSpareBodies` arrays of at most `maxSpareBodyPieces` pieces each (kept memory:
    /// under 64 × 16 pieces of `MemoryLayout<DrawPiece>.stride` bytes, ~40 KB).
    private var spareBodies: [[DrawPiece]] = []
    static let maxSpareBodies = 64
    static let maxSpareBodyPieces = 16

    /// Hands the kept tables to `preparer` (whose own are empty: it has not walked yet).
    func lendStorage(to preparer: inout FramePreparer) {
        guard preparer.bodyCache.isEmpty, preparer.spareIDLists.isEmpty, preparer.spareAncestors.isEmpty,
              preparer.spareBodies.isEmpty else { return }
        swap(&bodyCache, &preparer.bodyCache)
        swap(&spareIDLists, &preparer.spareIDLists)
        swap(&spareAncestors, &preparer.spareAncestors)
        swap(&spareBodies, &preparer.spareBodies)
        swap(&planeVertices, &preparer.planeVertices)
        swap(&planeQuad, &preparer.planeQuad)
        swap(&planeLayers, &preparer.planeLayers)
        preparer.payloads = payloads
    }

    /// Takes `preparer`'s tables back, emptied (the body cache keeps its room, not its pieces;
    /// its arrays become spare bodies).
    func takeBackStorage(from preparer: inout FramePreparer) {
        swap(&bodyCache, &preparer.bodyCache)
        swap(&spareIDLists, &preparer.spareIDLists)
        swap(&spareAncestors, &preparer.spareAncestors)
        swap(&spareBodies, &preparer.spareBodies)
        for b in bodyCache.values where spareBodies.count < Self.maxSpareBodies && b.capacity <= Self.maxSpareBodyPieces {
            spareBodies.append(b)
        }
        swap(&planeVertices, &preparer.planeVertices)
        swap(&planeQuad, &preparer.planeQuad)
        swap(&planeLayers, &preparer.planeLayers)
        planeLayers.removeAll(keepingCapacity: true)
        preparer.payloads = nil
        if planeVertices.capacity > 4096 { planeVertices = [] }
        bodyCache.removeAll(keepingCapacity: true)
        // Emptied once the cache has let them go (then each is this table's alone: emptied in
        // its own buffer).
        for i in spareBodies.indices { spareBodies[i].removeAll(keepingCapacity: true) }
        spareAncestors.removeAll(keepingCapacity: true)
        if spareIDLists.count > FramePreparer.maxDepth { spareIDLists.removeAll() }
    }

    /// The set of layers being drawn into plane surfaces, lent likewise (empty between
    /// frames): made by each frame's preparer, its first insertion was a malloc.
    private var planeLayers: Set<RenderNodeID> = []
    /// The payload boxes and arrays each frame's preparer recycles (PreparationPayloads.swift).
    package let payloads = PreparationPayloads()

    /// The check polygons' vertex buffer lent to each frame's preparer (`DirectPlaneChoice`).
    private var planeVertices: [RasterPoint] = []
    /// The projected plane bounds' buffer lent likewise (`FramePreparer.emitPlane`).
    private var planeQuad: [CGPoint] = []
    var planeQuadAddress: UnsafeRawPointer? {
        planeQuad.capacity == 0 ? nil : planeQuad.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    /// Where it is stored (for tests).
    var planeVerticesAddress: UnsafeRawPointer? {
        planeVertices.capacity == 0 ? nil : planeVertices.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// Where the last frame's visited log is stored (for tests).
    var logAddress: UnsafeRawPointer? { log.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    /// Room in the kept body cache (for tests).
    var keptBodyCacheCapacity: Int { bodyCache.capacity }
    /// Spare body arrays kept, and where their buffers are (for tests).
    var spareBodyAddresses: [UnsafeRawPointer?] {
        spareBodies.map { $0.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    }
    /// Id lists kept (for tests).
    var keptIDListCount: Int { spareIDLists.count }

    /// Whether a layer emitted now can be reused or recorded at all.
    var isRecording: Bool { recording }

    // MARK: Segments

    /// Appends the last frame's segment of `id` emitted under `state` to `list` and marks its
    /// nodes visited, if the subtree is clean, the state equal and none of its nodes visited
    /// yet. Returns false (and does nothing) otherwise.
    func reuse(_ id: RenderNodeID, state: EmitState, into list: inout [DrawCommand], visited: inout VisitedNodes) -> Bool {
        guard reusing, !dirty.contains(id), let i = index[id], segments[i].state == state else { return false }
        return reuse(segment: i, into: &list, visited: &visited)
    }

    /// Appends segment `i` (and records it and its nested segments for the next frame) if it is
    /// reusable and none of its nodes was visited yet this frame.
    private func reuse(segment i: Int, into list: inout [DrawCommand], visited: inout VisitedNodes) -> Bool {
        let s = segments[i]
        guard s.reusable else { return false }
        let ids = log[s.visited]
        for v in ids where visited.contains(v) { return false }
        let commandShift = list.count - s.commands.lowerBound
        let visitedShift = visited.mark - s.visited.lowerBound
        let segmentShift = next.count - i
        list.append(contentsOf: commands[s.commands])
        for v in ids { visited.insert(v) }
        for j in i..<s.end {
            var n = segments[j]
            n.commands = (n.commands.lowerBound + commandShift)..<(n.commands.upperBound + commandShift)
            n.visited = (n.visited.lowerBound + visitedShift)..<(n.visited.upperBound + visitedShift)
            n.end += segmentShift
            nextIndex[n.id] = next.count
            next.append(n)
        }
        reusedSegments += 1
        return true
    }

    /// Records where `id` emits its sublayers this frame; whether it emitted them the same way
    /// in the last frame (then `reuseChild` may be used for its clean sublayers).
    func sameSublayerContext(_ id: RenderNodeID, _ context: SublayerContext) -> Bool {
        guard recording else { return false }
        nextContexts[id] = context
        return reusing && contexts[id] == context
    }

    /// `reuse` for sublayer `id` of `parent` when `sameSublayerContext(parent, …)` was true:
    /// the last frame's segment of `id`, if it was emitted by `parent`'s sublayer loop, is
    /// reused without comparing its state (equal, as the context and the node are).
    func reuseChild(_ id: RenderNodeID, of parent: RenderNodeID, into list: inout [DrawCommand], visited: inout VisitedNodes) -> Bool {
        guard reusing, !dirty.contains(id), let i = index[id], segments[i].parent == parent else { return false }
        return reuse(segment: i, into: &list, visited: &visited)
    }

    /// Opens the segment of `id` (its nested segments follow); returns its index for `close`.
    func open(_ id: RenderNodeID, parent: RenderNodeID?, state: EmitState, commandStart: Int, visitedStart: Int) -> Int {
        let k = next.count
        next.append(Segment(id: id, parent: parent, state: state, commands: commandStart..<commandStart,
                            visited: visitedStart..<visitedStart, end: k + 1, reusable: false))
        nextIndex[id] = k
        return k
    }

    func close(_ k: Int, commandEnd: Int, visitedEnd: Int, reusable: Bool) {
        next[k].commands = next[k].commands.lowerBound..<commandEnd
        next[k].visited = next[k].visited.lowerBound..<visitedEnd
        next[k].end = next.count
        next[k].reusable = reusable
    }
}

extension FramePreparer {
    /// `emit` for a layer emitted from its superlayer's sublayer loop (or the root): the last
    /// frame's commands when the layer's subtree and state are unchanged (see
    /// RetainedPreparation), else the walk, recorded for the next frame.
    mutating func emitRetained(_ n: RenderNode, matrix m: CATransform3D, alpha: Double, clipBox: PixelBox, flipped: Bool, depth: Int) {
        guard let retained, retained.isRecording, retainedContextAllowed else {
            emit(n, matrix: m, alpha: alpha, clipBox: clipBox, flipped: flipped, depth: depth)
            return
        }
        let state = RetainedPreparation.EmitState(matrix: m, alpha: alpha, clipBox: clipBox, flipped: flipped, depth: depth,
                                                  shadowReach: shadowReach)
        if retained.reuse(n.id, state: state, into: &list.commands, visited: &visited) { return }
        let k = retained.open(n.id, parent: sublayerParent, state: state, commandStart: list.commands.count, visitedStart: visited.mark)
        let diagnostics = list.diagnostics.count
        let forgets = visited.setForgets
        emit(n, matrix: m, alpha: alpha, clipBox: clipBox, flipped: flipped, depth: depth)
        retained.close(k, commandEnd: list.commands.count, visitedEnd: visited.mark,
                       reusable: list.diagnostics.count == diagnostics && visited.setForgets == forgets)
    }

    /// Whether segments may be reused or recorded where the walk is: not inside replicator
    /// instances, plane surfaces, 3D contexts or transitions, nor under a tint.
    var retainedContextAllowed: Bool {
        retainBlock == 0 && planeLayers.isEmpty && replication == 1 && instanceVariant == nil && tint == .none
    }

    /// What, besides the tree, this preparer's list depends on.
    var retainedFrameKey: RetainedPreparation.FrameKey? {
        guard let root = tree.rootID else { return nil }
        return RetainedPreparation.FrameKey(width: list.width, height: list.height, scale: scale.bitPattern, root: root,
                                            cullsStrokeCurves: cullsStrokeCurves, drawsPlanesDirectly: drawsPlanesDirectly)
    }
}
