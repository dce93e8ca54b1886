// What a layer subclass adds to a plain layer: the content of CAShapeLayer, CAGradientLayer,
// CAReplicatorLayer, CAEmitterLayer, CATextLayer, or the "no own drawing, 3D context" nature of CATransformLayer.
import CoreGraphics

/// The class-specific part of a render node.
package enum RenderNodeKind: Hashable, Sendable {
    /// A CALayer (or any subclass that draws only through the common properties).
    case plain
    /// A CATransformLayer: draws nothing of its own; its sublayers share its 3D context.
    case transformLayer
    case shape(ShapeContent)
    case gradient(GradientContent)
    case replicator(ReplicatorContent)
    /// A CAEmitterLayer: its particles at the frame's time (Particles/EmitterContent.swift).
    case emitter(EmitterContent)
    /// A CATextLayer: draws its backing store (`contents`) like a plain layer; the text as
    /// plain values lets a frame draw it again at an animated size or colour
    /// (Text/TextContent.swift).
    case text(TextContent)
}

/// CAShapeLayer's properties, with Apple's defaults. Lengths are in the layer's bounds space
/// (points); `strokeStart`/`strokeEnd` are fractions of the path's length.
package struct ShapeContent: Hashable, Sendable {
    package var path: CGPath?
    /// Default: opaque black.
    package var fillColor: CGColor?
    package var fillRule: CGPathFillRule
    /// Default: nil (no stroke).
    package var strokeColor: CGColor?
    package var lineWidth: CGFloat
    package var lineCap: CGLineCap
    package var lineJoin: CGLineJoin
    package var miterLimit: CGFloat
    package var lineDashPhase: CGFloat
    package var lineDashPattern: [CGFloat]?
    package var strokeStart: CGFloat
    package var strokeEnd: CGFloat

    package init(
        path: CGPath? = nil, fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1),
        fillRule: CGPathFillRule = .winding, strokeColor: CGColor? = nil, lineWidth: CGFloat = 1,
        lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        lineDashPhase: CGFloat = 0, lineDashPattern: [CGFloat]? = nil,
        strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1
    ) {
        self.path = path; self.fillColor = fillColor; self.fillRule = fillRule
        self.strokeColor = strokeColor; self.lineWidth = lineWidth; self.lineCap = lineCap
        self.lineJoin = lineJoin; self.miterLimit = miterLimit; self.lineDashPhase = lineDashPhase
        self.lineDashPattern = lineDashPattern; self.strokeStart = strokeStart; self.strokeEnd = strokeEnd
    }
}

/// `CAGradientLayerType`.
package enum GradientKind: Hashable, Sendable {
    case axial
    case radial
    case conic
}

/// CAGradientLayer's properties, with Apple's defaults. `startPoint`/`endPoint` are in the unit
/// coordinate space of the bounds ((0,0) = minX/minY corner, (1,1) = maxX/maxY corner).
package struct GradientContent: Hashable, Sendable {
    package var type: GradientKind
    package var colors: [CGColor]
    /// Stops in [0, 1]; nil spreads the colors evenly. Ignored when its count differs from
    /// the number of colors (Apple then spreads evenly too).
    package var locations: [Double]?
    package var startPoint: CGPoint
    package var endPoint: CGPoint

    package init(
        type: GradientKind = .axial, colors: [CGColor] = [], locations: [Double]? = nil,
        startPoint: CGPoint = CGPoint(x: 0.5, y: 0), endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
    ) {
        self.type = type; self.colors = colors; self.locations = locations
        self.startPoint = startPoint; self.endPoint = endPoint
    }
}

/// CAReplicatorLayer's properties, with Apple's defaults. `instanceDelay` is in seconds: the
/// frame builders evaluate what its later instances draw (`ReplicatorInstanceNodes`); colour
/// offsets are added per instance to the components of `instanceColor` (opaque white by
/// default).
package struct ReplicatorContent: Hashable, Sendable {
    package var instanceCount: Int
    package var instanceTransform: CATransform3D
    package var instanceDelay: Double
    package var instanceColor: CGColor?
    package var instanceRedOffset: Float
    package var instanceGreenOffset: Float
    package var instanceBlueOffset: Float
    package var instanceAlphaOffset: Float

    package init(
        instanceCount: Int = 1, instanceTransform: CATransform3D = CATransform3DIdentity,
        instanceDelay: Double = 0, instanceColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1),
        instanceRedOffset: Float = 0, instanceGreenOffset: Float = 0,
        instanceBlueOffset: Float = 0, instanceAlphaOffset: Float = 0
    ) {
        self.instanceCount = instanceCount; self.instanceTransform = instanceTransform
        self.instanceDelay = instanceDelay; self.instanceColor = instanceColor
        self.instanceRedOffset = instanceRedOffset; self.instanceGreenOffset = instanceGreenOffset
        self.instanceBlueOffset = instanceBlueOffset; self.instanceAlphaOffset = instanceAlphaOffset
    }
}
