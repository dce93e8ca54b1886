// _LaminaTestSupport — what Lamina's test targets share, kept out of every product (the
// pattern of swift-collections' `_CollectionsTestSupport`: a regular target under Tests/ that
// only test targets depend on, named with a leading underscore, in no product).
//
// - `GoldenImage` / `GoldenResult`: compare a rendered surface or CGImage with a PNG kept in
//   the repository, per channel with a tolerance. On failure it writes
//   `<golden folder>/__failures__/<name>.failure.png` (expected | diff | actual). With
//   `LAMINA_RECORD_GOLDENS=1` (or "true"/"yes") in the environment it (re)writes the goldens
//   instead and reports `.recorded`, e.g.
//       LAMINA_RECORD_GOLDENS=1 swift test --filter SceneGoldenTests
//   Look at every recorded PNG by eye before committing it.
// - `SplitMix64`: the seeded random source of randomised tests.
// - `capturingStandardError(_:)`: what a body wrote to standard error.
//
// Layering: this target sits at the CoreGraphics level (it depends on CoreGraphics and
// LaminaRaster only), so any test target may use it; fixtures that need LaminaKit or UIKit
// live in `_UIKitTestSupport`, never here. Declarations are `package`: visible to the
// package's targets, never to users of its products.
