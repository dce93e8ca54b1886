import Foundation
import QuartzCore

/// Reads SDL2's `SDL_Event` union from its raw bytes, so no SDL header is needed.
///
/// SDL_Event is a 56-byte union (SDL_events.h, 2.26: `Uint8 padding[56]` sizes it on LP64).
/// Every member starts with `Uint32 type` @0 and `Uint32 timestamp` @4 (SDL_GetTicks()
/// milliseconds). The members LaminaKit reads, with byte offsets (natural C alignment):
///
/// - SDL_WindowEvent (type 0x200): windowID u32 @8, event u8 @12, padding @13..15,
///   data1 i32 @16, data2 i32 @20. Events: SIZE_CHANGED = 6 (data1 × data2 = new size in
///   window coordinates, i.e. points), CLOSE = 14.
/// - SDL_KeyboardEvent (KEYDOWN 0x300, KEYUP 0x301): windowID @8, state u8 @12, repeat u8 @13,
///   padding @14..15, keysym @16 = { scancode i32 @16, sym i32 @20, mod u16 @24, unused u32 @28 }.
/// - SDL_MouseMotionEvent (0x400): windowID @8, which u32 @12, state u32 @16 (button mask),
///   x i32 @20, y i32 @24, xrel @28, yrel @32.
/// - SDL_MouseButtonEvent (DOWN 0x401, UP 0x402): windowID @8, which @12, button u8 @16,
///   state u8 @17, clicks u8 @18, padding @19, x i32 @20, y i32 @24.
/// - SDL_MouseWheelEvent (0x403): windowID @8, which @12, x i32 @16, y i32 @20,
///   direction u32 @24 (1 = flipped), preciseX f32 @28, preciseY f32 @32 (2.0.18+),
///   mouseX i32 @36, mouseY i32 @40 (2.26+; zero from older libraries).
/// - SDL_TouchFingerEvent (DOWN 0x700, UP 0x701, MOTION 0x702): touchId i64 @8,
///   fingerId i64 @16, x f32 @24, y f32 @28 (normalised 0…1 over the window), dx @32, dy @36,
///   pressure @40, windowID u32 @44.
/// - SDL_QUIT (0x100): no fields.
///
/// Mouse events that SDL synthesises from touches carry `which == SDL_TOUCH_MOUSEID`
/// (0xFFFFFFFF) and are dropped, so a finger is not reported twice.
///
/// Modifiers: the keysym's `mod` (KMOD_SHIFT 0x0003, KMOD_CTRL 0x00C0, KMOD_ALT 0x0300,
/// KMOD_GUI 0x0C00) is remembered from the last key event and stamped on every event.
package struct SDLEventDecoder {
    package static let eventSize = 56

    package enum EventType {
        static let quit: UInt32 = 0x100
        static let window: UInt32 = 0x200
        static let keyDown: UInt32 = 0x300
        static let keyUp: UInt32 = 0x301
        static let mouseMotion: UInt32 = 0x400
        static let mouseButtonDown: UInt32 = 0x401
        static let mouseButtonUp: UInt32 = 0x402
        static let mouseWheel: UInt32 = 0x403
        static let fingerDown: UInt32 = 0x700
        static let fingerUp: UInt32 = 0x701
        static let fingerMotion: UInt32 = 0x702
    }

    static let windowEventSizeChanged: UInt8 = 6
    static let windowEventClose: UInt8 = 14
    static let touchMouseID: UInt32 = 0xFFFF_FFFF

    /// Modifier keys held, from the last keyboard event.
    package private(set) var modifiers: KeyModifiers = []

    package init() {}

    /// Decodes one event. `raw` points at ≥ 56 readable bytes; `pointSize` is the window's
    /// content size (to turn normalised finger positions into points); `time` maps SDL's
    /// millisecond timestamp to media time. Events LaminaKit does not use give nil.
    package mutating func decode(_ raw: UnsafeRawPointer, pointSize: CGSize,
                                 time: (UInt32) -> CFTimeInterval) -> InputEvent? {
        func u8(_ o: Int) -> UInt8 { raw.load(fromByteOffset: o, as: UInt8.self) }
        func u16(_ o: Int) -> UInt16 { raw.loadUnaligned(fromByteOffset: o, as: UInt16.self) }
        func u32(_ o: Int) -> UInt32 { raw.loadUnaligned(fromByteOffset: o, as: UInt32.self) }
        func i32(_ o: Int) -> Int32 { raw.loadUnaligned(fromByteOffset: o, as: Int32.self) }
        func i64(_ o: Int) -> Int64 { raw.loadUnaligned(fromByteOffset: o, as: Int64.self) }
        func f32(_ o: Int) -> Float { raw.loadUnaligned(fromByteOffset: o, as: Float.self) }
        func point(_ x: Int32, _ y: Int32) -> CGPoint { CGPoint(x: CGFloat(x), y: CGFloat(y)) }

        let type = u32(0)
        let t = time(u32(4))
        func event(_ kind: InputEvent.Kind) -> InputEvent { InputEvent(kind, at: t, modifiers: modifiers) }

        switch type {
        case EventType.quit:
            return event(.closeRequested)
        case EventType.window:
            switch u8(12) {
            case Self.windowEventSizeChanged:
                return event(.resized(size: CGSize(width: CGFloat(i32(16)), height: CGFloat(i32(20)))))
            case Self.windowEventClose:
                return event(.closeRequested)
            default:
                return nil
            }
        case EventType.keyDown, EventType.keyUp:
            modifiers = Self.modifiers(fromSDL: u16(24))
            return event(.key(KeyEvent(isDown: type == EventType.keyDown, keyCode: i32(20), isRepeat: u8(13) != 0)))
        case EventType.mouseMotion:
            guard u32(12) != Self.touchMouseID else { return nil }
            return event(.pointerMoved(location: point(i32(20), i32(24))))
        case EventType.mouseButtonDown, EventType.mouseButtonUp:
            guard u32(12) != Self.touchMouseID else { return nil }
            let button = PointerButton(rawValue: Int(u8(16))) ?? .other
            let p = point(i32(20), i32(24))
            return event(type == EventType.mouseButtonDown ? .pointerDown(location: p, button: button)
                                                           : .pointerUp(location: p, button: button))
        case EventType.mouseWheel:
            guard u32(12) != Self.touchMouseID else { return nil }
            var dx = Double(f32(28)), dy = Double(f32(32))
            if (dx == 0 && dy == 0) || !dx.isFinite || !dy.isFinite { dx = Double(i32(16)); dy = Double(i32(20)) }
            if u32(24) == 1 { dx = -dx; dy = -dy }
            let mx = i32(36), my = i32(40)
            let location: CGPoint? = (mx == 0 && my == 0) ? nil : point(mx, my)
            return event(.wheel(delta: CGVector(dx: dx, dy: dy), location: location))
        case EventType.fingerDown, EventType.fingerUp, EventType.fingerMotion:
            let phase: TouchPhase = type == EventType.fingerDown ? .began : type == EventType.fingerUp ? .ended : .moved
            let nx = Double(f32(24)), ny = Double(f32(28))
            guard nx.isFinite, ny.isFinite else { return nil }
            let p = CGPoint(x: CGFloat(nx) * pointSize.width, y: CGFloat(ny) * pointSize.height)
            // Finger ids are unique per device; mix the device in so two devices never collide.
            let id = i64(16) &+ i64(8) &* 1_000_003
            return event(.touch(id: id, phase: phase, location: p))
        default:
            return nil
        }
    }

    /// KMOD_* bits to `KeyModifiers`.
    package static func modifiers(fromSDL mod: UInt16) -> KeyModifiers {
        var m: KeyModifiers = []
        if mod & 0x0003 != 0 { m.insert(.shift) }
        if mod & 0x00C0 != 0 { m.insert(.control) }
        if mod & 0x0300 != 0 { m.insert(.alt) }
        if mod & 0x0C00 != 0 { m.insert(.command) }
        return m
    }
}
