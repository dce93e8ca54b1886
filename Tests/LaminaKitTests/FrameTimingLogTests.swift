import Foundation
import Testing
@testable import LaminaKit

/// The arithmetic behind the debug overlay and `lamina view --stats`.
@Suite struct FrameTimingLogTests {
    let hz60 = 1.0 / 60

    @Test func presentsOnEverySlotDropNothing() {
        // Each frame somewhere in its own slot (jitter within the slot does not matter).
        let times = (0..<120).map { Double($0) * hz60 + (Double($0 % 5) * 0.003) }
        #expect(FrameTimingLog.droppedFrames(presentationTimes: times, refreshInterval: hz60) == 0)
        // Slot boundaries computed as n / 60 land in slot n, not n − 1.
        #expect(FrameTimingLog.slot(of: 100 + 7.0 / 60, refreshInterval: hz60, origin: 100) == 7)
    }

    @Test func eachMissedSlotIsADroppedFrame() {
        let i = hz60
        // Slots 0, 1, 4 (2 and 3 missed), 5, 9 (6, 7, 8 missed).
        let times = [0.001, i + 0.001, 4 * i + 0.010, 5 * i + 0.002, 9 * i + 0.0001]
        #expect(FrameTimingLog.droppedFrames(presentationTimes: times, refreshInterval: i) == 5)
        #expect(FrameTimingLog.missedSlots(from: 0.001, to: 4 * i + 0.01, refreshInterval: i) == 3, "slots 1, 2 and 3")
        // Two presents in one slot drop nothing (and do not count negatively).
        #expect(FrameTimingLog.missedSlots(from: 0.001, to: 0.002, refreshInterval: i) == 0)
        #expect(FrameTimingLog.missedSlots(from: 0.5, to: 0.1, refreshInterval: i) == 0)
        // Nonsense intervals drop nothing.
        #expect(FrameTimingLog.missedSlots(from: 0, to: 1, refreshInterval: 0) == 0)
        #expect(FrameTimingLog.missedSlots(from: 0, to: .nan, refreshInterval: i) == 0)
    }

    @Test func framesSlowerThanTheRefreshDriftIntoDrops() {
        // A frame every 20 ms for a second: 51 presents over slots 0…60, so 10 slots missed,
        // though no single gap reaches 1.5 refresh intervals.
        let times = (0...50).map { Double($0) * 0.020 }
        #expect(FrameTimingLog.droppedFrames(presentationTimes: times, refreshInterval: hz60) == 10)
    }

    @Test func medianPercentileAndSummary() {
        #expect(FrameTimingLog.median([]) == 0)
        #expect(FrameTimingLog.median([3, 1, 2]) == 2)
        #expect(FrameTimingLog.median([4, 1, 3, 2]) == 2.5)
        #expect(FrameTimingLog.median([1, .nan, 3]) == 2)
        let hundred = (1...100).map(Double.init)
        #expect(FrameTimingLog.percentile(95, of: hundred) == 95)
        #expect(FrameTimingLog.percentile(95, of: [5]) == 5)
        #expect(FrameTimingLog.percentile(100, of: hundred) == 100)
        #expect(FrameTimingLog.percentile(95, of: []) == 0)

        var log = FrameTimingLog()
        log.append(.init(presentedAt: 1.000, duration: 0.004, damageRectCount: 1, damageFraction: 0.10))
        log.append(.init(presentedAt: 1.017, duration: 0.006, damageRectCount: 2, damageFraction: 0.30))
        log.append(.init(presentedAt: 1.070, duration: 0.020, droppedBefore: 2, damageRectCount: 1, damageFraction: 0.20))
        let s = log.summary
        #expect(s.presentedFrameCount == 3)
        #expect(s.droppedFrameCount == 2)
        #expect(abs(s.medianMilliseconds - 6) < 1e-9)
        #expect(abs(s.p95Milliseconds - 20) < 1e-9)
        #expect(abs(s.maxMilliseconds - 20) < 1e-9)
        #expect(abs(s.meanDamagePercent - 20) < 1e-9)
        #expect(s.line(refreshRate: 60) == "frames 3 · dropped 2 at 60.0 Hz · frame time median 6.0 ms, p95 20.0 ms, max 20.0 ms · damage 20.0 % (mean)")
        #expect(log.recent(seconds: 0.06, endingAt: 1.07).count == 2)
    }

    @Test func theLogForgetsOldFramesButNotTheirCount() {
        var log = FrameTimingLog()
        log.capacity = 10
        for k in 0..<25 { log.append(.init(presentedAt: Double(k), duration: 0.001, droppedBefore: 1)) }
        #expect(log.frames.count <= 10)
        #expect(log.summary.presentedFrameCount == 25)
        #expect(log.summary.droppedFrameCount == 25)
    }

    /// The host's own count: presentation times on its refresh grid, only while animating.
    @Test func theHostCountsSlotsMissedWhileAnimating() throws {
        let f = try HostFixture()
        f.host.atCurrentTime {
            CATransaction.setAnimationDuration(2)
            f.child.opacity = 0
        }
        f.host.runFrames(3)
        #expect(f.host.statistics.droppedFrameCount == 0)
        f.clock.advance(by: 3.5 * f.host.refreshInterval)
        f.host.runTurn()
        // From slot k to the middle of slot k + 3: slots k + 1 and k + 2 were missed.
        #expect(f.host.statistics.droppedFrameCount == 2)
        #expect(f.host.frameLog.droppedFrameCount == 2)
        #expect(f.host.frameLog.frames.last?.droppedBefore == 2)
        // Idle gaps are not drops.
        f.host.runFrames(200)
        let dropped = f.host.statistics.droppedFrameCount
        f.clock.advance(by: 1)
        f.host.runTurn()
        f.host.atCurrentTime { f.child.opacity = 1 }
        f.host.runFrames(3)
        #expect(f.host.statistics.droppedFrameCount == dropped)
    }
}
