import Foundation
import Testing
@testable import UIKit

final class LifecycleController: UIViewController {
    var log: [String] = []
    override func loadView() {
        log.append("loadView")
        view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    }
    override func viewDidLoad() { log.append("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.append("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.append("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("viewDidDisappear") }
    override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews") }
    override func willMove(toParent parent: UIViewController?) { log.append("willMove(\(parent == nil ? "nil" : "parent"))") }
    override func didMove(toParent parent: UIViewController?) { log.append("didMove(\(parent == nil ? "nil" : "parent"))") }
}

@Suite struct UIViewControllerTests {
    @Test func viewLoadsLazilyOnce() {
        let vc = LifecycleController()
        #expect(!vc.isViewLoaded)
        #expect(vc.viewIfLoaded == nil)
        _ = vc.view
        _ = vc.view
        #expect(vc.log == ["loadView", "viewDidLoad"])
        #expect(vc.view.next === vc)
    }

    @Test func lifecycleInAWindow() throws {
        let vc = LifecycleController()
        let f = try UIKitFixture(controller: vc)
        #expect(Array(vc.log.prefix(4)) == ["loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear"])
        #expect(vc.view.frame == f.window.bounds)
        vc.log = []
        f.now { vc.view.setNeedsLayout() }
        f.host.runFrames(1)
        #expect(vc.log == ["viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        vc.log = []
        f.now { f.window.rootViewController = nil }
        #expect(vc.log == ["viewWillDisappear", "viewDidDisappear"])
    }

    @Test func childControllersAppearWithTheirParentsView() throws {
        let f = try UIKitFixture()
        let child = LifecycleController()
        f.now {
            f.controller.addChild(child)
            f.controller.view.addSubview(child.view)
            child.didMove(toParent: f.controller)
        }
        #expect(child.log == ["willMove(parent)", "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "didMove(parent)"])
        #expect(f.controller.children.first === child)
        #expect(child.parent === f.controller)
        child.log = []
        f.now {
            child.willMove(toParent: nil)
            child.view.removeFromSuperview()
            child.removeFromParent()
        }
        #expect(child.log == ["willMove(nil)", "viewWillDisappear", "viewDidDisappear", "didMove(nil)"])
        #expect(f.controller.children.isEmpty)
    }

    @Test func screenDefaults() {
        #expect(UIScreen.main.scale == 2)
        #expect(UIScreen.main.bounds.size == CGSize(width: 375, height: 667))
        #expect(UIScreen.main.maximumFramesPerSecond == 60)
        #expect(UIScreen.main.nativeBounds.width == 750)
        #expect(UIWindow(frame: .zero).windowScene == nil)
    }
}
