package io.contractgen.runtime

/** The globals a sink appends to every event (generated: `<Contract>Globals`). */
interface EventGlobals {
    /**
     * Writes the globals that have a value (given, or the contract default) into an object
     * [writer] opened, after the event's own members; one without either is left out, never
     * written as null (`RuntimeConstants.ABSENT_GLOBAL_POLICY`).
     */
    fun writeMembers(writer: JsonWriter)

    /**
     * What checking the globals' values against the contract's constraints finds
     * (docs/conformance.md, "Globals"): the same paths, codes and messages as
     * Swift's dispatcher and the collector. A global without a value is not checked.
     * [PersistedCollectorSink] reports them with every event it stores, which it
     * still sends unchanged (`RuntimeConstants.INVALID_GLOBALS_POLICY`).
     */
    fun violations(): List<Violation> = emptyList()
}
