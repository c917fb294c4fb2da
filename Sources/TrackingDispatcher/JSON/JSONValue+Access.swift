import TrackingCore

extension JSONValue {
    /// The value encoded with `JSONWriter`.
    package var encodedBytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// The string payload, when this is a string.
    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The object's members, when this is an object.
    package var objectMembers: [(key: String, value: JSONValue)]? {
        if case .object(let m) = self { return m }
        return nil
    }
}
