import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// CAEmitterLayer and CAEmitterCell as API: Apple's defaults, cells by name in key paths,
/// animations of those paths, and bad input.
@Suite struct EmitterModelTests {
    @Test func cellDefaultsAreApples() {
        let c = CAEmitterCell()
        #expect(c.name == nil && c.isEnabled)
        #expect(c.birthRate == 0 && c.lifetime == 0 && c.lifetimeRange == 0)
        #expect(c.emissionLatitude == 0 && c.emissionLongitude == 0 && c.emissionRange == 0)
        #expect(c.velocity == 0 && c.velocityRange == 0)
        #expect(c.xAcceleration == 0 && c.yAcceleration == 0 && c.zAcceleration == 0)
        #expect(c.scale == 1 && c.scaleRange == 0 && c.scaleSpeed == 0 && c.spin == 0 && c.spinRange == 0)
        #expect(c.color == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect([c.redRange, c.greenRange, c.blueRange, c.alphaRange, c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed]
            .allSatisfy { $0 == 0 })
        #expect(c.contents == nil && c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && c.contentsScale == 1)
        #expect(c.minificationFilter == "linear" && c.magnificationFilter == "linear" && c.minificationFilterBias == 0)
        #expect(c.emitterCells == nil && c.style == nil)
        #expect(c.beginTime == 0 && c.duration == 0 && c.speed == 1 && c.timeOffset == 0)
        #expect(c.repeatCount == 0 && c.repeatDuration == 0 && !c.autoreverses && c.fillMode == .removed)
        #expect(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "birthRate") == nil)
        #expect(CAEmitterCell.defaultValue(forKey: "enabled") as? Bool == true)
    }

    @Test func layerDefaultsAreApples() {
        let e = CAEmitterLayer()
        #expect(e.emitterCells == nil)
        #expect(e.birthRate == 1 && e.lifetime == 1 && e.velocity == 1 && e.scale == 1 && e.spin == 1)
        #expect(e.emitterPosition == .zero && e.emitterZPosition == 0 && e.emitterSize == .zero && e.emitterDepth == 0)
        #expect(e.emitterShape == .point && e.emitterMode == .volume && e.renderMode == .unordered)
        #expect(!e.preservesDepth && e.seed == 0)
        #expect(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float == 1)
        #expect((CAEmitterLayer.defaultValue(forKey: "emitterShape") as? CAEmitterLayerEmitterShape) == .point)
        #expect(CAEmitterLayerRenderMode.additive.rawValue == "additive")
        #expect(CAEmitterLayerEmitterMode.outline.rawValue == "outline")
        #expect(CAEmitterLayerEmitterShape.cuboid.rawValue == "cuboid")
    }

    static func sparkEmitter() -> (CAEmitterLayer, CAEmitterCell, CAEmitterCell) {
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 10
        let rocket = CAEmitterCell()
        rocket.name = "rocket"
        rocket.emitterCells = [spark]
        let e = CAEmitterLayer()
        e.emitterCells = [rocket, {
            let c = CAEmitterCell()
            c.name = "spark"
            c.birthRate = 3
            return c
        }()]
        return (e, rocket, spark)
    }

    @Test func keyPathsReachCellsByName() {
        freshTransactions()
        let (e, rocket, spark) = Self.sparkEmitter()
        #expect(e.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 3)
        #expect(e.value(forKeyPath: "emitterCells.rocket.emitterCells.spark.birthRate") as? Float == 10)
        e.setValue(42, forKeyPath: "emitterCells.rocket.emitterCells.spark.birthRate")
        #expect(spark.birthRate == 42)
        e.setValue(NSNumber(value: 1.5), forKeyPath: "emitterCells.rocket.velocity")
        #expect(rocket.velocity == 1.5)
        #expect(e.value(forKeyPath: "emitterCells.nobody.birthRate") == nil)
        e.setValue(1, forKeyPath: "emitterCells.nobody.birthRate")
        #expect(LayerDiagnostics.takeLastError() != nil)
        e.setValue("x", forKeyPath: "emitterCells.rocket.velocity")
        #expect(rocket.velocity == 1.5)
        #expect(LayerDiagnostics.takeLastError() != nil)
        // Ordinary key paths still work.
        e.setValue(5, forKeyPath: "position.x")
        #expect(e.position.x == 5)
        // Cell KVC by Apple's keys.
        #expect(spark.value(forKey: "enabled") as? Bool == true)
        spark.setValue(false, forKey: "enabled")
        #expect(!spark.isEnabled)
        #expect(rocket.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 42)
    }

    @Test func keyPathChangeReachesTheCommittedTree() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let (e, _, _) = Self.sparkEmitter()
        root.addSublayer(e)
        CATransaction.flush()
        let tree = root.committedRenderTree()
        e.setValue(7, forKeyPath: "emitterCells.spark.birthRate")
        CATransaction.flush()
        guard case let .emitter(content)? = tree.committedNodes[e.renderNodeID]?.kind else {
            Issue.record("no emitter node"); return
        }
        #expect(content.cells[1].birthRate == 7)
    }

    @Test func animationOfACellKeyPathIsPresented() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let (e, _, _) = Self.sparkEmitter()
        root.addSublayer(e)
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 10
        a.beginTime = 1000
        e.add(a, forKey: "rate")
        #expect(e.animation(forKey: "rate") != nil)
        CATransaction.flush()
        let frame = root.committedRenderTree().tree(at: 1002.5)
        guard case let .emitter(content)? = frame[e.renderNodeID]?.kind else { Issue.record("no emitter node"); return }
        #expect(abs(content.cells[1].birthRate - 25) < 1e-3)
        // The model's cell is untouched.
        #expect(e.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 3)
        // The frame carries the emitter's local time (root and emitter clocks are identities).
        #expect(content.time == 1002.5)
    }

    @Test func badInputIsRefusedOrReported() {
        freshTransactions()
        let c = CAEmitterCell()
        c.birthRate = 5
        c.birthRate = .nan
        #expect(c.birthRate == 5)
        #expect(LayerDiagnostics.takeLastError() != nil)
        c.lifetime = -2
        #expect(c.lifetime == -2) // stored as Apple stores it; emits nothing
        #expect(LayerDiagnostics.takeLastError() != nil)
        c.birthRate = 1e9
        if case let .invalidValue(_, detail)? = LayerDiagnostics.takeLastError() {
            #expect(detail.contains("\(CAEmitterLayer.maxLiveParticles)"))
        } else {
            Issue.record("1e9 birthRate not reported")
        }
        // A cell cannot contain itself, directly or deeper.
        c.emitterCells = [c]
        #expect(c.emitterCells == nil)
        #expect(LayerDiagnostics.takeLastError() != nil)
        let child = CAEmitterCell()
        c.emitterCells = [child]
        child.emitterCells = [c]
        #expect(child.emitterCells == nil)
        #expect(LayerDiagnostics.takeLastError() != nil)
        let e = CAEmitterLayer()
        e.birthRate = .nan
        #expect(e.birthRate == 1)
        #expect(LayerDiagnostics.takeLastError() != nil)
    }

    @Test func presentationCopiesHoldTheirOwnCells() {
        let (e, rocket, _) = Self.sparkEmitter()
        let copy = CAEmitterLayer(layer: e)
        #expect(copy.emitterCells?.count == 2)
        #expect(copy.emitterCells?[0] !== rocket)
        copy.setValue(99, forKeyPath: "emitterCells.rocket.velocity")
        #expect(rocket.velocity == 0)
        #expect(copy.value(forKeyPath: "emitterCells.rocket.emitterCells.spark.birthRate") as? Float == 10)
    }
}
