// LaminaCompositor — what Apple's render server does, as a library.
//
// Holds a render tree of plain values (one node per layer, keyed by a stable id), evaluates
// animations at a media time, prepares (accumulated transforms as homographies, clipping,
// offscreen decisions, 3D sorting), builds a draw list and executes it on LaminaRaster.
// It knows nothing of CALayer: tests build render trees, animated ones included, by hand.
//
// The data walk of one frame, file by file (QuartzCore feeds the first step at each commit):
//
// 1. Server/CommittedRenderTree.swift — the render server's copy of a layer tree: a
//    `RenderTree` of nodes (RenderTree/RenderNode.swift) and a `CommittedNode` per node
//    (Server/CommittedNode.swift: parent, `LayerClock`, `CommittedAnimations`). A commit puts
//    the touched nodes through a `CommittedTreeUpdate`; `init(tree:steps:transitions:clocks:)`
//    builds one from plain data.
// 2. Server/CommittedAnimation.swift — each animation as plain data: `CommittedStep` (a
//    `FastPlan` shortcut, Server/FastBasicEvaluation.swift, and the general path's compiled
//    `AnimationSpec`, Timing/AnimationSpec.swift) writing `PresentedProperty`s
//    (Server/ModelLayerContent.swift): `DirectField`s, or other properties written into the
//    node by their `writeNode`.
// 3. Server/CommittedFrameSchedule.swift — the tree flattened into parallel arrays; at media
//    time t it runs every clock (stage 1) and every step (stage 2, Timing/MediaTiming.swift,
//    interpolation in Interpolation/) into one `CommittedLayerTarget` per animated node
//    (Server/CommittedLayerTarget.swift), whose `PresentedLayerValues`
//    (Server/DirectField+Generated.swift, generated from QuartzCore's field declaration) hold
//    the presented fields. Server/PresentationEvaluation.swift and
//    Server/TransformComponentEvaluation.swift are the general path. QuartzCore's presentation
//    layers read these buffers (Server/CommittedRenderTree+Presentation.swift): they evaluate
//    nothing of their own.
// 4. Server/CommittedRenderTree+Frame.swift — `tree(at:)`: the last frame's nodes with the
//    presented values stored in place (`PresentedLayerValues.store(into:)`, subclass content
//    by `writeNode`, animated text redrawn from its plain values by Text/), transitions at
//    their progress, emitter times, delayed replicator instances
//    (Server/CommittedFrameSchedule+InstanceDelay.swift). Content only the model can draw (a
//    subclass's custom key drawn by its `draw(in:)`) is handed to the opaque
//    `ModelLayerContent` the commit left (Server/ModelLayerContent.swift), as Apple's render
//    server leaves it to the app's process.
// 5. Prepare/FramePreparer.swift — the frame's `RenderTree` → accumulated homographies,
//    clipping, offscreen decisions (Prepare/OffscreenPredicate.swift), 3D sorting (ThreeD/),
//    damage → a `DrawList` (DrawList/). Whether a perspective plane gets a plane surface or
//    is drawn straight through its homography is decided here too
//    (Prepare/DirectPlaneChoice.swift), as DrawList/DirectPlane.swift commands. A frame
//    stream walks only the subtrees that changed since its last frame and appends the rest
//    from the last list (Prepare/RetainedPreparation.swift; what changed is recorded by the
//    tree itself: RenderTree/RenderTreeChanges.swift).
// 6. Execute/Compositor.swift, Execute/DrawListExecutor.swift — the draw list executed on
//    LaminaRaster surfaces; Execute/RegionRendering.swift redraws only a region of a frame
//    (a damage rectangle, or horizontal bands on a `WorkerPool`) with the whole frame's bytes
//    there. Frames are drawn on the `LAMINA_THREADS` pool (Execute/RenderThreads.swift: the
//    frame or its large damage rectangles cut into bands of rows), large 3D planes in bands
//    of their own rows shared by the frame's threads (Execute/PlaneBands.swift).
// 7. Damage/ — a stream of frames (`IncrementalFrames`, behind CARenderer and the windows)
//    compares each frame's draw list with the last one's (Damage/DrawListDamage.swift),
//    chooses the regions to redraw by their cost (Damage/RedrawRegions.swift) and redraws
//    them into the older of two surfaces, so the frame a caller still shows is never written.
//
// Text/ lays out and draws a text node's plain values (`TextContent`: FreeType faces from
// CoreGraphics, breaking, truncation, alignment), for text layers' backing stores and their
// animated frames.
//
// Public API here is only what Apple's QuartzCore exposes (CATransform3D and its functions),
// because QuartzCore re-exports this module; everything else is `package`.
import CoreGraphics
