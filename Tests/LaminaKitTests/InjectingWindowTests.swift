import Foundation
import QuartzCore
import Testing
@testable import LaminaKit

/// Scripted input into a window on a real clock (`lamina view --input` with a display): the
/// events reach the host beside the device's, and frames are paced in real time.
@Suite struct InjectingWindowTests {
    @Test func injectedEventsFollowTheDevicesAndTheScriptIsPacedInRealTime() throws {
        let device = try HeadlessWindow(size: CGSize(width: 100, height: 80))
        let window = InjectingWindow(device)
        let clock = SystemFrameClock()
        let host = WindowHost(window: window, renderer: FakeRenderer(), clock: clock, runLoop: nil)
        var keys: [Int32] = []
        host.eventObserver = { event in
            if case .key(let key) = event.kind, key.isDown { keys.append(key.keyCode) }
        }
        let input = ScriptedInput(host: host, injectingInto: window)
        #expect(ScriptedInput(host: host) == nil, "the headless-only initializer still refuses a real clock")
        device.post(InputEvent(.key(KeyEvent(isDown: true, keyCode: 1)), at: clock.now))
        let start = clock.now
        try InputScript.run("key f\nframes 3\nkey ?", on: input)
        let elapsed = clock.now - start
        #expect(keys == [1, Int32(UInt8(ascii: "f")), Int32(UInt8(ascii: "?"))])
        // Five turns (one a key, three frames, one a key) on a 60 Hz grid: at least four
        // intervals of real time passed.
        #expect(elapsed >= 4 * host.refreshInterval - 0.002, "\(elapsed)")
        window.close()
        #expect(!device.isOpen)
    }
}
