import Testing
import UIKit

@Suite struct UIColorTests {
    @Test func componentsReachTheCGColorInExtendedSRGB() {
        let c = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(c.cgColor.components == [1, 0.5, 0, 1])
        #expect(c.cgColor.colorSpace?.name == CGColorSpace.extendedSRGB)
        // Extended range: kept as given.
        #expect(UIColor(red: 1.5, green: -0.25, blue: 0, alpha: 1).cgColor.components == [1.5, -0.25, 0, 1])
    }

    @Test func whiteAndTheGraysAreGrayColoursAsOnIOS() {
        #expect(UIColor.white.cgColor.numberOfComponents == 2)
        #expect(UIColor.white.cgColor.colorSpace?.name == CGColorSpace.extendedGray)
        #expect(UIColor.white != UIColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(UIColor.white == UIColor(white: 1, alpha: 1))
        let third: CGFloat = 1.0 / 3.0
        #expect(UIColor.darkGray.cgColor.components?.first == third)
        #expect(UIColor.clear.cgColor.components == [0, 0])
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.orange.cgColor.components == [1, 0.5, 0, 1])
        #expect(UIColor.brown.cgColor.components == [0.6, 0.4, 0.2, 1])
        #expect(UIColor.red === UIColor.red)
    }

    @Test func systemColoursHaveIOSLightModeValues() {
        #expect(UIColor.systemBlue.cgColor.components == [0, 122.0 / 255, 1, 1])
        #expect(UIColor.systemRed.cgColor.components == [1, 59.0 / 255, 48.0 / 255, 1])
        let gray6: [CGFloat] = [242.0 / 255, 242.0 / 255, 247.0 / 255, 1]
        #expect(UIColor.systemGray6.cgColor.components == gray6)
        #expect(UIColor.secondaryLabel.cgColor.alpha == 0.6)
        #expect(UIColor.systemBackground == UIColor.white)
        #expect(UIColor.label == UIColor.black)
        #expect(UIColor.tintColor == UIColor.systemBlue)
    }

    @Test func hueSaturationBrightnessMakesRGB() {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        #expect(UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 0.5).getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect(abs(r) < 1e-12 && abs(g - 1) < 1e-12 && abs(b) < 1e-12 && a == 0.5)
        // Hue wraps: 1 and 0 are both red; 1.5 is cyan.
        #expect(UIColor(hue: 1, saturation: 1, brightness: 1, alpha: 1) == UIColor.red)
        #expect(UIColor(hue: 1.5, saturation: 1, brightness: 1, alpha: 1) == UIColor.cyan)
        // Half saturation, 0.8 brightness, hue 2/3 (blue): (0.4, 0.4, 0.8).
        _ = UIColor(hue: 2.0 / 3.0, saturation: 0.5, brightness: 0.8, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: nil)
        #expect(abs(r - 0.4) < 1e-12 && abs(g - 0.4) < 1e-12 && abs(b - 0.8) < 1e-12)
    }

    @Test func getHueRoundTrips() {
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0, a: CGFloat = 0
        #expect(UIColor(red: 1, green: 0.5, blue: 0, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: &a))
        #expect(abs(h - 30.0 / 360) < 1e-12 && s == 1 && v == 1 && a == 1)
        #expect(UIColor(red: 0.5, green: 0, blue: 1, alpha: 1).getHue(&h, saturation: &s, brightness: nil, alpha: nil))
        #expect(abs(h - 270.0 / 360) < 1e-12)
        #expect(UIColor.gray.getHue(&h, saturation: &s, brightness: &v, alpha: &a))
        #expect(h == 0 && s == 0 && v == 0.5)
    }

    @Test func grayColoursReadBackAsRGBAndWhite() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0, w: CGFloat = 0
        #expect(UIColor.gray.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect([r, g, b, a] == [0.5, 0.5, 0.5, 1])
        #expect(UIColor(white: 0.25, alpha: 0.5).getWhite(&w, alpha: &a))
        #expect(w == 0.25 && a == 0.5)
        #expect(UIColor.green.getWhite(&w, alpha: &a))
        #expect(abs(w - 0.7152) < 1e-12)
    }

    @Test func withAlphaComponentKeepsTheSpace() {
        let c = UIColor.red.withAlphaComponent(0.25)
        #expect(c.cgColor.components == [1, 0, 0, 0.25])
        #expect(UIColor.white.withAlphaComponent(0.5).cgColor.components == [1, 0.5])
    }

    @Test func equalityAndHashingAreNSObjectLike() {
        let set: Set<UIColor> = [UIColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1),
                                 UIColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1), .red]
        #expect(set.count == 2)
        #expect(UIColor.red.isEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(!UIColor.red.isEqual("red"))
        let object: NSObject = UIColor.blue
        #expect(object.isEqual(UIColor.blue))
    }

    @Test func descriptionUsesUIKitsFormat() {
        #expect(UIColor.red.description == "UIExtendedSRGBColorSpace 1 0 0 1")
        #expect(UIColor.black.description == "UIExtendedGrayColorSpace 0 1")
        #expect(UIColor(red: 0.5, green: 0, blue: 0, alpha: 1).description == "UIExtendedSRGBColorSpace 0.5 0 0 1")
    }

    @Test func nanComponentsAreKeptAndDrawAsZero() {
        let c = UIColor(red: .nan, green: 1, blue: .nan, alpha: 1)
        #expect(c.cgColor.components?[0].isNaN == true)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { ctx in
            c.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        #expect(Pixels(image)?[1, 1] == opaqueGreen)
        // A NaN hue gives black, not a trap.
        #expect(UIColor(hue: .nan, saturation: 1, brightness: 1, alpha: 1).cgColor.components == [0, 0, 0, 1])
    }

    @Test func setFillSetStrokeAndSetDrawIntoTheCurrentContext() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: scaleOne()).image { ctx in
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
            UIColor.red.set()
            ctx.fill(CGRect(x: 0, y: 5, width: 5, height: 5))
            UIColor.green.setStroke()
            ctx.cgContext.setLineWidth(2)
            ctx.cgContext.stroke(CGRect(x: 6, y: 6, width: 2, height: 2))
        }
        let p = Pixels(image)!
        #expect(p[5, 2] == opaqueBlue)
        #expect(p[2, 7] == opaqueRed)
        #expect(p[6, 6] == opaqueGreen)
        // Outside any context these do nothing (no trap).
        UIColor.red.set()
    }

    @Test func patternColourShowsItsImagesMeanColour() {
        let tile = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 1), format: scaleOne()).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        let pattern = UIColor(patternImage: tile)
        let c = pattern.cgColor.components!
        #expect(abs(c[0] - 0.5) < 0.01 && abs(c[2] - 0.5) < 0.01 && c[3] == 1)
        #expect(!pattern.getRed(nil, green: nil, blue: nil, alpha: nil))
        #expect(UIColor(patternImage: UIImage()).cgColor.alpha == 0)
    }

    @Test func namedColoursAreNotAvailable() {
        #expect(UIColor(named: "AccentColor") == nil)
    }

    @Test func displayP3IsTakenAsSRGB() {
        #expect(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1) == UIColor.red)
    }
}

func scaleOne() -> UIGraphicsImageRendererFormat {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return format
}
