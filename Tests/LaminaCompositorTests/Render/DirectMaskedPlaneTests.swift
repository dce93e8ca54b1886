import CoreGraphics
import Foundation
@testable import LaminaCompositor
import LaminaRaster
import Testing

/// A perspective page — a wide path shadow and a masked group of a background and an image —
/// is drawn without a plane surface (DirectPlaneChoice.swift, DirectMaskedPlaneDrawing.swift),
/// with the picture of the plane surface path up to one resampling.
@Suite struct DirectMaskedPlaneTests {
    /// A 100 × 120 page turned 0.5 rad about y under m34 = −1/400, casting a σ ≈ 40 shadow
    /// from its rounded shadowPath, masked to rounded left corners.
    static func scene(maskAlpha: CGFloat = 1, borderWidth: CGFloat = 0) -> [RenderNode] {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        let page = CGSize(width: 100, height: 120)
        let rounded = CGPath.roundedRect(CGRect(origin: .zero, size: page), byRoundingCorners: [.topLeft, .bottomLeft], cornerRadius: 14)
        var holder = RenderNode(id: RT.id(1), children: [RT.id(2)], kind: .shape(ShapeContent()),
                                bounds: CGRect(origin: .zero, size: page), position: CGPoint(x: 100, y: 100),
                                transform: CATransform3DRotate(perspective, 0.5, 0, 1, 0))
        holder.shadowPath = rounded
        holder.shadowRadius = 40
        holder.shadowOpacity = 0.9
        var p = RenderNode(id: RT.id(2), mask: RT.id(3), bounds: CGRect(origin: .zero, size: page),
                           position: CGPoint(x: page.width / 2, y: page.height / 2), backgroundColor: RT.white)
        p.contents = .image(RT.quadrantImage(40, 48))
        p.borderWidth = borderWidth
        p.borderColor = RT.color(1, 0.85, 0) // amber: unlike anything else on the page
        let mask = RenderNode(id: RT.id(3), kind: .shape(ShapeContent(path: rounded, fillColor: RT.color(0, 0, 0, maskAlpha))),
                              bounds: CGRect(origin: .zero, size: page), position: CGPoint(x: page.width / 2, y: page.height / 2))
        return [RT.layer(0, frame: CGRect(x: 0, y: 0, width: 200, height: 200), background: RT.color(0.45, 0.47, 0.5), children: [1]),
                holder, p, mask]
    }

    @Test func pageBodiesQualifyAndOthersDoNot() throws {
        let list = RT.surfacePlanesDrawList(Self.scene(), size: 200)
        let k = try #require(list.commands.firstIndex { if case .beginProjective = $0 { return true }; return false })
        let end = try #require(list.commands.firstIndex { if case .endProjective = $0 { return true }; return false })
        guard case let .beginProjective(spec) = list.commands[k] else { return }
        guard case let .drawMaskedPlaneDirect(plane)? = DirectPlaneChoice.command(for: spec, body: list.commands[(k + 1)..<end]) else {
            Issue.record("expected a direct masked plane"); return
        }
        #expect(plane.steps.count == 2)
        if case let .wideShadow(_, hole) = plane.steps[0] { #expect(hole != nil) } else { Issue.record("shadow first") }
        if case let .masked(pieces, _) = plane.steps[1] { #expect(pieces.count == 2) } else { Issue.record("masked group second") }
        // A translucent mask is not a plain outline.
        let faint = RT.surfacePlanesDrawList(Self.scene(maskAlpha: 0.5), size: 200)
        guard case let .beginProjective(s2) = faint.commands[k] else { Issue.record("plane"); return }
        #expect(DirectPlaneChoice.command(for: s2, body: faint.commands[(k + 1)..<end]) == nil)
        var cached = spec
        cached.cacheKey = 1
        #expect(DirectPlaneChoice.command(for: cached, body: list.commands[(k + 1)..<end]) == nil)
    }

    @Test func directPageMatchesThePlaneSurface() throws {
        let list = RT.drawList(Self.scene(), size: 200)
        // The same tree with the plane drawn into its surface.
        let forced = RT.surfacePlanesDrawList(Self.scene(), size: 200)
        #expect(list.outline != forced.outline)
        let direct = try Surface(width: 200, height: 200), viaSurface = try Surface(width: 200, height: 200)
        try Compositor().execute(list, into: direct)
        try Compositor().execute(forced, into: viaSurface)
        var total = 0, far = 0, drawn = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = direct[x, y], b = viaSurface[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                total += d
                if d > 48 { far += 1 }
                if a.a > 0 { drawn += 1 }
            }
        }
        #expect(drawn > 20000)
        // One resampling fewer: only edges and texel boundaries differ, by little; the
        // shadow (smooth) within a few levels.
        #expect(far < drawn / 50)
        #expect(Double(total) / Double(drawn) < 2)
        #expect(direct[100, 100].a == 255)
    }

    /// A page with the sketch scene's 2-pt square border (seed 001) under its rounded mask is
    /// still drawn without surfaces: the border is a paint layer of the masked fill.
    @Test func borderedPageIsDrawnDirectly() {
        let list = RT.drawList(Self.scene(borderWidth: 2), size: 200)
        #expect(list.outline == ["draw #0 background", "plane #1 [direct masked: wideShadow(holed), masked(background, contents, border)]"])
        // A rounded border keeps the surface: its inner corners are not box edges.
        var nodes = Self.scene(borderWidth: 2)
        nodes[2].cornerRadius = 6
        #expect(RT.drawList(nodes, size: 200).outline.contains("begin #1 [plane]"))
    }

    /// The border drawn directly matches the plane surface's but for the inner edge's blur.
    @Test func directBorderMatchesThePlaneSurface() throws {
        let nodes = Self.scene(borderWidth: 2)
        let direct = try Surface(width: 200, height: 200), viaSurface = try Surface(width: 200, height: 200)
        try Compositor().execute(RT.drawList(nodes, size: 200), into: direct)
        try Compositor().execute(RT.surfacePlanesDrawList(nodes, size: 200), into: viaSurface)
        if let dir = ProcessInfo.processInfo.environment["LAMINA_DUMP_DIR"] {
            try ImageCodec.writePNG(surface: direct, to: dir + "/border-direct.png")
            try ImageCodec.writePNG(surface: viaSurface, to: dir + "/border-surface.png")
        }
        var total = 0, far = 0, drawn = 0, worst = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = direct[x, y], b = viaSurface[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                total += d
                worst = max(worst, d)
                if d > 48 { far += 1 }
                if a.a > 0 { drawn += 1 }
            }
        }
        #expect(drawn > 20000)
        #expect(far < drawn / 50)
        #expect(Double(total) / Double(drawn) < 2)
        // The ring is drawn: amber on the page's top edge (column 100, y ≈ 40) where the page
        // without a border shows its image.
        let plain = try Surface(width: 200, height: 200)
        try Compositor().execute(RT.drawList(Self.scene(), size: 200), into: plain)
        func amber(_ p: PremultipliedRGBA8) -> Bool { p.r > 200 && p.g > 150 && p.b < 60 }
        let ring = (30..<50).filter { amber(direct[100, $0]) }
        #expect(!ring.isEmpty && ring.count <= 3, "amber rows \(ring)")
        #expect(ring.allSatisfy { !amber(plain[100, $0]) })
    }

    /// The shadow under the opaque page is left out only inside a convex mask outline.
    @Test func convexOutlines() {
        let rounded = CGPath.roundedRect(CGRect(x: 0, y: 0, width: 100, height: 120), byRoundingCorners: [.topLeft, .bottomLeft], cornerRadius: 14)
        #expect(DirectPlaneChoice.isConvex(rounded.flattened(tolerance: 0.05)[0].points))
        let l: [CGPoint] = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 5, y: 5),
                            CGPoint(x: 5, y: 10), CGPoint(x: 0, y: 10)]
        #expect(!DirectPlaneChoice.isConvex(l))
        #expect(!DirectPlaneChoice.isConvex([CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1)]))
    }
}
