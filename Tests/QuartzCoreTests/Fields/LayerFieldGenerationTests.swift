import Foundation
import Testing
import QuartzCore

/// The code generated from `AnimatableLayerField.all` is the generator's current output: a
/// declaration edited without `Scripts/generate-layer-fields.sh` fails here.
@Suite struct LayerFieldGenerationTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: LayerFieldGenerator.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Both whole files: the render server's (LaminaCompositor) and QuartzCore's glue.
    @Test func generatedFilesAreCurrent() throws {
        #expect(LayerFieldGenerator.files.count == 2)
        for (path, text) in LayerFieldGenerator.files {
            let onDisk = try Self.text(path)
            #expect(onDisk == text, "\(path) is stale: run Scripts/generate-layer-fields.sh")
        }
    }

    /// The render server's part names no model type: LaminaCompositor knows nothing of CALayer
    /// or `LayerProperties`.
    @Test func serverPartNamesNoModelType() {
        let server = LayerFieldGenerator.serverFile()
        #expect(!server.contains("CALayer"))
        #expect(!server.contains("LayerProperties"))
        #expect(!server.contains("import LaminaCompositor"))
        #expect(LayerFieldGenerator.generatedFile().contains("func load(_ field: DirectField, from layer: CALayer)"))
    }

    @Test func generatedRegionsAreCurrent() throws {
        for (path, region) in LayerFieldGenerator.regions {
            let onDisk = try Self.text(path)
            let regenerated = try #require(LayerFieldGenerator.replacingRegion(in: onDisk, with: region),
                                           "\(path) has lost its generated-region markers")
            #expect(onDisk == regenerated, "\(path) is stale: run Scripts/generate-layer-fields.sh")
        }
    }

    @Test func aStaleRegionIsNoticed() throws {
        let onDisk = try Self.text(LayerFieldGenerator.layerPath)
        let edited = onDisk.replacingOccurrences(of: "get { props.animatable.opacity }", with: "get { props.animatable.opacity * 2 }")
        #expect(edited != onDisk)
        #expect(LayerFieldGenerator.replacingRegion(in: edited, with: LayerFieldGenerator.layerAccessorsRegion()) == onDisk)
    }

    /// `DirectField` numbers the declared fields in declaration order (its `declaration` is
    /// found by raw value), and CALayer's property table holds each field's key once.
    @Test func directFieldAndPropertyTableFollowTheDeclaration() {
        #expect(DirectField.allCases.map(\.key) == AnimatableLayerField.all.map(\.key))
        for field in DirectField.allCases {
            #expect(field.declaration.key == field.key)
            #expect(CALayer.baseTable.properties.filter { $0.key == field.key }.count == 1, "\(field.key)")
        }
    }
}
