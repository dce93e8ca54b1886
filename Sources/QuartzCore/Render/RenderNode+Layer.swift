import Foundation
import LaminaCompositor

// The bridge from the model to the compositor (DESIGN §2): a layer's values become a plain
// `RenderNode` the compositor can draw without ever seeing CALayer. Each CA type maps onto
// the compositor's own copy of it here, in one place.

extension RenderNode {
    /// A snapshot of `layer`'s drawable values (its model values, or presented values when
    /// `layer` is a presentation copy), with the ids of its sublayers and mask.
    package init(layer: CALayer) {
        self.init(layer: layer, properties: layer.props)
    }

    /// The node of `layer` drawn with `p` as its common property values (the model's, or the
    /// model's with presented values written over them); subclass content is read from
    /// `layer`.
    package init(layer: CALayer, properties p: LayerProperties) {
        self.init(id: layer.renderNodeID)
        children = layer.sublayerStorage.map(\.renderNodeID)
        mask = layer.maskStorage?.renderNodeID
        kind = RenderNodeKind(layer: layer)
        setAnimatableFields(from: p)   // generated from AnimatableLayerFields.swift
        isGeometryFlipped = p.isGeometryFlipped
        allowsGroupOpacity = p.allowsGroupOpacity
        allowsEdgeAntialiasing = p.allowsEdgeAntialiasing
        maskedCorners = RenderCornerMask(rawValue: p.maskedCorners.rawValue)
        cornerCurve = p.cornerCurve == .continuous ? .continuous : .circular
        shadowPath = p.shadowPath
        contents = RenderContents(layerContents: p.contents)
        if layer.isPresentationCopy, let model = layer.modelLayerStorage {
            drawPresentedContents(of: layer, over: model)   // animated text or custom display keys
        }
        contentsGravity = RenderContentsGravity(p.contentsGravity)
        minificationFilter = RenderFilter(p.minificationFilter)
        magnificationFilter = RenderFilter(p.magnificationFilter)
        if let tiled = layer as? CATiledLayer { placeTileMosaic(of: tiled, contents: p.contents) }
    }
}

extension RenderContents {
    /// Only images are drawable contents; anything else a caller stored in `contents`
    /// (Apple accepts `id`) draws nothing, as on Apple's platforms.
    init(layerContents: Any?) {
        if let image = layerContents as? CGImage { self = .image(image) } else { self = .none }
    }
}

extension RenderContentsGravity {
    /// Unknown gravity strings fall back to Apple's default, `resize`.
    init(_ g: CALayerContentsGravity) {
        switch g {
        case .center: self = .center
        case .top: self = .top
        case .bottom: self = .bottom
        case .left: self = .left
        case .right: self = .right
        case .topLeft: self = .topLeft
        case .topRight: self = .topRight
        case .bottomLeft: self = .bottomLeft
        case .bottomRight: self = .bottomRight
        case .resizeAspect: self = .resizeAspect
        case .resizeAspectFill: self = .resizeAspectFill
        default: self = .resize
        }
    }
}

extension RenderFilter {
    init(_ f: CALayerContentsFilter) {
        switch f {
        case .nearest: self = .nearest
        case .trilinear: self = .trilinear
        default: self = .linear
        }
    }
}

extension RenderNodeKind {
    /// The subclass-specific content of `layer`. CATextLayer's text is drawn into its backing
    /// store (`contents`) by `display()`; its node also carries the text as plain values, for
    /// frames that present another size or colour. CAScrollLayer is a plain layer by nature.
    init(layer: CALayer) {
        switch layer {
        case is CATransformLayer:
            self = .transformLayer
        case let shape as CAShapeLayer:
            self = .shape(ShapeContent(
                path: shape.path, fillColor: shape.fillColor,
                fillRule: shape.fillRule == .evenOdd ? .evenOdd : .winding,
                strokeColor: shape.strokeColor, lineWidth: shape.lineWidth,
                lineCap: shape.lineCap == .round ? .round : shape.lineCap == .square ? .square : .butt,
                lineJoin: shape.lineJoin == .round ? .round : shape.lineJoin == .bevel ? .bevel : .miter,
                miterLimit: shape.miterLimit, lineDashPhase: shape.lineDashPhase,
                lineDashPattern: shape.lineDashPattern?.map { CGFloat($0.doubleValue) },
                strokeStart: shape.strokeStart, strokeEnd: shape.strokeEnd))
        case let gradient as CAGradientLayer:
            let kind: GradientKind = gradient.type == .radial ? .radial : gradient.type == .conic ? .conic : .axial
            self = .gradient(GradientContent(
                type: kind, colors: (gradient.colors ?? []).compactMap { $0 as? CGColor },
                locations: gradient.locations?.map(\.doubleValue),
                startPoint: gradient.startPoint, endPoint: gradient.endPoint))
        case let replicator as CAReplicatorLayer:
            self = .replicator(ReplicatorContent(
                instanceCount: replicator.instanceCount, instanceTransform: replicator.instanceTransform,
                instanceDelay: replicator.instanceDelay, instanceColor: replicator.instanceColor,
                instanceRedOffset: replicator.instanceRedOffset, instanceGreenOffset: replicator.instanceGreenOffset,
                instanceBlueOffset: replicator.instanceBlueOffset, instanceAlphaOffset: replicator.instanceAlphaOffset))
        case let text as CATextLayer:
            self = .text(text.textContent)
        case let emitter as CAEmitterLayer:
            self = .emitter(EmitterContent(layer: emitter)) // CAEmitterLayer+Render.swift
        default:
            self = .plain
        }
    }
}
