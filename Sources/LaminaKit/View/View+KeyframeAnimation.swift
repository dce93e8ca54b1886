import Foundation
import QuartzCore

extension View {
    /// UIKit's `animateKeyframes(withDuration:delay:options:animations:completion:)`: inside
    /// `animations`, each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// moves the properties it changes from their value at its start to the new value over its
    /// share of `duration` (relative times 0…1). Changes made in `animations` outside any
    /// keyframe span the whole duration.
    ///
    /// Each changed property of a view's layer gets one `CAKeyframeAnimation` (its key path as
    /// the animation key): `values` are the value before the block, then each keyframe's value
    /// (held between keyframes), with `keyTimes` at each keyframe's start and end; the options'
    /// calculation mode (default linear) and curve (default ease-in-ease-out, over the whole
    /// animation, as UIKit applies it), `fillMode = .both`, and the model holds the last
    /// keyframe's value. Keyframes of one property that overlap are clipped so key times never
    /// decrease; relative times outside 0…1 or NaN are clamped (NaN: 0).
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: KeyframeAnimationOptions = [], animations: () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let recorder = KeyframeRecorder()
        // The option bits shared with AnimationOptions mean the same; the calculation mode
        // bits (10–12) are read from `options` by the recorder.
        let common = AnimationOptions(rawValue: options.rawValue & ~(7 << 10))
        ViewAnimation.run(duration: duration, delay: delay, options: common, kind: .keyframes(recorder),
                          animations: animations, completion: completion) { context in
            recorder.flushPending(start: 0, duration: 1)
            recorder.addAnimations(context: context, calculationMode: options.calculationMode)
        }
    }

    /// One keyframe of the enclosing `animateKeyframes` block: `animations` changes properties
    /// that reach their new values from `frameStartTime` to `frameStartTime +
    /// frameDuration`, both fractions of the block's duration. Outside a keyframe block it runs
    /// `animations` as part of whatever block encloses it (or without animation).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: () -> Void) {
        guard case .keyframes(let recorder)? = ViewAnimation.stack.contexts.last?.kind else {
            animations()
            return
        }
        recorder.flushPending(start: 0, duration: 1)
        animations()
        recorder.flushPending(start: frameStartTime, duration: frameDuration)
    }
}

/// The changes of one keyframe block, property by property, until it builds the animations.
final class KeyframeRecorder {
    struct Frame {
        var start: Double
        var end: Double
        var value: Any?
    }

    final class Track {
        let layer: CALayer
        let key: String
        let initial: Any?
        var frames: [Frame] = []
        init(layer: CALayer, key: String, initial: Any?) {
            self.layer = layer
            self.key = key
            self.initial = initial
        }
    }

    private(set) var tracks: [Track] = []
    /// Changes of the keyframe running now, whose new values are read when it ends.
    private var pending: [Track] = []

    /// A change is about to be stored: remember the property (and its value before the whole
    /// block, the first time).
    func noteChange(layer: CALayer, key: String, startValue: Any?) {
        let track: Track
        if let t = tracks.first(where: { $0.layer === layer && $0.key == key }) {
            track = t
        } else {
            track = Track(layer: layer, key: key, initial: startValue)
            tracks.append(track)
        }
        if !pending.contains(where: { $0 === track }) { pending.append(track) }
    }

    /// Reads the new values of the properties changed since the last flush, as a keyframe
    /// from `start` to `start + duration` (fractions of the block).
    func flushPending(start: Double, duration: Double) {
        let s = start.isNaN ? 0 : min(1, max(0, start))
        let d = duration.isNaN ? 0 : max(0, duration)
        for track in pending {
            let value = track.layer.value(forKey: track.key)
            track.frames.append(Frame(start: s, end: min(1, s + d), value: value))
        }
        pending.removeAll()
    }

    /// Adds one CAKeyframeAnimation per track to its layer.
    func addAnimations(context: ViewAnimation.Context, calculationMode: CAAnimationCalculationMode) {
        for track in tracks {
            var values: [Any] = [Self.box(track.initial)]
            var times: [Double] = [0]
            var last = track.initial
            for frame in track.frames.sorted(by: { $0.start < $1.start }) {
                let t0 = max(frame.start, times.last ?? 0)
                if t0 > (times.last ?? 0) {
                    values.append(Self.box(last))
                    times.append(t0)
                }
                values.append(Self.box(frame.value))
                times.append(max(frame.end, t0))
                last = frame.value
            }
            if (times.last ?? 0) < 1 {
                values.append(Self.box(last))
                times.append(1)
            }
            let animation = CAKeyframeAnimation(keyPath: track.key)
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = calculationMode
            ViewAnimation.configure(animation, for: track.layer, context: context)
            track.layer.add(animation, forKey: track.key)
        }
    }

    /// Keyframe values are non-optional: a nil property value (no colour) is NSNull.
    private static func box(_ value: Any?) -> Any { value ?? NSNull() }
}
