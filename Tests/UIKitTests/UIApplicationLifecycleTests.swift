import Foundation
import Testing
import UIKit

@Suite struct UIApplicationLifecycleTests {
    @Test func aRunningLaminaAppIsActive() {
        #expect(UIApplication.shared.applicationState == .active)
        #expect(UIApplication.State.background.rawValue == 2)
    }

    @Test func lifecycleNotificationNamesAreUIKitsAndObservable() {
        #expect(UIApplication.didBecomeActiveNotification.rawValue == "UIApplicationDidBecomeActiveNotification")
        #expect(UIApplication.willEnterForegroundNotification.rawValue == "UIApplicationWillEnterForegroundNotification")
        let names: Set<NSNotification.Name> = [
            UIApplication.didBecomeActiveNotification, UIApplication.willResignActiveNotification,
            UIApplication.didEnterBackgroundNotification, UIApplication.willEnterForegroundNotification,
            UIApplication.didFinishLaunchingNotification, UIApplication.willTerminateNotification,
            UIApplication.didReceiveMemoryWarningNotification,
        ]
        #expect(names.count == 7)
        // The closure form of observing (the portable spelling of addObserver(_:selector:…)).
        final class Count: @unchecked Sendable { var value = 0 }
        let received = Count()
        let token = NotificationCenter.default.addObserver(
            forName: UIApplication.willResignActiveNotification, object: nil, queue: nil) { _ in received.value += 1 }
        NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: nil)
        NotificationCenter.default.removeObserver(token)
        #expect(received.value == 1)
    }
}
