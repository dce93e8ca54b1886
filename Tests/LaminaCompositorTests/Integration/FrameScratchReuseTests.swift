// Working memory kept between frames so a steady-state frame does not allocate it again
// (issue 21 item 3): the occlusion grid's cells, the particle tiles' bins, the remembered
// shadow shapes. Each is emptied for the next frame (nothing of one frame leaks into the
// next) and keeps the capacity it grew to (the next frame of the same size allocates none).
// The allocation counts themselves are measured per frame by Benchmarks/FrameBenchmarks.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct FrameScratchReuseTests {
    static let frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)

    /// 500 opaque covers of 10 to 200 px scattered over the 1080p frame.
    static func covers(seed: UInt64) -> [CGRect] {
        var rng = seed
        func next(_ bound: Double) -> Double {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Double(rng >> 33) / Double(1 << 31) * bound
        }
        return (0..<500).map { _ in
            CGRect(x: next(1900).rounded(), y: next(1060).rounded(), width: 10 + next(190).rounded(), height: 10 + next(190).rounded())
        }
    }

    @Test func coverGridCellsAreEmptiedAndKeepTheirCapacity() {
        let scratch = CoverGridScratch()
        var grid = OcclusionCulling.CoverGrid(bounds: Self.frame, scratch: scratch)
        let covers = Self.covers(seed: 7)
        for c in covers { grid.insert(c) }
        var probes = 0
        #expect(grid.contains(covers[0].intersection(Self.frame), probes: &probes))
        let grown = scratch.cellCapacity
        #expect(grown > 0)

        // The next frame's grid over the same scratch starts empty…
        var next = OcclusionCulling.CoverGrid(bounds: Self.frame, scratch: scratch)
        #expect(!next.hasCover)
        #expect(!next.contains(covers[0].intersection(Self.frame), probes: &probes), "a cover of the last frame was kept")
        // …and holds the same covers again in the cells it already has.
        for c in covers { next.insert(c) }
        #expect(scratch.cellCapacity == grown, "the cells grew again: a steady frame allocates")
        #expect(next.contains(covers[0].intersection(Self.frame), probes: &probes))

        // A smaller output uses fewer cells, emptied too.
        let small = OcclusionCulling.CoverGrid(bounds: CGRect(x: 0, y: 0, width: 100, height: 80), scratch: scratch)
        #expect(scratch.cells.count == 2 * 2 && scratch.cells.allSatisfy(\.isEmpty))
        #expect(!small.contains(CGRect(x: 1, y: 1, width: 2, height: 2), probes: &probes))
    }

    /// Culling through the shared scratch pool: a frame after one full of covers culls only
    /// what its own covers hide.
    @Test func cullingAfterAFrameOfCoversKeepsWhatNothingCovers() {
        let full = CGRect(x: 0, y: 0, width: 100, height: 80)
        let covered = OcclusionCullingTests.scene(cover: full)
        let uncovered = OcclusionCullingTests.scene(cover: CGRect(x: 70, y: 60, width: 20, height: 10))
        for _ in 0..<3 {
            #expect(IT.drawList(covered, width: 100, height: 80).outline == ["draw #2 background"])
            #expect(IT.drawList(uncovered, width: 100, height: 80).outline
                == ["draw #0 background", "draw #1 background", "draw #2 background"])
        }
    }

    @Test func particleBinsAreRefilledInPlace() {
        let tiles = ParticleTiles(width: 1920, height: 1080)
        let boxes = Self.covers(seed: 3).map { SpriteBox(x0: Int($0.minX) - 20, y0: Int($0.minY) - 20, x1: Int($0.maxX), y1: Int($0.maxY)) }
        let scratch = ParticleScratch()
        tiles.bin(count: boxes.count, box: { boxes[$0] }, into: scratch)
        let capacities = (scratch.starts.capacity, scratch.order.capacity)
        // Copies of their own (sharing the scratch's buffers would make the refill copy them).
        let starts = scratch.starts.map { $0 }, order = scratch.order.map { $0 }
        // The same boxes in reverse order: the same members per tile, mapped back.
        let reversed = Array(boxes.reversed())
        tiles.bin(count: reversed.count, box: { reversed[$0] }, into: scratch)
        #expect(scratch.starts.capacity == capacities.0 && scratch.order.capacity == capacities.1,
                "refilling the bins grew them: a steady frame allocates")
        #expect(scratch.starts == starts)
        for t in 0..<tiles.count {
            let members = scratch.order[Int(scratch.starts[t])..<Int(scratch.starts[t + 1])].map(Int.init)
            #expect(members.map { boxes.count - 1 - $0 }.sorted() == order[Int(starts[t])..<Int(starts[t + 1])].map(Int.init))
            #expect(members == members.sorted(), "members in increasing order")
        }
    }

    @Test func shadowShapesAreRememberedForImmutablePathsOnly() {
        let remembered = RecognizedShadowShapes()
        var asked = 0
        func recognize(_ p: CGPath) -> LayerShape? {
            asked += 1
            return ShadowShapeRecognizer.recognize(p)
        }
        let rounded = CGPath(roundedRect: CGRect(x: 5, y: 5, width: 40, height: 30), cornerWidth: 6, cornerHeight: 6, transform: nil)
        let first = remembered.shape(of: rounded, recognize: recognize)
        let second = remembered.shape(of: rounded, recognize: recognize)
        #expect(first == LayerShape(rect: CGRect(x: 5, y: 5, width: 40, height: 30), cornerRadius: 6))
        #expect(second == first && asked == 1)

        // A mutable path may change after it is asked about: never remembered.
        let mutable = CGMutablePath()
        mutable.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(remembered.shape(of: mutable, recognize: recognize) == LayerShape(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        mutable.addLine(to: CGPoint(x: 30, y: 40))
        #expect(remembered.shape(of: mutable, recognize: recognize) == nil)
        #expect(asked == 3 && remembered.count == 1)

        // Full: everything is forgotten at once, then remembered again.
        for i in 0..<RecognizedShadowShapes.capacity {
            _ = remembered.shape(of: CGPath(rect: CGRect(x: 0, y: 0, width: i + 1, height: 1), transform: nil), recognize: recognize)
        }
        #expect(remembered.count <= RecognizedShadowShapes.capacity)
    }

    @Test func shadowColoursAreMadeOncePerColourAndOpacity() {
        let colors = ShadowColors()
        let teal = CGColor(red: 0.1, green: 0.5, blue: 0.5, alpha: 0.8)
        var made = 0
        func color(_ c: CGColor, _ o: Double) -> CGColor? {
            colors.color(c, opacity: o) {
                made += 1
                return ShadowMapping.effectiveColor(c, opacity: o)
            }
        }
        let first = color(teal, 0.5), again = color(teal, 0.5)
        #expect(first == CGColor(red: 0.1, green: 0.5, blue: 0.5, alpha: 0.4))
        #expect(again === first && made == 1)
        #expect(color(teal, 0.25) == CGColor(red: 0.1, green: 0.5, blue: 0.5, alpha: 0.2) && made == 2)
        // An equal colour that is another object is its own entry (identity is the key).
        #expect(color(CGColor(red: 0.1, green: 0.5, blue: 0.5, alpha: 0.8), 0.5) == first && made == 3)
        #expect(colors.count == 3)
        // Opacity 1 of an in-range generic RGB colour is the colour itself.
        #expect(ShadowMapping.effectiveColor(teal, opacity: 1) === teal)
        #expect(ShadowMapping.effectiveColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0), opacity: 1) == nil)
    }

    /// `Homography` keeps its coefficients inline; equality and hashing stay coefficientwise.
    @Test func homographyEqualityAndFinitenessAreCoefficientwise() {
        let h = Homography([1, 0, 0, 0, 1, 0, 0.004, 0, 1])
        #expect(h == Homography([1, 0, 0, 0, 1, 0, 0.004, 0, 1]))
        #expect(h != Homography([1, 0, 0, 0, 1, 0, 0.004, 0, 2]))
        #expect(Homography([1, 0, -0.0, 0, 1, 0, 0, 0, 1]) == Homography([1, 0, 0, 0, 1, 0, 0, 0, 1]))
        #expect(Homography([1, 0, -0.0, 0, 1, 0, 0, 0, 1]).hashValue == Homography([1, 0, 0, 0, 1, 0, 0, 0, 1]).hashValue)
        #expect(h.isFinite)
        for i in 0..<9 {
            var bad = h
            bad.m[i] = .nan
            #expect(!bad.isFinite && bad != bad, "coefficient \(i)")
            bad.m[i] = .infinity
            #expect(!bad.isFinite, "coefficient \(i)")
        }
        let p = h.paintMap
        #expect(p.m00 == 1 && p.m20 == 0.004 && p.m22 == 1)
        // after: the product applies `h` first.
        let shift = Homography([1, 0, 5, 0, 1, 7, 0, 0, 1])
        let moved = shift.after(h), q = h.apply(2, 3), r = moved.apply(2, 3)
        #expect(abs(r.x - (q.x + 5 * q.w)) < 1e-12 && abs(r.y - (q.y + 7 * q.w)) < 1e-12 && abs(r.w - q.w) < 1e-12)
    }

    @Test func transformIsFiniteChecksEveryElement() {
        #expect(CATransform3DIdentity.isFinite)
        for i in 0..<16 {
            for bad in [Double.nan, .infinity, -.infinity] {
                var e = CATransform3DIdentity.elements
                e[i] = bad
                #expect(!CATransform3D(elements: e).isFinite, "element \(i) = \(bad)")
            }
        }
    }
}

@Suite struct RowScratchTests {
    /// The underlay shader's row is allocated once and grown, not made per span.
    @Test func aRowIsKeptAndGrownOnlyWhenWider() {
        let scratch = RowScratch()
        let a = scratch.pixels(300)
        a.update(repeating: 7, count: 300)
        #expect(scratch.pixels(100) == a, "a narrower span reuses the row")
        #expect(scratch.pixels(300) == a)
        let b = scratch.pixels(5000)
        b.update(repeating: 9, count: 5000) // all of it writable
        #expect(scratch.pixels(4000) == b)
    }
}
