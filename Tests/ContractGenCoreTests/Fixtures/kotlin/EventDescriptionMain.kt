package test.describe

import contractgen.conformance.Conformance
import contractgen.conformance.Shade

// Prints an event with a pii field (email) in every way Kotlin turns it into text,
// one form per line (KotlinTargetTests checks none shows the value).
object EventDescriptionMain {
    @JvmStatic
    fun main(args: Array<String>) {
        val id = java.util.UUID.fromString("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6")
        val at = java.time.Instant.parse("2026-11-20T12:00:00.123Z")
        // step 1001 is above the maximum: the event has a violation to show.
        val event = Conformance.shaded(shade = Shade.DARK, step = 1001L, email = "ann.secret@example.com", uuid = id, clientTimestamp = at,
            installId = java.util.UUID.fromString("0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c"), sessionStart = java.time.Instant.parse("2026-11-20T11:30:00Z"))
        println("toString " + event.toString())
        println("template $event")
        println("valueOf " + java.lang.String.valueOf(event))
        println("list " + listOf(event))
        val builder = StringBuilder()
        builder.append(event)
        println("builder $builder")
    }
}
