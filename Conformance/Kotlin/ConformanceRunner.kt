package io.contractgen.conformance

import io.contractgen.runtime.EventGlobals
import io.contractgen.runtime.JsonReader
import io.contractgen.runtime.JsonWriter
import io.contractgen.runtime.PiiHandling
import io.contractgen.runtime.ShortestDouble
import java.io.File

/**
 * Runs the conformance corpus on the JVM: every case of `Conformance/cases`
 * through the generated driver (`make`), and `Conformance/doubles.json`
 * through the runtime's double writer. Prints each failure, then one line
 * `cases <passed>/<total>, doubles <passed>/<total>`; exits 1 on any failure.
 */
object ConformanceRunner {
    @JvmStatic
    fun run(casesDirectory: File, doubles: File, make: (String, Any?) -> io.contractgen.runtime.TrackedEvent): Boolean {
        var total = 0
        var passed = 0
        val files = casesDirectory.listFiles { file -> file.name.endsWith(".json") }!!.sortedBy { it.name }
        for (file in files) {
            val corpus = JsonReader.parse(file.readText(Charsets.UTF_8)) as Map<*, *>
            for (case in corpus["cases"] as List<*>) {
                case as Map<*, *>
                total++
                val name = case["name"] as String
                val problems = ArrayList<String>()
                try {
                    val event = make(case["event"] as String, case["arguments"])
                    compare(problems, "wire", case["wire"] as String, event.encodedJSON())
                    (case["withoutPii"] as? String)?.let { compare(problems, "withoutPii", it, event.encodedJSON(PiiHandling.REMOVE)) }
                    (case["redacted"] as? String)?.let { compare(problems, "redacted", it, event.encodedJSON(PiiHandling.REDACT)) }
                    val expected = (case["violations"] as List<*>).map { v -> v as Map<*, *>; "${v["path"]} ${v["code"]}: ${v["message"]}" }.toSet()
                    val found = event.violations.map { "${it.path} ${it.code}: ${it.message}" }.toSet()
                    if (expected != found) problems.add("violations: expected $expected, found $found")
                } catch (e: Exception) {
                    problems.add("threw $e")
                }
                if (problems.isEmpty()) passed++ else println("FAIL $name: ${problems.joinToString("; ")}")
            }
        }
        var doublesTotal = 0
        var doublesPassed = 0
        val table = JsonReader.parse(doubles.readText(Charsets.UTF_8)) as Map<*, *>
        for (entry in table["doubles"] as List<*>) {
            entry as Map<*, *>
            doublesTotal++
            val bits = java.lang.Long.parseUnsignedLong(entry["bits"] as String, 16)
            val text = ShortestDouble.format(java.lang.Double.longBitsToDouble(bits))
            if (text == entry["wire"]) doublesPassed++ else println("FAIL double ${entry["bits"]}: expected ${entry["wire"]}, wrote $text")
        }
        println("cases $passed/$total, doubles $doublesPassed/$doublesTotal")
        return passed == total && doublesPassed == doublesTotal && total > 0 && doublesTotal > 0
    }

    /**
     * `Conformance/globals.json` (docs/conformance.md, "Globals"): each case's event,
     * then its globals made through the generated globals class ([globals]) and
     * appended as a sink appends them (`CollectorSink.body`); compares the bytes
     * with consent granted and denied and as logs show them, and the globals'
     * violations. Prints `globals <passed>/<total>`.
     */
    @JvmStatic
    fun runGlobals(file: File, make: (String, Any?) -> io.contractgen.runtime.TrackedEvent, globals: (Any?) -> EventGlobals): Boolean {
        var total = 0
        var passed = 0
        val corpus = JsonReader.parse(file.readText(Charsets.UTF_8)) as Map<*, *>
        for (case in corpus["cases"] as List<*>) {
            case as Map<*, *>
            total++
            val problems = ArrayList<String>()
            try {
                val event = make(case["event"] as String, case["arguments"])
                // A global given as null is a nullable property left null: the same as not given.
                val given = globals((case["globals"] as Map<*, *>).filterValues { it != null })
                fun sent(pii: PiiHandling): String {
                    val writer = JsonWriter(pii, 512)
                    writer.beginObject()
                    event.writeMembers(writer)
                    given.writeMembers(writer)
                    writer.endObject()
                    return writer.toString()
                }
                compare(problems, "payload", case["payload"] as String, sent(PiiHandling.KEEP))
                compare(problems, "withoutPii", case["withoutPii"] as String, sent(PiiHandling.REMOVE))
                compare(problems, "redacted", case["redacted"] as String, sent(PiiHandling.REDACT))
                val expected = (case["violations"] as List<*>).map { v -> v as Map<*, *>; "${v["path"]} ${v["code"]}: ${v["message"]}" }.toSet()
                val found = given.violations().map { "${it.path} ${it.code}: ${it.message}" }.toSet()
                if (expected != found) problems.add("violations: expected $expected, found $found")
            } catch (e: Exception) {
                problems.add("threw $e")
            }
            if (problems.isEmpty()) passed++ else println("FAIL ${case["name"]}: ${problems.joinToString("; ")}")
        }
        println("globals $passed/$total")
        return passed == total && total > 0
    }

    private fun compare(problems: MutableList<String>, what: String, expected: String, written: String) {
        if (!expected.toByteArray(Charsets.UTF_8).contentEquals(written.toByteArray(Charsets.UTF_8))) {
            problems.add("$what: expected $expected, wrote $written")
        }
    }

    /** `main(cases directory, doubles.json, globals.json)`. */
    @JvmStatic
    fun main(args: Array<String>) {
        val make = { event: String, arguments: Any? -> contractgen.conformance.ConformanceDriver.make(event, arguments) }
        val ok = run(File(args[0]), File(args[1]), make)
        val globalsOk = runGlobals(File(args[2]), make) { arguments -> contractgen.conformance.ConformanceDriver.globals(arguments) }
        if (!ok || !globalsOk) System.exit(1)
    }
}
