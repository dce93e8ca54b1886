import Foundation
import QuartzCore

/// Keyboard modifier keys held during an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt, Option on Apple keyboards: held while dragging it emulates a two-finger pinch.
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// The Windows / Command ("GUI") key.
    public static let command = KeyModifiers(rawValue: 1 << 3)
}

/// A mouse or pen button.
package enum PointerButton: Int, Hashable, Sendable {
    case primary = 1, middle = 2, secondary = 3, other = 4
}

/// Where a touch is in its life (Apple's UITouch.Phase, minus the ones we never report).
public enum TouchPhase: Hashable, Sendable {
    case began, moved, stationary, ended, cancelled
}

/// One key press or release. `keyCode` is SDL's keycode (the key's Unicode character for
/// printable keys, `KeyCode` constants for the rest), so scripted tests and SDL agree.
public struct KeyEvent: Hashable, Sendable {
    public var isDown: Bool
    public var keyCode: Int32
    public var isRepeat: Bool

    public init(isDown: Bool, keyCode: Int32, isRepeat: Bool = false) {
        self.isDown = isDown
        self.keyCode = keyCode
        self.isRepeat = isRepeat
    }
}

/// SDL keycodes LaminaKit looks at (SDL_keycode.h: scancode | 1 << 30 for non-characters).
public enum KeyCode {
    public static let escape: Int32 = 27
    public static let space: Int32 = 32
    public static let leftControl: Int32 = 0x4000_00E0
    public static let leftShift: Int32 = 0x4000_00E1
    public static let leftAlt: Int32 = 0x4000_00E2
    public static let leftGUI: Int32 = 0x4000_00E3
    public static let rightControl: Int32 = 0x4000_00E4
    public static let rightShift: Int32 = 0x4000_00E5
    public static let rightAlt: Int32 = 0x4000_00E6
    public static let rightGUI: Int32 = 0x4000_00E7
}

/// One event as a window backend reports it, before any routing.
///
/// Coordinates are window points: origin at the top-left of the window's content, y down (the
/// root view's bounds space when its bounds origin is zero). `timestamp` is media time in
/// seconds (the `FrameClock`'s timebase), `modifiers` the keys held when it happened.
package struct InputEvent: Sendable {
    package enum Kind: Sendable {
        /// The pointer moved (with or without buttons held).
        case pointerMoved(location: CGPoint)
        case pointerDown(location: CGPoint, button: PointerButton)
        case pointerUp(location: CGPoint, button: PointerButton)
        /// Scroll wheel / trackpad scroll in wheel steps (positive y: away from the user),
        /// at the pointer's location when known.
        case wheel(delta: CGVector, location: CGPoint?)
        /// A finger of a touch device; `id` is unique among the fingers down at once.
        case touch(id: Int64, phase: TouchPhase, location: CGPoint)
        case key(KeyEvent)
        /// The window's content changed size (points).
        case resized(size: CGSize)
        /// The user asked to close the window (close button, window manager, SDL_QUIT).
        case closeRequested
    }

    package var kind: Kind
    package var timestamp: CFTimeInterval
    package var modifiers: KeyModifiers

    package init(_ kind: Kind, at timestamp: CFTimeInterval, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.timestamp = timestamp
        self.modifiers = modifiers
    }
}
