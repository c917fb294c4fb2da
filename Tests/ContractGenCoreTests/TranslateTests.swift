@testable import ContractGenCore
import Testing
import TrackingContract
import TrackingCore

@Suite struct TranslateTests {
    /// FNV-1a of the UTF-8 name: fixed values, so shards never move between runs or machines.
    @Test func eventShardsAreStable() {
        #expect(ContractTranslator.shard(ofEvent: "", shards: 64) == Int(0x811C_9DC5 % 64))
        #expect(ContractTranslator.shard(ofEvent: "a", shards: 64) == Int(UInt32(0xE40C_292C) % 64))
        #expect(ContractTranslator.shard(ofEvent: "addToBag", shards: 64) == 25)
        #expect(ContractTranslator.shard(ofEvent: "wishlistPageView", shards: 64) == 52)
        #expect(ContractTranslator.shard(ofEvent: "wishlistPageView", shards: 4) == 52 % 4)
    }

    /// A field's key in `N.Fields` never takes a field protocol's name there (fuzz: `swiftName: Self_`, a field `_2`).
    @Test func fieldKeysAvoidTheFieldsProtocols() {
        let keys = GeneratedNames.fieldKeyNames(
            members: ["_2", "iPhone", "Self_", "sku", "descriptor_"], types: ["_2", "IPhone", "Self_", "Sku", "Descriptor_"])
        #expect(keys == ["_2_", "iPhone", "self_", "sku", "descriptor_"])
        #expect(GeneratedNames.fieldKeyNames(members: ["Init", "init_"], types: ["Init", "Init_"]) == ["init_", "init__"])
    }

    @Test func namesAvoidWhatSwiftReserves() {
        #expect(GeneratedNames.typeName("Type", namespace: "Shop") == "Type_")
        #expect(GeneratedNames.typeName("protocol", namespace: "Shop") == "Protocol_")
        #expect(GeneratedNames.typeName("shop", namespace: "Shop") == "Shop_")
        #expect(GeneratedNames.typeName("rules", namespace: "Shop") == "Rules_")
        #expect(GeneratedNames.typeName("x", swiftName: "Swift", namespace: "Shop") == "Swift_")
        #expect(GeneratedNames.typeName("product_detail", namespace: "Shop") == "ProductDetail")
        #expect(GeneratedNames.namespaceName("swift") == "Swift_")
        #expect(GeneratedNames.memberName("self") == "self_")
        #expect(GeneratedNames.memberName("eventName") == "eventName_")
        #expect(GeneratedNames.memberName("default") == "default")
        #expect(GeneratedNames.memberName("cart_id") == "cartId")
        #expect(GeneratedNames.caseNames(["EUR", "GBP", "tab_bar"]) == ["eur", "gbp", "tabBar"])
        #expect(GeneratedNames.caseNames(["EUR", "eur"]) == ["eUR", "eur"])
        let names = GeneratedNames(contractName: "Omnitracking")
        #expect(names.envelopeProtocol == "Omnitracking.Event")
        #expect(names.kindProtocol("pageView") == "Omnitracking.Kinds.PageView")
        #expect(names.kindProtocol("event") == "Omnitracking.Kinds.Event_")
        #expect(names.qualifiedTypeName("Data") == "Omnitracking.Data")
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

    /// Events are printed from the event table (no declaration model per event):
    /// what the renderer prints for one event, and the table it prints from.
    @Test func eventsBecomeFunctionsReturningTheirKindsStruct() throws {
        let contract = try GeneratedTestSupport.exampleContract()
        let lowered = ContractGenerator.lower(contract)
        let table = ContractTranslator.eventTable(lowered, fields: ContractTranslator.FieldDeclarations(lowered))
        let event = try #require(lowered.events.first { $0.name == "wishlistPageView" })
        let entry = table.entry(of: event, in: lowered)
        // The members as slots, in the lowered wire order.
        let properties = entry.properties
        #expect(properties.map { table.fields[$0.slot].wireName } == event.members.map { lowered.field($0.field).wireName })
        #expect(properties.map { table.fields[$0.slot].wireName }
            == ["uuid", "clientTimestamp", "viewType", "uniqueViewId", "skuItemList", "exitInteraction"])
        #expect(properties.compactMap { $0.constant?.wireValue } == ["Wishlist"])

        let renderer = EventRenderer(table: table, namespace: "Omnitracking")
        var bytes: [UInt8] = []
        renderer.render([entry], into: &bytes)
        let source = String(decoding: bytes, as: UTF8.self)
        // A function returning the kind's struct, the kind's constant passed to it; arguments wrap at 120 columns.
        #expect(source.contains("""
                public static func wishlistPageView(
                    uniqueViewId: Foundation.UUID,
                    skuItemList: [Swift.String],
                    exitInteraction: Omnitracking.ExitInteraction? = nil,
                    uuid: Foundation.UUID? = nil,
                    clientTimestamp: Foundation.Date? = nil
                ) -> Omnitracking.Events.PageView {
            """))
        #expect(source.contains("""
                    return Omnitracking.Events.PageView(
                        eventName: "wishlistPageView", uuid: uuid, clientTimestamp: clientTimestamp,
                        viewType: Omnitracking.ViewType.wishlist, uniqueViewId: uniqueViewId, _members: _writer.bytes,
                        _violations: _violations)
                }
            """))

        let module = ContractTranslator.translate(lowered).module
        #expect(module.valueSets.map(\.typeName) == ["ViewType", "ExitInteraction", "InteractionType", "Currency"])
        #expect(module.fieldProtocols.count == 2 * 13)
        #expect(ContractTranslator.descriptor(of: contract).event(named: "wishlistPageView") != nil)
    }
}
