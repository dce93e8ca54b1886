import Foundation
import Testing
@testable import QuartzCore

@Suite struct DisplayLinkTests {
    static let hz60 = 1.0 / 60

    /// Feeds `frames` frames of a 60 Hz display starting at media time `start` to `driver`.
    static func feed(_ driver: DisplayLinkDriver, frames: Range<Int>, start: Double = 100) {
        for i in frames { driver.displayFrame(at: start + Double(i) * hz60, duration: hz60) }
    }

    @Test func aLinkFiresOncePerFrameWithTimestampsOnTheGrid() {
        let driver = DisplayLinkDriver()
        var stamps: [CFTimeInterval] = []
        let link = CADisplayLink { stamps.append($0.timestamp) }
        link.add(to: driver)
        Self.feed(driver, frames: 0..<10)
        #expect(stamps.count == 10)
        for (i, t) in stamps.enumerated() { #expect(abs(t - (100 + Double(i) * Self.hz60)) < 1e-9) }
        #expect(abs(link.duration - Self.hz60) < 1e-12)
        #expect(abs(link.targetTimestamp - link.timestamp - Self.hz60) < 1e-12)
        // The same frame fed again (a second host) does not fire it twice.
        driver.displayFrame(at: stamps.last!, duration: Self.hz60)
        #expect(stamps.count == 10)
    }

    @Test func thirtyFramesPerSecondOnASixtyHertzDisplayFiresEveryOtherFrame() {
        let driver = DisplayLinkDriver()
        var byFPS: [CFTimeInterval] = [], byRange = 0, byRangeMaximum = 0
        let a = CADisplayLink { byFPS.append($0.timestamp) }
        a.preferredFramesPerSecond = 30
        let b = CADisplayLink { _ in byRange += 1 }
        b.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
        let c = CADisplayLink { _ in byRangeMaximum += 1 }
        c.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 20, preferred: nil)
        for link in [a, b, c] { link.add(to: driver) }
        Self.feed(driver, frames: 0..<60)
        #expect(byFPS.count == 30)
        #expect(byRange == 30)
        #expect(byRangeMaximum == 20)
        #expect(abs(byFPS[1] - byFPS[0] - 2 * Self.hz60) < 1e-9)
        #expect(abs(a.targetTimestamp - a.timestamp - 2 * Self.hz60) < 1e-9)
        #expect(abs(a.duration - Self.hz60) < 1e-12)
    }

    @Test func pausedLinksSkipFramesAndInvalidatedLinksLeave() {
        let driver = DisplayLinkDriver()
        var calls = 0
        let link = CADisplayLink { _ in calls += 1 }
        link.add(to: driver)
        Self.feed(driver, frames: 0..<3)
        link.isPaused = true
        Self.feed(driver, frames: 3..<10)
        #expect(calls == 3)
        link.isPaused = false
        Self.feed(driver, frames: 10..<11)
        #expect(calls == 4) // no catching up
        link.invalidate()
        #expect(!link.isValid)
        #expect(driver.linkCount == 0)
        Self.feed(driver, frames: 11..<20)
        #expect(calls == 4)
        link.add(to: driver)
        #expect(driver.linkCount == 0)
    }

    @Test func targetSelectorHoldsTheTargetWeakly() {
        final class Stepper {
            var steps = 0, ticks = 0
            func step(_ link: CADisplayLink) { steps += 1 }
            func tick() { ticks += 1 }
        }
        let driver = DisplayLinkDriver()
        var stepper: Stepper? = Stepper()
        let a = CADisplayLink(target: stepper!, selector: Stepper.step)
        let b = CADisplayLink(target: stepper!, selector: Stepper.tick)
        a.add(to: driver)
        b.add(to: driver)
        Self.feed(driver, frames: 0..<3)
        #expect(stepper?.steps == 3)
        #expect(stepper?.ticks == 3)
        stepper = nil
        Self.feed(driver, frames: 3..<4)
        #expect(!a.isValid)
        #expect(!b.isValid)
        #expect(driver.linkCount == 0)
    }

    @Test func addingToARunLoopRegistersWithItsDriverUntilRemovedFromEveryMode() {
        let runLoop = RunLoop.main
        let driver = DisplayLinkDriver.driver(for: runLoop)
        #expect(DisplayLinkDriver.driver(for: runLoop) === driver)
        driver.attachHost() // no fallback timer on the main run loop during this test
        defer { driver.detachHost() }
        let before = driver.linkCount
        let link = CADisplayLink { _ in }
        link.add(to: runLoop, forMode: .common)
        link.add(to: runLoop, forMode: .default)
        #expect(driver.linkCount == before + 1)
        link.remove(from: runLoop, forMode: .common)
        #expect(driver.linkCount == before + 1)
        link.remove(from: runLoop, forMode: .default)
        #expect(driver.linkCount == before)
    }

    @Test func withoutAHostATimerOnThePlainRunLoopFiresTheLink() throws {
        // A thread of our own, so its run loop is not shared with other tests.
        final class Box: @unchecked Sendable {
            var stamps: [CFTimeInterval] = []
            var hostedCalls = 0
            var countAfterInvalidate = -1
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let runLoop = RunLoop.current
            let link = CADisplayLink { box.stamps.append($0.timestamp) }
            link.add(to: runLoop, forMode: .default)
            runLoop.run(until: Date(timeIntervalSinceNow: 0.2))
            link.invalidate()
            box.countAfterInvalidate = DisplayLinkDriver.driver(for: runLoop).linkCount
            // With a host attached, the timer stops: only the host's frames fire links.
            let driver = DisplayLinkDriver.driver(for: runLoop)
            driver.attachHost()
            let hosted = CADisplayLink { _ in box.hostedCalls += 1 }
            hosted.add(to: runLoop, forMode: .default)
            runLoop.run(until: Date(timeIntervalSinceNow: 0.1))
            driver.displayFrame(at: 1000, duration: 1.0 / 60)
            hosted.invalidate()
            driver.detachHost()
            done.signal()
        }
        thread.start()
        done.wait()
        // 0.2 s at 60 Hz is about 12 frames; a loaded machine may deliver fewer.
        #expect(box.stamps.count >= 2)
        #expect(box.stamps.count <= 14)
        for (a, b) in zip(box.stamps, box.stamps.dropFirst()) {
            let frames = (b - a) * 60
            #expect(frames > 0.5)
            #expect(abs(frames - frames.rounded()) < 1e-6, "timestamps on the 60 Hz grid")
        }
        #expect(box.countAfterInvalidate == 0)
        #expect(box.hostedCalls == 1)
    }

    @Test func frameRateRangesCompareAsCoreAnimationDoes() {
        let range = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)
        #expect(range.isEqual(to: CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)))
        #expect(!range.isEqual(to: CAFrameRateRange(minimum: 30, maximum: 120, preferred: 120)))
        #expect(!range.isEqual(to: .default))
        #expect(CAFrameRateRange.default.isEqual(to: CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil)))
        #expect(CAFrameRateRange.default.requestedRate == nil)
        #expect(CAFrameRateRange(minimum: 0, maximum: .nan, preferred: -1).requestedRate == nil)
        // A nonsensical range gives the display's rate, not a trap.
        let driver = DisplayLinkDriver()
        var calls = 0
        let link = CADisplayLink { _ in calls += 1 }
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: .infinity, preferred: nil)
        link.add(to: driver)
        Self.feed(driver, frames: 0..<5)
        #expect(calls == 5)
    }

    @Test func animationsKeepAndCopyTheirPreferredFrameRateRange() throws {
        let animation = CABasicAnimation(keyPath: "opacity")
        #expect(animation.preferredFrameRateRange.isEqual(to: .default))
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
        let copy = try #require(animation.copy() as? CABasicAnimation)
        #expect(copy.preferredFrameRateRange.isEqual(to: CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)))
    }

    @Test func rendererTakesTheFrameTimeFromItsArgumentsThenTheTimeStamp() throws {
        func alpha(_ begin: (CARenderer) -> Void) throws -> UInt8 {
            let renderer = fadingRootRenderer(side: 4)
            return try MediaClock.$override.withValue(100) {
                begin(renderer)
                renderer.render()
                renderer.endFrame()
                return try #require(renderer.makeImage()).premultipliedRGBA8[2, 2].a
            }
        }
        var video = CVTimeStamp()
        video.videoTimeScale = 600
        video.videoTime = 101 * 600
        video.flags = CVTimeStampFlags.videoTimeValid.rawValue
        var host = CVTimeStamp()
        host.hostTime = 101_500_000_000
        host.flags = CVTimeStampFlags.hostTimeValid.rawValue
        var invalid = CVTimeStamp()
        invalid.videoTimeScale = 0
        invalid.flags = CVTimeStampFlags.videoHostTimeValid.rawValue & ~CVTimeStampFlags.hostTimeValid.rawValue

        // t wins when finite.
        #expect(abs(Int(try alpha { $0.beginFrame(atTime: 101, timeStamp: &video) }) - 128) <= 1)
        #expect(abs(Int(try alpha { $0.beginFrame(atTime: 101.5, timeStamp: nil) }) - 191) <= 1)
        // A NaN t: the time stamp's video time, else its host time, else now (100: alpha 0).
        var v = video
        #expect(abs(Int(try alpha { $0.beginFrame(atTime: .nan, timeStamp: &v) }) - 128) <= 1)
        var h = host
        #expect(abs(Int(try alpha { $0.beginFrame(atTime: .infinity, timeStamp: &h) }) - 191) <= 1)
        var i = invalid
        #expect(try alpha { $0.beginFrame(atTime: .nan, timeStamp: &i) } == 0)
        #expect(try alpha { $0.beginFrame(atTime: .nan, timeStamp: nil) } == 0)
    }
}
