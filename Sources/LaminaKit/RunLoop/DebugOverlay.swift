import Foundation
import QuartzCore

/// The frame-pacing graph a host draws over its tree when `WindowHost.showsDebugOverlay` is
/// set: the last `barCount` frame intervals as bars, drawn with plain layers (backgrounds
/// only, so any compositor shows it), at the top-left of the root.
///
/// Scale: a bar of one refresh interval is `unitHeight` points tall (the thin white line marks
/// it), capped at `maxHeight`; bars of more than 1.5 intervals — frames that dropped — are red,
/// others green. The numbers themselves are in the window title (`showsStatisticsInTitle`).
/// The host updates the graph just before it renders, inside the same turn, so the graph
/// never causes frames of its own: an idle window stays idle.
final class DebugOverlay {
    static let layerName = "LaminaKit.debugOverlay"
    static let barCount = 60
    static let barWidth: CGFloat = 2
    static let unitHeight: CGFloat = 12
    static let maxHeight: CGFloat = 40
    static let inset: CGFloat = 8

    let container = CALayer()
    private var bars: [CALayer] = []
    private var intervals: [CFTimeInterval] = []
    private let green = CGColor(red: 0.2, green: 0.85, blue: 0.3, alpha: 1)
    private let red = CGColor(red: 0.95, green: 0.2, blue: 0.2, alpha: 1)

    init() {
        let width = CGFloat(Self.barCount) * Self.barWidth + 4
        // New layers in no shown tree: their setters run no actions (the transaction only
        // says so explicitly).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.name = Self.layerName
        container.anchorPoint = .zero
        container.position = CGPoint(x: Self.inset, y: Self.inset)
        container.bounds = CGRect(x: 0, y: 0, width: width, height: Self.maxHeight + 4)
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
        CATransaction.commit()
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
