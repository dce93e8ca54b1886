import QuartzCore

/// Seed 003 (transitions, media timing, transactions, perspective), eight panels of 100 x 100
/// points on a 480 x 320 stage, each one listing of the chapter:
///
/// | panel | listing | what happens |
/// |---|---|---|
/// | push | 5-1 | red view pushed out to the left by the blue one (fromRight, 1 s) |
/// | types | 5-1 generalised | a colour swap through fade, moveIn, reveal, push and our pageCurl / flip |
/// | chain | beginTime | three bars fade in 0.4 s apart, fillMode backwards |
/// | chain | timeOffset in a group | "wave": each bar's animation group has children offset 0.2 s per bar, so the bars ripple |
/// | autoreverse | repeatCount | autoreverses with repeatCount 1.5: ends at the end value |
/// | pause | 5-4 | a spinner paused at 1.75 s (a diamond, 225° round) and resumed at 3.5 s, exactly as the listing does it |
/// | nested | 5-7 | position over 2 s (outer transaction), zPosition and opacity over 5 s (inner) |
/// | perspective | 5-8 | sublayerTransform m34 = −1/eye; zPosition changes apparent size |
/// | bars | 5-2 | the bars-swipe filter transition (Lamina's BarsSwipeTransitionFilter) |
package final class TransitionsScene: SceneModel {
    package let root = CALayer()
    package let script: [ScriptStep]
    package let pushFirst = CALayer(), pushSecond = CALayer()
    package let typesLayer = CALayer()
    package let chainBars: [CALayer] = (0..<3).map { _ in CALayer() }
    package let bouncer = CALayer()
    package let spinner = CALayer()
    package let nested = CALayer()
    package let perspectiveParent = CALayer()
    package let perspectiveChildren: [CALayer] = (0..<3).map { _ in CALayer() }
    package let barsFirst = CALayer(), barsSecond = CALayer()

    /// The transition types the "types" panel steps through, with their subtypes.
    static let typeSequence: [(CATransitionType, CATransitionSubtype?)] = [
        (.fade, nil), (.moveIn, .fromTop), (.reveal, .fromBottom), (.push, .fromLeft), (.pageCurl, .fromRight), (.flip, .fromLeft),
    ]
    static let palette: [CGColor] = [
        CGColor(red: 0.90, green: 0.30, blue: 0.24, alpha: 1), CGColor(red: 0.20, green: 0.60, blue: 0.86, alpha: 1),
        CGColor(red: 0.18, green: 0.80, blue: 0.44, alpha: 1), CGColor(red: 0.95, green: 0.77, blue: 0.06, alpha: 1),
        CGColor(red: 0.61, green: 0.35, blue: 0.71, alpha: 1), CGColor(red: 0.90, green: 0.49, blue: 0.13, alpha: 1),
        CGColor(red: 0.10, green: 0.74, blue: 0.61, alpha: 1),
    ]
    private var typeIndex = 0

    package init() {
        script = [
            ScriptStep(0.5, .command("push")),
            ScriptStep(0.5, .command("next-type")),
            ScriptStep(0.5, .command("chain")),
            ScriptStep(0.5, .command("autoreverse")),
            ScriptStep(0.5, .command("spin")),
            ScriptStep(0.5, .command("nested")),
            ScriptStep(0.5, .command("bars")),
            ScriptStep(1.0, .command("perspective")),
            ScriptStep(1.5, .command("next-type")),
            ScriptStep(1.75, .command("pause")),
            ScriptStep(2.5, .command("next-type")),
            ScriptStep(3.5, .command("resume")),
            ScriptStep(3.5, .command("next-type")),
            ScriptStep(3.7, .command("wave")),
            ScriptStep(4.5, .command("next-type")),
            ScriptStep(5.5, .command("next-type")),
        ]
        root.bounds = CGRect(x: 0, y: 0, width: 480, height: 320)
        root.position = CGPoint(x: 240, y: 160)
        root.backgroundColor = CGColor(red: 0.12, green: 0.13, blue: 0.16, alpha: 1)
        root.name = "stage"
        let panels = (0..<8).map { i in Self.panel(column: i % 4, row: i / 4) }
        panels.forEach(root.addSublayer)
        buildPush(in: panels[0])
        buildTypes(in: panels[1])
        buildChain(in: panels[2])
        bouncer.frame = CGRect(x: 5, y: 40, width: 20, height: 20)
        bouncer.backgroundColor = Self.palette[3]
        panels[3].addSublayer(bouncer)
        spinner.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        spinner.backgroundColor = Self.palette[4]
        panels[4].addSublayer(spinner)
        nested.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
        nested.backgroundColor = Self.palette[5]
        panels[5].addSublayer(nested)
        buildPerspective(in: panels[6])
        buildBars(in: panels[7])
    }

    /// A 100 x 100 panel; panels are laid out four to a row.
    static func panel(column: Int, row: Int) -> CALayer {
        let p = CALayer()
        p.frame = CGRect(x: 16 + CGFloat(column) * 116, y: 50 + CGFloat(row) * 140, width: 100, height: 100)
        p.backgroundColor = CGColor(red: 0.22, green: 0.24, blue: 0.28, alpha: 1)
        p.cornerRadius = 8
        return p
    }

    private func buildPush(in panel: CALayer) {
        // Listing 5-1's setup: both views at the same frame, myView1 (red) on top.
        pushSecond.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        pushSecond.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        pushSecond.isHidden = true
        pushFirst.frame = pushSecond.frame
        pushFirst.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        panel.addSublayer(pushSecond)
        panel.addSublayer(pushFirst)
        panel.masksToBounds = true
    }

    private func buildTypes(in panel: CALayer) {
        typesLayer.frame = CGRect(x: 15, y: 15, width: 70, height: 70)
        typesLayer.backgroundColor = Self.palette[0]
        panel.addSublayer(typesLayer)
    }

    private func buildChain(in panel: CALayer) {
        for (i, bar) in chainBars.enumerated() {
            bar.frame = CGRect(x: 10 + CGFloat(i) * 30, y: 10, width: 20, height: 80)
            bar.backgroundColor = Self.palette[i + 1]
            panel.addSublayer(bar)
        }
    }

    private func buildPerspective(in panel: CALayer) {
        perspectiveParent.frame = panel.bounds
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300   // listing 5-8 with eyePosition = 300 points
        perspectiveParent.sublayerTransform = perspective
        for (i, child) in perspectiveChildren.enumerated() {
            child.frame = CGRect(x: 8 + CGFloat(i) * 30, y: 35, width: 24, height: 30)
            child.backgroundColor = Self.palette[i + 4]
            perspectiveParent.addSublayer(child)
        }
        perspectiveChildren[0].zPosition = -100
        perspectiveChildren[2].zPosition = 60
        panel.addSublayer(perspectiveParent)
    }

    private func buildBars(in panel: CALayer) {
        barsSecond.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        barsSecond.backgroundColor = Self.palette[6]
        barsSecond.isHidden = true
        barsFirst.frame = barsSecond.frame
        barsFirst.backgroundColor = Self.palette[3]
        panel.addSublayer(barsSecond)
        panel.addSublayer(barsFirst)
    }

    package static let commands = [
        SceneCommand("push", key: "p", "push the other view in (listing 5-1)"),
        SceneCommand("next-type", key: "t", "next transition type"),
        SceneCommand("chain", key: "c", "bars fade in 0.4 s apart (beginTime)"),
        SceneCommand("wave", key: "w", "bars ripple: grouped animations with timeOffsets"),
        SceneCommand("autoreverse", key: "a", "autoreverse, repeatCount 1.5"),
        SceneCommand("spin", key: "s", "start the spinner"),
        SceneCommand("pause", key: "z", "pause the spinner (listing 5-4)"),
        SceneCommand("resume", key: "x", "resume the spinner (listing 5-4)"),
        SceneCommand("nested", key: "n", "nested transactions, 2 s and 5 s (5-7)"),
        SceneCommand("perspective", key: "e", "move the middle layer towards the eye (5-8)"),
        SceneCommand("bars", key: "b", "bars-swipe transition (5-2)"),
    ]

    package func handle(_ input: SceneInput) {
        guard case .command(let name) = input else { return }
        switch name {
        case "push": push()
        case "next-type": nextType()
        case "chain": TimingDemos.chain(chainBars)
        case "wave": TimingDemos.groupWave(chainBars)
        case "autoreverse": TimingDemos.autoreverse(bouncer, toX: bouncer.position.x > 50 ? 15 : 85)
        case "spin": TimingDemos.spin(spinner)
        case "pause": TimingDemos.pauseLayer(spinner)
        case "resume": TimingDemos.resumeLayer(spinner)
        case "nested":
            if nested.opacity == 0 { TimingDemos.undoNestedTransactions(nested) } else { TimingDemos.nestedTransactions(nested) }
        case "perspective":
            let layer = perspectiveChildren[1]
            TimingDemos.approach(layer, zPosition: layer.zPosition == 0 ? 90 : 0)
        case "bars": bars()
        default: break
        }
    }

    /// Listing 5-1, verbatim apart from the view names; again, it pushes the first view back.
    private func push() {
        let showFirst = pushFirst.isHidden
        let transition = CATransition()
        transition.startProgress = 0
        transition.endProgress = 1
        transition.type = .push
        transition.subtype = .fromRight
        transition.duration = 1
        pushFirst.add(transition, forKey: "transition")
        pushSecond.add(transition, forKey: "transition")
        pushFirst.isHidden = !showFirst
        pushSecond.isHidden = showFirst
    }

    private func nextType() {
        let (type, subtype) = Self.typeSequence[typeIndex % Self.typeSequence.count]
        typeIndex += 1
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 0.8
        typesLayer.add(transition, forKey: nil)
        // The transition animates the change; the colour itself must not cross-fade too.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        typesLayer.backgroundColor = Self.palette[typeIndex % Self.palette.count]
        CATransaction.commit()
    }

    /// Listing 5-2 with Lamina's bars-swipe filter in place of Core Image's; again, it swipes
    /// back.
    private func bars() {
        let (appearing, leaving) = barsFirst.isHidden ? (barsFirst, barsSecond) : (barsSecond, barsFirst)
        let transition = CATransition()
        transition.startProgress = 0
        transition.endProgress = 1
        transition.filter = BarsSwipeTransitionFilter(angle: 3.14, width: 30, barOffset: 10)
        transition.duration = 1
        appearing.isHidden = false
        barsFirst.add(transition, forKey: "transition")
        barsSecond.add(transition, forKey: "transition")
        leaving.isHidden = true
    }
}
