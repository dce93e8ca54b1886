// Helpers shared by the 3D and transition tests: small source images and goldens.
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor
import _LaminaTestSupport

enum TD {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let green = PremultipliedRGBA8(r: 0, g: 200, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
    static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)

    /// A w×h surface: quadrants red (top left), green, blue (bottom left), white.
    static func quadrants(_ w: Int, _ h: Int) -> Surface {
        let s = try! Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                switch (x >= w / 2, y >= h / 2) {
                case (false, false): s[x, y] = red
                case (true, false): s[x, y] = green
                case (false, true): s[x, y] = blue
                case (true, true): s[x, y] = white
                }
            }
        }
        return s
    }

    /// A w×h surface of one colour.
    static func solid(_ w: Int, _ h: Int, _ c: PremultipliedRGBA8) -> Surface {
        let s = try! Surface(width: w, height: h)
        s.fill(c)
        return s
    }

    /// A checkerboard of `cell`-pixel squares, black and white.
    static func checker(_ w: Int, _ h: Int, cell: Int) -> Surface {
        let s = try! Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w { s[x, y] = ((x / cell) + (y / cell)) % 2 == 0 ? white : black }
        }
        return s
    }

    /// A w×h picture with a dark frame, a diagonal band and a big "arrow" block pointing
    /// right, so orientation and mirroring are visible in goldens.
    static func picture(_ w: Int, _ h: Int, base: PremultipliedRGBA8) -> Surface {
        let s = try! Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                var c = base
                if x < 3 || y < 3 || x >= w - 3 || y >= h - 3 { c = black }
                else if abs(x - y) < 3 { c = white }
                else if x > w / 2 && x < w * 3 / 4 && y > h / 3 && y < h * 2 / 3 - (x - w / 2) / 2 { c = black }
                s[x, y] = c
            }
        }
        return s
    }

    static func golden(_ s: Surface, _ name: String, tolerance: UInt8 = 1, file: StaticString = #filePath) {
        let r = GoldenImage.compare(actual: s, goldenPath: GoldenImage.path(name, file: file), tolerance: tolerance)
        #expect(r.passed, "\(r)")
    }

    static func perspective(_ d: Double) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = CGFloat(-1 / d)
        return t
    }

    /// Bounds w×h (anchor at its centre) placed with its centre at (px, py) under `t`.
    static func placed(_ t: CATransform3D, w: Double, h: Double, px: Double, py: Double) -> CATransform3D {
        var m = CATransform3DConcat(CATransform3DMakeTranslation(CGFloat(-w / 2), CGFloat(-h / 2), 0), t)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(px), CGFloat(py), 0))
        return CATransform3DConcat(m, LayerGeometry.flatten)
    }
}
