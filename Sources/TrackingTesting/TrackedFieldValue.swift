import Foundation
import TrackingCore

/// A Swift type a field is read back as from an event's JSON, in tests
/// (``TrackingCore/TrackingEvent/field(_:)-(FieldKey<Value>)``): the contract's
/// scalar types, arrays of them, and `JSONValue` itself. Value sets read as
/// their enums through their wire values; objects read as `JSONValue`
/// (``TrackingCore/TrackingEvent/json(_:)``).
public protocol TrackedFieldValue {
    /// The value `json` holds, or `nil` when it holds another type.
    init?(trackedJSON json: JSONValue)
}

extension String: TrackedFieldValue {
    public init?(trackedJSON json: JSONValue) {
        guard let value = json.stringValue else { return nil }
        self = value
    }
}

extension Int: TrackedFieldValue {
    public init?(trackedJSON json: JSONValue) {
        guard let value = json.intValue else { return nil }
        self = value
    }
}

extension Double: TrackedFieldValue {
    public init?(trackedJSON json: JSONValue) {
        guard let value = json.doubleValue else { return nil }
        self = value
    }
}

extension Bool: TrackedFieldValue {
    public init?(trackedJSON json: JSONValue) {
        guard let value = json.boolValue else { return nil }
        self = value
    }
}

extension Decimal: TrackedFieldValue {
    /// The number as written on the wire, without a detour through `Double`.
    public init?(trackedJSON json: JSONValue) {
        guard case .number(let text) = json, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}

extension UUID: TrackedFieldValue {
    public init?(trackedJSON json: JSONValue) {
        guard let text = json.stringValue, let value = UUID(uuidString: text) else { return nil }
        self = value
    }
}

extension Date: TrackedFieldValue {
    /// An ISO 8601 timestamp, as events send them.
    public init?(trackedJSON json: JSONValue) {
        guard let text = json.stringValue, let value = ISO8601Timestamp.date(from: text) else { return nil }
        self = value
    }
}

extension JSONValue: TrackedFieldValue {
    public init?(trackedJSON json: JSONValue) { self = json }
}

extension Array: TrackedFieldValue where Element: TrackedFieldValue {
    public init?(trackedJSON json: JSONValue) {
        guard let items = json.arrayValue else { return nil }
        var values: [Element] = []
        values.reserveCapacity(items.count)
        for item in items {
            guard let value = Element(trackedJSON: item) else { return nil }
            values.append(value)
        }
        self = values
    }
}

extension TrackingEvent {
    /// The curated field `key` as the event sends it, typed (`nil` when the
    /// event does not carry it, or sends something the type cannot hold):
    ///
    /// ```swift
    /// #expect(view.field(Shop.Fields.skuItemList) == ["1234", "5678"])
    /// ```
    public func field<Value: TrackedFieldValue>(_ key: FieldKey<Value>) -> Value? {
        field(key.wireName).flatMap(Value.init(trackedJSON:))
    }

    /// A value-set field as its enum (read through its wire value):
    /// `view.field(Shop.Fields.exitInteraction) == .productTap`.
    public func field<Value: RawRepresentable>(_ key: FieldKey<Value>) -> Value? where Value.RawValue == String {
        field(key.wireName)?.stringValue.flatMap(Value.init(rawValue:))
    }

    /// An array of a value set as its enums; `nil` when any item is not one of its wire values.
    public func field<Value: RawRepresentable>(_ key: FieldKey<[Value]>) -> [Value]? where Value.RawValue == String {
        guard let items = field(key.wireName)?.arrayValue else { return nil }
        var values: [Value] = []
        for item in items {
            guard let value = item.stringValue.flatMap(Value.init(rawValue:)) else { return nil }
            values.append(value)
        }
        return values
    }

    /// Any field `key` as the JSON the event sends (objects, and arrays of them, are read this way).
    public func json<Value>(_ key: FieldKey<Value>) -> JSONValue? {
        field(key.wireName)
    }
}
