// Pixel tests: exact checks where the arithmetic is known, and small goldens (look at each
// PNG in Goldens/ before recording a new one: LAMINA_RECORD_GOLDENS=1).
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

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

    /// A nine-slice at a fractional position and scale: its cells meet on fractional pixels,
    /// yet every pixel inside is the opaque image's colour (no seam where two cells'
    /// anti-aliased edges would share a pixel).
    @Test func nineSliceCellsMeetWithoutSeams() throws {
        let img = try Surface(width: 12, height: 12)
        img.fill(PremultipliedRGBA8(r: 20, g: 160, b: 150, a: 255))
        var n = RT.layer(1, frame: CGRect(x: 3.3, y: 4.6, width: 71.35, height: 33.7))
        n.contents = .image(CGImage(surface: img))
        n.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        let s = try RT.render([RT.root(80, children: [1]), n], size: 80, background: RT.white)
        var seams = 0
        for y in 6...37 { for x in 5...73 where s[x, y] != PremultipliedRGBA8(r: 20, g: 160, b: 150, a: 255) { seams += 1 } }
        #expect(seams == 0, "\(seams) pixels inside are not the image's colour")
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

@Suite struct ContentsAlignmentPixelTests {
    /// Contents at natural size on whole pixels are copied texel for texel whatever the
    /// filter (also at contentsScale 2 on a 2x device).
    @Test func alignedContentsAreExact() throws {
        let img = try Surface(width: 6, height: 4)
        for y in 0..<4 { for x in 0..<6 { img[x, y] = PremultipliedRGBA8(r: UInt8(x * 40), g: UInt8(y * 60), b: 7, a: 255) } }
        var l = RT.layer(1, frame: CGRect(x: 2, y: 3, width: 3, height: 2))
        l.contents = .image(CGImage(surface: img))
        l.contentsScale = 2
        let s = try RT.render([RT.root(10, children: [1]), l], size: 20, scale: 2)
        for y in 0..<4 { for x in 0..<6 { #expect(s[4 + x, 6 + y] == img[x, y]) } }
        #expect(s[3, 6] == .transparent)
    }
}
