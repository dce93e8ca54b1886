// QuartzCore (Core Animation) for Linux.
//
// Apple's CA API in Swift: layers, transactions, actions, animations and media timing.
// This module re-exports CoreGraphics (and through it Foundation) and the public part of the
// compositor (CATransform3D and its functions), so `import QuartzCore` gives what it gives on
// Apple's platforms.
//
// Design, in the order a change flows:
//
// - Layer/        CALayer: the *model*. Every stored property lives in a plain struct
//                 (`LayerProperties`); every public setter goes through one funnel
//                 (`CALayer.changeValue`) that compares, stores and records the change in the
//                 current thread's transaction and, for layers in a committed tree attached to a
//                 renderer (`LayerTreeHost`), looks up and runs the action (§5 of the reference).
//                 A per-class `LayerPropertyTable` describes every property once: its key, its
//                 default, whether it animates implicitly, how KVC coerces values and how the
//                 archive encodes it. KVC, `defaultValue(forKey:)`, `init(layer:)` and the JSON
//                 archive all read that table, so a property cannot be forgotten by one of them.
// - Layers/       the subclasses (shape, gradient, transform, replicator, text, scroll) as data.
// - Transaction/  CATransaction: a per-thread stack; the outermost commit stamps animation begin
//                 times, marks attached trees committed (which enables presentation layers and
//                 implicit animations) and settles completion blocks.
// - Animation/    CAAnimation and friends as *data* plus their CAAction behaviour (add a copy to
//                 the layer). Evaluation at a time t lives in the compositor's timing code.
// - Archive/      the JSON form of a layer tree that the CLI renders (`LayerArchive`).
// - Support/      media time (`CACurrentMediaTime`, `MediaClock`), string enumerations, masks and
//                 constants, CAAction/CAMediaTiming, and `LayerDiagnostics`, where operations that
//                 raise on Apple's platforms (cycles, NaN geometry) are refused and reported.
//
// Hooks for the parts that come later (all `package`): a window or renderer attaches a tree with
// `CALayer.attach(to:)` and hears every commit through `LayerTreeHost`; the animation engine
// reads `animationEntries`, writes presented values in `applyPresentationValues(to:model:)` and
// reports finished animations with `CALayer.animationDidFinish(_:)`.
//
// Nothing here reads a wall clock except `CACurrentMediaTime()` through `MediaClock`, which
// tests and offline rendering override. Nothing here draws.
@_exported import CoreGraphics
@_exported import LaminaCompositor
