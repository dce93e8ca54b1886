import Foundation
import FuzzSupport
import QuartzCore

/// A small layer tree — a root with two children, one with a sublayer — whose layers carry
/// basic, keyframe, spring and group animations (and layer timing) with every timing field
/// from the bytes: beginTime, duration, speed, timeOffset, repeatCount, repeatDuration,
/// autoreverses, fillMode, timing functions, keyTimes, calculation modes, spring parameters.
/// The tree is drawn by a 24 × 24 CARenderer at up to five media times from the bytes, and
/// the presentation layers are read at the same times.
/// The process entry point: SwiftPM links `main` to `AnimationFuzzer_main`.
@_cdecl("AnimationFuzzer_main")
public func animationFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let origin: CFTimeInterval = 1000
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 24, height: 24)
    let a = CALayer(), b = CAShapeLayer(), c = CALayer()
    a.frame = CGRect(x: 2, y: 2, width: 12, height: 12)
    a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    b.frame = CGRect(x: 8, y: 8, width: 14, height: 10)
    b.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 14, height: 10), transform: nil)
    b.fillColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.7)
    c.frame = CGRect(x: 1, y: 1, width: 6, height: 6)
    c.backgroundColor = CGColor(gray: 0.2, alpha: 1)
    root.addSublayer(a); root.addSublayer(b); a.addSublayer(c)
    let layers = [root, a, b, c]

    let renderer = CARenderer(bounds: root.frame, scale: 1)
    renderer.layer = root
    renderer.beginFrame(atTime: origin)
    renderer.render()
    renderer.endFrame()

    // Layer timing (CAMediaTiming on layers) for one layer, sometimes.
    if input.choice(4) == 0 { setTiming(input.pick(layers), &input) }
    let count = 1 + input.choice(5)
    for i in 0..<count {
        let layer = input.pick(layers)
        let animation = makeAnimation(&input, depth: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(input.bool())
        layer.add(animation, forKey: input.bool() ? "k\(i)" : "k")
        if input.choice(8) == 0 { layer.removeAnimation(forKey: "k") }
        if input.choice(8) == 0 { layer.opacity = Float(input.number(scale: 1)) }
        CATransaction.commit()
    }
    for _ in 0..<(1 + input.choice(5)) {
        let t = origin + input.number(scale: 6, offset: -1)
        renderer.beginFrame(atTime: t)
        renderer.render()
        renderer.endFrame()
        for layer in layers {
            if let p = layer.presentation() { _ = p.position; _ = p.opacity; _ = p.transform }
        }
    }
    _ = renderer.makeImage()
    renderer.layer = nil
    return 0
}

/// The animatable properties the fuzzer drives, with a value maker for each.
private let keyPaths = ["position", "opacity", "transform", "bounds", "backgroundColor", "cornerRadius",
                        "transform.rotation.z", "transform.scale", "position.x", "strokeEnd", "path",
                        "shadowOpacity", "anchorPoint", "zPosition", "sublayerTransform"]

/// Values pulled in to ±1e4 (NaN and infinities stay): a shape scaled or stretched to 1e300
/// (by its values, a timing function's overshoot or a spring's velocity) is the known slow
/// class of Fuzz/README.md (every curve flattened to the chord cap even off-canvas), and this
/// fuzzer is about timing.
private func bounded(_ v: Double) -> Double { v.isFinite && abs(v) > 1e4 ? (v < 0 ? -1e4 : 1e4) : v }

private func value(for keyPath: String, _ input: inout FuzzInput) -> Any? {
    if input.choice(16) == 0 { return nil }
    let n = bounded(input.number(scale: 30, offset: -5))
    switch keyPath {
    case "position", "anchorPoint": return CGPoint(x: n, y: bounded(input.number(scale: 30, offset: -5)))
    case "bounds": return CGRect(x: 0, y: 0, width: n, height: bounded(input.number(scale: 30)))
    case "transform", "sublayerTransform":
        switch input.choice(3) {
        case 0: return CATransform3DMakeRotation(n, bounded(input.number(scale: 2, offset: -1)), bounded(input.number(scale: 2, offset: -1)), 1)
        case 1:
            var t = CATransform3DIdentity
            t.m34 = -1 / max(bounded(input.number(scale: 500)), 1)
            return CATransform3DRotate(t, n, 0, 1, 0)
        default: return CATransform3DMakeScale(n / 10, bounded(input.number(scale: 3)), 1)
        }
    case "backgroundColor":
        return CGColor(red: n / 30, green: bounded(input.number(scale: 1)), blue: 0.5, alpha: bounded(input.number(scale: 1)))
    case "path":
        return CGPath(roundedRect: CGRect(x: 0, y: 0, width: abs(n), height: 8), cornerWidth: 2, cornerHeight: 2, transform: nil)
    case "opacity", "shadowOpacity", "strokeEnd": return Float(n / 30)
    default: return n
    }
}

private func timingFunction(_ input: inout FuzzInput) -> CAMediaTimingFunction {
    if input.bool() {
        return CAMediaTimingFunction(name: input.pick([.linear, .easeIn, .easeOut, .easeInEaseOut, .default]))
    }
    return CAMediaTimingFunction(controlPoints: Float(input.number(scale: 1)), Float(bounded(input.number(scale: 4, offset: -2))),
                                 Float(input.number(scale: 1)), Float(bounded(input.number(scale: 4, offset: -2))))
}

/// Sets every CAMediaTiming field of a layer or animation (both classes, so the copy of the
/// reference sets the object's own fields).
private func setTiming(_ object: any CAMediaTiming & AnyObject, _ input: inout FuzzInput) {
    var timing = object
    timing.beginTime = input.number(scale: 4, offset: -1)
    timing.duration = input.number(scale: 3)
    timing.speed = Float(input.number(scale: 4, offset: -1))
    timing.timeOffset = input.number(scale: 4, offset: -2)
    timing.repeatCount = Float(input.number(scale: 5))
    if input.choice(4) == 0 { timing.repeatDuration = input.number(scale: 5) }
    timing.autoreverses = input.bool()
    timing.fillMode = input.pick([.removed, .forwards, .backwards, .both])
}

private func makeAnimation(_ input: inout FuzzInput, depth: Int) -> CAAnimation {
    let keyPath = input.pick(keyPaths)
    let animation: CAAnimation
    switch input.choice(depth < 2 ? 5 : 4) {
    case 0, 1:
        let basic = CABasicAnimation(keyPath: keyPath)
        basic.fromValue = value(for: keyPath, &input)
        basic.toValue = value(for: keyPath, &input)
        if input.choice(4) == 0 { basic.byValue = value(for: keyPath, &input) }
        basic.isAdditive = input.choice(4) == 0
        basic.isCumulative = input.choice(4) == 0
        animation = basic
    case 2:
        let keyframes = CAKeyframeAnimation(keyPath: keyPath)
        let n = input.choice(6)
        keyframes.values = (0..<n).compactMap { _ in value(for: keyPath, &input) }
        if input.bool() { keyframes.keyTimes = (0..<max(0, n + input.choice(3) - 1)).map { _ in NSNumber(value: input.number(scale: 1.2, offset: -0.1)) } }
        if input.bool() { keyframes.timingFunctions = (0..<input.choice(6)).map { _ in timingFunction(&input) } }
        keyframes.calculationMode = input.pick([.linear, .discrete, .paced, .cubic, .cubicPaced])
        if input.choice(4) == 0 {
            keyframes.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: bounded(input.number(scale: 20)), height: 10), transform: nil)
            keyframes.rotationMode = input.bool() ? .rotateAuto : .rotateAutoReverse
        }
        if input.choice(4) == 0 { keyframes.tensionValues = (0..<n).map { _ in NSNumber(value: input.number(scale: 2, offset: -1)) } }
        animation = keyframes
    case 3:
        let spring = input.choice(3) == 0
            ? CASpringAnimation(perceptualDuration: input.number(scale: 2), bounce: input.number(scale: 2, offset: -1))
            : CASpringAnimation(keyPath: keyPath)
        spring.keyPath = keyPath
        spring.fromValue = value(for: keyPath, &input)
        spring.toValue = value(for: keyPath, &input)
        spring.mass = bounded(input.number(scale: 5))
        spring.stiffness = bounded(input.number(scale: 400))
        spring.damping = bounded(input.number(scale: 40))
        spring.initialVelocity = bounded(input.number(scale: 20, offset: -10))
        spring.allowsOverdamping = input.bool()
        if input.bool() { spring.duration = spring.settlingDuration }
        animation = spring
    default:
        let group = CAAnimationGroup()
        group.animations = (0..<input.choice(4)).map { _ in makeAnimation(&input, depth: depth + 1) }
        animation = group
    }
    setTiming(animation, &input)
    if input.bool() { animation.timingFunction = timingFunction(&input) }
    animation.isRemovedOnCompletion = input.bool()
    return animation
}
