/// An event type generated from a contract by `contractgen`: generated code
/// conforms to it, never an app's hand-written model.
///
/// The conformance is a promise the runtime relies on: the type's stored
/// properties already guarantee the contract's fields, types and value sets, and
/// its generated `validate()` applies the same `ConstraintRules` as the
/// contract's descriptor. The dispatcher therefore trusts `validate()` for such
/// events and skips re-checking the encoded payload against the descriptor (the
/// costly part of validation). Every other `TrackingEvent` (a model an app
/// composed itself) is still checked against the descriptor.
public protocol ContractGeneratedEvent: TrackingEvent {}
