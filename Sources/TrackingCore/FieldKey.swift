/// A curated field of a contract, typed with its Swift type (value sets as
/// their enums). Generated code declares one per curated field
/// (`Shop.Fields.exitInteraction`, a `FieldKey<Shop.ExitInteraction>`), not one
/// per event, so that tests read any event's fields typed:
/// `event.field(Shop.Fields.exitInteraction) == .productTap` (in `TrackingTesting`).
public struct FieldKey<Value>: Sendable, Hashable, CustomStringConvertible {
    /// The field's wire name (`"exitInteraction"`).
    public let wireName: String

    /// The field named `wireName` (generated code makes these).
    public init(_ wireName: String) { self.wireName = wireName }

    public var description: String { wireName }
}
