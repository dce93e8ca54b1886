import Foundation
import CLaminaFriBidi

/// The Unicode bidirectional algorithm for one paragraph, by GNU FriBidi: the embedding level
/// of each scalar (even: left-to-right, odd: right-to-left) and the paragraph's direction,
/// found from its first strong character (rules P2–P3; a paragraph with none is left-to-right).
package struct BidiParagraph: Sendable {
    /// One level per scalar of the paragraph.
    package private(set) var levels: [UInt8]
    /// FriBidi's character type of each scalar (needed again to reorder lines).
    package private(set) var types: [UInt32]
    package private(set) var isRightToLeft: Bool

    /// Runs the algorithm on `scalars` (Unicode scalar values of one paragraph, no breaks).
    /// `rightToLeft` imposes the paragraph's base direction (an NSParagraphStyle's
    /// `baseWritingDirection`); nil finds it from the first strong character.
    /// A left-to-right paragraph of left-to-right text only is all level 0, found without
    /// FriBidi's full pass.
    package init(_ scalars: [UInt32], rightToLeft: Bool? = nil) {
        let n = scalars.count
        types = [UInt32](repeating: 0, count: n)
        levels = [UInt8](repeating: 0, count: n)
        isRightToLeft = rightToLeft ?? false
        guard n > 0 else { return }
        var fbTypes = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        scalars.withUnsafeBufferPointer { s in
            fbTypes.withUnsafeMutableBufferPointer { fribidi_get_bidi_types(s.baseAddress, FriBidiStrIndex(n), $0.baseAddress) }
        }
        types = fbTypes.map(\.rawValue)
        // Nothing right-to-left or embedding: every level is 0 (the common case, kept cheap).
        let rtlMask = UInt32(FRIBIDI_MASK_RTL) | UInt32(FRIBIDI_MASK_EXPLICIT) | UInt32(FRIBIDI_MASK_ISOLATE)
        guard rightToLeft == true || types.contains(where: { $0 & rtlMask != 0 }) else { return }
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        scalars.withUnsafeBufferPointer { s in
            fbTypes.withUnsafeBufferPointer { t in
                brackets.withUnsafeMutableBufferPointer {
                    fribidi_get_bracket_types(s.baseAddress, FriBidiStrIndex(n), t.baseAddress, $0.baseAddress)
                }
            }
        }
        var base = rightToLeft.map { $0 ? clamina_fribidi_par_rtl() : clamina_fribidi_par_ltr() } ?? clamina_fribidi_par_auto()
        let ok = fbTypes.withUnsafeBufferPointer { t in
            brackets.withUnsafeBufferPointer { b in
                levels.withUnsafeMutableBufferPointer {
                    fribidi_get_par_embedding_levels_ex(t.baseAddress, b.baseAddress, FriBidiStrIndex(n), &base, $0.baseAddress)
                }
            }
        }
        if ok == 0 { levels = [UInt8](repeating: isRightToLeft ? 1 : 0, count: n); return }
        isRightToLeft = base == clamina_fribidi_par_rtl()
    }

    /// The visual order of one line of items (rule L2, with L1's reset of trailing whitespace
    /// to the paragraph level): `levels` and `types` hold one entry per item in logical order
    /// (an item is a cluster of scalars: its first scalar's level and type). Returns item
    /// indices left to right.
    /// `rightToLeft` is the paragraph's direction.
    package static func visualOrder(levels itemLevels: [UInt8], types itemTypes: [UInt32], rightToLeft: Bool) -> [Int] {
        let n = itemLevels.count
        guard n > 1, itemTypes.count == n, itemLevels.contains(where: { $0 != 0 }) || rightToLeft else { return Array(0..<n) }
        var lv = itemLevels
        var map = (0..<n).map { FriBidiStrIndex($0) }
        let base = rightToLeft ? clamina_fribidi_par_rtl() : clamina_fribidi_par_ltr()
        let fbTypes = itemTypes.map { FriBidiCharType(rawValue: $0) }
        let ok = fbTypes.withUnsafeBufferPointer { t in
            lv.withUnsafeMutableBufferPointer { l in
                map.withUnsafeMutableBufferPointer {
                    fribidi_reorder_line(clamina_fribidi_flags_default(), t.baseAddress, FriBidiStrIndex(n), 0, base,
                                         l.baseAddress, nil, $0.baseAddress)
                }
            }
        }
        return ok == 0 ? Array(0..<n) : map.map { Int($0) }
    }
}
