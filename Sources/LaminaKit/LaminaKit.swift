// LaminaKit — the app host: what turns QuartzCore's layer trees into something a person can
// see and touch. Our own names (not UIKit's), in the shape UIKit taught everyone.
//
// Public API (what an app in another package sees; everything else is `package`):
// `LaminaApplication` (opens the window, owns the root view, runs the loop; headless runs
// are finite and tuned by LAMINA_* environment variables), `View` (open: subclass it and
// override layoutSubviews, draw(_:in:), touchesBegan…, keyDown…, point(inside:), makeLayer),
// `View.animate` and its options, the gesture recognizers (tap, pinch, pan, long press,
// rotation) with typed handlers, `Touch`, `TouchPhase`, key types, `DisplayLink`,
// `RunLoopTimer` and `LaminaError`. QuartzCore is re-exported. Examples/HelloLamina is an
// app in its own package that uses only this surface.
//
// Design, in the order a frame flows:
//
// - App/       `LaminaApplication`: WindowFactory + CompositorFrameRenderer + WindowHost.
// - Window/    `WindowBackend`: a window that hands out input events and shows finished frames.
//              `SDLWindow` loads SDL2 at run time (dlopen), so the package builds and tests with
//              no SDL installed; `HeadlessWindow` keeps frames in memory (and writes PNGs) and
//              plays scripted events — for tests, the CLI and machines without a display.
//              Both keep a texture (SDL's streaming texture, or `MemoryFrameTexture`) that
//              `FrameUploader` updates with only the rectangles a `WindowFrame` changed.
// - RunLoop/   `WindowHost` owns a window, a root `View`, a `FrameRenderer` and the `CARenderer`
//              that shows the root, and runs turns: events → timers → display links →
//              `beginFrame` (commit of the implicit CATransaction, animation clock) → render
//              (only when `updateBounds()` reports damage) → present → `endFrame`. Time is an
//              input: the host reads a `FrameClock`, which tests advance by hand.
//              `DisplayLink` (QuartzCore's `CADisplayLink`; the host feeds the run loop's `DisplayLinkDriver`), `RunLoopTimer`, `FrameStatistics`
//              (rendered, dropped and idle frames; shown in the title bar) and `FrameTimingLog`
//              (every frame's duration, refresh slot and damage: `lamina view --stats`), both
//              shown by the `DebugOverlay` on request (pacing graph, figures, damage outlines).
// - Input/     `InputEvent` (what a backend reports), `Touch` (one finger or pointer through a
//              gesture), `TouchRouter` (hit testing on presentation layers, delivery to views
//              and recognizers) and `TouchEmulation` (Alt-drag and Ctrl-wheel pinches).
//              `ScriptedInput` feeds a headless host synthetic touches frame by frame;
//              `InputScript` is its text form for the command line.
// - Gestures/  `GestureRecognizer` and the tap, pinch, rotation, pan and long-press
//              recognizers.
// - View/      `View`: a layer-backed view whose layer delegate returns NSNull outside
//              `View.animate` blocks and a basic animation inside them (seed 002, §5.3.2).
//
// Rendering is not done here: a `FrameRenderer` (the compositor, through the host's
// `CARenderer`) draws the frame — only its damage, into the renderer's kept frame — and lends
// it to the host as a `WindowFrame` with the rectangles that changed
// (`CARenderer.withRenderedFrame(_:)`); the host presents it and the window uploads those
// rectangles. LaminaKit reaches QuartzCore only through its public API — `CARenderer`,
// `MediaClock`, `CADisplayLink`/`DisplayLinkDriver` — the host API any package can use
// (Examples/MinimalHost is such a host); images from stand-in renderers are read through
// CoreGraphics' public `CGImage.dataProvider`.
//
// Threading: a host, its window and its views belong to the thread that runs the host's turns
// (like UIKit's main thread); CATransaction's implicit transaction is per thread, so that is
// also where model changes must be made.
import Foundation
@_exported import QuartzCore
