// Pixel tests: exact checks where the arithmetic is known, and small goldens (look at each
// PNG in Goldens/ before recording a new one: LAMINA_RECORD_GOLDENS=1).
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

private func golden(_ s: Surface, _ name: String, tolerance: UInt8 = 1) {
    let r = GoldenImage.compare(actual: s, goldenPath: RT.goldenPath(name), tolerance: tolerance)
    #expect(r.passed, "\(r)")
}

@Suite struct GroupOpacityPixelTests {
    /// Reference §3.4.3: parent opacity 0.5 with two overlapping opaque white children.
    /// Group opacity: the overlap has alpha 0.5 like the rest; per-layer: 1 − 0.5·0.5 = 0.75.
    @Test func workedExampleExact() throws {
        for group in [true, false] {
            var p = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 20), children: [2, 3])
            p.opacity = 0.5
            p.allowsGroupOpacity = group
            let a = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 25, height: 20), background: RT.white)
            let b = RT.layer(3, frame: CGRect(x: 15, y: 0, width: 25, height: 20), background: RT.white)
            let s = try RT.render([RT.root(40, children: [1]), p, a, b], size: 40)
            #expect(s[5, 10] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 128))
            #expect(s[35, 10] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 128))
            let overlap = s[20, 10]
            if group {
                #expect(overlap == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 128))
            } else {
                #expect(overlap.a == 192)
            }
            #expect(s[20, 30] == .transparent)
        }
    }

    @Test func groupOpacityGolden() throws {
        func scene(_ x: CGFloat, _ base: UInt64, group: Bool) -> [RenderNode] {
            var p = RT.layer(base, frame: CGRect(x: x, y: 10, width: 60, height: 60), children: [base + 1, base + 2])
            p.opacity = 0.6
            p.allowsGroupOpacity = group
            var a = RT.layer(base + 1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), background: RT.red)
            a.cornerRadius = 8
            let b = RT.layer(base + 2, frame: CGRect(x: 20, y: 20, width: 40, height: 40), background: RT.blue)
            return [p, a, b]
        }
        let nodes = [RT.root(140, children: [10, 20])] + scene(5, 10, group: true) + scene(75, 20, group: false)
        let s = try RT.render(nodes, size: 140, background: RT.white)
        golden(s, "group-opacity.png")
    }
}

@Suite struct BackgroundBorderPixelTests {
    @Test func backgroundCornersAreExactAndFollowMaskedCorners() throws {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: RT.red)
        a.cornerRadius = 12
        var b = RT.layer(2, frame: CGRect(x: 60, y: 10, width: 40, height: 40), background: RT.green)
        b.cornerRadius = 12
        b.cornerCurve = .continuous
        var c = RT.layer(3, frame: CGRect(x: 110, y: 10, width: 40, height: 40), background: RT.blue)
        c.cornerRadius = 16
        c.maskedCorners = [.minXMinY, .maxXMaxY]
        var d = RT.layer(4, frame: CGRect(x: 10.5, y: 60.25, width: 60, height: 30), background: RT.blue)
        d.cornerRadius = 100 // clamped to half the height
        var e = RT.layer(5, frame: CGRect(x: 85, y: 60, width: 60, height: 40), background: RT.red)
        e.cornerRadius = 10
        e.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let s = try RT.render([RT.root(160, children: [1, 2, 3, 4, 5]), a, b, c, d, e], size: 160)
        #expect(s[30, 30] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(s[10, 10] == .transparent)       // rounded corner cut
        #expect(s[149, 49] == .transparent)      // maxXMaxY of c is rounded
        #expect(s[149, 10].a == 255)             // maxXMinY of c is square
        #expect(s[110, 49].a == 255)             // minXMaxY of c is square
        golden(s, "background-corners.png")
    }

    @Test func borderIsInsetAndFollowsTheCorners() throws {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 50, height: 50), background: RT.white)
        a.borderWidth = 4
        a.borderColor = RT.blue
        var b = RT.layer(2, frame: CGRect(x: 70, y: 10, width: 50, height: 50), background: RT.white)
        b.borderWidth = 6
        b.cornerRadius = 16
        b.borderColor = RT.color(1, 0, 0, 0.7)
        var c = RT.layer(3, frame: CGRect(x: 20, y: 75, width: 80, height: 40), background: RT.white, children: [4])
        c.borderWidth = 3
        c.cornerRadius = 12
        c.cornerCurve = .continuous
        c.transform = CATransform3DMakeRotation(-0.25, 0, 0, 1)
        // The border is drawn over sublayers.
        let d = RT.layer(4, frame: CGRect(x: -10, y: 10, width: 40, height: 20), background: RT.green)
        let s = try RT.render([RT.root(140, children: [1, 2, 3]), a, b, c, d], size: 140, background: RT.color(0.8, 0.8, 0.8))
        #expect(s[11, 30] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))   // inside the 4-px border
        #expect(s[14, 30] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)) // just inside it
        #expect(s[9, 30] == PremultipliedRGBA8(r: 204, g: 204, b: 204, a: 255))  // outside: the border does not grow the layer
        golden(s, "border.png")
    }
}

@Suite struct ContentsPixelTests {
    @Test func everyContentsGravity() throws {
        let gravities = RenderContentsGravity.allCases
        var nodes: [RenderNode] = []
        let image = RT.quadrantImage(16, 12)
        for (i, g) in gravities.enumerated() {
            let x = CGFloat(i % 4) * 38 + 4, y = CGFloat(i / 4) * 38 + 4
            var l = RT.layer(UInt64(i + 1), frame: CGRect(x: x, y: y, width: 34, height: 30), background: RT.color(0.85, 0.85, 0.85))
            l.contents = .image(image)
            l.contentsGravity = g
            l.magnificationFilter = .nearest
            nodes.append(l)
        }
        let root = RT.root(160, children: nodes.map { $0.id.rawValue })
        let s = try RT.render([root] + nodes, size: 160, background: RT.white)
        // center: the 16x12 image centred in 34x30 at (4, 4): x 13..<29, y 13..<25.
        let center = gravities.firstIndex(of: .center)!
        let cx = (center % 4) * 38 + 4, cy = (center / 4) * 38 + 4
        #expect(s[cx + 9, cy + 9] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(s[cx + 8, cy + 9] == PremultipliedRGBA8(r: 217, g: 217, b: 217, a: 255))
        // top = maximum Y (Apple's header): the image's top edge sits 12 px above the layer's bottom.
        let top = gravities.firstIndex(of: .top)!
        let tx = (top % 4) * 38 + 4, ty = (top / 4) * 38 + 4
        #expect(s[tx + 9, ty + 18] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(s[tx + 9, ty + 17] == PremultipliedRGBA8(r: 217, g: 217, b: 217, a: 255))
        golden(s, "contents-gravity.png")
    }

    @Test func contentsRectQuarterAndNineSlice() throws {
        var q = RT.layer(1, frame: CGRect(x: 5, y: 5, width: 40, height: 40))
        q.contents = .image(RT.quadrantImage(8, 8))
        q.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5) // the green quarter
        q.magnificationFilter = .nearest
        // Nine-slice: a 12x12 image with 4-px corners stretched to 100x40: corners stay 4 px.
        let img = try Surface(width: 12, height: 12)
        for y in 0..<12 {
            for x in 0..<12 {
                let edge = x < 4 || x >= 8 || y < 4 || y >= 8
                let corner = (x < 4 || x >= 8) && (y < 4 || y >= 8)
                img[x, y] = corner ? PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
                    : edge ? PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255) : PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255)
            }
        }
        var n = RT.layer(2, frame: CGRect(x: 5, y: 55, width: 100, height: 40))
        n.contents = .image(CGImage(surface: img))
        n.contentsCenter = CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
        n.magnificationFilter = .nearest
        var r = RT.layer(3, frame: CGRect(x: 60, y: 5, width: 40, height: 40))
        r.contents = .image(RT.quadrantImage(16, 16))
        r.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let s = try RT.render([RT.root(110, children: [1, 2, 3]), q, n, r], size: 110, background: RT.white)
        #expect(s[25, 25] == PremultipliedRGBA8(r: 0, g: 200, b: 0, a: 255))
        #expect(s[7, 57] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))   // corner cell
        #expect(s[10, 57] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))  // top edge cell right after the 4-px corner
        #expect(s[55, 75] == PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255)) // stretched centre
        #expect(s[102, 92] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)) // bottom-right corner
        golden(s, "contents-rect-nine-slice.png")
    }
}

@Suite struct ShapeGradientPixelTests {
    @Test func shapeFillStrokeDashesAndStrokeEnd() throws {
        let star = CGMutablePath()
        for i in 0..<5 {
            let a = CGFloat(i) * 4 * .pi / 5 - .pi / 2
            let p = CGPoint(x: 30 + 25 * cos(a), y: 30 + 25 * sin(a))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        var a = RT.layer(1, frame: CGRect(x: 5, y: 5, width: 60, height: 60))
        a.kind = .shape(ShapeContent(path: star, fillColor: RT.color(1, 0.8, 0), fillRule: .evenOdd, strokeColor: RT.red,
                                     lineWidth: 2, lineJoin: .round))
        var b = RT.layer(2, frame: CGRect(x: 75, y: 5, width: 60, height: 60))
        b.kind = .shape(ShapeContent(path: CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil),
                                     fillColor: nil, strokeColor: RT.blue, lineWidth: 4, lineCap: .round,
                                     lineDashPattern: [8, 6]))
        var c = RT.layer(3, frame: CGRect(x: 5, y: 75, width: 60, height: 60))
        c.kind = .shape(ShapeContent(path: CGPath(rect: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil),
                                     fillColor: RT.color(0, 1, 0, 0.3), strokeColor: RT.black, lineWidth: 6, strokeEnd: 0.5))
        var d = RT.layer(4, frame: CGRect(x: 75, y: 75, width: 60, height: 60))
        let wave = CGMutablePath()
        wave.move(to: CGPoint(x: 5, y: 30))
        wave.addCurve(to: CGPoint(x: 55, y: 30), control1: CGPoint(x: 20, y: -10), control2: CGPoint(x: 40, y: 70))
        d.kind = .shape(ShapeContent(path: wave, fillColor: nil, strokeColor: RT.color(0.5, 0, 0.5), lineWidth: 8, lineCap: .square))
        d.transform = CATransform3DMakeScale(1, 0.6, 1)
        let s = try RT.render([RT.root(140, children: [1, 2, 3, 4]), a, b, c, d], size: 140, background: RT.white)
        #expect(s[35, 36] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)) // even-odd hole in the star's centre
        // strokeEnd 0.5 of the rect (starting top-left, clockwise on screen): top and right edges only.
        #expect(s[40, 80] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(s[10, 110].r < 200 && s[10, 110].g > 200) // left edge not stroked: the translucent fill shows
        golden(s, "shape.png")
    }

    @Test func allThreeGradientTypes() throws {
        let colors = [RT.red, RT.color(1, 1, 0), RT.blue]
        var a = RT.layer(1, frame: CGRect(x: 5, y: 5, width: 60, height: 40))
        a.kind = .gradient(GradientContent(colors: colors, locations: [0, 0.3, 1]))
        var b = RT.layer(2, frame: CGRect(x: 75, y: 5, width: 60, height: 40))
        b.kind = .gradient(GradientContent(type: .radial, colors: colors, startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 1, y: 1)))
        var c = RT.layer(3, frame: CGRect(x: 5, y: 55, width: 60, height: 60))
        c.kind = .gradient(GradientContent(type: .conic, colors: colors + [RT.red], startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 1, y: 0.5)))
        c.cornerRadius = 30
        var d = RT.layer(4, frame: CGRect(x: 75, y: 55, width: 60, height: 60), background: RT.black)
        d.kind = .gradient(GradientContent(colors: [RT.color(1, 1, 1, 0), RT.white], startPoint: .zero, endPoint: CGPoint(x: 1, y: 1)))
        d.cornerRadius = 10
        let s = try RT.render([RT.root(140, children: [1, 2, 3, 4]), a, b, c, d], size: 140, background: RT.white)
        #expect(s[30, 5].r == 255 && s[30, 5].g < 16 && s[30, 5].b == 0)      // axial: start colour at the top edge row
        #expect(s[105, 25].b < 40 && s[105, 25].r > 240)                      // radial: red at the centre
        #expect(s[6, 56] == .transparent || s[6, 56].r == 255)                 // conic corner cut by cornerRadius (white bg)
        golden(s, "gradients.png")
    }
}

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
