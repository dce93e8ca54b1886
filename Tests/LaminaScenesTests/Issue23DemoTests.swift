import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore
import Testing

/// Issue 23's remaining demo gaps: `timeOffset` inside groups (seed 003), the textured curtain
/// (seed 001) and the page curl's strip hand-over (seed 004). Each failed before its change.
@Suite struct Issue23DemoTests {
    // MARK: transitions (seed 003): timeOffset inside an animation group

    /// Bar i's expected height factor `elapsed` seconds into the wave, worked out by hand from
    /// the timing model (§7.4): phase = elapsed + 0.2·i, wrapped to the 1.2 s autoreversing
    /// cycle, linear from 1 down to 0.3 over 0.6 s and back.
    static func expectedWaveScale(bar i: Int, elapsed: Double) -> Double {
        let u = (elapsed + 0.2 * Double(i)).truncatingRemainder(dividingBy: 1.2)
        let x = u <= 0.6 ? u / 0.6 : (1.2 - u) / 0.6
        return 1 - 0.7 * x
    }

    /// The "wave" command (key w) gives each chain bar a group whose children are offset by
    /// 0.2 s per bar: 0.35 s later the bars stand at three different heights, each where its
    /// offset puts it (without the offsets all three would be at 0.59); after the group's
    /// 2.4 s the model shows again.
    @Test func waveGroupChildrenRunAtTheirTimeOffsets() throws {
        let scene = TransitionsScene()
        let runner = SceneRunner(scene: scene)
        // Before the script's "chain" (0.5 s) fades the same bars.
        runner.deliver(.command("wave"), at: 0.1)
        #expect(scene.chainBars.allSatisfy { $0.animation(forKey: "wave") is CAAnimationGroup })
        runner.advance(to: 0.1 + 0.35)
        var scales: [Double] = []
        for (i, bar) in scene.chainBars.enumerated() {
            let shown = try #require(MediaClock.withTime(runner.mediaTime) { bar.presentation() })
            let scale = Double(shown.transform.m22)
            scales.append(scale)
            #expect(abs(scale - Self.expectedWaveScale(bar: i, elapsed: 0.35)) < 0.02, "bar \(i): \(scale)")
            let opacity = Double(shown.opacity)
            let expectedOpacity = 1 - 0.6 * (1 - Self.expectedWaveScale(bar: i, elapsed: 0.35)) / 0.7
            #expect(abs(opacity - expectedOpacity) < 0.02, "bar \(i) opacity: \(opacity)")
        }
        #expect(Set(scales.map { ($0 * 100).rounded() }).count == 3, "three different phases")
        runner.advance(to: 0.1 + 2.5)
        for bar in scene.chainBars {
            let shown = try #require(MediaClock.withTime(runner.mediaTime) { bar.presentation() })
            #expect(shown.transform.m22 == 1 && shown.opacity == 1, "the group is over")
        }
    }

    /// The wave is a person's command: its key, pressed in the scene's window, starts it.
    @Test func waveRunsFromItsKeyInTheWindow() throws {
        let descriptor = try #require(SceneCatalog.named("transitions"))
        let command = try #require(descriptor.commands.first { $0.name == "wave" })
        #expect(command.key == "w")
        let window = try HeadlessWindow(size: descriptor.size)
        let shown = SceneWindow(descriptor, window: window, clock: ManualFrameClock(now: 1000), playsScript: false,
                                renderer: SceneWindowTests.BlankRenderer())
        let input = try #require(ScriptedInput(host: shown.host))
        let scene = try #require(shown.scene as? TransitionsScene)
        #expect(scene.chainBars.allSatisfy { $0.animation(forKey: "wave") == nil })
        input.key(command.keyCode)
        #expect(scene.chainBars.allSatisfy { $0.animation(forKey: "wave") is CAAnimationGroup })
    }

    // MARK: sketch-fold (seed 001): the textured curtain

    /// Seed 001's curtain is `scrollViewTexturedBackgroundColor`, a linen texture: the
    /// curtain rendered on its own (pages and their shadows hidden, so no soft shadow can pass
    /// for texture) is not one flat colour, and its texture is dark, as the seed's linen was.
    @Test func sketchFoldCurtainIsTextured() throws {
        let scene = SketchFoldScene()
        let curtain = try #require(scene.root.sublayers?.last)
        #expect(curtain.name == "curtain")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        curtain.isHidden = false
        curtain.sublayers?.forEach { $0.isHidden = true }
        CATransaction.commit()
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 0.05)
        let image = try runner.render(viewport: scene.root.frame, scale: 1, background: CGColor(gray: 0, alpha: 1))
        let pixels = Self.pixels(of: image)
        var values = Set<UInt32>()
        var lightness = 0.0
        for y in 100..<140 {
            for x in 200..<280 {
                let p = pixels[y * image.width + x]
                values.insert(p)
                let r = Double(p & 0xFF), g = Double((p >> 8) & 0xFF), b = Double((p >> 16) & 0xFF)
                lightness += (r + g + b) / 765
            }
        }
        #expect(values.count > 8, "\(values.count) distinct colours in the curtain")
        #expect(lightness / (40 * 80) < 0.45, "a dark cloth")
    }

    // MARK: page-curl (seed 004): the strip hand-over

    /// A page whose every column says where it came from: red = x / width, green full, so
    /// red / green survives the tube's shading (a black overlay scales both alike).
    static func columnCodedPage(size: CGSize) -> CGImage? {
        let w = Int(size.width), h = Int(size.height)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                bytes[i] = UInt8((Double(x) + 0.5) / Double(w) * 255)
                bytes[i + 1] = 255
                bytes[i + 3] = 255
            }
        }
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let context = CGContext(data: &bytes, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                      space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        return context.makeImage()
    }

    /// Seed 004's curl has no gaps and draws no strip twice, with few, the default or many
    /// strips: throughout the curl — at every
    /// 30th of a second and just before and after each hand-over — along rows across the
    /// middle of the page, every column from the left edge to the last one the old page
    /// reaches shows the old page (from the page or from the tube; never the background),
    /// and the page's columns appear in their own order, left to right: a strip already on
    /// the tube never shows again left of strips still waiting on the page.
    @Test(arguments: [3, 10, 24])
    func pageCurlHandOverHasNoGapsAndNoDuplicates(stripCount n: Int) throws {
        let scene = PageCurlScene(stripCount: n)
        let size = scene.root.bounds.size
        scene.newView.isHidden = true
        scene.oldView.sublayers = nil
        scene.oldView.contentsScale = 1
        scene.oldView.contents = try #require(Self.columnCodedPage(size: size))
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 0.5 + 1.0 / 60)
        let tube = try #require(scene.curlTube)
        // The tube's timing, as PageCurlTube documents it: constant speed, the axis over strip
        // k's centre after `lead + (j + ½)·w / speed` (face j takes strip n − 1 − j).
        let w = size.width / CGFloat(n)
        let apothem = w / (2 * tan(.pi / CGFloat(n)))
        let speed = Double(size.width) / tube.crossingDuration
        let lead = Double(apothem) / speed
        var times = stride(from: 0.6, through: 0.5 + Double(size.width + 2 * apothem) / speed, by: 1.0 / 30).map { $0 }
        for j in 0..<n {
            let handOver = 0.5 + lead + (Double(j) + 0.5) * Double(w) / speed
            times += [handOver - 1.0 / 240, handOver + 1.0 / 240]
        }
        var failures: [String] = []
        for t in times.sorted() {
            runner.advance(to: t)
            let image = try runner.render(viewport: scene.root.frame, scale: 1, background: CGColor(gray: 0, alpha: 1))
            let pixels = Self.pixels(of: image)
            for row in [0.3, 0.5, 0.7].map({ Int(Double(image.height) * $0) }) {
                // Source x (points) of each column, or nil where the background shows.
                let source: [Double?] = (0..<image.width).map { x in
                    let p = pixels[row * image.width + x]
                    let red = Double(p & 0xFF), green = Double((p >> 8) & 0xFF)
                    return green < 24 ? nil : red / green * Double(size.width)
                }
                guard let last = source.lastIndex(where: { $0 != nil }) else { continue }
                if let gap = source[...last].firstIndex(where: { $0 == nil }) {
                    failures.append("t=\(t) row \(row): background at x=\(gap) left of the page's end \(last)")
                    continue
                }
                var reached = -Double.infinity
                for x in 0...last {
                    let s = source[x]!
                    if s < reached - Double(w) / 2 {
                        failures.append("t=\(t) row \(row): x=\(x) shows source \(Int(s)) after source \(Int(reached))")
                        break
                    }
                    reached = max(reached, s)
                }
            }
        }
        #expect(failures.count == 0, "first: \(failures.prefix(4))")
    }

    // MARK: helpers

    /// The image's pixels, RGBA bytes packed in a UInt32 each, rows from the top.
    static func pixels(of image: CGImage) -> [UInt32] {
        let w = image.width, h = image.height
        var buffer = [UInt32](repeating: 0, count: w * h)
        buffer.withUnsafeMutableBytes { raw in
            guard let space = CGColorSpace(name: CGColorSpace.sRGB),
                  let context = CGContext(data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8,
                                          bytesPerRow: w * 4, space: space,
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
            context.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        }
        return buffer
    }
}
