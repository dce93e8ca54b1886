import Foundation
import QuartzCore

/// A window that takes synthetic events next to (or instead of) a device's: what
/// `ScriptedInput` posts into. `HeadlessWindow` queues them; `InjectingWindow` adds them to a
/// real window's own events, so a script can drive an SDL window a person watches.
package protocol InputInjecting: AnyObject {
    /// Queues `event` for the window's next `pollEvents`, after the events already queued.
    func post(_ event: InputEvent)
}

extension HeadlessWindow: InputInjecting {}

/// Any window backend plus a queue of injected events: `pollEvents` returns the wrapped
/// window's events first, then the injected ones (stamped by whoever posted them, in the
/// host clock's timebase). Everything else is the wrapped window's.
package final class InjectingWindow: WindowBackend, InputInjecting {
    package let wrapped: WindowBackend
    private var queue: [InputEvent] = []

    package init(_ wrapped: WindowBackend) {
        self.wrapped = wrapped
    }

    package func post(_ event: InputEvent) { queue.append(event) }

    package var title: String {
        get { wrapped.title }
        set { wrapped.title = newValue }
    }
    package var pointSize: CGSize { wrapped.pointSize }
    package var pixelSize: (width: Int, height: Int) { wrapped.pixelSize }
    package var refreshRate: Double { wrapped.refreshRate }
    package var isOpen: Bool { wrapped.isOpen }

    package func pollEvents(now: CFTimeInterval, limit: Int) -> [InputEvent] {
        var events = wrapped.pollEvents(now: now, limit: limit)
        let room = max(0, limit - events.count)
        guard isOpen, room > 0, !queue.isEmpty else { return events }
        let taken = min(room, queue.count)
        events.append(contentsOf: queue[0..<taken])
        queue.removeFirst(taken)
        return events
    }

    package func present(_ image: CGImage) throws { try wrapped.present(image) }
    package func present(_ frame: WindowFrame) throws { try wrapped.present(frame) }

    package func close() {
        queue.removeAll()
        wrapped.close()
    }
}
