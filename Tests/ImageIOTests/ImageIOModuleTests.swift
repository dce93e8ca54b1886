import Testing
import ImageIO

@Suite struct ImageIOModuleTests {
    @Test func reexportsCoreGraphics() {
        #expect(CGRect(x: 0, y: 0, width: 2, height: 3).width == 2)
    }
}
