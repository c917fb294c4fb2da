package io.contractgen.runtime

/**
 * One way an event breaks its contract: [path] of wire names and indices
 * (`lines[1].price.amount`), a stable [code] (docs/wire-format.md, "Runtime
 * validation") and a [message] for people.
 */
data class Violation(val path: String, val code: String, val message: String)

/** The violations found while an event is made, in the order found. */
class Violations {
    /** Made at the first violation: most events have none. */
    private var found: ArrayList<Violation>? = null

    /** Reports a violation. */
    fun add(path: String, code: String, message: String) {
        (found ?: ArrayList<Violation>(4).also { found = it }).add(Violation(path, code, message))
    }

    /** What was found (an empty list is shared). */
    fun toList(): List<Violation> = found?.let { java.util.Collections.unmodifiableList(it) } ?: emptyList()

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
