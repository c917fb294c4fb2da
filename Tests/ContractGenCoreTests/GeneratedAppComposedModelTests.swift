import Foundation
import Testing
import TrackingContract
import TrackingCore

/// An app's own model, composed from the generated protocols rather than
/// generated: it gets `validate()` from the envelope protocol, which checks
/// its payload against the contract's runtime descriptor.
struct AppWishlistView: Omnitracking.Kinds.PageView, Omnitracking.Fields.SkuItemList, Omnitracking.OptionalFields.Promocode {
    var eventName: String { "wishlistPageView" }
    var kindName: String { "pageView" }
    var contractVersion: String { Omnitracking.version }
    var uuid = UUID()
    var clientTimestamp = Date()
    var viewType: Omnitracking.ViewType = .wishlist
    var uniqueViewId = UUID()
    var skuItemList: [String]
    var promocode: String?
    /// Something the contract does not know.
    var extra: String?

    func writeMembers(to writer: inout JSONWriter) {
        writer.key("event"); writer.value(eventName)
        writer.key("kind"); writer.value(kindName)
        writer.key("contractVersion"); writer.value(contractVersion)
        writer.key("uuid"); writer.value(uuid)
        writer.key("clientTimestamp"); writer.timestamp(clientTimestamp)
        writer.key("viewType"); writer.value(viewType.rawValue)
        writer.key("uniqueViewId"); writer.value(uniqueViewId)
        writer.key("skuItemList"); writer.beginArray(); for sku in skuItemList { writer.value(sku) }; writer.endArray()
        if let promocode { writer.key("promocode"); writer.value(promocode) }
        if let extra { writer.key("extra"); writer.value(extra) }
    }
}

@Suite struct GeneratedAppComposedModelTests {
    @Test func aValidComposedModelPasses() {
        #expect(AppWishlistView(skuItemList: ["1234"]).validate() == [])
    }

    @Test func unknownFieldsWrongConstantsAndBrokenConstraintsAreFlagged() {
        // wishlistPageView does not allow promocode; extra is unknown; the view type is fixed.
        let model = AppWishlistView(viewType: .bag, skuItemList: ["12x"], promocode: "SAVE10", extra: "?")
        let violations = model.validate()
        #expect(violations.map(\.path) == ["viewType", "skuItemList[0]", "promocode", "extra"])
        #expect(violations.map(\.code) == [.constantMismatch, .patternMismatch, .unknownField, .unknownField])
    }
}
