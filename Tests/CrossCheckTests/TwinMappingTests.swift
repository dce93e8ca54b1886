import Foundation
import LaminaRaster
import QuartzCore
import Testing

/// The parts of the cross-check that need no Chromium: the CSS twins are written as
/// documented, and the agreement metrics measure what they claim. These always run.
@Suite struct TwinMappingTests {
    @Test func transformStepsReadInCSSOrder() {
        let t = TwinTransform([.perspective(500), .rotateY(60)])
        #expect(t.css == "perspective(500px) rotateY(60deg)")
        // Row-vector form: the rotation first, then the perspective, so m14 = −m13(R)·m34(P)
        // = sin 60° / 500 and m34 = cos 60° · (−1/500).
        let m = t.caTransform
        let s60 = sin(Double.pi / 3), c60 = cos(Double.pi / 3)
        #expect(abs(Double(m.m14) - s60 / 500) < 1e-12)
        #expect(abs(Double(m.m34) + c60 / 500) < 1e-12)
    }

    @Test func skewMatchesCSSSkewX() {
        let m = TwinTransform([.skewX(45)]).caTransform
        // CSS skewX(45deg): x' = x + y.
        #expect(abs(Double(m.m21) - 1) < 1e-12)
        #expect(m.m12 == 0)
    }

    @Test func diagonalAxialGradientSpansTheCSSGradientLine() {
        let node = TwinNode.axialGradient(frame: CGRect(x: 0, y: 0, width: 100, height: 100),
                                          colors: [.black, .white], start: .zero, end: CGPoint(x: 1, y: 1))
        let html = node.html()
        // 135deg (toward bottom right); the corner-to-corner line is 100·√2 px long.
        #expect(html.contains("linear-gradient(135deg, rgba(0, 0, 0, 1) 0px, rgba(255, 255, 255, 1) 141.4214px)"))
    }

    @Test func radialGradientSpellsTheEllipse() {
        let node = TwinNode.radialGradient(frame: CGRect(x: 0, y: 0, width: 100, height: 50),
                                           colors: [.black, .white], start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 1))
        #expect(node.html().contains("radial-gradient(ellipse 50px 25px at 50px 25px, rgba(0, 0, 0, 1) 0%, rgba(255, 255, 255, 1) 100%)"))
    }

    @Test func gradientMaskIsTheMaskLayerAndTheCSSMaskImage() {
        let node = TwinNode(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            .gradientMask(alphas: [1, 0], start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5))
        #expect(node.layer.mask is CAGradientLayer)
        #expect(node.html().contains("mask-image: linear-gradient(90deg, rgba(0, 0, 0, 1) 0px, rgba(0, 0, 0, 0) 100px)"))
    }

    @Test func shapePathBecomesSVGPathData() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.addQuadCurve(to: CGPoint(x: 7, y: 8), control: CGPoint(x: 5, y: 6))
        path.addCurve(to: CGPoint(x: 6, y: 5), control1: CGPoint(x: 9, y: 9.5), control2: CGPoint(x: 8, y: 7))
        path.closeSubpath()
        #expect(TwinNode.svgPathData(path) == "M 1 2 L 3 4 Q 5 6 7 8 C 9 9.5 8 7 6 5 Z")
        let node = TwinNode.shape(frame: CGRect(x: 0, y: 0, width: 10, height: 10), path: path, fill: nil,
                                  stroke: TwinStroke(width: 2, color: .black), strokeEnd: 0.5)
        #expect(node.html().contains("pathLength=\"1\" stroke-dasharray=\"0.5 1\""))
        #expect((node.layer as? CAShapeLayer)?.fillColor == nil)
    }

    @Test func childrenOfABorderedLayerAreShiftedIntoThePaddingBox() {
        let parent = TwinNode(frame: CGRect(x: 0, y: 0, width: 50, height: 50)).border(5, .black)
        parent.add(TwinNode(frame: CGRect(x: 10, y: 20, width: 10, height: 10)))
        #expect(parent.html().contains("left: 5px; top: 15px"))
    }

    @Test func shadowBlurIsTwiceTheShadowRadius() {
        let node = TwinNode(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            .shadow(offset: CGSize(width: 1, height: 2), radius: 6, opacity: 0.5)
        #expect(node.html().contains("box-shadow: 1px 2px 12px rgba(0, 0, 0, 0.5)"))
        #expect(node.layer.shadowPath != nil)
    }

    @Test func everySceneHasACellOnThePage() {
        let scenes = SceneCatalog.builders.map { $0.build() }
        let page = ChromiumBatch.page(scenes)
        for s in scenes {
            #expect(page.contains("<!-- \(s.name) -->"))
            #expect(s.width <= 200 && s.height <= 200)
        }
        #expect(Set(SceneCatalog.names).count == SceneCatalog.names.count)
    }

    @Test func agreementMeasuresPSNRAndPixelsOff() throws {
        let a = try Surface(width: 10, height: 10)
        a.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        let b = a.copy()
        #expect(Agreement(a, b).psnr.isInfinite)
        b[3, 4] = PremultipliedRGBA8(r: 0, g: 255, b: 255, a: 255)
        let one = Agreement(a, b)
        // One channel of 300 off by 255: MSE = 255²/300, PSNR = 10·log10(300) ≈ 24.77 dB.
        #expect(abs(one.psnr - 10 * log10(300)) < 1e-9)
        #expect(abs(one.percentOff - 1) < 1e-9)
        #expect(!one.passes(.init(minPSNR: 30, maxPercentOff: 5)))
        #expect(one.passes(.init(minPSNR: 20, maxPercentOff: 1)))
    }

    /// The Chromium suite is skipped without chromium; this says why, in the test log.
    @Test func chromiumAvailabilityIsExplained() {
        if Chromium.isAvailable {
            #expect(Chromium.unavailableReason.isEmpty)
        } else {
            print("CrossCheckTests skipped: \(Chromium.unavailableReason)")
            #expect(!Chromium.unavailableReason.isEmpty)
        }
    }

    @Test func failurePictureHasThreePanels() throws {
        let a = try Surface(width: 8, height: 6)
        let picture = try #require(Agreement.picture(ours: a, chromium: a))
        #expect(picture.width == 3 * 8 + 2 * 4)
        #expect(picture.height == 6)
    }
}
