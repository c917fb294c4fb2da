package test.fields

import contractgen.conformance.Conformance
import contractgen.conformance.ConformanceFields
import contractgen.conformance.Line
import contractgen.conformance.Price
import contractgen.conformance.Shade
import contractgen.conformance.Size
import java.math.BigDecimal

// Reads events' own fields back typed through the contract's field keys (KotlinFieldReadsTests):
// each value is declared with its type, so a key of another type does not compile.
object FieldReadsMain {
    @JvmStatic
    fun main(args: Array<String>) {
        val id = java.util.UUID.fromString("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6")
        val at = java.time.Instant.parse("2026-11-20T12:00:00.123Z")
        val line = Line("1234", Price(BigDecimal("1"), "EUR"))
        val install = java.util.UUID.fromString("0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c")
        val start = java.time.Instant.parse("2026-11-20T11:30:00Z")
        val event: Conformance.System = Conformance.everyType(
            text = "x", count = 9007199254740993L, ratio = 0.5, amount = BigDecimal("19.99"), flag = true, ref = id, at = at,
            size = Size.XL, line = line, lines = listOf(line), uuid = id, clientTimestamp = at, installId = install, sessionStart = start)
        val text: String? = event.field(ConformanceFields.text)
        val count: Long? = event.field(ConformanceFields.count)
        val ratio: Double? = event.field(ConformanceFields.ratio)
        val amount: BigDecimal? = event.field(ConformanceFields.amount)
        val flag: Boolean? = event.field(ConformanceFields.flag)
        val ref: java.util.UUID? = event.field(ConformanceFields.ref)
        val time: java.time.Instant? = event.field(ConformanceFields.at)
        val size: Size? = event.field(ConformanceFields.size)
        val lineJson: Map<String, Any?>? = event.field(ConformanceFields.line)
        val lines: List<Map<String, Any?>>? = event.field(ConformanceFields.lines)
        val absent: String? = event.field(ConformanceFields.email)
        println("text $text")
        println("count $count")
        println("ratio $ratio")
        println("amount $amount")
        println("flag $flag")
        println("ref $ref")
        println("at $time")
        println("size ${size?.name}")
        println("line $lineJson")
        println("lines $lines")
        println("absent $absent")
        val ids: List<Long>? = Conformance.constraints(ids = listOf(1L, 2L), uuid = id, clientTimestamp = at, installId = install, sessionStart = start).field(ConformanceFields.ids)
        println("ids $ids")
        val kind: String? = Conformance.shaded(install, start, Shade.DARK, 3L, "ann@example.com", id, at).field(ConformanceFields.email)
        println("email ${kind != null}")
    }
}
