// A rotation's sine and cosine from one C library call: particles turn every frame, and
// `sin` then `cos` of one angle reduce it twice.
import CLaminaKernels

/// (sin(x), cos(x)), the same numbers as Foundation's `sin` and `cos` give (the C library's
/// sincos; SinCosTests compares them), for about the cost of one of them.
@inline(__always)
package func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    var s = 0.0, c = 0.0
    lamina_sincos(x, &s, &c)
    return (s, c)
}
