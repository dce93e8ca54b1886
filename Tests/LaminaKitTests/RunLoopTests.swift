import Foundation
import Testing
@testable import LaminaKit

/// A 60 Hz headless host at t = 100 with a fake renderer, and one sublayer.
struct HostFixture {
    let clock = ManualFrameClock(now: 100)
    let window: HeadlessWindow
    let renderer = FakeRenderer()
    let host: WindowHost
    let child = CALayer()

    init(size: CGSize = CGSize(width: 40, height: 30), scale: CGFloat = 1) throws {
        window = try HeadlessWindow(size: size, scale: scale)
        host = WindowHost(window: window, renderer: renderer, clock: clock)
        let child = self.child
        host.atCurrentTime {
            host.rootLayer.addSublayer(child)
            CATransaction.flush()
        }
        host.runTurn()
    }
}

@Suite struct RunLoopTests {
    @Test func rootFillsTheWindow() throws {
        let f = try HostFixture(scale: 2)
        #expect(f.host.rootLayer.frame == CGRect(x: 0, y: 0, width: 40, height: 30))
        #expect(f.host.rootLayer.contentsScale == 2)
        #expect(f.renderer.sizes.last?.0 == 80)
        #expect(f.renderer.sizes.last?.2 == 2)
    }

    @Test func turnCommitsImplicitTransactionSoChangesAnimateTogether() throws {
        let f = try HostFixture()
        f.host.runFrames(1)
        f.host.atCurrentTime {
            f.child.opacity = 0.5
            f.child.position = CGPoint(x: 10, y: 10)
        }
        let opacity = f.child.animation(forKey: "opacity")
        let position = f.child.animation(forKey: "position")
        #expect(opacity != nil)
        #expect(position != nil)
        // Not committed yet: no begin time stamped.
        #expect(opacity?.beginTime == 0)
        f.clock.advance(by: 0.01)
        let commitTime = f.clock.now
        f.host.runTurn()
        #expect(f.child.animation(forKey: "opacity")?.beginTime == commitTime)
        #expect(f.child.animation(forKey: "position")?.beginTime == commitTime)
        // 0.25 s later both have finished together and were removed.
        f.host.runFrames(17)
        #expect(f.child.animationKeys() == nil)
    }

    @Test func noRenderWhenIdle() throws {
        let f = try HostFixture()
        f.host.runFrames(2)
        let rendered = f.renderer.renderCount
        let idleBefore = f.host.statistics.idleTurnCount
        f.host.runFrames(10)
        #expect(f.renderer.renderCount == rendered)
        #expect(f.host.statistics.idleTurnCount == idleBefore + 10)
        // A change without animation renders exactly once.
        f.host.atCurrentTime {
            CATransaction.setDisableActions(true)
            f.child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        f.host.runFrames(5)
        #expect(f.renderer.renderCount == rendered + 1)
    }

    /// `runTurn(drawing: false)` (`lamina view --time`) runs the turn — the change commits and
    /// its animation runs — without drawing, and keeps the damage for the next drawing turn.
    @Test func aTurnWithoutDrawingKeepsTheDamageForTheNext() throws {
        let f = try HostFixture()
        f.host.runFrames(2)
        let rendered = f.renderer.renderCount, presented = f.window.presentedFrameCount
        f.host.atCurrentTime { f.child.opacity = 0.25 }
        f.clock.advance(by: 0.1)
        f.host.runTurn(drawing: false)
        f.clock.advance(by: 1)
        f.host.runTurn(drawing: false)
        #expect(f.renderer.renderCount == rendered)
        #expect(f.window.presentedFrameCount == presented)
        #expect(f.host.atCurrentTime { f.child.presentation()?.opacity } == 0.25, "the implicit animation ran and ended")
        f.clock.advance(by: 1)
        f.host.runTurn()
        #expect(f.renderer.renderCount == rendered + 1, "the next drawing turn draws although nothing changed in it")
        #expect(f.window.presentedFrameCount == presented + 1)
    }

    @Test func rendersEveryFrameWhileAnimatingAndOnceAfter() throws {
        let f = try HostFixture()
        f.host.runFrames(1)
        let rendered = f.renderer.renderCount
        f.host.atCurrentTime {
            CATransaction.setAnimationDuration(0.1)
            f.host.rootLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        }
        f.host.runFrames(30)
        // 0.1 s at 60 Hz: about 6 frames, plus the frame showing the end state.
        let during = f.renderer.renderCount - rendered
        #expect(during >= 6)
        #expect(during <= 9)
        #expect(f.window.lastFrame?.firstPixelRed == 255)
    }

    @Test func droppedFramesAreCounted() throws {
        let f = try HostFixture()
        f.host.atCurrentTime {
            CATransaction.setAnimationDuration(1)
            f.child.opacity = 0
        }
        f.host.runFrames(2)
        #expect(f.host.statistics.droppedFrameCount == 0)
        // A long frame: 4 refresh intervals pass before the next turn.
        f.clock.advance(by: 4 * f.host.refreshInterval)
        f.host.runTurn()
        #expect(f.host.statistics.droppedFrameCount == 3)
        #expect(f.host.statistics.summary.contains("dropped 3"))
    }

    /// An animation that holds its value for most of its duration: the turns of the hold have
    /// nothing to draw (idle), and the present after it is on time — those slots were served by
    /// the frame shown, not dropped.
    @Test func idleTurnsWhileAnimatingAreNotDropped() throws {
        // Frames drawn by the compositor, so a turn knows when nothing changed on screen.
        let clock = ManualFrameClock(now: 100)
        let window = try HeadlessWindow(size: CGSize(width: 40, height: 30), scale: 1)
        let host = WindowHost(window: window, renderer: CompositorFrameRenderer(), clock: clock)
        let child = CALayer()
        host.atCurrentTime {
            CATransaction.setDisableActions(true)
            child.frame = CGRect(x: 5, y: 5, width: 20, height: 10)
            child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            host.rootLayer.addSublayer(child)
        }
        host.runFrames(2)
        let f = (host: host, child: child, clock: clock)
        f.host.atCurrentTime {
            let hold = CAKeyframeAnimation(keyPath: "opacity")
            hold.values = [1, 0.5, 0.5, 0]
            hold.keyTimes = [0, 0.1, 0.8, 1]
            hold.duration = 1
            f.child.add(hold, forKey: "hold")
        }
        let idle = f.host.statistics.idleTurnCount
        f.host.runFrames(70)
        #expect(f.host.statistics.idleTurnCount - idle >= 30, "the hold draws nothing")
        #expect(f.host.statistics.droppedFrameCount == 0)
        // A late turn after the hold still counts its missed slots.
        f.host.atCurrentTime {
            CATransaction.setAnimationDuration(1)
            f.child.opacity = 0.3
        }
        f.host.runFrames(2)
        f.clock.advance(by: 4 * f.host.refreshInterval)
        f.host.runTurn()
        #expect(f.host.statistics.droppedFrameCount == 3)
    }

    @Test func displayLinkTicksAtRequestedRate() throws {
        let f = try HostFixture()
        var full: [CFTimeInterval] = []
        var half = 0
        let a = DisplayLink { full.append($0.timestamp) }
        let b = DisplayLink { _ in half += 1 }
        b.preferredFramesPerSecond = 30
        a.add(to: f.host)
        b.add(to: f.host)
        f.host.runFrames(60)
        #expect(full.count == 60)
        #expect(half == 30)
        let step = full[1] - full[0]
        #expect(abs(step - 1.0 / 60) < 1e-9)
        #expect(abs(b.targetTimestamp - b.timestamp - 2.0 / 60) < 1e-9)
        #expect(abs(a.duration - 1.0 / 60) < 1e-9)

        a.isPaused = true
        f.host.runFrames(10)
        #expect(full.count == 60)
        #expect(half == 35)
        b.invalidate()
        f.host.runFrames(10)
        #expect(half == 35)
        #expect(f.host.displayLinkCount == 1)
    }

    @Test func displayLinkTargetActionHoldsTargetWeakly() throws {
        final class Stepper {
            var steps = 0
            func step(_ link: DisplayLink) { steps += 1 }
        }
        let f = try HostFixture()
        var stepper: Stepper? = Stepper()
        let link = DisplayLink(target: stepper!, action: Stepper.step)
        link.add(to: f.host)
        f.host.runFrames(3)
        #expect(stepper?.steps == 3)
        stepper = nil
        f.host.runFrames(2)
        #expect(!link.isValid)
        #expect(f.host.displayLinkCount == 0)
    }

    @Test func displayLinkChangesShowInTheSameFrame() throws {
        let f = try HostFixture()
        let link = DisplayLink { _ in
            CATransaction.setDisableActions(true)
            f.host.rootLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        link.add(to: f.host)
        f.host.runFrames(1)
        #expect(f.window.lastFrame?.firstPixelRed == 255)
    }

    @Test func timersFireOnTimeAndSkipMissedFires() throws {
        let f = try HostFixture()
        var fires: [CFTimeInterval] = []
        let timer = f.host.schedule(after: 0.1, repeating: 0.1) { _ in fires.append(f.clock.now) }
        f.clock.advance(by: 0.05)
        f.host.runTurn()
        #expect(fires.isEmpty)
        f.clock.advance(by: 0.06)
        f.host.runTurn()
        #expect(fires.count == 1)
        // A long stall: one fire, not three.
        f.clock.advance(by: 0.35)
        f.host.runTurn()
        #expect(fires.count == 2)
        timer.invalidate()
        f.clock.advance(by: 1)
        f.host.runTurn()
        #expect(fires.count == 2)
        // Bad input: a NaN delay fires at once, a zero interval makes a one-shot.
        var once = 0
        f.host.schedule(after: .nan, repeating: 0) { _ in once += 1 }
        f.host.runFrames(3)
        #expect(once == 1)
    }

    /// iOS code's `Timer.scheduledTimer` (scheduled on the current thread's run loop) fires in
    /// the host's turns. (On the main thread the same pass drains `DispatchQueue.main`; test
    /// workers are not the main thread, so that half is checked by running an app.)
    @Test func foundationTimersOnTheHostsThreadFireInTheTurn() throws {
        let f = try HostFixture()
        final class Log: @unchecked Sendable { var entries: [String] = [] }
        let log = Log()
        let timer = Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in log.entries.append("timer") }
        #expect(log.entries.isEmpty)
        // Foundation's timers are wall-clock timers that Linux delivers through a timer file
        // descriptor: one that has only just come due may be seen a turn later on a loaded
        // machine. Turn until it fires, for at most two seconds of wall time.
        let deadline = Date().addingTimeInterval(2)
        repeat { f.host.runTurn() } while log.entries.isEmpty && Date() < deadline
        #expect(log.entries == ["timer"])
        #expect(!timer.isValid)
        // A far-off timer does not fire, and the turn does not wait for it.
        let later = Timer.scheduledTimer(withTimeInterval: 3600, repeats: false) { _ in log.entries.append("later") }
        let start = Date()
        f.host.runTurn()
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(log.entries == ["timer"])
        later.invalidate()
    }

    @Test func renderFailureIsReportedAndTheHostKeepsRunning() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "compositor broke" } }
        let f = try HostFixture()
        f.renderer.failure = Broken()
        f.host.setNeedsRender()
        f.host.runFrames(1)
        #expect(f.host.statistics.renderErrorCount == 1)
        #expect(f.host.statistics.lastRenderError == "compositor broke")
        f.renderer.failure = nil
        f.host.setNeedsRender()
        f.host.runFrames(1)
        #expect(f.window.presentedFrameCount == 2)
    }

    @Test func eventStormIsSpreadOverTurns() throws {
        let f = try HostFixture()
        var seen = 0
        f.host.eventObserver = { _ in seen += 1 }
        for i in 0..<10_000 {
            f.window.post(InputEvent(.pointerMoved(location: CGPoint(x: i % 40, y: 5)), at: f.clock.now))
        }
        f.host.runFrames(1)
        #expect(seen == f.host.maxEventsPerTurn)
        f.host.runFrames(5)
        #expect(seen == 10_000)
        #expect(f.window.isOpen)
    }

    @Test func closeRequestAndResize() throws {
        let f = try HostFixture()
        try f.window.resize(to: CGSize(width: 60, height: 20), at: f.clock.now)
        f.host.runFrames(1)
        #expect(f.host.rootLayer.bounds.size == CGSize(width: 60, height: 20))
        #expect(f.renderer.sizes.last?.0 == 60)
        #expect(f.host.rootLayer.animationKeys() == nil)
        f.window.requestClose(at: f.clock.now)
        f.host.runFrames(1)
        #expect(!f.window.isOpen)
        // run() returns at once for a closed window.
        f.host.run()
        #expect(!f.window.isOpen)
    }

    @Test func statisticsOverlayInTheTitle() throws {
        let f = try HostFixture()
        f.host.title = "Demo"
        #expect(f.window.title == "Demo")
        f.host.showsStatisticsInTitle = true
        f.host.runFrames(1)
        #expect(f.window.title.hasPrefix("Demo — frames "))
        f.host.showsStatisticsInTitle = false
        #expect(f.window.title == "Demo")
    }

    @Test func runPacesTurnsOnTheRefreshGrid() throws {
        let f = try HostFixture()
        var turns = 0
        let start = f.clock.now
        f.host.run { turns += 1; return turns <= 10 }
        #expect(abs(f.clock.now - start - 10.0 / 60) < 0.02)
    }
}

@Suite struct DebugOverlayTests {
    @Test func overlayGraphsFrameIntervalsWithoutCausingFrames() throws {
        let f = try HostFixture(size: CGSize(width: 160, height: 80))
        f.host.showsDebugOverlay = true
        let overlay = try #require(f.host.debugOverlay)
        #expect(f.host.rootLayer.sublayers?.last === overlay.container)
        f.host.atCurrentTime {
            CATransaction.setAnimationDuration(0.5)
            f.child.opacity = 0
        }
        f.host.runFrames(3)
        f.clock.advance(by: 3 * f.host.refreshInterval)
        f.host.runTurn()
        f.host.runFrames(2)
        let dropped = overlay.droppedBars
        #expect(dropped.contains(true))
        #expect(dropped.filter { $0 }.count == 1)
        #expect(overlay.container.sublayers?.first?.animationKeys() == nil)
        // Once the animation is over, the overlay does not keep the window busy.
        f.host.runFrames(40)
        let rendered = f.renderer.renderCount
        f.host.runFrames(10)
        #expect(f.renderer.renderCount == rendered)
        if let path = ProcessInfo.processInfo.environment["LAMINA_KIT_OVERLAY_PNG"] {
            // Look at the graph: LAMINA_KIT_OVERLAY_PNG=/tmp/overlay.png swift test --filter DebugOverlay
            let image = try RectRenderer().renderFrame(root: f.host.rootLayer, at: f.clock.now, pixelWidth: 160,
                                                       pixelHeight: 80, scale: 1)
            try image.writePNG(to: path)
        }
        f.host.showsDebugOverlay = false
        #expect(f.host.rootLayer.sublayers?.contains { $0 === overlay.container } == false)
    }
}

@Suite struct HostDisplayLinkTests {
    /// A run loop no other test uses: that of a thread kept parked for the test's duration.
    final class PrivateRunLoop: @unchecked Sendable {
        private(set) var runLoop: RunLoop!
        private let finish = DispatchSemaphore(value: 0)
        init() {
            final class Slot: @unchecked Sendable { var runLoop: RunLoop? }
            let slot = Slot(), ready = DispatchSemaphore(value: 0), finish = finish
            let thread = Thread {
                slot.runLoop = RunLoop.current
                ready.signal()
                finish.wait()
            }
            thread.start()
            ready.wait()
            runLoop = slot.runLoop
        }
        deinit { finish.signal() }
    }

    @Test func aCADisplayLinkOnTheHostsRunLoopFiresOncePerHostFrame() throws {
        let loop = PrivateRunLoop()
        let clock = ManualFrameClock(now: 100)
        let window = try HeadlessWindow(size: CGSize(width: 20, height: 20), scale: 1)
        let host = WindowHost(window: window, renderer: FakeRenderer(), clock: clock, runLoop: loop.runLoop)
        #expect(DisplayLinkDriver.driver(for: loop.runLoop).isHosted)
        var stamps: [CFTimeInterval] = [], half = 0
        let link = CADisplayLink { stamps.append($0.timestamp) }
        link.add(to: loop.runLoop, forMode: .common)
        let slow = CADisplayLink { _ in half += 1 }
        slow.preferredFramesPerSecond = 30
        slow.add(to: loop.runLoop, forMode: .default)
        host.runFrames(12)
        #expect(stamps.count == 12)
        #expect(half == 6)
        // On the host's refresh grid and clock: the frames it showed.
        for (a, b) in zip(stamps, stamps.dropFirst()) { #expect(abs(b - a - host.refreshInterval) < 1e-9) }
        #expect(abs(stamps.last! - clock.now) < 1e-6)
        link.isPaused = true
        host.runFrames(2)
        #expect(stamps.count == 12)
        link.invalidate()
        slow.invalidate()
        #expect(DisplayLinkDriver.driver(for: loop.runLoop).linkCount == 0)
    }

    @Test func changesMadeByARunLoopLinkShowInTheSameFrame() throws {
        let loop = PrivateRunLoop()
        let window = try HeadlessWindow(size: CGSize(width: 20, height: 20), scale: 1)
        let host = WindowHost(window: window, renderer: FakeRenderer(), clock: ManualFrameClock(now: 5), runLoop: loop.runLoop)
        let link = CADisplayLink { _ in
            CATransaction.setDisableActions(true)
            host.rootLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        link.add(to: loop.runLoop, forMode: .common)
        defer { link.invalidate() }
        host.runFrames(1)
        #expect(window.lastFrame?.firstPixelRed == 255)
    }

    @Test func aHostReleasesItsRunLoopWhenItGoes() throws {
        let loop = PrivateRunLoop()
        let driver = DisplayLinkDriver.driver(for: loop.runLoop)
        do {
            let window = try HeadlessWindow(size: CGSize(width: 20, height: 20), scale: 1)
            let host = WindowHost(window: window, renderer: FakeRenderer(), clock: ManualFrameClock(), runLoop: loop.runLoop)
            #expect(driver.isHosted)
            _ = host
        }
        #expect(!driver.isHosted)
    }
}
