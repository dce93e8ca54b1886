import Foundation

/// Why a window could not be created or used. Every case reads as a sentence a user can act on.
package enum WindowError: Error, Equatable, CustomStringConvertible {
    /// The SDL2 shared library could not be loaded (`library` is the name passed to dlopen).
    case sdlNotFound(library: String, reason: String)
    /// The library loaded but lacks a function LaminaKit needs (an SDL older than 2.0.10).
    case sdlSymbolMissing(name: String)
    /// An SDL call failed; `message` is SDL_GetError()'s text (e.g. "No available video device"
    /// when there is no display).
    case sdlCallFailed(call: String, message: String)
    /// No display server to show a window on (DISPLAY / WAYLAND_DISPLAY unset or unreachable).
    case noDisplay(detail: String)
    /// A window size that is not finite and positive, or is too large for a frame surface.
    case invalidSize(width: Double, height: Double, scale: Double)
    /// The window was closed; it cannot present or poll any more.
    case closed
    /// A frame's pixels could not be read or converted for upload (no data provider, too few
    /// bytes, no memory for the conversion).
    case frameUnreadable(width: Int, height: Int)

    package var description: String {
        switch self {
        case let .sdlNotFound(library, reason):
            return "SDL2 not found: apt-get install libsdl2-2.0-0 (dlopen(\"\(library)\") failed: \(reason))"
        case let .sdlSymbolMissing(name):
            return "SDL2 is too old: \(name) is missing (LaminaKit needs SDL 2.0.10 or later)"
        case let .sdlCallFailed(call, message):
            return "\(call) failed: \(message.isEmpty ? "no message from SDL" : message)"
        case let .noDisplay(detail):
            return "no display: \(detail); set DISPLAY (X11) or WAYLAND_DISPLAY, or render headless"
        case let .invalidSize(w, h, s):
            return "invalid window size \(w)x\(h) points at scale \(s): sizes must be finite and positive, and at most \(WindowSize.maxPixels) pixels a side"
        case .closed:
            return "the window is closed"
        case let .frameUnreadable(w, h):
            return "cannot read the pixels of a \(w)x\(h) frame to show it"
        }
    }
}

/// Validation shared by the backends: a window's size in points and its pixel scale.
package enum WindowSize {
    /// The largest drawable side in pixels a window may ask for (the frame surface's limit).
    package static let maxPixels = 16384

    /// The drawable size in pixels for `size` points at `scale`, or a clear error.
    package static func pixels(for size: CGSize, scale: CGFloat) throws -> (width: Int, height: Int) {
        let w = Double(size.width), h = Double(size.height), s = Double(scale)
        guard w.isFinite, h.isFinite, s.isFinite, w > 0, h > 0, s > 0 else {
            throw WindowError.invalidSize(width: w, height: h, scale: s)
        }
        let pw = (w * s).rounded(), ph = (h * s).rounded()
        guard pw >= 1, ph >= 1, pw <= Double(maxPixels), ph <= Double(maxPixels) else {
            throw WindowError.invalidSize(width: w, height: h, scale: s)
        }
        return (Int(pw), Int(ph))
    }
}
