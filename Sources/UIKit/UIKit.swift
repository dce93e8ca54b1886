// UIKit for Linux (opt-in): UIKit's names and behaviour for what Core Animation code reaches
// for — UIColor, UIBezierPath, UIImage, UIGraphics…, UIView and its animations, gesture
// recognizers, UIScreen/UIWindow/UIViewController — over QuartzCore and LaminaKit, so iOS code
// that starts with `import UIKit` compiles unchanged. As on iOS, `import UIKit` also gives
// Foundation, CoreGraphics and QuartzCore.
@_exported import Foundation
@_exported import QuartzCore
