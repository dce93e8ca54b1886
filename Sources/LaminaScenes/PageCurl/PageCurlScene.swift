import QuartzCore

/// Seed 004's demo: a view (an image layer with a sublayer badge, so its snapshot is a real
/// composite) curls away onto a rolling tube of strips (`PageCurlTube`), uncovering the new
/// view underneath. The "curl" command (or a click) adds the transition, which starts when
/// added; "reset" puts the old view back. Strips are configurable.
///
/// Space: the stage's points, origin top-left, y down.
package final class PageCurlScene: SceneModel {
    package let root = CALayer()
    package let newView = CALayer()
    package let oldView = CALayer()
    package let stripCount: Int
    package let script: [ScriptStep]
    /// The running curl, once the "curl" command has come.
    package private(set) var curlTube: PageCurlTube?

    package init(stripCount requested: Int = 10, size: CGSize = CGSize(width: 480, height: 320)) {
        stripCount = min(max(requested, 3), 64)
        script = [ScriptStep(0.5, .command("curl"))]
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.name = "pageCurl"
        newView.frame = root.bounds
        newView.contents = PageArtwork.newPage(size: size)
        newView.name = "newView"
        oldView.frame = root.bounds
        oldView.contents = PageArtwork.oldPage(size: size)
        oldView.contentsScale = 2
        oldView.name = "oldView"
        let badge = CALayer()
        badge.frame = CGRect(x: size.width * 0.66, y: size.height * 0.74, width: size.width * 0.26, height: size.height * 0.12)
        badge.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.35, alpha: 1)
        badge.cornerRadius = 8
        badge.borderWidth = 2
        badge.borderColor = CGColor(gray: 1, alpha: 1)
        oldView.addSublayer(badge)
        root.addSublayer(newView)
        root.addSublayer(oldView)
    }

    package static let commands = [
        SceneCommand("curl", key: "c", "curl the page away"),
        SceneCommand("reset", key: "r", "put the page back"),
    ]
    package static let gestures = [SceneGesture("click", "curl the page away")]

    package func handle(_ input: SceneInput) {
        switch input {
        case .command("curl"), .tap: curl()
        case .command("reset"): reset()
        default: break
        }
    }

    /// Seed 004's MainViewController: make the transition over the old view and put it in
    /// front; its showing starts the curl (its `kCAOnOrderIn` action, the recipe's
    /// `didMoveToSuperview`: added under a shown layer, it is ordered in, §5.5.1). The old
    /// view hides at once.
    private func curl() {
        guard curlTube == nil, let tube = PageCurlTube(over: oldView, stripCount: stripCount) else { return }
        curlTube = tube
        tube.completion = { [weak tube] in tube?.container.removeFromSuperlayer() }
        root.insertSublayer(tube.container, above: oldView)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        oldView.isHidden = true
        CATransaction.commit()
    }

    /// The old page back in place (at once), ready to curl again.
    private func reset() {
        guard let tube = curlTube else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        tube.container.removeFromSuperlayer()
        oldView.isHidden = false
        CATransaction.commit()
        curlTube = nil
    }
}
