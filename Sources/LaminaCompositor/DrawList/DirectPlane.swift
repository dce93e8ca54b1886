// Draw-list values for projected planes that skip their plane surface. A layer with
// perspective is normally bracketed `beginProjective` … `endProjective`: drawn flat into a
// plane surface, which is then projected onto the surface below. When prepare finds that the
// plane's body can be drawn straight through its homography with the same picture
// (`DirectPlaneChoice` says which bodies and why), the whole bracket is replaced by one of
// these commands, so the draw list shows what the executor will do and the executor never
// reads ahead to decide.
import CoreGraphics

/// A projected plane whose body is one or two backgrounds or single-slice images, drawn
/// straight through the plane's homography onto the surface below (`.drawPlaneDirect`).
package struct DirectPlane: Hashable, Sendable {
    package var layer: RenderNodeID
    /// The plane the items were prepared in, as the plane surface would have been: the items'
    /// transforms map bounds points to its pixels, and `surfaceToDevice` maps on to the
    /// device. Its `cacheKey` is nil (a cached plane's surface is what is reused).
    package var plane: ProjectiveSpec
    /// The pieces in drawing order (each one a background or a single-slice contents).
    package var items: [DrawItem]
}

/// A projected page drawn without any surface (`.drawMaskedPlaneDirect`): wide path shadows
/// projected from their quarter-resolution masks, plain pieces, and masked groups drawn as one
/// fill each (coverage: the projected mask outline; paint: the group's pieces composited per
/// pixel).
///
/// Its fields are held in a box (one word in the command) that a frame stream recycles with
/// its steps and pieces arrays (`PreparationPayloads.maskedPlane`): a turning page's command
/// is made afresh every frame, and an `indirect` case with new arrays was a box and two or
/// three arrays a page a frame.
package struct DirectMaskedPlane: Hashable, Sendable {
    /// What the box holds.
    package struct Fields: Hashable, Sendable {
        package var layer: RenderNodeID
        package var plane: ProjectiveSpec
        package var steps: [Step]
    }

    /// The boxed fields.
    package let fields: Boxed<Fields>

    package init(layer: RenderNodeID, plane: ProjectiveSpec, steps: [Step]) {
        fields = Boxed(Fields(layer: layer, plane: plane, steps: steps))
    }

    /// A plane whose fields are in `fields`' box (a recycled one).
    package init(fields: Boxed<Fields>) { self.fields = fields }

    package var layer: RenderNodeID { fields.value.layer }
    /// As `DirectPlane.plane`.
    package var plane: ProjectiveSpec { fields.value.plane }
    package var steps: [Step] { fields.value.steps }

    /// One part of the plane's body, in drawing order.
    package enum Step: Hashable, Sendable {
        /// A background or single-slice contents, as `DirectPlane`'s items.
        case item(DrawItem)
        /// A path shadow with σ ≥ `PieceRasterizer.quarterResolutionSigma`. `hole` (plane
        /// pixels, the space of `plane.bounds` relative to its origin): a rectangle the
        /// opaque masked group drawn next covers fully, left unshaded; nil when none.
        case wideShadow(DrawItem, hole: CGRect?)
        /// A group with a mask (reasons exactly `.mask`, opacity 1, no alpha shadow): its
        /// pieces (backgrounds, single-slice contents and square-cornered borders, each
        /// containing the mask) and the mask's single opaque shape fill.
        case masked(pieces: [DrawItem], mask: DrawItem)

        /// A short name for outlines: "background", "wideShadow(holed)", "masked(background, contents)".
        package var role: String {
            switch self {
            case let .item(i): return i.piece.role
            case let .wideShadow(_, hole): return hole == nil ? "wideShadow" : "wideShadow(holed)"
            case let .masked(pieces, _): return "masked(" + pieces.map(\.piece.role).joined(separator: ", ") + ")"
            }
        }
    }
}

extension DrawList {
    /// Outline lines of the direct plane commands (see `outline`).
    static func directPlaneOutline(_ c: DrawCommand) -> String {
        switch c {
        case let .drawPlaneDirect(p):
            return "plane \(p.layer) [direct: " + p.items.map(\.piece.role).joined(separator: ", ") + "]"
        case let .drawMaskedPlaneDirect(p):
            return "plane \(p.layer) [direct masked: " + p.steps.map(\.role).joined(separator: ", ") + "]"
        default: return ""
        }
    }

    /// The items drawn by a direct plane command, in order (their transforms map to the plane's pixels).
    static func directPlaneItems(_ c: DrawCommand) -> [DrawItem] {
        switch c {
        case let .drawPlaneDirect(p): return p.items
        case let .drawMaskedPlaneDirect(p):
            return p.steps.flatMap { s -> [DrawItem] in
                switch s {
                case let .item(i), let .wideShadow(i, _): return [i]
                case let .masked(pieces, mask): return pieces + [mask]
                }
            }
        default: return []
        }
    }
}
