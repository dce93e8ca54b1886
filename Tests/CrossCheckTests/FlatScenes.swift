import Foundation
import QuartzCore

/// Scenes within the layer's plane: corners and borders, clipping, group opacity, shadows,
/// gradients, affine transforms. Each builds its layer tree and HTML twin through `TwinNode`,
/// so the mapping of every property is the one documented on its setter.
///
/// Tolerances (both must hold; see `Agreement`) were set from what the two renderers produce
/// on Debian 12's chromium 156, about 3 dB under the measured PSNR and about 1.5 × the measured
/// share of pixels off. What remains is legitimate: anti-aliasing along every edge differs by
/// a few levels, and along the outer edge of a rounded border Lamina lets the background (or
/// clipped sublayers) tint the anti-aliased fringe, as Core Animation does on iOS, where
/// Chromium avoids the bleed. PSNR is the sharp measure: making Chromium's box-shadow blur
/// 25 % larger drops the shadow scenes from 47–54 dB to 38–46 dB while barely moving the
/// pixels-off share, which is why the shadow thresholds sit at 44–48 dB.
enum FlatScenes {
    /// Two rounded boxes with borders: one with radius > border (a curved inner edge), one with
    /// border > radius (a square inner corner).
    @Sendable static func roundedBorder() -> CrossScene {
        CrossScene("roundedBorder", tolerance: .init(minPSNR: 36, maxPercentOff: 1.2)) { root in
            root.add(TwinNode(frame: CGRect(x: 16, y: 14, width: 124, height: 92)))
                .background(.teal).corners(26).border(7, .navy)
            root.add(TwinNode(frame: CGRect(x: 70, y: 104, width: 80, height: 46)))
                .background(.yellow).corners(8).border(12, .orange)
            root.add(TwinNode(frame: CGRect(x: 8, y: 112, width: 48, height: 40)))
                .background(.purple).corners(20)
        }
    }

    /// masksToBounds with rounded corners clipping two children that overhang the corners,
    /// under a border.
    @Sendable static func roundedClip() -> CrossScene {
        CrossScene("roundedClip", tolerance: .init(minPSNR: 32, maxPercentOff: 2.2)) { root in
            let box = root.add(TwinNode(frame: CGRect(x: 20, y: 20, width: 120, height: 120)))
                .background(.yellow).corners(40).border(4, .navy).masksToBounds()
            box.add(TwinNode(frame: CGRect(x: -20, y: -20, width: 70, height: 70))).background(.green)
            box.add(TwinNode(frame: CGRect(x: 60, y: 55, width: 90, height: 90))).background(.red)
            box.add(TwinNode(frame: CGRect(x: 90, y: -10, width: 50, height: 40))).background(.blue)
        }
    }

    /// opacity 0.5 on a parent whose children overlap: composited as a group (the overlap
    /// shows only the top child, at half strength), over a striped backdrop so the blend shows.
    @Sendable static func groupOpacity() -> CrossScene {
        CrossScene("groupOpacity", tolerance: .init(minPSNR: 45, maxPercentOff: 0.2)) { root in
            root.add(TwinNode(frame: CGRect(x: 0, y: 60, width: 160, height: 40))).background(.navy)
            let group = root.add(TwinNode(frame: CGRect(x: 20, y: 20, width: 120, height: 120)))
                .background(TwinColor(0.85, 0.85, 0.85)).opacity(0.5)
            group.add(TwinNode(frame: CGRect(x: 10, y: 10, width: 70, height: 70))).background(.red)
            group.add(TwinNode(frame: CGRect(x: 40, y: 40, width: 70, height: 70))).background(.blue).corners(12)
        }
    }

    /// Three overlapping siblings added in the order red (zPosition 2), green (−1), blue (0):
    /// drawn green, blue, red — above the parent's background even at a negative zPosition.
    @Sendable static func zPositionOrder() -> CrossScene {
        CrossScene("zPositionOrder", tolerance: .init(minPSNR: 40, maxPercentOff: 0.5)) { root in
            let parent = root.add(TwinNode(frame: CGRect(x: 10, y: 10, width: 140, height: 140)))
                .background(TwinColor(0.9, 0.9, 0.8))
            parent.add(TwinNode(frame: CGRect(x: 10, y: 10, width: 70, height: 70))).background(.red).zPosition(2)
            parent.add(TwinNode(frame: CGRect(x: 35, y: 35, width: 70, height: 70))).background(.green).zPosition(-1)
            parent.add(TwinNode(frame: CGRect(x: 60, y: 60, width: 70, height: 70))).background(.blue).corners(10)
        }
    }

    /// A gradient mask layer fading a group (a rounded box with two children) from opaque at the
    /// top-left to transparent at the bottom-right, over a striped backdrop.
    @Sendable static func gradientMask() -> CrossScene {
        CrossScene("gradientMask", tolerance: .init(minPSNR: 44, maxPercentOff: 0.5)) { root in
            root.add(TwinNode(frame: CGRect(x: 0, y: 70, width: 160, height: 20))).background(.navy)
            let box = root.add(TwinNode(frame: CGRect(x: 20, y: 20, width: 120, height: 120)))
                .background(.yellow).corners(18)
                .gradientMask(alphas: [1, 0.6, 0], locations: [0, 0.4, 1], start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 1))
            box.add(TwinNode(frame: CGRect(x: 10, y: 10, width: 60, height: 60))).background(.red)
            box.add(TwinNode(frame: CGRect(x: 50, y: 50, width: 60, height: 60))).background(.blue)
        }
    }

    /// Shape layers: a self-intersecting star filled even-odd with a mitred outline; an open
    /// curve (quadratic and cubic segments) with a dashed round-capped stroke and a phase; a
    /// zigzag with square caps and bevel joins drawn to strokeEnd 0.6.
    @Sendable static func shapes() -> CrossScene {
        CrossScene("shapes", tolerance: .init(minPSNR: 36, maxPercentOff: 1)) { root in
            let star = CGMutablePath()
            for i in 0..<5 {
                let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                let p = CGPoint(x: 35 + 30 * cos(a), y: 38 + 30 * sin(a))
                if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
            }
            star.closeSubpath()
            root.add(TwinNode.shape(frame: CGRect(x: 0, y: 0, width: 70, height: 76), path: star, fill: .yellow,
                                    fillRule: .evenOdd, stroke: TwinStroke(width: 3, color: .navy, join: .miter, miterLimit: 10)))

            let curve = CGMutablePath()
            curve.move(to: CGPoint(x: 10, y: 60))
            curve.addQuadCurve(to: CGPoint(x: 45, y: 10), control: CGPoint(x: 10, y: 10))
            curve.addCurve(to: CGPoint(x: 75, y: 60), control1: CGPoint(x: 70, y: 10), control2: CGPoint(x: 40, y: 60))
            root.add(TwinNode.shape(frame: CGRect(x: 75, y: 5, width: 85, height: 70), path: curve, fill: nil,
                                    stroke: TwinStroke(width: 6, color: .red, cap: .round, join: .round, dashes: [12, 7], phase: 4)))

            let zigzag = CGMutablePath()
            zigzag.move(to: CGPoint(x: 12, y: 60))
            for (i, x) in stride(from: 35.0, through: 130, by: 24).enumerated() {
                zigzag.addLine(to: CGPoint(x: x, y: i % 2 == 0 ? 12 : 60))
            }
            root.add(TwinNode.shape(frame: CGRect(x: 0, y: 85, width: 160, height: 72), path: zigzag, fill: nil,
                                    stroke: TwinStroke(width: 8, color: .teal, cap: .square, join: .bevel), strokeEnd: 0.6))
        }
    }

    /// A rectangle shadowPath: shadowRadius 6 (CSS blur 12 px), offset (6, 8), opacity 0.6.
    @Sendable static func shadowRectPath() -> CrossScene {
        CrossScene("shadowRectPath", tolerance: .init(minPSNR: 48, maxPercentOff: 0.1)) { root in
            root.add(TwinNode(frame: CGRect(x: 30, y: 26, width: 90, height: 80)))
                .background(.blue).shadow(offset: CGSize(width: 6, height: 8), radius: 6, opacity: 0.6)
        }
    }

    /// A rounded-rect shadowPath matching cornerRadius 22: shadowRadius 10 (CSS blur 20 px),
    /// offset (0, 10), opacity 0.8.
    @Sendable static func shadowRoundedPath() -> CrossScene {
        CrossScene("shadowRoundedPath", tolerance: .init(minPSNR: 44, maxPercentOff: 0.5)) { root in
            root.add(TwinNode(frame: CGRect(x: 35, y: 25, width: 90, height: 90)))
                .background(.orange).corners(22)
                .shadow(offset: CGSize(width: 0, height: 10), radius: 10, opacity: 0.8)
        }
    }

    /// No shadowPath: the shadow of the layer's composited alpha (an opaque rounded box, so
    /// the same shape box-shadow uses), coloured navy, shadowRadius 4, offset (7, 5).
    @Sendable static func shadowFromAlpha() -> CrossScene {
        CrossScene("shadowFromAlpha", tolerance: .init(minPSNR: 48, maxPercentOff: 0.2)) { root in
            root.add(TwinNode(frame: CGRect(x: 28, y: 30, width: 96, height: 84)))
                .background(.green).corners(14)
                .shadow(offset: CGSize(width: 7, height: 5), radius: 4, color: .navy, opacity: 0.7, usePath: false)
        }
    }

    /// Axial gradients: a vertical three-stop one with locations, and an oblique one whose
    /// start and end points are not symmetric about the centre on a non-square layer (padding
    /// beyond both ends).
    @Sendable static func axialGradients() -> CrossScene {
        CrossScene("axialGradients", tolerance: .init(minPSNR: 45, maxPercentOff: 0.1)) { root in
            root.add(TwinNode.axialGradient(
                frame: CGRect(x: 12, y: 10, width: 136, height: 64),
                colors: [.yellow, .red, .navy], locations: [0, 0.3, 1],
                start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1)))
            root.add(TwinNode.axialGradient(
                frame: CGRect(x: 12, y: 84, width: 136, height: 66),
                colors: [.teal, .white, .purple],
                start: CGPoint(x: 0.15, y: 0.2), end: CGPoint(x: 0.75, y: 0.9)))
        }
    }

    /// A radial gradient: an off-centre ellipse (semi-axes 0.5 w and 0.45 h), three stops,
    /// padded with the last colour outside.
    @Sendable static func radialGradient() -> CrossScene {
        CrossScene("radialGradient", tolerance: .init(minPSNR: 45, maxPercentOff: 0.1)) { root in
            root.add(TwinNode.radialGradient(
                frame: CGRect(x: 10, y: 20, width: 140, height: 120),
                colors: [.white, .orange, .navy], locations: [0, 0.45, 1],
                start: CGPoint(x: 0.4, y: 0.5), end: CGPoint(x: 0.9, y: 0.95)))
        }
    }

    /// A 24 × 12 image in six 72 × 44 layers, one per contentsGravity that CSS can express
    /// (see `TwinNode.contents`): resize (×3 by ×11/3), resizeAspect (×3, centred),
    /// resizeAspectFill (×11/3, clipped), center, left, right. Every edge lands on whole
    /// pixels, and no scale is a multiple of ½ pixel off whole: with a scale like 2.75 some
    /// device pixel centres fall exactly on a texel boundary, where nearest sampling may round
    /// either way (Lamina takes the next texel, Chromium the previous one: lines every 4 texels).
    @Sendable static func contentsGravity() -> CrossScene {
        CrossScene("contentsGravity", tolerance: .init(minPSNR: 45, maxPercentOff: 0.2)) { root in
            guard let image = TwinNode.testImage(width: 24, height: 12) else { return }
            let gravities: [CALayerContentsGravity] = [.resize, .resizeAspect, .resizeAspectFill, .center, .left, .right]
            for (i, g) in gravities.enumerated() {
                let frame = CGRect(x: 4 + 80 * (i % 2), y: 4 + 52 * (i / 2), width: 72, height: 44)
                root.add(TwinNode(frame: frame)).background(TwinColor(0.8, 0.8, 0.8)).contents(image, gravity: g)
            }
        }
    }

    /// A rotation by 30° about an off-centre anchor (0.25, 0.75) ↔ transform-origin 25 % 75 %,
    /// with a child stripe so the direction shows.
    @Sendable static func affineRotation() -> CrossScene {
        CrossScene("affineRotation", tolerance: .init(minPSNR: 40, maxPercentOff: 1.1)) { root in
            let card = root.add(TwinNode(frame: CGRect(x: 40, y: 40, width: 90, height: 60), anchor: CGPoint(x: 0.25, y: 0.75)))
                .background(.green).border(3, .navy).transform(.rotateZ(30))
            card.add(TwinNode(frame: CGRect(x: 3, y: 3, width: 20, height: 54))).background(.red)
            // The unrotated outline for reference.
            root.add(TwinNode(frame: CGRect(x: 40, y: 40, width: 90, height: 60))).border(1, .black)
        }
    }

    /// A rounded card turned 20° with a path shadow: both systems draw the shadow in the
    /// layer's own space, so its offset (0, 8) turns with the card. (No masksToBounds here: it
    /// would clip the layer's own shadow in Core Animation but not in CSS.)
    @Sendable static func rotatedShadow() -> CrossScene {
        CrossScene("rotatedShadow", tolerance: .init(minPSNR: 42, maxPercentOff: 0.5)) { root in
            root.add(TwinNode(frame: CGRect(x: 35, y: 30, width: 90, height: 80)))
                .background(.yellow).corners(16).transform(.rotateZ(20))
                .shadow(offset: CGSize(width: 0, height: 8), radius: 6, opacity: 0.7)
        }
    }

    /// Rounded-corner clipping under a rotation: a masksToBounds card turned −25° clipping two
    /// overhanging children.
    @Sendable static func rotatedClip() -> CrossScene {
        CrossScene("rotatedClip", tolerance: .init(minPSNR: 36, maxPercentOff: 1.5)) { root in
            let card = root.add(TwinNode(frame: CGRect(x: 30, y: 30, width: 100, height: 100)))
                .background(.teal).corners(30).masksToBounds().transform(.rotateZ(-25))
            card.add(TwinNode(frame: CGRect(x: -15, y: -15, width: 60, height: 60))).background(.orange)
            card.add(TwinNode(frame: CGRect(x: 55, y: 60, width: 60, height: 60))).background(.purple)
        }
    }

    /// Skews and a non-uniform scale composed with a rotation about the centre:
    /// rotate(−15°) skewX(25°) scale(1.1, 0.8), and a skewY on a second layer.
    @Sendable static func affineSkew() -> CrossScene {
        CrossScene("affineSkew", tolerance: .init(minPSNR: 40, maxPercentOff: 1.1)) { root in
            let a = root.add(TwinNode(frame: CGRect(x: 30, y: 20, width: 100, height: 60)))
                .background(.blue).corners(10).transform(.rotateZ(-15), .skewX(25), .scale(1.1, 0.8))
            a.add(TwinNode(frame: CGRect(x: 10, y: 10, width: 30, height: 40))).background(.yellow)
            root.add(TwinNode(frame: CGRect(x: 40, y: 100, width: 80, height: 40)))
                .background(.purple).border(4, .orange).transform(.skewY(-20))
        }
    }
}
