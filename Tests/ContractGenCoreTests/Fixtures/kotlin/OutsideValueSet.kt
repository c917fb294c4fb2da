package test.negative

// Must not compile: `Size` has no member XXL.
fun outsideValueSet() = contractgen.conformance.Conformance.everyType(size = contractgen.conformance.Size.XXL, installId = java.util.UUID.fromString("0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c"), sessionStart = java.time.Instant.parse("2026-11-20T11:30:00Z"))
