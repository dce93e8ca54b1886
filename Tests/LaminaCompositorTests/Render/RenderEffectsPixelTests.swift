// Pixel tests for clipping, masks, shadows, perspective, edge anti-aliasing, replicators and
// the executor's handling of bad draw lists.
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

@Suite struct ClipMaskShadowPixelTests {
    @Test func masksToBoundsClipsRoundedIncludingTheShadow() throws {
        var p = RT.layer(1, frame: CGRect(x: 20, y: 20, width: 80, height: 60), background: RT.color(0.9, 0.9, 0.6), children: [2, 3])
        p.masksToBounds = true
        p.cornerRadius = 20
        p.borderWidth = 2
        p.borderColor = RT.black
        p.shadowOpacity = 1
        p.shadowOffset = CGSize(width: 10, height: 10)
        p.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 80, height: 60), transform: nil)
        let a = RT.layer(2, frame: CGRect(x: -10, y: -10, width: 40, height: 40), background: RT.red)
        var b = RT.layer(3, frame: CGRect(x: 50, y: 30, width: 50, height: 50), background: RT.blue)
        b.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        let s = try RT.render([RT.root(120, children: [1]), p, a, b], size: 120, background: RT.white)
        #expect(s[21, 21] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)) // outside the rounded clip
        #expect(s[105, 85] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)) // the shadow is clipped too
        golden(s, "masks-to-bounds.png")
    }

    @Test func maskLayerAlphaMasksLayerAndShadow() throws {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 100, height: 60), background: RT.red, children: [2])
        a.mask = RT.id(3)
        a.shadowOpacity = 0.8
        a.shadowOffset = CGSize(width: 6, height: 6)
        a.shadowRadius = 2
        let child = RT.layer(2, frame: CGRect(x: 0, y: 30, width: 100, height: 30), background: RT.blue)
        // The mask reaches past the layer, so the (masked) shadow shows at the right and bottom.
        var m = RT.layer(3, frame: CGRect(x: 0, y: 0, width: 108, height: 68))
        m.kind = .gradient(GradientContent(colors: [RT.black, RT.color(0, 0, 0, 0)], startPoint: CGPoint(x: 0, y: 0.5), endPoint: CGPoint(x: 1, y: 0.5)))
        m.cornerRadius = 20
        let s = try RT.render([RT.root(120, children: [1]), a, child, m], size: 120, background: RT.white)
        #expect(s[12, 25].r > 240 && s[12, 25].g < 30)    // left: mask opaque
        #expect(s[119, 40] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)) // right of the mask
        #expect(s[60, 73].r < 200)                        // the shadow below the layer, inside the mask
        #expect(s[11, 11] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))   // rounded mask corner
        golden(s, "mask.png")
    }

    @Test func shadowsFromPathAndFromAlpha() throws {
        var a = RT.layer(1, frame: CGRect(x: 15, y: 15, width: 50, height: 40), background: RT.color(0.2, 0.6, 1))
        a.cornerRadius = 10
        a.shadowOpacity = 0.6
        a.shadowRadius = 4
        a.shadowOffset = CGSize(width: 0, height: 6)
        a.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 50, height: 40), cornerWidth: 10, cornerHeight: 10, transform: nil)
        var b = RT.layer(2, frame: CGRect(x: 80, y: 15, width: 50, height: 50))
        b.kind = .shape(ShapeContent(path: CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 40, height: 40), transform: nil), fillColor: RT.color(1, 0.4, 0.2)))
        b.shadowOpacity = 1
        b.shadowRadius = 3
        b.shadowOffset = CGSize(width: 5, height: 5)
        var c = RT.layer(3, frame: CGRect(x: 30, y: 80, width: 70, height: 40), background: RT.color(0.9, 0.9, 0.2))
        c.shadowOpacity = 0.8
        c.shadowColor = RT.color(0.5, 0, 0.5)
        c.shadowRadius = 6
        c.shadowOffset = CGSize(width: -4, height: -3)
        c.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 70, height: 40), transform: nil)
        c.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
        let s = try RT.render([RT.root(140, children: [1, 2, 3]), a, b, c], size: 140, background: RT.white)
        // Below the rounded-rect layer, the shadow shows (offset 6 down, σ = 4).
        #expect(s[40, 57].r < 220)
        #expect(s[40, 90 - 30].r < s[40, 75].r)
        golden(s, "shadows.png", tolerance: 2)
    }
}

@Suite struct PerspectivePixelTests {
    @Test func perspectiveLayerIsProjected() throws {
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 200
        var p = RT.layer(1, frame: CGRect(x: 10, y: 20, width: 60, height: 60), background: RT.color(0.9, 0.9, 0.9), children: [2])
        p.transform = CATransform3DRotate(persp, 0.7, 0, 1, 0)
        p.contents = .image(RT.quadrantImage(16, 16))
        p.contentsGravity = .center
        p.borderWidth = 2
        p.cornerRadius = 8
        let c = RT.layer(2, frame: CGRect(x: 40, y: 40, width: 30, height: 12), background: RT.blue)
        var q = RT.layer(3, frame: CGRect(x: 85, y: 20, width: 50, height: 80), background: RT.red)
        q.transform = CATransform3DRotate(persp, -0.9, 1, 0, 0)
        let s = try RT.render([RT.root(140, children: [1, 3]), p, c, q], size: 140, background: RT.white)
        // The side rotated away from the viewer (right, for +0.7 about y) is shorter than the near side.
        func columnHeight(_ x: Int) -> Int { (0..<140).filter { s[x, $0].g < 240 }.count }
        #expect(columnHeight(14) > columnHeight(60))
        golden(s, "perspective.png")
    }
}

@Suite struct EdgeAntialiasingPixelTests {
    /// iOS's default (allowsEdgeAntialiasing = false) leaves a rotated layer's edges hard;
    /// allowing it anti-aliases them.
    @Test func rotatedEdgesAreHardUnlessAllowed() throws {
        for allowed in [false, true] {
            var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 30, height: 30), background: RT.red)
            a.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            a.allowsEdgeAntialiasing = allowed
            let s = try RT.render([RT.root(50, children: [1]), a], size: 50)
            var partial = 0
            for y in 0..<50 { for x in 0..<50 where s[x, y].a != 0 && s[x, y].a != 255 { partial += 1 } }
            if allowed { #expect(partial > 20) } else { #expect(partial == 0) }
        }
    }
}

@Suite struct CompositionPixelTests {
    /// A group inside a rounded masksToBounds parent is clipped once: its anti-aliased clip
    /// edge matches a plain layer's clip edge at the same place.
    @Test func groupsInsideClipsAreClippedOnce() throws {
        func scene(group: Bool) throws -> Surface {
            var p = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), children: [2])
            p.masksToBounds = true
            p.cornerRadius = 15
            var g = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 40, height: 40), background: RT.white)
            g.shouldRasterize = group // drawn in a surface of its own (plane surface and group)
            return try RT.render([RT.root(40, children: [1]), p, g], size: 40)
        }
        let a = try scene(group: false), b = try scene(group: true)
        #expect(a.bytes() == b.bytes())
        #expect(a[4, 4].a > 0 && a[4, 4].a < 255)
    }

    /// geometryFlipped mirrors the sublayers about the layer's vertical centre; the contents
    /// of a layer inside stay upright.
    @Test func geometryFlippedMirrorsSublayersNotImages() throws {
        var p = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), children: [2])
        p.isGeometryFlipped = true
        var c = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        c.contents = .image(RT.quadrantImage(2, 2))
        c.magnificationFilter = .nearest
        let s = try RT.render([RT.root(40, children: [1]), p, c], size: 40)
        // The child's frame (0, 0, 20, 20) now sits at the bottom-left...
        #expect(s[5, 5] == .transparent)
        // ...with the image upright: red (its first row) on top.
        #expect(s[5, 25] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(s[5, 35] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    }
}

@Suite struct ReplicatorPixelTests {
    @Test func activityIndicatorStyleRing() throws {
        var r = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 80, height: 80), children: [2])
        r.kind = .replicator(ReplicatorContent(instanceCount: 12, instanceTransform: CATransform3DMakeRotation(.pi / 6, 0, 0, 1),
                                               instanceColor: RT.color(0.2, 0.4, 1), instanceRedOffset: 0.07, instanceAlphaOffset: -0.06))
        var dot = RT.layer(2, frame: CGRect(x: 35, y: 2, width: 10, height: 20), background: RT.white)
        dot.cornerRadius = 5
        let s = try RT.render([RT.root(100, children: [1]), r, dot], size: 100, background: RT.black)
        // Instance 0 at the top: white × (0.2, 0.4, 1).
        #expect(s[50, 22] == PremultipliedRGBA8(r: 51, g: 102, b: 255, a: 255))
        golden(s, "replicator.png")
    }
}

@Suite struct AlphaShadowOffsetTests {
    /// An unblurred alpha shadow moved by a fractional offset covers the edge pixels by half.
    @Test func subpixelOffsetsAreResampled() throws {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 10, height: 10), background: RT.red)
        a.shadowOpacity = 1
        a.shadowRadius = 0
        a.shadowOffset = CGSize(width: 10.5, height: 0)
        let s = try RT.render([RT.root(40, children: [1]), a], size: 40)
        #expect(s[25, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(abs(Int(s[20, 15].a) - 128) <= 1)
        #expect(abs(Int(s[30, 15].a) - 128) <= 1)
        #expect(s[15, 15] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }
}

@Suite struct ContentsFilterPixelTests {
    /// A fine checkerboard minified 8x: nearest picks single texels (black or white), linear
    /// and trilinear average them toward grey (trilinear over the whole 8x8 footprint).
    @Test func minificationFilters() throws {
        let img = try Surface(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { img[x, y] = (x + y) % 2 == 0 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) : PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255) } }
        let image = CGImage(surface: img)
        func render(_ f: RenderFilter) throws -> Surface {
            var l = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 8, height: 8))
            l.contents = .image(image)
            l.minificationFilter = f
            return try RT.render([RT.root(8, children: [1]), l], size: 8)
        }
        let nearest = try render(.nearest), trilinear = try render(.trilinear)
        #expect(nearest[4, 4].r == 0 || nearest[4, 4].r == 255)
        #expect(abs(Int(trilinear[4, 4].r) - 128) < 8)
        #expect(trilinear[4, 4].a == 255)
    }
}

@Suite struct ExecutorBadInputTests {
    @Test func unbalancedDrawListsThrow() throws {
        var list = DrawList(width: 10, height: 10)
        list.commands = [.endGroup(layer: RT.id(1))]
        let s = try Surface(width: 10, height: 10)
        #expect(throws: CompositorError.self) { try Compositor().execute(list, into: s) }
        list.commands = [.beginGroup(GroupSpec(layer: RT.id(1), reasons: [.mask], bounds: PixelBox(x0: 0, y0: 0, x1: 5, y1: 5),
                                               opacity: 1, shadow: nil, hasMask: true))]
        #expect(throws: CompositorError.self) { try Compositor().execute(list, into: s) }
        list.commands = [.beginMask(layer: RT.id(3))]
        #expect(throws: CompositorError.self) { try Compositor().execute(list, into: s) }
    }
}

@Suite struct ImageCacheTests {
    @Test func imagesStayPreparedWhileUsedAndAreDroppedAfter() throws {
        var l = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        l.contents = .image(RT.quadrantImage(4, 4))
        let c = Compositor()
        let tree = RT.tree([RT.root(8, children: [1]), l])
        let a = try c.render(tree: tree, width: 8, height: 8)
        #expect(c.imageCache.count == 1)
        let b = try c.render(tree: tree, width: 8, height: 8)
        #expect(a.bytes() == b.bytes())
        _ = try c.render(tree: RT.tree([RT.root(8, children: [])]), width: 8, height: 8)
        #expect(c.imageCache.count == 0)
    }
}

@Suite struct ImpliedShadowPixelTests {
    /// The implied-path shadow of an opaque rounded background matches the shadow cast by the
    /// composited alpha (forced here by an invisible sublayer) to within a few levels.
    @Test func impliedShadowMatchesTheAlphaShadow() throws {
        func scene(forceAlpha: Bool) throws -> Surface {
            var a = RT.layer(1, frame: CGRect(x: 15, y: 15, width: 40, height: 30), background: RT.color(0.2, 0.5, 0.9))
            a.cornerRadius = 8
            a.shadowOpacity = 0.7
            a.shadowRadius = 4
            a.shadowOffset = CGSize(width: 3, height: 5)
            var nodes = [RT.root(70, children: [1]), a]
            if forceAlpha {
                nodes[1].children = [RT.id(2)]
                nodes.append(RT.layer(2, frame: CGRect(x: 0, y: 0, width: 1, height: 1)))
            }
            return try RT.render(nodes, size: 70, background: RT.white)
        }
        let implied = try scene(forceAlpha: false), alpha = try scene(forceAlpha: true)
        var worst = 0
        for y in 0..<70 { for x in 0..<70 { worst = max(worst, abs(Int(implied[x, y].r) - Int(alpha[x, y].r))) } }
        #expect(worst <= 4)
        #expect(implied[35, 52].r < 230) // the shadow below the layer
    }
}

@Suite struct OffscreenShadowPixelTests {
    /// A layer just outside the output still casts its alpha shadow into view.
    @Test func contentOutsideTheOutputCastsItsShadowIn() throws {
        var a = RT.layer(1, frame: CGRect(x: -30, y: 5, width: 28, height: 20), background: RT.color(1, 0, 0, 0.5))
        a.shadowOpacity = 1
        a.shadowRadius = 2
        a.shadowOffset = CGSize(width: 6, height: 0)
        let s = try RT.render([RT.root(30, children: [1]), a], size: 30)
        #expect(s[1, 15].a > 100)   // the shadow's right part, 4 px inside the output
        #expect(s[20, 15].a == 0)
    }
}

/// Rounded backgrounds, borders and rounded-rect shadows are kept between frames while they
/// stay in place (CoverageCache, ShadowCache), with the pixels of drawing them afresh, and
/// dropped after a frame without them.
@Suite struct ShapeCacheTests {
    @Test func staticShapesAreReplayedWithTheSamePixels() throws {
        var l = RT.layer(1, frame: CGRect(x: 3.3, y: 4.7, width: 40.5, height: 30.25), background: RT.color(0.2, 0.5, 0.8, 0.9))
        l.cornerRadius = 9
        l.borderWidth = 2
        l.borderColor = RT.color(0.9, 0.3, 0.1)
        l.shadowOpacity = 0.5
        l.shadowRadius = 4
        l.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40.5, height: 30.25), cornerWidth: 9, cornerHeight: 9, transform: nil)
        let tree = RT.tree([RT.root(64, children: [1]), l])
        let c = Compositor()
        let first = try c.render(tree: tree, width: 64, height: 64)
        #expect(c.coverageCache.count >= 2 && c.shadowCache.count == 1)
        let again = try c.render(tree: tree, width: 64, height: 64)
        let fresh = try Compositor().render(tree: tree, width: 64, height: 64)
        #expect(first.bytes() == again.bytes() && again.bytes() == fresh.bytes())
        _ = try c.render(tree: RT.tree([RT.root(64, children: [])]), width: 64, height: 64)
        #expect(c.coverageCache.count == 0 && c.shadowCache.count == 0)
    }
}
