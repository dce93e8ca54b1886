import Foundation
import QuartzCore

/// A text form of `ScriptedInput`, for the command line and for test fixtures: one command a
/// line, numbers in window points and seconds, `#` starts a comment.
///
///     frames 10                     # run 10 frames with no input
///     wait 0.5                      # run frames for 0.5 s
///     tap 100 120 [fingers]         # a tap (fingers 20 pt apart)
///     drag 10 10 150 10 [steps]     # one finger
///     pinch 100 100 150 72 [steps]  # centre, start and end finger distance
///     modifiers alt | ctrl | shift | cmd | none   (several may be listed)
///     mouse 150 100 125 100 [steps] # a mouse drag, with the modifiers set (alt: pinch)
///     wheel 1 1 -1                  # wheel steps, one a frame (with ctrl: pinch)
///     key 32                        # press and release a key (SDL keycode)
///     key f | key ? | key escape    # …or the key's character, or escape, space, f1
///
/// Every command runs at least one frame. A bad line stops the script with an error naming
/// the line and what is wrong; the commands before it have run.
package enum InputScript {
    package struct Error: Swift.Error, CustomStringConvertible, Equatable {
        package let line: Int
        package let message: String
        package var description: String { "input script line \(line): \(message)" }
    }

    /// Largest step or frame count one command may ask for (a typo must not run for hours).
    static let maxCount = 100_000

    /// Runs `script` on `input`, line by line.
    package static func run(_ script: String, on input: ScriptedInput) throws {
        for (index, rawLine) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let command = words.first?.lowercased() else { continue }
            try perform(command, Array(words.dropFirst()), line: index + 1, on: input)
        }
    }

    /// The SDL keycode of a key written as its character ("f", "?") or name (escape, space,
    /// f1); nil for numbers (keycodes) and anything else.
    static func keyCode(named word: String) -> Int32? {
        switch word.lowercased() {
        case "escape", "esc": return KeyCode.escape
        case "space": return KeyCode.space
        case "f1": return 0x4000_003A
        default:
            // SDL reports letters by their lowercase keycode, Shift or not.
            let lower = word.lowercased()
            guard word.count == 1, lower.unicodeScalars.count == 1, let scalar = lower.unicodeScalars.first,
                  !("0"..."9").contains(word) else { return nil }
            return Int32(scalar.value)
        }
    }

    private static func perform(_ command: String, _ args: [String], line: Int, on input: ScriptedInput) throws {
        func fail(_ message: String) -> Error { Error(line: line, message: message) }
        func numbers(_ min: Int, _ max: Int) throws -> [Double] {
            guard args.count >= min, args.count <= max else {
                throw fail("\(command) takes \(min == max ? "\(min)" : "\(min) to \(max)") numbers, got \(args.count)")
            }
            return try args.map { word in
                guard let v = Double(word), v.isFinite else { throw fail("\"\(word)\" is not a finite number") }
                return v
            }
        }
        func count(_ v: Double?, default d: Int) throws -> Int {
            guard let v else { return d }
            guard v >= 1, v <= Double(maxCount), v == v.rounded() else {
                throw fail("a count must be a whole number from 1 to \(maxCount), got \(v)")
            }
            return Int(v)
        }
        func point(_ n: [Double], _ i: Int) -> CGPoint { CGPoint(x: n[i], y: n[i + 1]) }

        switch command {
        case "frames":
            input.frames(try count(try numbers(1, 1)[0], default: 1))
        case "wait":
            let n = try numbers(1, 1)
            guard n[0] >= 0, n[0] <= 3600 else { throw fail("wait takes 0 to 3600 seconds, got \(n[0])") }
            input.wait(n[0])
        case "tap":
            let n = try numbers(2, 3)
            let fingers = try count(n.count > 2 ? n[2] : nil, default: 1)
            guard fingers <= 10 else { throw fail("a tap takes 1 to 10 fingers, got \(fingers)") }
            input.tap(at: point(n, 0), fingers: fingers)
        case "drag":
            let n = try numbers(4, 5)
            input.drag(from: point(n, 0), to: point(n, 2), steps: try count(n.count > 4 ? n[4] : nil, default: 10))
        case "pinch":
            let n = try numbers(4, 5)
            guard n[2] >= 0, n[3] >= 0 else { throw fail("finger distances cannot be negative") }
            input.pinch(centre: point(n, 0), from: CGFloat(n[2]), to: CGFloat(n[3]),
                        steps: try count(n.count > 4 ? n[4] : nil, default: 10))
        case "mouse":
            let n = try numbers(4, 5)
            input.pointerDrag(from: point(n, 0), to: point(n, 2), steps: try count(n.count > 4 ? n[4] : nil, default: 10))
        case "wheel":
            let n = try numbers(1, 1000)
            input.wheel(steps: n.map { CGFloat($0) })
        case "key":
            if args.count == 1, let code = keyCode(named: args[0]) {
                input.key(code)
                return
            }
            let n = try numbers(1, 1)
            guard let code = Int32(exactly: n[0]) else { throw fail("\(n[0]) is not a key code") }
            input.key(code)
        case "modifiers":
            var m: KeyModifiers = []
            for word in args {
                switch word.lowercased() {
                case "alt", "option": m.insert(.alt)
                case "ctrl", "control": m.insert(.control)
                case "shift": m.insert(.shift)
                case "cmd", "command", "gui": m.insert(.command)
                case "none": break
                default: throw fail("unknown modifier \"\(word)\" (alt, ctrl, shift, cmd, none)")
                }
            }
            input.modifiers = m
        default:
            throw fail("unknown command \"\(command)\"")
        }
    }
}
