import Foundation
import QuartzCore

/// Recognises taps: `numberOfTapsRequired` presses of `numberOfTouchesRequired` fingers
/// (Lamina's UITapGestureRecognizer; seed 001's unfold is a two-finger tap). Discrete.
///
/// A tap is: all its fingers down (they may land at slightly different times, before the
/// first lifts), no finger moving more than `allowableMovement` points from where it went
/// down, then all lifted within `maximumTapDuration` seconds of the first touch-down. The next
/// tap must go down within `maximumIntervalBetweenTaps` seconds of the previous lift. It fails
/// on more fingers than required, too few at lift-off, too much movement or too much time.
public final class TapGestureRecognizer: GestureRecognizer {
    /// A recognizer calling `handler` with itself (so its own properties are at hand) at each
    /// state change that reports: its recognition (ended).
    override public init(handler: ((TapGestureRecognizer) -> Void)? = nil) {
        super.init(handler: handler.map { action in { if let r = $0 as? TapGestureRecognizer { action(r) } } })
    }

    /// Taps in the sequence (2 for a double tap). Values below 1 count as 1.
    public var numberOfTapsRequired = 1
    /// Fingers each tap needs, all down together. Values below 1 count as 1.
    public var numberOfTouchesRequired = 1
    /// Points a finger may move from its touch-down and still tap.
    public var allowableMovement: CGFloat = 10
    /// Seconds from the first finger down to the last finger up of one tap.
    public var maximumTapDuration: CFTimeInterval = 0.75
    /// Seconds from one tap's lift-off to the next tap's touch-down.
    public var maximumIntervalBetweenTaps: CFTimeInterval = 0.35

    private var tapsCompleted = 0
    private var fingersThisTap = 0
    private var tapStart: CFTimeInterval?
    private var lastTapEnd: CFTimeInterval?

    override var needsTimeUpdates: Bool { tapsCompleted > 0 && state == .possible && !isRecognitionPending }

    override func touchesBegan(_ touches: [Touch], at time: CFTimeInterval) {
        // A recognition waiting for another recognizer to fail is decided: ignore new taps.
        guard state == .possible, !isRecognitionPending else { return }
        if let end = lastTapEnd, fingersThisTap == 0, time - end > maximumIntervalBetweenTaps {
            transition(to: .failed)
            return
        }
        if tapStart == nil || fingersThisTap == 0 { tapStart = time; fingersThisTap = 0 }
        fingersThisTap = max(fingersThisTap, trackedTouches.count)
        if trackedTouches.count > max(1, numberOfTouchesRequired) { transition(to: .failed) }
    }

    override func touchesMoved(_ touches: [Touch], at time: CFTimeInterval) {
        guard state == .possible, !isRecognitionPending else { return }
        for t in touches where t.locationInWindow.distance(to: t.startLocationInWindow) > allowableMovement {
            transition(to: .failed)
            return
        }
    }

    override func touchesEnded(_ touches: [Touch], at time: CFTimeInterval) {
        guard state == .possible, !isRecognitionPending, trackedTouches.isEmpty else { return }
        let start = tapStart ?? time
        guard fingersThisTap == max(1, numberOfTouchesRequired), time - start <= maximumTapDuration else {
            transition(to: .failed)
            return
        }
        tapsCompleted += 1
        fingersThisTap = 0
        lastTapEnd = time
        if tapsCompleted >= max(1, numberOfTapsRequired) { transition(to: .recognized) }
    }

    override func update(at time: CFTimeInterval) {
        guard state == .possible, !isRecognitionPending else { return }
        if !trackedTouches.isEmpty, let start = tapStart, time - start > maximumTapDuration {
            transition(to: .failed)
        } else if trackedTouches.isEmpty, tapsCompleted > 0, let end = lastTapEnd,
                  time - end > maximumIntervalBetweenTaps {
            transition(to: .failed)
        }
    }

    override func reset() {
        super.reset()
        tapsCompleted = 0
        fingersThisTap = 0
        tapStart = nil
        lastTapEnd = nil
    }
}
