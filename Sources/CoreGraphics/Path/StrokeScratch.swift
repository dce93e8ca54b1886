import Foundation

/// Working arrays of the stroker (flattened points, offsets, the polygon being assembled,
/// segment directions and lengths), kept between `CGPath.strokeOutline` calls so that
/// stroking many paths does not regrow them for every path. Growing them from empty cost
/// about 40 allocations per stroked curve in S4.
///
/// Not thread-safe: one per thread. The stroker takes the arrays out while it runs and puts
/// them back (emptied, capacity kept) when it is done, so nothing else holds a reference to
/// them while they are appended to.
package final class StrokeScratch {
    private var points: [CGPoint] = []
    private var smooth: [Bool] = []
    private var left: [CGPoint] = []
    private var right: [CGPoint] = []
    private var polygon: [CGPoint] = []
    private var dirs: [CGVector] = []
    private var lens: [CGFloat] = []

    package init() {}

    func takePoints() -> [CGPoint] { defer { points = [] }; return points }
    func takeSmooth() -> [Bool] { defer { smooth = [] }; return smooth }

    func keep(points p: [CGPoint], smooth s: [Bool]) {
        points = p; points.removeAll(keepingCapacity: true)
        smooth = s; smooth.removeAll(keepingCapacity: true)
    }

    typealias StrokerArrays = ([CGPoint], [CGPoint], [CGPoint], [CGVector], [CGFloat])

    func takeStrokerArrays() -> StrokerArrays {
        defer { left = []; right = []; polygon = []; dirs = []; lens = [] }
        return (left, right, polygon, dirs, lens)
    }

    func keepStrokerArrays(_ a: StrokerArrays) {
        (left, right, polygon, dirs, lens) = a
        left.removeAll(keepingCapacity: true); right.removeAll(keepingCapacity: true)
        polygon.removeAll(keepingCapacity: true); dirs.removeAll(keepingCapacity: true)
        lens.removeAll(keepingCapacity: true)
    }
}
