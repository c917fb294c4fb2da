package io.contractgen.runtime

/**
 * One way an event breaks its contract: [path] of wire names and indices
 * (`lines[1].price.amount`), a stable [code] (docs/wire-format.md, "Runtime
 * validation") and a [message] for people.
 */
data class Violation(val path: String, val code: String, val message: String)

/** The violations found while an event is made, in the order found. */
class Violations {
    private val found = ArrayList<Violation>(0)

    /** Reports a violation. */
    fun add(path: String, code: String, message: String) {
        found.add(Violation(path, code, message))
    }

    /** What was found (an empty list is shared). */
    fun toList(): List<Violation> = if (found.isEmpty()) emptyList() else java.util.Collections.unmodifiableList(found)

    /** Paths below an object or array (`lines[1].price`). */
    companion object {
        /** The path of member [name] of the value at [path]. */
        @JvmStatic
        fun member(path: String, name: String): String = if (path.length == 0) name else "$path.$name"

        /** The path of item [index] of the array at [path]. */
        @JvmStatic
        fun item(path: String, index: Int): String = "$path[$index]"
    }
}
