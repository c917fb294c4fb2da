/// An event made by code that `contractgen` generated from a contract: each
/// kind's event struct conforms to it, never an app's hand-written model.
///
/// The conformance is a promise the runtime relies on: the event function
/// that made the value took the contract's fields with their types and value
/// sets as typed parameters, encoded them by the contract, and ran the same
/// `ConstraintRules` as the contract's descriptor, whose findings `validate()`
/// returns. The dispatcher therefore trusts `validate()` for such events and
/// skips re-checking the encoded payload against the descriptor (the costly
/// part of validation). Every other `TrackingEvent` (a model an app composed
/// itself) is still checked against the descriptor.
public protocol ContractGeneratedEvent: TrackingEvent {}
