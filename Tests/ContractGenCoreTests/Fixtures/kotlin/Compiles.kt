package test.negative

// The control: the same calls, correct, compile.
fun compiles() = listOf(
    contractgen.conformance.Conformance.shaded(shade = contractgen.conformance.Shade.DARK, step = 1L, email = "a@b.c"),
    contractgen.conformance.Conformance.everyType(size = contractgen.conformance.Size.XL, count = 3L))
