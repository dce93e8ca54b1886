import Foundation
import QuartzCore

/// The debug overlay a host draws over its tree when `WindowHost.showsDebugOverlay` is set,
/// at the top-left of the root: the last `barCount` frame intervals as bars (plain layers,
/// backgrounds only, so any compositor shows them), and under them a line of text — frame
/// time (median over the last second, ms), dropped frames so far, and the last frame's damage
/// (rectangles, % of the window), rewritten four times a second. With
/// `WindowHost.showsDamageOutlines`, the rectangles the last frame changed are outlined in
/// magenta, in root space.
///
/// Scale: a bar of one refresh interval is `unitHeight` points tall (the thin white line marks
/// it), capped at `maxHeight`; bars of more than 1.5 intervals — frames that dropped — are red,
/// others green. The host updates the overlay just before it renders, inside the same turn, so
/// the overlay never causes frames of its own: an idle window stays idle. The overlay is part
/// of the frame, so its own changes are part of the damage it reports.
final class DebugOverlay {
    static let layerName = "LaminaKit.debugOverlay"
    static let barCount = 60
    static let barWidth: CGFloat = 2
    static let unitHeight: CGFloat = 12
    static let maxHeight: CGFloat = 40
    static let inset: CGFloat = 8

    static let width: CGFloat = 300
    static let textHeight: CGFloat = 16
    /// Most damage rectangles outlined (a frame's damage is merged into at most 8).
    static let maxOutlines = 16

    let container = CALayer()
    /// The line of figures under the bars.
    let text = CATextLayer()
    /// Holds the damage outlines, in root space (a zero-size layer at the root's origin).
    let outlines = CALayer()
    private var outlineLayers: [CALayer] = []
    private var bars: [CALayer] = []
    private var intervals: [CFTimeInterval] = []
    private let green = CGColor(red: 0.2, green: 0.85, blue: 0.3, alpha: 1)
    private let red = CGColor(red: 0.95, green: 0.2, blue: 0.2, alpha: 1)

    init() {
        let width = Self.width
        // New layers in no shown tree: their setters run no actions (the transaction only
        // says so explicitly).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.name = Self.layerName
        container.anchorPoint = .zero
        container.position = CGPoint(x: Self.inset, y: Self.inset)
        container.bounds = CGRect(x: 0, y: 0, width: width, height: Self.maxHeight + 4 + Self.textHeight)
        container.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.6)
        container.zPosition = 1_000_000
        for i in 0..<Self.barCount {
            let bar = CALayer()
            bar.anchorPoint = CGPoint(x: 0, y: 1)
            bar.position = CGPoint(x: 2 + CGFloat(i) * Self.barWidth, y: Self.maxHeight + 2)
            bar.bounds = CGRect(x: 0, y: 0, width: Self.barWidth - 0.5, height: 0)
            bar.backgroundColor = green
            container.addSublayer(bar)
            bars.append(bar)
        }
        let line = CALayer()
        line.frame = CGRect(x: 0, y: Self.maxHeight + 2 - Self.unitHeight, width: width, height: 0.5)
        line.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
        container.addSublayer(line)
        text.frame = CGRect(x: 4, y: Self.maxHeight + 4, width: width - 8, height: Self.textHeight - 2)
        text.font = "Helvetica"
        text.fontSize = 11
        text.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        text.contentsScale = 2
        container.addSublayer(text)
        outlines.name = Self.layerName + ".damage"
        outlines.anchorPoint = .zero
        outlines.position = .zero
        outlines.bounds = .zero
        outlines.zPosition = 999_999
        for _ in 0..<Self.maxOutlines {
            let o = CALayer()
            o.anchorPoint = .zero
            o.borderWidth = 1
            o.borderColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
            o.isHidden = true
            outlines.addSublayer(o)
            outlineLayers.append(o)
        }
        CATransaction.commit()
    }

    /// Shows `summary` under the bars (nil: keeps the text shown) and, when `outlines` is set,
    /// outlines `damage` (device pixels, `scale` pixels per point), with actions disabled.
    func show(summary: String?, damage: [FrameRect], scale: CGFloat, outlines: Bool) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if let summary, (text.string as? String) != summary { text.string = summary }
        let s = scale.isFinite && scale > 0 ? scale : 1
        let shown = outlines ? Array(damage.prefix(Self.maxOutlines)) : []
        for (i, layer) in outlineLayers.enumerated() {
            if i < shown.count {
                let r = shown[i]
                let frame = CGRect(x: CGFloat(r.x) / s, y: CGFloat(r.y) / s, width: CGFloat(r.width) / s,
                                   height: CGFloat(r.height) / s)
                if layer.position != frame.origin { layer.position = frame.origin }
                if layer.bounds.size != frame.size { layer.bounds = CGRect(origin: .zero, size: frame.size) }
                if layer.isHidden { layer.isHidden = false }
            } else if !layer.isHidden {
                layer.isHidden = true
            }
        }
        CATransaction.commit()
    }

    /// The rectangles outlined now, in points (for tests).
    var outlinedRects: [CGRect] {
        outlineLayers.filter { !$0.isHidden }.map { CGRect(origin: $0.position, size: $0.bounds.size) }
    }

    /// Adds one frame interval (seconds) and redraws the bars, with actions disabled.
    func record(interval: CFTimeInterval, refreshInterval: CFTimeInterval) {
        guard interval.isFinite, interval >= 0, refreshInterval > 0 else { return }
        intervals.append(interval)
        if intervals.count > Self.barCount { intervals.removeFirst(intervals.count - Self.barCount) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let offset = Self.barCount - intervals.count
        for (i, value) in intervals.enumerated() {
            let ratio = value / refreshInterval
            let bar = bars[offset + i]
            bar.bounds = CGRect(x: 0, y: 0, width: Self.barWidth - 0.5, height: min(Self.maxHeight, CGFloat(ratio) * Self.unitHeight))
            bar.backgroundColor = ratio > 1.5 ? red : green
        }
        CATransaction.commit()
    }

    /// Colours of the bars shown, oldest first (for tests): true for a dropped-frame bar.
    var droppedBars: [Bool] {
        let first = Self.barCount - intervals.count
        return (0..<intervals.count).map { bars[first + $0].backgroundColor === red }
    }
}
