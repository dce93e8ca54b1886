// The draw-list payload boxes and arrays a frame stream's preparation recycles frame to frame
// (RecycledPayload.swift): kept by `RetainedPreparation`, handed to each frame's preparer.
//
// Why: what moves is prepared again every frame, and its payloads were made afresh — an
// emitter's `.particles` (its time changes every frame: bench-particles' one malloc a frame),
// a turning page's `.drawMaskedPlaneDirect` with its steps and each masked group's pieces
// (a box and two or three arrays a page a frame in the page fold). Likewise the pieces of a
// moving layer whose own content does not change: its shadow path offset by shadowOffset and
// its contents' slices were new objects every frame; the last frame's are reused when they
// come out the same (compared by value, so a changed layer gets new ones).
import CoreGraphics

/// Recycled payloads of one frame stream's preparation. Used by one preparation at a time.
package final class PreparationPayloads {
    /// Most boxes of one kind kept: twice the payloads a frame may hold (the last frame's are
    /// still held by its draw list while the next is prepared).
    static let maxBoxes = 16
    /// Most spare arrays of one kind kept.
    static let maxSpareArrays = 16

    /// Emitters' particles (`DrawPiece.particles`).
    package let particles = PayloadRecycler<EmitterContent>(limit: maxBoxes)
    /// Direct masked planes' fields (`DrawCommand.drawMaskedPlaneDirect`).
    package let maskedPlanes = PayloadRecycler<DirectMaskedPlane.Fields>(limit: maxBoxes)

    /// Step arrays no payload holds, emptied (the one a plane's steps are built in).
    private var spareSteps: [[DirectMaskedPlane.Step]] = []
    /// Masked groups' piece arrays no payload holds (emptied when taken: while spare they may
    /// still be shared with the steps they were taken from, until those are emptied).
    private var sparePieces: [[DrawItem]] = []

    package init() {}

    // MARK: Shadow paths and slices

    /// Most layers whose last shadow path or slices are kept (beyond, the tables start over).
    static let maxKeptLayers = 1024

    /// A shadow path offset by shadowOffset: the path it was made from (its elements, a value
    /// kept as they were) and the offset, bit for bit.
    private struct OffsetPath {
        var source: PathStorage
        var dx: UInt64, dy: UInt64
        var path: CGPath
    }

    private var offsetPaths: [RenderNodeID: OffsetPath] = [:]
    private var contentSlices: [RenderNodeID: [ContentsSlice]] = [:]

    /// `p` offset by (`dx`, `dy`) (bounds space), as `p.copy(applying:)` makes it: the path
    /// made last time for `layer` when it was made from the same elements and offset.
    func offsetPath(_ p: CGPath, dx: CGFloat, dy: CGFloat, layer: RenderNodeID) -> CGPath {
        let bx = Double(dx).bitPattern, by = Double(dy).bitPattern
        if let last = offsetPaths[layer], last.dx == bx, last.dy == by, last.source.sameElements(as: p.storage) { return last.path }
        let path = p.copy(applying: CGAffineTransform(translationX: dx, y: dy))
        if offsetPaths.count >= Self.maxKeptLayers { offsetPaths.removeAll(keepingCapacity: true) }
        offsetPaths[layer] = OffsetPath(source: p.storage, dx: bx, dy: by, path: path)
        return path
    }

    /// `ContentsLayout.slices(for:pixelSize:flipped:)`: the array made last time for the node's
    /// layer when the slices are the same, bit for bit.
    func slices(for node: RenderNode, pixelSize: CGSize, flipped: Bool) -> [ContentsSlice] {
        if let last = contentSlices[node.id] {
            var i = 0
            let same = ContentsLayout.forEachSlice(for: node, pixelSize: pixelSize, flipped: flipped) { s in
                guard i < last.count, Self.sameBits(s, last[i]) else { return false }
                i += 1
                return true
            }
            if same && i == last.count { return last }
        }
        let slices = ContentsLayout.slices(for: node, pixelSize: pixelSize, flipped: flipped)
        if contentSlices.count >= Self.maxKeptLayers { contentSlices.removeAll(keepingCapacity: true) }
        contentSlices[node.id] = slices
        return slices
    }

    private static func sameBits(_ a: ContentsSlice, _ b: ContentsSlice) -> Bool {
        func same(_ r: CGRect, _ q: CGRect) -> Bool {
            Double(r.origin.x).bitPattern == Double(q.origin.x).bitPattern && Double(r.origin.y).bitPattern == Double(q.origin.y).bitPattern
                && Double(r.size.width).bitPattern == Double(q.size.width).bitPattern
                && Double(r.size.height).bitPattern == Double(q.size.height).bitPattern
        }
        return same(a.source, b.source) && same(a.destination, b.destination)
    }

    // MARK: Masked planes

    /// Step and piece arrays handed out without a spare buffer (for tests).
    package private(set) var arraysWithoutSpare = 0

    /// An empty step array, in a spare buffer when there is one.
    func takeSteps() -> [DirectMaskedPlane.Step] {
        if let s = spareSteps.popLast() { return s }
        arraysWithoutSpare += 1
        return []
    }

    /// An empty piece array, in a spare buffer when there is one.
    func takePieces() -> [DrawItem] {
        guard var p = sparePieces.popLast() else {
            arraysWithoutSpare += 1
            return []
        }
        p.removeAll(keepingCapacity: true)
        return p
    }

    /// Keeps `pieces`' buffer for a later group.
    func giveBack(pieces: consuming [DrawItem]) {
        if sparePieces.count < Self.maxSpareArrays { sparePieces.append(pieces) }
    }

    /// Keeps `steps`' buffer, and those of its masked groups' pieces, for later planes.
    func giveBack(steps: inout [DirectMaskedPlane.Step]) {
        harvestPieces(&steps)
        if spareSteps.count < Self.maxSpareArrays { spareSteps.append(steps) }
        steps = []
    }

    /// Takes the piece arrays out of `steps` (into `sparePieces`) and empties `steps` in place.
    private func harvestPieces(_ steps: inout [DirectMaskedPlane.Step]) {
        for s in steps {
            if case let .masked(pieces, _) = s, sparePieces.count < Self.maxSpareArrays { sparePieces.append(pieces) }
        }
        steps.removeAll(keepingCapacity: true)
    }

    /// The masked plane of `layer` drawn through `plane` with `steps`, in a recycled box when
    /// one is free: its steps buffer gets `steps`' (which gets the box's last one, emptied, or
    /// an empty array).
    func maskedPlane(layer: RenderNodeID, plane: ProjectiveSpec, steps: inout [DirectMaskedPlane.Step]) -> DirectMaskedPlane {
        var recycled = false
        let fields = maskedPlanes.boxed(fresh: { DirectMaskedPlane.Fields(layer: layer, plane: plane, steps: steps) }, refill: { f in
            harvestPieces(&f.steps)
            f.layer = layer
            f.plane = plane
            swap(&f.steps, &steps)
            recycled = true
        })
        if recycled, spareSteps.count < Self.maxSpareArrays { spareSteps.append(steps) }
        steps = []
        return DirectMaskedPlane(fields: fields)
    }
}
