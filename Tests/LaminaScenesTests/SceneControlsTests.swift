import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore
import Testing

/// Issue 23 point 1: everything a scene's script does, a person can do in its window — a key
/// per command, the `?` help overlay whose layer buttons run the same commands.
@Suite struct SceneControlsTests {
    /// The window's own keys (help, debug overlay, damage outlines) would fire with a scene
    /// command on the same key: no scene may use them, and no two commands share a key.
    @Test func noSceneCommandUsesTheWindowsOwnKeys() {
        for d in SceneCatalog.all + SceneCatalog.benchmarks {
            let keys = d.commands.map(\.key)
            for k in keys { #expect(!SceneCommand.reservedKeys.contains(k), "\(d.name): key \(k) is the window's") }
            #expect(Set(keys).count == keys.count, "\(d.name): two commands share a key")
        }
    }

    func open(_ name: String) throws -> (SceneWindow, ScriptedInput) {
        let descriptor = try #require(SceneCatalog.named(name))
        let window = try HeadlessWindow(size: descriptor.size)
        let shown = SceneWindow(descriptor, window: window, clock: ManualFrameClock(now: 1000), playsScript: false,
                                renderer: SceneWindowTests.BlankRenderer())
        return (shown, try #require(ScriptedInput(host: shown.host)))
    }

    static func key(_ c: Character) -> Int32 { Int32(c.unicodeScalars.first!.value) }

    /// Every command a script uses is declared with a key; keys are unique within a scene,
    /// are not the help's keys, and every declared command does something the scene knows.
    @Test(arguments: SceneCatalog.all.map(\.name))
    func everyScriptedCommandHasAUniqueKey(_ name: String) throws {
        let d = try #require(SceneCatalog.named(name))
        let declared = Set(d.commands.map(\.name))
        for step in d.make().script {
            if case .command(let command) = step.input { #expect(declared.contains(command), "\(name): \(command)") }
        }
        let keys = d.commands.map(\.keyCode)
        #expect(Set(keys).count == keys.count, "\(name): a key used twice")
        #expect(!keys.contains(SceneWindow.questionMark) && !keys.contains(SceneWindow.slash))
        #expect(d.commands.allSatisfy { $0.key.isLowercase || $0.key.isNumber })
    }

    @Test func aCommandKeyRunsTheCommand() throws {
        let (shown, input) = try open("transitions")
        let scene = try #require(shown.scene as? TransitionsScene)
        input.key(Self.key("p"))
        #expect(scene.pushFirst.isHidden && !scene.pushSecond.isHidden, "p pushes")
        input.wait(1.1)
        input.key(Self.key("p"))
        #expect(!scene.pushFirst.isHidden && scene.pushSecond.isHidden, "p again pushes back")
        input.key(Self.key("s"))
        #expect(scene.spinner.animation(forKey: "spin") != nil)
        input.key(Self.key("z"))
        #expect(scene.spinner.speed == 0)
        input.key(Self.key("x"))
        #expect(scene.spinner.speed == 1)
        input.modifiers = .control
        input.key(Self.key("b"))
        #expect(!scene.barsFirst.isHidden, "Ctrl-b is not a command key")
    }

    @Test func questionMarkOpensTheHelpAndItsButtonsRunCommands() throws {
        let (shown, input) = try open("transitions")
        let scene = try #require(shown.scene as? TransitionsScene)
        #expect(!shown.help.isShown)
        input.modifiers = .shift
        input.key(SceneWindow.slash)
        input.modifiers = []
        #expect(shown.help.isShown)
        let buttons = shown.help.buttonFrames
        #expect(Set(buttons.keys) == Set(shown.descriptor.commands.map(\.name)))
        let push = try #require(buttons["push"])
        input.tap(at: CGPoint(x: push.midX, y: push.midY))
        #expect(!shown.help.isShown, "a button closes the help")
        #expect(scene.pushFirst.isHidden, "and runs its command")
        input.key(SceneWindow.questionMark)
        #expect(shown.help.isShown)
        input.key(SceneWindow.f1)
        #expect(!shown.help.isShown)
    }

    /// A click on the help badge opens the help and never reaches the scene: no stroke drawn,
    /// no fold; a click on the open help outside its buttons closes it, again without folding.
    @Test func clicksOnTheHelpNeverReachTheScene() throws {
        let (shown, input) = try open("sketch-fold")
        let scene = try #require(shown.scene as? SketchFoldScene)
        let badge = shown.help.badge.frame
        input.tap(at: CGPoint(x: badge.midX, y: badge.midY))
        #expect(shown.help.isShown)
        input.tap(at: CGPoint(x: 30, y: 300))
        input.frames(2)
        #expect(!shown.help.isShown)
        #expect(!scene.isFolded)
        #expect(scene.canvas.incrementalImage == nil, "no stroke from the clicks")
        input.key(Self.key("f"))
        #expect(scene.isFolded, "f folds like a tap")
        input.key(Self.key("u"))
        #expect(!scene.isFolded)
    }

    @Test func aClickCurlsThePageAndResetPutsItBack() throws {
        let (shown, input) = try open("page-curl")
        let scene = try #require(shown.scene as? PageCurlScene)
        input.tap(at: CGPoint(x: 240, y: 160))
        #expect(scene.curlTube != nil && scene.oldView.isHidden)
        input.key(Self.key("r"))
        #expect(scene.curlTube == nil && !scene.oldView.isHidden)
        input.key(Self.key("c"))
        #expect(scene.curlTube != nil)
    }
}
