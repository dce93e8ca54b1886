import Foundation

// The application's life-cycle state and the notifications UIKit posts when it changes.
//
// A Lamina app has no background or suspended state (no springboard, no app switcher): while
// it runs it is in front, so `applicationState` is `.active`, and UIKit's life-cycle
// notifications are never posted. They are declared so that iOS code observing them (to pause
// animations in the background and resume them on return) compiles and simply never receives
// them.

extension UIApplication {
    /// Where the app is in its life cycle.
    public enum State: Int, Sendable {
        /// In front and receiving events.
        case active = 0
        /// In front but not receiving events (launching, interrupted).
        case inactive = 1
        /// Not visible.
        case background = 2
    }

    /// The app's life-cycle state: always `.active` on Lamina (see above).
    public var applicationState: State { .active }

    /// Posted when the app becomes active (never on Lamina).
    public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to stop being active (never on Lamina).
    public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the app enters the background (never on Lamina).
    public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to leave the background (never on Lamina).
    public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app has finished launching (never on Lamina).
    public static let didFinishLaunchingNotification = NSNotification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted when the app is about to terminate (never on Lamina).
    public static let willTerminateNotification = NSNotification.Name("UIApplicationWillTerminateNotification")
    /// Posted when the system asks the app to free memory (never on Lamina).
    public static let didReceiveMemoryWarningNotification = NSNotification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}
