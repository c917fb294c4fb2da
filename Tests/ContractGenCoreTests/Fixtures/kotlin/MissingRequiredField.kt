package test.negative

// Must not compile: `shaded` requires `email`.
fun missingRequiredField() = contractgen.conformance.Conformance.shaded(shade = contractgen.conformance.Shade.DARK, step = 1L)
