import Foundation
import TrackingCore

extension LoweredContract {
    /// The lowered contract as readable text, one line per value set, field and event member: what a
    /// golden file holds, so that a change in any rule a target renders shows as a changed line.
    package func dump() -> String {
        var lines = ["contract \(Self.quoted(name)) version \(Self.quoted(version)), events in \(shardCount) shards"]
        lines.append("patterns")
        for (index, pattern) in patterns.order.enumerated() {
            lines.append("  #\(index) \(Self.quoted(pattern)) program \(patterns.programs[pattern] ?? [])")
        }
        lines.append("valueSets")
        for set in valueSets {
            lines.append("  \(set.name): " + set.members.map { "\($0.code)=\(Self.quoted($0.wireValue))" }.joined(separator: ", "))
        }
        lines.append("objects")
        for object in objects {
            lines.append("  \(object.name)")
            for field in object.required { lines.append("    " + describe(field, role: .required)) }
            for field in object.optional { lines.append("    " + describe(field, role: .optional)) }
        }
        lines.append("envelope")
        for (field, role) in envelope { lines.append("  " + describe(field, role: role)) }
        lines.append("kinds")
        for kind in kinds {
            lines.append("  \(kind.name)")
            for field in kind.fields { lines.append("    " + describe(field, role: .required)) }
        }
        lines.append("globals")
        for field in globals { lines.append("  " + describe(field, role: nil)) }
        lines.append("fields")
        for field in fields { lines.append("  " + describe(field, role: nil)) }
        lines.append("events")
        for event in events {
            lines.append("  \(event.name) (kind \(event.kind), shard \(event.shard))")
            for member in event.members { lines.append("    " + describe(field(member.field), role: member.role)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `name: type constraints [pii] [default …] role`.
    private func describe(_ field: LoweredField, role: LoweredRole?) -> String {
        var text = "\(field.wireName): \(describe(field.spec))"
        if field.pii { text += " pii" }
        if let value = field.defaultValue { text += " default " + Self.compact(value) }
        switch role {
        case .required?: text += " — required"
        case .optional?: text += " — optional"
        case .fixed(_, let wireValue)?: text += " — fixed \(Self.quoted(wireValue))"
        case .filled(.uuid)?: text += " — filled: a fresh uuid"
        case .filled(.now)?: text += " — filled: the current time"
        case nil: break
        }
        return text
    }

    private func describe(_ spec: ValueSpec) -> String {
        var text: String
        switch spec.type {
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp: text = spec.type.contractName
        case .valueSet(let name): text = "valueSet \(name)"
        case .object(let name): text = "object \(name)"
        case .array(let items): text = "array of (\(describe(items)))"
        }
        let c = spec.constraints
        func decimal(_ value: Decimal) -> String { JSONWriter.wireText(decimal: value) }
        if let value = c.minLength { text += " minLength \(value)" }
        if let value = c.maxLength { text += " maxLength \(value)" }
        if let index = patternIndex(of: spec) { text += " pattern #\(index)" }
        if let value = c.minimum { text += " minimum \(decimal(value))" }
        if let value = c.maximum { text += " maximum \(decimal(value))" }
        if let value = c.minItems { text += " minItems \(value)" }
        if let value = c.maxItems { text += " maxItems \(value)" }
        return text
    }

    /// A JSON string literal: every character visible, whatever the contract holds.
    private static func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.value(text)
        return writer.string
    }

    /// A default on one line.
    private static func compact(_ value: JSONValue) -> String {
        PrettyJSON.text(value).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
