// Seed 002 ("Implicit animations", chapter 7 of iOS Core Animation: Advanced Techniques),
// every listing translated line by line from Objective-C into Swift as an iOS developer writes
// it, compiled unchanged against Lamina's UIKit. Two things cannot be written as in a
// storyboard app on Linux: `@IBOutlet` needs the Objective-C runtime, so the outlets are plain
// properties the view controller creates (`layerView` stands in for the storyboard's view),
// and `@IBAction` methods take their sender, as Swift requires without Objective-C.
import UIKit

/// The storyboard of the chapter's examples: a 200x200 view in the middle of the screen.
func makeLayerView() -> UIView {
    let layerView = UIView(frame: CGRect(x: 60, y: 60, width: 200, height: 200))
    layerView.backgroundColor = .white
    return layerView
}

// Listing 7.1 — randomising the layer colour
class Listing7_1ViewController: UIViewController {
    var layerView: UIView! = makeLayerView()
    weak var colorLayer: CALayer!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(layerView)
        //create sublayer
        let colorLayer = CALayer()
        self.colorLayer = colorLayer
        self.colorLayer.frame = CGRect(x: 50.0, y: 50.0, width: 100.0, height: 100.0)
        self.colorLayer.backgroundColor = UIColor.blue.cgColor
        //add it to our view
        self.layerView.layer.addSublayer(self.colorLayer)
    }

    @IBAction func changeColor(_ sender: Any) {
        //randomize the layer background color
        let red = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let green = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let blue = CGFloat(arc4random()) / CGFloat(INT_MAX)
        self.colorLayer.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
    }
}

// Listing 7.2 — controlling the animation duration with CATransaction
class Listing7_2ViewController: Listing7_1ViewController {
    override func changeColor(_ sender: Any) {
        //begin a new transaction
        CATransaction.begin()
        //set the animation duration to 1 second
        CATransaction.setAnimationDuration(1.0)
        //randomize the layer background color
        let red = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let green = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let blue = CGFloat(arc4random()) / CGFloat(INT_MAX)
        self.colorLayer.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
        //commit the transaction
        CATransaction.commit()
    }
}

// Listing 7.3 — a completion block after the colour animation
class Listing7_3ViewController: Listing7_1ViewController {
    override func changeColor(_ sender: Any) {
        //begin a new transaction
        CATransaction.begin()
        //set the animation duration to 1 second
        CATransaction.setAnimationDuration(1.0)
        //add the spin animation on completion
        CATransaction.setCompletionBlock {
            //rotate the layer 90 degrees
            var transform = self.colorLayer.affineTransform()
            transform = transform.rotated(by: CGFloat(M_PI_2))
            self.colorLayer.setAffineTransform(transform)
        }
        //randomize the layer background color
        let red = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let green = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let blue = CGFloat(arc4random()) / CGFloat(INT_MAX)
        self.colorLayer.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
        //commit the transaction
        CATransaction.commit()
    }
}

// Listing 7.4 — setting the view's own layer directly
class Listing7_4ViewController: UIViewController {
    var layerView: UIView! = makeLayerView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(layerView)
        //set the color of our layerView backing layer directly
        self.layerView.layer.backgroundColor = UIColor.blue.cgColor
    }

    @IBAction func changeColor(_ sender: Any) {
        //begin a new transaction
        CATransaction.begin()
        //set the animation duration to 1 second
        CATransaction.setAnimationDuration(1.0)
        //randomize the layer background color
        let red = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let green = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let blue = CGFloat(arc4random()) / CGFloat(INT_MAX)
        self.layerView.layer.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
        //commit the transaction
        CATransaction.commit()
    }
}

// Listing 7.5 — testing UIView's actionForLayer:forKey:
class Listing7_5ViewController: UIViewController {
    var layerView: UIView! = makeLayerView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(layerView)
        //test layer action when outside of animation block
        NSLog("Outside: %@", String(describing: self.layerView.action(for: self.layerView.layer, forKey: "backgroundColor")))
        //begin animation block
        UIView.beginAnimations(nil, context: nil)
        //test layer action when inside of animation block
        NSLog("Inside: %@", String(describing: self.layerView.action(for: self.layerView.layer, forKey: "backgroundColor")))
        //end animation block
        UIView.commitAnimations()
    }
}

// The line the text adds after [CATransaction begin] of listing 7.2
class Listing7_2DisabledViewController: Listing7_1ViewController {
    override func changeColor(_ sender: Any) {
        //begin a new transaction
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        //set the animation duration to 1 second
        CATransaction.setAnimationDuration(1.0)
        //randomize the layer background color
        let red = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let green = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let blue = CGFloat(arc4random()) / CGFloat(INT_MAX)
        self.colorLayer.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
        //commit the transaction
        CATransaction.commit()
    }
}

// Listing 7.6 — a custom action (a push transition) for backgroundColor
class Listing7_6ViewController: UIViewController {
    var layerView: UIView! = makeLayerView()
    weak var colorLayer: CALayer!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(layerView)

        //create sublayer
        let colorLayer = CALayer()
        self.colorLayer = colorLayer
        self.colorLayer.frame = CGRect(x: 50.0, y: 50.0, width: 100.0, height: 100.0)
        self.colorLayer.backgroundColor = UIColor.blue.cgColor
        //add a custom action
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        self.colorLayer.actions = ["backgroundColor": transition]
        //add it to our view
        self.layerView.layer.addSublayer(self.colorLayer)
    }

    @IBAction func changeColor(_ sender: Any) {
        //randomize the layer background color
        let red = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let green = CGFloat(arc4random()) / CGFloat(INT_MAX)
        let blue = CGFloat(arc4random()) / CGFloat(INT_MAX)
        self.colorLayer.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
    }
}

// Listing 7.7 — hit testing the presentation layer
class Listing7_7ViewController: UIViewController {
    var colorLayer: CALayer!

    override func viewDidLoad() {
        super.viewDidLoad()
        //create a red layer
        self.colorLayer = CALayer()
        self.colorLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        self.colorLayer.position = CGPoint(x: self.view.bounds.size.width / 2, y: self.view.bounds.size.height / 2)
        self.colorLayer.backgroundColor = UIColor.red.cgColor
        self.view.layer.addSublayer(self.colorLayer)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        //get the touch point
        let point = touches.first!.location(in: self.view)
        //check if we've tapped the moving layer
        if self.colorLayer.presentation()?.hitTest(point) != nil {
            //randomize the layer background color
            let red = CGFloat(arc4random()) / CGFloat(INT_MAX)
            let green = CGFloat(arc4random()) / CGFloat(INT_MAX)
            let blue = CGFloat(arc4random()) / CGFloat(INT_MAX)
            self.colorLayer.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
        } else {
            //otherwise (slowly) move the layer to new position
            CATransaction.begin()
            CATransaction.setAnimationDuration(4.0)
            self.colorLayer.position = point
            CATransaction.commit()
        }
    }
}
