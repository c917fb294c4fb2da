import TrackingCore

/// A contract with every kind of value the payload check walks: a value set,
/// patterns, bounds, uuid and timestamp, arrays of objects, an object in an
/// object, an object that contains itself, pii at every depth.
let descriptor = ContractDescriptor(
    name: "Fuzz", version: "1.0.0",
    valueSets: [ValueSetDescriptor(name: "Currency", wireValues: ["EUR", "USD"])],
    objects: [
        ObjectDescriptor(name: "Customer",
                         required: [FieldDescriptor("email", ValueSpec(.string, FieldConstraints(pattern: "^[a-z]+@[a-z]+\\.com$")), pii: true)],
                         optional: [FieldDescriptor("address", ValueSpec(.object("Address"))),
                                    FieldDescriptor("referrer", ValueSpec(.object("Customer")))]),
        ObjectDescriptor(name: "Address", required: [FieldDescriptor("street", ValueSpec(.string, FieldConstraints(maxLength: 40)), pii: true)]),
        ObjectDescriptor(name: "Line",
                         required: [FieldDescriptor("sku", ValueSpec(.string, FieldConstraints(pattern: "^[0-9]{4,12}$"))),
                                    FieldDescriptor("price", ValueSpec(.decimal, FieldConstraints(minimum: 0)))],
                         optional: [FieldDescriptor("quantity", ValueSpec(.int, FieldConstraints(minimum: 1, maximum: 99)))]),
    ],
    mandatory: [FieldDescriptor("uuid", ValueSpec(.uuid)), FieldDescriptor("clientTimestamp", ValueSpec(.timestamp))],
    kinds: [KindDescriptor(name: "action", mandatory: [FieldDescriptor("ratio", ValueSpec(.double, FieldConstraints(minimum: 0, maximum: 1)))])],
    globals: [FieldDescriptor("appVersion", ValueSpec(.string), defaultValue: .string("1")),
              FieldDescriptor("userEmail", ValueSpec(.string), pii: true)],
    fields: [FieldDescriptor("currency", ValueSpec(.valueSet("Currency"))),
             FieldDescriptor("customer", ValueSpec(.object("Customer"))),
             FieldDescriptor("lines", ValueSpec(.array(items: ValueSpec(.object("Line"))), FieldConstraints(maxItems: 50))),
             FieldDescriptor("tags", ValueSpec(.array(items: ValueSpec(.string, FieldConstraints(minLength: 1))))),
             FieldDescriptor("promocode", ValueSpec(.string, FieldConstraints(pattern: "^[A-Z0-9]{4,16}$"))),
             FieldDescriptor("paid", ValueSpec(.bool))],
    events: [EventDescriptor(name: "purchase", kind: "action", constants: [:],
                             required: ["currency", "lines"], optional: ["customer", "tags", "promocode", "paid"])])
let policy = PIIPolicy(descriptor: descriptor)

/// libFuzzer's entry point: any bytes that parse as JSON go through the payload
/// check and the pii policy. The check is deterministic, its messages never
/// quote a string value of the payload, and nothing of a pii value is left
/// after removal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let payload = try? JSONValue.parse(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let violations = descriptor.validate(payload: payload)
    precondition(violations == descriptor.validate(payload: payload), "two verdicts for one payload")
    let stripped = policy.removing(from: payload)
    if stripped.removed { precondition(stripped.payload != payload, "removed, yet unchanged") }
    // Stripping is idempotent: nothing pii is left to remove.
    precondition(!policy.removing(from: stripped.payload).removed, "pii left after removal")
    _ = policy.redacting(payload)
    for violation in violations { _ = policy.withholdingDetails(of: violation, event: "purchase") }
    return 0
}
