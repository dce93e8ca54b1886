import QuartzCore

// Scenes (DESIGN.md: "Scenes are tests and demos at once"). A scene builds a layer tree and
// reacts to a small vocabulary of input; a script is a timed list of such inputs. The same
// scene feeds golden tests, the CLI's renderer, benchmarks and the interactive window, so
// nothing here reads a clock or opens a window: time arrives as an argument.

/// What a user can do to a scene, in the scene's coordinate space (points, origin top-left,
/// y down). The window host turns recognised gestures into these; scripts list them by time.
package enum SceneInput: Sendable, Equatable {
    /// A single pointer (finger, pen, mouse) went down, moved, or went up.
    case pointerDown(CGPoint)
    case pointerMoved(CGPoint)
    case pointerUp(CGPoint)
    /// A recognised tap with the given number of touches (seed 001: one finger folds, two unfold).
    case tap(CGPoint, touches: Int)
    /// A pinch gesture's state and cumulative scale (1 at the start; seed 000's foldWithPinch).
    case pinch(PinchPhase, scale: CGFloat)
    /// A named action a scene offers (a button in the demo, a key in the window).
    case command(String)

    package enum PinchPhase: String, Sendable, Equatable { case began, changed, ended, cancelled }
}

/// One scripted input at a media time, in seconds from the start of the scene.
package struct ScriptStep: Sendable, Equatable {
    package var time: Double
    package var input: SceneInput

    package init(_ time: Double, _ input: SceneInput) {
        self.time = time
        self.input = input
    }
}

/// A running scene: its layer tree and how it answers input.
///
/// `handle` runs at the media time of the input (the runner sets the clock) and may change
/// layers, open transactions and add animations exactly as app code on iOS would; the
/// runner commits the implicit transaction afterwards, as a run-loop turn does.
package protocol SceneModel: AnyObject {
    /// The root layer, sized to the scene's size in points.
    var root: CALayer { get }
    /// The scripted interaction that demonstrates the scene, sorted by time.
    var script: [ScriptStep] { get }
    func handle(_ input: SceneInput)
}

/// A named scene the CLI, tests and window can create.
package struct SceneDescriptor: Sendable {
    /// The name used on the command line, e.g. `sketch-fold`.
    package var name: String
    /// One line saying what the scene shows and which seed it comes from.
    package var summary: String
    /// Size of the root layer in points.
    package var size: CGSize
    /// How long the script takes, in seconds, including the animations it starts.
    package var duration: Double
    /// Times (seconds) worth a still picture: used for golden tests and `lamina render`.
    package var keyTimes: [Double]
    /// The commands the scene answers (`.command(name)`), with their keys, in help order.
    package var commands: [SceneCommand]
    /// What pointer input does in the scene, for the help.
    package var gestures: [SceneGesture]
    package var make: @Sendable () -> any SceneModel

    package init(name: String, summary: String, size: CGSize, duration: Double, keyTimes: [Double],
                 commands: [SceneCommand] = [], gestures: [SceneGesture] = [],
                 make: @escaping @Sendable () -> any SceneModel) {
        self.name = name
        self.summary = summary
        self.size = size
        self.duration = duration
        self.keyTimes = keyTimes
        self.commands = commands
        self.gestures = gestures
        self.make = make
    }
}
