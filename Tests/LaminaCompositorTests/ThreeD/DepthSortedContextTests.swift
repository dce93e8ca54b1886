// 3D rendering contexts: flattening vs a shared 3D space, intersecting planes, a cube of six
// layers (sorting must hide the back faces exactly as culling does), and a golden.
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

private func concat(_ ms: CATransform3D...) -> CATransform3D { ms.dropFirst().reduce(ms[0], CATransform3DConcat) }
private func rotY(_ a: Double) -> CATransform3D { CATransform3DMakeRotation(CGFloat(a), 0, 1, 0) }
private func rotX(_ a: Double) -> CATransform3D { CATransform3DMakeRotation(CGFloat(a), 1, 0, 0) }
private func move(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D { CATransform3DMakeTranslation(CGFloat(x), CGFloat(y), CGFloat(z)) }

/// Draws each fragment of a context as a solid colour through `ProjectiveDrawing`.
private func render(_ planes: [ContextPlane], colors: [Int: PremultipliedRGBA8], into out: Surface) {
    let drawing = ProjectiveDrawing()
    for f in DepthSortedContext.fragments(planes, contextToDevice: LayerGeometry.flatten) {
        let b = f.plane.bounds
        let image = SampledImage(TD.solid(Int(b.width), Int(b.height), colors[f.id]!))
        drawing.drawImage(image, plane: f.plane, coverage: f.coverage, into: ProjectiveTarget(out))
    }
}

/// Six 44x44 faces of a cube centred at (cx, cy), turned and seen with m34 = −1/400.
private func cube(cx: Double, cy: Double, doubleSided: Bool) -> [ContextPlane] {
    let h = 22.0
    let faces: [CATransform3D] = [
        move(0, 0, h), concat(rotY(.pi), move(0, 0, -h)),
        concat(rotY(.pi / 2), move(h, 0, 0)), concat(rotY(-.pi / 2), move(-h, 0, 0)),
        concat(rotX(.pi / 2), move(0, -h, 0)), concat(rotX(-.pi / 2), move(0, h, 0)),
    ]
    let turn = concat(rotY(0.6), rotX(-0.45))
    let view = concat(turn, TD.perspective(400), move(cx, cy, 0))
    return faces.enumerated().map { i, f in
        ContextPlane(id: i, bounds: CGRect(x: 0, y: 0, width: 2 * h, height: 2 * h), toContext: concat(move(-h, -h, 0), f, view),
                     isDoubleSided: doubleSided)
    }
}

private let faceColors: [Int: PremultipliedRGBA8] = [
    0: TD.red, 1: TD.green, 2: TD.blue, 3: PremultipliedRGBA8(r: 255, g: 200, b: 0, a: 255),
    4: PremultipliedRGBA8(r: 200, g: 0, b: 200, a: 255), 5: PremultipliedRGBA8(r: 0, g: 180, b: 180, a: 255),
]

/// Two 70x50 planes crossing at their centre line, ±30° about y, perspective 1/300.
private func cross(cx: Double, cy: Double) -> (ContextPlane, ContextPlane) {
    let view = concat(TD.perspective(300), move(cx, cy, 0))
    let r = CGRect(x: 0, y: 0, width: 70, height: 50)
    return (ContextPlane(id: 10, bounds: r, toContext: concat(move(-35, -25, 0), rotY(.pi / 6), view)),
            ContextPlane(id: 11, bounds: r, toContext: concat(move(-35, -25, 0), rotY(-.pi / 6), view)))
}

@Suite struct DepthSortedContextTests {
    /// Reference §2.8.1: an outer layer at +45° about y holding an inner one at −45°. Flattened
    /// between them, the inner layer ends up cos²45° = half as wide; in one 3D context the
    /// rotations cancel.
    @Test func flatteningDoesNotCancelButAContextDoes() throws {
        let r = CGRect(x: 0, y: 0, width: 100, height: 40)
        let flattened = try #require(ProjectedPlane(bounds: r, transform: concat(rotY(-.pi / 4), LayerGeometry.flatten, rotY(.pi / 4), LayerGeometry.flatten)))
        let shared = try #require(ProjectedPlane(bounds: r, transform: concat(rotY(-.pi / 4), rotY(.pi / 4), LayerGeometry.flatten)))
        func width(_ p: ProjectedPlane) -> Double { (p.polygon.map(\.x).max() ?? 0) - (p.polygon.map(\.x).min() ?? 0) }
        #expect(abs(width(flattened) - 50) < 1e-9)
        #expect(abs(width(shared) - 100) < 1e-9)
    }

    /// The near half of each crossing plane is drawn over the far half of the other,
    /// whatever the input order; one of the two planes is split.
    @Test func intersectingPlanesInAContext() throws {
        let (a, b) = cross(cx: 50, cy: 30)
        var outs: [Surface] = []
        for input in [[a, b], [b, a]] {
            let out = try Surface(width: 100, height: 60)
            render(input, colors: [10: TD.red, 11: TD.blue], into: out)
            // A (+30°) brings its left half forward, B its right half.
            #expect(out[35, 30] == TD.red)
            #expect(out[65, 30] == TD.blue)
            outs.append(out)
            let frags = DepthSortedContext.fragments(input, contextToDevice: LayerGeometry.flatten)
            #expect(frags.count == 3)
            #expect(frags.filter { $0.outline != nil }.count == 2)
        }
        // The same picture either way, up to rounding along the split seam (the seam lies
        // where it should only because split vertices interpolate their bounds-space
        // points perspective-correctly; linear interpolation put it 2 px off).
        var differing = 0
        for y in 0..<60 {
            for x in 0..<100 where outs[0][x, y] != outs[1][x, y] {
                let p = outs[0][x, y], q = outs[1][x, y]
                if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a))) > 48 { differing += 1 }
            }
        }
        #expect(differing <= 4)
    }

    /// A closed cube of opaque faces: drawing all six faces in sorted order must show exactly
    /// what drawing only the front faces (doubleSided = false) shows, except along the
    /// anti-aliased silhouette and edges, where back faces may tint a few edge pixels.
    @Test func cubeSortingMatchesCulling() throws {
        let culled = try Surface(width: 80, height: 80), sorted = try Surface(width: 80, height: 80)
        render(cube(cx: 40, cy: 40, doubleSided: false), colors: faceColors, into: culled)
        render(cube(cx: 40, cy: 40, doubleSided: true), colors: faceColors, into: sorted)
        #expect(DepthSortedContext.fragments(cube(cx: 40, cy: 40, doubleSided: false), contextToDevice: LayerGeometry.flatten).count == 3)
        var differing = 0, opaque = 0
        for y in 0..<80 {
            for x in 0..<80 {
                if culled[x, y].a == 255 { opaque += 1 }
                if culled[x, y] != sorted[x, y] && culled[x, y].a == 255 {
                    let p = culled[x, y], q = sorted[x, y]
                    if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > 24 { differing += 1 }
                }
            }
        }
        #expect(opaque > 1500)
        #expect(differing == 0)
    }

    /// A plane split by another plane whose polygon lies elsewhere: nothing covers the cut,
    /// so without widening the two pieces' anti-aliased edges would leave a translucent
    /// hairline (alpha ≈ 0.3 + 0.7·0.7 at a cut 0.3 px into a pixel).
    @Test func splitPiecesLeaveNoSeam() throws {
        let p = ContextPlane(id: 0, bounds: CGRect(x: 0, y: 0, width: 100, height: 60), toContext: CATransform3DIdentity)
        // Q: a small quad in the plane x + 0.5·z = 50.3, below P (no overlap on screen).
        let q = ContextPlane(id: 1, bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                             toContext: concat(rotY(atan2(2.0, 1)), move(50.3, 70, 0)))
        let frags = DepthSortedContext.fragments([q, p], contextToDevice: LayerGeometry.flatten)
        #expect(frags.filter { $0.id == 0 }.count == 2)
        let out = try Surface(width: 100, height: 90)
        render([q, p], colors: [0: TD.red, 1: TD.blue], into: out)
        #expect(out[50, 30] == TD.red)
        #expect(out[49, 30] == TD.red && out[51, 30] == TD.red)
        // The outer edges are not widened: the left edge still ends at x = 0, the top at 0.
        let piece = try #require(frags.first { $0.id == 0 && $0.outline != nil })
        #expect(piece.coverage.allSatisfy { $0.y >= 0 && $0.y <= 60 })
    }

    /// Hit testing returns the frontmost layer under a point and the bounds point there.
    @Test func hitTestingFindsTheFrontmostLayer() throws {
        let cubeFrags = DepthSortedContext.fragments(cube(cx: 40, cy: 40, doubleSided: true), contextToDevice: LayerGeometry.flatten)
        let centre = try #require(DepthSortedContext.hitTest(cubeFrags, x: 48, y: 48))
        #expect(centre.id == 0)
        #expect(DepthSortedContext.hitTest(cubeFrags, x: 79, y: 2) == nil)
        // Wherever the rendered cube shows a face's exact colour, that face is hit.
        let out = try Surface(width: 80, height: 80)
        render(cube(cx: 40, cy: 40, doubleSided: true), colors: faceColors, into: out)
        var checked = 0, wrong = 0, seen = Set<Int>()
        for y in stride(from: 1, to: 80, by: 3) {
            for x in stride(from: 1, to: 80, by: 3) {
                guard let face = faceColors.first(where: { $0.value == out[x, y] })?.key else { continue }
                checked += 1
                seen.insert(face)
                if DepthSortedContext.hitTest(cubeFrags, x: Double(x) + 0.5, y: Double(y) + 0.5)?.id != face { wrong += 1 }
            }
        }
        #expect(checked > 200)
        #expect(seen.count == 3)
        #expect(wrong == 0)
        let (a, b) = cross(cx: 50, cy: 30)
        let crossFrags = DepthSortedContext.fragments([a, b], contextToDevice: LayerGeometry.flatten)
        #expect(DepthSortedContext.hitTest(crossFrags, x: 35, y: 30)?.id == 10)
        #expect(DepthSortedContext.hitTest(crossFrags, x: 65, y: 30)?.id == 11)
        // The bounds point of the plain plane under its centre is its bounds centre.
        let flat = try #require(ProjectedPlane(bounds: CGRect(x: 0, y: 0, width: 20, height: 10), transform: move(5, 5, 0)))
        let p = try #require(flat.boundsPoint(atDevice: 15, 10))
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 5) < 1e-9)
        #expect(flat.boundsPoint(atDevice: 4, 10) == nil)
        #expect(flat.boundsPoint(atDevice: .nan, 10) == nil)
    }

    @Test func widenedMovesOnlySeamEdges() {
        let square = [RasterPoint(0, 0), RasterPoint(10, 0), RasterPoint(10, 10), RasterPoint(0, 10)]
        let w = DepthSortedContext.widened(square, seams: [false, true, false, false], by: 0.5)
        #expect(w == [RasterPoint(0, 0), RasterPoint(10.5, 0), RasterPoint(10.5, 10), RasterPoint(0, 10)])
        let reversed = Array(square.reversed())
        let wr = DepthSortedContext.widened(reversed, seams: [true, false, false, false], by: 0.5)
        #expect(wr == [RasterPoint(0, 10.5), RasterPoint(10, 10.5), RasterPoint(10, 0), RasterPoint(0, 0)])
    }

    @Test func backFacesAndBadPlanesAreLeftOut() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 10)
        var nan = CATransform3DIdentity
        nan.m11 = .nan
        let planes = [ContextPlane(id: 1, bounds: r, toContext: rotY(.pi), isDoubleSided: false),
                      ContextPlane(id: 2, bounds: r, toContext: nan),
                      ContextPlane(id: 3, bounds: .zero, toContext: CATransform3DIdentity),
                      ContextPlane(id: 4, bounds: r, toContext: move(5, 5, 0))]
        let frags = DepthSortedContext.fragments(planes, contextToDevice: LayerGeometry.flatten)
        #expect(frags.map(\.id) == [4])
        #expect(frags.first?.outline == nil)
    }

    /// Golden: the cube (back faces culled by sorting only, all six double-sided) and the
    /// crossing planes.
    @Test func contextGolden() throws {
        let out = try Surface(width: 160, height: 80)
        out.fill(PremultipliedRGBA8(r: 235, g: 235, b: 235, a: 255))
        render(cube(cx: 40, cy: 40, doubleSided: true), colors: faceColors, into: out)
        let (a, b) = cross(cx: 120, cy: 40)
        render([a, b], colors: [10: TD.red, 11: TD.blue], into: out)
        TD.golden(out, "context-cube-and-cross.png")
    }
}
