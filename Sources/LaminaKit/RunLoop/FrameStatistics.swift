import Foundation
import QuartzCore

/// Counters a window host keeps about its frames — what a debug overlay would show.
///
/// A frame counts as *dropped* when the host was producing frames continuously (an animation
/// was running in the previous rendered frame and in this one) and a refresh slot passed
/// without a present: each slot of the host's refresh grid between the slots in which two
/// consecutive frames were presented is one dropped frame (`FrameTimingLog.missedSlots`) —
/// except slots whose turn ran on time with nothing to draw (an animation holding a value, a
/// touch that changed nothing): the frame already shown was the right one for them.
package struct FrameStatistics: Sendable, Equatable {
    /// Turns run (each turn handles events, timers, display links and the commit).
    package var turnCount = 0
    /// Frames rendered and presented.
    package var renderedFrameCount = 0
    /// Refresh slots missed while animating (see above).
    package var droppedFrameCount = 0
    /// Turns in which nothing changed and nothing animated, so nothing was rendered.
    package var idleTurnCount = 0
    /// Input events taken from the window.
    package var eventCount = 0
    /// Render or present failures (the previous frame stays on screen).
    package var renderErrorCount = 0
    /// The last render or present error, as text.
    package var lastRenderError: String?
    /// Media time of the last rendered frame.
    package var lastFrameTime: CFTimeInterval?
    /// Seconds between the last two rendered frames (0 before the second).
    package var lastFrameInterval: CFTimeInterval = 0

    package init() {}

    /// One line for a log or an overlay: "frames 120 dropped 2 idle 30 events 14 · 16.7 ms".
    package var summary: String {
        let ms = (lastFrameInterval * 1000 * 10).rounded() / 10
        return "frames \(renderedFrameCount) dropped \(droppedFrameCount) idle \(idleTurnCount) events \(eventCount) · \(ms) ms"
    }
}
