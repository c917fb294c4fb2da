import Foundation

/// The version of the contract between generated code and this support module.
///
/// Generated code names this type (`typealias ...SupportVersion = TrackingCoreSupportVersion1`),
/// so code generated for another version of the support module fails to compile
/// rather than misbehave at run time. Bump the number (rename the type) whenever
/// anything generated code relies on changes incompatibly.
public enum TrackingCoreSupportVersion1 {}

/// Helpers that only generated code calls. Apps have no use for them; their
/// shape may change with ``TrackingCoreSupportVersion1``.
public enum GeneratedCodeSupport {
    /// `parent.name`, or `name` at the top level: the path of a member.
    @inlinable
    public static func path(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : parent + "." + name
    }

    /// `parent[index]`: the path of an array item.
    @inlinable
    public static func path(_ parent: String, index: Int) -> String {
        parent + "[" + String(index) + "]"
    }

    /// An event's encoded members as its kind's struct keeps them: without the
    /// encoder's spare capacity. The encoder starts at 1 KiB so that encoding
    /// never regrows it; an event an app holds (a large `track(contentsOf:)`)
    /// should not keep that much for a few hundred bytes.
    public static func compacted(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.capacity - bytes.count > 64 else { return bytes }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
    }

    /// A value set's case whose wire value is `rawValue`, scalar for scalar (its
    /// `init?(rawValue:)`): the first of `allCases` whose `rawValue` has the same
    /// UTF-8 bytes, `nil` for any other string. One generic scan here instead of
    /// a closure per value set in the generated module, which every debug build
    /// of the module compiles.
    public static func valueSetCase<Value: CaseIterable & RawRepresentable>(
        _ rawValue: String, of type: Value.Type
    ) -> Value? where Value.RawValue == String {
        for candidate in Value.allCases where candidate.rawValue.utf8.elementsEqual(rawValue.utf8) {
            return candidate
        }
        return nil
    }

    /// An exact decimal from the contract's text (`"19.99"`), read without a locale.
    public static func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? Decimal.nan
    }
}
