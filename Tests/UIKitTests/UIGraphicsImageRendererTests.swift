import Testing
import UIKit

@Suite struct UIGraphicsImageRendererTests {
    @Test func drawsYDownFromTheTopLeftAtTheDefaultScaleOfTwo() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 40))
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 20, y: 0, width: 20, height: 10))
        }
        #expect(image.size == CGSize(width: 40, height: 40))
        #expect(image.scale == 2)
        #expect(image.cgImage?.width == 80 && image.cgImage?.height == 80)
        let p = Pixels(image)!
        #expect(p[10, 10] == opaqueRed)
        #expect(p[39, 79] == opaqueRed)
        #expect(p[41, 0] == opaqueBlue)    // top rows: y down
        #expect(p[79, 19] == opaqueBlue)
        #expect(p[79, 20] == transparent)
        #expect(p[60, 79] == transparent)
    }

    @Test func formatScaleSetsPixelsPerPoint() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 5), format: format).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(image.cgImage?.width == 30 && image.cgImage?.height == 15)
        #expect(image.size == CGSize(width: 10, height: 5) && image.scale == 3)
        let p = Pixels(image)!
        #expect(p[2, 2] == opaqueRed && p[3, 3] == transparent)
        // Zero, negative and NaN scales render at the main screen's scale.
        format.scale = 0
        #expect(UIGraphicsImageRenderer(size: CGSize(width: 10, height: 5), format: format).image { _ in }.scale == 2)
        format.scale = .nan
        #expect(UIGraphicsImageRenderer(size: CGSize(width: 10, height: 5), format: format).image { _ in }.scale == 2)
        // A fractional pixel size rounds up.
        format.scale = 2
        #expect(UIGraphicsImageRenderer(size: CGSize(width: 10.25, height: 1), format: format).image { _ in }.cgImage?.width == 21)
    }

    @Test func opaqueFormatStartsBlackAndHasNoAlpha() {
        let format = scaleOne()
        format.opaque = true
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { ctx in
            UIColor.red.withAlphaComponent(0.5).setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        }
        #expect(image.cgImage?.alphaInfo == .noneSkipLast)
        let p = Pixels(image)!
        #expect(p[3, 3] == [0, 0, 0, 255])
        #expect(close(p[0, 0], [128, 0, 0, 255]))   // half red over black
        // Not opaque by default: undrawn pixels are clear.
        #expect(UIGraphicsImageRendererFormat.default().opaque == false)
    }

    @Test func boundsOriginIsTheTopLeftOfTheImage() {
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 20, width: 4, height: 4), format: scaleOne())
        #expect(renderer.format.bounds == CGRect(x: 10, y: 20, width: 4, height: 4))
        let image = renderer.image { ctx in
            UIColor.green.setFill()
            ctx.fill(CGRect(x: 10, y: 20, width: 1, height: 1))
        }
        let p = Pixels(image)!
        #expect(p[0, 0] == opaqueGreen && p[1, 1] == transparent)
    }

    @Test func theContextIsCurrentOnlyDuringTheActions() {
        #expect(UIGraphicsGetCurrentContext() == nil)
        var seen: CGContext?
        var matches = false
        _ = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { ctx in
            seen = UIGraphicsGetCurrentContext()
            matches = seen === ctx.cgContext
            UIGraphicsPushContext(ctx.cgContext)   // left pushed on purpose
        }
        #expect(seen != nil && matches)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func currentImageIsASnapshot() {
        var first: UIImage?
        let final = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 1), format: scaleOne()).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            first = ctx.currentImage
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        #expect(Pixels(first)?[1, 0] == transparent)
        #expect(Pixels(first)?[0, 0] == opaqueRed)
        #expect(Pixels(final)?[1, 0] == opaqueBlue)
    }

    @Test func contextConveniencesStrokeClipAndBlend() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: scaleOne()).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2), blendMode: .clear)
            UIColor.blue.setStroke()
            ctx.cgContext.setLineWidth(2)
            ctx.stroke(CGRect(x: 4, y: 4, width: 4, height: 4))
            ctx.clip(to: CGRect(x: 0, y: 8, width: 2, height: 2))
            UIColor.green.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let p = Pixels(image)!
        #expect(p[0, 0] == transparent)
        #expect(p[4, 5] == opaqueBlue && p[6, 6] == opaqueRed)
        #expect(p[1, 9] == opaqueGreen && p[3, 9] == opaqueRed)
    }

    @Test func pngAndJPEGData() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: scaleOne())
        let png = renderer.pngData { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        }
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = UIImage(data: png)
        #expect(decoded?.size == CGSize(width: 8, height: 8))
        #expect(Pixels(decoded)?[3, 1] == opaqueRed && Pixels(decoded)?[3, 6] == transparent)
        let jpeg = renderer.jpegData(withCompressionQuality: 0.9) { ctx in
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        }
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        #expect(close(Pixels(UIImage(data: jpeg))?[4, 4] ?? [], opaqueBlue, tolerance: 6))
    }

    @Test func emptyOrAbsurdSizesRunTheActionsAndGiveAnEmptyImage() {
        for size in [CGSize.zero, CGSize(width: -4, height: 4), CGSize(width: CGFloat.nan, height: 4),
                     CGSize(width: 1e9, height: 1e9)] {
            var ran = false
            let image = UIGraphicsImageRenderer(size: size).image { ctx in
                ran = true
                UIColor.red.setFill()
                ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            }
            #expect(ran)
            #expect(image.size == .zero && image.cgImage == nil)
            #expect(UIGraphicsImageRenderer(size: size).pngData { _ in }.isEmpty)
        }
    }

    @Test func eachThreadHasItsOwnContextStack() {
        // Synchronous on purpose: the context stack belongs to the thread, so a test must not
        // suspend while it has a context pushed.
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 1, height: 1), false, 1)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var otherSawNone = false
        nonisolated(unsafe) var otherImageScale: CGFloat = 0
        let thread = Thread {
            otherSawNone = UIGraphicsGetCurrentContext() == nil
            otherImageScale = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).image { _ in }.scale
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(UIGraphicsGetCurrentContext() != nil)
        UIGraphicsEndImageContext()
        #expect(otherSawNone && otherImageScale == 2)
    }

    @Test func formatsAndRendererClasses() {
        let format = UIGraphicsImageRendererFormat.preferred()
        #expect(format.scale == 2 && !format.opaque && format.preferredRange == .automatic)
        format.prefersExtendedRange = true
        #expect(format.preferredRange == .extended)
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1))
        #expect(renderer.allowsImageOutput)
        let base: UIGraphicsRenderer = renderer
        #expect(base.format is UIGraphicsImageRendererFormat)
    }
}
