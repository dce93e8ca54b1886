import Foundation
import QuartzCore

/// Opens the best window the machine offers: an SDL2 window when SDL loads and a display is
/// there, otherwise — if allowed — a headless one, after saying why on standard error (e.g.
/// "SDL2 not found: apt-get install libsdl2-2.0-0 …" or "SDL_Init(SDL_INIT_VIDEO) failed: No
/// available video device"), so a demo still runs and can write its frames as PNG.
package enum WindowFactory {
    /// What was opened and, when it is not what was asked for, why.
    package struct Result {
        package let window: WindowBackend
        /// The SDL error that made it fall back to a headless window (nil for an SDL window).
        package let fallbackReason: WindowError?
    }

    /// `headless: true` skips SDL. `fallBackToHeadless: false` rethrows SDL's error instead.
    /// Invalid sizes always throw.
    package static func open(title: String, size: CGSize, headless: Bool = false,
                             fallBackToHeadless: Bool = true,
                             sdlLibrary: String = SDLLibrary.defaultName) throws -> Result {
        _ = try WindowSize.pixels(for: size, scale: 1)
        if headless {
            return Result(window: try HeadlessWindow(title: title, size: size), fallbackReason: nil)
        }
        do {
            return Result(window: try SDLWindow(title: title, size: size, libraryName: sdlLibrary), fallbackReason: nil)
        } catch let error as WindowError {
            guard fallBackToHeadless else { throw error }
            FileHandle.standardError.write(Data("LaminaKit: \(error.description); rendering headless instead\n".utf8))
            return Result(window: try HeadlessWindow(title: title, size: size), fallbackReason: error)
        }
    }
}
