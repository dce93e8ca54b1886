// Seed 003 (Core Animation Programming Guide, "Advanced Animation Tricks"), every listing in
// Swift as an iOS developer writes it, compiled unchanged against Lamina's UIKit. Example 5-1
// comes with the seed's own Swift version (and its view controller); the others are translated
// line by line from Objective-C. Example 5-2 is an OS X listing (Core Image filters on
// transitions); Lamina's QuartzCore renders CIBarsSwipeTransition, so it runs here too.
import UIKit

// Example 5-1 — swapping two views with a push transition (the seed's Swift, as given)
class Example5_1ViewController: UIViewController {
    var myView1: UIView!
    var myView2: UIView!

    override func viewDidLoad() {
        super.viewDidLoad()
        setupSubviews()
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        let transition = CATransition()
        transition.startProgress = 0.0
        transition.endProgress = 1.0
        transition.type = .push
        transition.subtype = .fromRight
        transition.duration = 3.0

        myView1.layer.add(transition, forKey: "transition")
        myView2.layer.add(transition, forKey: "transition")

        myView1.isHidden = true
        myView2.isHidden = false
    }
}

extension Example5_1ViewController {
    func setupSubviews() {
        myView2 = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        myView2.backgroundColor = UIColor.blue
        view.addSubview(myView2)

        myView1 = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        myView1.backgroundColor = UIColor.red
        view.addSubview(myView1)
    }
}

// Example 5-1 in Objective-C, line by line
func example5_1(myView1: UIView, myView2: UIView) {
    let transition = CATransition()
    transition.startProgress = 0
    transition.endProgress = 1.0
    transition.type = CATransitionType.push
    transition.subtype = CATransitionSubtype.fromRight
    transition.duration = 1.0

    // Add the transition animation to both layers
    myView1.layer.add(transition, forKey: "transition")
    myView2.layer.add(transition, forKey: "transition")

    // Finally, change the visibility of the layers.
    myView1.isHidden = true
    myView2.isHidden = false
}

// Example 5-2 — a Core Image filter as the transition (OS X in the guide)
class Example5_2Controller {
    let imageView = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
    let imageView2 = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))

    func swapImages() {
        // Create the Core Image filter, setting several key parameters.
        let aFilter = CIFilter(name: "CIBarsSwipeTransition")!
        aFilter.setValue(NSNumber(value: 3.14 as Float), forKey: "inputAngle")
        aFilter.setValue(NSNumber(value: 30.0 as Float), forKey: "inputWidth")
        aFilter.setValue(NSNumber(value: 10.0 as Float), forKey: "inputBarOffset")

        // Create the transition object
        let transition = CATransition()
        transition.startProgress = 0
        transition.endProgress = 1.0
        transition.filter = aFilter
        transition.duration = 1.0

        self.imageView2.isHidden = false
        self.imageView.layer.add(transition, forKey: "transition")
        self.imageView2.layer.add(transition, forKey: "transition")
        self.imageView.isHidden = true
    }
}

// Example 5-3 — a layer's current local time
func example5_3(myLayer: CALayer) -> CFTimeInterval {
    let localLayerTime: CFTimeInterval = myLayer.convertTime(CACurrentMediaTime(), from: nil)
    return localLayerTime
}

// Example 5-4 — pausing and resuming a layer's animations
func pauseLayer(_ layer: CALayer) {
    let pausedTime: CFTimeInterval = layer.convertTime(CACurrentMediaTime(), from: nil)
    layer.speed = 0.0
    layer.timeOffset = pausedTime
}

func resumeLayer(_ layer: CALayer) {
    let pausedTime: CFTimeInterval = layer.timeOffset
    layer.speed = 1.0
    layer.timeOffset = 0.0
    layer.beginTime = 0.0
    let timeSincePause: CFTimeInterval = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
    layer.beginTime = timeSincePause
}

// Example 5-5 — an explicit transaction
func example5_5(theLayer: CALayer) {
    CATransaction.begin()
    theLayer.zPosition = 200.0
    theLayer.opacity = 0.0
    CATransaction.commit()
}

// Example 5-6 — changing the default duration of animations
func example5_6(theLayer: CALayer) {
    CATransaction.begin()
    CATransaction.setValue(NSNumber(value: 10.0 as Float), forKey: kCATransactionAnimationDuration)
    // Perform the animations
    theLayer.opacity = 0.5
    CATransaction.commit()
}

// Example 5-7 — nesting explicit transactions
func example5_7(theLayer: CALayer) {
    CATransaction.begin() // Outer transaction

    // Change the animation duration to two seconds
    CATransaction.setValue(NSNumber(value: 2.0 as Float), forKey: kCATransactionAnimationDuration)
    // Move the layer to a new position
    theLayer.position = CGPoint(x: 0.0, y: 0.0)

    CATransaction.begin() // Inner transaction
    // Change the animation duration to five seconds
    CATransaction.setValue(NSNumber(value: 5.0 as Float), forKey: kCATransactionAnimationDuration)

    // Change the zPosition and opacity
    theLayer.zPosition = 200.0
    theLayer.opacity = 0.0

    CATransaction.commit() // Inner transaction

    CATransaction.commit() // Outer transaction
}

// Example 5-8 — a perspective transform on a parent layer
func example5_8(myParentLayer: CALayer, eyePosition: CGFloat) {
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / eyePosition

    // Apply the transform to a parent layer.
    myParentLayer.sublayerTransform = perspective
}
