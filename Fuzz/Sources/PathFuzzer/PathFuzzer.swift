import CoreGraphics
import Foundation
import FuzzSupport

/// Builds a CGMutablePath from the bytes — moves, lines, quads, cubics, the three arc calls,
/// rects, ellipses, rounded rects, sub-paths and transforms, with coordinates that are mostly
/// inside a 32-point picture and sometimes NaN, infinite, huge or tiny — then queries it,
/// strokes and dashes it with `copy(strokingWithWidth:…)`/`copy(dashingWithPhase:…)`, and
/// fills and strokes it into a 32 × 32 bitmap context (with a clip and a CTM from the bytes).
/// The process entry point: SwiftPM links `main` to `PathFuzzer_main`.
@_cdecl("PathFuzzer_main")
public func pathFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let path = CGMutablePath()
    var ops = 0
    while input.hasMore, ops < 16 {
        ops += 1
        switch input.choice(16) {
        case 0: path.move(to: point(&input), transform: transform(&input))
        case 1, 2: path.addLine(to: point(&input))
        case 3: path.addQuadCurve(to: point(&input), control: point(&input))
        case 4: path.addCurve(to: point(&input), control1: point(&input), control2: point(&input))
        case 5: path.closeSubpath()
        case 6:
            path.addArc(center: point(&input), radius: input.number(scale: 32), startAngle: input.number(scale: 12, offset: -6),
                        endAngle: input.number(scale: 12, offset: -6), clockwise: input.bool(), transform: transform(&input))
        case 7:
            path.addRelativeArc(center: point(&input), radius: input.number(scale: 32),
                                startAngle: input.number(scale: 12, offset: -6), delta: input.number(scale: 40, offset: -20))
        case 8: path.addArc(tangent1End: point(&input), tangent2End: point(&input), radius: input.number(scale: 16))
        case 9: path.addRect(rect(&input), transform: transform(&input))
        case 10: path.addEllipse(in: rect(&input), transform: transform(&input))
        case 11:
            path.addRoundedRect(in: rect(&input), cornerWidth: input.number(scale: 16), cornerHeight: input.number(scale: 16),
                                transform: transform(&input))
        case 12: path.addLines(between: (0..<input.choice(6)).map { _ in point(&input) })
        case 13: path.addRects((0..<input.choice(4)).map { _ in rect(&input) })
        case 14:
            // Appending the path to itself doubles it, so it is capped: a curve out at 1e300
            // flattens to the 65,536-chord cap even off-canvas (about 0.3 s under ASan), and
            // hundreds of copies of one are slow, not stuck.
            if let copy = path.copy(), elementCount(path) < 32 { path.addPath(copy, transform: transform(&input)) }
        default: path.addLine(to: CGPoint(x: input.rawDouble(), y: input.rawDouble()))
        }
    }

    if tracing { trace("path:", path, "\nbounds:", path.boundingBoxOfPath) }

    // Queries.
    _ = path.boundingBox; _ = path.boundingBoxOfPath; _ = path.currentPoint; _ = path.isEmpty
    var r = CGRect.zero
    _ = path.isRect(&r)
    _ = path.contains(point(&input), using: input.bool() ? .evenOdd : .winding, transform: transform(&input))
    var elements = 0, hugeCurves = 0
    path.applyWithBlock { e in
        elements += 1
        let n = e.pointee.type == .addQuadCurveToPoint ? 2 : e.pointee.type == .addCurveToPoint ? 3 : 0
        if (0..<n).contains(where: { i in max(abs(e.pointee.points[i].x), abs(e.pointee.points[i].y)) > 1e7 }) { hugeCurves += 1 }
    }
    // Drawing into the context culls curves far off the canvas (CurveCulling), but the
    // outline calls have no canvas: `copy(strokingWithWidth:)` flattens every curve to the
    // 65,536-chord cap and `copy(dashingWithPhase:)` (also used by dashed context strokes)
    // measures it at 0.01 units, so a few dozen curves out at 1e300 (one addRelativeArc of 64
    // turns is 256) take minutes under ASan there. Those calls are left out for such paths
    // (linear and capped, not a hang; see Fuzz/README.md); filling and stroking them are not.
    let outlines = hugeCurves <= 4

    // Outlines.
    let caps: [CGLineCap] = [.butt, .round, .square], joins: [CGLineJoin] = [.miter, .round, .bevel]
    let width = input.number(scale: 8)
    let cap = input.pick(caps), join = input.pick(joins), miter = input.number(scale: 20), strokeTransform = transform(&input)
    let lengths = (0..<input.choice(5)).map { _ in CGFloat(input.number(scale: 6)) }
    let phase = input.number(scale: 10, offset: -5)
    var stroked: CGPath = CGMutablePath(), dashed: CGPath = path
    if outlines {
        if tracing { trace("copy(strokingWithWidth: \(width), lineCap: \(cap), lineJoin: \(join), miterLimit: \(miter), transform: \(strokeTransform))") }
        stroked = path.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: miter, transform: strokeTransform)
        if tracing { trace("copy(dashingWithPhase: \(phase), lengths: \(lengths))") }
        dashed = path.copy(dashingWithPhase: phase, lengths: lengths)
        _ = stroked.boundingBox; _ = dashed.boundingBox
    }

    // Raster.
    guard let ctx = CGContext(data: nil, width: 32, height: 32, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(),
                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return 0 }
    ctx.setShouldAntialias(input.byte() != 1)
    let ctm = transform(&input)
    ctx.concatenate(ctm)
    let clip: CGRect? = input.choice(4) == 0 ? rect(&input) : nil
    if let clip { ctx.clip(to: clip) }
    if tracing { trace("context: ctm \(ctm), clip \(clip.map { "\($0)" } ?? "none")") }
    ctx.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8))
    ctx.addPath(path)
    ctx.fillPath(using: input.bool() ? .evenOdd : .winding)
    ctx.addPath(stroked)
    ctx.fillPath()
    let lineWidth = input.number(scale: 6), lineCap = input.pick(caps), lineJoin = input.pick(joins)
    let miterLimit = input.number(scale: 20), dashPhase = input.number(scale: 4), strokeDashed = input.bool()
    if tracing { trace("stroke \(strokeDashed ? "dashed" : "path"): width \(lineWidth) cap \(lineCap) join \(lineJoin) miter \(miterLimit) dash \(dashPhase) \(lengths)") }
    ctx.setLineWidth(lineWidth)
    ctx.setLineCap(lineCap); ctx.setLineJoin(lineJoin)
    ctx.setMiterLimit(miterLimit)
    ctx.setLineDash(phase: dashPhase, lengths: outlines ? lengths : [])
    ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    // A stroke whose reach (half width × miter limit) is astronomical cannot be culled: with
    // many huge curves it flattens each to the cap (a known slow class, see Fuzz/README.md).
    if outlines || lineWidth * max(1, miterLimit) < 1e7 {
        ctx.addPath(strokeDashed ? dashed : path)
        ctx.strokePath()
    }
    _ = ctx.makeImage()
    return 0
}

private func elementCount(_ path: CGPath) -> Int {
    var n = 0
    path.applyWithBlock { _ in n += 1 }
    return n
}

/// `FUZZ_TRACE=1 PathFuzzer input`: prints what the input builds, to write a regression test.
private let tracing = getenv("FUZZ_TRACE") != nil

/// Writes to standard error, unbuffered, so the trace is complete when the input crashes.
private func trace(_ items: Any...) {
    FileHandle.standardError.write((items.map { "\($0)" }.joined(separator: " ") + "\n").data(using: .utf8)!)
}

private func point(_ input: inout FuzzInput) -> CGPoint {
    CGPoint(x: input.number(scale: 40, offset: -4), y: input.number(scale: 40, offset: -4))
}

private func rect(_ input: inout FuzzInput) -> CGRect {
    CGRect(x: input.number(scale: 40, offset: -4), y: input.number(scale: 40, offset: -4),
           width: input.number(scale: 40, offset: -8), height: input.number(scale: 40, offset: -8))
}

/// Identity most of the time; otherwise a rotation, a scale or a full matrix from the bytes.
private func transform(_ input: inout FuzzInput) -> CGAffineTransform {
    switch input.choice(8) {
    case 0: return CGAffineTransform(rotationAngle: input.number(scale: 7))
    case 1: return CGAffineTransform(scaleX: input.number(scale: 4, offset: -2), y: input.number(scale: 4, offset: -2))
    case 2:
        return CGAffineTransform(a: input.number(scale: 4, offset: -2), b: input.number(scale: 4, offset: -2),
                                 c: input.number(scale: 4, offset: -2), d: input.number(scale: 4, offset: -2),
                                 tx: input.number(scale: 40, offset: -20), ty: input.number(scale: 40, offset: -20))
    default: return .identity
    }
}
