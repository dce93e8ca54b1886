import Foundation
import Testing
import CoreImage
@testable import QuartzCore

/// Core Image's CIFilter as seed 003's example 5-2 uses it: a named transition filter whose
/// inputs QuartzCore renders.
@Suite struct CIFilterTests {
    @Test func knownFiltersHaveCoreImagesDefaultsAndUnknownOnesAreNil() throws {
        let filter = try #require(CIFilter(name: "CIBarsSwipeTransition"))
        #expect(filter.inputKeys == ["inputAngle", "inputBarOffset", "inputWidth"])
        #expect(filter.number(forKey: kCIInputAngleKey) == 3.14)
        #expect(filter.number(forKey: kCIInputWidthKey) == 30)
        #expect(CIFilter(name: "CINoSuchFilter") == nil)
        filter.setValue(NSNumber(value: 1.5), forKey: kCIInputAngleKey)
        filter.setValue(nil, forKey: kCIInputWidthKey)
        #expect(filter.number(forKey: kCIInputAngleKey) == 1.5)
        #expect(filter.number(forKey: kCIInputWidthKey) == 30, "nil restores the default")
        filter.setValue(Double.nan, forKey: "inputBarOffset")
        #expect(filter.number(forKey: "inputBarOffset") == nil, "NaN is not a usable number")
    }

    /// Example 5-2, line by line (its Objective-C NSNumber floats as Swift NSNumbers).
    @Test func aBarsSwipeFilterOnATransitionRendersAsTheBarsSwipe() throws {
        let aFilter = try #require(CIFilter(name: "CIBarsSwipeTransition"))
        aFilter.setValue(NSNumber(value: Float(3.14)), forKey: "inputAngle")
        aFilter.setValue(NSNumber(value: Float(30.0)), forKey: "inputWidth")
        aFilter.setValue(NSNumber(value: Float(10.0)), forKey: "inputBarOffset")
        let transition = CATransition()
        transition.startProgress = 0
        transition.endProgress = 1.0
        transition.filter = aFilter
        transition.duration = 1.0
        let style = TransitionStyle(transition)
        guard case .barsSwipe(let angle, let width, let offset) = style.type else {
            Issue.record("expected a bars swipe, got \(style.type)")
            return
        }
        #expect(abs(angle - 3.14) < 1e-6 && width == 30 && offset == 10)
        // Non-numeric inputs fall back to the defaults rather than failing.
        aFilter.setValue("wide", forKey: "inputWidth")
        guard case .barsSwipe(_, let w, _) = TransitionStyle(transition).type else { return }
        #expect(w == 30)
    }
}
