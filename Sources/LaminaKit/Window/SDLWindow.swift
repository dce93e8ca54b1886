import Foundation
import QuartzCore

/// A desktop window through SDL2, loaded at run time (`SDLLibrary`).
///
/// Frames are uploaded into a streaming ABGR8888 texture (Lamina's premultiplied RGBA bytes,
/// no conversion) and copied to the renderer's whole output with blending off, so what shows
/// is the frame composited over black. HiDPI: the window is created with ALLOW_HIGHDPI; the
/// renderer's output size in pixels divided by the window size in points is the scale.
///
/// Failure is a thrown `WindowError` naming the cause: no SDL ("SDL2 not found: apt-get
/// install libsdl2-2.0-0"), no display (SDL_Init's "No available video device"), or a failed
/// window/renderer creation with SDL's message.
package final class SDLWindow: WindowBackend {
    private let sdl: SDLLibrary
    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)
    private var decoder = SDLEventDecoder()
    private let eventBuffer: UnsafeMutableRawPointer

    package private(set) var pointSize: CGSize
    package private(set) var pixelSize: (width: Int, height: Int)
    package let refreshRate: Double
    package private(set) var isOpen = true

    package var title: String {
        didSet { if isOpen { sdl.setWindowTitle(window, title) } }
    }

    /// Opens a resizable window of `size` points. `libraryName` is what dlopen loads (tests
    /// pass a bogus name to see the not-found error).
    package init(title: String = "Lamina", size: CGSize, libraryName: String = SDLLibrary.defaultName) throws {
        _ = try WindowSize.pixels(for: size, scale: 1)
        let sdl = try SDLLibrary(name: libraryName)
        guard sdl.initialize(SDLConstant.initVideo) == 0 else {
            throw WindowError.sdlCallFailed(call: "SDL_Init(SDL_INIT_VIDEO)", message: sdl.lastError)
        }
        // With no display server SDL 2.26 falls back to its "offscreen" driver, whose windows
        // show nowhere: unless that driver was asked for, that is "no display".
        if let driver = sdl.videoDriver, driver == "offscreen" || driver == "dummy",
           ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] != driver {
            sdl.quit()
            throw WindowError.noDisplay(detail: "SDL found no display and fell back to its \"\(driver)\" video driver")
        }
        let flags = SDLConstant.windowShown | SDLConstant.windowResizable | SDLConstant.windowAllowHighDPI
        guard let window = sdl.createWindow(title, SDLConstant.windowPosUndefined, SDLConstant.windowPosUndefined,
                                            Int32(size.width.rounded()), Int32(size.height.rounded()), flags)
        else {
            let message = sdl.lastError
            sdl.quit()
            throw WindowError.sdlCallFailed(call: "SDL_CreateWindow", message: message)
        }
        // Index -1: the first driver that supports the flags; 0: no flag required (accelerated
        // when available, software otherwise — e.g. under Xvfb).
        guard let renderer = sdl.createRenderer(window, -1, 0) else {
            let message = sdl.lastError
            sdl.destroyWindow(window)
            sdl.quit()
            throw WindowError.sdlCallFailed(call: "SDL_CreateRenderer", message: message)
        }
        self.sdl = sdl
        self.window = window
        self.renderer = renderer
        self.title = title
        eventBuffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
        refreshRate = sdl.displayRefreshRate() ?? 60
        pointSize = size
        pixelSize = (Int(size.width.rounded()), Int(size.height.rounded()))
        readSizes()
    }

    deinit {
        close()
        eventBuffer.deallocate()
    }

    /// Re-reads the window size (points) and the renderer's output size (pixels).
    private func readSizes() {
        var w: Int32 = 0, h: Int32 = 0
        sdl.getWindowSize(window, &w, &h)
        if w > 0, h > 0 { pointSize = CGSize(width: CGFloat(w), height: CGFloat(h)) }
        var pw: Int32 = 0, ph: Int32 = 0
        if sdl.getRendererOutputSize(renderer, &pw, &ph) == 0, pw > 0, ph > 0 {
            pixelSize = (Int(pw), Int(ph))
        } else {
            pixelSize = (Int(pointSize.width), Int(pointSize.height))
        }
    }

    package func pollEvents(now: CFTimeInterval, limit: Int) -> [InputEvent] {
        guard isOpen, limit > 0 else { return [] }
        var events: [InputEvent] = []
        let ticks = sdl.getTicks()
        // SDL stamps events with SDL_GetTicks() ms; an event `ticks - stamp` ms old happened
        // that long before `now`.
        let time: (UInt32) -> CFTimeInterval = { stamp in
            let age = stamp <= ticks ? Double(ticks - stamp) / 1000 : 0
            return now - age
        }
        while events.count < limit {
            eventBuffer.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
            guard sdl.pollEvent(eventBuffer) != 0 else { break }
            guard let e = decoder.decode(UnsafeRawPointer(eventBuffer), pointSize: pointSize, time: time) else { continue }
            if case .resized = e.kind {
                readSizes()
                events.append(InputEvent(.resized(size: pointSize), at: e.timestamp, modifiers: e.modifiers))
            } else {
                events.append(e)
            }
        }
        return events
    }

    package func present(_ image: CGImage) throws {
        _ = try draw(image, readBack: false)
    }

    /// Presents `image` and returns what the renderer drew (read from its back buffer before
    /// the swap, in pixels of the renderer's output) — a check that upload and byte order are
    /// right, for tests. nil when the library lacks SDL_RenderReadPixels.
    package func presentReadingBack(_ image: CGImage) throws -> CGImage? {
        try draw(image, readBack: true)
    }

    private func draw(_ image: CGImage, readBack: Bool) throws -> CGImage? {
        guard isOpen else { throw WindowError.closed }
        // A CARenderer frame is read in place (no copy); SDL_UpdateTexture copies it once,
        // into the texture, as before.
        let pixels = try FramePixels(image)
        if texture == nil || textureSize.width != pixels.width || textureSize.height != pixels.height {
            if let old = texture { sdl.destroyTexture(old) }
            texture = sdl.createTexture(renderer, SDLConstant.pixelFormatABGR8888, SDLConstant.textureAccessStreaming,
                                        Int32(pixels.width), Int32(pixels.height))
            guard texture != nil else {
                throw WindowError.sdlCallFailed(call: "SDL_CreateTexture(\(pixels.width)x\(pixels.height))", message: sdl.lastError)
            }
            _ = sdl.setTextureBlendMode(texture, SDLConstant.blendModeNone)
            textureSize = (pixels.width, pixels.height)
        }
        let updated = pixels.data.withUnsafeBytes { bytes in
            sdl.updateTexture(texture, nil, bytes.baseAddress, Int32(pixels.bytesPerRow))
        }
        guard updated == 0 else {
            throw WindowError.sdlCallFailed(call: "SDL_UpdateTexture", message: sdl.lastError)
        }
        _ = sdl.renderClear(renderer)
        guard sdl.renderCopy(renderer, texture, nil, nil) == 0 else {
            throw WindowError.sdlCallFailed(call: "SDL_RenderCopy", message: sdl.lastError)
        }
        var shown: CGImage?
        if readBack, let read = sdl.renderReadPixels {
            shown = try readBackBuffer(read)
        }
        sdl.renderPresent(renderer)
        return shown
    }

    /// The renderer's back buffer as a premultiplied RGBA8 image (tests only: a copy).
    private func readBackBuffer(_ read: SDLLibrary.ReadPixelsFn) throws -> CGImage? {
        let (w, h) = pixelSize
        let rowBytes = w * 4
        var bytes = Data(count: rowBytes * h)
        let status = bytes.withUnsafeMutableBytes { out in
            read(renderer, nil, SDLConstant.pixelFormatABGR8888, out.baseAddress, Int32(rowBytes))
        }
        guard status == 0 else {
            throw WindowError.sdlCallFailed(call: "SDL_RenderReadPixels", message: sdl.lastError)
        }
        guard let provider = CGDataProvider(data: bytes), let space = CGColorSpace(name: CGColorSpace.sRGB) else { return nil }
        return CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: rowBytes, space: space,
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue
                                                | CGBitmapInfo.byteOrder32Big.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    package func close() {
        guard isOpen else { return }
        isOpen = false
        if let t = texture { sdl.destroyTexture(t) }
        if let r = renderer { sdl.destroyRenderer(r) }
        if let w = window { sdl.destroyWindow(w) }
        texture = nil
        renderer = nil
        window = nil
        sdl.quit()
    }
}
