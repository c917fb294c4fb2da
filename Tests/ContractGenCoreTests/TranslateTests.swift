import ContractGenCore
import Testing
import TrackingContract
import TrackingCore

@Suite struct TranslateTests {
    /// FNV-1a of the UTF-8 name: fixed values, so shards never move between runs or machines.
    @Test func eventShardsAreStable() {
        #expect(ContractTranslator.shard(ofEvent: "") == Int(0x811C_9DC5 % 8))
        #expect(ContractTranslator.shard(ofEvent: "a") == Int(UInt32(0xE40C_292C) % 8))
        #expect(ContractTranslator.shard(ofEvent: "addToBag") == 1)
        #expect(ContractTranslator.shard(ofEvent: "wishlistPageView") == 4)
    }

    @Test func namesAvoidWhatSwiftReserves() {
        #expect(GeneratedNames.typeName("Type") == "Type_")
        #expect(GeneratedNames.typeName("product_detail") == "ProductDetail")
        #expect(GeneratedNames.memberName("self") == "self_")
        #expect(GeneratedNames.memberName("eventName") == "eventName_")
        #expect(GeneratedNames.memberName("default") == "default")
        #expect(GeneratedNames.memberName("cart_id") == "cartId")
        #expect(GeneratedNames.caseNames(["EUR", "GBP", "tab_bar"]) == ["eur", "gbp", "tabBar"])
        #expect(GeneratedNames.caseNames(["EUR", "eur"]) == ["eUR", "eur"])
        let names = GeneratedNames(contractName: "Omnitracking")
        #expect(names.kindProtocol("pageView") == "OmnitrackingPageView")
        #expect(names.kindProtocol("event") == "OmnitrackingEventKind")
        #expect(names.fieldProtocol("cart_id") == "OmnitrackingFieldKeysProtocolCartId")
        #expect(names.optionalFieldProtocol("cart_id") == "OmnitrackingFieldKeysProtocolCartIdOptional")
    }

    /// The descriptor the generated code builds equals the one translated from the contract.
    @Test func generatedDescriptorMatchesTheContract() throws {
        let contract = try GeneratedTestSupport.exampleContract()
        let descriptor = ContractTranslator.descriptor(of: contract)
        #expect(descriptor == Omnitracking.descriptor)
        #expect(Omnitracking.descriptor.globalDefaults.map(\.wireName) == ["appVersion", "osVersion", "deviceModel"])
        #expect(Omnitracking.descriptor.piiFieldNames(forEvent: "searchResultsPageView") == ["searchQuery"])
        #expect(Omnitracking.descriptor.piiFieldNames(forEvent: "addToBag") == [])
        #expect(Omnitracking.descriptor.event(named: "wishlistPageView")?.constants == ["viewType": "Wishlist"])
    }

    @Test func eventsBecomeStructsConformingToKindAndFieldProtocols() throws {
        let module = ContractTranslator.translate(try GeneratedTestSupport.exampleContract())
        let wishlist = try #require(module.events.first { $0.name == "WishlistPageView" })
        #expect(wishlist.conformances == [
            "OmnitrackingPageView", "OmnitrackingFieldKeysProtocolSkuItemList",
            "OmnitrackingFieldKeysProtocolExitInteractionOptional", "TrackingCore.ContractGeneratedEvent", "Swift.Hashable",
        ])
        #expect(wishlist.properties.map(\.wireName) == ["uuid", "clientTimestamp", "viewType", "uniqueViewId", "skuItemList", "exitInteraction"])
        #expect(wishlist.properties.first { $0.wireName == "viewType" }?.constant?.wireValue == "Wishlist")
        #expect(module.valueSets.map(\.typeName) == ["ViewType", "ExitInteraction", "InteractionType", "Currency"])
        #expect(module.fieldProtocols.count == 2 * 13)
    }
}
