import Foundation

// Stage-1 time mapping down the layer tree (reference §7.1–7.2, §7.5):
//   t_local = (t_parent − beginTime) · speed + timeOffset,
// with the root's parent being absolute media time. A zero speed makes the inverse undefined:
// times converted *out of* such a layer are NaN.

extension CALayer {
    /// This layer's local time for absolute media time `t`.
    package func localTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        let parentTime = treeParent.map { $0.localTime(fromAbsolute: t) } ?? t
        return (parentTime - props.beginTime) * Double(props.speed) + props.timeOffset
    }

    /// The absolute media time at which this layer's local time is `t`.
    package func absoluteTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        guard props.speed != 0 else { return .nan }
        let parentTime = (t - props.timeOffset) / Double(props.speed) + props.beginTime
        return treeParent.map { $0.absoluteTime(fromLocal: parentTime) } ?? parentTime
    }
}
