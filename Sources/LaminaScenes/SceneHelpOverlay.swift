import QuartzCore

/// The on-screen help of a scene's window, drawn with layers over the scene:
///
/// - a "? help" badge in the top-right corner, always shown: clicking it opens the help;
/// - the help panel (toggled by `?` or by the badge): one button per scene command — its key in
///   a key cap, then what it does — and a line per pointer gesture. Clicking a button closes
///   the help and runs the command; clicking elsewhere just closes it.
///
/// Buttons are plain layers named `helpButton:<command>`, found by `CALayer.hitTest(_:)` like
/// any layer. Space: the window's points (origin top-left, y down), the coordinate space of
/// the layer the overlay is added to. The overlay lives in the window only: offline renders
/// and goldens never see it.
package final class SceneHelpOverlay {
    /// What a click on the overlay did.
    package enum Hit: Equatable {
        /// A command's button: the help closed; the caller runs the command.
        case command(String)
        /// The badge toggled the help, or a click on the open help closed it.
        case overlay
    }

    /// The help panel; hidden while the help is closed.
    package let panel = CALayer()
    /// The "? help" badge.
    package let badge = CALayer()
    static let buttonPrefix = "helpButton:"
    static let badgeName = "helpBadge"
    static let rowHeight: CGFloat = 20
    static let ink = CGColor(gray: 0.95, alpha: 1)
    static let dim = CGColor(gray: 0.75, alpha: 1)
    static let keyCap = CGColor(red: 0.25, green: 0.45, blue: 0.85, alpha: 1)
    static let rowFill = CGColor(gray: 1, alpha: 0.08)

    /// Whether the help panel is open.
    package var isShown: Bool { !panel.isHidden }

    /// The help of `descriptor` for a window of `size` points. Build it and add its layers
    /// (`add(to:)`) in one transaction.
    package init(_ descriptor: SceneDescriptor, size: CGSize) {
        let width = min(max(size.width - 32, 200), 560)
        panel.name = "helpPanel"
        panel.backgroundColor = CGColor(red: 0.05, green: 0.06, blue: 0.09, alpha: 0.88)
        panel.cornerRadius = 10
        panel.zPosition = 100_000
        panel.isHidden = true
        var y: CGFloat = 10
        panel.addSublayer(Self.text("\(descriptor.name): keys and buttons", CGRect(x: 14, y: y, width: width - 28, height: 20),
                                    size: 15, color: Self.ink, bold: true))
        y += 26
        for command in descriptor.commands {
            let row = CALayer()
            row.name = Self.buttonPrefix + command.name
            row.frame = CGRect(x: 10, y: y, width: width - 20, height: Self.rowHeight - 2)
            row.backgroundColor = Self.rowFill
            row.cornerRadius = 4
            let cap = CALayer()
            cap.frame = CGRect(x: 2, y: 1, width: 20, height: Self.rowHeight - 4)
            cap.backgroundColor = Self.keyCap
            cap.cornerRadius = 3
            cap.addSublayer(Self.text(String(command.key), CGRect(x: 0, y: 0, width: 20, height: Self.rowHeight - 4),
                                      size: 12, color: Self.ink, bold: true, alignment: .center))
            row.addSublayer(cap)
            row.addSublayer(Self.text(command.summary, CGRect(x: 30, y: 2, width: width - 56, height: 16),
                                      size: 12, color: Self.ink))
            panel.addSublayer(row)
            y += Self.rowHeight
        }
        if !descriptor.gestures.isEmpty { y += 4 }
        for gesture in descriptor.gestures {
            panel.addSublayer(Self.text("\(gesture.action): \(gesture.summary)", CGRect(x: 14, y: y, width: width - 28, height: 16),
                                        size: 12, color: Self.dim))
            y += 17
        }
        y += 6
        panel.addSublayer(Self.text("Click a button or press its key. ? closes this help, Esc quits.",
                                    CGRect(x: 14, y: y, width: width - 28, height: 16), size: 11, color: Self.dim))
        y += 17
        panel.addSublayer(Self.text("d: debug overlay (frame time, dropped frames, damage). o: damage outlines.",
                                    CGRect(x: 14, y: y, width: width - 28, height: 16), size: 11, color: Self.dim))
        y += 24
        panel.bounds = CGRect(x: 0, y: 0, width: width, height: y)
        panel.position = CGPoint(x: size.width / 2, y: max(y / 2 + 4, size.height / 2))

        badge.name = Self.badgeName
        badge.frame = CGRect(x: size.width - 62, y: 6, width: 56, height: 20)
        badge.backgroundColor = CGColor(red: 0.05, green: 0.06, blue: 0.09, alpha: 0.55)
        badge.cornerRadius = 10
        badge.zPosition = 100_001
        badge.addSublayer(Self.text("? help", CGRect(x: 0, y: 3, width: 56, height: 16), size: 11, color: Self.ink,
                                    bold: true, alignment: .center))
    }

    /// Adds the panel and the badge on top of `layer`'s sublayers.
    package func add(to layer: CALayer) {
        layer.addSublayer(panel)
        layer.addSublayer(badge)
    }

    /// Opens or closes the help, at once (no implicit fade).
    package func setShown(_ shown: Bool) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        panel.isHidden = !shown
        CATransaction.commit()
    }

    package func toggle() { setShown(!isShown) }

    /// Handles a click at `point` (the overlay's superlayer space): nil when the overlay is
    /// not involved and the click belongs to the scene.
    package func click(at point: CGPoint) -> Hit? {
        if let hit = badge.hitTest(point), hit === badge || hit.superlayer === badge {
            toggle()
            return .overlay
        }
        guard isShown else { return nil }
        // Hit-test while the panel is still shown (hidden layers are never hit).
        var layer = panel.hitTest(point)
        setShown(false)
        while let l = layer, l !== panel {
            if let name = l.name, name.hasPrefix(Self.buttonPrefix) {
                return .command(String(name.dropFirst(Self.buttonPrefix.count)))
            }
            layer = l.superlayer
        }
        return .overlay
    }

    /// Whether a press at `point` lands on the overlay (the badge, or anywhere while the help
    /// is open) rather than on the scene.
    package func covers(_ point: CGPoint) -> Bool {
        isShown || badge.hitTest(point) != nil
    }

    /// The commands' button layers (for tests): name → frame in the overlay's superlayer space.
    package var buttonFrames: [String: CGRect] {
        var result: [String: CGRect] = [:]
        for row in panel.sublayers ?? [] {
            guard let name = row.name, name.hasPrefix(Self.buttonPrefix) else { continue }
            result[String(name.dropFirst(Self.buttonPrefix.count))] = panel.convert(row.frame, to: panel.superlayer)
        }
        return result
    }

    static func text(_ string: String, _ frame: CGRect, size: CGFloat, color: CGColor, bold: Bool = false,
                     alignment: CATextLayerAlignmentMode = .left) -> CATextLayer {
        let t = CATextLayer()
        t.frame = frame
        t.string = string
        t.font = bold ? "Helvetica-Bold" : "Helvetica"
        t.fontSize = size
        t.foregroundColor = color
        t.alignmentMode = alignment
        t.truncationMode = .end
        t.contentsScale = 2
        return t
    }
}
