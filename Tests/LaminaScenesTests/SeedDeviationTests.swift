import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore
import Testing

/// Issue 23's smaller deviations from the seeds, one test each: every one failed before its fix.
@Suite struct SeedDeviationTests {
    // MARK: implicit (seed 002)

    /// A click reaches the scene twice — as a recognised tap and as a touch — and only the tap
    /// is the seed's gesture: a touch alone must neither recolour nor move the layer.
    @Test func implicitIgnoresABareTouch() throws {
        let scene = ImplicitScene()
        let runner = SceneRunner(scene: scene)
        let colour = scene.movingLayer.backgroundColor
        let position = scene.movingLayer.position
        runner.deliver(.pointerDown(position), at: 0.1)
        runner.deliver(.pointerDown(CGPoint(x: 100, y: 280)), at: 0.2)
        #expect(scene.movingLayer.backgroundColor == colour)
        #expect(scene.movingLayer.position == position)
    }

    /// A click on the moving layer in a window recolours it exactly once: the same colour as
    /// one scripted tap gives (the scene's random generator is seeded).
    @Test func implicitClickInAWindowRecoloursOnce() throws {
        let descriptor = try #require(SceneCatalog.named("implicit"))
        let window = try HeadlessWindow(size: descriptor.size)
        let shown = SceneWindow(descriptor, window: window, clock: ManualFrameClock(now: 1000), playsScript: false,
                                renderer: SceneWindowTests.BlankRenderer())
        let input = try #require(ScriptedInput(host: shown.host))
        let scene = try #require(shown.scene as? ImplicitScene)
        input.tap(at: scene.movingLayer.position)
        input.frames(2)

        let reference = ImplicitScene()
        let runner = SceneRunner(scene: reference)
        runner.deliver(.tap(reference.movingLayer.position, touches: 1), at: 0.1)
        #expect(scene.movingLayer.backgroundColor == reference.movingLayer.backgroundColor)
        #expect(scene.movingLayer.position == reference.movingLayer.position, "a hit does not move it")
    }

    /// `layerView` stands for a UIView: its layer's delegate (held weakly by the layer) must
    /// live as long as the scene and veto implicit animations, as a view does.
    @Test func implicitLayerViewHasALiveVetoingDelegate() throws {
        let scene = ImplicitScene()
        let runner = SceneRunner(scene: scene)
        #expect(scene.layerView.delegate != nil)
        runner.deliver(.command("noop"), at: 0.1)
        MediaClock.withTime(runner.mediaTime) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            scene.layerView.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.commit()
        }
        #expect(scene.layerView.animation(forKey: "backgroundColor") == nil)
    }

    // MARK: sketch-fold (seeds 000/001)

    /// Seed 001 promises a smooth fold on every tap, the first included: 0.1 s after the first
    /// tap the pages are seen between flat and the folded model, not already folded.
    @Test func sketchFoldFirstTapAnimates() throws {
        let scene = SketchFoldScene()
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 2.0 + 0.1)
        #expect(scene.isFolded)
        let curtain = try #require(runner.presentationRoot()?.sublayers?.last)
        #expect(curtain.name == "curtain" && !curtain.isHidden)
        let left = try #require(curtain.sublayers?.first)
        #expect(!CATransform3DEqualToTransform(left.transform, scene.leftPageTransform), "still animating")
        #expect(!CATransform3DEqualToTransform(left.transform, SketchFoldScene.perspective()), "already moving")
        runner.advance(to: 2.4)
        let settled = try #require(runner.presentationRoot()?.sublayers?.last?.sublayers?.first)
        #expect(CATransform3DEqualToTransform(settled.transform, scene.leftPageTransform))
    }

    /// Seed 001 part 1 gives each page a 2-point dark-grey border so the halves can be told apart.
    @Test func sketchFoldPagesHaveTheTwoPointBorder() throws {
        let scene = SketchFoldScene()
        let pages = try #require(scene.root.sublayers?.last?.sublayers?.compactMap { $0.sublayers?.first })
        #expect(pages.count == 2)
        for page in pages {
            #expect(page.borderWidth == 2)
            #expect(page.borderColor == CGColor(gray: 1.0 / 3.0, alpha: 1))
        }
    }

    // MARK: page-curl (seed 004)

    /// "A second set of layers… initially without any contents": the faces have no contents
    /// until their strip is handed over, then show the snapshot.
    @Test func pageCurlFacesStartWithoutContents() throws {
        let scene = PageCurlScene(stripCount: 8)
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 0.5 + 1.0 / 60)
        let tube = try #require(scene.curlTube)
        for face in tube.faces {
            #expect(face.contents == nil)
            #expect(face.opacity == 1)
        }
        func shownFaces() throws -> [CALayer] {
            let root = try #require(runner.presentationRoot())
            let container = try #require(root.sublayers?.first { $0.name == "pageCurl" })
            let tubeLayer = try #require(container.sublayers?.first { $0.name == "tube" })
            return tubeLayer.sublayers ?? []
        }
        #expect(try shownFaces().allSatisfy { $0.contents == nil }, "before any hand-over")
        runner.advance(to: 1.6)
        let mid = try shownFaces()
        let filled = mid.filter { $0.contents != nil }.count
        #expect(filled > 0 && filled < 8, "mid-curl, some faces have their strip")
        #expect(mid.first?.contents as? CGImage === tube.pageStrips[0].contents as? CGImage, "face 0 (the rightmost strip) was first")
    }

    /// Seed 004: the transition starts when its view appears (`didMoveToSuperview`): showing
    /// the container in a shown tree starts the curl (`kCAOnOrderIn`), with no call of
    /// `curl()`; a tube whose container is only built, or hidden, or in a tree nobody shows,
    /// does not move.
    @Test func pageCurlStartsWhenItsContainerAppears() throws {
        let scene = PageCurlScene(stripCount: 6)
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 0.1)
        let tube = try MediaClock.withTime(runner.mediaTime) { try #require(PageCurlTube(over: scene.oldView, stripCount: 6)) }
        #expect(tube.tube.animation(forKey: "slide") == nil, "built, not added: still")
        let offscreen = CALayer()
        offscreen.addSublayer(tube.container)
        #expect(tube.tube.animation(forKey: "slide") == nil, "added to a tree nobody shows: still")
        tube.container.removeFromSuperlayer()
        MediaClock.withTime(runner.mediaTime) {
            tube.container.isHidden = true
            scene.root.insertSublayer(tube.container, above: scene.oldView)
            CATransaction.flush()
        }
        #expect(tube.tube.animation(forKey: "slide") == nil, "added hidden: still")
        MediaClock.withTime(runner.mediaTime) {
            tube.container.isHidden = false
            CATransaction.flush()
        }
        #expect(tube.tube.animation(forKey: "slide") != nil && tube.tube.animation(forKey: "roll") != nil)
        #expect(tube.faces[0].animation(forKey: "arrive") != nil)
    }

    /// The tube reads as a curl: each face is shaded by its angle to the viewer — clear when it
    /// faces the viewer (so no step at the hand-over), darker as it turns away — and never
    /// while it has no contents.
    @Test func pageCurlTubeIsShadedByItsAngleToTheViewer() throws {
        #expect(PageCurlTube.shadeOpacity(facing: 0) == 0)
        #expect(PageCurlTube.shadeOpacity(facing: .pi / 2) == PageCurlTube.maxShade)
        #expect(PageCurlTube.shadeOpacity(facing: .pi / 5) > PageCurlTube.shadeOpacity(facing: .pi / 10))
        let scene = PageCurlScene(stripCount: 10)
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 1.6)
        let root = try #require(runner.presentationRoot())
        let container = try #require(root.sublayers?.first { $0.name == "pageCurl" })
        let faces = try #require(container.sublayers?.first { $0.name == "tube" }?.sublayers)
        #expect(faces.count == 10)
        var shaded = 0
        for face in faces {
            let shade = try #require(face.sublayers?.first)
            #expect(shade.name?.hasPrefix("tubeShade") == true)
            if face.contents == nil { #expect(shade.opacity == 0, "\(face.name ?? "")") }
            if face.contents != nil, shade.opacity > 0.05 { shaded += 1 }
        }
        #expect(shaded >= 1, "a face with its strip is turning away, darker")
    }

    // MARK: transitions (seed 003) and the README

    /// The README captions its transitions picture "a paused spinner": the time
    /// `tools/readme-images.sh` renders must fall while the spinner is paused (speed 0).
    @Test func readmeTransitionsPictureShowsThePausedSpinner() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = try String(contentsOf: root.appendingPathComponent("tools/readme-images.sh"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.contains("render transitions") })
        let words = line.split(separator: " ")
        let timeIndex = try #require(words.firstIndex(of: "--time"))
        let time = try #require(Double(words[timeIndex + 1]))
        let scene = TransitionsScene()
        let runner = SceneRunner(scene: scene)
        runner.advance(to: time)
        #expect(scene.spinner.speed == 0, "the spinner is paused at t = \(time)")
        #expect(scene.spinner.animation(forKey: "spin") != nil)
    }
}
