import Testing
import UIKit

@Suite struct UIColorTests {
    @Test func componentsReachTheCGColor() {
        let c = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(c.cgColor.components == [1, 0.5, 0, 1])
    }
}
