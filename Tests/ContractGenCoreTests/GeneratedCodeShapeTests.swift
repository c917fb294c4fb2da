import ContractGenCore
import Foundation
import Testing
import TrackingContract
import TrackingCore

/// The shape that keeps generated code small (docs/generated-code.md, "Shared
/// field code"): events call each field's shared code instead of repeating it.
@Suite struct GeneratedCodeShapeTests {
    static func files() throws -> [String: String] {
        let files = ContractGenerator.render(try GeneratedTestSupport.exampleContract())
        return Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
    }

    @Test func eventsRepeatNoConstraintsChecksOrEncoders() throws {
        let files = try Self.files()
        let events = (0..<ContractTranslator.eventShardCount).map { files[GeneratedFileSet.events(shard: $0)]! }.joined()
        #expect(events.contains("public struct BagPageView"))
        #expect(!events.contains("FieldConstraints("))
        #expect(!events.contains("ConstraintRules"))
        #expect(!events.contains("writer.rawKey"))
        #expect(!events.contains("var kindName"))
        #expect(!events.contains("var contractVersion"))
        #expect(events.contains("Omnitracking.Rules.field_products(self.products, into: &violations)"))
        #expect(events.contains("Omnitracking.Rules.field_cartId(self.cartId, to: &writer)"))
    }

    @Test func eachFieldsConstraintsAreBuiltOnceAsStaticLets() throws {
        let fields = try #require(try Self.files()[GeneratedFileSet.fields])
        #expect(fields.contains("static let constraints_field_skuItemList: TrackingCore.FieldConstraints = TrackingCore.FieldConstraints(maxItems: 200)"))
        #expect(fields.contains("static let constraints_field_skuItemList_items: TrackingCore.FieldConstraints = TrackingCore.FieldConstraints(pattern: \"^[0-9]{4,12}$\")"))
        #expect(fields.contains("Self.constraints_field_skuItemList_items, path: TrackingCore.GeneratedCodeSupport.path(\"skuItemList\", index: index0)"))
        // Every check and writer is emitted once per field, whatever the number of events.
        let writers = fields.components(separatedBy: "to writer: inout TrackingCore.JSONWriter)").count - 1
        #expect(writers == (try GeneratedTestSupport.exampleContract()).fields.count)
    }

    @Test func theSharedFieldCodeEncodesAndChecksLikeBefore() {
        var writer = JSONWriter()
        writer.beginObject()
        Omnitracking.BagPageView(
            uniqueViewId: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, products: [], cartId: "c-1",
            promocode: "bad code", uuid: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!,
            clientTimestamp: Date(timeIntervalSince1970: 0)
        ).writeMembers(to: &writer)
        writer.endObject()
        #expect(writer.string == #"{"event":"bagPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"00000000-0000-0000-0000-000000000002","clientTimestamp":"1970-01-01T00:00:00.000Z","viewType":"Bag","uniqueViewId":"00000000-0000-0000-0000-000000000001","products":[],"cart_id":"c-1","promocode":"bad code"}"#)
        let event = Omnitracking.BagPageView(uniqueViewId: UUID(), products: [], cartId: "c-1", promocode: "bad code")
        #expect(event.validate().map(\.path) == ["promocode"])
        #expect(event.kindName == "pageView")
        #expect(event.contractVersion == Omnitracking.version)
    }

    @Test func fileBytesAndTextAgree() throws {
        for file in ContractGenerator.render(try GeneratedTestSupport.exampleContract()) {
            #expect(file.bytes == Array(file.contents.utf8))
            #expect(GeneratedFile(name: file.name, contents: file.contents) == file)
        }
    }
}
