import Testing
import CoreGraphics

@Suite struct CGColorTests {
    @Test func rgbComponents() {
        let c = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
        #expect(c.components == [0.25, 0.5, 0.75, 0.5])
        #expect(c.numberOfComponents == 4)
        #expect(c.alpha == 0.5)
        #expect(c.colorSpace?.model == .rgb)
    }

    @Test func grayAndConstants() {
        let g = CGColor(gray: 0.3, alpha: 1)
        #expect(g.components == [0.3, 1])
        #expect(g.colorSpace?.model == .monochrome)
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.alpha == 0)
        let rgba = g.rgbaComponents
        #expect(rgba.r == 0.3 && rgba.g == 0.3 && rgba.b == 0.3 && rgba.a == 1)
    }

    @Test func copyAlpha() {
        let c = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let half = c.copy(alpha: 0.5)
        #expect(half?.components == [1, 0, 0, 0.5])
        #expect(half?.colorSpace == c.colorSpace)
        #expect(c.alpha == 1) // original untouched
    }

    @Test func equality() {
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) != CGColor(red: 1, green: 0, blue: 0, alpha: 0.9))
        // Different spaces are different colours, as CFEqual says.
        #expect(CGColor(gray: 1, alpha: 1) != CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(CGColor(red: 1, green: 1, blue: 1, alpha: 1) != CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1))
        let set: Set<CGColor> = [CGColor(gray: 0.5, alpha: 1), CGColor(gray: 0.5, alpha: 1)]
        #expect(set.count == 1)
    }

    @Test func colorSpaces() {
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.model == .rgb)
        #expect(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.numberOfComponents == 1)
        #expect(CGColorSpace(name: "no such space") == nil)
        #expect(CGColorSpaceCreateDeviceRGB().numberOfComponents == 3)
        #expect(CGColorSpaceCreateDeviceGray().model == .monochrome)
        let space = CGColorSpaceCreateDeviceRGB()
        #expect(CGColor(colorSpace: space, components: [0.1, 0.2, 0.3, 1.0])?.numberOfComponents == 4)
        #expect(CGColor(colorSpace: space, components: [0.1, 0.2]) == nil)
    }

    @Test func conversion() {
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let gray = red.converted(to: CGColorSpaceCreateDeviceGray(), intent: .defaultIntent, options: nil)
        #expect(abs((gray?.components?[0] ?? 0) - 0.2126) < 1e-12)
        let back = CGColor(gray: 0.5, alpha: 0.25).converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)
        #expect(back?.components == [0.5, 0.5, 0.5, 0.25])
    }

    @Test func badComponentsAreClampedOnlyForRendering() {
        let c = CGColor(red: .nan, green: 2, blue: -1, alpha: 1.5)
        #expect(c.components?[1] == 2) // stored as given
        let r = c.clampedRGBA
        #expect(r.r == 0 && r.g == 1 && r.b == 0 && r.a == 1)
    }
}
