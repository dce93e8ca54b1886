import Testing
@testable import LaminaCompositor

/// Reference §11.5 values are exact decimals; 1e-9 absorbs binary rounding.
private let eps = 1e-9

private func close(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return abs(x - y) < eps
    default: return false
    }
}

@Suite struct TimingModelTests {
    struct Row: Sendable, CustomStringConvertible {
        var timing: MediaTiming
        var t: Double
        var expected: Double?
        var description: String { "\(timing) at \(t)" }
    }

    static func m(begin: Double = 0, duration: Double = 1, speed: Double = 1, offset: Double = 0,
                  repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                  fill: FillMode = .removed) -> MediaTiming {
        MediaTiming(beginTime: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: repeatCount,
                    repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill)
    }

    /// Every row of reference §11.5 (and of the vectors_output.txt cases it summarises).
    static let rows: [Row] = [
        Row(timing: m(), t: 0.5, expected: 0.5),
        Row(timing: m(), t: 1.5, expected: nil),
        Row(timing: m(fill: .forwards), t: 1.5, expected: 1.0),
        Row(timing: m(), t: 1.0, expected: nil),
        Row(timing: m(fill: .forwards), t: 1.0, expected: 1.0),
        Row(timing: m(speed: 2), t: 0.4, expected: 0.8),
        Row(timing: m(speed: 2), t: 0.6, expected: nil),
        Row(timing: m(speed: 2, fill: .forwards), t: 0.6, expected: 1.0),
        Row(timing: m(offset: 0.5), t: 0.25, expected: 0.75),
        Row(timing: m(offset: 0.5), t: 0.75, expected: 0.25),
        Row(timing: m(offset: 0.5), t: 0.99, expected: 0.49),
        Row(timing: m(repeatCount: 3.5), t: 2.5, expected: 0.5),
        Row(timing: m(repeatCount: 3.5), t: 3.6, expected: nil),
        Row(timing: m(repeatCount: 3.5, fill: .forwards), t: 3.6, expected: 0.5),
        Row(timing: m(repeatDuration: 2.25), t: 2.5, expected: nil),
        Row(timing: m(repeatDuration: 2.25, fill: .forwards), t: 3.0, expected: 0.25),
        Row(timing: m(autoreverses: true), t: 1.25, expected: 0.75),
        Row(timing: m(autoreverses: true), t: 1.75, expected: 0.25),
        Row(timing: m(repeatCount: 0.5, autoreverses: true), t: 1.25, expected: nil),
        Row(timing: m(repeatCount: 0.5, autoreverses: true, fill: .forwards), t: 1.25, expected: 1.0),
        Row(timing: m(autoreverses: true, fill: .forwards), t: 2.5, expected: 0.0),
        Row(timing: m(begin: 0.5), t: 0.2, expected: nil),
        Row(timing: m(begin: 0.5, fill: .backwards), t: 0.2, expected: 0.0),
        Row(timing: m(begin: 0.5), t: 0.7, expected: 0.2),
        Row(timing: m(duration: 0), t: 0.2, expected: 0.2),
        Row(timing: m(duration: 0), t: 0.3, expected: nil),
    ]

    @Test(arguments: rows) func referenceRow(_ row: Row) {
        #expect(close(row.timing.basicLocalTime(atParentTime: row.t), row.expected))
    }

    @Test func stageOneFormula() {
        let n = Self.m(begin: 2, speed: 3, offset: 0.5)
        #expect(close(n.activeLocalTime(fromParent: 4), 6.5))
        #expect(close(n.parentTime(fromActiveLocal: 6.5), 4))
        #expect(Self.m(speed: 0).parentTime(fromActiveLocal: 1) == nil)
    }

    @Test func pauseAndResumeFollowQA1673() {
        // Root layer: its parent time is absolute time.
        var layer = MediaTiming()
        #expect(layer.activeLocalTime(fromParent: 10) == 10)
        layer.pause(atParentTime: 10)
        #expect(layer.speed == 0 && layer.timeOffset == 10)
        #expect(layer.activeLocalTime(fromParent: 12) == 10)
        layer.resume(atParentTime: 13)
        #expect(layer.beginTime == 3 && layer.speed == 1 && layer.timeOffset == 0)
        #expect(close(layer.activeLocalTime(fromParent: 13), 10))
        #expect(close(layer.activeLocalTime(fromParent: 14.5), 11.5))
    }

    @Test func pausedLayerFreezesItsAnimations() {
        // An animation begun at layer time 9 with duration 4, layer paused at absolute 10.
        let animation = MediaTiming(beginTime: 9, duration: 4)
        var layer = MediaTiming()
        layer.pause(atParentTime: 10)
        let chain = TimingChain([layer])
        #expect(close(animation.basicLocalTime(atParentTime: chain.toLocal(10)), 1))
        #expect(close(animation.basicLocalTime(atParentTime: chain.toLocal(100)), 1))
        layer.resume(atParentTime: 20)
        let resumed = TimingChain([layer])
        #expect(close(animation.basicLocalTime(atParentTime: resumed.toLocal(21.5)), 2.5))
    }

    @Test func speedMultipliesDownTheHierarchy() {
        let animation = MediaTiming(duration: 10)
        let one = TimingChain([MediaTiming(speed: 2)])
        let two = TimingChain([MediaTiming(speed: 2), MediaTiming(speed: 2)])
        // 10 s animation: 5 s under one speed-2 layer, 2.5 s under two.
        #expect(animation.basicLocalTime(atParentTime: one.toLocal(4.99)) != nil)
        #expect(animation.basicLocalTime(atParentTime: one.toLocal(5)) == nil)
        #expect(close(animation.basicLocalTime(atParentTime: two.toLocal(2.4)), 9.6))
        #expect(animation.basicLocalTime(atParentTime: two.toLocal(2.5)) == nil)
        #expect(close(two.effectiveSpeed, 4))
        #expect(close(animation.activeEndParentTime().flatMap { two.fromLocal($0) }, 2.5))
    }

    @Test func convertTimeBetweenChains() {
        let a = TimingChain([MediaTiming(beginTime: 1, speed: 2)])
        let b = TimingChain([MediaTiming(beginTime: 1, speed: 2), MediaTiming(beginTime: 0, speed: 0.5, timeOffset: 3)])
        // absolute 3 → a: 4 → b: 5
        #expect(close(TimingChain.convert(3, from: nil, to: a), 4))
        #expect(close(TimingChain.convert(4, from: a, to: b), 5))
        #expect(close(TimingChain.convert(5, from: b, to: a), 4))
        #expect(close(TimingChain.convert(5, from: b, to: nil), 3))
        // Inverse round trip.
        for t in [-2.0, 0, 0.3, 7] { #expect(close(b.fromLocal(b.toLocal(t)), t)) }
        // A paused node cannot be inverted: documented nil.
        let paused = TimingChain([MediaTiming(speed: 0, timeOffset: 4)])
        #expect(paused.toLocal(123) == 4)
        #expect(paused.fromLocal(4) == nil)
        #expect(TimingChain.convert(4, from: paused, to: a) == nil)
        #expect(close(TimingChain.convert(4, from: a, to: paused), 4))
    }

    @Test func sampleReportsIterationAndPhase() {
        let r = Self.m(repeatCount: 3, fill: .both)
        #expect(r.sample(atParentTime: 2.25)?.iteration == 2)
        #expect(r.sample(atParentTime: 2.25)?.phase == .active)
        #expect(r.sample(atParentTime: 5)?.phase == .after)
        #expect(r.sample(atParentTime: 5)?.iteration == 2)
        #expect(close(r.sample(atParentTime: 5)?.localTime, 1))
        #expect(r.sample(atParentTime: -1)?.phase == .before)
        #expect(r.sample(atParentTime: -1)?.localTime == 0)
    }

    @Test func repeatCountOneAndAHalfWithAutoreverseEndsAtEndValue() {
        // Reference §7.3.1: integral counts end on the start value, +0.5 on the end value.
        let timing = Self.m(repeatCount: 1.5, autoreverses: true, fill: .forwards)
        #expect(close(timing.basicLocalTime(atParentTime: 3), 1))
        #expect(close(timing.basicLocalTime(atParentTime: 100), 1))
        #expect(close(Self.m(repeatCount: 1, autoreverses: true, fill: .forwards).basicLocalTime(atParentTime: 5), 0))
        #expect(close(timing.basicLocalTime(atParentTime: 2.5), 0.5))
    }

    @Test func filledEndIsRobustToRounding() {
        // 3 × 0.1 s and 0.3 s / 0.1 s are not exact in binary; the end must still be the end.
        #expect(close(Self.m(duration: 0.1, repeatCount: 3, fill: .forwards).basicLocalTime(atParentTime: 1), 0.1))
        #expect(close(Self.m(duration: 0.1, repeatDuration: 0.3, fill: .forwards).basicLocalTime(atParentTime: 1), 0.1))
        #expect(close(Self.m(duration: 0.1, repeatCount: 3, autoreverses: true, fill: .forwards)
            .basicLocalTime(atParentTime: 1), 0))
    }

    @Test func badInputHasDocumentedResults() {
        let d = MediaTiming(duration: 1)
        #expect(d.sample(atParentTime: .nan) == nil)
        #expect(Self.m(fill: .both).sample(atParentTime: .nan) == nil)
        // Negative or NaN duration → the default 0.25 s.
        #expect(MediaTiming(duration: -3).resolvedDuration() == 0.25)
        #expect(MediaTiming(duration: .nan).resolvedDuration() == 0.25)
        #expect(MediaTiming(duration: -3).resolvedDuration(defaultDuration: 2) == 2)
        #expect(MediaTiming(duration: 0).resolvedDuration(defaultDuration: -1) == 0.25)
        // Negative / NaN repeat counts mean a single pass.
        #expect(Self.m(repeatCount: -4).activeDuration() == 1)
        #expect(Self.m(repeatCount: .nan).activeDuration() == 1)
        #expect(Self.m(repeatDuration: -2).activeDuration() == 1)
        // Speed 0: local time frozen at timeOffset, forever active (never reaches its end).
        let frozen = Self.m(speed: 0, offset: 0.3)
        for t in [-100.0, 0, 5, 1e9] { #expect(close(frozen.basicLocalTime(atParentTime: t), 0.3)) }
        #expect(frozen.activeEndParentTime() == nil)
        // Infinite repeat: never ends, keeps wrapping.
        let forever = Self.m(repeatCount: .infinity, fill: .forwards)
        #expect(close(forever.basicLocalTime(atParentTime: 1e6 + 0.25), 0.25))
        #expect(forever.activeEndParentTime() == nil)
        // Infinite duration: plays forever without wrapping.
        #expect(close(Self.m(duration: .infinity).basicLocalTime(atParentTime: 42), 42))
        // Infinite time with fill forwards on a finite animation: the end.
        #expect(close(Self.m(fill: .forwards).basicLocalTime(atParentTime: .infinity), 1))
        // Negative speed: time runs backwards, so after beginTime the node is "before" its start.
        #expect(Self.m(speed: -1).basicLocalTime(atParentTime: 0.5) == nil)
        #expect(close(Self.m(speed: -1, fill: .backwards).basicLocalTime(atParentTime: 0.5), 0))
    }
}
