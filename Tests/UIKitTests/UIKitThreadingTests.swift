import Foundation
import Testing
@testable import LaminaKit
@testable import UIKit

/// UIKit's process-wide objects are used by hosts on several threads at once (tests run many;
/// an app may render offscreen on another thread). Their state used to be plain dictionaries
/// and arrays mutated from each thread — the parallel test run corrupted the heap
/// ("malloc(): smallbin double linked list corrupted"). Now the application's window list and
/// the recognizer table are locked and the touch registry is per thread.
@Suite struct UIKitThreadingTests {
    @Test func windowsShownFromManyThreadsAtOnce() {
        let shown = LockedWindows()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let root = View(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            for _ in 0..<50 {
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                UIApplication.shared.show(window, in: root)
                shown.add(window)
                _ = UIApplication.shared.windows.count
                _ = window.isKeyWindow
            }
        }
        // No append was lost to a race: every window shown (and still kept) is listed once.
        // One snapshot of the list: other tests running in parallel show and drop windows too,
        // so two reads of `windows` may differ without anything being wrong.
        let windows = UIApplication.shared.windows
        let listed = Set(windows.map(ObjectIdentifier.init))
        #expect(shown.all.allSatisfy { listed.contains(ObjectIdentifier($0)) })
        #expect(windows.count == listed.count, "a window is listed twice")
    }

    @Test func recognizersMadeOnManyThreadsFindTheirWrappers() {
        let found = LockedCount()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<2_000 {
                let tap = UITapGestureRecognizer { _ in }
                let pan = UIPanGestureRecognizer { _ in }
                if UIGestureRecognizer.wrapper(of: tap.base) === tap, UIGestureRecognizer.wrapper(of: pan.base) === pan {
                    found.add()
                }
            }
        }
        #expect(found.value == 16_000)
    }
}

private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

private final class LockedWindows: @unchecked Sendable {
    private let lock = NSLock()
    private var windows: [UIWindow] = []
    func add(_ w: UIWindow) { lock.withLock { windows.append(w) } }
    var all: [UIWindow] { lock.withLock { windows } }
}
