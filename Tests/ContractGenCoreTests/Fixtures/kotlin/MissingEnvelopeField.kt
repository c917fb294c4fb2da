package test.negative

// Must not compile: the envelope's `installId` is the app's value (only `uuid` and `clientTimestamp` are filled in).
fun missingEnvelopeField() = contractgen.conformance.Conformance.everyType(sessionStart = java.time.Instant.EPOCH)
