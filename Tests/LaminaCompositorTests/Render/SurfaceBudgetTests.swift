// The compositor's pixel-memory budget: every offscreen surface of a frame is charged to it,
// and one that does not fit is an error naming the layer and size, never an abort.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct SurfaceBudgetTests {
    /// A 64-point root holding one 40-point layer at opacity 0.5 over two overlapping
    /// children: a group-opacity surface of 42 × 42 pixels (its extent and a pixel of anti-aliasing
    /// margin).
    private func groupOpacityTree() -> [RenderNode] {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: RT.red, children: [2])
        a.opacity = 0.5
        let b = RT.layer(2, frame: CGRect(x: 5, y: 5, width: 20, height: 20), background: RT.blue)
        return [RT.root(64, children: [1]), a, b]
    }

    @Test func aGroupOverTheBudgetIsAnErrorNamingTheLayerAndSize() throws {
        let nodes = groupOpacityTree()
        // Room for the 64 × 64 output and a little more, not for the 42 × 42 group.
        let budget = PixelMemoryBudget(limit: 64 * 64 * 4 + 1000)
        let compositor = Compositor(memoryBudget: budget)
        let error = try #require(throws: CompositorError.self) {
            try compositor.render(tree: RT.tree(nodes), width: 64, height: 64)
        }
        guard case let .memoryBudgetExceeded(o) = error else { Issue.record("\(error)"); return }
        #expect(o.layer == RT.id(1) && o.purpose == .group)
        #expect(o.width == 42 && o.height == 42 && o.bytes == 42 * 42 * 4 && o.limit == 64 * 64 * 4 + 1000)
        #expect(error.description == "the offscreen group (42 x 42 pixels, 7056 bytes) for layer #1 does not fit the memory budget (16.0 KiB of 17.0 KiB in use)",
                "\(error)")
        #expect(error.description(layer: { "the layer \($0.rawValue)" }).contains("for the layer 1 does not fit the memory budget"))
        // Everything the failed frame charged was returned.
        #expect(budget.used == 0)
        // With room for it the same frame renders, and its charges end with the output.
        let roomy = PixelMemoryBudget(limit: 1 << 20)
        var output: Surface? = try Compositor(memoryBudget: roomy).render(tree: RT.tree(nodes), width: 64, height: 64)
        #expect(roomy.peak >= 64 * 64 * 4 + 40 * 40 * 4)
        #expect(roomy.used == 64 * 64 * 4)
        output = nil
        #expect(output == nil && roomy.used == 0)
    }

    @Test func aShadowedLayerOverTheBudgetIsAnErrorNamingIt() throws {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 30, height: 30), background: RT.red, children: [2])
        a.shadowOpacity = 1
        let b = RT.layer(2, frame: CGRect(x: 5, y: 5, width: 10, height: 10), background: RT.blue)
        let budget = PixelMemoryBudget(limit: 64 * 64 * 4 + 1000)
        let error = try #require(throws: CompositorError.self) {
            try Compositor(memoryBudget: budget).render(tree: RT.tree([RT.root(64, children: [1]), a, b]), width: 64, height: 64)
        }
        #expect(error.layer == RT.id(1))
        #expect(error.description.contains("for layer #1 does not fit the memory budget"), "\(error)")
    }

    @Test func theOutputItselfIsChargedAndAbsurdSizesDoNotTrap() throws {
        let budget = PixelMemoryBudget(limit: 1000)
        let error = try #require(throws: CompositorError.self) {
            try Compositor(memoryBudget: budget).render(tree: RT.tree([RT.root(64, children: [])]), width: 64, height: 64)
        }
        #expect(error.description.hasPrefix("the output image (64 x 64 pixels"), "\(error)")
        for (w, h) in [(Int.max, 1), (1, Int.max), (Int.max, Int.max), (Int.min, 3), (1 << 40, 1 << 40)] {
            #expect(throws: CompositorError.invalidOutputSize(width: w, height: h)) {
                try Compositor().render(tree: RT.tree([RT.root(8, children: [])]), width: w, height: h)
            }
            #expect(throws: Surface.Error.self) { try Surface(width: w, height: h) }
        }
        #expect(PixelMemoryBudget.bytes(width: Int.max, height: 2, bytesPerPixel: 4) == nil)
        #expect(PixelMemoryBudget.defaultLimit > 0)
    }
}
