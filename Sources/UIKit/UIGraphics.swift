import QuartzCore

// UIKit's current graphics context: a stack per thread of the contexts UIKit drawing goes to
// (UIColor.setFill(), UIBezierPath.fill(), UIImage.draw(in:), UIRectFill…). UIKit keeps the
// stack for the main thread only and documents it as main-thread API since iOS 4 allows
// drawing on any thread; Lamina keeps one stack per thread, so concurrent renderers never see
// each other's contexts. Because the stack belongs to the thread, an async function must not
// suspend (`await`) between pushing and popping a context: it may resume on another thread,
// and the thread it left may run other code that sees its context.
//
// What pushes: UIGraphicsPushContext, UIGraphicsBeginImageContext(WithOptions), and a
// UIGraphicsImageRenderer for the duration of its actions closure.

/// Lamina's main screen scale, in pixels per point: what a scale of 0 means in
/// `UIGraphicsBeginImageContextWithOptions` and the default `UIGraphicsImageRendererFormat`
/// scale (UIKit uses `UIScreen.main.scale`; Lamina's screens are 2× Retina by default).
/// UIScreen should share this constant.
let defaultScreenScale: CGFloat = 2

/// One entry of a thread's context stack.
struct UIGraphicsStackEntry {
    enum Kind {
        /// Pushed by UIGraphicsPushContext or a renderer.
        case pushed
        /// Made by UIGraphicsBeginImageContextWithOptions: its image comes from
        /// UIGraphicsGetImageFromCurrentImageContext.
        case imageContext(ImageBitmap)
    }
    let context: CGContext
    let kind: Kind
}

/// The calling thread's context stack.
final class UIGraphicsContextStack {
    var entries: [UIGraphicsStackEntry] = []

    private static let key = "org.lamina.UIKit.UIGraphicsContextStack"

    /// The stack of the calling thread (made on first use; it lives as long as the thread).
    static var current: UIGraphicsContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? UIGraphicsContextStack { return stack }
        let stack = UIGraphicsContextStack()
        dictionary[key] = stack
        return stack
    }

    func push(_ context: CGContext, kind: UIGraphicsStackEntry.Kind = .pushed) {
        entries.append(UIGraphicsStackEntry(context: context, kind: kind))
    }

    @discardableResult
    func pop() -> UIGraphicsStackEntry? { entries.popLast() }
}

/// The context UIKit drawing goes to on this thread: the top of its context stack, or nil
/// when nothing has been pushed (outside `draw(_:)`, an image context or a renderer).
public func UIGraphicsGetCurrentContext() -> CGContext? {
    UIGraphicsContextStack.current.entries.last?.context
}

/// Makes `context` the current context (push it on this thread's stack).
public func UIGraphicsPushContext(_ context: CGContext) {
    UIGraphicsContextStack.current.push(context)
}

/// Restores the context that was current before the last push. Popping an empty stack does
/// nothing (UIKit logs and ignores it too).
public func UIGraphicsPopContext() {
    UIGraphicsContextStack.current.pop()
}

// MARK: - Rect drawing functions

/// Fills `rect` (current user space) with the current fill colour in `.copy` mode, as UIKit's
/// UIRectFill does (so a translucent colour replaces what is there). Does nothing without a
/// current context.
public func UIRectFill(_ rect: CGRect) {
    UIRectFillUsingBlendMode(rect, .copy)
}

/// Fills `rect` with the current fill colour in `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    ctx.saveGState()
    ctx.setBlendMode(blendMode)
    ctx.fill(rect)
    ctx.restoreGState()
}

/// Draws a one-point frame just inside `rect` with the current fill colour (UIKit draws the
/// frame as four filled edge rects, hence the fill colour), in `.copy` mode.
public func UIRectFrame(_ rect: CGRect) {
    UIRectFrameUsingBlendMode(rect, .copy)
}

/// Draws a one-point frame just inside `rect` with the current fill colour in `blendMode`.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard !r.isNull, r.width > 0, r.height > 0 else { return }
    let t = min(1, r.height), s = min(1, r.width)
    var edges = [CGRect(x: r.minX, y: r.minY, width: r.width, height: t)]
    if r.height > 1 {
        edges.append(CGRect(x: r.minX, y: r.maxY - t, width: r.width, height: t))
        if r.height > 2 {
            edges.append(CGRect(x: r.minX, y: r.minY + 1, width: s, height: r.height - 2))
            if r.width > 1 { edges.append(CGRect(x: r.maxX - s, y: r.minY + 1, width: s, height: r.height - 2)) }
        }
    }
    ctx.saveGState()
    ctx.setBlendMode(blendMode)
    ctx.fill(edges)
    ctx.restoreGState()
}

/// Intersects the current context's clip with `rect`.
public func UIRectClip(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.clip(to: rect)
}
