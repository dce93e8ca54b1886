// QuartzCore (Core Animation) for Linux.
//
// Apple's CA API in Swift: layers, transactions, actions, animations and media timing.
// The model (CALayer and friends) records changes; a transaction commit turns them into an
// update of the compositor's render tree (LaminaCompositor), which renders frames at any
// media time without touching the model. This module re-exports CoreGraphics (and through it
// Foundation) and the public part of the compositor (CATransform3D and its functions), so
// `import QuartzCore` gives what it gives on Apple's platforms.
@_exported import CoreGraphics
@_exported import LaminaCompositor
