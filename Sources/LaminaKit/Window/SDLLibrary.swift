import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SDL2's C functions that LaminaKit calls, found with dlopen/dlsym at run time so that
/// building and testing need no SDL headers or library (DESIGN §2: LaminaKit is the only
/// module that opens a window).
///
/// Signatures follow SDL2's headers (SDL.h, SDL_video.h, SDL_render.h, SDL_events.h,
/// SDL_timer.h of 2.26, Debian 12). Opaque SDL pointers (SDL_Window*, SDL_Renderer*,
/// SDL_Texture*) are raw pointers; SDL's `int` is Int32, `Uint32` UInt32, `Uint64` UInt64.
/// Every function LaminaKit needs must be present, or loading fails with the missing name.
package final class SDLLibrary {
    typealias InitFn = @convention(c) (UInt32) -> Int32
    typealias GetErrorFn = @convention(c) () -> UnsafePointer<CChar>?
    typealias CreateWindowFn = @convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32, UInt32) -> OpaquePointer?
    typealias CreateRendererFn = @convention(c) (OpaquePointer?, Int32, UInt32) -> OpaquePointer?
    typealias CreateTextureFn = @convention(c) (OpaquePointer?, UInt32, Int32, Int32, Int32) -> OpaquePointer?
    typealias SetTextureBlendModeFn = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias UpdateTextureFn = @convention(c) (OpaquePointer?, UnsafeRawPointer?, UnsafeRawPointer?, Int32) -> Int32
    typealias RenderClearFn = @convention(c) (OpaquePointer?) -> Int32
    typealias RenderCopyFn = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, UnsafeRawPointer?) -> Int32
    typealias RenderPresentFn = @convention(c) (OpaquePointer?) -> Void
    typealias PollEventFn = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias GetSizeFn = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void
    typealias GetOutputSizeFn = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    typealias SetTitleFn = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void
    typealias DestroyFn = @convention(c) (OpaquePointer?) -> Void
    typealias QuitFn = @convention(c) () -> Void
    typealias GetTicksFn = @convention(c) () -> UInt32
    typealias GetDisplayModeFn = @convention(c) (Int32, UnsafeMutableRawPointer?) -> Int32
    typealias DriverNameFn = @convention(c) () -> UnsafePointer<CChar>?
    typealias ReadPixelsFn = @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt32, UnsafeMutableRawPointer?, Int32) -> Int32
    typealias GetWindowSurfaceFn = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    typealias UpdateWindowSurfaceRectsFn = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32

    /// The soname Debian's libsdl2-2.0-0 package installs.
    package static let defaultName = "libSDL2-2.0.so.0"

    let initialize: InitFn
    let getError: GetErrorFn
    let createWindow: CreateWindowFn
    let createRenderer: CreateRendererFn
    let createTexture: CreateTextureFn
    let setTextureBlendMode: SetTextureBlendModeFn
    let updateTexture: UpdateTextureFn
    let renderClear: RenderClearFn
    let renderCopy: RenderCopyFn
    let renderPresent: RenderPresentFn
    let pollEvent: PollEventFn
    let getWindowSize: GetSizeFn
    let getRendererOutputSize: GetOutputSizeFn
    let setWindowTitle: SetTitleFn
    let destroyTexture: DestroyFn
    let destroyRenderer: DestroyFn
    let destroyWindow: DestroyFn
    let quit: QuitFn
    let getTicks: GetTicksFn
    let getCurrentDisplayMode: GetDisplayModeFn
    let getCurrentVideoDriver: DriverNameFn
    /// SDL_RenderReadPixels, optional (only the read-back check uses it).
    let renderReadPixels: ReadPixelsFn?
    /// SDL_GetWindowSurface and SDL_UpdateWindowSurfaceRects (the window's framebuffer),
    /// optional: without them windows present through a renderer.
    let getWindowSurface: GetWindowSurfaceFn?
    let updateWindowSurfaceRects: UpdateWindowSurfaceRectsFn?

    private let handle: UnsafeMutableRawPointer

    /// Loads `name` (a soname or a path). Throws `WindowError.sdlNotFound` when dlopen fails —
    /// whose message tells the user which package to install — and `.sdlSymbolMissing` when a
    /// function is absent.
    package init(name: String = SDLLibrary.defaultName) throws {
        guard let h = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw WindowError.sdlNotFound(library: name, reason: reason)
        }
        handle = h
        do {
            func sym<F>(_ symbol: String, _: F.Type) throws -> F {
                guard let p = dlsym(h, symbol) else { throw WindowError.sdlSymbolMissing(name: symbol) }
                return unsafeBitCast(p, to: F.self)
            }
            initialize = try sym("SDL_Init", InitFn.self)
            getError = try sym("SDL_GetError", GetErrorFn.self)
            createWindow = try sym("SDL_CreateWindow", CreateWindowFn.self)
            createRenderer = try sym("SDL_CreateRenderer", CreateRendererFn.self)
            createTexture = try sym("SDL_CreateTexture", CreateTextureFn.self)
            setTextureBlendMode = try sym("SDL_SetTextureBlendMode", SetTextureBlendModeFn.self)
            updateTexture = try sym("SDL_UpdateTexture", UpdateTextureFn.self)
            renderClear = try sym("SDL_RenderClear", RenderClearFn.self)
            renderCopy = try sym("SDL_RenderCopy", RenderCopyFn.self)
            renderPresent = try sym("SDL_RenderPresent", RenderPresentFn.self)
            pollEvent = try sym("SDL_PollEvent", PollEventFn.self)
            getWindowSize = try sym("SDL_GetWindowSize", GetSizeFn.self)
            getRendererOutputSize = try sym("SDL_GetRendererOutputSize", GetOutputSizeFn.self)
            setWindowTitle = try sym("SDL_SetWindowTitle", SetTitleFn.self)
            destroyTexture = try sym("SDL_DestroyTexture", DestroyFn.self)
            destroyRenderer = try sym("SDL_DestroyRenderer", DestroyFn.self)
            destroyWindow = try sym("SDL_DestroyWindow", DestroyFn.self)
            quit = try sym("SDL_Quit", QuitFn.self)
            getTicks = try sym("SDL_GetTicks", GetTicksFn.self)
            getCurrentDisplayMode = try sym("SDL_GetCurrentDisplayMode", GetDisplayModeFn.self)
            getCurrentVideoDriver = try sym("SDL_GetCurrentVideoDriver", DriverNameFn.self)
            renderReadPixels = try? sym("SDL_RenderReadPixels", ReadPixelsFn.self)
            getWindowSurface = try? sym("SDL_GetWindowSurface", GetWindowSurfaceFn.self)
            updateWindowSurfaceRects = try? sym("SDL_UpdateWindowSurfaceRects", UpdateWindowSurfaceRectsFn.self)
        } catch {
            dlclose(h)
            throw error
        }
    }

    deinit { dlclose(handle) }

    /// SDL_GetError()'s current message.
    package var lastError: String {
        getError().map { String(cString: $0) } ?? ""
    }

    /// The video driver SDL_Init chose ("x11", "wayland", "KMSDRM", "offscreen"…), or nil.
    package var videoDriver: String? {
        getCurrentVideoDriver().map { String(cString: $0) }
    }

    /// The refresh rate of display 0 in Hz, or nil when SDL does not know it.
    ///
    /// SDL_DisplayMode (SDL_video.h): Uint32 format @0, int w @4, int h @8, int refresh_rate
    /// @12, void *driverdata @16 — 24 bytes on LP64.
    package func displayRefreshRate() -> Double? {
        let mode = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
        defer { mode.deallocate() }
        mode.initializeMemory(as: UInt8.self, repeating: 0, count: 24)
        guard getCurrentDisplayMode(0, mode) == 0 else { return nil }
        let hz = mode.load(fromByteOffset: 12, as: Int32.self)
        return hz > 0 ? Double(hz) : nil
    }
}

/// SDL2 constants used by LaminaKit (values from SDL 2.26's headers).
package enum SDLConstant {
    /// SDL_INIT_VIDEO (SDL.h); implies SDL_INIT_EVENTS.
    static let initVideo: UInt32 = 0x0000_0020
    /// SDL_WINDOWPOS_UNDEFINED (SDL_video.h).
    static let windowPosUndefined: Int32 = 0x1FFF_0000
    /// SDL_WindowFlags: SHOWN, RESIZABLE, ALLOW_HIGHDPI.
    static let windowShown: UInt32 = 0x0000_0004
    static let windowResizable: UInt32 = 0x0000_0020
    static let windowAllowHighDPI: UInt32 = 0x0000_2000
    /// SDL_PIXELFORMAT_ABGR8888 (SDL_pixels.h): a packed 32-bit 0xAABBGGRR, i.e. the bytes R, G,
    /// B, A in memory on little-endian machines — Lamina's surface layout, so frames upload
    /// without conversion (SDL_PIXELFORMAT_RGBA32 is this alias on little-endian).
    static let pixelFormatABGR8888: UInt32 = 0x1676_2004
    /// SDL_PIXELFORMAT_XBGR8888 (bytes R, G, B, X), and the formats with red and blue the
    /// other way round, SDL_PIXELFORMAT_XRGB8888 (alias RGB888) and ARGB8888 (bytes B, G, R, X
    /// or A): what an X11 window's framebuffer usually is.
    static let pixelFormatXBGR8888: UInt32 = 0x1656_1804
    static let pixelFormatXRGB8888: UInt32 = 0x1616_1804
    static let pixelFormatARGB8888: UInt32 = 0x1636_2004
    /// SDL_TEXTUREACCESS_STREAMING (SDL_render.h).
    static let textureAccessStreaming: Int32 = 1
    /// SDL_BLENDMODE_NONE (SDL_blendmode.h): frames are copied, not blended.
    static let blendModeNone: Int32 = 0
}
