// Draws hidden under a later opaque rectangle in the output are dropped from the draw list;
// anything that could show through (translucent or rounded covers, partial cover, a clip or
// group between) keeps them, and the pixels are those of drawing everything.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct OcclusionCullingTests {
    /// Root 100 × 80 (ink); #1 gold at (10, 10, 50, 40); #2 (the cover) over (x, y, w, h).
    static func scene(cover: CGRect, color: CGColor = IT.teal, opacity: Float = 1, cornerRadius: CGFloat = 0,
                      coverClips: Bool = false) -> [RenderNode] {
        let root = IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 80), background: IT.ink, children: [1, 2])
        let under = IT.layer(1, frame: CGRect(x: 10, y: 10, width: 50, height: 40), background: IT.gold)
        var top = IT.layer(2, frame: cover, background: color)
        top.opacity = opacity
        top.cornerRadius = cornerRadius
        top.masksToBounds = coverClips
        return [root, under, top]
    }

    @Test func drawsUnderAnOpaqueRectAreDropped() throws {
        let nodes = Self.scene(cover: CGRect(x: 0, y: 0, width: 100, height: 80))
        #expect(IT.drawList(nodes, width: 100, height: 80).outline == ["draw #2 background"])
        // A fractional cover hides only what lies inside its whole pixels (with the 1-pixel
        // anti-aliasing margin of the draw below): #1's (9, 9)-(61, 51) lies in (9, 9)-(62, 52).
        let partial = Self.scene(cover: CGRect(x: 8.5, y: 8.5, width: 54, height: 44))
        #expect(IT.drawList(partial, width: 100, height: 80).outline == ["draw #0 background", "draw #2 background"])
        let s = try IT.render(partial, width: 100, height: 80)
        #expect(s[8, 8] != IT.teal.premultipliedForTest && s[9, 9] == IT.teal.premultipliedForTest)
        let edge = Self.scene(cover: CGRect(x: 9.5, y: 9.5, width: 51, height: 41))
        #expect(IT.drawList(edge, width: 100, height: 80).outline.count == 3)
    }

    @Test func drawsThatCouldShowThroughAreKept() {
        let all = ["draw #0 background", "draw #1 background", "draw #2 background"]
        let full = CGRect(x: 0, y: 0, width: 100, height: 80)
        #expect(IT.drawList(Self.scene(cover: full, opacity: 0.5), width: 100, height: 80).outline == all)
        #expect(IT.drawList(Self.scene(cover: full, color: IT.color(0, 0, 1, 0.9)), width: 100, height: 80).outline == all)
        #expect(IT.drawList(Self.scene(cover: full, cornerRadius: 8), width: 100, height: 80).outline == all)
        // The cover's own clip comes between: nothing is culled across it.
        let clipped = IT.drawList(Self.scene(cover: full, coverClips: true), width: 100, height: 80).outline
        #expect(clipped.filter { $0.hasPrefix("draw") } == all)
        // Covering #1 but not the root: only #1 goes.
        #expect(IT.drawList(Self.scene(cover: CGRect(x: 5, y: 5, width: 60, height: 50)), width: 100, height: 80).outline
            == ["draw #0 background", "draw #2 background"])
    }

    @Test func culledFramesHaveTheSamePixels() throws {
        // The same picture with the cover drawn by a compositor that culls and as the sum of
        // its parts: everything under an opaque cover is the cover's colour.
        let s = try IT.render(Self.scene(cover: CGRect(x: 5, y: 5, width: 60, height: 50)), width: 100, height: 80)
        for (x, y) in [(5, 5), (30, 30), (64, 54)] { #expect(s[x, y] == IT.teal.premultipliedForTest) }
        #expect(s[70, 60] == IT.ink.premultipliedForTest)
    }
}

/// The backwards walk with a grid of covers removes exactly what comparing every draw with
/// every later cover removes (while a tile holds few covers; with many it keeps the largest and
/// may cull less, never more), at a bounded cost per draw (it was n²/2 comparisons: a root with
/// 10,000 small sublayers took 17 s to prepare).
@Suite struct OcclusionCullingScaleTests {
    static let output = PixelBox(x0: 0, y0: 0, x1: 200, y1: 150)

    static func rectDraw(_ id: UInt64, _ r: CGRect, opaque: Bool) -> DrawCommand {
        .draw(DrawItem(layer: RenderNodeID(id), piece: .background(LayerShape(rect: r), color: CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: opaque ? 1 : 0.5)),
                       transform: .identity, alpha: 1, antialiasEdges: true))
    }

    /// The definition: a top-level draw goes when a later opaque rect of the same run (no
    /// other command between) contains its visible device rect.
    static func bruteForce(_ commands: [DrawCommand], output: PixelBox) -> [DrawCommand] {
        let out = CGRect(x: output.x0, y: output.y0, width: output.width, height: output.height)
        var keep = Array(repeating: true, count: commands.count)
        for (i, c) in commands.enumerated() {
            guard case let .draw(item) = c else { continue }
            let r = LayerPieces.deviceRect(item.piece, transform: item.transform)
            guard !r.isNull else { continue }
            let visible = r.intersection(out)
            var j = i + 1
            while j < commands.count, case let .draw(later) = commands[j] {
                if let cover = OcclusionCulling.opaqueInterior(later), visible.isNull || visible.isEmpty || cover.contains(visible) {
                    keep[i] = false
                    break
                }
                j += 1
            }
        }
        return commands.indices.filter { keep[$0] }.map { commands[$0] }
    }

    @Test func randomListsLoseExactlyTheHiddenDraws() {
        var seed: UInt64 = 0x9E3779B97F4A7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<200 {
            var commands: [DrawCommand] = []
            for k in 0..<(5 + next(40)) {
                if next(12) == 0 {
                    commands.append(.pushClip(layer: RenderNodeID(999), shape: LayerShape(rect: CGRect(x: 0, y: 0, width: 50, height: 50)), transform: .identity))
                    continue
                }
                if next(12) == 0 { commands.append(.popClip(layer: RenderNodeID(999))); continue }
                let big = next(4) == 0
                let r = CGRect(x: CGFloat(next(220)) - 10 + CGFloat(next(2)) * 0.5, y: CGFloat(next(170)) - 10,
                               width: CGFloat(big ? 60 + next(180) : 1 + next(40)), height: CGFloat(big ? 50 + next(140) : 1 + next(40)))
                commands.append(Self.rectDraw(UInt64(k), r, opaque: next(3) != 0))
            }
            let expected = Self.bruteForce(commands, output: Self.output)
            let culled = OcclusionCulling.cull(commands, output: Self.output)
            #expect(culled == expected, "round \(round)")
        }
    }

    @Test func manySmallLayersCostAboutOneLookupEach() {
        // 20,000 opaque 1-pixel-apart squares on a 200 × 150 output (many overlap, none covers
        // another's whole rect with its margin), then a cover over the left half.
        var commands: [DrawCommand] = []
        for k in 0..<20_000 {
            let x = CGFloat(k % 190), y = CGFloat((k / 190) % 140)
            commands.append(Self.rectDraw(UInt64(k), CGRect(x: x, y: y, width: 6, height: 6), opaque: true))
        }
        commands.append(Self.rectDraw(99_999, CGRect(x: 0, y: 0, width: 100, height: 150), opaque: true))
        var probes = 0
        let culled = OcclusionCulling.cull(commands, output: Self.output, probes: &probes)
        #expect(culled.count < commands.count / 2 + 1000, "the left half is hidden: \(culled.count) kept")
        #expect(probes <= 25 * commands.count, "\(probes) cover comparisons for \(commands.count) draws")
    }
}
