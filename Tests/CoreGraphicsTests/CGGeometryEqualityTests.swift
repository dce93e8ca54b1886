import Testing
import CoreGraphics

@Suite struct CGGeometryEqualityTests {
    @Test func pointsAndSizesCompareExactly() {
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(!CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2.000001)))
        #expect(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
        // Sizes are not standardized: a negative width is a different size.
        #expect(!CGSize(width: -3, height: 4).equalTo(CGSize(width: 3, height: 4)))
    }

    @Test func rectsCompareTheRegionTheyCover() {
        let r = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.equalTo(CGRect(x: 10, y: 20, width: 30, height: 40)))
        #expect(!r.equalTo(CGRect(x: 10, y: 20, width: 30, height: 41)))
        // CGRectEqualToRect standardizes: the same region spelled with negative sizes is equal.
        #expect(r.equalTo(CGRect(x: 40, y: 60, width: -30, height: -40)))
        #expect(CGRect.null.equalTo(.null))
        #expect(!CGRect.null.equalTo(.zero))
    }
}
