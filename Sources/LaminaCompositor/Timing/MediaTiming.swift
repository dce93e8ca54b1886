import Foundation

/// What an animation does outside its active interval (CAMediaTimingFillMode; reference §7.3).
package enum FillMode: String, Sendable, Hashable {
    /// No effect outside the active interval: the model value shows.
    case removed
    /// Holds the end value after the active interval.
    case forwards
    /// Shows the start value before beginTime.
    case backwards
    /// Both of the above.
    case both

    @inlinable package var fillsForwards: Bool { self == .forwards || self == .both }
    @inlinable package var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// One node of Core Animation's hierarchical time system (CAMediaTiming; reference §7).
///
/// All times are seconds. `beginTime` is in the **parent** time space; `timeOffset` is in this
/// node's **active local** time space (added after the speed scaling, so speed does not affect it).
///
/// Two stages (reference §7.1.3):
/// 1. `activeLocalTime(fromParent:)`: t_active = (t_parent − beginTime)·speed + timeOffset. This is
///    all a *layer* uses (layers do not wrap or clamp; the pause/resume recipe depends on that).
/// 2. `sample(atParentTime:)`: the inferred model of §7.4 for *animations* — the active interval,
///    fill, repetition, autoreverse — giving the basic local time in [0, duration] or nil when
///    the animation has no effect at that instant (the model value shows).
package struct MediaTiming: Sendable, Hashable {
    /// Start in the parent's time space (seconds).
    package var beginTime: Double = 0
    /// Basic duration of one forward pass (seconds). ≤ 0 or non-finite means "use the default"
    /// (`defaultDuration` of the stage-2 functions; 0.25 s for animations).
    package var duration: Double = 0
    /// Rate relative to the parent. 0 freezes local time at `timeOffset` (pause).
    package var speed: Double = 1
    /// Offset in active local time (seconds).
    package var timeOffset: Double = 0
    /// Number of forward passes (or cycles with autoreverse); fractional allowed; `.infinity`
    /// repeats forever. ≤ 0 or NaN means one pass.
    package var repeatCount: Double = 0
    /// Total time to keep repeating (seconds); ≤ 0 or NaN means "use repeatCount".
    package var repeatDuration: Double = 0
    /// After each forward pass, play backwards; one cycle is then 2·duration.
    package var autoreverses: Bool = false
    package var fillMode: FillMode = .removed

    package init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                 repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                 fillMode: FillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    // MARK: Stage 1

    /// Stage 1: parent time → active local time, `(t − beginTime)·speed + timeOffset`.
    /// Documented formula (reference §7.2); NaN in, NaN out.
    @inlinable package func activeLocalTime(fromParent t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }

    /// Inverse of stage 1: active local time → parent time. nil when speed is 0 (every parent
    /// time maps to the same local time, so there is no inverse) or not finite.
    @inlinable package func parentTime(fromActiveLocal t: Double) -> Double? {
        guard speed != 0, speed.isFinite else { return nil }
        return (t - timeOffset) / speed + beginTime
    }

    // MARK: Stage 2

    /// The basic duration D actually used: `duration` if it is positive and finite-or-infinite,
    /// otherwise `defaultDuration` (itself replaced by 0.25 when not positive).
    @inlinable package func resolvedDuration(defaultDuration: Double = 0.25) -> Double {
        if duration > 0 { return duration }  // NaN fails the test and falls through
        return defaultDuration > 0 ? defaultDuration : 0.25
    }

    /// The parent time at which the active interval ends (beginTime + Dₐ/speed), when an
    /// animation without fill forwards stops having an effect and `isRemovedOnCompletion` removes
    /// it. nil when it never ends: infinite active duration, or speed ≤ 0 or NaN (with speed 0
    /// local time never advances; with negative speed it runs backwards, away from the end).
    package func activeEndParentTime(defaultDuration: Double = 0.25) -> Double? {
        let active = activeDuration(defaultDuration: defaultDuration)
        guard speed > 0, active.isFinite else { return nil }
        return beginTime + active / speed
    }

    /// One cycle: D, or 2·D with autoreverse.
    @inlinable package func cycleDuration(defaultDuration: Double = 0.25) -> Double {
        resolvedDuration(defaultDuration: defaultDuration) * (autoreverses ? 2 : 1)
    }

    /// Active duration Dₐ: repeatDuration if > 0, else max(repeatCount, 1 if ≤ 0)·cycle.
    /// Infinite for repeatCount = .infinity.
    package func activeDuration(defaultDuration: Double = 0.25) -> Double {
        let cycle = cycleDuration(defaultDuration: defaultDuration)
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycle }
        return cycle
    }

    /// Where an instant falls relative to the active interval.
    package enum Phase: Sendable, Hashable {
        case before, active, after
    }

    /// The result of stage 2 at one parent instant.
    package struct Sample: Sendable, Hashable {
        /// Basic local time in [0, D] (seconds): the time within the current forward pass,
        /// already mirrored in the backward half of an autoreversing cycle.
        package var localTime: Double
        /// The resolved basic duration D (seconds); `localTime / duration` is the input fraction
        /// of the timing function.
        package var duration: Double
        /// Zero-based index of the cycle `localTime` belongs to (for `isCumulative`).
        package var iteration: Double
        /// `.active`, or `.before` / `.after` when the value comes from fill.
        package var phase: Phase

        @inlinable
        package init(localTime: Double, duration: Double, iteration: Double, phase: Phase) {
            self.localTime = localTime
            self.duration = duration
            self.iteration = iteration
            self.phase = phase
        }

        /// Input fraction x = localTime / duration in [0, 1].
        @inlinable package var fraction: Double {
            duration.isInfinite ? 0 : min(max(localTime / duration, 0), 1)
        }
    }

    /// Stage 2 (reference §7.4, inferred model, reproduces §11.5): the basic local time at parent
    /// time `t`, or nil when the node has no effect (outside the active interval without the
    /// matching fill, or NaN time).
    ///
    /// Activity is decided from `a = (t − beginTime)·speed` *without* timeOffset; the phase within
    /// the cycle uses `a + timeOffset` (wrapping). The active interval is [0, Dₐ): at exactly Dₐ the
    /// node is already finished and shows only with fill forwards.
    ///
    /// `endInclusive` closes the interval at its end: exactly at Dₐ (relative tolerance 1e-9) the
    /// node shows its end value whatever its fill. Groups pass it to their children while the
    /// group itself is held at its end by fill forwards, so a child that ends together with its
    /// group keeps its end value — as apps that set fill only on the group expect (INF).
    package func sample(atParentTime t: Double, defaultDuration: Double = 0.25, endInclusive: Bool = false) -> Sample? {
        sample(atParentTime: t, durations: durations(defaultDuration: defaultDuration), endInclusive: endInclusive)
    }

    /// The durations stage 2 derives from the timing alone, for callers that sample the same
    /// node every frame (`sample(atParentTime:durations:endInclusive:)`).
    package struct Durations: Sendable, Hashable {
        /// The resolved basic duration D.
        package var basic: Double
        /// One cycle: D, or 2·D with autoreverse.
        package var cycle: Double
        /// The active duration Dₐ.
        package var active: Double
    }

    /// `resolvedDuration`, `cycleDuration` and `activeDuration` for `defaultDuration`.
    package func durations(defaultDuration: Double = 0.25) -> Durations {
        let d = resolvedDuration(defaultDuration: defaultDuration)
        return Durations(basic: d, cycle: d * (autoreverses ? 2 : 1), active: activeDuration(defaultDuration: defaultDuration))
    }

    /// `sample(atParentTime:defaultDuration:endInclusive:)` with the durations computed once
    /// (`durations(defaultDuration:)` of this timing; the same arithmetic, so the same result).
    @inlinable
    package func sample(atParentTime t: Double, durations: Durations, endInclusive: Bool = false) -> Sample? {
        let d = durations.basic
        let cycle = durations.cycle
        let active = durations.active
        var a = (t - beginTime) * speed
        guard !a.isNaN else { return nil }
        var phase = Phase.active
        if a < 0 {
            guard fillMode.fillsBackwards else { return nil }
            a = 0
            phase = .before
        }
        if a >= active {
            let atEnd = endInclusive && a <= active * (1 + 1e-9)
            guard fillMode.fillsForwards || atEnd, active.isFinite else { return nil }
            a = active
            phase = .after
        }
        var u: Double
        var iteration: Double
        if cycle.isInfinite {
            u = a + timeOffset
            iteration = 0
        } else if phase == .after && timeOffset == 0 {
            // The end of the last (possibly partial) cycle, not the start of the next one. The
            // cycle count comes from repeatCount directly where possible, and near-integral
            // quotients snap (relative 1e-9): 3 × 0.1 s would otherwise leave 4e-16 of a fourth
            // cycle and show the start value instead of the end value.
            var k = repeatDuration > 0 ? active / cycle : (repeatCount > 0 ? repeatCount : 1)
            let nearest = k.rounded()
            if abs(k - nearest) <= 1e-9 * max(1, nearest) { k = nearest }
            let whole = k.rounded(.down)
            if k == whole {
                u = cycle
                iteration = max(whole - 1, 0)
            } else {
                u = (k - whole) * cycle
                iteration = whole
            }
        } else {
            let p = a + timeOffset
            iteration = (p / cycle).rounded(.down)
            u = p - iteration * cycle
            if u < 0 { u += cycle; iteration -= 1 }
            if u >= cycle { u -= cycle; iteration += 1 }
        }
        if autoreverses && u > d { u = 2 * d - u }
        guard u.isFinite else { return nil }
        return Sample(localTime: min(max(u, 0), d), duration: d, iteration: max(iteration, 0), phase: phase)
    }

    /// Convenience for `sample(atParentTime:)?.localTime`.
    package func basicLocalTime(atParentTime t: Double, defaultDuration: Double = 0.25) -> Double? {
        sample(atParentTime: t, defaultDuration: defaultDuration)?.localTime
    }

    // MARK: Pause / resume (Apple QA1673, reference §7.6)

    /// Pause: `speed = 0`, `timeOffset = p`, where p is this node's local time at the moment of the
    /// pause (`layer.convertTime(CACurrentMediaTime(), from: nil)`). Local time then stays p.
    package mutating func pause(atLocalTime p: Double) {
        speed = 0
        timeOffset = p
    }

    /// Pause at parent time `t` for a node whose parent is the given time space: p = stage 1 at t.
    package mutating func pause(atParentTime t: Double) {
        pause(atLocalTime: activeLocalTime(fromParent: t))
    }

    /// Resume per QA1673: `p = timeOffset; speed = 1; timeOffset = 0; beginTime = 0;
    /// beginTime = (local time now) − p`. With speed 1, offset 0 and begin 0 the node's local time
    /// equals its parent time, so "local time now" is `parentTime`. Local time continues from p.
    package mutating func resume(atParentTime parentTime: Double) {
        let p = timeOffset
        speed = 1
        timeOffset = 0
        beginTime = 0
        beginTime = activeLocalTime(fromParent: parentTime) - p
    }
}
