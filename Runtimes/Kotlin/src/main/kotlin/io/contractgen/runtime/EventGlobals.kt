package io.contractgen.runtime

/** The globals a sink appends to every event (generated: `<Contract>Globals`). */
interface EventGlobals {
    /** Writes the globals that have a value into an object [writer] opened, after the event's own members. */
    fun writeMembers(writer: JsonWriter)
}
