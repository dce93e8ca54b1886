import Foundation
import QuartzCore

/// A timer synchronised with the window's refresh, Lamina's CADisplayLink.
///
/// Added to a `WindowHost`, it is called once per display frame (or once every k frames when
/// `preferredFramesPerSecond` asks for a lower rate: k = the display rate divided by the
/// preferred rate, rounded, at least 1) during the host's turn, before the implicit transaction
/// is committed, so changes made in the callback show in the frame being prepared.
///
/// Times are media time in seconds: `timestamp` is the display frame the callback runs for
/// (on the host's refresh grid), `targetTimestamp` the frame the result will be shown at
/// (`timestamp + k · duration`), `duration` the display's refresh interval. The host keeps
/// the link until `invalidate()`; the target of the target-action form is held weakly, and a
/// link whose target is gone invalidates itself.
public final class DisplayLink {
    private var handler: ((DisplayLink) -> Void)?
    /// Media time (seconds) of the display frame this callback runs for.
    public private(set) var timestamp: CFTimeInterval = 0
    /// Media time (seconds) at which the frame being prepared will be shown: time animations
    /// by it.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The display's refresh interval in seconds.
    public private(set) var duration: CFTimeInterval = 0
    /// Desired callbacks per second; 0 (the default) means the display's rate. Negative or
    /// non-finite values count as 0.
    public var preferredFramesPerSecond: Int = 0
    /// A paused link is not called (and does not catch up when resumed).
    public var isPaused = false
    /// False once `invalidate()` ran (or the target of the target-action form is gone).
    public private(set) var isValid = true
    /// Display frame index of the last call (nil before the first).
    private var lastFrameIndex: Int64?
    weak var host: WindowHost?

    /// A link that calls `handler` each frame.
    public init(handler: @escaping (DisplayLink) -> Void) {
        self.handler = handler
    }

    /// Target-action: `DisplayLink(target: self, action: Scene.step)` calls `self.step(link)`.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (DisplayLink) -> Void) {
        self.init(handler: { [weak target] link in
            guard let t = target else { link.invalidate(); return }
            action(t)(link)
        })
    }

    /// Starts calling the link from the host's next turn.
    package func add(to host: WindowHost) {
        guard isValid else { return }
        host.addDisplayLink(self)
    }

    /// Stops the link for good and removes it from its host.
    public func invalidate() {
        isValid = false
        handler = nil
        host?.removeDisplayLink(self)
        host = nil
    }

    /// Frames of the display per callback at `refreshRate` Hz.
    func frameStride(refreshRate: Double) -> Int64 {
        guard preferredFramesPerSecond > 0, refreshRate.isFinite, refreshRate > 0 else { return 1 }
        let k = (refreshRate / Double(preferredFramesPerSecond)).rounded()
        return Int64(max(1, min(k, 1_000_000)))
    }

    /// Called by the host for display frame `index` at `frameTime`; runs the handler when the
    /// link is due. Returns whether it ran.
    @discardableResult
    func fire(frameIndex index: Int64, frameTime: CFTimeInterval, interval: CFTimeInterval, refreshRate: Double) -> Bool {
        guard isValid, !isPaused else { return false }
        let stride = frameStride(refreshRate: refreshRate)
        if let last = lastFrameIndex, index - last < stride { return false }
        lastFrameIndex = index
        timestamp = frameTime
        duration = interval
        targetTimestamp = frameTime + Double(stride) * interval
        handler?(self)
        return true
    }
}
