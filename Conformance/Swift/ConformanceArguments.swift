import Foundation
import TrackingCore

/// A conformance case's arguments, an object of wire names (docs/conformance.md),
/// read into Swift values for the generated driver (`ConformanceDriver.swift`).
/// Every member must be read: a case naming an argument the event does not take
/// fails instead of being ignored.
public final class ConformanceArguments {
    /// A case the driver cannot turn into a call.
    public struct Failure: Error, CustomStringConvertible {
        var path: String
        var message: String
        public var description: String { "\(path): \(message)" }
    }

    private let members: [(key: String, value: JSONValue)]
    private let path: String
    private var read: Set<String> = []

    public init(_ json: JSONValue, at path: String = "") throws {
        guard case .object(let members) = json else { throw Failure(path: path, message: "arguments must be an object") }
        self.members = members
        self.path = path
    }

    private func member(_ key: String) -> JSONValue? {
        read.insert(key)
        return members.first { $0.key == key }?.value
    }

    private func memberPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func required<Value: ConformanceValue>(_ key: String) throws -> Value {
        guard let json = member(key) else { throw Failure(path: memberPath(key), message: "required argument missing") }
        return try Value(conformance: json, at: memberPath(key))
    }

    func optional<Value: ConformanceValue>(_ key: String) throws -> Value? {
        guard let json = member(key) else { return nil }
        return try Value(conformance: json, at: memberPath(key))
    }

    func requireAllRead() throws {
        if let unread = members.first(where: { !read.contains($0.key) }) {
            throw Failure(path: memberPath(unread.key), message: "no such argument")
        }
    }
}

/// A Swift value a conformance argument's JSON stands for, in the forms of
/// docs/conformance.md ("Arguments").
protocol ConformanceValue {
    init(conformance json: JSONValue, at path: String) throws
}

extension ConformanceValue where Self: RawRepresentable, RawValue == String {
    /// A value set member, by its wire value.
    init(conformance json: JSONValue, at path: String) throws {
        guard case .string(let wire) = json, let member = Self(rawValue: wire) else {
            throw ConformanceArguments.Failure(path: path, message: "not a wire value of \(Self.self)")
        }
        self = member
    }
}

private func string(_ json: JSONValue, at path: String, for type: String) throws -> String {
    guard case .string(let text) = json else { throw ConformanceArguments.Failure(path: path, message: "\(type): expected a string") }
    return text
}

extension String: ConformanceValue {
    /// A JSON string, or `{"utf16": [code units]}` for text JSON cannot carry
    /// through every reader (a lone surrogate). Swift makes each lone surrogate
    /// U+FFFD here, the rule of docs/wire-format.md ("Strings").
    init(conformance json: JSONValue, at path: String) throws {
        if case .object(let members) = json, members.count == 1, members[0].key == "utf16",
           case .array(let items) = members[0].value {
            var units: [UInt16] = []
            for item in items {
                guard case .number(let text) = item, let unit = UInt16(text) else {
                    throw ConformanceArguments.Failure(path: path, message: "utf16: expected code units 0...65535")
                }
                units.append(unit)
            }
            self = String(decoding: units, as: UTF16.self)
        } else {
            self = try string(json, at: path, for: "string")
        }
    }
}

extension Int: ConformanceValue {
    /// An int is a string of decimal digits, so no JSON reader rounds it.
    init(conformance json: JSONValue, at path: String) throws {
        guard let value = Int(try string(json, at: path, for: "int")) else {
            throw ConformanceArguments.Failure(path: path, message: "int: not a 64-bit integer")
        }
        self = value
    }
}

extension Double: ConformanceValue {
    /// A JSON number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
    init(conformance json: JSONValue, at path: String) throws {
        switch json {
        case .number(let text): self = Double(text)!
        case .string("NaN"): self = .nan
        case .string("Infinity"): self = .infinity
        case .string("-Infinity"): self = -.infinity
        default: throw ConformanceArguments.Failure(path: path, message: "double: expected a number, NaN or ±Infinity")
        }
    }
}

extension Decimal: ConformanceValue {
    /// A decimal is a string of its digits, so no JSON reader rounds it.
    init(conformance json: JSONValue, at path: String) throws {
        guard let value = Decimal(string: try string(json, at: path, for: "decimal"), locale: Locale(identifier: "en_US_POSIX")) else {
            throw ConformanceArguments.Failure(path: path, message: "decimal: not a decimal number")
        }
        self = value
    }
}

extension Bool: ConformanceValue {
    init(conformance json: JSONValue, at path: String) throws {
        guard case .bool(let value) = json else { throw ConformanceArguments.Failure(path: path, message: "bool: expected true or false") }
        self = value
    }
}

extension UUID: ConformanceValue {
    init(conformance json: JSONValue, at path: String) throws {
        guard let value = UUID(uuidString: try string(json, at: path, for: "uuid")) else {
            throw ConformanceArguments.Failure(path: path, message: "uuid: not a UUID")
        }
        self = value
    }
}

extension Date: ConformanceValue {
    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, the fraction 0 to 9 digits: read
    /// into a `Date` as closely as its `Double` of seconds allows.
    init(conformance json: JSONValue, at path: String) throws {
        let text = try string(json, at: path, for: "timestamp")
        guard let value = conformanceDate(text) else {
            throw ConformanceArguments.Failure(path: path, message: "timestamp: not YYYY-MM-DDTHH:MM:SS[.fraction]Z")
        }
        self = value
    }
}

/// Whole seconds through the wire parser (milliseconds ".000"), the fraction added exactly once.
private func conformanceDate(_ text: String) -> Date? {
    guard text.count >= 20, text.hasSuffix("Z") else { return nil }
    let seconds = String(text.prefix(19))
    var fraction = text.dropFirst(19).dropLast()
    if !fraction.isEmpty {
        guard fraction.first == ".", fraction.count >= 2, fraction.count <= 10 else { return nil }
        fraction = fraction.dropFirst()
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    }
    guard let whole = ISO8601Timestamp.date(from: seconds + ".000Z") else { return nil }
    let nanoseconds = Double(fraction.padding(toLength: 9, withPad: "0", startingAt: 0)) ?? 0
    return Date(timeIntervalSince1970: whole.timeIntervalSince1970 + nanoseconds / 1e9)
}

extension Array: ConformanceValue where Element: ConformanceValue {
    init(conformance json: JSONValue, at path: String) throws {
        guard case .array(let items) = json else { throw ConformanceArguments.Failure(path: path, message: "array: expected an array") }
        self = try items.enumerated().map { try Element(conformance: $1, at: "\(path)[\($0)]") }
    }
}
