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
// - Engine/       the model's animation engine: an attached copy is compiled once
//                 (`AnimationCompiler`: values to `AnimatableValue`, key path resolved, bad input
//                 refused) into an `AnimationRuntime`, copied to the render server at commit
//                 (presented values, for frames and `presentation()` alike, are the server's
//                 evaluation: LaminaCompositor/Server); `AnimationEngine`, driven by
//                 `AnimationClock` or `AnimationEngine.tick(_:at:)`, sends start/stop callbacks,
//                 removes finished animations and settles completion blocks. The CALayer side
//                 of the server's plain values: `PresentedProperty.lookup` (the model's
//                 accessors), `DirectField+Layer+Generated.swift` (fields loaded from and stored
//                 into `LayerProperties`, generated with the server's part from
//                 Layer/AnimatableLayerFields.swift), `AnimationValues` (KVC `Any` ↔ values).
// - Archive/      the JSON form of a layer tree, with its animations, that the CLI renders:
//                 public `CALayerArchive` over the package `LayerArchive`.
// - Commit/       the model side of the render server (which lives in LaminaCompositor/Server:
//                 `CommittedRenderTree`, its frame schedule and `tree(at:)`). A commit walks the
//                 layers the transaction touched (`CommittedRenderTree+Layer.swift`) and puts
//                 each one's `RenderNode(layer:)` and plain record (clock, `CommittedStep`s
//                 copied from the runtimes, the fields as committed:
//                 `CommittedAnimation+Layer.swift`) into the server; the server holds no model object except a
//                 detached copy of a layer whose animations write content only the model draws
//                 (CALayer is the server's opaque `ModelLayerContent`).
//
//                 The data walk of `layer.opacity = 0.5`: Layer/CALayer.swift (generated setter)
//                 → `CALayer.changeValue` stores into `LayerProperties` and records the change
//                 (Transaction/) → the action's `CABasicAnimation` is compiled (Engine/
//                 AnimationCompiler.swift) → the outermost commit (Transaction/) stamps begin
//                 times and calls `CommittedRenderTree.commit(root:changed:)` (Commit/) → the
//                 server's frame `tree(at:)` evaluates the step into `PresentedLayerValues` and
//                 stores the opacity into the node (LaminaCompositor/Server) → Render/
//                 `LayerFrameStream` prepares and draws it (LaminaCompositor/Prepare, Execute).
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
// `updateBounds()` reports damage (DrawListDamage), `render()`/`renderImage()`/
// `render(into:width:height:bytesPerRow:pixelFormat:)` draw the committed render tree at the
// frame time, `endFrame()` closes it and `nextFrameTime()` says when the next one is needed;
// `MediaClock` makes media time an input; `CADisplayLink` with `DisplayLinkDriver` fires
// display links from a host's frames. Inside the package, `CARenderer` is a `LayerTreeHost`
// (`CALayer.attach(to:)`, commit notifications), ticks with `AnimationEngine.tick`, and draws
// each frame's damage over its last frame (`IncrementalFrames`, Render/CARenderer+Damage.swift)
// in bands on the `LAMINA_THREADS` worker pool (`renderThreadCount`). It and `LayerFrameStream`
// keep the compositor's caches and take each frame's render tree from
// `LayerRenderer.frameTree`: the root's `committedRenderTree()` (a detached tree is snapshotted into a
// committed tree of its own for the frame: every drawn frame, goldens included, comes from the
// committed path); `presentation()` copies the model tree and writes into the copies the
// presented values of the same committed tree at the media time (Layer/CALayer+Presentation.swift),
// so it shows what a frame at that time shows.
// `applyPresentationValues(to:model:)` lets a package host adjust each presentation copy last
// (the render-tree path does not call it).
//
// Nothing here reads a wall clock except `CACurrentMediaTime()` through `MediaClock`, which
// tests and offline rendering override. The model never draws; Render/ hands frames to the
// compositor.
@_exported import CoreGraphics
@_exported import CoreImage
@_exported import LaminaCompositor
