/// The member names the encoder writes into every event, and the names no
/// field may take: defined once, here, for the generator, the runtime and
/// the collector (docs/wire-format.md, "Members"), from the shared table
/// (RuntimeConstants.swift, generated).
public enum WireNames {
    /// The event's name: the first member of every payload.
    public static let event = RuntimeConstants.PayloadMember.event
    /// The event's kind.
    public static let kind = RuntimeConstants.PayloadMember.kind
    /// The version of the contract the app was built with.
    public static let contractVersion = RuntimeConstants.PayloadMember.contractVersion
    /// The envelope's id (type uuid); the runtime and the collector de-duplicate by it.
    public static let uuid = RuntimeConstants.PayloadMember.uuid
    /// The envelope's time on the device (type timestamp); the runtime orders by it.
    public static let clientTimestamp = RuntimeConstants.PayloadMember.clientTimestamp
    /// The members every payload starts with, in order, written by the encoder.
    public static let encoderMembers: [String] = [event, kind, contractVersion]
    /// Names no field may take because the encoder writes them (a global
    /// `contractVersion` of type string is allowed, and means that value).
    public static let reserved: Set<String> = [event, kind, contractVersion]
}
