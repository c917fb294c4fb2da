package test.negative

// Must not compile: `Size` has no member XXL.
fun outsideValueSet() = contractgen.conformance.Conformance.everyType(size = contractgen.conformance.Size.XXL)
