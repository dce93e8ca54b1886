// Outlines a rasterizer keeps from frame to frame (issue 21 item 3): a turning layer's rounded
// rect is remembered in bounds space and flattened through each frame's transform, and a masked
// page's projected outline is built in the rasterizer's kept buffers. Both must give exactly the
// vertices of the paths they replace (so the same pixels), and reuse what they keep.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct OutlineReuseTests {
    static let shapes = [
        LayerShape(rect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 6),
        LayerShape(rect: CGRect(x: -3, y: 2, width: 91, height: 37), cornerRadius: 12, corners: [.minXMinY, .maxXMaxY]),
        LayerShape(rect: CGRect(x: 0, y: 0, width: 50, height: 30), cornerRadius: 9, curve: .continuous),
        LayerShape(rect: CGRect(x: 1, y: 1, width: 30, height: 20)),
    ]

    static func vertices(_ p: Polygon) -> [[RasterPoint]] { p.subpaths }

    /// Rotations (the spinner's), a shear and a mirrored scale: the remembered outline
    /// flattened through `t` is the path built through `t`, vertex for vertex.
    @Test func aRememberedOutlineThroughATransformIsThePathBuiltThroughIt() {
        let pieces = PieceRasterizer()
        var transforms: [CGAffineTransform] = (0..<24).map { k in
            CGAffineTransform(translationX: 960, y: 540).rotated(by: CGFloat(k) * .pi / 12 + 0.01).translatedBy(x: -20, y: -20)
        }
        transforms.append(CGAffineTransform(a: 1.5, b: 0.3, c: -0.7, d: 2, tx: 10.25, ty: -4.5))
        transforms.append(CGAffineTransform(scaleX: -2, y: 3).translatedBy(x: 7, y: 1))
        for shape in Self.shapes {
            for t in transforms {
                let kept = pieces.keptPolygon(pieces.outline(of: shape), t)
                let built = PieceRasterizer.polygon(shape.path(transform: t), .identity)
                #expect(Self.vertices(kept) == Self.vertices(built), "\(shape) \(t)")
                pieces.recycle(kept)
            }
        }
        // The same shape is not built again.
        #expect(pieces.outline(of: Self.shapes[0]) === pieces.outline(of: Self.shapes[0]))
    }

    /// A page outline (rounded rect) under perspective: the kept projected polygon is
    /// `ProjectiveDrawing.projectedPolygon`'s, also clipped by the eye plane, and its buffers
    /// are reused by the next one once it is handed back.
    @Test func aKeptProjectedOutlineIsTheProjectedPolygon() throws {
        let pieces = PieceRasterizer()
        let path = Self.shapes[1].path()
        let maps = [
            PaintProjective(m00: 1, m01: 0.1, m02: 20, m10: 0, m11: 1, m12: 30, m20: 0.001, m21: 0, m22: 1),
            PaintProjective(m00: 2, m01: 0, m02: 5, m10: 0.2, m11: 1.5, m12: 3, m20: -0.004, m21: 0.002, m22: 1),
            // Part of the outline behind the eye.
            PaintProjective(m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: -0.02, m21: 0, m22: 1),
        ]
        for (k, h) in maps.enumerated() {
            let plane = try #require(ProjectedPlane(bounds: path.boundingBoxOfPath, homography: h))
            let kept = pieces.keptProjectedPolygon(of: path, plane: plane)
            let expected = ProjectiveDrawing.projectedPolygon(of: path, plane: plane)
            #expect(Self.vertices(kept) == Self.vertices(expected), "map \(k)")
            #expect(!kept.subpaths.isEmpty)
            pieces.recycle(kept)
        }
        // The next frame's outline (the same number of vertices) is built in the same buffer.
        let plane = try #require(ProjectedPlane(bounds: path.boundingBoxOfPath, homography: maps[0]))
        var address: UnsafePointer<RasterPoint>?
        for frame in 0..<3 {
            let kept = pieces.keptProjectedPolygon(of: path, plane: plane)
            let first = kept.subpaths[0].withUnsafeBufferPointer { $0.baseAddress }
            if frame > 0 { #expect(first == address, "frame \(frame): the kept outline buffer was not reused") }
            address = first
            pieces.recycle(kept)
        }
    }
}
