// Buffers a `PieceRasterizer` keeps between draws so that drawing a steady frame does not
// allocate them again (issue 21 item 3): the boxes its image shaders reach the painter in, the
// subpath buffers of its fill polygons. Each reuse is checked by identity (the same object, the
// same buffer) and for its safety (a paint or polygon still held elsewhere is never changed
// under its holder). The allocation counts themselves are measured per frame by
// Benchmarks/FrameBenchmarks.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct DrawScratchReuseTests {
    static func image(_ value: UInt8) -> SampledImage {
        let s = try! Surface(width: 4, height: 4)
        s.fill(PremultipliedRGBA8(r: value, g: 0, b: 0, a: 255), in: PixelRect(x0: 0, y0: 0, x1: 4, y1: 4))
        return SampledImage(s)
    }

    static func shade(_ paint: Paint) -> UInt32 {
        guard case let .shader(s) = paint else { return 0 }
        var out: UInt32 = 0
        s.shade(y: 1, x: 1, count: 1, into: &out)
        return out
    }

    @Test func anImageShaderBoxIsRefilledWhenNothingElseHoldsIt() {
        var box = SpanShaderBox()
        let first = ObjectIdentifier(box) // not a reference: that would make the box shared
        let red = ImageShader(image: Self.image(200), inverse: PaintAffine.translation(0, 0))
        #expect(Self.shade(SpanShaderBox.paint(red, in: &box)) & 0xFF == 200)
        #expect(ObjectIdentifier(box) == first, "a box nothing else holds is refilled, not made again")
        let other = ImageShader(image: Self.image(90), inverse: PaintAffine.translation(0, 0))
        #expect(Self.shade(SpanShaderBox.paint(other, in: &box)) & 0xFF == 90)
        #expect(ObjectIdentifier(box) == first)
        SpanShaderBox.clear(&box)
        #expect(box.shader == nil, "no image held between draws")
    }

    @Test func aHeldPaintKeepsItsShader() {
        var box = SpanShaderBox()
        let held = SpanShaderBox.paint(ImageShader(image: Self.image(200), inverse: PaintAffine.translation(0, 0)), in: &box)
        let first = box
        // A second draw while the first paint is still held gets a box of its own.
        let second = SpanShaderBox.paint(ImageShader(image: Self.image(90), inverse: PaintAffine.translation(0, 0)), in: &box)
        #expect(box !== first)
        #expect(Self.shade(held) & 0xFF == 200, "the held paint's shader was replaced")
        #expect(Self.shade(second) & 0xFF == 90)
        // Clearing leaves a box a paint still holds alone.
        SpanShaderBox.clear(&box)
        #expect(Self.shade(second) & 0xFF == 90)
    }

    static let shapes: [CGPath] = [
        CGPath(ellipseIn: CGRect(x: 3, y: 4, width: 50, height: 30), transform: nil),
        {
            let p = CGMutablePath()
            p.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 40), cornerWidth: 8, cornerHeight: 8)
            p.addEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
            p.addRect(CGRect(x: 50, y: 5, width: 5, height: 5))
            return p
        }(),
        CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil),
    ]

    static func vertices(_ p: Polygon) -> [[RasterPoint]] { p.subpaths.map { $0.map { $0 } } }

    @Test func keptPolygonsHaveTheVerticesOfPolygonAndReuseTheirBuffers() throws {
        let pieces = PieceRasterizer()
        let t = CGAffineTransform(a: 1.5, b: 0.2, c: -0.3, d: 1.1, tx: 7, ty: 9)
        let visible = PixelRect(x0: 0, y0: 0, x1: 30, y1: 30)
        // The same vertices as the static polygon, for one, several and fewer subpaths.
        for path in Self.shapes + Self.shapes.reversed() {
            let kept = pieces.keptPolygon(path, t, visible: visible)
            #expect(Self.vertices(kept) == Self.vertices(PieceRasterizer.polygon(path, t, visible: visible)))
            pieces.recycle(kept)
        }
        // Drawn again (once nothing else holds the first), the same path fills the same buffers.
        var outer: UnsafePointer<[RasterPoint]>?, inner: UnsafePointer<RasterPoint>?
        do {
            let first = pieces.keptPolygon(Self.shapes[0], t)
            outer = first.subpaths.withUnsafeBufferPointer { $0.baseAddress }
            inner = first.subpaths[0].withUnsafeBufferPointer { $0.baseAddress }
            pieces.recycle(first)
        }
        let again = pieces.keptPolygon(Self.shapes[0], t)
        #expect(again.subpaths.withUnsafeBufferPointer { $0.baseAddress } == outer, "the array of subpaths was made again")
        #expect(again.subpaths[0].withUnsafeBufferPointer { $0.baseAddress } == inner, "the subpath's vertices were allocated again")
        #expect(Self.vertices(again) == Self.vertices(PieceRasterizer.polygon(Self.shapes[0], t)))
    }

    /// A small polygon after a large one is built in the large one's buffers (a buffer made
    /// anew would have a small polygon's capacity; an address could be malloc's reuse).
    @Test func aSmallPolygonKeepsTheCapacityOfALargeOne() {
        let pieces = PieceRasterizer()
        let big = CGMutablePath()
        for i in 0..<4 { big.addEllipse(in: CGRect(x: 0, y: Double(i) * 1000, width: 4000, height: 900)) }
        var fewest = 0
        do {
            let large = pieces.keptPolygon(big, .identity)
            fewest = large.subpaths.map(\.count).min() ?? 0
            #expect(large.subpaths.count == 4 && fewest > 64)
            pieces.recycle(large)
        }
        do {
            let small = pieces.keptPolygon(Self.shapes[2], .identity)
            #expect(small.subpaths.count == 1 && small.subpaths[0].count < 8)
            #expect(small.subpaths.capacity >= 4, "the array of subpaths was made again")
            #expect(small.subpaths[0].capacity >= fewest, "the subpath's vertices were allocated again")
            pieces.recycle(small)
        }
        // The three other subpath buffers were kept as spares: a polygon of four gets them back.
        let again = pieces.keptPolygon(big, .identity)
        #expect(again.subpaths.allSatisfy { $0.capacity >= fewest })
        #expect(Self.vertices(again) == Self.vertices(PieceRasterizer.polygon(big, .identity)))
    }

    @Test func aPolygonStillHeldIsNotOverwritten() {
        let pieces = PieceRasterizer()
        let held = pieces.keptPolygon(Self.shapes[1], .identity)
        let expected = Self.vertices(held)
        pieces.recycle(held) // handed back while `held` is still in use
        let next = pieces.keptPolygon(Self.shapes[2], .identity)
        #expect(Self.vertices(held) == expected)
        #expect(Self.vertices(next) == Self.vertices(PieceRasterizer.polygon(Self.shapes[2], .identity)))
    }

    @Test func aProjectedPlaneFillsTheBufferItIsGiven() throws {
        let pieces = PieceRasterizer()
        let h = PaintProjective(m00: 1, m01: 0.1, m02: 20, m10: 0, m11: 1, m12: 30, m20: 0.001, m21: 0, m22: 1)
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        let plain = try #require(ProjectedPlane(bounds: bounds, homography: h))
        let one = try #require(ProjectedPlane(bounds: bounds, homography: h, reusing: pieces.keptVertexBuffer()))
        #expect(one.polygon == plain.polygon)
        pieces.recycle(pieces.keptPolygon(one.polygon))
        // `one` still holds its polygon: the next plane must not write into it.
        let two = try #require(ProjectedPlane(bounds: bounds, homography: h, reusing: pieces.keptVertexBuffer()))
        #expect(one.polygon == plain.polygon && two.polygon == plain.polygon)
        // Once nothing else holds it, the buffer is refilled in place.
        var address: UnsafePointer<RasterPoint>?
        // (The planes are made outside `#require`, which would keep its arguments for its report.)
        do {
            let made = ProjectedPlane(bounds: bounds, homography: h, reusing: pieces.keptVertexBuffer())
            let four = try #require(made)
            address = four.polygon.withUnsafeBufferPointer { $0.baseAddress }
            pieces.recycle(pieces.keptPolygon(four.polygon))
        }
        let made = ProjectedPlane(bounds: bounds, homography: h, reusing: pieces.keptVertexBuffer())
        let three = try #require(made)
        #expect(three.polygon.withUnsafeBufferPointer { $0.baseAddress } == address, "the plane allocated its polygon")
        #expect(three.polygon == plain.polygon)
    }
}

/// What a compositor keeps between frames besides its rasterizers: the frame walk's visited
/// set, and the caches' sets of what a frame used.
@Suite struct FrameBookkeepingReuseTests {
    @Test func theVisitedSetIsGivenBackEmptyWithItsRoom() {
        let buffers = DrawListBuffers()
        var visited = buffers.takeVisited()
        for i in 0..<600 { visited.insert(RenderNodeID(UInt64(i))) }
        let room = visited.capacity
        #expect(room >= 600)
        buffers.giveBack(visited: visited)
        #expect(buffers.spareVisitedCount == 1)
        let next = buffers.takeVisited()
        #expect(next.capacity == room, "the set was made again: it regrows every frame")
        #expect(!next.contains(RenderNodeID(5)) && next.insertionLog.isEmpty && next.work == 0, "a visit of the last frame was kept")
    }

    /// A frame drawn through the compositor gives its set back, and the next frame's walk
    /// reuses it (one spare, not one per frame).
    @Test func framesReuseOneVisitedSet() {
        let compositor = Compositor()
        let tree = IT.tree(OcclusionCullingTests.scene(cover: CGRect(x: 70, y: 60, width: 20, height: 10)))
        for _ in 0..<3 {
            _ = compositor.drawList(tree: tree, width: 100, height: 80)
            #expect(compositor.drawListBuffers.spareVisitedCount == 1)
        }
    }

    @Test func cachesKeepTheirUsedSetsAndDropOnlyWhatAFrameDidNotUse() {
        let store = FrameScopedStore<Int, Int>(maxBytes: 1 << 20) { _ in 8 }
        for k in 0..<100 { _ = store.value(for: k) { k * 2 } }
        store.endFrame()
        #expect(store.count == 100)
        // A steady frame: the same keys, nothing made, nothing dropped.
        var made = 0
        for k in 0..<100 { #expect(store.value(for: k) { made += 1; return -1 } == k * 2) }
        store.endFrame()
        #expect(made == 0 && store.count == 100)
        // A frame using half: the other half goes.
        for k in 0..<50 { _ = store.value(for: k) { -1 } }
        store.endFrame()
        #expect(store.count == 50)
        #expect(store.value(for: 70) { made += 1; return 140 } == 140 && made == 1)
    }
}

extension FrameBookkeepingReuseTests {
    /// A damage of one rectangle (a whole frame, a spinner's box) is its own coalesced form:
    /// the same buffer, no copy per frame.
    @Test func oneRectangleDamageIsCoalescedWithoutACopy() {
        let full = FrameDamage.full(width: 1920, height: 1080)
        let coalesced = full.coalesced(limit: 8)
        #expect(coalesced.rects == full.rects)
        #expect(coalesced.rects.withUnsafeBufferPointer { $0.baseAddress } == full.rects.withUnsafeBufferPointer { $0.baseAddress },
                "a single rectangle was copied")
        // Empty rectangles still go, and one inside another still adds nothing.
        let mixed = FrameDamage(rects: [PixelBox(x0: 0, y0: 0, x1: 0, y1: 5), PixelBox(x0: 1, y0: 1, x1: 9, y1: 9),
                                        PixelBox(x0: 2, y0: 2, x1: 4, y1: 4)], width: 10, height: 10)
        #expect(mixed.coalesced(limit: 8).rects == [PixelBox(x0: 1, y0: 1, x1: 9, y1: 9)])
    }
}
