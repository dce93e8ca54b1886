// Apple's extensible string enumerations (Swift `struct`s wrapping a String, as the SDK imports
// them). Raw values are Apple's constant strings (reference Appendix A), so archives and KVC
// see the same strings as on Apple's platforms.

/// How a layer's contents are placed in its bounds (§3.6). See the reference §3.6.3 for what top/bottom mean on iOS; names and raw values are Apple's.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Natural size, centred in the bounds.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Natural size, centred horizontally against the top edge (the maximum-Y edge, swapped when
    /// contents are flipped).
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Natural size, centred horizontally against the bottom edge (the minimum-Y edge, swapped when
    /// contents are flipped).
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Natural size, centred vertically against the left edge.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Natural size, centred vertically against the right edge.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// Natural size, in the top-left corner (top as in `top`).
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// Natural size, in the top-right corner (top as in `top`).
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// Natural size, in the bottom-left corner (bottom as in `bottom`).
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// Natural size, in the bottom-right corner (bottom as in `bottom`).
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretched to fill the bounds, ignoring the aspect ratio (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled uniformly to fit inside the bounds, centred (letterboxed).
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled uniformly to cover the bounds, centred; the overflow shows unless `masksToBounds` is
    /// set.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// How contents are sampled when scaled (§3.7).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Nearest-neighbour sampling: hard pixel edges when magnified.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear sampling (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Like `linear`, but a minified image is sampled from a mipmap (halved copies), which
    /// avoids aliasing when contents are drawn much smaller than their pixels.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The pixel format of a layer's backing store.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// 8 bits per channel, premultiplied RGBA (the default; Lamina's backing stores are always this format).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// 16-bit floating-point channels on Apple's platforms; recorded, but Lamina's backing store stays 8-bit RGBA.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit grey channel on Apple's platforms; recorded, but Lamina's backing store stays 8-bit RGBA.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// The curve of rounded corners (§3.3). Raw values assumed from the Swift names (UNCERTAIN, Appendix A).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Quarter-circle corners (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Corners whose curvature changes smoothly into the straight edges, as iOS icons have.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// What a timed object shows outside its active interval (§7.3).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Holds the end value after the active interval (while the animation stays attached: see
    /// `isRemovedOnCompletion`).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows the start value before the begin time (for delayed animations and group children).
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `backwards` and `forwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// No effect outside the active interval: the model value shows (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}

/// The named timing curves (§8).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Even pacing: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly: control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ends slowly: control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of implicit animations: control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// CAShapeLayer's fill rule (§4.1).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A point is inside when the path winds around it a non-zero number of times (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times, so overlapping
    /// subpaths leave holes.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// CAShapeLayer's line cap (§4.1).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Lines end flat at their end points (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// Lines end with a half circle of the line width's diameter.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Lines end flat, extended by half the line width.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// CAShapeLayer's line join (§4.1).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Sharp corners, beveled where the miter would exceed `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Rounded corners.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Corners cut off flat.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// CAGradientLayer's gradient kind (§4.2).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Colours vary along the line from `startPoint` to `endPoint` (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours vary outwards from `startPoint` to the edge of an ellipse centred there, whose
    /// half-width and half-height are the x and y distances from `startPoint` to `endPoint`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours sweep around `startPoint`, starting along the direction towards `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// Where CATextLayer truncates text that does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Text that does not fit is cut off (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// An ellipsis replaces the start of a line too wide for the bounds (wrapped text with more
    /// lines than fit ends its last visible line with one instead).
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// An ellipsis replaces the end of a line too wide for the bounds, or of the last visible
    /// line of wrapped text with more lines than fit.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// An ellipsis replaces the middle of a line too wide for the bounds (wrapped text with more
    /// lines than fit ends its last visible line with one instead).
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// CATextLayer's horizontal alignment.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The script's natural alignment; left, as Lamina lays out left-to-right text only (the
    /// default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines flush with the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines flush with the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines centred between the edges.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Lines spread to both edges by widening spaces; the last line of a paragraph is left-aligned.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// The axes along which a CAScrollLayer may scroll.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// No scrolling.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Scrolling along y only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Scrolling along x only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Scrolling along both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// The kind of a CATransition (§10).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A cross-fade from the old rendering to the new one (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old, from the subtype's side.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content slides in from the subtype's side, pushing the old content out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away towards the side opposite the subtype's, uncovering the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a CATransition (§10).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The motion starts at the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The motion starts at the left edge (what the motion types do without a subtype).
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The motion starts at the top edge (minimum y, in the layer's y-down bounds space).
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The motion starts at the bottom edge (maximum y, in the layer's y-down bounds space).
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The names of CAValueFunction's transform builders.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A rotation about the x axis by the animated value, in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation about the y axis by the animated value, in radians.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation about the z axis by the animated value, in radians.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale by two or three values (x, y and optionally z, else 1), or by one value on all three axes.
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale along x by the animated value.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale along y by the animated value.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale along z by the animated value.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation by two or three values (x, y and optionally z), in points; one value moves along x.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along x by the animated value, in points.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along y by the animated value, in points.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along z by the animated value, in points.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}
