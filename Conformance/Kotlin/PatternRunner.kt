package io.contractgen.conformance

import io.contractgen.runtime.JsonReader
import io.contractgen.runtime.PatternProgram
import java.io.File

/**
 * Runs pattern programs on the JVM for `KotlinPatternTests`: reads a JSON
 * array of `{"program": [...], "values": [...]}` and prints, for each, one
 * line of verdicts, `1` for a value that matches and `0` for one that does not.
 */
object PatternRunner {
    @JvmStatic
    fun main(args: Array<String>) {
        val patterns = JsonReader.parse(File(args[0]).readText(Charsets.UTF_8)) as List<*>
        val out = StringBuilder()
        for (entry in patterns) {
            entry as Map<*, *>
            val data = (entry["program"] as List<*>).map { (it as io.contractgen.runtime.JsonNumber).toLong().toInt() }.toIntArray()
            val program = PatternProgram(data)
            for (value in entry["values"] as List<*>) out.append(if (program.matches(value as String)) '1' else '0')
            out.append('\n')
        }
        print(out)
    }
}
