// The extension transitions (cube, oglFlip, pageCurl, pageUnCurl, barsSwipe): geometry checks
// at chosen progresses and goldens of a mid-progress frame of each.
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

private func solids() -> (Surface, Surface) { (TD.solid(40, 40, TD.red), TD.solid(40, 40, TD.blue)) }

private func frame(_ type: TransitionType, _ sub: TransitionSubtype?, _ p: Double, old: Surface, new: Surface,
                   pixelsPerPoint: Double = 1) throws -> Surface {
    let out = try Surface(width: old.width, height: old.height)
    try TransitionRenderer.render(TransitionStyle(type, subtype: sub), old: old, new: new, progress: p,
                                  pixelsPerPoint: pixelsPerPoint, into: out)
    return out
}

private func isRed(_ p: PremultipliedRGBA8) -> Bool { p.a == 255 && p.r > 200 && p.b < 40 }
private func isBlue(_ p: PremultipliedRGBA8) -> Bool { p.a == 255 && p.b > 200 && p.r < 40 }

@Suite struct TransitionExtensionTests {
    /// Half-way through the cube turn the old face is on the side away from the subtype's
    /// edge and the new face on the subtype's side.
    @Test func cubeBringsTheNewFaceFromTheSubtypeSide() throws {
        let (old, new) = solids()
        let right = try frame(.cube, .fromRight, 0.5, old: old, new: new)
        #expect(isRed(right[8, 20]) && isBlue(right[32, 20]))
        let left = try frame(.cube, .fromLeft, 0.5, old: old, new: new)
        #expect(isBlue(left[8, 20]) && isRed(left[32, 20]))
        let top = try frame(.cube, .fromTop, 0.5, old: old, new: new)
        #expect(isBlue(top[20, 8]) && isRed(top[20, 32]))
        let bottom = try frame(.cube, .fromBottom, 0.5, old: old, new: new)
        #expect(isRed(bottom[20, 8]) && isBlue(bottom[20, 32]))
    }

    /// Renderings prepared with mips are used by the 3D types: a 1-pixel checkerboard on
    /// the turning cube's faces comes out mostly mid-grey instead of aliased black and white.
    @Test func preparedMipmappedRenderings() throws {
        let old = TD.checker(64, 64, cell: 1), new = TD.checker(64, 64, cell: 1)
        func extremes(_ sampled: (old: SampledImage, new: SampledImage)?) throws -> Int {
            let out = try Surface(width: 64, height: 64)
            try TransitionRenderer.render(TransitionStyle(.cube, subtype: .fromRight), old: old, new: new, progress: 0.5,
                                          into: out, sampled: sampled)
            var n = 0
            for y in 16..<48 { for x in 4..<60 where out[x, y].a == 255 && (out[x, y].r < 40 || out[x, y].r > 215) { n += 1 } }
            return n
        }
        let plain = try extremes(nil)
        let mipped = try extremes((SampledImage(old, mipmapped: true), SampledImage(new, mipmapped: true)))
        #expect(plain > 100)
        #expect(mipped * 4 < plain)
    }

    /// A flip from the left: at 25% the old card's left edge has come toward the viewer (it
    /// is larger than the right half, whose edge has moved in); at 75% the new card shows,
    /// unmirrored, its right edge nearer.
    @Test func flipFromLeftTurnsTheLeftEdgeForward() throws {
        let (old, new) = solids()
        let early = try frame(.oglFlip, .fromLeft, 0.25, old: old, new: new)
        #expect(isRed(early[4, 20]))
        #expect(early[34, 20] == .transparent)
        let late = try frame(.oglFlip, .fromLeft, 0.75, old: old, new: new)
        #expect(late[4, 20] == .transparent)
        #expect(isBlue(late[36, 20]))
        // The new face is not mirrored: its red/green top half stays left/right.
        let q = try frame(.oglFlip, .fromLeft, 0.75, old: TD.quadrants(40, 40), new: TD.quadrants(40, 40))
        #expect(q[16, 12] == TD.red)
        #expect(q[30, 12] == TD.green)
        let mirror = try frame(.oglFlip, .fromRight, 0.25, old: old, new: new)
        #expect(isRed(mirror[35, 20]) && mirror[5, 20] == .transparent)
    }

    /// Page curl from the right at 50%: far from the curl the old page is untouched, near the
    /// starting edge the new content is revealed, and between them the pale underside shows.
    @Test func pageCurlRevealsFromTheSubtypeEdge() throws {
        let (old, new) = solids()
        let out = try frame(.pageCurl, .fromRight, 0.5, old: old, new: new)
        #expect(isRed(out[1, 20]))
        #expect(isBlue(out[38, 20]))
        // L = 40, r = 4.8, c = 24.8: the flap covers s in [24.8, 34.5], i.e. x ≈ 6...15.
        let flap = out[10, 20]
        #expect(flap.r > 150 && flap.g > 150 && flap.b > 150)
        // Columns are independent of the row for a straight curl.
        #expect(out[10, 3] == out[10, 33])
        // Unrolling is the reverse with the roles swapped.
        let un = try frame(.pageUnCurl, .fromRight, 0.5, old: new, new: old)
        #expect(un[10, 20] == out[10, 20])
        #expect(un[1, 20] == out[1, 20])
    }

    /// Bars swipe with angle π: bars move left; every other bar lags `barOffset`.
    @Test func barsSwipeMovesAlternateBarsWithALag() throws {
        let (old, new) = solids()
        let out = try frame(.barsSwipe(angle: .pi, width: 10, barOffset: 10), nil, 0.4, old: old, new: new)
        // T = 40, travel = 0.4 · 50 = 20: even bars move 20, odd bars lag 10 behind.
        // Bars are 10 px tall, counted from the centre line: with d = (−1, 0) the across
        // coordinate is 20 − y, so rows 10..<20 are bar 0 and rows 20..<30 bar −1.
        #expect(isRed(out[15, 15]) && isBlue(out[25, 15]))
        #expect(isRed(out[25, 25]) && isBlue(out[35, 25]))
        // With pixelsPerPoint 2 the same points give bars twice as tall in pixels.
        let big = try frame(.barsSwipe(angle: .pi, width: 5, barOffset: 5), nil, 0.4, old: old, new: new, pixelsPerPoint: 2)
        #expect(same(big, out))
    }

    // MARK: Goldens (mid-progress frames, 128x96)

    private static func pictures() -> (Surface, Surface) {
        (TD.picture(128, 96, base: PremultipliedRGBA8(r: 60, g: 160, b: 230, a: 255)),
         TD.picture(128, 96, base: PremultipliedRGBA8(r: 250, g: 170, b: 40, a: 255)))
    }

    @Test(arguments: [
        ("page-curl-bottom-40.png", TransitionType.pageCurl, TransitionSubtype.fromBottom, 0.4),
        ("page-curl-right-60.png", .pageCurl, .fromRight, 0.6),
        ("page-uncurl-right-50.png", .pageUnCurl, .fromRight, 0.5),
        ("cube-right-50.png", .cube, .fromRight, 0.5),
        ("cube-top-30.png", .cube, .fromTop, 0.3),
        ("flip-left-30.png", .oglFlip, .fromLeft, 0.3),
        ("flip-bottom-70.png", .oglFlip, .fromBottom, 0.7),
        ("bars-swipe-40.png", .barsSwipe(angle: 3.14, width: 12, barOffset: 10), .fromLeft, 0.4),
    ])
    func extensionGolden(_ name: String, _ type: TransitionType, _ sub: TransitionSubtype, _ p: Double) throws {
        let (old, new) = Self.pictures()
        let out = try frame(type, sub, p, old: old, new: new)
        // Show the frame over grey so transparent parts (cube, flip) are visible.
        let shown = TD.solid(128, 96, PremultipliedRGBA8(r: 200, g: 200, b: 200, a: 255))
        shown.composite(out, dx: 0, dy: 0)
        TD.golden(shown, name)
    }
}

private func same(_ a: Surface, _ b: Surface) -> Bool { a.bytes() == b.bytes() }

@Suite struct TransitionRobustnessTests {
    /// Degenerate sizes and progress values render without trapping, for every type and
    /// subtype, and the endpoints still hold.
    @Test func tinySurfacesAndOddProgress() throws {
        let types: [TransitionType] = [.fade, .push, .moveIn, .reveal, .pageCurl, .pageUnCurl, .cube, .oglFlip,
                                       .barsSwipe(angle: 1, width: 0.1, barOffset: 1e9)]
        for (w, h) in [(1, 1), (1, 5), (7, 1)] {
            let old = TD.solid(w, h, TD.red), new = TD.solid(w, h, TD.blue)
            let out = try Surface(width: w, height: h)
            for t in types {
                for sub in TransitionSubtype.allCases {
                    for p in [-1, 0, 1e-12, 0.5, 1 - 1e-12, 1, 2, .infinity, -.infinity] {
                        try TransitionRenderer.render(TransitionStyle(t, subtype: sub), old: old, new: new, progress: p, into: out)
                    }
                    try TransitionRenderer.render(TransitionStyle(t, subtype: sub), old: old, new: new, progress: 1, into: out)
                    #expect(out[0, 0] == TD.blue, "\(t) \(sub) \(w)x\(h)")
                }
            }
        }
    }
}

@Suite struct TransitionParallelTests {
    /// Row bands on a worker pool give the same bytes as one thread.
    @Test func poolGivesTheSameBytes() throws {
        let old = TD.picture(96, 72, base: TD.green), new = TD.picture(96, 72, base: TD.blue)
        let pool = WorkerPool(threadCount: 3)
        for type in [TransitionType.fade, .pageCurl, .pageUnCurl, .barsSwipe(angle: 2.5, width: 9, barOffset: 7)] {
            for sub in [TransitionSubtype.fromRight, .fromTop] {
                let a = try Surface(width: 96, height: 72), b = try Surface(width: 96, height: 72)
                try TransitionRenderer.render(TransitionStyle(type, subtype: sub), old: old, new: new, progress: 0.37, into: a)
                try TransitionRenderer.render(TransitionStyle(type, subtype: sub), old: old, new: new, progress: 0.37, into: b, pool: pool)
                let same = a.bytes() == b.bytes()
                #expect(same, "\(type) \(sub)")
            }
        }
    }
}
