// The bands a frame is split into for several threads follow its work (RowCosts.swift): they
// tile the box exactly, and where drawings crowd the bands are shorter.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite struct RowCostsTests {
    static func rect(_ id: UInt64, _ r: CGRect) -> DrawCommand {
        .draw(DrawItem(layer: RenderNodeID(id), piece: .background(LayerShape(rect: r), color: CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)),
                       transform: .identity, alpha: 1, antialiasEdges: true))
    }

    static func list(_ commands: [DrawCommand], width: Int = 400, height: Int = 300) -> DrawList {
        var l = DrawList(width: width, height: height)
        l.commands = commands
        return l
    }

    /// Bands are row-disjoint, top to bottom, each at least a row, and together exactly `box`.
    static func expectTiling(_ bands: [PixelBox], _ box: PixelBox, count: Int) {
        #expect(bands.count == min(count, box.height))
        #expect(bands.first?.y0 == box.y0)
        #expect(bands.last?.y1 == box.y1)
        for b in bands {
            #expect(b.x0 == box.x0 && b.x1 == box.x1)
            #expect(b.height >= 1)
        }
        for (a, b) in zip(bands, bands.dropFirst()) { #expect(a.y1 == b.y0) }
    }

    @Test func anEmptyListSplitsRowsEvenly() {
        let box = PixelBox(x0: 0, y0: 0, x1: 400, y1: 300)
        let bands = RowCosts(Self.list([]), rows: 0..<300).bands(of: box, count: 2)
        Self.expectTiling(bands, box, count: 2)
        #expect(bands.map(\.height) == [150, 150])
    }

    @Test func crowdedRowsGetShorterBands() {
        // Ten full-width drawings over the top 60 rows: the top band must end well above the
        // middle, and the two bands' estimated work must be within one row's of each other.
        let commands = (0..<10).map { Self.rect(UInt64($0 + 1), CGRect(x: 0, y: 0, width: 400, height: 60)) }
        let box = PixelBox(x0: 0, y0: 0, x1: 400, y1: 300)
        let bands = RowCosts(Self.list(commands), rows: 0..<300).bands(of: box, count: 2)
        Self.expectTiling(bands, box, count: 2)
        // A drawing's extent has DamageExtent's 2-pixel margin: rows 0..<62 cost 10 × 404 + 400
        // (the drawings and the frame's own row), rows 62..<300 cost 400: 370,480 in all, half
        // of it by row 42 (41.7 rows of 4,440).
        #expect(bands[0].y1 == 42)
    }

    @Test func aDamageBoxIsSplitInItsOwnRowsAndColumns() {
        let commands = [Self.rect(1, CGRect(x: 0, y: 200, width: 400, height: 100))]
        let box = PixelBox(x0: 50, y0: 100, x1: 350, y1: 300)
        let costs = RowCosts(Self.list(commands), rows: 0..<300)
        for n in [1, 2, 3, 7, 500] {
            Self.expectTiling(costs.bands(of: box, count: n), box, count: n)
        }
        // The drawing crowds the box's lower half (rows 198..<302 with the margin, charged at its
        // whole width: a region is drawn across whole rows): rows 100..<198 cost 300, the rest
        // 704 — half the work (50,604) is reached 31 rows past 198.
        #expect(costs.bands(of: box, count: 2)[0].y1 == 229)
    }

    @Test func framesSplitByWorkAreTheBytesOfOneThread() throws {
        // RenderThreads.regions with a list picks uneven bands; the frame drawn in them on two
        // workers is the frame drawn whole on one thread.
        var commands: [DrawCommand] = []
        for i in 0..<30 {
            let x = Double((i * 7) % 300), y = Double(i % 5) * 8
            commands.append(Self.rect(UInt64(i + 1), CGRect(x: x, y: y, width: 90, height: 50)))
        }
        let list = Self.list(commands, width: 400, height: 300)
        let whole = PixelBox(x0: 0, y0: 0, x1: 400, y1: 300)
        let regions = RenderThreads.regions(for: [whole], workers: 2, minimumPixels: 1, list: list)
        #expect(regions.count == 2)
        #expect(regions[0].y1 < 150) // the work is at the top
        let compositor = Compositor()
        let one = RegionCheck.junk(width: 400, height: 300, seed: 3)
        try compositor.render(list, into: one, regions: [whole], pool: nil)
        let two = RegionCheck.junk(width: 400, height: 300, seed: 4)
        try compositor.render(list, into: two, regions: regions, pool: WorkerPool(threadCount: 2))
        #expect(one.bytes() == two.bytes())
    }
}
