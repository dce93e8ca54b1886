import UIKit

/// A choreographed intro: a square slides in, springs up to size, then runs a keyframe
/// sequence (turn, grow, change colour), each step starting in the previous one's completion.
final class AnimationSequenceViewController: UIViewController {
    let box = UIView(frame: CGRect(x: -60, y: 60, width: 40, height: 40))
    private(set) var finishedSteps: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        box.backgroundColor = .systemBlue
        box.layer.cornerRadius = 8
        view.addSubview(box)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        runSequence()
    }

    func runSequence() {
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseOut, animations: {
            self.box.center.x = self.view.bounds.midX
        }, completion: { _ in
            self.finishedSteps.append("slide")
            UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0,
                           options: [], animations: {
                self.box.transform = CGAffineTransform(scaleX: 1.5, y: 1.5)
            }, completion: { _ in
                self.finishedSteps.append("spring")
                self.runKeyframes()
            })
        })
    }

    private func runKeyframes() {
        UIView.animateKeyframes(withDuration: 1.2, delay: 0, options: [.calculationModeLinear], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.4) {
                self.box.transform = CGAffineTransform(rotationAngle: .pi / 4).scaledBy(x: 1.5, y: 1.5)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.4, relativeDuration: 0.3) {
                self.box.backgroundColor = .systemPink
            }
            UIView.addKeyframe(withRelativeStartTime: 0.7, relativeDuration: 0.3) {
                self.box.transform = .identity
                self.box.alpha = 0.6
            }
        }, completion: { finished in
            if finished { self.finishedSteps.append("keyframes") }
        })
    }
}
