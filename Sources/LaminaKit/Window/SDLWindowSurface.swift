import Foundation
import QuartzCore

/// An SDL window's own framebuffer (SDL_GetWindowSurface) as the copy of the frame a window
/// shows: the rectangles a frame changed are copied into it and only those are sent to the
/// display (SDL_UpdateWindowSurfaceRects — on X11 a shared-memory image put rectangle by
/// rectangle).
///
/// Why not a texture: the frame is already in memory, made by the CPU. Through a renderer it
/// was uploaded to a texture and the whole window redrawn from it every frame — under Xvfb,
/// or any display without a GPU, by Mesa's software OpenGL, which took more CPU than drawing
/// the page fold itself (a 1920 × 1080 window: ~55 % of the process's samples in llvmpipe,
/// 13 ms frames for 8 ms of drawing). Here presenting a frame costs a copy of its damage.
///
/// Pixels: the framebuffer is opaque (X or ignored alpha), so what shows is the frame
/// composited over black, as through the renderer: premultiplied red, green and blue are
/// copied, swapped to the framebuffer's byte order when it is B, G, R.
final class SDLWindowSurface: FrameTexture {
    private let sdl: SDLLibrary
    private let window: OpaquePointer
    private let getSurface: SDLLibrary.GetWindowSurfaceFn
    private let updateRects: SDLLibrary.UpdateWindowSurfaceRectsFn
    /// The SDL_Surface (SDL_surface.h, LP64): Uint32 flags @0, SDL_PixelFormat *format @8
    /// (its Uint32 format @0), int w @16, int h @20, int pitch @24, void *pixels @32.
    private var surface: UnsafeMutableRawPointer
    /// Whether the framebuffer's bytes are B, G, R (XRGB8888, ARGB8888) rather than R, G, B.
    private var swapsRedAndBlue: Bool
    /// SDL_Rects (x, y, w, h as C ints) copied since the last `show`.
    private var pending: [Int32] = []

    /// The window's framebuffer, or nil when SDL lacks the functions, has no framebuffer for
    /// the window, or its pixel format is not one of the four 32-bit RGB orders.
    init?(sdl: SDLLibrary, window: OpaquePointer) {
        guard let get = sdl.getWindowSurface, let update = sdl.updateWindowSurfaceRects, let s = get(window),
              let swaps = Self.swapsRedAndBlue(s) else { return nil }
        self.sdl = sdl
        self.window = window
        getSurface = get
        updateRects = update
        surface = s
        swapsRedAndBlue = swaps
    }

    /// Whether a surface's format is B, G, R (true) or R, G, B (false) order; nil for others.
    private static func swapsRedAndBlue(_ s: UnsafeMutableRawPointer) -> Bool? {
        guard let format = s.load(fromByteOffset: 8, as: UnsafeRawPointer?.self) else { return nil }
        switch format.load(as: UInt32.self) {
        case SDLConstant.pixelFormatXRGB8888, SDLConstant.pixelFormatARGB8888: return true
        case SDLConstant.pixelFormatXBGR8888, SDLConstant.pixelFormatABGR8888: return false
        default: return nil
        }
    }

    /// The framebuffer's size in pixels.
    var size: (width: Int, height: Int) {
        (Int(surface.load(fromByteOffset: 16, as: Int32.self)), Int(surface.load(fromByteOffset: 20, as: Int32.self)))
    }

    private var pitch: Int { Int(surface.load(fromByteOffset: 24, as: Int32.self)) }
    private var pixels: UnsafeMutableRawPointer? { surface.load(fromByteOffset: 32, as: UnsafeMutableRawPointer?.self) }

    /// Takes the window's framebuffer again (SDL makes a new one after a resize). The frame
    /// is uploaded whole next, so nothing of the old one is needed.
    func allocate(width: Int, height: Int) throws {
        guard let s = getSurface(window) else {
            throw WindowError.sdlCallFailed(call: "SDL_GetWindowSurface", message: sdl.lastError)
        }
        guard let swaps = Self.swapsRedAndBlue(s) else {
            throw WindowError.sdlCallFailed(call: "SDL_GetWindowSurface", message: "unsupported pixel format")
        }
        surface = s
        swapsRedAndBlue = swaps
        pending.removeAll(keepingCapacity: true)
    }

    /// Copies `rect` of the frame (clipped to the framebuffer) into the framebuffer.
    func upload(_ rect: FrameRect, from source: UnsafeRawPointer, bytesPerRow: Int) throws {
        let (w, h) = size
        let r = rect.intersection(FrameRect(x: 0, y: 0, width: w, height: h))
        guard !r.isEmpty, let base = pixels else { return }
        let from = source.advanced(by: (r.y - rect.y) * bytesPerRow + 4 * (r.x - rect.x))
        let pitch = self.pitch
        for row in 0..<r.height {
            let src = from.advanced(by: row * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let dst = base.advanced(by: (r.y + row) * pitch + 4 * r.x).assumingMemoryBound(to: UInt32.self)
            if swapsRedAndBlue {
                // Little-endian 0xAABBGGRR → 0x__RRGGBB.
                for i in 0..<r.width {
                    let v = src[i]
                    dst[i] = (v & 0xFF00_FF00) | ((v & 0xFF) << 16) | ((v >> 16) & 0xFF)
                }
            } else {
                dst.update(from: src, count: r.width)
            }
        }
        pending.append(contentsOf: [Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height)])
    }

    /// Sends the rectangles copied since the last call to the display.
    func show() throws {
        guard !pending.isEmpty else { return }
        let status = pending.withUnsafeBytes { updateRects(window, $0.baseAddress, Int32(pending.count / 4)) }
        pending.removeAll(keepingCapacity: true)
        guard status == 0 else {
            throw WindowError.sdlCallFailed(call: "SDL_UpdateWindowSurfaceRects", message: sdl.lastError)
        }
    }

    /// The framebuffer as a premultiplied RGBA8 image, alpha 255 (tests only: a copy).
    func readBack() -> CGImage? {
        let (w, h) = size
        guard w > 0, h > 0, let base = pixels else { return nil }
        var bytes = Data(count: 4 * w * h)
        let pitch = self.pitch, swaps = swapsRedAndBlue
        bytes.withUnsafeMutableBytes { out in
            let o = out.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for y in 0..<h {
                let row = base.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let v = row[x]
                    let rgb = swaps ? ((v & 0x0000_FF00) | ((v & 0xFF) << 16) | ((v >> 16) & 0xFF)) : (v & 0x00FF_FFFF)
                    o[y * w + x] = rgb | 0xFF00_0000
                }
            }
        }
        return WindowFrame.image(rgba: bytes, width: w, height: h)
    }
}
