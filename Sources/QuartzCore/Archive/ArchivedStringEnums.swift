// The closed value lists the layer archive checks Apple's string enumerations against.
//
// Apple imports these as extensible structs, so code may build any value and KVC accepts any
// string. An archive, though, is typed by hand: "rond" for "round" must be an error naming the
// allowed values rather than a layer that silently draws with an unknown (default) join.

/// A string enumeration whose archived values are limited to Apple's constants.
package protocol ArchivedStringEnum {
    /// The raw values an archive may use, in the order error messages list them.
    static var archivedRawValues: [String] { get }
}

extension CALayerContentsGravity: ArchivedStringEnum {
    package static var archivedRawValues: [String] {
        [center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight, resize, resizeAspect,
         resizeAspectFill].map(\.rawValue)
    }
}

extension CALayerContentsFilter: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [nearest, linear, trilinear].map(\.rawValue) }
}

extension CALayerContentsFormat: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [RGBA8Uint, RGBA16Float, gray8Uint].map(\.rawValue) }
}

extension CALayerCornerCurve: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [circular, continuous].map(\.rawValue) }
}

extension CAMediaTimingFillMode: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [removed, forwards, backwards, both].map(\.rawValue) }
}

extension CAShapeLayerFillRule: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [nonZero, evenOdd].map(\.rawValue) }
}

extension CAShapeLayerLineCap: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [butt, round, square].map(\.rawValue) }
}

extension CAShapeLayerLineJoin: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [miter, round, bevel].map(\.rawValue) }
}

extension CAGradientLayerType: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [axial, radial, conic].map(\.rawValue) }
}

extension CATextLayerTruncationMode: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [none, start, end, middle].map(\.rawValue) }
}

extension CATextLayerAlignmentMode: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [natural, left, right, center, justified].map(\.rawValue) }
}

extension CAScrollLayerScrollMode: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [none, vertically, horizontally, both].map(\.rawValue) }
}

extension CAEmitterLayerEmitterShape: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [point, line, rectangle, cuboid, circle, sphere].map(\.rawValue) }
}

extension CAEmitterLayerEmitterMode: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [points, outline, surface, volume].map(\.rawValue) }
}

extension CAEmitterLayerRenderMode: ArchivedStringEnum {
    package static var archivedRawValues: [String] { [unordered, oldestFirst, oldestLast, backToFront, additive].map(\.rawValue) }
}
