import Foundation
import QuartzCore

/// How a CAShapeLayer strokes, with the SVG presentation attribute of each value (the same
/// definitions on both sides: lineWidth ↔ stroke-width, lineCap butt/round/square ↔
/// stroke-linecap, lineJoin miter/round/bevel ↔ stroke-linejoin, miterLimit ↔
/// stroke-miterlimit (both the ratio of miter length to line width), lineDashPattern ↔
/// stroke-dasharray, lineDashPhase ↔ stroke-dashoffset).
struct TwinStroke {
    var width: Double
    var color: TwinColor
    var cap: CAShapeLayerLineCap = .butt
    var join: CAShapeLayerLineJoin = .miter
    var miterLimit: Double = 10
    var dashes: [Double]? = nil
    var phase: Double = 0
}

extension TwinNode {
    /// A CAShapeLayer ↔ an inline `<svg>` filling the element (same size, user space = the
    /// layer's bounds space, y down, overflow visible since Core Animation does not clip a
    /// shape to the bounds) holding one `<path>`.
    ///
    /// fillColor nil ↔ `fill="none"` (Core Animation's default fill is opaque black, so it is
    /// always set); fillRule nonZero/evenOdd ↔ `fill-rule`. strokeEnd < 1 on an undashed stroke
    /// ↔ `pathLength="1"` with `stroke-dasharray="strokeEnd 1"`: one dash over the first
    /// strokeEnd of the length, capped at its end like Core Animation's partial stroke.
    static func shape(frame: CGRect, path: CGPath, fill: TwinColor?, fillRule: CAShapeLayerFillRule = .nonZero,
                      stroke: TwinStroke?, strokeEnd: Double = 1) -> TwinNode {
        let layer = CAShapeLayer()
        let node = TwinNode(layer, frame: frame)
        layer.path = path
        layer.fillColor = fill?.cg
        layer.fillRule = fillRule
        var attributes = [
            "d=\"\(svgPathData(path))\"",
            "fill=\"\(fill?.css ?? "none")\"",
            "fill-rule=\"\(fillRule == .evenOdd ? "evenodd" : "nonzero")\"",
        ]
        if let stroke {
            layer.strokeColor = stroke.color.cg
            layer.lineWidth = CGFloat(stroke.width)
            layer.lineCap = stroke.cap
            layer.lineJoin = stroke.join
            layer.miterLimit = CGFloat(stroke.miterLimit)
            layer.lineDashPattern = stroke.dashes?.map { NSNumber(value: $0) }
            layer.lineDashPhase = CGFloat(stroke.phase)
            let cap = stroke.cap == .round ? "round" : stroke.cap == .square ? "square" : "butt"
            let join = stroke.join == .round ? "round" : stroke.join == .bevel ? "bevel" : "miter"
            attributes += [
                "stroke=\"\(stroke.color.css)\"", "stroke-width=\"\(CSS.number(stroke.width))\"",
                "stroke-linecap=\"\(cap)\"", "stroke-linejoin=\"\(join)\"",
                "stroke-miterlimit=\"\(CSS.number(stroke.miterLimit))\"",
            ]
            if let dashes = stroke.dashes, !dashes.isEmpty {
                attributes.append("stroke-dasharray=\"\(dashes.map(CSS.number).joined(separator: " "))\"")
                attributes.append("stroke-dashoffset=\"\(CSS.number(stroke.phase))\"")
            } else if strokeEnd < 1 {
                layer.strokeEnd = CGFloat(strokeEnd)
                attributes.append("pathLength=\"1\" stroke-dasharray=\"\(CSS.number(strokeEnd)) 1\"")
            }
        } else {
            layer.strokeColor = nil
            attributes.append("stroke=\"none\"")
        }
        node.innerHTML = """
            <svg width="\(CSS.number(frame.width))" height="\(CSS.number(frame.height))" \
            style="position: absolute; left: 0; top: 0; overflow: visible"><path \(attributes.joined(separator: " "))/></svg>
            """
        return node
    }

    /// SVG path data for `path`: M, L, Q, C, Z with absolute coordinates.
    static func svgPathData(_ path: CGPath) -> String {
        var parts: [String] = []
        func p(_ q: CGPoint) -> String { "\(CSS.number(Double(q.x))) \(CSS.number(Double(q.y)))" }
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint: parts.append("M \(p(e.points[0]))")
            case .addLineToPoint: parts.append("L \(p(e.points[0]))")
            case .addQuadCurveToPoint: parts.append("Q \(p(e.points[0])) \(p(e.points[1]))")
            case .addCurveToPoint: parts.append("C \(p(e.points[0])) \(p(e.points[1])) \(p(e.points[2]))")
            case .closeSubpath: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
