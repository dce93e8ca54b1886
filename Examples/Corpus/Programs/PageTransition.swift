import UIKit

/// Onboarding pages that slide in from the right with a push transition on each tap, the
/// pattern of seed 003's example 5-1 applied to a stack of pages.
final class OnboardingViewController: UIViewController {
    private var pages: [UIView] = []
    private(set) var currentPage = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.clipsToBounds = true
        let colors: [UIColor] = [.systemBlue, .systemGreen, .systemOrange]
        for (i, color) in colors.enumerated() {
            let page = UIView(frame: view.bounds)
            page.backgroundColor = color
            page.isHidden = i != 0
            let dot = CALayer()
            dot.frame = CGRect(x: page.bounds.midX - 20, y: page.bounds.midY - 20, width: 40, height: 40)
            dot.cornerRadius = 20
            dot.backgroundColor = UIColor.white.cgColor
            page.layer.addSublayer(dot)
            view.addSubview(page)
            pages.append(page)
        }
    }

    func showNextPage() {
        let next = (currentPage + 1) % pages.count
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromRight
        transition.duration = 0.5
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        view.layer.add(transition, forKey: kCATransition)
        pages[currentPage].isHidden = true
        pages[next].isHidden = false
        currentPage = next
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        showNextPage()
    }
}
