@testable import ContractGenCore
import Foundation
import TestSupport
import Testing

/// An event's wire order is decided in one place, the lower stage (``LoweredEvent/members``): Swift's
/// event functions (``EventTable/EventEntry/properties``) and Kotlin's event writers walk the lowered
/// members and attach names only. Shown by rendering lowerings whose members were put in another order:
/// each target's encoder writes the members in exactly that order.
@Suite struct LoweredWireOrderTests {
    /// Every section and role: the envelope (two fields the runtime fills, one the app gives), a kind
    /// with a value-set field an event fixes and one it takes, required and optional curated fields.
    static let yaml = """
        contract: Order
        version: 1.0.0
        valueSets:
          Screen: { home: Home, bag: Bag }
        mandatory:
          uuid: { type: uuid }
          clientTimestamp: { type: timestamp }
          installId: { type: string, maxLength: 40 }
        kinds:
          page:
            mandatory:
              screen: { type: Screen }
              viewId: { type: string, minLength: 1 }
        fields:
          sku: { type: string, maxLength: 12 }
          price: { type: int, minimum: 0 }
          note: { type: string }
        events:
          bagView: { kind: page, screen: bag, required: [sku, price], optional: [note] }
          anyView: { kind: page, required: [sku], optional: [note, price] }

        """

    static func lowered() throws -> LoweredContract {
        let result = ContractLoader.load(yaml: yaml, file: "order.yaml")
        #expect(!result.hasErrors, "\(DiagnosticFormatter.text(result.diagnostics, source: nil))")
        return ContractGenerator.lower(try #require(result.contract))
    }

    /// Ways to reorder an event's members that the lower stage does not use today.
    enum Permutation: String, CaseIterable, CustomStringConvertible {
        /// Every member in reverse: curated fields first, the envelope last.
        case reversed
        /// The envelope after everything else.
        case envelopeLast
        /// `installId` (an envelope field the app gives) between the kind's fields and the curated ones.
        case installIdAfterKind

        var description: String { rawValue }

        func apply(to event: LoweredEvent, in lowered: LoweredContract) -> [LoweredEvent.Member] {
            let members = event.members
            func isEnvelope(_ member: LoweredEvent.Member) -> Bool {
                if case .envelope = member.field { true } else { false }
            }
            switch self {
            case .reversed:
                return members.reversed()
            case .envelopeLast:
                return members.filter { !isEnvelope($0) } + members.filter(isEnvelope)
            case .installIdAfterKind:
                let installId = members.filter { lowered.field($0.field).wireName == "installId" }
                var rest = members.filter { lowered.field($0.field).wireName != "installId" }
                let firstCurated = rest.firstIndex { if case .curated = $0.field { true } else { false } } ?? rest.endIndex
                rest.insert(contentsOf: installId, at: firstCurated)
                return rest
            }
        }
    }

    /// The lowered contract with every event's members reordered by `permutation`.
    static func lowered(_ permutation: Permutation) throws -> LoweredContract {
        var lowered = try lowered()
        for index in lowered.events.indices {
            lowered.events[index].members = permutation.apply(to: lowered.events[index], in: lowered)
        }
        return lowered
    }

    /// The wire names of `event`'s members, in the lowered order.
    static func loweredOrder(of event: LoweredEvent, in lowered: LoweredContract) -> [String] {
        event.members.map { lowered.field($0.field).wireName }
    }

    /// The members the Swift event function of `event` writes, in order, after the header (`event`,
    /// `kind`, `contractVersion`): each rule's writer call (`Order.Rules.field_sku(sku, to: &_writer)`,
    /// whose member names are the wire names here) and each fixed member of a `rawMembers` literal.
    static func swiftWriteOrder(of event: String, in files: [GeneratedFile]) throws -> [String] {
        let start = "    public static func \(event)("
        let file = try #require(files.first { $0.contents.contains(start) }, "no Swift function \(event)")
        let text = file.contents
        let function = try #require(text.range(of: start))
        let end = try #require(text.range(of: "\n    }\n", range: function.upperBound..<text.endIndex))
        let body = text[function.upperBound..<end.lowerBound]
        let writerStart = try #require(body.range(of: "var _writer = "))
        var order: [String] = []
        for line in body[writerStart.upperBound...].split(separator: "\n").dropFirst() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("return ") { break }
            if code.hasPrefix("_writer.rawMembers(\"") {
                // `_writer.rawMembers("\"screen\":\"Bag\"")`: each member's key, skipping the header's.
                let literal = code.replacingOccurrences(of: "\\\"", with: "\"")
                for match in literal.matches(of: /"([A-Za-z]+)":"/) where !["event", "kind"].contains(String(match.1)) {
                    order.append(String(match.1))
                }
            } else if let match = code.firstMatch(of: /^Order\.Rules\.(?:envelope|kind[A-Za-z]+|field)_([A-Za-z]+)\(.*, to: &_writer\)$/) {
                order.append(String(match.1))
            } else {
                #expect(code == "_writer.rawMembers(Order.versionMember)", "unexpected write in \(event): \(code)")
            }
        }
        return order
    }

    /// The members the Kotlin writer of `event` writes, in order, after the header: each `w.key(…)`.
    static func kotlinWriteOrder(of event: String, in files: [GeneratedFile]) throws -> [String] {
        let start = "    fun \(event)(p0"
        let file = try #require(files.first { $0.name.hasPrefix("ContractEvents") && $0.contents.contains(start) }, "no Kotlin body \(event)")
        let text = file.contents
        let function = try #require(text.range(of: start))
        let end = try #require(text.range(of: "\n    }\n", range: function.upperBound..<text.endIndex))
        return text[function.upperBound..<end.lowerBound].matches(of: /w\.key\("\\"([A-Za-z]+)\\":"\)/).map { String($0.1) }
    }

    /// As lowered today, both targets write each event's members in the lowered order (the envelope,
    /// the kind's fields, the required then optional curated fields).
    @Test func targetsWriteTheLoweredOrder() throws {
        let lowered = try Self.lowered()
        let swift = ContractGenerator.render(lowered, generator: SwiftTarget().generator)
        let kotlin = ContractGenerator.render(lowered, generator: KotlinTarget().generator)
        for event in lowered.events {
            let expected = Self.loweredOrder(of: event, in: lowered)
            #expect(expected.count == 8, "\(event.name): \(expected)")
            #expect(Array(expected.prefix(3)) == ["uuid", "clientTimestamp", "installId"])
            #expect(try Self.swiftWriteOrder(of: event.name, in: swift) == expected, "\(event.name)")
            #expect(try Self.kotlinWriteOrder(of: event.name, in: kotlin) == expected, "\(event.name)")
        }
    }

    /// A lowering with the members in another order reaches both targets' encoders unchanged: neither
    /// keeps an order of its own (envelope first, then the kind, then the fields).
    @Test(arguments: Permutation.allCases)
    func targetsFollowAReorderedLowering(permutation: Permutation) throws {
        let original = try Self.lowered()
        let lowered = try Self.lowered(permutation)
        let swift = ContractGenerator.render(lowered, generator: SwiftTarget().generator)
        let kotlin = ContractGenerator.render(lowered, generator: KotlinTarget().generator)
        for (event, before) in zip(lowered.events, original.events) {
            let expected = Self.loweredOrder(of: event, in: lowered)
            #expect(expected != Self.loweredOrder(of: before, in: original), "\(permutation) changes \(event.name)'s order")
            #expect(try Self.swiftWriteOrder(of: event.name, in: swift) == expected, "\(permutation): \(event.name)")
            #expect(try Self.kotlinWriteOrder(of: event.name, in: kotlin) == expected, "\(permutation): \(event.name)")
        }
    }

    /// The reordered Swift still compiles without a diagnostic: the kind's event struct keeps its own
    /// initializer order (``EventTable/storedSlots(ofKind:)``), which every event's return follows,
    /// whatever order the members are written in.
    @Test(.timeLimit(.minutes(10))) func reorderedSwiftTypeChecks() async throws {
        let files = ContractGenerator.render(try Self.lowered(.reversed), generator: SwiftTarget().generator)
        let run = try await GeneratedTestSupport.typeCheck(files.map { ($0.name, $0.contents) })
        #expect(run.status == 0 && run.output.isEmpty, "swiftc on the reordered code:\n\(run.output)")
    }
}
