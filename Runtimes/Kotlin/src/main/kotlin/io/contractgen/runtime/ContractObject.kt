package io.contractgen.runtime

/** A value of one of a contract's objects: generated `data class`es implement it. */
interface ContractObject {
    /** Writes this value as one JSON object, members required then optional, in contract order. */
    fun writeJSON(writer: JsonWriter)

    /** Reports every way this value breaks its constraints, with paths below [path]. */
    fun collectViolations(path: String, violations: Violations)
}
