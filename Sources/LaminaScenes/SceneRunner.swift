import QuartzCore

/// Plays a scene's script against media time, the way a run loop would: each input runs at
/// its own time and is followed by the commit of the implicit transaction; between inputs,
/// animation callbacks and completion blocks fire as time reaches them.
///
/// Scene time `t` (seconds from the start of the script) is media time `origin + t`, so that
/// no animation in a scene ever has a begin time of 0, which Core Animation reads as "now".
/// Time only moves forward: `advance(to:)` to an earlier time does nothing.
///
/// The scene's root is shown by a `CARenderer` (QuartzCore's public host API), which commits
/// it, runs its animation clock (`beginFrame(atTime:)`) and draws its frames (`render`).
package final class SceneRunner {
    package let scene: any SceneModel
    /// Media time (seconds) at scene time 0.
    package let origin: CFTimeInterval
    package private(set) var sceneTime: Double = 0
    private var nextStep = 0
    /// Shows the scene's root: it is attached (so it commits, has presentation layers and
    /// implicit animations) and draws the frames of `render` (tests set its thread count).
    package let renderer = CARenderer(bounds: .zero)

    /// Shows the scene's root (attaching it commits it) at scene time 0.
    package init(scene: any SceneModel, origin: CFTimeInterval = 1000) {
        self.scene = scene
        self.origin = origin
        at(0) { renderer.layer = scene.root }
    }

    /// How often the clock ticks between inputs, seconds: a 60 Hz display link, so
    /// completion blocks and delegate callbacks fire within a frame of when they would on
    /// screen.
    package var frameInterval: Double = 1.0 / 60

    /// At most this many ticks between two inputs (or an input and the end of an advance):
    /// an hour of frames at 60 Hz. A longer stretch (`lamina render --time 1e9`) has its ticks
    /// spread evenly over it, so completion blocks fire within one of those longer ticks of
    /// their time, and the work stays bounded instead of running for days.
    package var maxTicksBetweenInputs = 216_000

    /// Runs every scripted input up to and including scene time `t`, each at its own time,
    /// ticking the animation clock every `frameInterval` in between (more sparsely over
    /// stretches longer than `maxTicksBetweenInputs` frames), and ends at `t`.
    package func advance(to t: Double) {
        guard t.isFinite, t >= sceneTime else { return }
        let script = scene.script
        var stretchEnd = -Double.infinity
        var interval = frameInterval
        while true {
            let nextInput = nextStep < script.count ? script[nextStep].time : .infinity
            let end = min(nextInput, t)
            if end != stretchEnd {
                stretchEnd = end
                interval = max(frameInterval, (end - sceneTime) / Double(max(1, maxTicksBetweenInputs)))
            }
            let nextFrame = sceneTime + interval
            if nextInput <= t, nextInput <= nextFrame {
                let step = script[nextStep]
                nextStep += 1
                deliver(step.input, at: max(step.time, sceneTime))
            } else if nextFrame < t, nextFrame > sceneTime {
                // (At huge times the interval can vanish below the spacing of Doubles.)
                tick(at: nextFrame)
            } else {
                break
            }
        }
        tick(at: t)
    }

    /// Delivers one input now (at the current scene time): what the window does with a gesture.
    package func deliver(_ input: SceneInput, at t: Double) {
        tick(at: t)
        at(t) {
            scene.handle(input)
            CATransaction.flush()
        }
    }

    /// The presentation copy of the scene's root at the current scene time (nil only if the
    /// tree was never committed, which `init` prevents).
    package func presentationRoot() -> CALayer? {
        var result: CALayer?
        at(sceneTime) { result = scene.root.presentation() }
        return result
    }

    /// Absolute media time of the current scene time.
    package var mediaTime: CFTimeInterval { origin + sceneTime }

    /// The scene at the current scene time: `viewport` (points of the root's superlayer
    /// space) at `scale` pixels per point over `background` (transparent when nil). The
    /// runner's renderer keeps the compositor's caches and its last frame from frame to
    /// frame, and redraws only what changed (`redrawAll` redraws the whole viewport: a full
    /// frame's cost, for benchmarks).
    package func render(viewport: CGRect, scale: CGFloat, background: CGColor?, redrawAll: Bool = false) throws -> CGImage {
        renderer.bounds = viewport
        renderer.scale = scale
        renderer.backgroundColor = background
        return try at(sceneTime) {
            // The clock already ran at this time (ticks are idempotent): this only commits.
            renderer.beginFrame(atTime: mediaTime)
            defer { renderer.endFrame() }
            // Apple's way to make a renderer draw a region whatever its damage says.
            if redrawAll { renderer.addUpdate(viewport) }
            return try renderer.renderImage()
        }
    }

    /// One run-loop turn at scene time `t`: the renderer commits, runs the animation clock
    /// (start/stop callbacks, removal, completion blocks) and commits what those changed.
    private func tick(at t: Double) {
        at(t) {
            renderer.beginFrame(atTime: origin + t)
            renderer.endFrame()
        }
    }

    /// Runs `body` with media time frozen at scene time `t`.
    private func at<R>(_ t: Double, _ body: () throws -> R) rethrows -> R {
        sceneTime = max(sceneTime, t)
        return try MediaClock.withTime(origin + t, body)
    }
}
