// The page fold's masked pages drawn with scratch kept from frame to frame (issue 21 item 3):
// the plane crop's and the wide shadow's row window's clips inline, the blur's row arrays,
// the masked groups' underlay paints, the wide shadow's outline and quads, the pages'
// polygons in the rasterizer's kept buffers. Each must give exactly what the fresh
// computation gives, and keep its buffers or objects across frames.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct FoldScratchReuseTests {
    /// Sutherland–Hodgman of an array against the half-plane `value ≥ 0`, written out as the
    /// array clip the plane crop and the wide shadow's row window used before `ClipPolygon`
    /// (the oracle it is compared with).
    static func clip(_ p: [(Double, Double)], _ value: (Double, Double) -> Double) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            let va = value(a.0, a.1), vb = value(b.0, b.1)
            if va >= 0 { out.append(a) }
            if (va >= 0) != (vb >= 0) {
                let t = va / (va - vb)
                out.append((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
            }
        }
        return out
    }

    /// `ClipPolygon` clips as the array clip does, vertex for vertex (random convex and
    /// non-convex polygons, random half-planes, chains of clips).
    @Test func inlineClipsAreTheArrayClips() {
        var rng = SplitMix(seed: 21)
        for _ in 0..<500 {
            let n = 3 + Int(rng.next() % 4)
            var array: [(Double, Double)] = []
            var inline = ClipPolygon()
            for _ in 0..<n {
                let p = (rng.unit() * 400 - 200, rng.unit() * 400 - 200)
                array.append(p)
                inline.append(p)
            }
            for _ in 0..<3 {
                let a = rng.unit() * 2 - 1, b = rng.unit() * 2 - 1, c = rng.unit() * 200 - 100
                array = Self.clip(array) { a * $0 + b * $1 + c }
                inline = inline.clipped { a * $0 + b * $1 + c }
                #expect(!inline.overflowed)
                #expect(inline.count == array.count)
                for i in 0..<min(inline.count, array.count) {
                    #expect(inline[i].0.bitPattern == array[i].0.bitPattern && inline[i].1.bitPattern == array[i].1.bitPattern)
                }
            }
            if let e = inline.extent {
                #expect(e.0 == array.map(\.0).min()! && e.1 == array.map(\.0).max()!)
                #expect(e.2 == array.map(\.1).min()! && e.3 == array.map(\.1).max()!)
            } else {
                #expect(array.isEmpty)
            }
        }
    }

    /// A blur with kept row arrays gives the bytes of a blur with none, for the exact
    /// kernel, three boxes and the downsampled method; the second blur reuses the sums array.
    @Test func keptBlurArraysGiveTheFreshBlur() throws {
        let mask = try AlphaMask(width: 37, height: 29)
        for y in 0..<29 { for x in 0..<37 where (x * 7 + y * 3) % 11 < 6 { mask.row(y)[x] = UInt8((x * 13 + y * 5) % 256) } }
        let scratch = BlurScratch()
        for sigma in [1.5, 4.0, 12.0, 40.0] {
            let fresh = try GaussianBlur.blurred(mask, sigma: sigma)
            for _ in 0..<2 {
                let kept = try GaussianBlur.blurred(mask, sigma: sigma, buffers: scratch)
                #expect(kept.width == fresh.width && kept.height == fresh.height)
                var same = true
                for y in 0..<fresh.height where memcmp(kept.row(y), fresh.row(y), fresh.width) != 0 { same = false }
                #expect(same, "σ \(sigma)")
            }
        }
        let before = scratch.sumsBase
        _ = try GaussianBlur.blurred(mask, sigma: 12, buffers: scratch)
        #expect(scratch.sumsCapacity > 0 && scratch.sumsBase == before, "the column sums were not kept")
        #expect(scratch.keptTaps == 2)
    }

    /// The page scene (a wide shadow with a hole and a masked group with a border) drawn
    /// frame after frame by one compositor — its executors' kept underlays, polygons and
    /// quads — is byte for byte what a new compositor draws for each frame, whole and in a
    /// region (the wide shadow's row window), and the underlay object is kept.
    @Test func keptPageScratchDrawsTheFreshFrames() throws {
        let kept = Compositor()
        // Weak: a strong reference here would itself make the kept underlay shared.
        weak var underlay: UnderlayShader?
        var frames = 0
        for (k, angle) in [0.5, 0.45, 0.62, 0.3, 0.5].enumerated() {
            let list = RT.drawList(Self.page(angle: angle), size: 200)
            #expect(list.commands.contains { if case .drawMaskedPlaneDirect = $0 { return true }; return false })
            for region in [nil, PixelBox(x0: 0, y0: 60, x1: 200, y1: 110)] as [PixelBox?] {
                let a = try Surface(width: 200, height: 200), b = try Surface(width: 200, height: 200)
                if let region {
                    try kept.render(list, into: a, region: region)
                    try Compositor().render(list, into: b, region: region)
                } else {
                    try kept.execute(list, into: a)
                    try Compositor().execute(list, into: b)
                }
                var same = true
                for y in 0..<200 where memcmp(a.row(y), b.row(y), 800) != 0 { same = false }
                #expect(same, "frame \(k) region \(String(describing: region))")
            }
            let pieces = kept.pieceRasterizers.peekIdle()
            if let pieces {
                #expect(pieces.underlays.count >= 1)
                if frames > 0 { #expect(underlay != nil && underlay === pieces.underlays.first, "frame \(k): the underlay was made anew") }
                underlay = pieces.underlays.first
                frames += 1
                #expect(pieces.underlays.allSatisfy { $0.layers.isEmpty }, "an underlay still holds its layers")
            }
        }
        #expect(frames >= 3)
    }

    /// The underlay paint is the pieces composited per pixel: the bytes of shading each layer
    /// and blending it over the ones below (the border's run of 0 skipped or not).
    @Test func anUnderlayIsItsLayersComposited() throws {
        let pieces = PieceRasterizer()
        let border = ProjectedBorderShader(inverse: PaintProjective(m00: 1, m01: 0.2, m02: -5, m10: 0, m11: 1, m12: -3, m20: 0.001, m21: 0, m22: 1),
                                           inner: CGRect(x: 10, y: 8, width: 60, height: 50), color: 0xFF20_40C0)
        let paper = SolidShader(PremultipliedRGBA8(r: 250, g: 250, b: 245, a: 255))
        let ink = SolidShader(PremultipliedRGBA8(r: 40, g: 0, b: 0, a: 80))
        for frame in 0..<2 {
            let u = pieces.underlay()
            u.append(paper); u.append(ink); u.append(border: border)
            var out = [UInt32](repeating: 0, count: 90), expected = [UInt32](repeating: 0, count: 90), tmp = [UInt32](repeating: 0, count: 90)
            for y in [0, 9, 30, 70] {
                out.withUnsafeMutableBufferPointer { u.shade(y: y, x: -3, count: 90, into: $0.baseAddress!) }
                expected.withUnsafeMutableBufferPointer { e in
                    paper.shade(y: y, x: -3, count: 90, into: e.baseAddress!)
                    tmp.withUnsafeMutableBufferPointer { t in
                        ink.shade(y: y, x: -3, count: 90, into: t.baseAddress!)
                        PixelKernels.rowOver(e.baseAddress!, t.baseAddress!, count: 90, alpha: 255)
                        border.shadeReference(y: y, x: -3, count: 90, into: t.baseAddress!)
                        PixelKernels.rowOver(e.baseAddress!, t.baseAddress!, count: 90, alpha: 255)
                    }
                }
                #expect(out == expected, "frame \(frame) row \(y)")
            }
            pieces.releaseUnderlays()
            #expect(u.layers.isEmpty)
            #expect(pieces.underlays.count == 1 && pieces.underlays[0] === u)
        }
    }

    /// `keptMapped` gives `Polygon(poly.subpaths.map { $0.map(f) })`, in a buffer reused once
    /// recycled.
    @Test func keptMappedIsTheMappedPolygon() {
        let pieces = PieceRasterizer()
        let source = Polygon([[RasterPoint(1, 2), RasterPoint(30, 4), RasterPoint(17, 40)],
                              [RasterPoint(-3, -3), RasterPoint(5, -1), RasterPoint(2, 7), RasterPoint(0, 1)]])
        var address: UnsafePointer<RasterPoint>?
        for frame in 0..<3 {
            let f = { (p: RasterPoint) in RasterPoint((p.x - 1.5) / 4, (p.y + Double(frame)) / 4) }
            let m = pieces.keptMapped(source, f)
            #expect(m.subpaths == source.subpaths.map { $0.map(f) })
            let first = m.subpaths[0].withUnsafeBufferPointer { $0.baseAddress }
            if frame > 0 { #expect(first == address, "frame \(frame): not reused") }
            address = first
            pieces.recycle(m)
        }
    }

    /// The plane choice with its check polygons in a kept buffer chooses the command the
    /// choice without one does, for pages at several angles (a masked plane) and a translucent
    /// mask (no direct plane); the buffer is reused plane after plane.
    @Test func theChoiceWithAKeptBufferIsTheChoice() throws {
        var scratch: [RasterPoint] = []
        var address: UnsafeRawPointer?
        for (k, nodes) in [Self.page(angle: 0.5), Self.page(angle: 0.2), Self.page(angle: 0.7),
                           DirectMaskedPlaneTests.scene(maskAlpha: 0.5)].enumerated() {
            let list = RT.surfacePlanesDrawList(nodes, size: 200)
            let begin = try #require(list.commands.firstIndex { if case .beginProjective = $0 { return true }; return false })
            let end = try #require(list.commands.firstIndex { if case .endProjective = $0 { return true }; return false })
            guard case let .beginProjective(spec) = list.commands[begin] else { return }
            let body = list.commands[(begin + 1)..<end]
            let kept = DirectPlaneChoice.command(for: spec, body: body, scratch: &scratch)
            #expect(kept == DirectPlaneChoice.command(for: spec, body: body), "plane \(k)")
            #expect((kept != nil) == (k < 3))
            let now = scratch.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            #expect(scratch.capacity > 0)
            if let address { #expect(now == address, "plane \(k): the check polygons' buffer was made anew") }
            address = now
        }
    }

    /// A frame stream's preparer gets the same check-polygon buffer frame after frame, and
    /// its lists stay the full walk's.
    @Test func theStreamKeepsTheChoiceBuffer() throws {
        let compositor = Compositor()
        let retained = RetainedPreparation()
        var address: UnsafeRawPointer?, quadAddress: UnsafeRawPointer?
        for (k, angle) in [0.5, 0.45, 0.4, 0.35].enumerated() {
            let tree = RT.tree(Self.page(angle: angle))
            let list = compositor.drawList(tree: tree, width: 200, height: 200, retained: retained)
            #expect(list.commands == compositor.drawList(tree: tree, width: 200, height: 200).commands)
            let now = retained.planeVerticesAddress
            #expect(now != nil)
            if k > 0 { #expect(now == address, "frame \(k): the buffer was not kept") }
            address = now
            let quad = retained.planeQuadAddress
            #expect(quad != nil)
            if k > 0 { #expect(quad == quadAddress, "frame \(k): the plane quad's buffer was not kept") }
            quadAddress = quad
        }
    }

    /// A size class's list of idle buffers stays in the pool's table once emptied, so the
    /// next buffer handed back (and the next checkout) reuses it: the counts are unchanged.
    @Test func poolListsAreReusedInPlace() throws {
        let pool = SurfacePool(byteLimit: 1 << 24)
        let budget = PixelMemoryBudget(limit: 1 << 26)
        for round in 0..<4 {
            let a = try #require(try pool.mask(width: 64, height: 50 + round, budget: budget)) // one size class (4 KiB)
            let b = try #require(try pool.surface(width: 40, height: 30, budget: budget))
            #expect(a.width == 64 && a.height == 50 + round && b.width == 40)
            pool.recycle(a)
            pool.recycle(b)
            #expect(pool.statistics.pooledBuffers == 2)
            if round > 0 { #expect(pool.statistics.reuses == 2 * round) }
        }
        #expect(pool.statistics.freshAllocations == 2)
    }

    /// `DirectMaskedPlaneTests.scene` with a border, turned by `angle` about y.
    static func page(angle: Double) -> [RenderNode] {
        var nodes = DirectMaskedPlaneTests.scene(borderWidth: 2)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        nodes[1].transform = CATransform3DRotate(perspective, CGFloat(angle), 0, 1, 0)
        return nodes
    }
}

/// A small deterministic generator for the tests' random polygons.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
