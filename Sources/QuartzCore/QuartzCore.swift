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
//                 Text/ turns a CATextLayer into the compositor's plain `TextContent` (string,
//                 resolved face, size, colour, options), which lays the text out and draws it
//                 (LaminaCompositor/Text) — in `draw(in:)` for the backing store, and in frames
//                 whose animations present another size or colour.
// - Transaction/  CATransaction: a per-thread stack; the outermost commit stamps animation begin
//                 times, marks attached trees committed (which enables presentation layers and
//                 implicit animations), updates the trees' committed render trees (Commit/)
//                 with the layers it touched, and settles completion blocks.
// - Animation/    CAAnimation and friends (basic, keyframe, spring, group, transition), the
//                 timing function and value functions, with Apple's properties and copy rules.
// - Engine/       the animation engine over the compositor's timing math: an attached copy is
//                 compiled once (`AnimationCompiler`: values to `AnimatableValue`, key path
//                 resolved, bad input refused) into an `AnimationRuntime`; `AnimationEngine`
//                 writes presented values into presentation copies (time flows root →
//                 sublayers → animation → group children) and, driven by `AnimationClock` or
//                 `AnimationEngine.tick(_:at:)`, sends start/stop callbacks, removes finished
//                 animations and settles completion blocks.
// - Archive/      the JSON form of a layer tree, with its animations, that the CLI renders
//                 (`LayerArchive`).
// - Commit/       the render server's copy of a shown tree (`CommittedRenderTree`): node
//                 snapshots by id, each layer's clock and its animations copied as plain values
//                 (`CommittedStep`: the engine's shortcut plans and a snapshot of the general
//                 path's inputs). A commit re-snapshots only the touched layers; a frame at any
//                 time, on any thread, evaluates the copied animations (`CommittedFrameSchedule`,
//                 parallel arrays, one in-place target per animated layer) without reading a
//                 model layer, and rewrites only the animated nodes of the previous frame.
// - Render/       the bridge to the compositor: `RenderNode(layer:)` (stable ids shared by
//                 presentation copies), transition snapshots, `LayerRenderer`/
//                 `LayerFrameStream`, `CARenderer`, `render(in:)`. The backing store of
//                 `display()` lives in Layer/.
// - DisplayLink/  CADisplayLink and CAFrameRateRange; `DisplayLinkDriver` fires links: fed
//                 frames by a host through public API, or by a Foundation timer on the link's
//                 run loop (times from `CACurrentMediaTime()`) when no host is attached.
// - Support/      media time (`CACurrentMediaTime`, `MediaClock`), string enumerations, masks and
//                 constants, CAAction/CAMediaTiming, and `LayerDiagnostics`, where operations that
//                 raise on Apple's platforms (cycles, NaN geometry) are refused and reported.
//
// The host API (public, so any package can show a layer tree: LaminaKit's windows, the scene
// runner, the CLI's frames and Examples/MinimalHost all draw through it): `CARenderer` attaches a root
// (`layer`, which commits it and makes it take part in commits as "in a window"), and per
// frame `beginFrame(atTime:)` commits the implicit transaction and runs the animation clock,
// `updateBounds()` reports damage (whole-frame for now), `render()`/`renderImage()`/
// `render(into:width:height:bytesPerRow:pixelFormat:)` draw the committed render tree at the
// frame time, `endFrame()` closes it and `nextFrameTime()` says when the next one is needed;
// `MediaClock` makes media time an input; `CADisplayLink` with `DisplayLinkDriver` fires
// display links from a host's frames. Inside the package, `CARenderer` is a `LayerTreeHost`
// (`CALayer.attach(to:)`, commit notifications), ticks with `AnimationEngine.tick`, and draws
// through `LayerFrameStream`, which keeps the compositor's caches and takes each frame's render
// tree from the root's `committedRenderTree()` (a detached tree is snapshotted into a
// committed tree of its own for the frame: every drawn frame, goldens included, comes from the
// committed path); `presentation()` stays the public, copying path, and the tests check the
// committed frames against it.
// `applyPresentationValues(to:model:)` lets a package host adjust each presentation copy last
// (the render-tree path does not call it).
//
// Nothing here reads a wall clock except `CACurrentMediaTime()` through `MediaClock`, which
// tests and offline rendering override. The model never draws; Render/ hands frames to the
// compositor.
@_exported import CoreGraphics
@_exported import CoreImage
@_exported import LaminaCompositor
