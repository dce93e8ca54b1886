import Foundation
import QuartzCore

/// Every frame a window host presented: when, how long it took and how much of the window it
/// changed — what the debug overlay and `lamina view --stats` report.
///
/// Times are the host clock's media time in seconds (`FrameClock.now`). A frame's *duration*
/// is its turn's work up to the present: from the turn's start (its `now`) to the moment the
/// window took the frame. Its *presentation time* is that moment; the refresh slot a frame
/// lands in is `floor((presentedAt − origin) · refreshRate)`, on the host's refresh grid.
///
/// A *dropped frame* is a refresh slot missed while the host was presenting continuously (an
/// animation ran in the previous frame and in this one): presents in slots k and k + 3 drop
/// the two slots between. Without vsync a present is not tied to a slot, so this counts the
/// slots the host failed to deliver a new frame for, which is what a viewer sees as a stutter.
package struct FrameTimingLog: Sendable {
    package struct Frame: Sendable, Equatable {
        /// When the window took the frame (seconds, host clock).
        package var presentedAt: CFTimeInterval
        /// Seconds from the turn's start to the present.
        package var duration: CFTimeInterval
        /// Refresh slots missed just before this frame (0 unless presenting continuously).
        package var droppedBefore: Int
        /// Number of rectangles the frame changed (its damage).
        package var damageRectCount: Int
        /// Fraction of the window's pixels the frame changed, 0…1.
        package var damageFraction: Double

        package init(presentedAt: CFTimeInterval, duration: CFTimeInterval, droppedBefore: Int = 0,
                     damageRectCount: Int = 0, damageFraction: Double = 0) {
            self.presentedAt = presentedAt; self.duration = duration; self.droppedBefore = droppedBefore
            self.damageRectCount = damageRectCount; self.damageFraction = damageFraction
        }
    }

    /// The frames, oldest first (at most `capacity`: the oldest are forgotten beyond it).
    package private(set) var frames: [Frame] = []
    /// Frames kept: an hour at 60 Hz.
    package var capacity = 216_000
    /// Frames forgotten for the capacity (their drops are still in `droppedFrameCount`).
    package private(set) var forgottenCount = 0
    /// Refresh slots missed over every frame logged.
    package private(set) var droppedFrameCount = 0

    package init() {}

    package mutating func append(_ frame: Frame) {
        if frames.count >= max(1, capacity) {
            let drop = max(1, frames.count / 2)
            frames.removeFirst(drop)
            forgottenCount += drop
        }
        frames.append(frame)
        droppedFrameCount += max(0, frame.droppedBefore)
    }

    /// Frames presented in the `seconds` up to `time` (after `time − seconds`).
    package func recent(seconds: CFTimeInterval, endingAt time: CFTimeInterval) -> ArraySlice<Frame> {
        let start = time - seconds
        var i = frames.endIndex
        while i > frames.startIndex, frames[i - 1].presentedAt > start { i -= 1 }
        return frames[i...]
    }

    /// Refresh slots missed between a present at `previous` and one at `next` (seconds),
    /// on the grid of `refreshInterval`-second slots starting at `origin`.
    package static func missedSlots(from previous: CFTimeInterval, to next: CFTimeInterval,
                                    refreshInterval: CFTimeInterval, origin: CFTimeInterval = 0) -> Int {
        guard refreshInterval.isFinite, refreshInterval > 0 else { return 0 }
        let a = slot(of: previous, refreshInterval: refreshInterval, origin: origin)
        let b = slot(of: next, refreshInterval: refreshInterval, origin: origin)
        return Int(max(0, b - a - 1))
    }

    /// The slot index of `time`: `floor((time − origin) / refreshInterval)`, with a tolerance
    /// of a microsecond of a slot for times computed as `origin + n · interval`.
    package static func slot(of time: CFTimeInterval, refreshInterval: CFTimeInterval, origin: CFTimeInterval = 0) -> Int64 {
        let i = ((time - origin) / refreshInterval + 1e-6).rounded(.down)
        return i.isFinite ? Int64(max(-1e15, min(1e15, i))) : 0
    }

    /// Dropped frames of a continuous run of presents at `times` (seconds, in order): the
    /// refresh slots missed between consecutive presents.
    package static func droppedFrames(presentationTimes times: [CFTimeInterval], refreshInterval: CFTimeInterval,
                                      origin: CFTimeInterval = 0) -> Int {
        zip(times, times.dropFirst()).reduce(0) {
            $0 + missedSlots(from: $1.0, to: $1.1, refreshInterval: refreshInterval, origin: origin)
        }
    }

    /// The median of `values` (the mean of the middle two for an even count); 0 when empty.
    package static func median(_ values: [Double]) -> Double {
        let s = values.filter { $0.isFinite }.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The nearest-rank `p`-th percentile (0 < p ≤ 100) of `values`: the smallest value with
    /// at least p % of the values at or below it; 0 when empty.
    package static func percentile(_ p: Double, of values: [Double]) -> Double {
        let s = values.filter { $0.isFinite }.sorted()
        guard !s.isEmpty, p.isFinite else { return 0 }
        let rank = Int((min(100, max(0, p)) / 100 * Double(s.count)).rounded(.up))
        return s[min(s.count - 1, max(0, rank - 1))]
    }

    /// What `lamina view --stats` prints.
    package struct Summary: Sendable, Equatable {
        package var presentedFrameCount: Int
        package var droppedFrameCount: Int
        /// Frame durations in milliseconds.
        package var medianMilliseconds: Double
        package var p95Milliseconds: Double
        package var maxMilliseconds: Double
        /// Mean over the frames of the percentage of the window each changed, 0…100.
        package var meanDamagePercent: Double

        /// "frames 600 · dropped 0 at 60 Hz · frame time median 4.1 ms, p95 6.0 ms, max 9.8 ms · damage 12.3 % (mean)".
        package func line(refreshRate: Double) -> String {
            func f(_ v: Double) -> String { String(format: "%.1f", v) }
            return "frames \(presentedFrameCount) · dropped \(droppedFrameCount) at \(f(refreshRate)) Hz · "
                + "frame time median \(f(medianMilliseconds)) ms, p95 \(f(p95Milliseconds)) ms, max \(f(maxMilliseconds)) ms · "
                + "damage \(f(meanDamagePercent)) % (mean)"
        }
    }

    /// The figures over the frames kept (the drop count over every frame logged).
    package var summary: Summary {
        let ms = frames.map { $0.duration * 1000 }
        let damage = frames.isEmpty ? 0 : frames.reduce(0) { $0 + $1.damageFraction } / Double(frames.count) * 100
        return Summary(presentedFrameCount: frames.count + forgottenCount, droppedFrameCount: droppedFrameCount,
                       medianMilliseconds: Self.median(ms), p95Milliseconds: Self.percentile(95, of: ms),
                       maxMilliseconds: ms.max() ?? 0, meanDamagePercent: damage)
    }
}
