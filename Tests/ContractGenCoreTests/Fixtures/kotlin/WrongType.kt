package test.negative

// Must not compile: `count` is an int (Long), not a string.
fun wrongType() = contractgen.conformance.Conformance.everyType(count = "3")
