// Buffers and objects the execution side of a frame keeps between frames so that a steady
// frame allocates none of them again (issue 21 item 3): a frame stream's damage units, unit
// matching and damage rectangles, the regions split for the threads and their row costs, the
// executors of regions and bands, and what a region render keeps track of. Each reuse is
// checked by identity (the same object, the same buffer) and against the results of the
// code that made everything anew. The allocation counts themselves are measured per frame by
// Benchmarks/FrameBenchmarks.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite struct ExecutionScratchReuseTests {
    static func address<T>(_ a: [T]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }

    static func randomBoxes(_ rng: inout SplitMix64, count: Int) -> [PixelBox] {
        (0..<count).map { _ in
            let x = Int(rng.next() % 200), y = Int(rng.next() % 200)
            let w = Int(rng.next() % 60), h = Int(rng.next() % 60)
            return PixelBox(x0: x, y0: y, x1: x + w, y1: y + h)
        }
    }

    /// The coalescing and row merging as they were written before they worked in place
    /// (filters, `sorted`, arrays made anew): the in-place versions must give the same boxes.
    static func referenceCoalesced(_ rects: [PixelBox], limit: Int) -> [PixelBox] {
        var rs = rects.filter { !$0.isEmpty }
        func union(_ a: PixelBox, _ b: PixelBox) -> PixelBox {
            PixelBox(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
        }
        func area(_ a: PixelBox) -> Int { a.width * a.height }
        if rs.count > 64 { rs = [FrameDamage(rects: rs, width: 0, height: 0).bounds] }
        if rs.count > 1 {
            rs = rs.enumerated().filter { i, r in
                !rs.enumerated().contains { j, o in j != i && o.intersection(r) == r && (o != r || j < i) }
            }.map(\.element)
        }
        while rs.count > max(1, limit) {
            var best = (i: 0, j: 1, cost: Int.max)
            for i in rs.indices { for j in rs.indices where j > i {
                let cost = area(union(rs[i], rs[j])) - area(rs[i]) - area(rs[j])
                if cost < best.cost { best = (i, j, cost) }
            } }
            let u = union(rs[best.i], rs[best.j])
            rs.remove(at: best.j); rs[best.i] = u
        }
        return rs
    }

    static func referenceMerged(_ boxes: [PixelBox]) -> [PixelBox] {
        var out: [PixelBox] = []
        for r in boxes.filter({ !$0.isEmpty }).sorted(by: { $0.y0 < $1.y0 }) {
            if let last = out.last, r.y0 < last.y1 {
                out[out.count - 1] = PixelBox(x0: min(last.x0, r.x0), y0: last.y0, x1: max(last.x1, r.x1), y1: max(last.y1, r.y1))
            } else {
                out.append(r)
            }
        }
        return out
    }

    @Test func inPlaceCoalescingAndMergingGiveTheBoxesOfTheCopyingVersions() {
        var rng = SplitMix64(21)
        for round in 0..<300 {
            // Duplicates and boxes inside others included (small coordinates collide often).
            var boxes = Self.randomBoxes(&rng, count: Int(rng.next() % 14))
            if round % 3 == 0, let b = boxes.first { boxes.append(b) }
            if round % 5 == 0 { boxes.append(.empty) }
            let limit = 1 + Int(rng.next() % 8)
            let d = FrameDamage(rects: boxes, width: 256, height: 256)
            #expect(d.coalesced(limit: limit).rects == Self.referenceCoalesced(boxes, limit: limit), "round \(round)")
            #expect(FrameDamage.mergingSharedRows(boxes) == Self.referenceMerged(boxes), "round \(round)")
            let regions = Self.referenceMerged(Self.referenceCoalesced(boxes, limit: limit))
            #expect(d.redrawRegions(limit: limit, wholeExtentWork: false).rects == regions, "round \(round)")
        }
    }

    @Test func redrawRegionsAreFormedInTheirOwnBuffer() {
        var d = FrameDamage(rects: [], width: 256, height: 256)
        d.rects.reserveCapacity(16)
        let buffer = Self.address(d.rects)
        for round in 0..<20 {
            var rng = SplitMix64(UInt64(round))
            d.rects.removeAll(keepingCapacity: true)
            d.rects.append(contentsOf: Self.randomBoxes(&rng, count: 10))
            let expected = d.redrawRegions(limit: 4, wholeExtentWork: round % 2 == 0).rects
            d.formRedrawRegions(limit: 4, wholeExtentWork: round % 2 == 0)
            #expect(d.rects == expected)
            #expect(Self.address(d.rects) == buffer, "round \(round): the rectangles were copied")
        }
    }

    /// The unit matching of a frame stream: the same flags as matching anew, in buffers kept
    /// from frame to frame; the units made in a kept buffer.
    @Test func unitsAndTheirMatchingReuseTheirBuffers() {
        let matching = DamageMatching()
        var units: [DamageUnit] = []
        var unitBuffer: UnsafeRawPointer?
        var flagBuffer: UnsafeRawPointer?
        var previous = Compositor().drawList(tree: KeptFrameBufferTests.tree(0), width: 100, height: 80)
        for k in 1..<12 {
            let list = Compositor().drawList(tree: KeptFrameBufferTests.tree(k), width: 100, height: 80)
            DamageUnit.units(of: list, into: &units)
            let old = DamageUnit.units(of: previous)
            #expect(units.count == DamageUnit.units(of: list).count)
            matching.match(old, units)
            let anew = DamageUnit.match(old, units)
            #expect(matching.oldMatched == anew.old && matching.newMatched == anew.new, "frame \(k)")
            var rects: [PixelBox] = []
            list.appendDamage(units: units, since: old, matching: matching, to: &rects)
            #expect(FrameDamage(rects: rects, width: 100, height: 80) == list.damage(since: previous), "frame \(k)")
            if k >= 3 {
                #expect(Self.address(units) == unitBuffer, "frame \(k): units made in a new buffer")
                #expect(Self.address(matching.newMatched) == flagBuffer, "frame \(k): flags made anew")
            }
            unitBuffer = Self.address(units)
            flagBuffer = Self.address(matching.newMatched)
            previous = list
        }
    }

    /// Units moved around in the middle of a list (matched through their hashes, the chains
    /// of equal hashes) are matched as matching anew does.
    @Test func matchingMovedUnitsAgreesWithMatchingAnew() {
        let base = Compositor().drawList(tree: FrameDamageTests.tree(x: 30, order: [1, 2]), width: 100, height: 80)
        let swapped = Compositor().drawList(tree: FrameDamageTests.tree(x: 30, order: [2, 1]), width: 100, height: 80)
        let a = DamageUnit.units(of: base), b = DamageUnit.units(of: swapped)
        let matching = DamageMatching()
        for (old, new) in [(a, b), (b, a), (a + b, b + a), (a + a + b, b + a + a), (a, a)] {
            matching.match(old, new)
            let anew = DamageUnit.match(old, new)
            #expect(matching.oldMatched == anew.old && matching.newMatched == anew.new)
        }
    }

    /// A frame stream fills its pending damage and its units in the same buffers frame after
    /// frame (once the caller has let each pending frame go), and stays exact.
    @Test func aFrameStreamKeepsItsDamageBuffers() throws {
        let frames = IncrementalFrames()
        var damageBuffers: [UnsafeRawPointer?] = []
        for k in 0..<10 {
            let tree = KeptFrameBufferTests.tree(k)
            let buffer: UnsafeRawPointer? = try {
                let p = frames.prepare(tree: tree, width: 100, height: 80)
                let s = try frames.draw(p)
                #expect(s.bytes() == (try Compositor().render(tree: tree, width: 100, height: 80)).bytes(), "frame \(k)")
                return Self.address(p.damage.rects)
            }()
            damageBuffers.append(buffer)
        }
        for k in 3..<damageBuffers.count { #expect(damageBuffers[k] == damageBuffers[2], "frame \(k): damage made anew") }
    }

    /// Regions split for two threads into a kept buffer: the regions of the copying version,
    /// the buffer and the row costs' buffers kept.
    @Test func splitRegionsFillAKeptBuffer() {
        let list = Compositor().drawList(tree: KeptFrameBufferTests.tree(3), width: 100, height: 80)
        var costs = RowCosts()
        var out: [PixelBox] = []
        var rng = SplitMix64(7)
        var buffer: UnsafeRawPointer?
        for round in 0..<40 {
            var damage = Self.randomBoxes(&rng, count: 1 + Int(rng.next() % 5))
            if round % 4 == 0 { damage = [PixelBox(x0: 0, y0: 0, x1: 100, y1: 80)] }
            for workers in [1, 2, 3] {
                let withList = round % 2 == 0 ? list : nil
                RenderThreads.regions(for: damage, workers: workers, minimumPixels: 500, list: withList, costs: &costs, into: &out)
                #expect(out == Self.referenceRegions(damage, workers: workers, minimumPixels: 500, list: withList),
                        "round \(round), \(workers) workers")
            }
            if round >= 8 { #expect(Self.address(out) == buffer, "round \(round): regions made anew") }
            buffer = Self.address(out)
        }
    }

    /// The split as it was written before it filled a kept buffer (merged boxes, `flatMap`,
    /// new row costs and band arrays).
    static func referenceRegions(_ damage: [PixelBox], workers: Int, minimumPixels: Int, list: DrawList?) -> [PixelBox] {
        guard workers > 1 else { return damage }
        return referenceMerged(damage).flatMap { box -> [PixelBox] in
            guard box.width * box.height >= minimumPixels else { return [box] }
            if let list { return RowCosts(list, rows: 0..<list.height).bands(of: box, count: workers) }
            return Compositor.bands(width: box.width, height: box.height, count: workers)
                .map { PixelBox(x0: box.x0 + $0.x0, y0: box.y0 + $0.y0, x1: box.x0 + $0.x1, y1: box.y0 + $0.y1) }
        }
    }

    /// A plane's damage extent is the bounding box of its clipped projected quad, found
    /// without making the quad: the same box as from `projectClipped`'s polygon, for planes
    /// in front of the eye, crossing it and behind it.
    @Test func planeExtentsAreTheBoxesOfTheClippedQuads() {
        var rng = SplitMix64(3)
        func unit() -> Double { Double(rng.next() % 2001) / 1000 - 1 }
        for round in 0..<400 {
            let m: InlineArray<9, Double> = [1 + unit(), unit(), 100 * unit(), unit(), 1 + unit(), 100 * unit(),
                               round % 3 == 0 ? 0 : unit() / 50, round % 3 == 0 ? 0 : unit() / 50, round % 4 == 0 ? unit() : 1 + unit()]
            let h = Homography(m)
            let w = 1 + Double(rng.next() % 300), ht = 1 + Double(rng.next() % 300)
            let q = h.projectClipped([CGPoint(x: 0, y: 0), CGPoint(x: w, y: 0), CGPoint(x: w, y: ht), CGPoint(x: 0, y: ht)])
            let box = DamageExtent.clippedBounds(h, width: w, height: ht)
            if q.isEmpty {
                #expect(box == nil, "round \(round)")
            } else {
                var r = CGRect.null
                for p in q { r = r.union(CGRect(x: p.x, y: p.y, width: 0, height: 0)) }
                #expect(box == r, "round \(round)")
            }
        }
    }

    /// Executors are lent to one region at a time and come back: the next region (the next
    /// frame) gets the same executor, which draws as a new one does.
    @Test func regionExecutorsAreLentAndGivenBack() throws {
        let compositor = Compositor()
        let scratch = RegionRenderScratch()
        let w = 100, h = 80
        for k in 0..<4 {
            let list = compositor.drawList(tree: KeptFrameBufferTests.tree(k), width: w, height: h)
            let out = try Surface(width: w, height: h)
            try compositor.render(list, into: out, regions: [PixelBox(x0: 10, y0: 5, x1: 60, y1: 40), PixelBox(x0: 0, y0: 50, x1: 100, y1: 80)],
                                  pool: nil, kept: scratch)
            let reference = try Surface(width: w, height: h)
            try Compositor().render(list, into: reference, regions: [PixelBox(x0: 10, y0: 5, x1: 60, y1: 40), PixelBox(x0: 0, y0: 50, x1: 100, y1: 80)],
                                    pool: nil)
            #expect(out.bytes() == reference.bytes(), "frame \(k)")
            // One executor drew both regions, one after the other, and is idle again.
            #expect(compositor.executors.idleCount == 1)
            #expect(scratch.rects.count == 2)
        }
        let budget = compositor.memoryBudget ?? PixelMemoryBudget.current
        let a = compositor.executors.take(budget: budget, planes: nil)
        #expect(compositor.executors.idleCount == 0)
        compositor.executors.giveBack(a)
        let b = compositor.executors.take(budget: budget, planes: nil)
        #expect(a === b, "an idle executor was not lent again")
        // Another budget gets an executor of its own.
        let other = compositor.executors.take(budget: PixelMemoryBudget(limit: 1 << 30), planes: nil)
        #expect(other !== b && other.budget !== b.budget)
        compositor.executors.giveBack(b)
        compositor.executors.giveBack(other)
    }

    /// A kept executor draws into the output through the target it keeps, and lets go of the
    /// surface after the run: a frame stream's surfaces stay held by no one else.
    @Test func keptExecutorsHoldNoSurfaceBetweenRuns() throws {
        let compositor = Compositor()
        let list = compositor.drawList(tree: KeptFrameBufferTests.tree(1), width: 100, height: 80)
        for k in 0..<3 {
            var out = try Surface(width: 100, height: 80)
            try compositor.render(list, into: out, regions: [PixelBox(x0: 0, y0: 0, x1: 100, y1: 80)], pool: nil)
            #expect(isKnownUniquelyReferenced(&out), "run \(k): the output is still held")
            #expect(out.bytes() == (try Compositor().render(tree: KeptFrameBufferTests.tree(1), width: 100, height: 80)).bytes())
        }
        #expect(compositor.executors.idleCount == 1)
    }

    /// A region render that fails (an unbalanced list) reports its error, and the kept executor
    /// and scratch draw the next frame exactly: nothing of the failed run stays.
    @Test func aFailedRegionLeavesNothingBehind() throws {
        let compositor = Compositor()
        let scratch = RegionRenderScratch()
        var broken = compositor.drawList(tree: KeptFrameBufferTests.tree(1), width: 100, height: 80)
        broken.commands.append(.endGroup(layer: RenderNodeID(99)))
        let out = try Surface(width: 100, height: 80)
        #expect(throws: CompositorError.self) {
            try compositor.render(broken, into: out, regions: [PixelBox(x0: 0, y0: 0, x1: 100, y1: 80)], pool: nil, kept: scratch)
        }
        let list = compositor.drawList(tree: KeptFrameBufferTests.tree(2), width: 100, height: 80)
        try compositor.render(list, into: out, regions: [PixelBox(x0: 0, y0: 0, x1: 100, y1: 80)], pool: nil, kept: scratch)
        #expect(out.bytes() == (try Compositor().render(tree: KeptFrameBufferTests.tree(2), width: 100, height: 80)).bytes())
        #expect(scratch.errors.first == nil)
    }

    /// The scratch of a frame drawn on two threads keeps its banded planes' table for the same
    /// pool, and the frames stay the one-thread bytes.
    @Test func twoThreadFramesKeepTheirScratch() throws {
        let pool = WorkerPool(threadCount: 2)
        let frames = IncrementalFrames(pool: pool)
        frames.minimumSplitPixels = 500
        for k in 0..<6 {
            let tree = KeptFrameBufferTests.tree(k)
            let s = try frames.draw(frames.prepare(tree: tree, width: 100, height: 80))
            #expect(s.bytes() == (try Compositor().render(tree: tree, width: 100, height: 80)).bytes(), "frame \(k)")
        }
        let planes = frames.regionScratch.planes(pool: pool, minimumPixels: 500)
        #expect(frames.regionScratch.planes(pool: pool, minimumPixels: 500) === planes)
        #expect(planes.bandedCount == 0, "the last frame's planes were not forgotten")
        // At most one executor a thread was made.
        #expect(frames.compositor.executors.idleCount <= 2)
    }

    /// A frame drawn in regions on two threads is drawn by the scratch's one `RegionDrawing`
    /// object, the same every frame, which holds nothing of a frame after it (the list's
    /// buffer and the surfaces are not kept alive by it); the frames are the one-thread bytes.
    @Test func regionsAreDrawnByOneKeptObjectThatHoldsNothingAfterAFrame() throws {
        let pool = WorkerPool(threadCount: 2)
        let compositor = Compositor()
        let scratch = RegionRenderScratch()
        let drawing = scratch.drawing
        let regions = [PixelBox(x0: 10, y0: 5, x1: 60, y1: 40), PixelBox(x0: 0, y0: 50, x1: 100, y1: 80)]
        for k in 0..<4 {
            var list = compositor.drawList(tree: KeptFrameBufferTests.tree(k), width: 100, height: 80)
            var out = try Surface(width: 100, height: 80)
            try compositor.render(list, into: out, regions: regions, pool: pool, kept: scratch)
            #expect(scratch.drawing === drawing)
            #expect(isKnownUniquelyReferenced(&out), "frame \(k): the output is still held")
            #expect(drawing.isEmpty, "frame \(k): the drawing object still holds the frame")
            let reference = try Surface(width: 100, height: 80)
            try Compositor().render(list, into: reference, regions: regions, pool: nil)
            #expect(out.bytes() == reference.bytes(), "frame \(k)")
            list.commands.removeAll()
        }
    }
}

