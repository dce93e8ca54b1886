import Foundation
import Testing
import UIKit

/// Hostile input to the UIKit layer — nil and broken images, NaN colours and geometry, empty
/// and degenerate paths, absurd sizes and durations — gives what UIKit gives (nil, nothing
/// drawn, the value refused) and never traps.
@Suite struct UIKitBadInputTests {
    @Test func brokenImagesAreNil() {
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])) == nil, "a truncated PNG")
        #expect(UIImage(contentsOfFile: "/nonexistent/\(UUID().uuidString).png") == nil)
        #expect(UIImage(contentsOfFile: "/") == nil, "a folder is not an image")
        #expect(UIImage(named: "no-such-image-\(UUID().uuidString)") == nil)
    }

    @Test func nanColoursDrawNothingVisibleAndDoNotTrap() throws {
        let nan = UIColor(red: .nan, green: .nan, blue: .nan, alpha: .nan)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        _ = nan.getRed(&r, green: &g, blue: &b, alpha: &a)
        _ = UIColor(hue: .nan, saturation: .infinity, brightness: -1, alpha: 2).cgColor
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { ctx in
            nan.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let pixels = try #require(Pixels(image))
        #expect(pixels[2, 2][3] == 0, "NaN alpha draws as transparent: \(pixels[2, 2])")
    }

    @Test func emptyAndDegeneratePathsDrawNothing() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { _ in
            UIColor.red.setFill()
            UIColor.blue.setStroke()
            let empty = UIBezierPath()
            empty.fill()
            empty.stroke()
            #expect(empty.isEmpty)
            #expect(empty.bounds == .zero || empty.bounds.isNull)
            let nanArc = UIBezierPath(arcCenter: CGPoint(x: CGFloat.nan, y: 4), radius: .nan, startAngle: 0,
                                      endAngle: .pi, clockwise: true)
            nanArc.fill()
            let negative = UIBezierPath(arcCenter: CGPoint(x: 4, y: 4), radius: -3, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            negative.fill()
            UIBezierPath(ovalIn: CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4)).fill()
            UIBezierPath(roundedRect: CGRect(x: 1, y: 1, width: 6, height: 6), cornerRadius: .infinity).fill()
            let line = UIBezierPath()
            line.addLine(to: CGPoint(x: 8, y: 8))   // no current point: UIKit logs and ignores
            line.stroke()
        }
        let pixels = try #require(Pixels(image))
        // Only the oversized rounded rect (radius clamped to half a side: a circle) paints.
        #expect(pixels[0, 0] == [0, 0, 0, 0])
        #expect(pixels[4, 4][0] > 200, "the clamped rounded rect fills its centre red: \(pixels[4, 4])")
    }

    @Test func absurdRendererSizesGiveEmptyImagesNotTraps() {
        for size in [CGSize.zero, CGSize(width: -5, height: 10), CGSize(width: CGFloat.nan, height: 4),
                     CGSize(width: 1e9, height: 1e9), CGSize(width: CGFloat.infinity, height: 1)] {
            var ran = false
            let image = UIGraphicsImageRenderer(size: size).image { _ in ran = true }
            #expect(ran, "the actions closure still runs for \(size)")
            #expect(image.size.width.isFinite)
        }
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 1e9, height: 1e9), false, 0)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsEndImageContext()
        UIGraphicsEndImageContext()   // one end too many: ignored, as UIKit does
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func nanGeometryAndDurationsAreRefusedOrIgnored() {
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        #expect(view.frame.origin.x.isFinite, "a NaN frame is refused, the old one kept: \(view.frame)")
        view.center = CGPoint(x: CGFloat.infinity, y: 3)
        view.alpha = .nan
        view.transform = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        var finished: Bool?
        UIView.animate(withDuration: .nan, delay: -1, options: [], animations: {
            view.alpha = 0.5
        }, completion: { finished = $0 })
        CATransaction.flush()
        #expect(view.layer.animationKeys() == nil, "a NaN duration applies the change without animating")
        #expect(finished == true)
        UIView.animate(withDuration: 1, delay: .infinity, options: []) { view.alpha = 0.3 }
        CATransaction.flush()
        let flat = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 0))
        #expect(flat.hitTest(.zero, with: nil) == nil || flat.hitTest(.zero, with: nil) === flat)
    }
}
