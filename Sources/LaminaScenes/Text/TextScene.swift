import QuartzCore

/// Text: CATextLayer's alignment modes, wrapping, truncation, fonts mapped from Apple's names,
/// a paragraph with a hard break, text on a perspective-tilted card with a shadow, and a label
/// whose string a tap changes (redrawn at the next commit). 480 x 320 points, y down.
///
/// Script: one tap at 1.0 s. Text layers draw at contentsScale 2, as an app sets it to the
/// screen's scale, so the text stays crisp at the CLI's and the window's 2x.
package final class TextScene: SceneModel {
    package let root = CALayer()
    package let script: [ScriptStep] = [ScriptStep(1.0, .tap(CGPoint(x: 240, y: 160), touches: 1))]
    /// The label the tap changes.
    package let counter: CATextLayer
    package private(set) var taps = 0

    static let ink = CGColor(red: 0.16, green: 0.20, blue: 0.32, alpha: 1)
    static let coral = CGColor(red: 0.96, green: 0.42, blue: 0.36, alpha: 1)
    static let teal = CGColor(red: 0.10, green: 0.64, blue: 0.62, alpha: 1)
    static let white = CGColor(gray: 1, alpha: 1)
    static let pangram = "The quick brown fox jumps over the lazy dog"

    package init() {
        root.bounds = CGRect(x: 0, y: 0, width: 480, height: 320)
        root.position = CGPoint(x: 240, y: 160)
        root.backgroundColor = CGColor(red: 0.94, green: 0.94, blue: 0.96, alpha: 1)
        root.name = "text"

        root.addSublayer(Self.text("CATextLayer on Linux", CGRect(x: 20, y: 14, width: 330, height: 32),
                                   font: "Helvetica-Bold", size: 24))
        counter = Self.text("Tap to count", CGRect(x: 350, y: 20, width: 110, height: 20), font: "Helvetica",
                            size: 14, color: Self.teal, alignment: .right)
        root.addSublayer(counter)

        // Alignment: one panel per mode.
        let modes: [(CATextLayerAlignmentMode, String)] = [
            (.left, "left"), (.center, "center"), (.right, "right"), (.justified, "justified text fills each line"),
        ]
        for (i, (mode, string)) in modes.enumerated() {
            let panel = Self.panel(CGRect(x: 20 + CGFloat(i) * 112, y: 56, width: 104, height: 44))
            let t = Self.text(string, panel.bounds.insetBy(dx: 6, dy: 5), font: nil, size: 13, alignment: mode)
            t.isWrapped = true
            panel.addSublayer(t)
            root.addSublayer(panel)
        }

        // Truncation: the same line cut at its start, middle and end.
        let cuts: [CATextLayerTruncationMode] = [.start, .middle, .end]
        for (i, mode) in cuts.enumerated() {
            let t = Self.text(Self.pangram, CGRect(x: 20 + CGFloat(i) * 149, y: 110, width: 141, height: 18),
                              font: "Menlo", size: 12, color: Self.coral)
            t.truncationMode = mode
            root.addSublayer(t)
        }

        // Fonts: Apple's names, drawn in the DejaVu face each maps to.
        let fonts = ["Helvetica", "Times-Italic", "Menlo-Bold", "Georgia"]
        for (i, name) in fonts.enumerated() {
            root.addSublayer(Self.text(name, CGRect(x: 20 + CGFloat(i) * 112, y: 136, width: 112, height: 22),
                                       font: name, size: 15))
        }

        // A wrapped paragraph with a hard break, cut with an ellipsis where the panel ends.
        let para = Self.panel(CGRect(x: 20, y: 168, width: 250, height: 132))
        let body = Self.text("Text wraps at spaces; a word too long for a line, like "
                             + "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz, breaks between "
                             + "characters.\nHard breaks are kept, and an ellipsis ends text the panel is too short for.",
                             para.bounds.insetBy(dx: 8, dy: 6), font: "Times", size: 13)
        body.isWrapped = true
        body.truncationMode = .end
        para.addSublayer(body)
        root.addSublayer(para)

        // A card tilted in perspective: text is layer content like any other.
        let stage = CALayer()
        stage.frame = CGRect(x: 290, y: 168, width: 170, height: 132)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        stage.sublayerTransform = perspective
        let card = Self.text("3D", CGRect(x: 25, y: 16, width: 120, height: 100), font: "Helvetica-Bold",
                             size: 64, color: Self.white, alignment: .center)
        card.backgroundColor = Self.coral
        card.cornerRadius = 14
        card.shadowOpacity = 0.35
        card.shadowRadius = 8
        card.shadowOffset = CGSize(width: 0, height: 6)
        card.transform = CATransform3DMakeRotation(.pi / 5, 0, 1, 0)
        stage.addSublayer(card)
        root.addSublayer(stage)
    }

    package func handle(_ input: SceneInput) {
        guard case .tap = input else { return }
        taps += 1
        counter.string = taps == 1 ? "Tapped once" : "Tapped \(taps) times"
    }

    static func text(_ string: String, _ frame: CGRect, font: String?, size: CGFloat, color: CGColor = ink,
                     alignment: CATextLayerAlignmentMode = .natural) -> CATextLayer {
        let t = CATextLayer()
        t.frame = frame
        t.string = string
        t.font = font
        t.fontSize = size
        t.foregroundColor = color
        t.alignmentMode = alignment
        t.contentsScale = 2
        return t
    }

    static func panel(_ frame: CGRect) -> CALayer {
        let p = CALayer()
        p.frame = frame
        p.backgroundColor = white
        p.cornerRadius = 8
        return p
    }
}
