import Testing
import QuartzCore

/// `import QuartzCore` alone must give CoreGraphics, Foundation and CATransform3D, as on Apple's platforms.
@Suite struct ReexportTests {
    @Test func quartzCoreReexportsCoreGraphicsAndTransforms() {
        let t = CATransform3DMakeAffineTransform(CGAffineTransform(translationX: 3, y: 4))
        #expect(t.m41 == 3)
        #expect(CGRect(x: 0, y: 0, width: 2, height: 2).applying(CGAffineTransform(scaleX: 2, y: 2)).width == 4)
        #expect(CGColor.black.alpha == 1)
    }
}
