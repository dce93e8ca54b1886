import Testing
import UIKit

@Suite struct UIGraphicsContextTests {
    @Test func beginImageContextWithScaleZeroUsesTheMainScreenScale() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 6), false, 0)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 3))
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(image?.scale == 2 && image?.size == CGSize(width: 10, height: 6))
        #expect(image?.cgImage?.width == 20)
        let p = Pixels(image)!
        #expect(p[9, 5] == opaqueRed && p[10, 5] == transparent && p[9, 6] == transparent)
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    }

    @Test func beginImageContextIsScaleOneAndOpaqueStartsBlack() {
        UIGraphicsBeginImageContext(CGSize(width: 3, height: 3))
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.scale == 1)
        UIGraphicsEndImageContext()
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 3), true, 1)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(Pixels(image)?[1, 1] == [0, 0, 0, 255])
    }

    @Test func anEmptySizePushesNothing() {
        UIGraphicsBeginImageContextWithOptions(.zero, false, 1)
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsEndImageContext()   // nothing to end: no trap
        UIGraphicsPopContext()        // empty stack: no trap
    }

    @Test func pushAndPopNest() {
        let a = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpace(name: CGColorSpace.sRGB)!,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
        let image = UIGraphicsGetCurrentContext()
        UIGraphicsPushContext(a)
        #expect(UIGraphicsGetCurrentContext() === a)
        // The top is not the image context: no image, and End does not pop it.
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() === a)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() === image)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func rectFillCopiesAndRectFrameDrawsOnePointEdges() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 6), format: scaleOne()).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 6, height: 6))
            UIColor.blue.withAlphaComponent(0.5).setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2))       // .copy: replaces
            UIColor.green.setFill()
            UIRectFrame(CGRect(x: 2, y: 2, width: 4, height: 4))
            UIRectClip(CGRect(x: 0, y: 5, width: 1, height: 1))
            UIColor.blue.setFill()
            UIRectFillUsingBlendMode(CGRect(x: 0, y: 0, width: 6, height: 6), .normal)
        }
        let p = Pixels(image)!
        #expect(close(p[1, 1], [0, 0, 128, 128]))
        #expect(p[2, 3] == opaqueGreen && p[5, 3] == opaqueGreen && p[3, 2] == opaqueGreen && p[3, 5] == opaqueGreen)
        #expect(p[3, 3] == opaqueRed)
        #expect(p[0, 5] == opaqueBlue && p[1, 5] == opaqueRed)
    }
}
