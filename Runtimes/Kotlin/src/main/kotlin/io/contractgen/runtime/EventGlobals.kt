package io.contractgen.runtime

/** The globals a sink appends to every event (generated: `<Contract>Globals`). */
interface EventGlobals {
    /** Writes the globals that have a value into an object [writer] opened, after the event's own members. */
    fun writeMembers(writer: JsonWriter)

    /**
     * What checking the globals' values against the contract's constraints finds
     * (docs/conformance.md, "Globals"): the same paths, codes and messages as
     * Swift's dispatcher and the collector. A global without a value is not checked.
     */
    fun violations(): List<Violation> = emptyList()
}
