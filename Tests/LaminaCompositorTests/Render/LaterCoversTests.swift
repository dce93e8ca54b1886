import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

/// The output pixels a later opaque page covers are left out of the drawings before it
/// (LaterCovers.swift): the frame's bytes are those of painting everything.
@Suite struct LaterCoversTests {
    /// DirectMaskedPlaneTests' page (turned, masked, bordered, casting a wide shadow) over a
    /// root showing an opaque image across the whole frame, as the fold's curtain.
    static func scene() -> [RenderNode] {
        var nodes = DirectMaskedPlaneTests.scene(borderWidth: 2)
        nodes[0].contents = .image(RT.quadrantImage(50, 50))
        return nodes
    }

    /// `list` with a clip of the whole frame pushed and popped after its first `count`
    /// commands: it changes no pixel, but ends the run of plain draws, so nothing drawn before
    /// it is left out.
    static func withBarrier(_ list: DrawList, after count: Int) -> DrawList {
        var l = list
        let all = LayerShape(rect: CGRect(x: -1000, y: -1000, width: 4000, height: 4000))
        l.commands.insert(contentsOf: [.pushClip(layer: RT.id(0), shape: all, transform: .identity), .popClip(layer: RT.id(0))],
                          at: count)
        return l
    }

    /// How many pixels of two same-size surfaces differ.
    static func differing(_ a: Surface, _ b: Surface) -> Int {
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { n += 1 } }
        return n
    }

    @Test func coveredPixelsAreLeftOutWithTheSameBytes() throws {
        let list = RT.drawList(Self.scene(), size: 200)
        // The root's colour and image, then the page drawn straight through its homography.
        #expect(list.outline == ["draw #0 background", "draw #0 contents",
                                 "plane #1 [direct masked: wideShadow(holed), masked(background, contents, border)]"])
        let covered = try Surface(width: 200, height: 200), reference = try Surface(width: 200, height: 200)
        try Compositor().execute(list, into: covered)
        try Compositor().execute(Self.withBarrier(list, after: 2), into: reference)
        #expect(Self.differing(covered, reference) == 0)

        // The page hides a large part of both root drawings.
        let target = RasterTarget(surface: covered, originX: 0, originY: 0, group: nil)
        let pieces = PieceRasterizer()
        let covers = LaterCovers()
        guard case let .draw(image) = list.commands[1] else { Issue.record("contents second"); return }
        let runs = try #require(covers.skip(forDrawAt: 1, image, list.commands, 0..<list.commands.count, target: target, pieces: pieces))
        var skipped = 0
        for y in 0..<200 {
            let (n, pairs) = runs.runs(y: y)
            for k in 0..<n { skipped += Int(pairs[2 * k + 1] - pairs[2 * k]) }
        }
        #expect(skipped > 5000)
        // Asked out of order (an earlier draw after a later one), the covers are found again.
        guard case let .draw(colour) = list.commands[0] else { Issue.record("colour first"); return }
        let under = try #require(covers.skip(forDrawAt: 0, colour, list.commands, 0..<list.commands.count, target: target, pieces: pieces))
        var underCount = 0
        for y in 0..<200 {
            let (n, pairs) = under.runs(y: y)
            for k in 0..<n { underCount += Int(pairs[2 * k + 1] - pairs[2 * k]) }
        }
        #expect(underCount == skipped)
        // Nothing covers the page itself, and a barrier ends the search.
        covers.reset()
        let barred = Self.withBarrier(list, after: 2)
        #expect(covers.skip(forDrawAt: 1, image, barred.commands, 0..<barred.commands.count, target: target, pieces: pieces) == nil)
    }

    /// In bands (a region render per band, the two-thread path), with each band's covers.
    @Test func bandsGiveTheSameBytes() throws {
        let tree = RT.tree(Self.scene())
        let one = try Compositor().render(tree: tree, width: 200, height: 200, background: RT.color(0, 0, 0))
        let pool = WorkerPool(threadCount: 3)
        let banded = try Compositor().render(tree: tree, width: 200, height: 200, background: RT.color(0, 0, 0), pool: pool,
                                             minimumSplitPixels: 1)
        #expect(Self.differing(one, banded) == 0)
        let list = RT.drawList(Self.scene(), size: 200)
        let reference = try Surface(width: 200, height: 200)
        reference.fill(RT.color(0, 0, 0).premultiplied)
        try Compositor().execute(Self.withBarrier(list, after: 2), into: reference)
        #expect(Self.differing(one, reference) == 0)
    }

    /// Two pages side by side, as the fold's: the second (drawn after the first, turned the
    /// other way) lies over much of the first one's wide shadow.
    static func twoPages() -> [RenderNode] {
        var nodes = scene()
        var holder = nodes[1], page = nodes[2], mask = nodes[3]
        holder.id = RT.id(4); holder.children = [RT.id(5)]
        holder.position = CGPoint(x: 150, y: 100)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        holder.transform = CATransform3DRotate(perspective, -0.5, 0, 1, 0)
        page.id = RT.id(5); page.mask = RT.id(6)
        mask.id = RT.id(6)
        nodes[0].children = [RT.id(1), RT.id(4)]
        nodes += [holder, page, mask]
        return nodes
    }

    /// A later page's cover applies to an earlier page's shadow and page
    /// (`skip(forPlaneAt:)`): left out, with the same bytes.
    @Test func aLaterPageCoversAnEarlierPagesShadow() throws {
        let list = RT.drawList(Self.twoPages(), size: 200)
        let planes = list.commands.indices.filter { if case .drawMaskedPlaneDirect = list.commands[$0] { return true }; return false }
        #expect(planes.count == 2)
        guard planes.count == 2, case let .drawMaskedPlaneDirect(first) = list.commands[planes[0]] else { return }
        let covered = try Surface(width: 200, height: 200), reference = try Surface(width: 200, height: 200)
        try Compositor().execute(list, into: covered)
        // A barrier between the pages: the first page is drawn whole.
        try Compositor().execute(Self.withBarrier(list, after: planes[1]), into: reference)
        #expect(Self.differing(covered, reference) == 0)

        let target = RasterTarget(surface: covered, originX: 0, originY: 0, group: nil)
        let covers = LaterCovers()
        let runs = try #require(covers.skip(forPlaneAt: planes[0], first, list.commands, 0..<list.commands.count,
                                            target: target, pieces: PieceRasterizer()))
        var skipped = 0
        for y in 0..<200 {
            let (n, pairs) = runs.runs(y: y)
            for k in 0..<n { skipped += Int(pairs[2 * k + 1] - pairs[2 * k]) }
        }
        #expect(skipped > 2000)
        // The last page has nothing after it.
        guard case let .drawMaskedPlaneDirect(second) = list.commands[planes[1]] else { return }
        #expect(covers.skip(forPlaneAt: planes[1], second, list.commands, 0..<list.commands.count,
                            target: target, pieces: PieceRasterizer()) == nil)
        // In bands, each with its own covers: the same bytes.
        let tree = RT.tree(Self.twoPages())
        let one = try Compositor().render(tree: tree, width: 200, height: 200, background: RT.color(0, 0, 0))
        let banded = try Compositor().render(tree: tree, width: 200, height: 200, background: RT.color(0, 0, 0),
                                             pool: WorkerPool(threadCount: 3), minimumSplitPixels: 1)
        #expect(Self.differing(one, banded) == 0)
    }
}
