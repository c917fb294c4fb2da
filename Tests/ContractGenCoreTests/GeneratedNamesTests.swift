import Foundation
import NamesContract
import Testing
import TrackingCore

/// App code next to a generated module whose contract (`Tests/Reference/Names/contract.yaml`)
/// names value sets, objects, events and kinds `Data`, `URL`, `Date`, `Notification`,
/// `Result`, `Task`, `Type`, `Self`, `_`, ...: every generated type and event function is
/// nested in the contract's namespace, so this file compiling is the first half of the test.
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
        let event = Shop.notification(x: "a", data: .small, uuid: UUID(), clientTimestamp: date)
        #expect(event.section == .top)
        #expect(event.eventName == "Notification")
        let members = try JSONValue.parse(event.encodedJSON())
        #expect(members["event"] == .string("Notification"))
        #expect(members["data"] == .string("small"))
        #expect(Shop.descriptor.validate(payload: members) == [])
        let task2 = Shop.task(self_: Shop.Self_(url: .https), date: Shop.Date(day: 3))
        let taskMembers = try JSONValue.parse(task2.encodedJSON())
        #expect(taskMembers["event"] == .string("Task"))
        #expect(taskMembers["self"] == .object([(key: "url", value: .string("https"))]))
        #expect(Shop.descriptor.validate(payload: taskMembers) == [])
    }

    /// Names that cannot be used as written get a trailing `_` (or the contract's
    /// `swiftName:`); the wire names stay exactly as the contract writes them.
    @Test func derivedSwiftNamesKeepTheWireNames() throws {
        #expect(Shop.type().eventName == "Type")
        #expect(Shop.protocol(xOptional: 1).eventName == "protocol")
        #expect(Shop.underscore(underscore: "u").eventName == "_")
        #expect(try JSONValue.parse(Shop.underscore(underscore: "u").encodedJSON())["_"] == .string("u"))
        #expect(Shop.rules().eventName == "rules")
        #expect(Shop.fields().eventName == "fields")
        #expect(Shop.kinds().eventName == "kinds")
        #expect(Shop.shop().eventName == "shop")
        #expect(Shop.trackingCore().eventName == "trackingCore")
        #expect(Shop.shopSupportVersion().kindName == "Task")
        #expect(Shop.shopFieldKeysProtocolX().eventName == "shopFieldKeysProtocolX")
        #expect(Shop.Swift_.fast.rawValue == "fast")
        #expect(Shop.Result.ok.rawValue == "OK")
        // Event functions never take the namespace's own members' names.
        #expect(Shop.name == "Shop" && Shop.name_().eventName == "name")
        #expect(Shop.version == "1.0.0" && Shop.version_().eventName == "version")
        #expect(Shop.descriptor.events.count == 30 && Shop.descriptor_().eventName == "descriptor")
        #expect(Shop.init_().eventName == "init")
        #expect(Shop.self_().eventName == "self")
        #expect(Shop.eventDescriptors0().eventName == "eventDescriptors0")
        #expect(Shop.default().eventName == "default")
        #expect(Shop.events().eventName == "Events")
        // Keywords as event functions and as the kind struct's fields (argument labels at the generated call).
        let keywords = Shop.let(`inout`: 1, var: "v", default: true)
        #expect(keywords.eventName == "let" && keywords.`inout` == 1 && keywords.var == "v" && keywords.default)
        #expect(keywords.let == .bottom)
        #expect(Shop.var(`inout`: 2, var: "w", default: false, let: .top).let == .top)
        #expect(Shop.inout(`inout`: 3, var: "x", default: false, let: .top).eventName == "inout")
        #expect(try JSONValue.parse(keywords.encodedJSON())["let"] == .string("bottom"))
        // Each kind's events are one struct, named like the kind's protocol.
        let typed: Shop.Events.Event_ = Shop.kinds()
        #expect(typed.kindName == "event")
    }

    /// A field `x` beside a field `xOptional`: their protocols live in different enums.
    @Test func fieldProtocolsOfXAndXOptionalDoNotClash() {
        func carriesX(_ model: some Shop.Fields.X) -> String { model.x }
        func mayCarryX(_ model: some Shop.OptionalFields.X) -> String? { model.x }
        func carriesXOptional(_ model: some Shop.Fields.XOptional) -> Int { model.xOptional }
        func mayCarryXOptional(_ model: some Shop.OptionalFields.XOptional) -> Int? { model.xOptional }
        // Models an app composes from the protocols (generated events are one struct per kind).
        struct Carries: Shop.Fields.X, Shop.Fields.XOptional {
            var x: String
            var xOptional: Int
        }
        struct MayCarry: Shop.OptionalFields.X, Shop.OptionalFields.XOptional {
            var x: String?
            var xOptional: Int?
        }
        #expect(carriesX(Carries(x: "a", xOptional: 2)) == "a")
        #expect(carriesXOptional(Carries(x: "a", xOptional: 2)) == 2)
        #expect(mayCarryX(MayCarry(x: "b", xOptional: nil)) == "b")
        #expect(mayCarryXOptional(MayCarry(x: nil, xOptional: 5)) == 5)
        func isOfKindType(_ event: some Shop.Kinds.Type_) -> Shop.Section { event.section }
        #expect(isOfKindType(Shop.notification(x: "a", data: .large, xOptional: 2)) == .top)
        func isBackground(_ event: some Shop.Kinds.Background) -> String { event.kindName }
        #expect(isBackground(Shop.shopSupportVersion()) == "Task")
    }
}
