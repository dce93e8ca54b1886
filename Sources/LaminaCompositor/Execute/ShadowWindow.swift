// Which part of an alpha-shadow group is worth drawing. A group's surface used to be its
// extent within the visible area grown by the shadow's whole reach on every side, and all of
// it was blurred: a layer scaled up so that its shadow's blur reaches 769 px, drawn into a
// 24-pixel view, blurred a 3,700-pixel-square plane to show 576 pixels (Fuzz/README.md's
// slow shadow inputs). Now only the visible pixels are composited, only the content that can
// cast a shadow into them is drawn, and only the blur's window over them is computed.
import LaminaRaster

/// The device-pixel rectangles of one alpha-shadow group (all in device pixels).
struct ShadowWindow {
    /// The group's extent within the visible area grown by the shadow's reach (what the whole
    /// surface used to be). The blur is computed as if of this box's alpha: its plane starts
    /// at this origin minus the blur margin, so the downsampled blur's reduction grid — and so
    /// every shadow pixel — does not depend on how much of the group is kept.
    let full: PixelRect
    /// The pixels of `full` that can show: within the surface below and its clip.
    let visible: PixelRect
    /// The content drawn: `visible`, and the pixels that cast a shadow into it — `visible`
    /// moved back by the shadow's offset and grown by the blur's dependency reach (plus the
    /// bilinear taps of a fractional offset and the reduction grid's alignment) — within `full`.
    let content: PixelRect

    init(full: PixelRect, visible v: PixelRect, shadow: AlphaShadow) {
        self.full = full
        visible = v.intersection(full)
        let dx = Double(shadow.offset.dx), dy = Double(shadow.offset.dy)
        guard !visible.isEmpty, dx.isFinite, dy.isFinite else { content = visible; return }
        // 1 px for the bilinear taps, 4 for the grid alignment (the largest reduction factor).
        let grow = GaussianBlur.dependencyReach(sigma: shadow.sigma) + 5
        let source = PixelRect.covering(minX: Double(visible.x0) - dx, minY: Double(visible.y0) - dy,
                                        maxX: Double(visible.x1) - dx, maxY: Double(visible.y1) - dy)
        let reach = PixelRect(x0: source.x0 - grow, y0: source.y0 - grow, x1: source.x1 + grow, y1: source.y1 + grow)
        content = visible.union(reach.intersection(full)).intersection(full)
    }

    /// The blur's output-plane rectangle the visible shadow samples (plane pixel (i, j) is the
    /// blur of the `full` box's alpha at device (full.x0 − margin + i, full.y0 − margin + j)),
    /// with one pixel more on every side for the bilinear taps of a fractional offset.
    func sampledPlane(_ shadow: AlphaShadow) -> PixelRect {
        let m = Double(GaussianBlur.margin(sigma: shadow.sigma))
        let dx = Double(shadow.offset.dx), dy = Double(shadow.offset.dy)
        let x0 = Double(visible.x0 - full.x0) - dx + m, y0 = Double(visible.y0 - full.y0) - dy + m
        let r = PixelRect.covering(minX: x0, minY: y0, maxX: x0 + Double(visible.width), maxY: y0 + Double(visible.height))
        return PixelRect(x0: r.x0 - 1, y0: r.y0 - 1, x1: r.x1 + 1, y1: r.y1 + 1)
    }
}
