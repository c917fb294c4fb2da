import Foundation
import HostileContract
import Testing
import TrackingCore

/// `Tests/Reference/Hostile/contract.yaml` names things after Swift keywords
/// and fills strings with quotes, backslashes, `\(`, line breaks, `*/` and
/// emoji. Its generated code compiles (target `HostileContract`) and sends the
/// exact wire strings.
@Suite struct GeneratedHostileContractTests {
    static let when = Date(timeIntervalSince1970: 0.5)

    /// The object the default event carries as `Self`.
    static let defaultObject = Type_.Class(
        self_: "a\"b\\", any: Decimal(string: "1.5")!, init_: [[Type_.Protocol2(eventName_: "é😀", kindName_: true)]])

    /// An object's `==` is written out (docs/generated-code.md): two objects are
    /// equal exactly when every stored member is, whichever member differs (plain,
    /// optional, nested arrays, boxed, deprecated), and equal objects hash alike.
    @Test func objectsAreEqualExactlyWhenEveryStoredMemberIs() {
        let leaf = Type_.Node(label: "leaf")
        func node(
            label: String = "n", parent: Type_.Node? = leaf, weight: Int? = 1, former: Type_.Node? = leaf,
            children: [Type_.Node]? = [leaf]
        ) -> Type_.Node {
            Type_.Node(label: label, parent: parent, edge: Type_.Edge(to: leaf, weight: weight), former: former, children: children)
        }
        #expect(node() == node())
        #expect(node().hashValue == node().hashValue)
        for variant in [node(label: "m"), node(parent: nil), node(weight: 2), node(former: nil), node(children: [])] {
            #expect(node() != variant)
        }
        let object = Self.defaultObject
        #expect(object == Type_.Class(self_: object.self_, any: object.any, init_: object.init_))
        #expect(object != Type_.Class(self_: object.self_ + "x", any: object.any, init_: object.init_))
        #expect(object != Type_.Class(self_: object.self_, any: object.any + 1, init_: object.init_))
        #expect(object != Type_.Class(self_: object.self_, any: object.any, init_: [[Type_.Protocol2(eventName_: "é😀")]]))
        #expect(object != Type_.Class(self_: object.self_, any: object.any))
    }

    /// Events are immutable: a variant is a new event (`case` and `self_` given).
    static func defaultEvent(case: Int = 3, self_: Type_.Class = defaultObject) -> Type_.Events.Static {
        Type_.default(
            protocol: "quote \" back \\ slash",
            case: `case`,
            default: "\\(x)\"",
            self_: self_,
            contractVersionX: 1.25,
            deprecatedThing: "*/ old",
            uuid: UUID(uuidString: "00000000-0000-4000-8000-00000000000A")!,
            clientTimestamp: when
        )
    }

    /// Value sets write out `rawValue`, `init?(rawValue:)` and `allCases`
    /// (no `String` raw type; docs/performance.md): the API a raw type gave.
    @Test func valueSetsKeepTheRawValueAPI() {
        let wire = ["say \"hi\"", "C:\\path\\to\\(file)", "two\nlines\ttab\r", "emoji 😀 and é and \u{7} bell", "*/ \"\"\" #\" \\(x)", ""]
        #expect(Type_.Selfish.allCases.map(\.rawValue).prefix(wire.count).elementsEqual(wire))
        #expect(Type_.Selfish.allCases.first == .`default`)
        for c in Type_.Selfish.allCases {
            #expect(Type_.Selfish(rawValue: c.rawValue) == c)
        }
        #expect(Type_.Selfish(rawValue: "no such value") == nil)
        #expect(Type_.Selfish(rawValue: "Say \"hi\"") == nil)
        #expect(Set(Type_.Selfish.allCases).count == Type_.Selfish.allCases.count)
        func raw<T: RawRepresentable>(_ value: T) -> T.RawValue { value.rawValue }
        #expect(raw(Type_.Selfish.rawValue_) == "")
    }

    @Test func keywordNamedEventRoundTripsWithExactWireStrings() throws {
        let event = Self.defaultEvent()
        #expect(event.eventName == "default")
        #expect(event.kindName == "static")
        #expect(event.type == .self_)
        #expect(event.validate() == [])
        let bytes = event.encodedJSON()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["event"] as? String == "default")
        #expect(object["contractVersion"] as? String == "0.1.0-beta.1+hostile")
        #expect(object["protocol"] as? String == "quote \" back \\ slash")
        #expect(object["Type"] as? String == #"C:\path\to\(file)"#)
        #expect(object["default"] as? String == "\\(x)\"")
        #expect(object["deprecated_thing"] as? String == "*/ old")
        #expect((object["contract-version.x"] as? NSNumber)?.doubleValue == 1.25)
        let nested = try #require(object["Self"] as? [String: Any])
        #expect(nested["self"] as? String == "a\"b\\")
        let inner = try #require((nested["init"] as? [[Any]])?.first?.first as? [String: Any])
        #expect(inner["eventName"] as? String == "é😀")
        #expect(inner["kindName"] as? Bool == true)
        #expect(Type_.descriptor.validate(payload: try JSONValue.parse(bytes)) == [])
    }

    @Test func hostileValueSetKeepsItsExactWireValues() {
        #expect(Type_.Selfish.allCases.map(\.rawValue) == [
            "say \"hi\"", #"C:\path\to\(file)"#, "two\nlines\ttab\r", "emoji 😀 and é and \u{07} bell", #"*/ """ #" \(x)"#, "",
        ])
        for value in Type_.Selfish.allCases {
            var writer = JSONWriter()
            writer.value(value.rawValue)
            var raw = JSONWriter()
            raw.rawValue(value.wireJSON)
            #expect(raw.bytes == writer.bytes)
        }
        #expect(Type_.In.allCases.map(\.rawValue) == ["class", "struct", "let"])
    }

    @Test func keywordEventsOfOtherKindsRoundTrip() throws {
        let event = Type_.import(protocol: "p", in: .struct, validate_: [.let, .class], when: Self.when)
        #expect(event.validate() == [])
        let value = try JSONValue.parse(event.encodedJSON())
        #expect(value["in"] == .string("struct"))
        #expect(value["validate"] == .array([.string("let"), .string("class")]))
        #expect(value["when"] == .string("1970-01-01T00:00:00.500Z"))
        #expect(Type_.descriptor.validate(payload: value) == [])

        let ret = Type_.return(protocol: "p", case: -5)
        #expect(ret.type == .init_)
        #expect(try JSONValue.parse(ret.encodedJSON())["Type"] == .string(#"*/ """ #" \(x)"#))
    }

    @Test func hostilePatternAndBoundsAreEnforced() {
        var object = Self.defaultObject
        object.self_ = "ABC"
        object.any = Decimal(string: "0.25")!
        object.init_ = [[], [], [], []]
        let event = Self.defaultEvent(case: 6, self_: object)
        #expect(event.validate().map(\.path) == ["case", "Self.self", "Self.Any", "Self.init"])
    }

    /// `Node` holds itself directly (`parent`) and through `Edge` (`edge.to`):
    /// those members are stored behind `GeneratedCodeSupport.Indirect`, and
    /// behave as any member does.
    @Test func objectsHoldingThemselvesReadWriteCompareAndEncode() throws {
        let root = Type_.Node(label: "root")
        var leaf = Type_.Node(label: "leaf", parent: Type_.Node(label: "mid", parent: root), edge: Type_.Edge(to: root, weight: 2))
        #expect(leaf.parent?.parent?.label == "root")
        #expect(leaf.edge?.to == root)

        // Value semantics: changing a copy leaves the original alone.
        var copy = leaf
        copy.parent?.parent?.label = "changed"
        #expect(leaf.parent?.parent?.label == "root")
        #expect(copy.parent?.parent?.label == "changed")
        #expect(copy != leaf)
        copy.parent?.parent?.label = "root"
        #expect(copy == leaf)
        #expect(Set([copy, leaf]).count == 1)

        // Constraints are checked at every depth, with the wire path.
        leaf.parent?.parent?.label = ""
        leaf.edge?.weight = -1
        leaf.edge?.to.parent = Type_.Node(label: "")
        let event = Type_.import(protocol: "p", in: .struct, validate_: [], tree: leaf)
        #expect(event.validate().map(\.path).sorted() == [
            "tree.edge.to.parent.label", "tree.edge.weight", "tree.parent.parent.label",
        ])

        let value = try JSONValue.parse(event.encodedJSON())
        #expect(value["tree"]?["parent"]?["parent"]?["label"] == .string(""))
        #expect(value["tree"]?["edge"]?["to"]?["parent"]?["label"] == .string(""))
        #expect(value["tree"]?["edge"]?["weight"] == .number("-1"))
        #expect(value["tree"]?["former"] == nil)
        #expect(Type_.descriptor.validate(payload: value).map(\.path).sorted() == [
            "tree.edge.to.parent.label", "tree.edge.weight", "tree.parent.parent.label",
        ])
    }

    @Test func deprecatedEventKeepsItsMessageInTheDescriptor() {
        #expect(Type_.descriptor.event(named: "break")?.deprecated == #"Use "import" instead; */ \(gone)"#)
        #expect(Type_.descriptor.event(named: "break")?.kind == "is")
    }
}
