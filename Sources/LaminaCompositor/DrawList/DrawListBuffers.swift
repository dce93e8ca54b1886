// The command arrays of draw lists a frame stream is done with, kept with their capacity so
// the next frame's list is built into a grown buffer instead of growing a new one from empty
// (a few reallocations and copies a frame for a scene of hundreds of layers).
import Foundation

/// Spare draw-list command buffers of one compositor. Thread-safe (one lock).
package final class DrawListBuffers: @unchecked Sendable {
    /// Most spare buffers kept: a frame stream gives back one a frame; threads preparing
    /// frames at once take one each.
    static let maxSpare = 4
    private var spare: [[DrawCommand]] = []
    private let lock = NSLock()

    package init() {}

    /// An empty command array, with the capacity of a list given back when there is one.
    func take() -> [DrawCommand] { lock.withLock { spare.popLast() } ?? [] }

    /// Keeps `list`'s command buffer for a later frame. The caller must hold no other copy of
    /// the list's commands, or emptying them copies instead of reusing the buffer.
    package func giveBack(_ list: consuming DrawList) {
        var commands = list.commands
        list.commands = []
        guard commands.capacity > 0 else { return }
        commands.removeAll(keepingCapacity: true)
        lock.withLock { if spare.count < Self.maxSpare { spare.append(commands) } }
    }

    /// Spare buffers held now (for tests).
    package var spareCount: Int { lock.withLock { spare.count } }
}
