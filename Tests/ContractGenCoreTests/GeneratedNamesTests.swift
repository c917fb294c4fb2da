import Foundation
import NamesContract
import Testing
import TrackingCore

/// App code next to a generated module whose contract (`Tests/Reference/Names/contract.yaml`)
/// names value sets, objects, events and kinds `Data`, `URL`, `Date`, `Notification`,
/// `Result`, `Task`, `Type`, `Self`, `_`, ...: every generated type is nested in the
/// contract's namespace, so this file compiling is the first half of the test.
@Suite struct GeneratedNamesTests {
    @Test func appCodeUsesFoundationAndSwiftTypesUnqualified() async throws {
        let data = Data([1, 2, 3])
        let url = URL(string: "https://example.com/a")!
        let date = Date(timeIntervalSince1970: 0)
        let notification = Notification(name: Notification.Name("contractgen.test"))
        let result: Result<Int, any Error> = .success(7)
        let task = Task { 42 }
        #expect(data.count == 3)
        #expect(url.host == "example.com")
        #expect(date.timeIntervalSince1970 == 0)
        #expect(notification.name.rawValue == "contractgen.test")
        #expect(try result.get() == 7)
        #expect(await task.value == 42)

        // The contract's own types, qualified by its namespace.
        let event = Shop.Notification(x: "a", data: .small, uuid: UUID(), clientTimestamp: date)
        #expect(event.section == .top)
        let members = try JSONValue.parse(event.encodedJSON())
        #expect(members["event"] == .string("Notification"))
        #expect(members["data"] == .string("small"))
        #expect(Shop.descriptor.validate(payload: members) == [])
        let task2 = Shop.Task(self_: Shop.Self_(url: .https), date: Shop.Date(day: 3))
        let taskMembers = try JSONValue.parse(task2.encodedJSON())
        #expect(taskMembers["event"] == .string("Task"))
        #expect(taskMembers["self"] == .object([(key: "url", value: .string("https"))]))
        #expect(Shop.descriptor.validate(payload: taskMembers) == [])
    }

    /// Names that cannot be used as written get a trailing `_` (or the contract's
    /// `swiftName:`); the wire names stay exactly as the contract writes them.
    @Test func derivedSwiftNamesKeepTheWireNames() throws {
        #expect(Shop.Type_().eventName == "Type")
        #expect(Shop.Protocol_(xOptional: 1).eventName == "protocol")
        #expect(Shop.Underscore(underscore: "u").eventName == "_")
        #expect(try JSONValue.parse(Shop.Underscore(underscore: "u").encodedJSON())["_"] == .string("u"))
        #expect(Shop.Rules_().eventName == "rules")
        #expect(Shop.Shop_().eventName == "shop")
        #expect(Shop.TrackingCore_().eventName == "trackingCore")
        #expect(Shop.ShopSupportVersion().kindName == "Task")
        #expect(Shop.ShopFieldKeysProtocolX().eventName == "shopFieldKeysProtocolX")
        #expect(Shop.Swift_.fast.rawValue == "fast")
        #expect(Shop.Result.ok.rawValue == "OK")
    }

    /// A field `x` beside a field `xOptional`: their protocols live in different enums.
    @Test func fieldProtocolsOfXAndXOptionalDoNotClash() {
        func carriesX(_ model: some Shop.Fields.X) -> String { model.x }
        func mayCarryX(_ model: some Shop.OptionalFields.X) -> String? { model.x }
        func carriesXOptional(_ model: some Shop.Fields.XOptional) -> Int { model.xOptional }
        func mayCarryXOptional(_ model: some Shop.OptionalFields.XOptional) -> Int? { model.xOptional }
        let notification = Shop.Notification(x: "a", data: .large, xOptional: 2)
        #expect(carriesX(notification) == "a")
        #expect(mayCarryXOptional(notification) == 2)
        let proto = Shop.Protocol_(xOptional: 5, x: "b")
        #expect(mayCarryX(proto) == "b")
        #expect(carriesXOptional(proto) == 5)
        func isOfKindType(_ event: some Shop.Kinds.Type_) -> Shop.Section { event.section }
        #expect(isOfKindType(notification) == .top)
        func isBackground(_ event: some Shop.Kinds.Background) -> String { event.kindName }
        #expect(isBackground(Shop.ShopSupportVersion()) == "Task")
    }
}
