package test.negative

// The control: the same calls, correct, compile.
fun compiles() = listOf(
    contractgen.conformance.Conformance.shaded(shade = contractgen.conformance.Shade.DARK, step = 1L, email = "a@b.c", installId = java.util.UUID.fromString("0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c"), sessionStart = java.time.Instant.parse("2026-11-20T11:30:00Z")),
    contractgen.conformance.Conformance.everyType(size = contractgen.conformance.Size.XL, count = 3L, installId = java.util.UUID.fromString("0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c"), sessionStart = java.time.Instant.parse("2026-11-20T11:30:00Z")))
