import Foundation
import QuartzCore

/// Scenes in 3D: perspective on a layer and through a parent's sublayerTransform, back faces,
/// flattening, and CATransformLayer (CSS preserve-3d).
///
/// Mappings (details on the TwinNode setters):
/// - a layer's own m34 perspective ↔ `transform: perspective(d) …` on the element, about its
///   transform-origin (= anchor point);
/// - the parent's sublayerTransform m34 = −1/d ↔ `perspective: d` on the parent with
///   `perspective-origin` = the parent's anchor point (Core Animation applies sublayerTransform
///   about the anchor; CSS's default perspective-origin 50 % 50 % is the default anchor);
/// - zPosition ↔ a leading `translateZ(z)`;
/// - isDoubleSided = false ↔ `backface-visibility: hidden`;
/// - CATransformLayer ↔ `transform-style: preserve-3d` (no background of its own).
///
/// Tolerances: Lamina draws a perspective layer flat into an offscreen surface and resamples
/// it through the homography, which leaves its edges about a pixel softer than Chromium's
/// (which rasterizes the projected quad directly); that costs 3–4 % of pixels off by > 16 and
/// holds PSNR near 34 dB on these scenes. A real error is far larger: turning Chromium's
/// rotateY by 3° and its perspective distance by 20 % drops them to 18–28 dB and 2–8 % off.
enum PerspectiveScenes {
    /// A 100-pt layer rotated 60° about y with its own perspective m34 = −1/500 (the iOS idiom
    /// `t.m34 = −1/500; t = CATransform3DRotate(t, 60°, 0, 1, 0)`), with a red stripe on its
    /// left edge and a gradient so the direction and the foreshortening show.
    @Sendable static func perspectiveRotateY60() -> CrossScene {
        CrossScene("perspectiveRotateY60", tolerance: .init(minPSNR: 31, maxPercentOff: 4.5)) { root in
            let plane = root.add(TwinNode(frame: CGRect(x: 30, y: 30, width: 100, height: 100)))
                .background(.blue).border(3, .navy).transform(.perspective(500), .rotateY(60))
            plane.add(TwinNode(frame: CGRect(x: 3, y: 3, width: 24, height: 94))).background(.red)
            plane.add(TwinNode.axialGradient(frame: CGRect(x: 36, y: 20, width: 54, height: 60), colors: [.yellow, .green],
                                             start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
        }
    }

    /// Perspective from the parent: sublayerTransform m34 = −1/400 about the parent's centre,
    /// one child turned about y, one about x and brought forward by zPosition 60 (so it looks
    /// larger), off-centre so the vanishing point matters.
    @Sendable static func sublayerPerspective() -> CrossScene {
        CrossScene("sublayerPerspective", tolerance: .init(minPSNR: 31, maxPercentOff: 5)) { root in
            let stage = root.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 160, height: 160))).sublayerPerspective(400)
            let a = stage.add(TwinNode(frame: CGRect(x: 12, y: 30, width: 60, height: 90)))
                .background(.orange).border(3, .navy).transform(.rotateY(-45))
            a.add(TwinNode(frame: CGRect(x: 3, y: 3, width: 54, height: 16))).background(.red)
            let b = stage.add(TwinNode(frame: CGRect(x: 92, y: 50, width: 50, height: 70)))
                .background(.teal).border(3, .navy).zPosition(60).transform(.rotateX(40))
            b.add(TwinNode(frame: CGRect(x: 3, y: 3, width: 44, height: 14))).background(.yellow)
        }
    }

    /// Back faces at 180° about y under perspective: a double-sided layer shows its mirror image
    /// (the red stripe moves to the right), a single-sided one vanishes, and a single-sided one
    /// turned only 30° still shows (the control).
    @Sendable static func backfaceHidden() -> CrossScene {
        CrossScene("backfaceHidden", tolerance: .init(minPSNR: 38, maxPercentOff: 1.2)) { root in
            let stage = root.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 160, height: 160))).sublayerPerspective(400)
            let mirrored = stage.add(TwinNode(frame: CGRect(x: 8, y: 30, width: 44, height: 100)))
                .background(.blue).transform(.rotateY(180))
            mirrored.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 12, height: 100))).background(.red)
            stage.add(TwinNode(frame: CGRect(x: 58, y: 30, width: 44, height: 100)))
                .background(.green).singleSided().transform(.rotateY(180))
            stage.add(TwinNode(frame: CGRect(x: 108, y: 30, width: 44, height: 100)))
                .background(.purple).singleSided().transform(.rotateY(30))
        }
    }

    /// Group opacity on a layer under perspective: opacity 0.6 on a plane turned −50° about y
    /// whose two children overlap, so the group is composited offscreen and then projected.
    @Sendable static func perspectiveGroupOpacity() -> CrossScene {
        CrossScene("perspectiveGroupOpacity", tolerance: .init(minPSNR: 36, maxPercentOff: 2.5)) { root in
            let stage = root.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 160, height: 160))).sublayerPerspective(350)
            let plane = stage.add(TwinNode(frame: CGRect(x: 25, y: 25, width: 110, height: 110)))
                .background(TwinColor(0.85, 0.85, 0.85)).opacity(0.6).transform(.rotateY(-50))
            plane.add(TwinNode(frame: CGRect(x: 10, y: 10, width: 60, height: 60))).background(.red)
            plane.add(TwinNode(frame: CGRect(x: 40, y: 40, width: 60, height: 60))).background(.blue)
        }
    }

    /// A plane crossing the eye plane: 140 pt wide, turned 70° about y under perspective 60, so
    /// its near edge (z ≈ 66) is behind the eye (z = 60) and must be clipped at w > 0 before the
    /// divide; what remains stretches off the left of the cell.
    @Sendable static func eyePlaneCrossing() -> CrossScene {
        CrossScene("eyePlaneCrossing", tolerance: .init(minPSNR: 35, maxPercentOff: 1)) { root in
            let stage = root.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 160, height: 160))).sublayerPerspective(60)
            let plane = stage.add(TwinNode(frame: CGRect(x: 10, y: 50, width: 140, height: 60)))
                .background(.teal).border(3, .navy).transform(.rotateY(70))
            plane.add(TwinNode(frame: CGRect(x: 100, y: 3, width: 20, height: 54))).background(.red)
        }
    }

    /// Nested rotations without a transform layer: outer +45° about y under the parent's
    /// perspective, inner −45° inside it. The inner one is flattened into the outer's plane
    /// first, so the two do not cancel (reference §2.8.1) — in CSS too, without preserve-3d.
    @Sendable static func nestedFlattening() -> CrossScene {
        CrossScene("nestedFlattening", tolerance: .init(minPSNR: 34, maxPercentOff: 3.5)) { root in
            let stage = root.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 160, height: 160))).sublayerPerspective(300)
            let outer = stage.add(TwinNode(frame: CGRect(x: 25, y: 25, width: 110, height: 110)))
                .background(.yellow).border(3, .orange).transform(.rotateY(45))
            outer.add(TwinNode(frame: CGRect(x: 20, y: 20, width: 70, height: 70)))
                .background(.blue).border(3, .navy).transform(.rotateY(-45))
        }
    }

    /// Two planes crossing at right angles inside a CATransformLayer (preserve-3d) under the
    /// parent's perspective: each must show in front where it is nearer the viewer.
    @Sendable static func intersectingPlanes() -> CrossScene {
        // Measured 33.4 dB / 2.9 % once transform layers were wired in (edge pixels only).
        CrossScene("intersectingPlanes", tolerance: .init(minPSNR: 31, maxPercentOff: 5)) { root in
            let stage = root.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 160, height: 160))).sublayerPerspective(400)
            let space = stage.add(TwinNode(CATransformLayer(), frame: CGRect(x: 0, y: 0, width: 160, height: 160)))
                .preserve3D().transform(.rotateX(-15))
            space.add(TwinNode(frame: CGRect(x: 30, y: 30, width: 100, height: 100)))
                .background(.red).border(3, .navy).transform(.rotateY(45))
            space.add(TwinNode(frame: CGRect(x: 30, y: 30, width: 100, height: 100)))
                .background(.teal).border(3, .navy).transform(.rotateY(-45))
        }
    }

    /// A cube of six 80-pt faces in a CATransformLayer turned −25° about x and 35° about y,
    /// under the parent's perspective 400. Each face is `rotate…(…) translateZ(40)` about its
    /// centre; the faces are opaque, so only the three nearest may show.
    @Sendable static func cube() -> CrossScene {
        // Measured 31.4 dB / 5.0 %: the geometry and depth order match; the differences are the
        // 3-pt borders, about 1 px softer and offset in Lamina (plane surfaces are resampled
        // once more than Chromium's). 6 % leaves room for that without hiding a wrong face.
        CrossScene("cube", tolerance: .init(minPSNR: 30, maxPercentOff: 6)) { root in
            let stage = root.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 160, height: 160))).sublayerPerspective(400)
            let cube = stage.add(TwinNode(CATransformLayer(), frame: CGRect(x: 40, y: 40, width: 80, height: 80)))
                .preserve3D().transform(.rotateX(-25), .rotateY(35))
            let faces: [(TwinColor, [TransformStep])] = [
                (.red, [.translate(0, 0, 40)]),
                (.orange, [.rotateY(180), .translate(0, 0, 40)]),
                (.blue, [.rotateY(90), .translate(0, 0, 40)]),
                (.green, [.rotateY(-90), .translate(0, 0, 40)]),
                (.yellow, [.rotateX(90), .translate(0, 0, 40)]),
                (.purple, [.rotateX(-90), .translate(0, 0, 40)]),
            ]
            for (color, steps) in faces {
                let face = cube.add(TwinNode(frame: CGRect(x: 0, y: 0, width: 80, height: 80)))
                    .background(color).border(3, .navy)
                face.transform(steps: steps)
            }
        }
    }
}
