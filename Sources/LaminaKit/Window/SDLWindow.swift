import Foundation
import QuartzCore

/// A desktop window through SDL2, loaded at run time (`SDLLibrary`).
///
/// Frames go to the window's own framebuffer when SDL gives one in a 32-bit RGB order
/// (`SDLWindowSurface`: only the rectangles that changed are copied and sent to the display);
/// `LAMINA_WINDOW_PRESENT=renderer` asks for the renderer path below instead, which is also
/// the fallback. Through a renderer, frames are uploaded into a streaming ABGR8888 texture (Lamina's premultiplied RGBA bytes,
/// no conversion) — only the rectangles that changed since the frame the texture holds, one
/// `SDL_UpdateTexture` each (`FrameUploader`) — and the texture is copied to the renderer's
/// whole output with blending off, so what shows is the frame composited over black. HiDPI: the window is created with ALLOW_HIGHDPI; the
/// renderer's output size in pixels divided by the window size in points is the scale.
///
/// Failure is a thrown `WindowError` naming the cause: no SDL ("SDL2 not found: apt-get
/// install libsdl2-2.0-0"), no display (SDL_Init's "No available video device"), or a failed
/// window/renderer creation with SDL's message.
package final class SDLWindow: WindowBackend {
    private let sdl: SDLLibrary
    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    /// The window's framebuffer, when frames go there instead of through `renderer`.
    private var framebuffer: SDLWindowSurface?
    /// The frame shown, kept up to date rectangle by rectangle by `uploader`.
    private var frameTexture: SDLFrameTexture?
    private var uploader = FrameUploader()
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
        let usesFramebuffer = ProcessInfo.processInfo.environment["LAMINA_WINDOW_PRESENT"] != "renderer"
        if usesFramebuffer {
            // SDL 2 backs a window's framebuffer with a hidden accelerated renderer unless told
            // not to — under Xvfb, Mesa's software OpenGL redrawing the whole window each frame.
            // The display's own framebuffer (X11: a shared-memory image) takes the damaged
            // rectangles as they are. A value the user set is kept.
            setenv("SDL_FRAMEBUFFER_ACCELERATION", "0", 0)
        }
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
        let framebuffer = usesFramebuffer ? SDLWindowSurface(sdl: sdl, window: window) : nil
        var renderer: OpaquePointer?
        if framebuffer == nil {
            // Index -1: the first driver that supports the flags; 0: no flag required
            // (accelerated when available, software otherwise — e.g. under Xvfb).
            renderer = sdl.createRenderer(window, -1, 0)
            guard renderer != nil else {
                let message = sdl.lastError
                sdl.destroyWindow(window)
                sdl.quit()
                throw WindowError.sdlCallFailed(call: "SDL_CreateRenderer", message: message)
            }
        }
        self.sdl = sdl
        self.window = window
        self.renderer = renderer
        self.framebuffer = framebuffer
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
        if let framebuffer {
            // A resize makes a new framebuffer of the window's new size in pixels.
            try? framebuffer.allocate(width: 0, height: 0)
            uploader.invalidate()
            let size = framebuffer.size
            pixelSize = size.width > 0 && size.height > 0 ? size : (Int(pointSize.width), Int(pointSize.height))
        } else if sdl.getRendererOutputSize(renderer, &pw, &ph) == 0, pw > 0, ph > 0 {
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
        guard isOpen else { throw WindowError.closed }
        // A CARenderer frame is read in place (no copy); SDL_UpdateTexture copies it once,
        // into the texture.
        try WindowFrame.withImage(image) { _ = try draw($0, readBack: false) }
    }

    /// Uploads the rectangles of `frame` that changed since the frame the texture holds (the
    /// whole frame after a resize or a gap: `FrameUploader`), then shows the texture. A frame
    /// without changes uploads nothing and shows the texture again.
    package func present(_ frame: WindowFrame) throws {
        _ = try draw(frame, readBack: false)
    }

    /// The rectangles the last present uploaded into the texture (empty: none).
    package var lastUploads: [FrameRect] { uploader.lastUploads }

    /// Presents `image` and returns what the renderer drew (read from its back buffer before
    /// the swap, in pixels of the renderer's output) — a check that upload and byte order are
    /// right, for tests. nil when the library lacks SDL_RenderReadPixels.
    package func presentReadingBack(_ image: CGImage) throws -> CGImage? {
        guard isOpen else { throw WindowError.closed }
        return try WindowFrame.withImage(image) { try draw($0, readBack: true) }
    }

    /// `present(_:)` of a frame, then the back buffer read as `presentReadingBack` does.
    package func presentReadingBack(_ frame: WindowFrame) throws -> CGImage? {
        try draw(frame, readBack: true)
    }

    private func draw(_ frame: WindowFrame, readBack: Bool) throws -> CGImage? {
        if isOpen, let framebuffer {
            do {
                try uploader.upload(frame, to: framebuffer)
                try framebuffer.show()
            } catch {
                uploader.invalidate()
                throw error
            }
            return readBack ? framebuffer.readBack() : nil
        }
        guard isOpen, let renderer else { throw WindowError.closed }
        let texture = frameTexture ?? SDLFrameTexture(sdl: sdl, renderer: renderer)
        frameTexture = texture
        do {
            try uploader.upload(frame, to: texture)
        } catch {
            uploader.invalidate()
            throw error
        }
        _ = sdl.renderClear(renderer)
        guard sdl.renderCopy(renderer, texture.texture, nil, nil) == 0 else {
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
        frameTexture?.destroy()
        frameTexture = nil
        framebuffer = nil // freed with the window
        if let r = renderer { sdl.destroyRenderer(r) }
        if let w = window { sdl.destroyWindow(w) }
        renderer = nil
        window = nil
        sdl.quit()
    }
}

/// The window's streaming ABGR8888 texture (bytes R, G, B, A on little-endian machines:
/// Lamina's frames, uploaded without conversion), sized to the frame, blending off.
private final class SDLFrameTexture: FrameTexture {
    let sdl: SDLLibrary
    let renderer: OpaquePointer
    private(set) var texture: OpaquePointer?
    /// An SDL_Rect (x, y, w, h as C ints), reused for every upload.
    private var rect: [Int32] = [0, 0, 0, 0]

    init(sdl: SDLLibrary, renderer: OpaquePointer) {
        self.sdl = sdl
        self.renderer = renderer
    }

    func allocate(width: Int, height: Int) throws {
        destroy()
        texture = sdl.createTexture(renderer, SDLConstant.pixelFormatABGR8888, SDLConstant.textureAccessStreaming,
                                    Int32(width), Int32(height))
        guard texture != nil else {
            throw WindowError.sdlCallFailed(call: "SDL_CreateTexture(\(width)x\(height))", message: sdl.lastError)
        }
        _ = sdl.setTextureBlendMode(texture, SDLConstant.blendModeNone)
    }

    func upload(_ r: FrameRect, from source: UnsafeRawPointer, bytesPerRow: Int) throws {
        guard let texture else { throw WindowError.sdlCallFailed(call: "SDL_UpdateTexture", message: "no texture") }
        rect[0] = Int32(r.x); rect[1] = Int32(r.y); rect[2] = Int32(r.width); rect[3] = Int32(r.height)
        let status = rect.withUnsafeBytes { sdl.updateTexture(texture, $0.baseAddress, source, Int32(bytesPerRow)) }
        guard status == 0 else {
            throw WindowError.sdlCallFailed(call: "SDL_UpdateTexture(\(r))", message: sdl.lastError)
        }
    }

    func destroy() {
        if let t = texture { sdl.destroyTexture(t) }
        texture = nil
    }
}
