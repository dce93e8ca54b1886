import Foundation
import Testing
@testable import UIKit

@Suite struct UIImageViewTests {
    /// A `w`×`h`-pixel image at `scale`, red on the left half and blue on the right.
    static func halves(w: Int = 4, h: Int = 2, scale: CGFloat = 1, orientation: UIImage.Orientation = .up) -> UIImage {
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpace(name: CGColorSpace.sRGB)!,
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: w / 2, height: h))
        ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: w / 2, y: 0, width: w - w / 2, height: h))
        return UIImage(cgImage: ctx.makeImage()!, scale: scale, orientation: orientation)
    }

    @Test func initWithImageSizesToPoints() {
        let v = UIImageView(image: UIImageViewTests.halves(w: 40, h: 20, scale: 2))
        #expect(v.frame == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(v.layer.contentsScale == 2)
        #expect(v.isUserInteractionEnabled == false)
        #expect(v.intrinsicContentSize == CGSize(width: 20, height: 10))
        #expect(UIImageView(image: nil).frame == .zero)
    }

    @Test func scaleToFillStretches() {
        let v = UIImageView(image: UIImageViewTests.halves())
        v.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        let p = renderView(v, name: "imageview-fill")
        #expect(close(p[2, 5], opaqueRed))
        #expect(close(p[17, 5], opaqueBlue))
        #expect(close(p[2, 0], opaqueRed) && close(p[17, 9], opaqueBlue))
    }

    @Test func aspectFitLetterboxesAndAspectFillCrops() {
        let v = UIImageView(image: UIImageViewTests.halves())   // 4×2: twice as wide as tall
        v.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        v.contentMode = .scaleAspectFit
        let fit = renderView(v, name: "imageview-aspectfit")
        #expect(fit[10, 2] == transparent)       // above the 20×10 picture
        #expect(close(fit[2, 10], opaqueRed) && close(fit[17, 10], opaqueBlue))
        v.contentMode = .scaleAspectFill
        let fill = renderView(v, name: "imageview-aspectfill")
        #expect(close(fill[2, 2], opaqueRed) && close(fill[17, 18], opaqueBlue))
        // The middle half of the image fills the view: red to the left of the centre, blue right.
        #expect(close(fill[0, 10], opaqueRed))
        #expect(close(fill[19, 10], opaqueBlue))
    }

    @Test func unscaledModesPlaceTheImageAtItsPointSize() {
        // 8×4 pixels at scale 2: 4×2 points.
        let v = UIImageView(image: UIImageViewTests.halves(w: 8, h: 4, scale: 2))
        v.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let cases: [(UIView.ContentMode, red: (Int, Int), empty: (Int, Int))] = [
            (.center, (9, 10), (1, 1)),
            (.topLeft, (0, 0), (10, 10)),
            (.top, (9, 0), (9, 10)),
            (.bottomRight, (16, 19), (1, 1)),
            (.left, (0, 10), (0, 0)),
        ]
        for (mode, red, empty) in cases {
            v.contentMode = mode
            let p = renderView(v, name: "imageview-mode-\(mode.rawValue)")
            #expect(close(p[red.0, red.1], opaqueRed), "mode \(mode)")
            #expect(p[empty.0, empty.1] == transparent, "mode \(mode)")
        }
    }

    @Test func orientedImagesShowUpright() {
        // Stored red-left/blue-right, shown turned 90° clockwise: red on top, blue below.
        let image = UIImageViewTests.halves(w: 4, h: 2, orientation: .right)
        #expect(image.size == CGSize(width: 2, height: 4))
        let v = UIImageView(image: image)
        v.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        let p = renderView(v, name: "imageview-oriented")
        #expect(close(p[5, 2], opaqueRed))
        #expect(close(p[5, 17], opaqueBlue))
    }

    @Test func templateImagesTakeTheTint() {
        let v = UIImageView(image: UIImageViewTests.halves().withRenderingMode(.alwaysTemplate))
        v.frame = CGRect(x: 0, y: 0, width: 8, height: 4)
        v.tintColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let p = renderView(v)
        #expect(close(p[1, 1], opaqueGreen) && close(p[6, 1], opaqueGreen))
    }

    @Test func highlightedImageShowsWhileHighlighted() {
        let red = UIButtonTests.solidImage(.red, size: CGSize(width: 4, height: 4))
        let blue = UIButtonTests.solidImage(.blue, size: CGSize(width: 4, height: 4))
        let v = UIImageView(image: red, highlightedImage: blue)
        #expect(close(renderView(v)[2, 2], opaqueRed))
        v.isHighlighted = true
        #expect(close(renderView(v)[2, 2], opaqueBlue))
    }

    @Test func animationImagesCycle() throws {
        let f = try UIKitFixture()
        let colors: [UIColor] = [.red, .green, .blue]
        let images = colors.map { UIButtonTests.solidImage($0, size: CGSize(width: 4, height: 4)) }
        let v = UIImageView(image: images[0])
        v.animationImages = images
        v.animationDuration = 0.3
        f.now {
            f.controller.view.addSubview(v)
            v.startAnimating()
        }
        #expect(v.isAnimating)
        let animation = try #require(v.layer.animation(forKey: "UIImageAnimation") as? CAKeyframeAnimation)
        #expect(animation.calculationMode == .discrete)
        #expect(animation.values?.count == 3)
        #expect(animation.repeatCount == .infinity)
        // 0.1 s (6 frames at 60 Hz) per image: sample mid-way through each.
        var shown: [CGImage?] = []
        for frames in [3, 6, 6, 6] {
            f.host.runFrames(frames)
            shown.append(f.now { v.layer.presentation()?.contents as? CGImage })
        }
        let expected = images.map(\.cgImage)
        #expect(shown[0] === expected[0])
        #expect(shown[1] === expected[1])
        #expect(shown[2] === expected[2])
        #expect(shown[3] === expected[0])
        f.now { v.stopAnimating() }
        #expect(v.isAnimating == false)
        #expect((v.layer.contents as? CGImage) === expected[0])
    }

    @Test func badInputDoesNotCrash() {
        let v = UIImageView(image: UIImage())
        #expect(v.frame.size == .zero)
        v.animationImages = []
        v.startAnimating()
        #expect(v.isAnimating == false)
        v.animationImages = [UIImage()]
        v.animationDuration = .nan
        v.startAnimating()
        #expect(v.isAnimating == false)
        v.image = nil
        #expect(v.layer.contents == nil)
    }
}

extension UIImageViewTests {
    @Test func enteringAWindowKeepsTheImagesScale() throws {
        let f = try UIKitFixture()
        let v = UIImageView(image: UIImageViewTests.halves(w: 8, h: 4, scale: 3))
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        container.addSubview(v)
        f.now { f.controller.view.addSubview(container) }
        #expect(v.layer.contentsScale == 3)
    }
}
