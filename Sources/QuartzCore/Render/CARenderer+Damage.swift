// CARenderer's incremental frames: the renderer keeps its last frame, and each new frame
// redraws only its damage — the device pixels whose bytes can differ from the kept frame,
// found by comparing the two frames' draw lists (LaminaCompositor's DrawListDamage.swift) —
// plus the rectangles given to `addUpdate(_:)`. The result is byte-identical to a full redraw.
// A frame is drawn whole when nothing is kept yet (the first frame, after an error), or when
// the pixel size or background changed.
import Foundation
import LaminaCompositor
import LaminaRaster

extension CARenderer {
    /// The frame's draw list and damage, prepared once per frame (by `updateBounds()` or by
    /// drawing) and dropped when a commit, `addUpdate(_:)` or a change of layer, bounds,
    /// scale or background makes it stale.
    func pendingFrame(root: CALayer, time t: CFTimeInterval, pixelWidth w: Int, pixelHeight h: Int) -> IncrementalFrames.Pending {
        if let p = pending, p.list.width == w, p.list.height == h { return p }
        // addUpdate rectangles, points → the device pixels they touch.
        if !dirty.isNull {
            let r = dirty.intersection(bounds)
            if !r.isNull, !r.isEmpty {
                let s = Double(scale)
                frames.addDamage(PixelBox(covering: CGRect(x: (r.minX - bounds.minX) * s, y: (r.minY - bounds.minY) * s,
                                                           width: r.width * s, height: r.height * s)))
            }
        }
        // The tree `LayerFrameStream` draws for the same frame, in `bounds` space.
        let tree = LayerRenderer.frameTree(of: root, at: t, viewport: bounds)
        let p = frames.prepare(tree: tree, width: w, height: h, scale: Double(scale), background: backgroundColor)
        pending = p
        return p
    }

    /// The damage of the current frame in points of `bounds` space: each damaged pixel
    /// rectangle mapped back through `scale`, unioned. Nil without a layer or a pixel size,
    /// and while this renderer has drawn no frame itself (a host that draws the tree another
    /// way has no kept frame to compare with: `updateBounds()` then answers from the commits
    /// and animations alone).
    func frameDamageInPoints() -> CGRect? {
        guard frames.surface != nil, let (root, t, w, h) = try? prepareFrame() else { return nil }
        // Nothing changed since the kept frame was drawn (an idle turn): no need to prepare.
        if !changedSinceDrawn, pending == nil, let kept = frames.surface, kept.width == w, kept.height == h {
            return .null
        }
        let p = pendingFrame(root: root, time: t, pixelWidth: w, pixelHeight: h)
        guard !p.damage.isEmpty else { return .null }
        let b = p.damage.bounds, s = Double(scale)
        return CGRect(x: bounds.minX + Double(b.x0) / s, y: bounds.minY + Double(b.y0) / s,
                      width: Double(b.width) / s, height: Double(b.height) / s).intersection(bounds)
    }

    /// Draws the current frame into the kept frame (only its damage) and returns the kept
    /// frame's surface: byte for byte a full render of the frame.
    func drawIncrementalFrame() throws -> Surface {
        let (root, t, w, h) = try prepareFrame()
        let p = pendingFrame(root: root, time: t, pixelWidth: w, pixelHeight: h)
        pending = nil
        do {
            let frame = try frames.draw(p)
            changedSinceDrawn = false
            drawnFrameCount += 1
            // Where it differs from the frame drawn before (the whole frame when none was kept).
            // Copied into the renderer's own buffer: sharing the stream's would make the stream
            // copy it when it writes the next frame's damage (an allocation per frame).
            drawnDamage.removeAll(keepingCapacity: true)
            drawnDamage.append(contentsOf: frames.lastDamage)
            return frame
        } catch let error as CompositorError {
            throw CARendererError.renderFailed("\(LayerRenderError(error, in: root))")
        } catch {
            throw CARendererError.renderFailed("\(error)")
        }
    }
}
